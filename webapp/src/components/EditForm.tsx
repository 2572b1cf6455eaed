/**
 * What the edit forms share (an artwork's edit, an artist's edit, a new artist): the flow of
 * proposing, a text field that can be cleared, chips that can be removed (credited artists, other
 * names), and the form around the fields with the note to the moderators, every problem at once
 * and the buttons.
 *
 * The flow: the form's own checks first, then the server's check of the proposal (nothing
 * written), whose errors show at their fields and together; then the proposal, which waits for a
 * moderator. When the subject changed since the page loaded it (409, or the check says so), a
 * Reload loads it again; the page keeps the person's changes (its `rebase`). A problem goes as
 * soon as the person fixes its field (`useFieldProblems`).
 */
import { useRef, useState, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorField, errorMessage, isApiError } from '../api/errors';
import { useTagVocabulary } from '../api/tagSchemaApi';
import type { EditCheck, EditRequest, EditSubject, FieldEdit, FieldProblem } from '../api/types';
import { useAppDispatch } from '../app/hooks';
import { SUBMISSION } from '../config/constants';
import { useT } from '../i18n';
import { useFieldProblems } from '../lib/fieldProblems';
import { messageTable } from '../lib/messageTable';
import { toastShown } from '../lib/ui';
import { editFieldLabel } from '../lib/fieldText';
import { Icon } from './Icon';
import type { TextFieldProps } from './LabelledField';
import { FieldWithError, noteTooLongMessage, NoteField, useFocusOnProblem } from './SubmissionParts';
import { Spinner } from './states';
import './EditForm.css';

/** The flow's messages, in the language in effect when read. */
export const EDIT_MESSAGES = messageTable({
  sent: 'components.editForm.sent',
  failed: 'components.editForm.failed',
  reloaded: 'components.editForm.reloaded',
});

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
  /** The form's own checks of its current values (the note's are the flow's). */
  check: () => FieldProblem[];
  /**
   * A field's value (an edit's field name: `title`, `tag:<key>`) as the person has it now, the
   * same value (by identity) until they change it: a problem the server found shows until then.
   */
  valueAt: (field: string) => unknown;
}

/** A mutation's trigger, as RTK Query gives it, for an edit to the subject `id`. */
type EditTrigger<T> = (args: { id: string; body: EditRequest }) => { unwrap: () => Promise<T> };

/**
 * The flow of an edit to an existing subject (`id`, whose page is `href`): checked with `validate`,
 * proposed with `propose`; once sent, a toast says so and the subject's page shows; `reload`
 * loads the subject again after it changed meanwhile.
 */
export function useSubjectEditFlow<R>({
  id,
  href,
  validate,
  propose,
  reload,
}: {
  id: string;
  href: string;
  validate: EditTrigger<EditCheck>;
  propose: EditTrigger<R>;
  reload: () => Promise<unknown>;
}): Pick<EditFlow<R>, 'idPrefix' | 'validate' | 'propose' | 'onSent' | 'reload'> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return {
    idPrefix: `edit-${id}`,
    validate: (body) => validate({ id, body }).unwrap(),
    propose: (body) => propose({ id, body }).unwrap(),
    onSent: () => {
      dispatch(toastShown({ type: 'success', message: EDIT_MESSAGES.sent }));
      void navigate(href);
    },
    reload,
  };
}

/**
 * An edit form's values and the subject they started from (`loaded`: the edits' old values, and
 * what a reload moves on from). When `subject` is loaded again, the values move on with `rebase`,
 * so the fields the person changed keep their changes; `set` changes some fields.
 */
export function useRebasedValues<S, V extends object>(subject: S, valuesOf: (subject: S) => V, rebase: (values: V, before: S, after: S) => V) {
  const [loaded, setLoaded] = useState<S>(subject);
  const [values, setValues] = useState<V>(() => valuesOf(subject));
  if (loaded !== subject) {
    setValues(rebase(values, loaded, subject));
    setLoaded(subject);
  }
  const set = (patch: Partial<V>) => setValues((v) => ({ ...v, ...patch }));
  return { loaded, values, setValues, set };
}

/** A form's proposing: its note, its problems, and `submit`. */
export type EditSubmission = ReturnType<typeof useEditSubmission>;

