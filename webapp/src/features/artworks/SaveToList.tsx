/**
 * The artwork page's "Save to list…": a dialog with the caller's own lists, each a checkbox
 * (checked when it holds the artwork) that saves or removes it at once, and a name field that
 * creates a list and saves the artwork to it. Escape or Close closes it, focus returns to the button.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import {
  useAddToListMutation,
  useGetMyListsQuery,
  useGetSavedQuery,
  useRemoveFromListMutation,
} from '../../api/listsApi';
import type { ListSummary } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { NewListForm, type CreatedList } from '../../components/NewListForm';
import { Loading, Skeleton } from '../../components/states';
import { announce } from '../../lib/announcer';
import { plural } from '../../lib/format';
import { useBusyKeys } from '../../lib/hooks';
import { toastShown } from '../../lib/ui';

export function SaveToList({ artworkId, title }: { artworkId: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--outlined" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Icon name="playlistAdd" size={18} /> Save to list…
      </button>
      <Dialog open={open} title="Save to list" onClose={() => setOpen(false)} size="small">
        <SaveToListBody artworkId={artworkId} title={title} />
      </Dialog>
    </>
  );
}

function SaveToListBody({ artworkId, title }: { artworkId: string; title: string }) {
  const dispatch = useAppDispatch();
  const lists = useGetMyListsQuery();
  const saved = useGetSavedQuery(artworkId);
  const [add] = useAddToListMutation();
  const [remove] = useRemoveFromListMutation();
  const [busy, setBusyList] = useBusyKeys<string>();
  const own = (lists.data ?? []).filter((l) => l.kind === 'custom');
  const holding = new Set(saved.data?.in_lists ?? []);

  const toggle = async (list: ListSummary, save: boolean) => {
    if (busy.has(list.id)) return;
    setBusyList(list.id, true);
    try {
      if (save) {
        await add({ listId: list.id, artworkId }).unwrap();
        announce(`Saved to ${list.name}`);
      } else {
        await remove({ listId: list.id, artworkIds: [artworkId] }).unwrap();
        announce(`Removed from ${list.name}`);
      }
    } catch (e) {
      const what = save ? `Could not save it to ${list.name}` : `Could not remove it from ${list.name}`;
      dispatch(toastShown({ type: 'error', message: `${what}: ${errorMessage(e)}` }));
    } finally {
      setBusyList(list.id, false);
    }
  };

  const created = async (list: CreatedList) => {
    try {
      await add({ listId: list.id, artworkId }).unwrap();
      dispatch(toastShown({ type: 'success', message: `Saved to ${list.name}` }));
      announce(`Created ${list.name} and saved ${title} to it`);
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: `Created ${list.name}, but could not save it there: ${errorMessage(e)}` }));
    }
  };

  return (
    <div className="save-to-list">
      <fieldset className="fieldset save-to-list__lists" aria-busy={lists.isFetching || undefined}>
        <legend>Your lists</legend>
        {lists.isLoading || (saved.isLoading && !saved.isError) ? (
          <Loading label="Loading your lists…">
            <Skeleton lines={3} />
          </Loading>
        ) : lists.error ? (
          <p className="field__error" role="alert">
            Your lists could not be loaded: {errorMessage(lists.error)}
          </p>
        ) : own.length === 0 ? (
          <p className="muted">You have no lists of your own yet. Name one below to start it with this artwork.</p>
        ) : (
          <ul className="save-to-list__items">
            {own.map((l) => (
              <li key={l.id}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={holding.has(l.id)}
                    aria-busy={busy.has(l.id) || undefined}
                    onChange={(e) => void toggle(l, e.target.checked)}
                  />{' '}
                  {l.name}
                </label>{' '}
                <span className="muted small">
                  {plural(l.item_count, 'artwork')}
                  {l.public ? ' · Public' : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <NewListForm label="New list name" submitLabel="Create and save" onCreated={created} />
    </div>
  );
}
