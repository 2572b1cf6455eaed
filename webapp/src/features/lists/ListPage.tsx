/**
 * /lists/{id}: the artworks saved in one list, most recently saved first, 50 a page (`?page`).
 * Its owner renames it (their own lists; the system lists keep their names), makes it public or
 * private, removes artworks and deletes it (their own lists, after a confirmation). A public list
 * has a link to copy; someone else's private list is not found. Its walking tour: the length, the
 * map showing it, the GPX file (`ListTour`).
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorField, errorMessage, isApiError } from '../../api/errors';
import {
  listNameError,
  SYSTEM_LIST_NAMES,
  useDeleteListMutation,
  useGetListQuery,
  useRemoveFromListMutation,
  useUpdateListMutation,
} from '../../api/listsApi';
import type { ArtworkDto, ListDetails, ListSummary } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { ArtworkCard } from '../../components/ArtworkCard';
import { ConfirmDialog, PromptDialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { DocumentTitle, PageHeader } from '../../components/PageTitle';
import { Pagination } from '../../components/Pagination';
import { CardSkeletonGrid, EmptyState, ErrorState } from '../../components/states';
import { to } from '../../config/routes';
import { announce } from '../../lib/announcer';
import { plural } from '../../lib/format';
import { toastShown } from '../../lib/ui';
import { usePageParam } from '../../lib/urlParams';
import { ListTour } from './ListTour';
import './lists.css';

export const LIST_NOT_FOUND = 'List not found';

/** 404 (someone else's private list, or none), or an id that is not one (400). */
function isListMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || (error.status === 400 && errorField(error) !== 'page'));
}

export function ListPage() {
  const { id = '' } = useParams();
  const [page, goToPage] = usePageParam({ scrollToTop: true });
  const { data, error, isLoading, isFetching, refetch } = useGetListQuery({ id, page }, { skip: !id });

  if (isLoading) {
    return (
      <div className="page">
        <PageHeader title="List" />
        <CardSkeletonGrid label="Loading list…" />
      </div>
    );
  }
  if (isListMissing(error) || !id) {
    return (
      <div className="page">
        <DocumentTitle title={LIST_NOT_FOUND} />
        <EmptyState
          icon="list"
          title={LIST_NOT_FOUND}
          action={
            <Link className="button button--filled" to={to.profile()}>
              Your lists
            </Link>
          }
        >
          <p>This list does not exist, or its owner keeps it private.</p>
        </EmptyState>
      </div>
    );
  }
  if (error || !data) {
    return (
      <div className="page">
        <PageHeader title="List" />
        <ErrorState title="Could not load this list" error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  return <ListView details={data} page={page} onPage={goToPage} isFetching={isFetching} />;
}

function ListView({
  details,
  page,
  onPage,
  isFetching,
}: {
  details: ListDetails;
  page: number;
  onPage: (page: number) => void;
  isFetching: boolean;
}) {
  const { list, items, pagination } = details;
  const dispatch = useAppDispatch();
  const [remove] = useRemoveFromListMutation();
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());

  const removeItem = async (a: ArtworkDto) => {
    if (removing.has(a.id)) return;
    const title = a.title || 'Untitled';
    setRemoving((s) => new Set(s).add(a.id));
    try {
      await remove({ listId: list.id, artworkIds: [a.id] }).unwrap();
      announce(`Removed ${title} from ${list.name}`);
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: `Could not remove ${title}: ${errorMessage(e)}` }));
    } finally {
      setRemoving((s) => {
        const next = new Set(s);
        next.delete(a.id);
        return next;
      });
    }
  };

  return (
    <div className="page">
      <PageHeader
        title={list.name}
        subtitle={
          <>
            {plural(list.item_count, 'artwork')} · {list.public ? 'Public' : 'Private'}
          </>
        }
        actions={<ListActions list={list} />}
      />
      {list.owned && <VisibilitySwitch list={list} />}
      <ListTour list={list} />
      {items.length === 0 ? (
        page > 1 ? (
          <EmptyState
            icon="list"
            title="Nothing on this page"
            action={
              <button type="button" className="button button--filled" onClick={() => onPage(1)}>
                Go to the first page
              </button>
            }
          />
        ) : (
          <EmptyState icon="list" title="This list is empty">
            <p>{list.owned ? 'Save artworks to it from their pages or from the map.' : 'Nothing has been saved to it yet.'}</p>
          </EmptyState>
        )
      ) : (
        <>
          <ul className="card-grid" aria-label={`Artworks in ${list.name}`} aria-busy={isFetching || undefined}>
            {items.map((a) => (
              <ArtworkCard
                key={a.id}
                artwork={a}
                action={
                  list.owned ? (
                    <button
                      type="button"
                      className="button button--text button--small list-item__remove"
                      onClick={() => void removeItem(a)}
                      disabled={removing.has(a.id)}
                      aria-label={`Remove ${a.title || 'Untitled'} from this list`}
                    >
                      <Icon name="close" size={18} /> Remove
                    </button>
                  ) : undefined
                }
              />
            ))}
          </ul>
          <Pagination page={page} totalPages={pagination.total_pages} label="List pages" onPage={onPage} />
        </>
      )}
    </div>
  );
}

