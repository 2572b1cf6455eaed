/** /users/{uuid}: a contributor's public profile: name, member since, badges. */
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { PageHeader } from '../../components/PageTitle';
import { isRouteMissing, QueryFailure } from '../../components/QueryFailure';
import { EmptyState, Loading, Skeleton } from '../../components/states';
import { to } from '../../config/routes';
import { formatDate } from '../../lib/format';
import { useGetPublicProfileQuery } from './profileApi';

export const PUBLIC_PROFILE_MESSAGES = {
  notFound: 'Profile not found',
} as const;

/**
 * No such profile: the server's 404 for an unknown user (or one without a public name), not a
 * missing route; or its 400 for an address that is not a uuid at all.
 */
function isUnknownUser(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 404) return !isRouteMissing(error);
  return error.status === 400 && error.code === 'VALIDATION_ERROR';
}

export function PublicProfilePage() {
  const { uuid = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetPublicProfileQuery(uuid, { skip: !uuid });
  const notFound = !uuid || isUnknownUser(error);
  const name = data?.profile_name ?? `Contributor ${uuid.slice(0, 8)}`;
  const title = notFound ? PUBLIC_PROFILE_MESSAGES.notFound : isLoading || error ? 'Profile' : name;
  const badges = data?.badges ?? [];
  return (
    <div className="page page--narrow">
      <PageHeader title={title} documentTitle="Profile" />
      {notFound ? (
        <EmptyState
          icon="profile"
          title="No one here"
          action={
            <Link className="button button--filled" to={to.map()}>
              Go to the map
            </Link>
          }
        >
          <p>There is no public profile at this address. The link may be mistyped, or the contributor has not chosen a profile name.</p>
        </EmptyState>
      ) : isLoading ? (
        <Loading>
          <Skeleton lines={3} />
        </Loading>
      ) : error ? (
        <QueryFailure
          error={error}
          onRetry={() => void refetch()}
          title="Could not load this profile"
          unavailableTitle="Public profiles aren’t available on this server yet"
          unavailableText={<p>Contributors’ badges and submissions will be shown here.</p>}
        />
      ) : data ? (
        <>
          <section className="section">
            {data.created_at && formatDate(data.created_at) && <p className="muted">Member since {formatDate(data.created_at)}</p>}
          </section>
          <section className="section">
            <h2 className="section__title">Badges</h2>
            {badges.length === 0 ? (
              <p className="muted">No badges yet.</p>
            ) : (
              <ul className="badge-grid" aria-label="Badges">
                {badges.map((b) => (
                  <li key={b.badge_id} className="badge-card">
                    <span className="badge-card__emoji" aria-hidden="true">
                      🏅
                    </span>
                    <span className="badge-card__title">{b.title}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
