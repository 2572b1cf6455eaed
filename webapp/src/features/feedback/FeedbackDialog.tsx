/**
 * Private feedback to moderators (SPEC §4, §5, §8): open → sending → closed on success; on
 * failure it stays open with the error. Ctrl/Cmd+Enter sends; closing with edits asks first.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { isApiError } from '../../api/errors';
import { getToken } from '../../api/token';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/states';
import { FEEDBACK_NOTE_MAX } from '../../config/constants';
import { dialogClosed, selectDialog, selectFeedbackTarget, toastShown, type FeedbackTarget } from '../../lib/ui';
import { useSendFeedbackMutation } from './feedbackApi';
import { canSend, FEEDBACK_TEXTS, initialNote } from './rules';

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

function FeedbackDialogBody({ target, onClose }: { target: FeedbackTarget; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const start = initialNote(target.issueType);
  const [note, setNote] = useState(start);
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = useSendFeedbackMutation();
  const counterId = useId();
  const errorId = useId();
  const length = note.trim().length;
  const tooLong = length > FEEDBACK_NOTE_MAX;
  const sendable = canSend(note, isLoading);

  const close = () => {
    if (note !== start && !isLoading && !window.confirm(FEEDBACK_TEXTS.unsavedChanges)) return;
    onClose();
  };

  const submit = async () => {
    if (!canSend(note, isLoading)) return;
    setError(null);
    try {
      await send({
        subject_type: target.subjectType,
        subject_id: target.subjectId,
        issue_type: target.issueType,
        note: note.trim(),
        user_token: getToken(),
      }).unwrap();
      dispatch(toastShown({ type: 'success', message: 'Thanks! Your feedback was sent to the moderators.' }));
      onClose();
    } catch (e) {
      setError(isApiError(e) && e.message ? e.message : FEEDBACK_TEXTS.failedRetry);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };

  const title = target.issueType === 'missing' ? 'Report a missing artwork' : 'Send feedback';
  return (
    <Dialog
      open
      title={title}
      onClose={close}
      actions={
        <>
          <button type="button" className="button button--text" onClick={close}>
            Cancel
          </button>
          <button type="button" className="button button--filled" disabled={!sendable} onClick={() => void submit()}>
            {isLoading && <Spinner />} Send
          </button>
        </>
      }
    >
      <p className="muted">
        Your note goes privately to the moderators.{' '}
        {target.subjectType === 'general' ? 'Tell us what works and what doesn’t.' : 'Tell them what is wrong or missing.'}
      </p>
      <label className="field">
        <span className="field__label">Your note</span>
        <textarea
          rows={6}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`${counterId}${error ? ` ${errorId}` : ''}`}
          aria-invalid={tooLong || undefined}
          autoFocus
        />
      </label>
      <p id={counterId} className={`field__counter${tooLong ? ' field__counter--over' : ''}`}>
        {length}/{FEEDBACK_NOTE_MAX}
        <span className="visually-hidden"> characters. Press Control or Command plus Enter to send.</span>
      </p>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
