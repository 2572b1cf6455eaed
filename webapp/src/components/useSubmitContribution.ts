/**
 * The submit flow the new-artwork and logbook forms share (POST /logbook): the form's own checks,
 * one Idempotency-Key per draft (sending again after a lost answer cannot record it twice), the
 * "sending" state, the server's error shown at its field or above the button (the server's own
 * text, SPEC §8), focus on the first problem after a failed attempt, and on success the
 * fast-upload session cleared, a toast and the receipt handed to the page. A field's error goes
 * as soon as the person fixes it (`useFieldProblems`).
 *
 * With no network (the browser says it is offline, or the send got no answer at all) the draft
 * is not lost: it goes to the Outbox (lib/outbox) with its photos and the same Idempotency-Key,
 * to be sent once the network is back, as whoever made it (the item records who is signed in
 * now), and the form ends as after a save, saying so. An answer from the server (a 400 and the
 * like) still shows at its field: the Outbox could not fix it.
 *
 * It lives in components/ beside SubmissionParts (the pieces these forms already share) because
 * features never import each other.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorField, errorMessage } from '../api/errors';
import { useSubmitLogbookMutation, type LogbookForm } from '../api/submissionsApi';
import type { SubmissionReceipt } from '../api/types';
import { getToken } from '../api/token';
import { useAppDispatch, useAppStore } from '../app/hooks';
import { clearFastUpload } from '../lib/fastUpload';
import { useFieldProblems, type Problem } from '../lib/fieldProblems';
import { isNoAnswer, makerOf, outbox, type OutboxItem } from '../lib/outbox';
import { announce } from '../lib/announcer';
import { toastShown } from '../lib/ui';
import { t as translate } from '../i18n';
import { randomUuid } from '../lib/uuid';
import type { LatLon } from './LocationField';
import { useFocusOnProblem, type ContributionOutcome } from './SubmissionParts';

/** A message per field in trouble. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The fields every POST /logbook form has. */
export type CommonField = 'photos' | 'notes' | 'location';

/** The server's `details.field` for the fields every such form has → the form's field. */
const COMMON_SERVER_FIELDS: Readonly<Record<string, CommonField>> = {
  photos: 'photos',
  notes: 'notes',
  lat: 'location',
  lon: 'location',
};

export interface ContributionMessages {
  /** The toast once the server has it. */
  sent: string;
  /** When a failure carries no message of its own. */
  failed: string;
}

export interface SubmitContributionOptions<F extends string> {
  /** The form's own checks; nothing is sent while any field has a message. */
  validate: () => FieldErrors<F | CommonField>;
  /**
   * A field's value as the person has it now, the same value (by identity) until they change it:
   * an error the server gave about the field shows until then.
   */
  valueAt: (field: F | CommonField) => unknown;
  /** Where: nothing is sent without it. */
  location: LatLon | null;
  /** What else to send, once `validate` found nothing. */
  draft: () => Omit<LogbookForm, 'idempotencyKey' | 'lat' | 'lon'>;
  /**
   * The server's `details.field` → the form's field, for the form's own fields (photos, notes,
   * lat and lon are known); an error about no known field shows above the button.
   */
  serverFields: Readonly<Record<string, F | CommonField>>;
  /** The form's field for a `details.field` that `serverFields` does not list (one detail's `tag:<key>`), if any. */
  serverFieldOf?: (named: string) => F | undefined;
  messages: ContributionMessages;
  onSent: (receipt: SubmissionReceipt) => void;
  /** Kept in the Outbox for want of a network: the item. */
  onQueued: (item: OutboxItem) => void;
}

/** A form's checks as a list of problems. */
function problemsOf<F extends string>(errors: FieldErrors<F>): Problem<F>[] {
  return (Object.entries(errors) as Array<[F, string | undefined]>).flatMap(([field, message]) => (message ? [{ field, message }] : []));
}

