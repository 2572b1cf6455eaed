/**
 * What the edit forms share (an artwork's edit, an artist's edit, a new artist): the flow of
 * proposing, a text field that can be cleared, chips that can be removed (credited artists, other
 * names), and the form around the fields with the note to the moderators, every problem at once
 * and the buttons.
 *
 * The flow: the form's own checks first, then the server's check of the proposal (nothing
 * written), whose errors show at their fields and together; then the proposal, which waits for a
 * moderator. When the subject changed since the page loaded it (409, or the check says so), a
 * Reload loads it again; the page keeps the person's changes (its `rebase`).
 */
import { useRef, useState, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { errorField, errorMessage, isApiError } from '../api/errors';
import type { EditCheck, EditRequest, EditSubject, FieldEdit, FieldProblem } from '../api/types';
import { SUBMISSION } from '../config/constants';
import { editFieldLabel } from '../lib/fieldText';
import { Icon } from './Icon';
import { FieldError, NOTE_TOO_LONG_MESSAGE, NoteField, useFocusOnProblem } from './SubmissionParts';
import { Spinner } from './states';
import './EditForm.css';

export const EDIT_MESSAGES = {
  sent: 'Thanks! Your changes will appear once a moderator approves them.',
  failed: 'Your changes could not be sent',
  reloaded: 'The current values are loaded. The fields you changed keep your changes.',
} as const;

/** The 409 of proposing, and the same finding among the checks' errors: the subject changed since it was loaded. */
function isStale(message: string): boolean {
  return /changed since you opened it/i.test(message);
}

export interface EditFlow<R> {
  subject: EditSubject;
  /** Prefixes the fields' ids. */
  idPrefix: string;
  validate: (body: EditRequest) => Promise<EditCheck>;
  propose: (body: EditRequest) => Promise<R>;
  /** After the proposal was recorded (its receipt). */
  onSent: (receipt: R) => void;
  /** Loads the subject again after it changed meanwhile; none for a new one, which cannot have. */
  reload?: () => Promise<unknown>;
}

/** A form's proposing: its note, its problems, and `submit`. */
export type EditSubmission = ReturnType<typeof useEditSubmission>;

export function useEditSubmission<R>({ subject, idPrefix, validate, propose, onSent, reload }: EditFlow<R>) {
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState('');
  // Each failed submit: the form then focuses the first invalid field, else the problems.
  const [attempt, setAttempt] = useState(0);

  const fail = (found: FieldProblem[], conflict = found.some((p) => isStale(p.message))) => {
    setProblems(found);
    setStale(conflict && Boolean(reload));
    setAttempt((a) => a + 1);
  };

  /** Proposes `edits`, unless the form found `local` problems (or the note is too long). */
  const submit = async (edits: FieldEdit[], local: FieldProblem[] = []) => {
    if (sending) return;
    setStatus('');
    const found = [...local];
    if (note.trim().length > SUBMISSION.noteMax) found.push({ field: 'note', message: NOTE_TOO_LONG_MESSAGE });
    if (found.length > 0) return fail(found);

    const body: EditRequest = { edits, ...(note.trim() ? { note: note.trim() } : {}) };
    let receipt: R;
    setSending(true);
    try {
      const check = await validate(body);
      if (!check.valid) return fail(check.errors);
      receipt = await propose(body);
    } catch (err) {
      const message = errorMessage(err, EDIT_MESSAGES.failed);
      return fail([{ field: errorField(err) ?? '', message }], isApiError(err) && err.status === 409);
    } finally {
      setSending(false);
    }
    onSent(receipt);
  };

  const reloadSubject = async () => {
    if (!reload) return;
    setReloading(true);
    try {
      await reload();
      setProblems([]);
      setStale(false);
      setStatus(EDIT_MESSAGES.reloaded);
    } catch (err) {
      fail([{ field: '', message: errorMessage(err) }], true);
    } finally {
      setReloading(false);
    }
  };

  return {
    subject,
    note,
    setNote,
    problems,
    stale,
    reloading,
    sending,
    status,
    attempt,
    submit,
    reloadSubject,
    idOf: (field: string) => `${idPrefix}-${field.replace(/[^\w-]/g, '_')}`,
    errorAt: (field: string) => problems.find((p) => p.field === field)?.message,
  };
}

/**
 * The form: its status line, the fields (`children`), the note, the problems and the buttons.
 * `onSubmit` proposes (the page's `submit` with its edits).
 */
export function EditFormShell({
  flow,
  label,
  submitLabel,
  cancelTo,
  onSubmit,
  children,
}: {
  flow: EditSubmission;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  cancelTo: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  useFocusOnProblem(flow.attempt, formRef, summaryRef);
  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-busy={flow.sending}
      aria-label={label}
    >
      <p className="muted small" role="status">
        {flow.status}
      </p>
      {children}
      <NoteField
        id={flow.idOf('note')}
        label="Note to the moderators (optional)"
        value={flow.note}
        onChange={flow.setNote}
        error={flow.errorAt('note')}
        alert={false}
      />
      <Problems flow={flow} innerRef={summaryRef} />
      <div className="button-row">
        <button type="submit" className="button button--filled" disabled={flow.sending}>
          {flow.sending && <Spinner />} {submitLabel}
        </button>
        <Link className="button button--text" to={cancelTo}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** Every problem at once, announced; a way to load the subject again when it changed meanwhile. */
function Problems({ flow, innerRef }: { flow: EditSubmission; innerRef: RefObject<HTMLDivElement | null> }) {
  const { problems, stale, reloading, subject } = flow;
  if (problems.length === 0) return null;
  return (
    <div ref={innerRef} className="notice notice--warning edit-problems" role="alert" tabIndex={-1} data-testid="edit-problems">
      <p>
        <strong>Your changes were not sent.</strong>
      </p>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.field && p.field !== 'edits' ? `${editFieldLabel(p.field, subject)}: ` : ''}
            {p.message}
          </li>
        ))}
      </ul>
      {stale && (
        <button
          type="button"
          className="button button--outlined button--small"
          disabled={reloading}
          onClick={() => void flow.reloadSubject()}
        >
          {reloading && <Spinner />} Reload
        </button>
      )}
    </div>
  );
}

