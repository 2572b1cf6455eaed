/**
 * /moderation/feedback (moderators): the private notes visitors send about artworks, artists or
 * the app, in tabs by state (open, archived, resolved) with their counts, filtered by kind
 * (comments, reports that an artwork is missing) and paged. An open note is archived (an optional
 * note) or resolved (a required note, told to the sender); resolving a report that an artwork is
 * missing may mark the artwork removed. Where the moderator is (tab, kind, page) lives in the URL.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { FEEDBACK_STATUSES, type FeedbackIssue, type FeedbackItem, type FeedbackPage, type FeedbackStatus } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { Dialog, FormDialogActions } from '../../components/Dialog';
import { PageHeader } from '../../components/PageTitle';
import { Pagination } from '../../components/Pagination';
import { LabelledSelect, OptionList } from '../../components/Select';
import { EmptyState, ErrorNote, ErrorState, ListCount, Loading, Skeleton } from '../../components/states';
import { Tabs } from '../../components/Tabs';
import { FEEDBACK_DECISION_NOTE_MAX } from '../../config/constants';
import { to } from '../../config/routes';
import { announce } from '../../lib/announcer';
import { formatDate, pageCount, plural } from '../../lib/format';
import { toastShown } from '../../lib/ui';
import { oneOfParam, pageParam, pageValue, withParams } from '../../lib/urlParams';
import { useArchiveFeedbackMutation, useGetFeedbackQueueQuery, useResolveFeedbackMutation } from './moderationApi';
import './moderation.css';

const STATUS_LABELS: Record<FeedbackStatus, string> = { open: 'Open', archived: 'Archived', resolved: 'Resolved' };
const ISSUES: Array<{ value: '' | FeedbackIssue; label: string }> = [
  { value: '', label: 'All kinds' },
  { value: 'comment', label: 'Comments' },
  { value: 'missing', label: 'Reported missing' },
];
const ISSUE_IDS = ['comment', 'missing'] as const;

export function ModerationFeedbackPage() {
  const [params, setParams] = useSearchParams();
  const status = oneOfParam<FeedbackStatus>(params.get('status'), FEEDBACK_STATUSES, 'open');
  const issueType = oneOfParam<'' | FeedbackIssue>(params.get('type'), ISSUE_IDS, '') || undefined;
  const page = pageParam(params.get('page'));
  const update = (changes: Record<string, string | null>) => setParams(withParams(params, changes));
  const query = useGetFeedbackQueueQuery({ status, issueType, page });
  // The counts of the last answer stay on the tabs while another tab loads.
  const counts = query.data?.counts;
  const tabs = FEEDBACK_STATUSES.map((s) => ({ id: s, label: counts ? `${STATUS_LABELS[s]} (${counts[s].toLocaleString()})` : STATUS_LABELS[s] }));

  return (
    <div className="page feedback-page">
      <PageHeader
        title="Feedback"
        documentTitle="Moderator feedback"
        subtitle="Private notes from visitors about artworks, artists and the app"
        actions={
          <Link className="button button--outlined" to={to.review()}>
            Back to review
          </Link>
        }
      />
      <Tabs label="Feedback by state" tabs={tabs} value={status} onChange={(s) => update({ status: s === 'open' ? null : s, page: null })}>
        <div className="toolbar">
          <LabelledSelect label="Kind" value={issueType ?? ''} onChange={(e) => update({ type: e.target.value, page: null })}>
            <OptionList options={ISSUES} />
          </LabelledSelect>
        </div>
        <FeedbackList
          status={status}
          issueType={issueType}
          page={page}
          query={query}
          onPage={(p) => update({ page: pageValue(p) })}
        />
      </Tabs>
    </div>
  );
}

function FeedbackList({
  status,
  issueType,
  page,
  query,
  onPage,
}: {
  status: FeedbackStatus;
  issueType: FeedbackIssue | undefined;
  page: number;
  query: { currentData?: FeedbackPage | undefined; error?: unknown; isFetching: boolean; refetch: () => unknown };
  onPage: (page: number) => void;
}) {
  const [deciding, setDeciding] = useState<{ kind: 'archive' | 'resolve'; item: FeedbackItem } | null>(null);
  const data = query.currentData;
  if (!data) {
    if (query.error) {
      return <ErrorState title="Could not load feedback" error={query.error} onRetry={() => void query.refetch()} />;
    }
    return (
      <Loading label="Loading feedback…">
        <Skeleton lines={6} />
      </Loading>
    );
  }
  if (data.feedback.length === 0) {
    const what = issueType === 'missing' ? 'reports of missing artworks' : issueType === 'comment' ? 'comments' : 'feedback';
    return (
      <EmptyState icon="feedback" title={`No ${STATUS_LABELS[status].toLowerCase()} ${what}`}>
        {status === 'open' && <p>Nothing is waiting. Thank you!</p>}
      </EmptyState>
    );
  }
  const totalPages = pageCount(data.total, data.limit);
  return (
    <>
      <ListCount refreshing={query.isFetching}>
        {plural(data.total, 'note')}
      </ListCount>
      <ol className="feedback-list" aria-label={`${STATUS_LABELS[status]} feedback`}>
        {data.feedback.map((f) => (
          <FeedbackRow key={f.id} item={f} onDecide={(kind) => setDeciding({ kind, item: f })} />
        ))}
      </ol>
      <Pagination page={page} totalPages={totalPages} onPage={onPage} label="Feedback pages" />
      {deciding && <DecisionDialog kind={deciding.kind} item={deciding.item} onClose={() => setDeciding(null)} />}
    </>
  );
}

/** What the feedback is about: a link to the artwork or artist, or the app as a whole. */
function subjectOf(f: FeedbackItem): { label: string; href: string | null } {
  if (f.subject_type === 'artwork' && f.subject_id) return { label: f.subject_title || 'Untitled artwork', href: to.artwork(f.subject_id) };
  if (f.subject_type === 'artist' && f.subject_id) return { label: f.subject_title || 'Unnamed artist', href: to.artist(f.subject_id) };
  return { label: 'General feedback', href: null };
}

