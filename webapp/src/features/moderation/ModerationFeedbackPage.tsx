/** /moderation/feedback (moderators): private feedback sent by visitors. */
import { Link } from 'react-router';
import { baseApi, envelopeOrFlat, LIST_ID } from '../../api/baseApi';
import type { FeedbackItem } from '../../api/provisional';
import { PageHeader } from '../../components/PageTitle';
import { QueryFailure } from '../../components/QueryFailure';
import { EmptyState, Loading, Skeleton } from '../../components/states';
import { to } from '../../config/routes';
import { formatDate } from '../../lib/format';

const moderationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFeedbackQueue: build.query<FeedbackItem[], void>({
      query: () => ({ url: '/moderation/feedback', params: { status: 'open' } }),
      transformResponse: (raw: unknown) => {
        const d = envelopeOrFlat<{ feedback?: FeedbackItem[] } | FeedbackItem[]>(raw);
        return Array.isArray(d) ? d : (d.feedback ?? []);
      },
      providesTags: [{ type: 'Feedback', id: LIST_ID }],
    }),
  }),
});

export function ModerationFeedbackPage() {
  const { data, error, isLoading, refetch } = moderationApi.useGetFeedbackQueueQuery();
  return (
    <div className="page">
      <PageHeader title="Feedback" documentTitle="Moderator feedback" subtitle="Private notes from visitors" />
      {isLoading ? (
        <Loading>
          <Skeleton lines={6} />
        </Loading>
      ) : error ? (
        <QueryFailure
          error={error}
          onRetry={() => void refetch()}
          title="Could not load feedback"
          icon="feedback"
          unavailableTitle="The feedback inbox isn’t available on this server yet"
          unavailableText={<p>Notes visitors send about artworks and artists will collect here.</p>}
        />
      ) : !data || data.length === 0 ? (
        <EmptyState icon="feedback" title="No open feedback" />
      ) : (
        <ul className="row-list">
          {data.map((f) => (
            <li key={f.id} className="row-list__item">
              <div className="row-list__link">
                <span className="row-list__text">
                  <span className="row-list__title">{f.note}</span>
                  <span className="row-list__meta">
                    {f.issue_type === 'missing' ? 'Reported missing' : 'Comment'}
                    {f.subject_type === 'artwork' && f.subject_id && (
                      <>
                        {' · '}
                        <Link to={to.artwork(f.subject_id)}>artwork</Link>
                      </>
                    )}
                    {f.created_at && ` · ${formatDate(f.created_at)}`}
                  </span>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
