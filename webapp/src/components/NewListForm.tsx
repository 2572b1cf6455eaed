/**
 * A name field that creates one of the caller's lists (POST /lists): the server's name rule is
 * checked first, in its words, and a refusal about the name shows under the field; any other
 * failure is an error toast. `onCreated` runs with the new list (the dialog saves the artwork to it).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorField, errorMessage } from '../api/errors';
import { listNameError, useCreateListMutation } from '../api/listsApi';
import { useAppDispatch } from '../app/hooks';
import { useT } from '../i18n';
import { toastShown } from '../lib/ui';
import { Spinner } from './states';
import './SaveToggles.css';

export interface CreatedList {
  id: string;
  name: string;
}

export function NewListForm({
  label,
  submitLabel,
  offerPublic = false,
  onCreated,
}: {
  /** Default: "New list name". */
  label?: string;
  /** Default: "Create list". */
  submitLabel?: string;
  /** Also a "Public" checkbox (lists are private unless asked). */
  offerPublic?: boolean;
  onCreated?: (list: CreatedList) => void | Promise<void>;
}) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [create] = useCreateListMutation();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = name.trim();
    const found = listNameError(value);
    setProblem(found);
    if (found) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { id } = await create(offerPublic ? { name: value, public: isPublic } : { name: value }).unwrap();
      setName('');
      setIsPublic(false);
      await onCreated?.({ id, name: value });
    } catch (err) {
      if (errorField(err) === 'name') {
        setProblem(errorMessage(err));
        input.current?.focus();
      } else {
        dispatch(toastShown({ type: 'error', message: t('components.newList.failed', { reason: errorMessage(err) }) }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="new-list-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
      <label className="field">
        <span className="field__label">{label ?? t('components.newList.label')}</span>
        <input
          ref={input}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (problem) setProblem(null);
          }}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
      </label>
      {offerPublic && (
        <label className="checkbox">
          <input type="checkbox" checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} /> {t('components.newList.public')}
        </label>
      )}
      <button type="submit" className="button button--filled" disabled={busy}>
        {busy && <Spinner />} {submitLabel ?? t('components.newList.submit')}
      </button>
      {problem && (
        <p id={errorId} className="field__error new-list-form__error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
