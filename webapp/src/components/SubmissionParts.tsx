/**
 * Pieces the new-artwork and logbook forms share (the edit forms too, for the note and
 * field errors): the licence consent, the upload status, the note to the moderators, field and
 * form errors, the receipt shown once sent (or the word that it waits in the Outbox), a nearby artwork that may be the same one (also
 * in the review), and focus on the first problem after a failed submit. Their submit flow is
 * `useSubmitContribution`.
 */
import { useEffect, useId, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import type { NearbyCandidate, SubmissionReceipt } from '../api/types';
import { SIMILARITY_SHOWN_FROM, SUBMISSION } from '../config/constants';
import { to } from '../config/routes';
import { t as translate, useT } from '../i18n';
import { formatDistance } from '../lib/geo';
import type { OutboxItem } from '../lib/outbox';
import { uploadingLabel } from '../lib/photoRules';
import { Icon, type IconName } from './Icon';
import { LabelledField, type TextFieldProps } from './LabelledField';
import { PhotoImage } from './PhotoImage';
import { ErrorNote, Spinner } from './states';
import { TypeChip } from './TypeChip';
import './SubmissionParts.css';

/** Why a form with photos is not sent without the consent. */
export function consentMessage(): string {
  return translate('components.submission.consentRequired');
}

/** Why a note longer than SUBMISSION.noteMax is not sent. */
export function noteTooLongMessage(): string {
  return translate('components.submission.noteTooLong', { max: SUBMISSION.noteMax });
}

const LICENCE_URL = 'https://creativecommons.org/licenses/by-sa/4.0/';

export function ConsentField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
}) {
  const t = useT();
  const errorId = useId();
  const hintId = useId();
  return (
    <div className="field field--checkbox">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          required
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
          data-testid="consent-checkbox"
        />
        <span>{t('components.submission.consentLabel')}</span>
      </label>
      <p id={hintId} className="muted small">
        {t('components.submission.licenceHint')}{' '}
        <a href={LICENCE_URL} target="_blank" rel="noreferrer">
          {t('components.submission.aboutLicence')}
          <span className="visually-hidden"> {t('components.newTab')}</span>
        </a>
      </p>
      <ErrorNote id={errorId}>{error}</ErrorNote>
    </div>
  );
}

/** Spoken and shown while the photos upload. */
export function UploadStatus({ sending, photos }: { sending: boolean; photos: number }) {
  return (
    <p className="upload-status" role="status" aria-live="polite" data-testid="upload-status">
      {sending && (
        <>
          <Spinner /> {uploadingLabel(photos)}
        </>
      )}
    </p>
  );
}

/**
 * A field's error, below it; its id, `${id}-error`, is what `aria-describedby` names. Announced
 * as it appears, unless the form announces its errors together (`alert={false}`, under a summary).
 */
export function FieldError({ id, message, alert = true }: { id: string; message?: string | null; alert?: boolean }) {
  return (
    <ErrorNote id={`${id}-error`} alert={alert}>
      {message}
    </ErrorNote>
  );
}

/**
 * A field's box (`LabelledField`, of class `className`) for the control `id`: `children` (the
 * control, and its hint), then the field's error (`FieldError`, announced unless `alert` is false).
 */
export function FieldWithError({
  id,
  label,
  className,
  error,
  alert = true,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  error?: string | null | undefined;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <LabelledField htmlFor={id} label={label} className={className}>
      {children}
      <FieldError id={id} message={error} alert={alert} />
    </LabelledField>
  );
}

/**
 * The note to the moderators, with its length against the limit (SUBMISSION.noteMax); the
 * counter's id is `${id}-count`, its error's `${id}-error`.
 */
export function NoteField({
  id,
  label,
  value,
  onChange,
  error,
  rows = 3,
  alert = true,
  testId,
}: TextFieldProps & {
  error?: string | null | undefined;
  rows?: number;
  /** As FieldError's. */
  alert?: boolean;
  testId?: string;
}) {
  const length = value.trim().length;
  const over = length > SUBMISSION.noteMax;
  return (
    <FieldWithError id={id} label={label} error={error} alert={alert}>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        data-testid={testId}
      />
      <p id={`${id}-count`} className={`field__counter${over ? ' field__counter--over' : ''}`} aria-live={over ? 'polite' : 'off'}>
        {length}/{SUBMISSION.noteMax}
      </p>
    </FieldWithError>
  );
}

/** A form-level error (one the server gave for no field, or the network). */
export function FormError({ message, innerRef }: { message: string | null; innerRef?: RefObject<HTMLParagraphElement | null> }) {
  if (!message) return null;
  return (
    <p ref={innerRef} className="field__error form-error" role="alert" tabIndex={-1} data-testid="form-error">
      {message}
    </p>
  );
}

/** A submission form's foot: its form-level error, the upload status, submit and cancel. */
export function SubmitActions({
  label,
  testId,
  cancelTo,
  sending,
  photos,
  formError,
  formErrorRef,
}: {
  label: string;
  testId: string;
  cancelTo: string;
  sending: boolean;
  photos: number;
  formError: string | null;
  formErrorRef: RefObject<HTMLParagraphElement | null>;
}) {
  const t = useT();
  return (
    <>
      <FormError message={formError} innerRef={formErrorRef} />
      <UploadStatus sending={sending} photos={photos} />
      <div className="button-row">
        <button type="submit" className="button button--filled" disabled={sending} data-testid={testId}>
          {sending && <Spinner />} {label}
        </button>
        <Link className="button button--text" to={cancelTo}>
          {t('common.cancel')}
        </Link>
      </div>
    </>
  );
}

