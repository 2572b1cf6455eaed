/**
 * /profile/badges (the badge toast's target): the badges earned, newest first, with why and
 * when; then the ones still to earn, with what earns each and how many contributors hold it.
 */
import { selectIsAuthenticated } from '../../api/session';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageTitle';
import { Section } from '../../components/Section';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../components/states';
import { BadgeCard, EarnedOn, heldBy } from './BadgeCard';
import { useGetAllBadgesQuery, useGetMyBadgesQuery } from './profileApi';
import { SignInRequired } from './SignInRequired';

export function BadgesPage() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const mine = useGetMyBadgesQuery(undefined, { skip: !signedIn });
  const all = useGetAllBadgesQuery(undefined, { skip: !signedIn });
  const earned = new Set((mine.data ?? []).map((b) => b.badge_key));
  const toEarn = (all.data ?? []).filter((b) => !earned.has(b.badge_key));
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
        <ErrorState title="Could not load your badges" error={mine.error} onRetry={() => void mine.refetch()} />
      ) : (
        <>
          {(mine.data ?? []).length === 0 ? (
            <EmptyState icon="badge" title="No badges yet">
              <p>Add a photo or log a visit to earn your first one.</p>
            </EmptyState>
          ) : (
            <Section titleId="badges-earned" title="Earned">
              <ul className="badge-grid" aria-label="Your badges">
                {(mine.data ?? []).map((b) => (
                  <BadgeCard key={b.badge_id} badge={b}>
                    {b.award_reason && <p className="badge-card__text muted small">{b.award_reason}</p>}
                    <EarnedOn at={b.awarded_at} />
                  </BadgeCard>
                ))}
              </ul>
            </Section>
          )}
          {toEarn.length > 0 && (
            <Section titleId="badges-to-earn" title="Still to earn">
              <ul className="badge-grid" aria-label="Badges still to earn">
                {toEarn.map((b) => (
                  <BadgeCard key={b.badge_id} badge={b} locked>
                    {b.award_reason && <p className="badge-card__text small">To earn: {b.award_reason}</p>}
                    <p className="badge-card__text muted small">{heldBy(b.award_count)}</p>
                  </BadgeCard>
                ))}
              </ul>
            </Section>
          )}
        </>
      )}
    </div>
  );
}