/**
 * A text input (or textarea) with its label, a hint, its error and, when `clearable`, a button
 * that empties it. `input` goes to the input (its type, bounds).
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  maxLength,
  required = false,
  multiline = false,
  clearable = false,
  input,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  maxLength?: number;
  required?: boolean;
  multiline?: boolean;
  clearable?: boolean;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'min' | 'max' | 'step' | 'autoComplete'>;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  const props = {
    id,
    value,
    maxLength,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required || undefined,
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        {multiline ? <textarea ref={area} rows={4} {...props} /> : <input ref={inputRef} {...input} {...props} />}
        {clearable && (
          <button
            type="button"
            className="button button--text button--small"
            aria-label={`Clear ${label.toLowerCase()}`}
            onClick={() => {
              onChange('');
              (multiline ? area : inputRef).current?.focus();
            }}
          >
            Clear
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="muted small">
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} alert={false} />
    </div>
  );
}

/** A list's items as chips, each with a button that removes it ("Remove {label}"); `empty` when there are none. */
export function RemovableChips({
  label,
  items,
  onRemove,
  empty,
}: {
  /** The list's accessible name. */
  label: string;
  items: ReadonlyArray<{ key: string; label: string }>;
  onRemove: (key: string) => void;
  empty: string;
}) {
  if (items.length === 0) return <p className="muted small">{empty}</p>;
  return (
    <ul className="chip-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="chip">
          {item.label}
          <button
            type="button"
            className="icon-button icon-button--small"
            aria-label={`Remove ${item.label}`}
            onClick={() => onRemove(item.key)}
          >
            <Icon name="close" size={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
