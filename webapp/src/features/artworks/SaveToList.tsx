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
import { useT } from '../../i18n';
import { useBusyKeys } from '../../lib/hooks';
import { toastShown } from '../../lib/ui';

export function SaveToList({ artworkId, title }: { artworkId: string; title: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--outlined" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Icon name="playlistAdd" size={18} /> {t('artworks.saveToList.button')}
      </button>
      <Dialog open={open} title={t('artworks.saveToList.title')} onClose={() => setOpen(false)} size="small">
        <SaveToListBody artworkId={artworkId} title={title} />
      </Dialog>
    </>
  );
}

function SaveToListBody({ artworkId, title }: { artworkId: string; title: string }) {
  const t = useT();
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
        announce(t('artworks.saveToList.saved', { list: list.name }));
      } else {
        await remove({ listId: list.id, artworkIds: [artworkId] }).unwrap();
        announce(t('artworks.saveToList.removed', { list: list.name }));
      }
    } catch (e) {
      const values = { list: list.name, error: errorMessage(e) };
      const message = save ? t('artworks.saveToList.saveFailed', values) : t('artworks.saveToList.removeFailed', values);
      dispatch(toastShown({ type: 'error', message }));
    } finally {
      setBusyList(list.id, false);
    }
  };

  const created = async (list: CreatedList) => {
    try {
      await add({ listId: list.id, artworkId }).unwrap();
      dispatch(toastShown({ type: 'success', message: t('artworks.saveToList.saved', { list: list.name }) }));
      announce(t('artworks.saveToList.created', { list: list.name, title }));
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: t('artworks.saveToList.createdNotSaved', { list: list.name, error: errorMessage(e) }) }));
    }
  };

  return (
    <div className="save-to-list">
      <fieldset className="fieldset save-to-list__lists" aria-busy={lists.isFetching || undefined}>
        <legend>{t('artworks.saveToList.yourLists')}</legend>
        {lists.isLoading || (saved.isLoading && !saved.isError) ? (
          <Loading label={t('artworks.saveToList.loading')}>
            <Skeleton lines={3} />
          </Loading>
        ) : lists.error ? (
          <p className="field__error" role="alert">
            {t('artworks.saveToList.loadFailed', { error: errorMessage(lists.error) })}
          </p>
        ) : own.length === 0 ? (
          <p className="muted">{t('artworks.saveToList.none')}</p>
        ) : (
          <ul className="save-to-list__items stack-list">
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
                  {t('common.artworks', { count: l.item_count })}
                  {l.public ? ` · ${t('artworks.saveToList.public')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <NewListForm label={t('artworks.saveToList.newName')} submitLabel={t('artworks.saveToList.create')} onCreated={created} />
    </div>
  );
}