export function useSubmitContribution<F extends string>({
  validate,
  valueAt,
  location,
  draft,
  serverFields,
  serverFieldOf,
  messages,
  onSent,
  onQueued,
}: SubmitContributionOptions<F>) {
  const { problems, found, refused } = useFieldProblems<F | CommonField>(() => problemsOf(validate()), valueAt);
  const errors: FieldErrors<F | CommonField> = {};
  for (const p of problems) errors[p.field] ??= p.message;
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [send, { isLoading: posting }] = useSubmitLogbookMutation();
  // Putting a draft in the Outbox (its photos into the browser's storage) takes a moment too.
  const [queueing, setQueueing] = useState(false);
  const sending = posting || queueing;
  // One key per draft: sending again after a lost answer cannot record it twice.
  const idempotencyKey = useRef(randomUuid());
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const formRef = useRef<HTMLFormElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  useFocusOnProblem(attempt, formRef, formErrorRef);

  const onSubmit = async (ev?: FormEvent) => {
    ev?.preventDefault();
    if (sending) return;
    setFormError(null);
    const own = problemsOf(validate());
    found(own);
    if (own.length > 0 || !location) {
      setAttempt((a) => a + 1);
      return;
    }
    const form = { ...draft(), lat: location.lat, lon: location.lon, idempotencyKey: idempotencyKey.current };
    // That draft is recorded, or kept to be: whatever is sent next is another one.
    const done = () => {
      idempotencyKey.current = randomUuid();
      clearFastUpload();
    };
    /** Into the Outbox, having tried `attempts` times (`problem`: why that got no answer). */
    const queue = async (attempts: number, problem?: string) => {
      setQueueing(true);
      try {
        const { photos, idempotencyKey: key, ...rest } = form;
        const maker = makerOf(store.getState().session, getToken());
        const item = await outbox().add({ form: rest, photos, idempotencyKey: key, attempts, maker, ...(problem ? { problem } : {}) });
        done();
        const message = translate('components.outbox.saved');
        dispatch(toastShown({ type: 'info', message }));
        announce(message);
        onQueued(item);
      } catch {
        // The browser would not keep it (storage full or refused): the form keeps it instead.
        setFormError(translate('components.outbox.notSaved'));
        setAttempt((a) => a + 1);
      } finally {
        setQueueing(false);
      }
    };
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      await queue(0);
      return;
    }
    try {
      const receipt = await send(form).unwrap();
      done();
      dispatch(toastShown({ type: 'success', message: messages.sent }));
      onSent(receipt);
    } catch (err) {
      if (isNoAnswer(err)) {
        await queue(1, errorMessage(err));
        return;
      }
      const fields: Readonly<Record<string, F | CommonField>> = { ...COMMON_SERVER_FIELDS, ...serverFields };
      const named = errorField(err) ?? '';
      const field = fields[named] ?? serverFieldOf?.(named);
      const message = errorMessage(err, messages.failed);
      if (field) refused([{ field, message }]);
      else setFormError(message);
      setAttempt((a) => a + 1);
    }
  };

  /** `aria-describedby` for field `f` whose input has `id`: `extra` (a hint), then its error. */
  const describedBy = (f: F | CommonField, id: string, extra?: string) =>
    [extra, errors[f] ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;

  /** The attributes of field `f`'s control (`id`): invalid while the field has an error, described as `describedBy` says. */
  const controlProps = (f: F | CommonField, id: string, extra?: string) => ({
    id,
    'aria-invalid': errors[f] ? (true as const) : undefined,
    'aria-describedby': describedBy(f, id, extra),
  });

  return { onSubmit, sending, errors, formError, describedBy, controlProps, formRef, formErrorRef };
}

/** The page around such a form: how it ended once it has (`ContributionOutcomeView` shows it), with its heading focused. */
export function useSentReceipt() {
  const [outcome, setOutcome] = useState<ContributionOutcome | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (outcome) headingRef.current?.focus();
  }, [outcome]);
  return {
    outcome,
    onSent: (receipt: SubmissionReceipt) => setOutcome({ kind: 'sent', receipt }),
    onQueued: (item: OutboxItem) => setOutcome({ kind: 'queued', item }),
    headingRef,
  };
}