export function useEditSubmission<R>({ subject, idPrefix, validate, propose, onSent, reload, check, valueAt }: EditFlow<R>) {
  const [note, setNote] = useState('');
  const noteProblems = (): FieldProblem[] =>
    note.trim().length > SUBMISSION.noteMax ? [{ field: 'note', message: noteTooLongMessage() }] : [];
  const { problems, found, refused, clear } = useFieldProblems(
    () => [...noteProblems(), ...check()],
    (field) => (field === 'note' ? note : valueAt(field)),
  );
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState('');
  // Each failed submit: the form then focuses the first invalid field, else the problems.
  const [attempt, setAttempt] = useState(0);

  /** The server's problems with the proposal as sent (`conflict`: the subject changed meanwhile). */
  const fail = (answer: FieldProblem[], conflict = answer.some((p) => isStale(p.message))) => {
    refused(answer);
    setStale(conflict && Boolean(reload));
    setAttempt((a) => a + 1);
  };

  /**
   * Proposes `edits`, unless the form's checks (`local`, by default its `check` now) or the
   * note's find problems.
   */
  const submit = async (edits: FieldEdit[], local: FieldProblem[] = check()) => {
    if (sending) return;
    setStatus('');
    const own = [...noteProblems(), ...local];
    if (own.length > 0) {
      found(own);
      setStale(false);
      setAttempt((a) => a + 1);
      return;
    }

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
      clear();
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
  const t = useT();
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
        label={t('components.editForm.note')}
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
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
}

/** Every problem at once, announced; a way to load the subject again when it changed meanwhile. */
function Problems({ flow, innerRef }: { flow: EditSubmission; innerRef: RefObject<HTMLDivElement | null> }) {
  const t = useT();
  const { problems, stale, reloading, subject } = flow;
  const vocabulary = useTagVocabulary();
  if (problems.length === 0) return null;
  return (
    <div ref={innerRef} className="notice notice--warning edit-problems" role="alert" tabIndex={-1} data-testid="edit-problems">
      <p>
        <strong>{t('components.editForm.notSent')}</strong>
      </p>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.field && p.field !== 'edits'
              ? t('components.editForm.problem', { field: editFieldLabel(p.field, subject, vocabulary), message: p.message })
              : p.message}
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
          {reloading && <Spinner />} {t('components.editForm.reload')}
        </button>
      )}
    </div>
  );
}

/**
 * A field of an edit form around its control (`children`, whose id is `id`): the label, a hint,
 * the error and, when `onClear` is given and the field has a value, a "Clear" button that empties
 * it and puts the focus back in the control; `preview` shows what the value stands for (a photo).
 * `wide`: the field takes a whole row of a `field-grid`.
 */
export function FieldFrame({
  id,
  label,
  value,
  onClear,
  error,
  hint,
  wide = false,
  preview,
  children,
}: {
  id: string;
  label: string;
  /** The field's value: a Clear button only while it has one. */
  value: string;
  onClear?: (() => void) | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  wide?: boolean;
  preview?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <FieldWithError id={id} label={label} className={`field${wide ? ' field--wide' : ''}`} error={error} alert={false}>
      {preview}
      <div className="field__control">
        {children}
        {onClear && value !== '' && (
          <button
            type="button"
            className="button button--text button--small"
            aria-label={t('components.editForm.clearField', { field: label.toLowerCase() })}
            onClick={() => {
              onClear();
              document.getElementById(id)?.focus();
            }}
          >
            {t('components.editForm.clear')}
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="muted small">
          {hint}
        </p>
      )}
    </FieldWithError>
  );
}

/** `aria-describedby` of a field's control: its hint, then its error (as `FieldFrame` shows them). */
export function describedByOf(id: string, hint: unknown, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/**
 * A text input (or textarea) with its label, a hint, its error and, when `clearable`, a button
 * that empties it (shown while it has a value). `input` goes to the input (its type, bounds).
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
}: TextFieldProps & {
  error?: string | undefined;
  hint?: string;
  maxLength?: number;
  required?: boolean;
  multiline?: boolean;
  clearable?: boolean;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'min' | 'max' | 'step' | 'autoComplete'>;
}) {
  const props = {
    id,
    value,
    maxLength,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedByOf(id, hint, error),
    'aria-required': required || undefined,
  };
  return (
    <FieldFrame id={id} label={label} value={value} onClear={clearable ? () => onChange('') : undefined} error={error} hint={hint}>
      {multiline ? <textarea rows={4} {...props} /> : <input {...input} {...props} />}
    </FieldFrame>
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
  const t = useT();
  if (items.length === 0) return <p className="muted small">{empty}</p>;
  return (
    <ul className="chip-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="chip">
          {item.label}
          <button
            type="button"
            className="icon-button icon-button--small"
            aria-label={t('components.remove', { name: item.label })}
            onClick={() => onRemove(item.key)}
          >
            <Icon name="close" size={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
