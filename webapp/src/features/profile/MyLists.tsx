/**
 * /profile's "Lists": the caller's lists (Loved, Visited and Want to see first, then their own),
 * each with its count and a link to its page, and a form that starts a new one. Anyone has
 * lists, signed in or not.
 */
import { useGetMyListsQuery } from '../../api/listsApi';
import { NewListForm } from '../../components/NewListForm';
import { RowLink } from '../../components/RowLink';
import { to } from '../../config/routes';
import { t as translate, useT } from '../../i18n';
import { announce } from '../../lib/announcer';
import { ProfileSection } from './ProfileSection';

export function MyLists() {
  const t = useT();
  const { data, error, isLoading, refetch } = useGetMyListsQuery();
  return (
    <ProfileSection
      of="lists"
      query={{ isLoading, error, refetch }}
      lines={3}
      failed={Boolean(error) || !data}
      after={
        <NewListForm
          label={t('lists.name')}
          submitLabel={t('profile.lists.create')}
          offerPublic
          onCreated={({ name }) => announce(translate('profile.lists.created', { name }))}
        />
      }
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
    </ProfileSection>
  );
}
