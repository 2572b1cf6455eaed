/**
 * An accessible modal dialog on the native <dialog> element: focus moves in and is trapped by
 * the browser, Escape closes (through `onClose`, so callers may confirm first), focus returns to
 * the opener on close, and the backdrop click closes too.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { t as translate, useT } from '../i18n';
import { Icon } from './Icon';
import { ErrorNote, Spinner } from './states';
import './Dialog.css';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons shown at the bottom. */
  actions?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** Accessible description id inside children. */
  describedBy?: string;
  className?: string;
}

export function Dialog({ open, title, onClose, children, actions, size = 'medium', describedBy, className }: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
      const o = opener.current;
      if (o instanceof HTMLElement && o.isConnected) o.focus();
    }
  }, [open]);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    d.addEventListener('cancel', onCancel);
    return () => d.removeEventListener('cancel', onCancel);
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-modal="true"
      onKeyDown={(e) => {
        // jsdom and old browsers have no native cancel event.
        if (e.key === 'Escape') {
          e.preventDefault();
          onCloseRef.current();
        }
      }}
      onClick={(e) => {
        if (e.target === ref.current) onCloseRef.current();
      }}
    >
      {open && (
        <div className="dialog__surface">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="icon-button" onClick={() => onCloseRef.current()} aria-label={t('common.close')}>
              <Icon name="close" />
            </button>
          </header>
          <div className="dialog__body">{children}</div>
          {actions && <footer className="dialog__actions">{actions}</footer>}
        </div>
      )}
    </dialog>
  );
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  /** Default: "Confirm". */
  confirmLabel?: string;
  /** Default: "Cancel". */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      size="small"
      actions={
        <>
          <button type="button" className="button button--text" onClick={onCancel}>
            {cancelLabel ?? t('common.cancel')}
          </button>
          <button type="button" className="button button--filled" onClick={onConfirm}>
            {confirmLabel ?? t('components.dialog.confirm')}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}

interface PromptProps {
  title: string;
  label: string;
  initialValue?: string;
  required?: boolean;
  maxLength?: number;
  multiline?: boolean;
  validate?: (value: string) => string | null;
  /** Default: "OK". */
  confirmLabel?: string;
  /** What the value is asked for, above the field. */
  description?: ReactNode;
  /** A message from outside, shown while the value passes the checks (the server's, after `onSubmit`). */
  error?: string | null;
  /** `onSubmit`'s work is under way: the confirm button waits. */
  busy?: boolean;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}

/**
 * Asks for one value (SPEC §5): a required value can't be blank, an optional maximum length is
 * enforced, and a custom validator may return the message to show. The caller closes it (`open`),
 * at once or once `onSubmit`'s work succeeded, showing its failure as `error` meanwhile.
 */
export function PromptDialog({ open, ...props }: PromptProps & { open: boolean }) {
  return open ? <PromptBody {...props} /> : null;
}

export function promptError(
  value: string,
  rules: { label: string; required?: boolean; maxLength?: number | undefined; validate?: ((v: string) => string | null) | undefined },
): string | null {
  const v = value.trim();
  if (rules.required && !v) return translate('components.dialog.required', { label: rules.label });
  if (rules.maxLength !== undefined && v.length > rules.maxLength) {
    return translate('components.dialog.tooLong', { label: rules.label, max: rules.maxLength });
  }
  return rules.validate ? rules.validate(v) : null;
}

function PromptBody({
  title,
  label,
  initialValue = '',
  required = false,
  maxLength,
  multiline = false,
  validate,
  confirmLabel,
  description,
  error: outside,
  busy = false,
  onSubmit,
  onCancel,
}: PromptProps) {
  const t = useT();
  const [value, setValue] = useState(initialValue);
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? outside ?? null;
  const errorId = useId();
  const descriptionId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = promptError(value, { label, required, maxLength, validate });
    setProblem(found);
    if (!found) onSubmit(value.trim());
  };
  const inputProps = {
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(e.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': required || undefined,
    autoFocus: true,
  };
  return (
    <Dialog open title={title} onClose={onCancel} size="small" describedBy={description ? descriptionId : undefined}>
      <form onSubmit={submit} noValidate aria-busy={busy || undefined}>
        {description && (
          <div id={descriptionId} className="dialog__description">
            {description}
          </div>
        )}
        <label className="field">
          <span className="field__label">{label}</span>
          {multiline ? <textarea rows={4} {...inputProps} /> : <input {...inputProps} />}
        </label>
        {maxLength !== undefined && (
          <p className="field__counter">
            {value.trim().length}/{maxLength}
          </p>
        )}
        <ErrorNote id={errorId}>{error}</ErrorNote>
        <div className="dialog__actions dialog__actions--inline">
          <button type="button" className="button button--text" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--filled" disabled={busy}>
            {busy && <Spinner />} {confirmLabel ?? t('components.dialog.ok')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * A form dialog's Cancel and submit buttons: both disabled while `busy` (the submit also shows a
 * spinner), the submit also when `submitDisabled`; above them, why the last submit failed
 * (`failure`), if it did.
 */
export function FormDialogActions({
  submitLabel,
  onCancel,
  busy,
  submitDisabled = false,
  failure,
}: {
  submitLabel: string;
  onCancel: () => void;
  busy: boolean;
  submitDisabled?: boolean;
  failure?: string | null;
}) {
  const t = useT();
  return (
    <>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="dialog__actions dialog__actions--inline">
        <button type="button" className="button button--text" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--filled" disabled={busy || submitDisabled}>
          {busy && <Spinner />} {submitLabel}
        </button>
      </div>
    </>
  );
}
