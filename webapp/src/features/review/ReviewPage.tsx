/**
 * /review (moderators), in three tabs: submissions (the counts, the queue of new artworks and
 * visits, oldest first, filtered by status and type, batch decisions, one submission at a time
 * in detail), proposed artwork edits, and proposed artist edits and new artists. Where the
 * moderator is (tab, filters, page, open item) lives in the URL.
 */
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import {
  SUBMISSION_STATUSES,
  type BatchAnswer,
  type EditSubject,
  type SubmissionDto,
  type SubmissionStatus,
  type SubmissionType,
} from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { Pagination } from '../../components/Pagination';
import { PageHeader } from '../../components/PageTitle';
import { PhotoImage } from '../../components/PhotoImage';
import { LabelledSelect, OptionList, ValueOptions } from '../../components/Select';
import { Icon } from '../../components/Icon';
import { ListCount, Spinner } from '../../components/states';
import { Tabs, useTabParam } from '../../components/Tabs';
import { REVIEW_BATCH_MAX } from '../../config/constants';
import { to } from '../../config/routes';
import { announce } from '../../lib/announcer';
import { useT, type MessageKey } from '../../i18n';
import { formatDate, formatNumber, pageCount } from '../../lib/format';
import { statusText, submissionKind, submissionTitle } from '../../lib/submissionText';
import { toastShown } from '../../lib/ui';
import { oneOfParam, pageParam, pageValue, withParams } from '../../lib/urlParams';
import { EditReview } from './EditReview';
import { ReviewDetailPanel } from './ReviewDetail';
import { useGetOpenFeedbackCountQuery, useGetReviewQueueQuery, useGetReviewStatsQuery, useReviewBatchMutation } from './reviewApi';
import { ListState, RejectDialog } from './ReviewParts';
import './review.css';

const TYPES: Array<{ value: '' | SubmissionType; label: MessageKey }> = [
  { value: '', label: 'review.type.all' },
  { value: 'new_artwork', label: 'review.type.newArtwork' },
  { value: 'logbook', label: 'review.type.logbook' },
];

const STATUS_LABELS: Record<SubmissionStatus, MessageKey> = {
  pending: 'review.status.pending',
  approved: 'review.status.approved',
  rejected: 'review.status.rejected',
  withdrawn: 'review.status.withdrawn',
};

function typeParam(raw: string | null): SubmissionType | undefined {
  return raw === 'new_artwork' || raw === 'logbook' ? raw : undefined;
}

const TABS = [
  { id: 'submissions', label: 'review.tabs.submissions' },
  { id: 'edits', label: 'review.tabs.artworkEdits' },
  { id: 'artist-edits', label: 'review.tabs.artistEdits' },
] as const satisfies ReadonlyArray<{ id: string; label: MessageKey }>;
type TabId = (typeof TABS)[number]['id'];
/** What each edit tab reviews. */
const EDIT_TABS: Partial<Record<TabId, EditSubject>> = { edits: 'artwork', 'artist-edits': 'artist' };

/** Moves within the review: changes to the URL's query, the other parameters kept. */
type ReviewParamsUpdate = (changes: Record<string, string | null>) => void;

export function ReviewPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const { tab, items } = useTabParam(params, TABS);
  const update: ReviewParamsUpdate = (changes) => setParams(withParams(params, changes));
  const editSubject = EDIT_TABS[tab];

  return (
    <div className="page review-page">
      <PageHeader
        title={t('review.page.title')}
        subtitle={t('review.page.subtitle')}
        actions={<FeedbackInboxLink />}
      />
      <Tabs
        label={t('review.tabs.label')}
        tabs={items}
        value={tab}
        // Each tab has its own page and open item.
        onChange={(id) => update({ tab: id === 'submissions' ? null : id, page: null, submission: null, edit: null })}
      >
        {editSubject ? (
          <EditReview
            key={editSubject}
            subject={editSubject}
            page={pageParam(params.get('page'))}
            openId={params.get('edit')}
            onPage={(p) => update({ page: pageValue(p) })}
            onOpen={(id) => update({ edit: id })}
          />
        ) : (
          <SubmissionReview params={params} update={update} />
        )}
      </Tabs>
    </div>
  );
}

/** The way to the feedback inbox, with how much feedback is open there. */
function FeedbackInboxLink() {
  const t = useT();
  const { data: open } = useGetOpenFeedbackCountQuery();
  return (
    <Link className="button button--outlined" to={to.moderationFeedback()} data-testid="feedback-inbox-link">
      <Icon name="feedback" size={18} /> {t('review.page.feedbackInbox')}
      {open !== undefined && (
        <>
          {' '}
          <span className="count-badge">{t('review.page.feedbackOpen', { count: open })}</span>
        </>
      )}
    </Link>
  );
}

