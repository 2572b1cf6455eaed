/**
 * /profile's "Lists": the caller's lists (Loved, Visited and Want to see first, then their own),
 * each with its count and a link to its page, and a form that starts a new one. Anyone has
 * lists, signed in or not.
 */
import { useGetMyListsQuery } from '../../api/listsApi';
import { NewListForm } from '../../components/NewListForm';
import { RowLink } from '../../components/RowLink';
import { Section } from '../../components/Section';
import { QueryState } from '../../components/states';
import { to } from '../../config/routes';
import { t as translate, useT } from '../../i18n';
import { announce } from '../../lib/announcer';

export function MyLists() {
  const t = useT();
  const { data, error, isLoading, refetch } = useGetMyListsQuery();
  return (
    <Section titleId="my-lists-title" title={t('profile.lists.title')}>
      <QueryState
        query={{ isLoading, error, refetch }}
        loadingLabel={t('profile.lists.loading')}
        lines={3}
        failed={Boolean(error) || !data}
        failedTitle={t('profile.lists.loadFailed')}
      >
        <ul className="row-list" aria-label={t('profile.lists.list')}>
          {data?.map((l) => (
            <RowLink
              key={l.id}
              to={to.list(l.id)}
              title={l.name}
              meta={t('lists.summary', { count: l.item_count, visibility: l.public ? 'public' : 'private' })}
            />
          ))}
        </ul>
      </QueryState>
      <NewListForm
        label={t('lists.name')}
        submitLabel={t('profile.lists.create')}
        offerPublic
        onCreated={({ name }) => announce(translate('profile.lists.created', { name }))}
      />
    </Section>
  );
}