/** A report that an artwork is missing, which resolving may mark removed. */
function removableArtwork(f: FeedbackItem): string | null {
  return f.issue_type === 'missing' && f.subject_type === 'artwork' && f.subject_id ? f.subject_id : null;
}

function FeedbackRow({ item: f, onDecide }: { item: FeedbackItem; onDecide: (kind: 'archive' | 'resolve') => void }) {
  const titleId = useId();
  const subject = subjectOf(f);
  const kindLabel = f.subject_type === 'artist' ? 'Artist' : f.subject_type === 'artwork' ? 'Artwork' : null;
  return (
    <li className="feedback-item" data-testid="feedback-item" data-feedback-id={f.id}>
      <div className="feedback-item__head">
        <h2 id={titleId} className="feedback-item__subject">
          {kindLabel && <span className="visually-hidden">{kindLabel}: </span>}
          {subject.href ? <Link to={subject.href}>{subject.label}</Link> : subject.label}
        </h2>
        <span className={`chip chip--small${f.issue_type === 'missing' ? ' chip--warning' : ''}`}>
          {f.issue_type === 'missing' ? 'Reported missing' : 'Comment'}
        </span>
      </div>
      <p className="feedback-item__note">{f.note}</p>
      <p className="row-list__meta">
        {f.from_account ? 'From a signed-in account' : 'From an anonymous visitor'} ·{' '}
        <time dateTime={f.created_at}>{formatDate(f.created_at)}</time>
      </p>
      {f.status !== 'open' && (
        <div className="feedback-item__decision">
          <p>
            {f.status === 'resolved' ? 'Resolved' : 'Archived'}
            {f.decided_by ? ` by ${f.decided_by}` : ''}
            {f.decided_at ? ` on ${formatDate(f.decided_at)}` : ''}
            {f.decision_note ? `: ${f.decision_note}` : ''}
          </p>
          {f.removed_artwork && <p className="chip chip--small chip--warning">Artwork marked as removed</p>}
        </div>
      )}
      {f.status === 'open' && (
        <div className="button-row" role="group" aria-label={`Decide on feedback about ${subject.label}`}>
          <button type="button" className="button button--tonal button--small" onClick={() => onDecide('resolve')}>
            Resolve…
          </button>
          <button type="button" className="button button--outlined button--small" onClick={() => onDecide('archive')}>
            Archive…
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * Archives (an optional note) or resolves (a required note, told to the sender) one piece of
 * feedback; for a report that an artwork is missing, resolving may mark the artwork removed. It
 * stays open with the server's message when the decision fails (already decided by someone else).
 */
function DecisionDialog({ kind, item, onClose }: { kind: 'archive' | 'resolve'; item: FeedbackItem; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [archive, archiving] = useArchiveFeedbackMutation();
  const [resolve, resolving] = useResolveFeedbackMutation();
  const [note, setNote] = useState('');
  const [remove, setRemove] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const noteId = useId();
  const problemId = useId();
  const busy = archiving.isLoading || resolving.isLoading;
  const artworkId = kind === 'resolve' ? removableArtwork(item) : null;
  const subject = subjectOf(item).label;
  const resolving_ = kind === 'resolve';
  const length = note.trim().length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found =
      resolving_ && length === 0
        ? 'A note is required to resolve'
        : length > FEEDBACK_DECISION_NOTE_MAX
          ? `The note must be at most ${FEEDBACK_DECISION_NOTE_MAX} characters`
          : null;
    setProblem(found);
    if (found) return;
    setFailure(null);
    try {
      if (resolving_) await resolve({ id: item.id, note, removeArtwork: remove ? artworkId : null }).unwrap();
      else await archive({ id: item.id, note }).unwrap();
    } catch (err) {
      setFailure(errorMessage(err, 'The decision could not be saved'));
      return;
    }
    const done = resolving_
      ? remove && artworkId
        ? `Feedback resolved; ${subject} is marked as removed`
        : 'Feedback resolved'
      : 'Feedback archived';
    dispatch(toastShown({ type: 'success', message: done }));
    announce(done);
    onClose();
  };

  return (
    <Dialog open title={resolving_ ? `Resolve feedback about ${subject}` : `Archive feedback about ${subject}`} onClose={() => !busy && onClose()}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
        <blockquote className="feedback-item__note feedback-item__note--quoted">{item.note}</blockquote>
        <label className="field" htmlFor={noteId}>
          <span className="field__label">{resolving_ ? 'What was done (sent to the person who wrote it)' : 'Note (optional)'}</span>
          <textarea
            id={noteId}
            rows={4}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-required={resolving_ || undefined}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            autoFocus
          />
        </label>
        <p className={`field__counter${length > FEEDBACK_DECISION_NOTE_MAX ? ' field__counter--over' : ''}`}>
          {length}/{FEEDBACK_DECISION_NOTE_MAX}
        </p>
        <ErrorNote id={problemId}>{problem}</ErrorNote>
        {artworkId && (
          <div className="field--checkbox">
            <label className="checkbox">
              <input type="checkbox" checked={remove} onChange={(e) => setRemove(e.target.checked)} />
              <span>Mark the artwork as removed</span>
            </label>
            <p className="field__hint">It leaves the map and the lists; its page and history stay.</p>
          </div>
        )}
        <FormDialogActions submitLabel={resolving_ ? 'Resolve' : 'Archive'} onCancel={onClose} busy={busy} failure={failure} />
      </form>
    </Dialog>
  );
}
