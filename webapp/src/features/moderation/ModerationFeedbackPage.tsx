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
import { t, useT, type MessageKey } from '../../i18n';
import { formatDate, pageCount } from '../../lib/format';
import { successShown } from '../../lib/ui';
import { oneOfParam, pageParam, pageValue, withParams } from '../../lib/urlParams';
import { useArchiveFeedbackMutation, useGetFeedbackQueueQuery, useResolveFeedbackMutation } from './moderationApi';
import './moderation.css';

const STATUS_LABELS: Record<FeedbackStatus, MessageKey> = {
  open: 'moderation.status.open',
  archived: 'moderation.status.archived',
  resolved: 'moderation.status.resolved',
};
const ISSUES: Array<{ value: '' | FeedbackIssue; label: MessageKey }> = [
  { value: '', label: 'moderation.kind.all' },
  { value: 'comment', label: 'moderation.kind.comments' },
  { value: 'missing', label: 'moderation.kind.missing' },
];
const ISSUE_IDS = ['comment', 'missing'] as const;

export function ModerationFeedbackPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const status = oneOfParam<FeedbackStatus>(params.get('status'), FEEDBACK_STATUSES, 'open');
  const issueType = oneOfParam<'' | FeedbackIssue>(params.get('type'), ISSUE_IDS, '') || undefined;
  const page = pageParam(params.get('page'));
  const update = (changes: Record<string, string | null>) => setParams(withParams(params, changes));
  const query = useGetFeedbackQueueQuery({ status, issueType, page });
  // The counts of the last answer stay on the tabs while another tab loads.
  const counts = query.data?.counts;
  const tabs = FEEDBACK_STATUSES.map((s) => {
    const label = t(STATUS_LABELS[s]);
    return { id: s, label: counts ? t('moderation.tabs.withCount', { label, count: counts[s] }) : label };
  });

  return (
    <div className="page feedback-page">
      <PageHeader
        title={t('moderation.page.title')}
        documentTitle={t('moderation.page.documentTitle')}
        subtitle={t('moderation.page.subtitle')}
        actions={
          <Link className="button button--outlined" to={to.review()}>
            {t('moderation.page.backToReview')}
          </Link>
        }
      />
      <Tabs label={t('moderation.tabs.label')} tabs={tabs} value={status} onChange={(s) => update({ status: s === 'open' ? null : s, page: null })}>
        <div className="toolbar">
          <LabelledSelect label={t('moderation.kind.label')} value={issueType ?? ''} onChange={(e) => update({ type: e.target.value, page: null })}>
            <OptionList options={ISSUES.map((o) => ({ value: o.value, label: t(o.label) }))} />
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
  const t = useT();
  const [deciding, setDeciding] = useState<{ kind: 'archive' | 'resolve'; item: FeedbackItem } | null>(null);
  const data = query.currentData;
  if (!data) {
    if (query.error) {
      return <ErrorState title={t('moderation.list.failed')} error={query.error} onRetry={() => void query.refetch()} />;
    }
    return (
      <Loading label={t('moderation.list.loading')}>
        <Skeleton lines={6} />
      </Loading>
    );
  }
  if (data.feedback.length === 0) {
    return (
      <EmptyState icon="feedback" title={t('moderation.list.empty', { status, issue: issueType ?? 'all' })}>
        {status === 'open' && <p>{t('moderation.list.emptyBody')}</p>}
      </EmptyState>
    );
  }
  const totalPages = pageCount(data.total, data.limit);
  return (
    <>
      <ListCount refreshing={query.isFetching}>
        {t('moderation.list.count', { count: data.total })}
      </ListCount>
      <ol className="feedback-list" aria-label={t('moderation.list.label', { status })}>
        {data.feedback.map((f) => (
          <FeedbackRow key={f.id} item={f} onDecide={(kind) => setDeciding({ kind, item: f })} />
        ))}
      </ol>
      <Pagination page={page} totalPages={totalPages} onPage={onPage} label={t('moderation.list.pages')} />
      {deciding && <DecisionDialog kind={deciding.kind} item={deciding.item} onClose={() => setDeciding(null)} />}
    </>
  );
}

/** What the feedback is about: a link to the artwork or artist, or the app as a whole. */
function subjectOf(f: FeedbackItem): { label: string; href: string | null } {
  if (f.subject_type === 'artwork' && f.subject_id) {
    return { label: f.subject_title || t('moderation.item.untitledArtwork'), href: to.artwork(f.subject_id) };
  }
  if (f.subject_type === 'artist' && f.subject_id) return { label: f.subject_title || t('moderation.item.unnamedArtist'), href: to.artist(f.subject_id) };
  return { label: t('moderation.item.general'), href: null };
}