/** Copy link (public lists), and for the owner: rename (own lists) and delete (own lists). */
function ListActions({ list }: { list: ListSummary }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [update, updating] = useUpdateListMutation();
  const [deleteList, deleting] = useDeleteListMutation();
  const [renaming, setRenaming] = useState(false);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const custom = list.kind === 'custom';

  const copyLink = async () => {
    const url = `${window.location.origin}${to.list(list.id)}`;
    try {
      await navigator.clipboard.writeText(url);
      dispatch(toastShown({ type: 'success', message: 'Link copied' }));
    } catch {
      dispatch(toastShown({ type: 'error', message: `Could not copy the link: ${url}` }));
    }
  };

  const rename = async (name: string) => {
    setRenameError(null);
    try {
      await update({ id: list.id, name }).unwrap();
      setRenaming(false);
      dispatch(toastShown({ type: 'success', message: 'List renamed' }));
    } catch (e) {
      setRenameError(errorMessage(e));
    }
  };

  const remove = async () => {
    setConfirming(false);
    try {
      await deleteList(list.id).unwrap();
      dispatch(toastShown({ type: 'success', message: `Deleted ${list.name}` }));
      void navigate(to.profile(), { replace: true });
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: `Could not delete the list: ${errorMessage(e)}` }));
    }
  };

  return (
    <>
      {list.public && (
        <button type="button" className="button button--outlined" onClick={() => void copyLink()}>
          <Icon name="copy" size={18} /> Copy link
        </button>
      )}
      {list.owned && custom && (
        <>
          <button
            type="button"
            className="button button--outlined"
            onClick={() => {
              setRenameError(null);
              setRenaming(true);
            }}
          >
            <Icon name="edit" size={18} /> Rename
          </button>
          <button type="button" className="button button--text" onClick={() => setConfirming(true)} disabled={deleting.isLoading}>
            <Icon name="delete" size={18} /> Delete list
          </button>
        </>
      )}
      <PromptDialog
        open={renaming}
        title="Rename list"
        label="List name"
        initialValue={list.name}
        validate={listNameError}
        confirmLabel="Rename"
        error={renameError}
        busy={updating.isLoading}
        onSubmit={(name) => void rename(name)}
        onCancel={() => setRenaming(false)}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete this list?"
        message={`“${list.name}” and the ${plural(list.item_count, 'artwork')} saved in it will be gone. The artworks themselves stay.`}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** Public (anyone with the link) or private (the owner only), changed at once. */
function VisibilitySwitch({ list }: { list: ListSummary }) {
  const dispatch = useAppDispatch();
  const [update] = useUpdateListMutation();
  const name = list.kind === 'custom' ? list.name : SYSTEM_LIST_NAMES[list.kind];
  const change = async (isPublic: boolean) => {
    try {
      await update({ id: list.id, public: isPublic }).unwrap();
      announce(isPublic ? `${name} is public: anyone with its link can see it` : `${name} is private`);
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: `Could not change who can see the list: ${errorMessage(e)}` }));
    }
  };
  return (
    <div className="list-visibility">
      <button type="button" role="switch" aria-checked={list.public} className="switch" onClick={() => void change(!list.public)}>
        <span className="switch__track" aria-hidden="true" />
        Public
      </button>
      <span className="muted small">
        {list.public ? 'Anyone with its link can see this list.' : 'Only you can see this list.'}
      </span>
    </div>
  );
}
