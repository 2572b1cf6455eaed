/**
 * Private feedback to moderators (SPEC §4, §5, §8): open → sending → closed on success with a
 * toast; on failure it stays open with the error. The note is 1 to 1000 characters once trimmed,
 * with a counter; Ctrl/Cmd+Enter sends; Escape (or Cancel) closes, asking first when the note was
 * changed. A report that an artwork is missing starts with 'The artwork is missing'; one that a
 * removed artwork is back, with 'The artwork is back in place' (sent as a comment).
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { getToken } from '../../api/token';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Dialog, FormDialogActions } from '../../components/Dialog';
import { ErrorNote } from '../../components/states';
import { FEEDBACK_NOTE_MAX } from '../../config/constants';
import { useT, type MessageKey } from '../../i18n';
import { dialogClosed, selectDialog, selectFeedbackTarget, toastShown, type FeedbackTarget } from '../../lib/ui';
import { useSendFeedbackMutation } from './feedbackApi';
import { canSend, FEEDBACK_TEXTS, initialNote, noteLength, sendFailureText, sentIssue } from './rules';

export function FeedbackDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectDialog) === 'feedback';
  const target = useAppSelector(selectFeedbackTarget);
  if (!open) return null;
  return (
    <FeedbackDialogBody
      key={`${target.subjectType}:${target.subjectId ?? ''}:${target.issueType}`}
      target={target}
      onClose={() => dispatch(dialogClosed())}
    />
  );
}

function dialogTitle({ subjectType, issueType }: FeedbackTarget): MessageKey {
  if (issueType === 'missing') return subjectType === 'artist' ? 'feedback.title.missingArtist' : 'feedback.title.missingArtwork';
  if (issueType === 'back') return 'feedback.title.back';
  if (subjectType === 'artwork') return 'feedback.title.artwork';
  if (subjectType === 'artist') return 'feedback.title.artist';
  return 'feedback.title.general';
}

function FeedbackDialogBody({ target, onClose }: { target: FeedbackTarget; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const t = useT();
  // The note it opened with, in the language of that moment (the unsaved-changes check compares to it).
  const [start] = useState(() => target.note ?? initialNote(target.issueType));
  const [note, setNote] = useState(start);
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading: sending }] = useSendFeedbackMutation();
  const counterId = useId();
  const errorId = useId();
  const length = noteLength(note);
  const tooLong = length > FEEDBACK_NOTE_MAX;
  const sendable = canSend(note, sending);

  const close = () => {
    // The request is under way: its answer decides (closed on success, the error otherwise).
    if (sending) return;
    if (note !== start && !window.confirm(t(FEEDBACK_TEXTS.unsavedChanges))) return;
    onClose();
  };

  const submit = async () => {
    if (!canSend(note, sending)) return;
    setError(null);
    try {
      await send({
        subject_type: target.subjectType,
        subject_id: target.subjectType === 'general' ? null : target.subjectId,
        issue_type: sentIssue(target.issueType),
        note: note.trim(),
        user_token: getToken(),
      }).unwrap();
    } catch (e) {
      setError(sendFailureText(e));
      return;
    }
    dispatch(toastShown({ type: 'success', message: t(FEEDBACK_TEXTS.sent) }));
    onClose();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <Dialog open title={t(dialogTitle(target))} onClose={close}>
      <form onSubmit={onSubmit} noValidate aria-busy={sending || undefined}>
        <p className="muted">{t('feedback.intro', { general: target.subjectType === 'general' ? 'yes' : 'no' })}</p>
        <label className="field">
          <span className="field__label">{t('feedback.note')}</span>
          <textarea
            rows={6}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby={`${counterId}${error ? ` ${errorId}` : ''}`}
            aria-invalid={tooLong || undefined}
            aria-required
            autoFocus
          />
        </label>
        <p id={counterId} className={`field__counter${tooLong ? ' field__counter--over' : ''}`} data-testid="feedback-counter">
          {length}/{FEEDBACK_NOTE_MAX}
          <span className="visually-hidden"> {tooLong ? t('feedback.counter.tooLong') : t('feedback.counter.characters')}</span>
        </p>
        <ErrorNote id={errorId}>{error}</ErrorNote>
        <FormDialogActions submitLabel={t('feedback.send')} onCancel={close} busy={sending} submitDisabled={!sendable} />
      </form>
    </Dialog>
  );
}
