/** /profile/badges: badges earned, and the ones still to earn. */
import { selectIsAuthenticated } from '../../api/session';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageTitle';
import { QueryFailure } from '../../components/QueryFailure';
import { EmptyState, Loading, Skeleton } from '../../components/states';
import { formatDate } from '../../lib/format';
import { useGetAllBadgesQuery, useGetMyBadgesQuery } from './profileApi';
import { SignInRequired } from './SignInRequired';

export function BadgesPage() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const mine = useGetMyBadgesQuery(undefined, { skip: !signedIn });
  const all = useGetAllBadgesQuery(undefined, { skip: !signedIn });
  const earned = new Set((mine.data ?? []).map((b) => b.badge_key));
  return (
    <div className="page page--narrow">
      <PageHeader title="Badges" />
      {!signedIn ? (
        <SignInRequired title="Sign in to collect badges">
          <p>Badges celebrate your contributions: first photo, first discovery, and more.</p>
        </SignInRequired>
      ) : mine.isLoading ? (
        <Loading label="Loading badges…">
          <Skeleton lines={4} />
        </Loading>
      ) : mine.error ? (
        <QueryFailure
          error={mine.error}
          onRetry={() => void mine.refetch()}
          title="Could not load your badges"
          icon="badge"
          unavailableTitle="Badges aren’t available on this server yet"
          unavailableText={<p>Badges you earn will be shown here.</p>}
        />
      ) : (
        <>
          {(mine.data ?? []).length === 0 ? (
            <EmptyState icon="badge" title="No badges yet">
              <p>Add a photo or log a visit to earn your first one.</p>
            </EmptyState>
          ) : (
            <ul className="badge-grid" aria-label="Your badges">
              {(mine.data ?? []).map((b) => (
                <li key={b.badge_id} className="badge-card">
                  <span className="badge-card__emoji" aria-hidden="true">
                    {b.icon_emoji ?? '🏅'}
                  </span>
                  <span className="badge-card__title">{b.title}</span>
                  {b.award_reason && <span className="muted small">{b.award_reason}</span>}
                  {b.awarded_at && <span className="muted small">{formatDate(b.awarded_at)}</span>}
                </li>
              ))}
            </ul>
          )}
          {all.data && all.data.some((b) => !earned.has(b.badge_key)) && (
            <section className="section">
              <h2 className="section__title">Still to earn</h2>
              <ul className="badge-grid">
                {all.data
                  .filter((b) => !earned.has(b.badge_key))
                  .map((b) => (
                    <li key={b.badge_id} className="badge-card badge-card--locked">
                      <span className="badge-card__emoji" aria-hidden="true">
                        {b.icon_emoji ?? '🏅'}
                      </span>
                      <span className="badge-card__title">{b.title}</span>
                      {b.description && <span className="muted small">{b.description}</span>}
                    </li>
                  ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
