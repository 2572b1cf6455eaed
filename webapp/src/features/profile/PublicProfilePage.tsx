/**
 * /users/{uuid}: a contributor's public profile: name, member since, their approved
 * contributions, badges and public lists.
 */
import { useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { PageHeader } from '../../components/PageTitle';
import { RowLink } from '../../components/RowLink';
import { NotFound } from '../../components/NotFound';
import { Section } from '../../components/Section';
import { ErrorState, Loading, Skeleton } from '../../components/states';
import { to } from '../../config/routes';
import { formatDate, plural } from '../../lib/format';
import { BadgeCard, EarnedOn } from './BadgeCard';
import { Counts } from './Counts';
import type { ApprovedCounts, PublicProfile } from '../../api/types';
import { useGetPublicProfileQuery } from './profileApi';

export const PUBLIC_PROFILE_MESSAGES = {
  notFound: 'Profile not found',
} as const;

/**
 * No such profile: the server's 404 for an unknown user (or one without a public name), or its
 * 400 for an address that is not a uuid at all.
 */
function isUnknownUser(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_ERROR'));
}

function Contributions({ counts }: { counts: ApprovedCounts }) {
  if (counts.total === 0) return <p className="muted">No approved contributions yet.</p>;
  return (
    <Counts
      counts={[
        { term: 'Approved contributions', value: counts.total },
        { term: 'Artworks added', value: counts.artworks },
        { term: 'Photos', value: counts.photos },
        { term: 'Visits logged', value: counts.visits },
        { term: 'Edits', value: counts.edits },
      ]}
    />
  );
}

function Profile({ data }: { data: PublicProfile }) {
  const { badges, lists } = data;
  return (
    <>
      {data.created_at && formatDate(data.created_at) && (
        <p className="muted">Member since {formatDate(data.created_at)}</p>
      )}
      <Section titleId="public-contributions" title="Contributions">
        <Contributions counts={data.contributions} />
      </Section>
      <Section titleId="public-badges" title="Badges">
        {badges.length === 0 ? (
          <p className="muted">No badges yet.</p>
        ) : (
          <ul className="badge-grid" aria-label="Badges">
            {badges.map((b) => (
              <BadgeCard key={b.badge_id} badge={b}>
                <EarnedOn at={b.awarded_at} />
              </BadgeCard>
            ))}
          </ul>
        )}
      </Section>
      <Section titleId="public-lists" title="Lists">
        {lists.length === 0 ? (
          <p className="muted">No public lists.</p>
        ) : (
          <ul className="row-list" aria-label="Public lists">
            {lists.map((l) => (
              <RowLink key={l.id} to={to.list(l.id)} title={l.name} meta={plural(l.item_count, 'artwork')} />
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

export function PublicProfilePage() {
  const { uuid = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetPublicProfileQuery(uuid, { skip: !uuid });
  const notFound = !uuid || isUnknownUser(error);
  const name = data?.profile_name ?? `Contributor ${uuid.slice(0, 8)}`;
  const title = notFound ? PUBLIC_PROFILE_MESSAGES.notFound : isLoading || error ? 'Profile' : name;
  return (
    <div className="page page--narrow">
      <PageHeader title={title} documentTitle="Profile" />
      {notFound ? (
        <NotFound icon="profile" title="No one here" back={{ to: to.map(), label: 'Go to the map' }}>
          <p>There is no public profile at this address. The link may be mistyped, or the contributor has not chosen a profile name.</p>
        </NotFound>
      ) : isLoading ? (
        <Loading>
          <Skeleton lines={3} />
        </Loading>
      ) : error ? (
        <ErrorState title="Could not load this profile" error={error} onRetry={() => void refetch()} />
      ) : data ? (
        <Profile data={data} />
      ) : null}
    </div>
  );
}
