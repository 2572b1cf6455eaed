/**
 * Pieces the review tabs (submissions, artwork edits, artist edits) share: a list's loading and
 * failure, the panel of one item beside its list, and the dialog that asks a rejection's reason;
 * and how the edit tabs word their lists and name an edit.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { EditSubject } from '../../api/types';
import { PromptDialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { EmptyState, ErrorState, Loading, Skeleton, Spinner } from '../../components/states';
import { SUBMISSION } from '../../config/constants';
import { to } from '../../config/routes';
import { t, useT, type MessageKey } from '../../i18n';
import type { SubjectEditSummary } from './reviewApi';

interface QueryState {
  isLoading: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** What each review list says while it loads, and the title of its failure (the catalogue's keys). */
const LIST_WORDS = {
  queue: ['review.queue.loading', 'review.queue.failed'],
  edits: ['review.edits.loading', 'review.edits.failed'],
} as const satisfies Record<string, readonly [MessageKey, MessageKey]>;

/**
 * The review list `of` with no items to show: while it loads, after it failed (its retry), or
 * once loaded empty (`emptyTitle`, and `children` saying more).
 */
export function ListState({
  of,
  query: { isLoading, error, refetch },
  emptyTitle,
  children,
}: {
  of: keyof typeof LIST_WORDS;
  query: QueryState;
  emptyTitle: string;
  children?: ReactNode;
}) {
  const t = useT();
  const [loading, failed] = LIST_WORDS[of];
  if (isLoading) {
    return (
      <Loading label={t(loading)}>
        <Skeleton lines={6} />
      </Loading>
    );
  }
  if (error) return <ErrorState title={t(failed)} error={error} onRetry={() => void refetch()} />;
  return (
    <EmptyState icon="moderate" title={emptyTitle}>
      {children}
    </EmptyState>
  );
}

/** Asks a rejection's reason (required, at most 500 characters), then closes and rejects. */
export function RejectDialog({
  open,
  title,
  onClose,
  onReject,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const t = useT();
  return (
    <PromptDialog
      open={open}
      title={title}
      label={t('review.decision.reason')}
      required
      maxLength={SUBMISSION.rejectReasonMax}
      multiline
      confirmLabel={t('review.decision.reject')}
      onCancel={onClose}
      onSubmit={(reason) => {
        onClose();
        onReject(reason);
      }}
    />
  );
}

/**
 * A pending item's decisions: its approving (`children`) and Reject, which asks the reason
 * (`rejectTitle`) and then rejects (`onReject`); `rejecting` while that is sent.
 */
export function DecisionBar({
  busy,
  rejecting,
  rejectTitle,
  rejectTestId,
  onReject,
  children,
}: {
  busy: boolean;
  rejecting: boolean;
  rejectTitle: string;
  rejectTestId?: string;
  onReject: (reason: string) => void;
  children: ReactNode;
}) {
  const t = useT();
  const [askReason, setAskReason] = useState(false);
  return (
    <>
      <div className="review-detail__actions">
        {children}
        <button type="button" className="button button--outlined" disabled={busy} onClick={() => setAskReason(true)} data-testid={rejectTestId}>
          {rejecting && <Spinner />} {t('review.decision.reject')}
        </button>
      </div>
      <RejectDialog open={askReason} title={rejectTitle} onClose={() => setAskReason(false)} onReject={onReject} />
    </>
  );
}

/**
 * One item under review, beside its list: a heading (focused once the item is loaded, so the
 * moderator lands on it), a close button, and while it loads or when it fails, that instead.
 */
export function ReviewPanel({
  title,
  closeLabel,
  loadingLabel,
  failedTitle,
  testId,
  query: { isLoading, error, refetch },
  onClose,
  children,
}: {
  title: string;
  closeLabel: string;
  loadingLabel: string;
  failedTitle: string;
  testId: string;
  query: QueryState;
  onClose: () => void;
  /** The loaded item; null until then. */
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const loaded = children != null;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  return (
    <section className="review-detail" aria-labelledby={headingId} data-testid={testId}>
      <header className="review-detail__header">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="section__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      {isLoading ? (
        <Loading label={loadingLabel}>
          <Skeleton lines={6} />
        </Loading>
      ) : error || !loaded ? (
        <ErrorState title={failedTitle} error={error} onRetry={() => void refetch()} />
      ) : (
        children
      )}
    </section>
  );
}

/** How each tab words its list (the catalogue's keys). */
export const EDIT_TAB_WORDS: Record<
  EditSubject,
  { heading: MessageKey; empty: MessageKey; untitled: MessageKey; link: (id: string) => string }
> = {
  artwork: {
    heading: 'review.edits.artworkHeading',
    empty: 'review.edits.artworkEmpty',
    untitled: 'review.edits.artworkUntitled',
    link: to.artwork,
  },
  artist: {
    heading: 'review.edits.artistHeading',
    empty: 'review.edits.artistEmpty',
    untitled: 'review.edits.artistUntitled',
    link: to.artist,
  },
};

/** What a pending edit is called: its subject's name, which a new artist has as proposed. */
export function editTitle(subject: EditSubject, e: Pick<SubjectEditSummary, 'subject_name'>): string {
  return e.subject_name || t(EDIT_TAB_WORDS[subject].untitled);
}

/** The "New artist" chip: a proposal of an artist the registry does not have (its page does not exist yet). */
export function NewSubjectChip({ edit }: { edit: Pick<SubjectEditSummary, 'new_subject'> }) {
  const t = useT();
  return edit.new_subject ? <span className="chip chip--small">{t('review.edits.newArtist')}</span> : null;
}