/** New artworks and visits: the counts, the queue (filtered by status and type) and one submission in detail. */
function SubmissionReview({ params, update }: { params: URLSearchParams; update: ReviewParamsUpdate }) {
  const t = useT();
  const status = oneOfParam(params.get('status'), SUBMISSION_STATUSES, 'pending');
  const type = typeParam(params.get('type'));
  const page = pageParam(params.get('page'));
  const openId = params.get('submission');
  const queueHeading = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <Stats />
      <div className={`review-layout${openId ? ' review-layout--open' : ''}`}>
        <section className="review-layout__queue" aria-labelledby="review-queue-title">
          <h2 id="review-queue-title" ref={queueHeading} tabIndex={-1} className="section__title">
            {t('review.queue.heading')}
          </h2>
          <div className="toolbar">
            <LabelledSelect
              label={t('review.queue.statusFilter')}
              value={status}
              onChange={(e) => update({ status: e.target.value === 'pending' ? null : e.target.value, page: null })}
            >
              <ValueOptions values={SUBMISSION_STATUSES} label={(s) => t(STATUS_LABELS[s])} />
            </LabelledSelect>
            <LabelledSelect label={t('review.queue.typeFilter')} value={type ?? ''} onChange={(e) => update({ type: e.target.value, page: null })}>
              <OptionList options={TYPES.map((o) => ({ value: o.value, label: t(o.label) }))} />
            </LabelledSelect>
          </div>
          <Queue
            key={`${status}-${type ?? ''}-${page}`}
            status={status}
            type={type}
            page={page}
            openId={openId}
            onOpen={(id) => update({ submission: id })}
            onPage={(p) => update({ page: pageValue(p) })}
          />
        </section>
        {openId && (
          <ReviewDetailPanel
            key={openId}
            id={openId}
            onClose={(decided) => {
              update({ submission: null });
              if (decided) queueHeading.current?.focus();
            }}
          />
        )}
      </div>
    </>
  );
}

