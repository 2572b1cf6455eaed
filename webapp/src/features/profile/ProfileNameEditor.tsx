/**
 * The profile-name field of /profile: availability is checked by the server as you type
 * (GET /me/profile-check, debounced), and its message shown when the name is invalid or taken;
 * Save sends PATCH /me/profile and shows the server's refusal (400 rule, 409 taken) inline.
 */
import { useId, useState, type FormEvent } from 'react';
import { useCheckProfileNameQuery, useUpdateProfileMutation } from '../../api/accountApi';
import { serverMessage } from '../../api/errors';
import { useAppDispatch } from '../../app/hooks';
import { LabelledField } from '../../components/LabelledField';
import { ErrorNote, Spinner } from '../../components/states';
import { PROFILE_NAME_CHECK_DEBOUNCE_MS } from '../../config/constants';
import { t as translate, useT } from '../../i18n';
import { useDebouncedValue } from '../../lib/hooks';
import { toastShown } from '../../lib/ui';

/** Remount (key) it when the saved name changes: the draft starts from the saved name. */
export function ProfileNameEditor({ current }: { current: string | null }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState(current ?? '');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [update, { isLoading: saving }] = useUpdateProfileMutation();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const name = draft.trim();
  const changed = name !== '' && name !== (current ?? '');
  const debounced = useDebouncedValue(name, PROFILE_NAME_CHECK_DEBOUNCE_MS);
  const settled = debounced === name;
  const check = useCheckProfileNameQuery(debounced, { skip: !changed || !settled });
  const result = changed && settled ? check.currentData : undefined;
  const refused = !!result && (!result.valid || !result.available);

  let hint: string | null = null;
  let ok = false;
  if (changed) {
    if (!settled || check.isFetching) hint = t('profile.name.checking');
    else if (result && refused) hint = result.message || t(result.valid ? 'profile.name.taken' : 'profile.name.invalid');
    else if (result) {
      hint = t('profile.name.available', { name });
      ok = true;
    }
  }

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!changed || refused) return;
    setSaveError(null);
    try {
      await update({ profile_name: name }).unwrap();
      dispatch(toastShown({ type: 'success', message: translate('profile.name.saved') }));
    } catch (err) {
      setSaveError(serverMessage(err) ?? translate('profile.name.saveFailed'));
    }
  };

  const describedBy = [hint ? hintId : null, saveError ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <form className="profile-name-form" onSubmit={(e) => void save(e)} noValidate>
      <LabelledField htmlFor={inputId} label={t('profile.name.label')}>
        <input
          id={inputId}
          type="text"
          name="profile_name"
          autoComplete="nickname"
          autoCapitalize="none"
          spellCheck={false}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setSaveError(null);
          }}
          aria-invalid={refused || !!saveError || undefined}
          aria-describedby={describedBy}
        />
      </LabelledField>
      <p id={hintId} className={`field__hint${ok ? ' field__hint--ok' : ''}`} aria-live="polite">
        {hint ?? (current ? null : t('profile.name.hint'))}
      </p>
      <ErrorNote id={errorId}>{saveError}</ErrorNote>
      <div className="button-row">
        <button type="submit" className="button button--filled" disabled={!changed || refused || saving}>
          {saving && <Spinner />} {t('common.save')}
        </button>
      </div>
    </form>
  );
}
