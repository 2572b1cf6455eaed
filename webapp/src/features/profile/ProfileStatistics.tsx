/**
 * /profile's "Statistics" (GET /me/profile `statistics`): the caller's submissions by state,
 * what of their work was approved, and their badges, with a link to /profile/badges.
 */
import { Link } from 'react-router';
import type { MyProfile } from '../../api/types';
import { ErrorState, Loading, Skeleton } from '../../components/states';
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
    <section className="section" aria-labelledby="profile-statistics">
      <h2 id="profile-statistics" className="section__title">
        Statistics
      </h2>
      {isLoading ? (
        <Loading label="Loading statistics…">
          <Skeleton lines={2} />
        </Loading>
      ) : error && !stats ? (
        <ErrorState title="Could not load your statistics" error={error} onRetry={onRetry} />
      ) : !stats ? (
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
    </section>
  );
}