function Stats() {
  const t = useT();
  const { data } = useGetReviewStatsQuery();
  if (!data) return null;
  const rows: Array<[string, string]> = [
    [t('review.stats.pending'), formatNumber(data.pending)],
    [t('review.stats.newArtworksPending'), formatNumber(data.pending_by_type.new_artwork)],
    [t('review.stats.visitsPending'), formatNumber(data.pending_by_type.logbook)],
    [t('review.stats.oldestPending'), data.oldest_pending_at ? formatDate(data.oldest_pending_at) : '—'],
    [t('review.stats.decidedLastWeek'), formatNumber(data.decided_last_7_days)],
    [t('review.stats.approved'), formatNumber(data.approved)],
    [t('review.stats.rejected'), formatNumber(data.rejected)],
    [t('review.stats.withdrawn'), formatNumber(data.withdrawn)],
  ];
  const oldest = data.oldest_pending_at ? t('review.stats.oldest', { date: formatDate(data.oldest_pending_at) }) : '';
  // One line above the queue; the other numbers on request, so the queue stays in view.
  return (
    <section aria-label={t('review.stats.label')} className="section review-stats">
      <p className="review-stats__summary">
        {t('review.stats.summary', {
          pending: data.pending,
          newArtworks: data.pending_by_type.new_artwork,
          visits: data.pending_by_type.logbook,
        })}
        {oldest}
      </p>
      <details className="review-stats__more">
        <summary>{t('review.stats.more')}</summary>
        <dl className="stat-grid" data-testid="review-stats">
          {rows.map(([k, v]) => (
            <div key={k} className="stat">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}

function Queue({
  status,
  type,
  page,
  openId,
  onOpen,
  onPage,
}: {
  status: SubmissionStatus;
  type: SubmissionType | undefined;
  page: number;
  openId: string | null;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const dispatch = useAppDispatch();
  const { data, error, isLoading, isFetching, refetch } = useGetReviewQueueQuery({ page, status, type });
  const [batch, { isLoading: deciding }] = useReviewBatchMutation();
  const [chosen, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [failures, setFailures] = useState<Array<{ id: string; title: string; message: string }>>([]);
  const items = data?.submissions;
  const pending = status === 'pending';

  // What left the list (decided here or elsewhere) is no longer selected.
  const selected = chosen.filter((id) => items?.some((s) => s.id === id));

  const decide = async (action: 'approve' | 'reject', reason?: string) => {
    const batchItems = (items ?? []).filter((s) => selected.includes(s.id)).slice(0, REVIEW_BATCH_MAX);
    if (batchItems.length === 0) return;
    setFailures([]);
    let answer: BatchAnswer;
    try {
      answer = await batch(batchItems.map((s) => ({ id: s.id, action, ...(reason ? { reason } : {}) }))).unwrap();
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: errorMessage(e, t('review.batch.failed')) }));
      return;
    }
    const failed = answer.results.filter((r) => !r.success);
    const title = (id: string) => {
      const s = batchItems.find((c) => c.id === id);
      return s ? submissionTitle(s) : id;
    };
    setFailures(failed.map((r) => ({ id: r.id, title: title(r.id), message: r.message ?? r.error ?? t('review.batch.itemFailed') })));
    setSelected(failed.map((r) => r.id));
    const done =
      action === 'approve' ? t('review.batch.approved', { count: answer.approved }) : t('review.batch.rejected', { count: answer.rejected });
    const summary = failed.length > 0 ? t('review.batch.someFailed', { done, failed: failed.length }) : done;
    dispatch(toastShown({ type: failed.length > 0 ? 'warning' : 'success', message: summary }));
    announce(summary);
  };

  if (isLoading || error || !data || data.submissions.length === 0) {
    return (
      <ListState of="queue" query={{ isLoading, error, refetch }} emptyTitle={pending ? t('review.queue.empty') : t('review.queue.emptyStatus', { status })}>
        {pending && <p>{t('review.queue.emptyBody')}</p>}
      </ListState>
    );
  }

  const all = data.submissions.map((s) => s.id);
  const allSelected = all.length > 0 && all.every((id) => selected.includes(id));
  const totalPages = pageCount(data.total, data.limit);

  return (
    <>
      <ListCount refreshing={isFetching}>
        {t('review.queue.count', { count: data.total })}
      </ListCount>
      {pending && (
        <div className="batch-bar" role="group" aria-label={t('review.batch.label')}>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={(e) => setSelected(e.target.checked ? all : [])}
              data-testid="review-select-all"
            />
            <span>{t('review.batch.selectAll')}</span>
          </label>
          <span className="muted small">{t('review.batch.selected', { count: selected.length })}</span>
          <button
            type="button"
            className="button button--tonal button--small"
            disabled={selected.length === 0 || deciding}
            onClick={() => void decide('approve')}
            data-testid="review-approve-selected"
          >
            {t('review.batch.approveSelected')}
          </button>
          <button
            type="button"
            className="button button--outlined button--small"
            disabled={selected.length === 0 || deciding}
            onClick={() => setRejecting(true)}
            data-testid="review-reject-selected"
          >
            {t('review.batch.rejectSelected')}
          </button>
          {deciding && <Spinner label={t('review.batch.applying')} />}
        </div>
      )}
      {failures.length > 0 && (
        <div className="notice notice--warning" role="alert" data-testid="batch-failures">
          <p>{t('review.batch.failures')}</p>
          <ul>
            {failures.map((f) => (
              <li key={f.id}>{t('review.batch.failure', { title: f.title, message: f.message })}</li>
            ))}
          </ul>
        </div>
      )}
      <ol className="review-list" aria-label={t('review.queue.listLabel')}>
        {data.submissions.map((s) => (
          <QueueRow
            key={s.id}
            item={s}
            selectable={pending}
            selected={selected.includes(s.id)}
            open={openId === s.id}
            onSelect={(on) => setSelected((sel) => (on ? [...sel, s.id] : sel.filter((x) => x !== s.id)))}
            onOpen={() => onOpen(s.id)}
          />
        ))}
      </ol>
      <Pagination page={page} totalPages={totalPages} onPage={onPage} label={t('review.queue.pages')} />
      <RejectDialog
        open={rejecting}
        title={t('review.batch.rejectTitle', { count: selected.length })}
        onClose={() => setRejecting(false)}
        onReject={(reason) => void decide('reject', reason)}
      />
    </>
  );
}

function QueueRow({
  item: s,
  selectable,
  selected,
  open,
  onSelect,
  onOpen,
}: {
  item: SubmissionDto;
  selectable: boolean;
  selected: boolean;
  open: boolean;
  onSelect: (on: boolean) => void;
  onOpen: () => void;
}) {
  const t = useT();
  const title = submissionTitle(s);
  return (
    <li className={`review-item${open ? ' review-item--open' : ''}`} data-testid="review-item" data-submission-id={s.id}>
      {selectable && (
        <input
          type="checkbox"
          className="review-item__check"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t('review.queue.select', { title })}
        />
      )}
      <ul className="review-item__photos" aria-hidden={s.photos.length === 0 || undefined}>
        {s.photos.slice(0, 3).map((p, i) => (
          <li key={p.key || i}>
            <PhotoImage photo={p} size="thumbnail" alt={t('review.queue.photoAlt', { number: i + 1, title })} />
          </li>
        ))}
      </ul>
      <div className="review-item__body">
        <button type="button" className="review-item__open" onClick={onOpen} aria-expanded={open}>
          {title}
        </button>
        <p className="row-list__meta">
          {[submissionKind(s.submission_type), s.submitter?.display_name, formatDate(s.created_at)].filter(Boolean).join(' · ')}
          {s.status !== 'pending' && <span className={`chip chip--small chip--${s.status}`}>{statusText(s)}</span>}
        </p>
        {s.notes && <p className="review-item__notes">{s.notes}</p>}
      </div>
    </li>
  );
}
