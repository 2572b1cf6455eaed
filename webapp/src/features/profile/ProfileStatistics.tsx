/**
 * /profile's "Statistics" (GET /me/profile `statistics`): the caller's submissions by state,
 * what of their work was approved, and their badges, with a link to /profile/badges.
 */
import { Link } from 'react-router';
import type { MyProfile } from '../../api/types';
import { Section } from '../../components/Section';
import { QueryState } from '../../components/states';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { Counts } from './Counts';

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
    <Section titleId="profile-statistics" title={t('profile.stats.title')}>
      <QueryState
        query={{ isLoading, error, refetch: onRetry }}
        loadingLabel={t('profile.stats.loading')}
        lines={2}
        // A failed refresh keeps the statistics already read on screen.
        failed={Boolean(error) && !stats}
        failedTitle={t('profile.stats.loadFailed')}
      >
        {!stats ? (
          <p className="muted">{t('profile.stats.unavailable')}</p>
        ) : (
          <>
            <h3 className="section__subtitle">{t('profile.submissions.title')}</h3>
            <Counts
              counts={[
                { term: t('profile.stats.pending'), value: stats.submissions.pending },
                { term: t('profile.stats.approved'), value: stats.submissions.approved },
                { term: t('profile.stats.rejected'), value: stats.submissions.rejected },
                { term: t('profile.stats.withdrawn'), value: stats.submissions.withdrawn },
              ]}
            />
            <h3 className="section__subtitle">{t('profile.stats.approvedContributions')}</h3>
            <Counts
              counts={[
                { term: t('profile.stats.artworksAdded'), value: stats.approved.artworks },
                { term: t('profile.stats.photos'), value: stats.approved.photos },
                { term: t('profile.stats.visitsLogged'), value: stats.approved.visits },
                { term: t('profile.stats.edits'), value: stats.approved.edits },
                { term: t('profile.badges.title'), value: stats.badges, extra: <Link to={to.badges()}>{t('profile.stats.seeBadges')}</Link> },
              ]}
            />
          </>
        )}
      </QueryState>
    </Section>
  );
}
