/**
 * /profile/badges (the badge toast's target): the badges earned, newest first, with why and
 * when; then the ones still to earn, with what earns each and how many contributors hold it.
 */
import { selectIsAuthenticated } from '../../api/session';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageTitle';
import { Section } from '../../components/Section';
import { SignInRequired } from '../../components/SignInRequired';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../components/states';
import { useT } from '../../i18n';
import { BadgeCard, EarnedOn } from './BadgeCard';
import { useGetAllBadgesQuery, useGetMyBadgesQuery } from './profileApi';

export function BadgesPage() {
  const t = useT();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const mine = useGetMyBadgesQuery(undefined, { skip: !signedIn });
  const all = useGetAllBadgesQuery(undefined, { skip: !signedIn });
  const earned = new Set((mine.data ?? []).map((b) => b.badge_key));
  const toEarn = (all.data ?? []).filter((b) => !earned.has(b.badge_key));
  return (
    <div className="page page--narrow">
      <PageHeader title={t('profile.badges.title')} />
      {!signedIn ? (
        <SignInRequired title={t('profile.badges.signInTitle')} label={t('profile.signIn')}>
          <p>{t('profile.badges.signInBody')}</p>
        </SignInRequired>
      ) : mine.isLoading ? (
        <Loading label={t('profile.badges.loading')}>
          <Skeleton lines={4} />
        </Loading>
      ) : mine.error ? (
        <ErrorState title={t('profile.badges.loadFailed')} error={mine.error} onRetry={() => void mine.refetch()} />
      ) : (
        <>
          {(mine.data ?? []).length === 0 ? (
            <EmptyState icon="badge" title={t('profile.badges.emptyTitle')}>
              <p>{t('profile.badges.emptyBody')}</p>
            </EmptyState>
          ) : (
            <Section titleId="badges-earned" title={t('profile.badges.earned')}>
              <ul className="badge-grid" aria-label={t('profile.badges.yours')}>
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
            <Section titleId="badges-to-earn" title={t('profile.badges.toEarn')}>
              <ul className="badge-grid" aria-label={t('profile.badges.toEarnList')}>
                {toEarn.map((b) => (
                  <BadgeCard key={b.badge_id} badge={b} locked>
                    {b.award_reason && <p className="badge-card__text small">{t('profile.badges.toEarnReason', { reason: b.award_reason })}</p>}
                    <p className="badge-card__text muted small">{t('profile.badges.heldBy', { count: b.award_count })}</p>
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
