/**
 * /users/{uuid}: a contributor's public profile: name, member since, their approved
 * contributions, badges and public lists.
 */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { PageHeader } from '../../components/PageTitle';
import { RowLink } from '../../components/RowLink';
import { NotFound } from '../../components/NotFound';
import { Section } from '../../components/Section';
import { ErrorState, Loading, Skeleton } from '../../components/states';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/format';
import { BadgeCard, EarnedOn } from './BadgeCard';
import { APPROVED_TERMS, countRows, Counts } from './Counts';
import type { ApprovedCounts, PublicProfile } from '../../api/types';
import { useGetPublicProfileQuery } from './profileApi';

/**
 * No such profile: the server's 404 for an unknown user (or one without a public name), or its
 * 400 for an address that is not a uuid at all.
 */
function isUnknownUser(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_ERROR'));
}

function Contributions({ counts }: { counts: ApprovedCounts }) {
  const t = useT();
  if (counts.total === 0) return <p className="muted">{t('profile.public.noContributions')}</p>;
  return (
    <Counts counts={[{ term: t('profile.stats.approvedContributions'), value: counts.total }, ...countRows(t, counts, APPROVED_TERMS)]} />
  );
}

/** `items` as a list (`className`, named `label`), each as `children` draws it; or, with none, `none`. */
function ListOrNone<T>({
  items,
  none,
  className,
  label,
  children,
}: {
  items: readonly T[];
  none: string;
  className: string;
  label: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="muted">{none}</p>;
  return (
    <ul className={className} aria-label={label}>
      {items.map((item) => children(item))}
    </ul>
  );
}

function Profile({ data }: { data: PublicProfile }) {
  const t = useT();
  const { badges, lists } = data;
  return (
    <>
      {data.created_at && formatDate(data.created_at) && (
        <p className="muted">{t('profile.memberSince', { date: formatDate(data.created_at) })}</p>
      )}
      <Section titleId="public-contributions" title={t('profile.public.contributions')}>
        <Contributions counts={data.contributions} />
      </Section>
      <Section titleId="public-badges" title={t('profile.badges.title')}>
        <ListOrNone items={badges} none={t('profile.public.noBadges')} className="badge-grid" label={t('profile.badges.title')}>
          {(b) => (
            <BadgeCard key={b.badge_id} badge={b}>
              <EarnedOn at={b.awarded_at} />
            </BadgeCard>
          )}
        </ListOrNone>
      </Section>
      <Section titleId="public-lists" title={t('profile.lists.title')}>
        <ListOrNone items={lists} none={t('profile.public.noLists')} className="row-list" label={t('profile.public.lists')}>
          {(l) => <RowLink key={l.id} to={to.list(l.id)} title={l.name} meta={t('common.artworks', { count: l.item_count })} />}
        </ListOrNone>
      </Section>
    </>
  );
}

export function PublicProfilePage() {
  const t = useT();
  const { uuid = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetPublicProfileQuery(uuid, { skip: !uuid });
  const notFound = !uuid || isUnknownUser(error);
  const name = data?.profile_name ?? t('profile.public.unnamed', { id: uuid.slice(0, 8) });
  const title = notFound ? t('profile.public.notFound') : isLoading || error ? t('profile.page.documentTitle') : name;
  return (
    <div className="page page--narrow">
      <PageHeader title={title} documentTitle={t('profile.page.documentTitle')} />
      {notFound ? (
        <NotFound icon="profile" title={t('profile.public.noOne')} back={{ to: to.map(), label: t('profile.public.goToMap') }}>
          <p>{t('profile.public.noOneBody')}</p>
        </NotFound>
      ) : isLoading ? (
        <Loading>
          <Skeleton lines={3} />
        </Loading>
      ) : error ? (
        <ErrorState title={t('profile.public.loadFailed')} error={error} onRetry={() => void refetch()} />
      ) : data ? (
        <Profile data={data} />
      ) : null}
    </div>
  );
}
