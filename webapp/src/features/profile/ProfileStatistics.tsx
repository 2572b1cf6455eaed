/**
 * /profile's "Statistics" (GET /me/profile `statistics`): the caller's submissions by state,
 * what of their work was approved, and their badges, with a link to /profile/badges.
 */
import { Link } from 'react-router';
import type { MyProfile, Statistics } from '../../api/types';
import { to } from '../../config/routes';
import { useT, type MessageKey } from '../../i18n';
import { APPROVED_TERMS, countRows, Counts } from './Counts';
import { ProfileSection } from './ProfileSection';

const SUBMISSION_TERMS = [
  ['pending', 'profile.stats.pending'],
  ['approved', 'profile.stats.approved'],
  ['rejected', 'profile.stats.rejected'],
  ['withdrawn', 'profile.stats.withdrawn'],
] as const satisfies ReadonlyArray<readonly [keyof Statistics['submissions'], MessageKey]>;

export function ProfileStatistics({
  profile,
  isLoading,
  error,
  onRetry,
}: {
  profile: MyProfile | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const t = useT();
  const stats = profile?.statistics;
  return (
    <ProfileSection
      of="statistics"
      query={{ isLoading, error, refetch: onRetry }}
      lines={2}
      // A failed refresh keeps the statistics already read on screen.
      failed={Boolean(error) && !stats}
    >
      {!stats ? (
        <p className="muted">{t('profile.stats.unavailable')}</p>
      ) : (
        <>
          <h3 className="section__subtitle">{t('profile.submissions.title')}</h3>
          <Counts counts={countRows(t, stats.submissions, SUBMISSION_TERMS)} />
          <h3 className="section__subtitle">{t('profile.stats.approvedContributions')}</h3>
          <Counts
            counts={[
              ...countRows(t, stats.approved, APPROVED_TERMS),
              { term: t('profile.badges.title'), value: stats.badges, extra: <Link to={to.badges()}>{t('profile.stats.seeBadges')}</Link> },
            ]}
          />
        </>
      )}
    </ProfileSection>
  );
}
