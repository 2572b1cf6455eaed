/** /users/{uuid}: a contributor's public profile. */
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageTitle';
import { QueryFailure } from '../../components/QueryFailure';
import { Loading, Skeleton } from '../../components/states';
import { formatDate, plural } from '../../lib/format';
import { useGetPublicProfileQuery } from './profileApi';

export function PublicProfilePage() {
  const { uuid = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetPublicProfileQuery(uuid, { skip: !uuid });
  const name = data?.profile_name ?? `Contributor ${uuid.slice(0, 8)}`;
  return (
    <div className="page page--narrow">
      <PageHeader title={isLoading ? 'Profile' : name} documentTitle="Profile" />
      {isLoading ? (
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
        <section className="section">
          {data.created_at && <p className="muted">Contributing since {formatDate(data.created_at)}</p>}
          {typeof data.submissions_count === 'number' && <p>{plural(data.submissions_count, 'approved submission')}</p>}
          {data.badges && data.badges.length > 0 && (
            <ul className="badge-grid" aria-label="Badges">
              {data.badges.map((b) => (
                <li key={b.badge_id} className="badge-card">
                  <span className="badge-card__emoji" aria-hidden="true">
                    {b.icon_emoji ?? '🏅'}
                  </span>
                  <span className="badge-card__title">{b.title}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
