/**
 * /profile's "Statistics" (GET /me/profile `statistics`): the caller's submissions by state,
 * what of their work was approved, and their badges, with a link to /profile/badges.
 */
import { Link } from 'react-router';
import type { MyProfile } from '../../api/types';
import { Section } from '../../components/Section';
import { QueryState } from '../../components/states';
import { to } from '../../config/routes';
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
  const stats = profile?.statistics;
  return (
    <Section titleId="profile-statistics" title="Statistics">
      <QueryState
        query={{ isLoading, error, refetch: onRetry }}
        loadingLabel="Loading statistics…"
        lines={2}
        // A failed refresh keeps the statistics already read on screen.
        failed={Boolean(error) && !stats}
        failedTitle="Could not load your statistics"
      >
        {!stats ? (
          <p className="muted">Statistics aren’t available on this server yet.</p>
        ) : (
          <>
            <h3 className="section__subtitle">Submissions</h3>
            <Counts
              counts={[
                { term: 'Pending review', value: stats.submissions.pending },
                { term: 'Approved', value: stats.submissions.approved },
                { term: 'Rejected', value: stats.submissions.rejected },
                { term: 'Withdrawn', value: stats.submissions.withdrawn },
              ]}
            />
            <h3 className="section__subtitle">Approved contributions</h3>
            <Counts
              counts={[
                { term: 'Artworks added', value: stats.approved.artworks },
                { term: 'Photos', value: stats.approved.photos },
                { term: 'Visits logged', value: stats.approved.visits },
                { term: 'Edits', value: stats.approved.edits },
                { term: 'Badges', value: stats.badges, extra: <Link to={to.badges()}>See your badges</Link> },
              ]}
            />
          </>
        )}
      </QueryState>
    </Section>
  );
}
