/**
 * /lists/{id}: the artworks saved in one list, most recently saved first, 50 a page (`?page`).
 * Its owner renames it (their own lists; the system lists keep their names), makes it public or
 * private, removes artworks and deletes it (their own lists, after a confirmation). A public list
 * has a link to share; someone else's private list is not found. Its walking tour: the length, the
 * map showing it, the GPX file (`ListTour`).
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
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
import { NotFound } from '../../components/NotFound';
import { DocumentTitle, PageHeader } from '../../components/PageTitle';
import { ShareButton } from '../../components/ShareButton';
import { Pagination } from '../../components/Pagination';
import { CardSkeletonGrid, EmptyState, ErrorState } from '../../components/states';
import { to } from '../../config/routes';
import { t as translate, useT } from '../../i18n';
import { announce } from '../../lib/announcer';
import { toastShown } from '../../lib/ui';
import { usePageParam } from '../../lib/urlParams';
import { ListTour } from './ListTour';
import './lists.css';

/** 404 (someone else's private list, or none), or an id that is not one (400). */
function isListMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || (error.status === 400 && errorField(error) !== 'page'));
}

export function ListPage() {
  const t = useT();
  const { id = '' } = useParams();
  const [page, goToPage] = usePageParam({ scrollToTop: true });
  const { data, error, isLoading, isFetching, refetch } = useGetListQuery({ id, page }, { skip: !id });

  if (isLoading) {
    return (
      <div className="page">
        <PageHeader title={t('lists.page.title')} />
        <CardSkeletonGrid label={t('lists.page.loading')} />
      </div>
    );
  }
  if (isListMissing(error) || !id) {
    return (
      <div className="page">
        <DocumentTitle title={t('lists.page.notFound')} />
        <NotFound icon="list" title={t('lists.page.notFound')} back={{ to: to.profile(), label: t('lists.page.yourLists') }}>
          <p>{t('lists.page.notFoundBody')}</p>
        </NotFound>
      </div>
    );
  }
  if (error || !data) {
    return (
      <div className="page">
        <PageHeader title={t('lists.page.title')} />
        <ErrorState title={t('lists.page.loadFailed')} error={error} onRetry={() => void refetch()} />
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
  const t = useT();
  const { list, items, pagination } = details;
  const dispatch = useAppDispatch();
  const [remove] = useRemoveFromListMutation();
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());

  const removeItem = async (a: ArtworkDto) => {
    if (removing.has(a.id)) return;
    const title = a.title || translate('lists.untitled');
    setRemoving((s) => new Set(s).add(a.id));
    try {
      await remove({ listId: list.id, artworkIds: [a.id] }).unwrap();
      announce(translate('lists.item.removed', { title, list: list.name }));
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: translate('lists.item.removeFailed', { title, error: errorMessage(e) }) }));
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
        subtitle={t('lists.summary', { count: list.item_count, visibility: list.public ? 'public' : 'private' })}
        actions={<ListActions list={list} />}
      />
      {list.owned && <VisibilitySwitch list={list} />}
      <ListTour list={list} />
      {items.length === 0 ? (
        page > 1 ? (
          <EmptyState
            icon="list"
            title={t('lists.page.nothingHere')}
            action={
              <button type="button" className="button button--filled" onClick={() => onPage(1)}>
                {t('lists.page.firstPage')}
              </button>
            }
          />
        ) : (
          <EmptyState icon="list" title={t('lists.page.empty')}>
            <p>{t(list.owned ? 'lists.page.emptyOwned' : 'lists.page.emptyOthers')}</p>
          </EmptyState>
        )
      ) : (
        <>
          <ul className="card-grid" aria-label={t('lists.page.artworks', { name: list.name })} aria-busy={isFetching || undefined}>
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
                      aria-label={t('lists.item.removeNamed', { title: a.title || t('lists.untitled') })}
                    >
                      <Icon name="close" size={18} /> {t('lists.item.remove')}
                    </button>
                  ) : undefined
                }
              />
            ))}
          </ul>
          <Pagination page={page} totalPages={pagination.total_pages} label={t('lists.page.pages')} onPage={onPage} />
        </>
      )}
    </div>
  );
}

/** Share (public lists), and for the owner: rename (own lists) and delete (own lists). */
function ListActions({ list }: { list: ListSummary }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [update, updating] = useUpdateListMutation();
  const [deleteList, deleting] = useDeleteListMutation();
  const [renaming, setRenaming] = useState(false);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const custom = list.kind === 'custom';

  const rename = async (name: string) => {
    setRenameError(null);
    try {
      await update({ id: list.id, name }).unwrap();
      setRenaming(false);
      dispatch(toastShown({ type: 'success', message: translate('lists.actions.renamed') }));
    } catch (e) {
      setRenameError(errorMessage(e));
    }
  };

  const remove = async () => {
    setConfirming(false);
    try {
      await deleteList(list.id).unwrap();
      dispatch(toastShown({ type: 'success', message: translate('lists.actions.deleted', { name: list.name }) }));
      void navigate(to.profile(), { replace: true });
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: translate('lists.actions.deleteFailed', { error: errorMessage(e) }) }));
    }
  };

  return (
    <>
      {list.public && (
        <ShareButton path={to.list(list.id)} title={list.name} />
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
            <Icon name="edit" size={18} /> {t('lists.actions.rename')}
          </button>
          <button type="button" className="button button--text" onClick={() => setConfirming(true)} disabled={deleting.isLoading}>
            <Icon name="delete" size={18} /> {t('lists.actions.delete')}
          </button>
        </>
      )}
      <PromptDialog
        open={renaming}
        title={t('lists.actions.renameTitle')}
        label={t('lists.name')}
        initialValue={list.name}
        validate={listNameError}
        confirmLabel={t('lists.actions.rename')}
        error={renameError}
        busy={updating.isLoading}
        onSubmit={(name) => void rename(name)}
        onCancel={() => setRenaming(false)}
      />
      <ConfirmDialog
        open={confirming}
        title={t('lists.actions.deleteTitle')}
        message={t('lists.actions.deleteMessage', { name: list.name, count: list.item_count })}
        confirmLabel={t('common.delete')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** Public (anyone with the link) or private (the owner only), changed at once. */
function VisibilitySwitch({ list }: { list: ListSummary }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [update] = useUpdateListMutation();
  const name = list.kind === 'custom' ? list.name : SYSTEM_LIST_NAMES[list.kind];
  const change = async (isPublic: boolean) => {
    try {
      await update({ id: list.id, public: isPublic }).unwrap();
      announce(translate(isPublic ? 'lists.visibility.nowPublic' : 'lists.visibility.nowPrivate', { name }));
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: translate('lists.visibility.changeFailed', { error: errorMessage(e) }) }));
    }
  };
  return (
    <div className="list-visibility">
      <button type="button" role="switch" aria-checked={list.public} className="switch" onClick={() => void change(!list.public)}>
        <span className="switch__track" aria-hidden="true" />
        {t('lists.visibility.public')}
      </button>
      <span className="muted small">
        {t(list.public ? 'lists.visibility.publicHint' : 'lists.visibility.privateHint')}
      </span>
    </div>
  );
}