/** A report that an artwork is missing, which resolving may mark removed. */
function removableArtwork(f: FeedbackItem): string | null {
  return f.issue_type === 'missing' && f.subject_type === 'artwork' && f.subject_id ? f.subject_id : null;
}

function FeedbackRow({ item: f, onDecide }: { item: FeedbackItem; onDecide: (kind: 'archive' | 'resolve') => void }) {
  const t = useT();
  const titleId = useId();
  const subject = subjectOf(f);
  const kind = f.subject_type === 'artist' || f.subject_type === 'artwork' ? f.subject_type : null;
  return (
    <li className="feedback-item" data-testid="feedback-item" data-feedback-id={f.id}>
      <div className="feedback-item__head">
        <h2 id={titleId} className="feedback-item__subject">
          {kind && <span className="visually-hidden">{t('moderation.item.subjectKind', { kind })} </span>}
          {subject.href ? <Link to={subject.href}>{subject.label}</Link> : subject.label}
        </h2>
        <span className={`chip chip--small${f.issue_type === 'missing' ? ' chip--warning' : ''}`}>
          {t(f.issue_type === 'missing' ? 'moderation.item.missing' : 'moderation.item.comment')}
        </span>
      </div>
      <p className="feedback-item__note">{f.note}</p>
      <p className="row-list__meta">
        {t(f.from_account ? 'moderation.item.fromAccount' : 'moderation.item.fromAnonymous')} ·{' '}
        <time dateTime={f.created_at}>{formatDate(f.created_at)}</time>
      </p>
      {f.status !== 'open' && (
        <div className="feedback-item__decision">
          <p>
            {t('moderation.item.decision', {
              status: f.status,
              hasBy: f.decided_by ? 'yes' : 'no',
              by: f.decided_by ?? '',
              hasOn: f.decided_at ? 'yes' : 'no',
              on: formatDate(f.decided_at),
              hasNote: f.decision_note ? 'yes' : 'no',
              note: f.decision_note ?? '',
            })}
          </p>
          {f.removed_artwork && <p className="chip chip--small chip--warning">{t('moderation.item.removedArtwork')}</p>}
        </div>
      )}
      {f.status === 'open' && (
        <div className="button-row" role="group" aria-label={t('moderation.item.decide', { subject: subject.label })}>
          <button type="button" className="button button--tonal button--small" onClick={() => onDecide('resolve')}>
            {t('moderation.item.resolve')}
          </button>
          <button type="button" className="button button--outlined button--small" onClick={() => onDecide('archive')}>
            {t('moderation.item.archive')}
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
  const t = useT();
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
        ? t('moderation.dialog.noteRequired')
        : length > FEEDBACK_DECISION_NOTE_MAX
          ? t('moderation.dialog.noteTooLong', { max: FEEDBACK_DECISION_NOTE_MAX })
          : null;
    setProblem(found);
    if (found) return;
    setFailure(null);
    try {
      if (resolving_) await resolve({ id: item.id, note, removeArtwork: remove ? artworkId : null }).unwrap();
      else await archive({ id: item.id, note }).unwrap();
    } catch (err) {
      setFailure(errorMessage(err, t('moderation.dialog.failed')));
      return;
    }
    const done = resolving_
      ? remove && artworkId
        ? t('moderation.dialog.resolvedRemoved', { subject })
        : t('moderation.dialog.resolved')
      : t('moderation.dialog.archived');
    dispatch(successShown(done));
    onClose();
  };

  return (
    <Dialog open title={t(resolving_ ? 'moderation.dialog.resolveTitle' : 'moderation.dialog.archiveTitle', { subject })} onClose={() => !busy && onClose()}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
        <blockquote className="feedback-item__note feedback-item__note--quoted">{item.note}</blockquote>
        <label className="field" htmlFor={noteId}>
          <span className="field__label">{t(resolving_ ? 'moderation.dialog.whatWasDone' : 'moderation.dialog.noteOptional')}</span>
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
              <span>{t('moderation.dialog.markRemoved')}</span>
            </label>
            <p className="field__hint">{t('moderation.dialog.markRemovedHint')}</p>
          </div>
        )}
        <FormDialogActions submitLabel={t(resolving_ ? 'moderation.dialog.resolve' : 'moderation.dialog.archive')} onCancel={onClose} busy={busy} failure={failure} />
      </form>
    </Dialog>
  );
}