/** After a failed submit (each `attempt`), focus the first invalid field, else the form error. */
export function useFocusOnProblem(
  attempt: number,
  form: RefObject<HTMLFormElement | null>,
  fallback: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (attempt === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? fallback.current)?.focus();
  }, [attempt, form, fallback]);
}

/** What a page gives the receipt it shows: the heading's ref (the page focuses it), and its way on (`children`). */
interface ReceiptProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  children?: ReactNode;
}

/**
 * A receipt: its heading (`icon`, `title`; its id `id`), what it says (`children`), then the way
 * on: its own `link`, and the page's (`after`).
 */
function Receipt({
  id,
  testId,
  icon,
  title,
  headingRef,
  link,
  after,
  children,
}: {
  id: string;
  testId: string;
  icon: IconName;
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  link: { to: string; testId: string; label: string };
  after: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="receipt" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} ref={headingRef} tabIndex={-1} className="receipt__title">
        <Icon name={icon} size={24} /> {title}
      </h2>
      {children}
      <div className="button-row">
        <Link className="button button--filled" to={link.to} data-testid={link.testId}>
          {link.label}
        </Link>
        {after}
      </div>
    </section>
  );
}

/** What the server said on receiving a submission: pending, and possible duplicates. */
export function SubmissionReceiptView({ receipt, title, headingRef, children }: { receipt: SubmissionReceipt; title: string } & ReceiptProps) {
  const t = useT();
  const visit = receipt.submission_type === 'logbook';
  const seeYours = { to: to.profile(), testId: 'receipt-profile-link', label: t('components.submission.seeYours') };
  return (
    <Receipt id={`receipt-${receipt.id}`} testId="submission-receipt" icon="check" title={title} headingRef={headingRef} link={seeYours} after={children}>
      <p>
        <span className="chip chip--status chip--pending" data-testid="receipt-status">
          {t('components.submission.pending')}
        </span>{' '}
        {visit ? t('components.submission.visitNext') : t('components.submission.artworkNext')}
      </p>
      {receipt.photos.length > 0 && (
        <ul className="photo-grid" aria-label={t('components.submission.photosSent')}>
          {receipt.photos.map((p, i) => (
            <li key={p.key}>
              <PhotoImage photo={p} size="thumbnail" alt={t('components.submission.photoSent', { number: i + 1 })} />
            </li>
          ))}
        </ul>
      )}
      {!visit && receipt.nearby.length > 0 && (
        <section className="section" aria-labelledby={`dupes-${receipt.id}`}>
          <h3 id={`dupes-${receipt.id}`} className="section__title">
            {t('components.submission.duplicates')}
          </h3>
          <p className="muted small">{t('components.submission.duplicatesHint')}</p>
          <ol className="candidate-list" aria-label={t('components.submission.duplicates')}>
            {receipt.nearby.map((c) => (
              <CandidateCard key={c.id} candidate={c} />
            ))}
          </ol>
        </section>
      )}
    </Receipt>
  );
}

/** How a form ended: sent (the server's receipt), or kept in the Outbox to be sent. */
export type ContributionOutcome = { kind: 'sent'; receipt: SubmissionReceipt } | { kind: 'queued'; item: OutboxItem };

/**
 * The end of a form, its heading focused: the receipt (`sentTitle`) once the server has it, or,
 * kept in the Outbox for want of a network, that it is safe and will go. `children`: the page's
 * way on, after either.
 */
export function ContributionOutcomeView({ outcome, sentTitle, headingRef, children }: { outcome: ContributionOutcome; sentTitle: string } & ReceiptProps) {
  const t = useT();
  if (outcome.kind === 'sent') {
    return (
      <SubmissionReceiptView receipt={outcome.receipt} title={sentTitle} headingRef={headingRef}>
        {children}
      </SubmissionReceiptView>
    );
  }
  const openOutbox = { to: to.outbox(), testId: 'queued-outbox-link', label: t('components.outbox.open') };
  return (
    <Receipt id={`queued-${outcome.item.id}`} testId="queued-receipt" icon="outbox" title={t('components.outbox.queuedTitle')} headingRef={headingRef} link={openOutbox} after={children}>
      <p>{t('components.outbox.queuedBody')}</p>
    </Receipt>
  );
}

/** An approved artwork near a submission: photo, title, type, distance and, when it is at least
 * SIMILARITY_SHOWN_FROM, how similar it is; `action` is a button of the caller's (the review's
 * "Link to this artwork"). */
export function CandidateCard({ candidate: c, action, ...rest }: { candidate: NearbyCandidate; action?: ReactNode; 'data-testid'?: string }) {
  const t = useT();
  return (
    <li className="candidate" {...rest}>
      {c.thumbnail_url ? (
        <PhotoImage photo={c.thumbnail_url} alt="" className="candidate__media" />
      ) : (
        <span className="candidate__media candidate__media--placeholder" aria-hidden="true">
          <Icon name="artworks" size={24} />
        </span>
      )}
      <div className="candidate__body">
        <h4 className="candidate__title">
          <Link to={to.artwork(c.id)}>{c.title || t('components.artwork.untitled')}</Link>
        </h4>
        <p className="candidate__meta">
          <TypeChip type={c.artwork_type} />
          <span>{t('components.candidate.away', { distance: formatDistance(c.distance_m) })}</span>
          {c.similarity >= SIMILARITY_SHOWN_FROM && (
            <span>{t('components.candidate.similar', { similarity: Math.round(c.similarity * 100) / 100 })}</span>
          )}
        </p>
      </div>
      {action}
    </li>
  );
}
