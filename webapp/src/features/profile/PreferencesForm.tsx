/**
 * /profile's "Preferences" for a signed-in user (PUT /me/preferences): theme, language,
 * notification choices and the map's default radius, kept on the account so they follow the
 * user to every device. Save sends them over what the account holds (the call replaces the whole
 * object); the saved theme and language apply at once (accountApi adopts the answer's).
 */
import { Fragment, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useGetMyProfileQuery, useUpdatePreferencesMutation } from '../../api/accountApi';
import { errorField, serverMessage } from '../../api/errors';
import { useAppDispatch } from '../../app/hooks';
import { LabelledField } from '../../components/LabelledField';
import { ValueOptions } from '../../components/Select';
import { Loading, Skeleton, Spinner } from '../../components/states';
import { t as translate, LOCALE_NAMES, LOCALES, useT, type Locale, type MessageKey } from '../../i18n';
import {
  accountLanguage,
  MAP_RADII_M,
  parsePreferences,
  PREFERENCE_KEYS,
  toServerPreferences,
  type MapRadius,
  type PreferenceKey,
  type UserPreferences,
} from '../../lib/preferences';
import { storedTheme, THEME_LABELS, THEMES } from '../../lib/theme';
import { toastShown } from '../../lib/ui';

/** Units, the same in every language this app speaks. */
export const MAP_RADIUS_LABELS: Record<MapRadius, string> = {
  250: '250 m',
  500: '500 m',
  1000: '1 km',
  2000: '2 km',
};

/** The notification choices, as checkboxes. */
const NOTIFICATION_CHOICES = [
  { key: 'notify_badge_toasts', label: 'profile.preferences.notifyBadges' },
  { key: 'notify_submission_updates', label: 'profile.preferences.notifySubmissions' },
] as const satisfies readonly { key: PreferenceKey; label: MessageKey }[];

/**
 * What the form edits: the typed preferences and the interface language (the account's, or this
 * device's while the account holds none).
 */
type FormValues = UserPreferences & { language: Locale };
type FormKey = keyof FormValues;
const FORM_KEYS = [...PREFERENCE_KEYS, 'language'] as const satisfies readonly FormKey[];

const isFormKey = (field: string | undefined): field is FormKey => !!field && (FORM_KEYS as readonly string[]).includes(field);

/** The edits whose values the account does not hold. */
function pendingEdits(edits: Partial<FormValues>, saved: FormValues): Partial<FormValues> {
  return Object.fromEntries(Object.entries(edits).filter(([k, v]) => saved[k as FormKey] !== v));
}

export function PreferencesForm() {
  const t = useT();
  const dispatch = useAppDispatch();
  const profile = useGetMyProfileQuery();
  const current = profile.currentData?.preferences;
  const saved = useMemo<FormValues>(
    () => ({ ...parsePreferences(current, storedTheme()), language: accountLanguage(current) ?? t.locale }),
    [current, t.locale],
  );
  // Only what was changed here: the rest follows the account (a theme chosen in the menu, say).
  const [edits, setEdits] = useState<Partial<FormValues>>({});
  // Once the account holds an edited value (saved here or elsewhere), the edit is done.
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    setSeen(saved);
    setEdits((e) => pendingEdits(e, saved));
  }
  const [error, setError] = useState<{ field: FormKey | null; message: string } | null>(null);
  const [update, { isLoading: saving }] = useUpdatePreferencesMutation();
  const id = useId();

  const draft: FormValues = { ...saved, ...edits };
  const changed = FORM_KEYS.some((k) => draft[k] !== saved[k]);

  const edit = <K extends FormKey>(key: K, value: FormValues[K]) => {
    setEdits((e) => ({ ...e, [key]: value }));
    setError(null);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!changed || saving) return;
    setError(null);
    const body = toServerPreferences(draft, current);
    // The language is sent once chosen here (or kept as the account holds it): an account
    // without one goes on following each device's.
    if (draft.language !== saved.language) body.language = draft.language;
    try {
      const answer = await update(body).unwrap();
      // Said in the language just saved, which the answer switches the screen to.
      const language = accountLanguage(answer) ?? undefined;
      dispatch(toastShown({ type: 'success', message: translate('profile.preferences.saved', undefined, language) }));
    } catch (err) {
      const field = errorField(err);
      setError({ field: isFormKey(field) ? field : null, message: serverMessage(err) ?? translate('profile.preferences.saveFailed') });
    }
  };

  if (!profile.currentData) {
    if (profile.isError) return <p className="muted">{t('profile.preferences.unreadable')}</p>;
    return (
      <Loading label={t('profile.preferences.loading')}>
        <Skeleton lines={3} />
      </Loading>
    );
  }

  const errorId = (key: FormKey | 'form') => `${id}-${key}-error`;
  const fieldError = (key: FormKey): ReactNode =>
    error?.field === key ? (
      <p id={errorId(key)} className="field__error" role="alert">
        {error.message}
      </p>
    ) : null;
  const invalid = (key: PreferenceKey) => (error?.field === key ? { 'aria-invalid': true, 'aria-describedby': errorId(key) } : {});

  return (
    <form className="form preferences-form" aria-label={t('profile.preferences.title')} onSubmit={(e) => void save(e)} noValidate>
      <Choices
        legend={t('profile.preferences.theme')}
        name={`${id}-theme`}
        values={THEMES}
        labelOf={(theme) => THEME_LABELS[theme]}
        chosen={draft.theme}
        onChoose={(theme) => edit('theme', theme)}
        error={fieldError('theme')}
        errorId={error?.field === 'theme' ? errorId('theme') : undefined}
      />
      <Choices
        legend={t('common.language')}
        name={`${id}-language`}
        values={LOCALES}
        labelOf={(locale) => LOCALE_NAMES[locale]}
        // Each language by its own name, in its own language.
        langOf={(locale) => locale}
        chosen={draft.language}
        onChoose={(locale) => edit('language', locale)}
        error={fieldError('language')}
        errorId={error?.field === 'language' ? errorId('language') : undefined}
      />

      <fieldset className="fieldset">
        <legend className="field__label">{t('profile.preferences.notifications')}</legend>
        <div className="preferences-form__options preferences-form__options--stacked">
          {NOTIFICATION_CHOICES.map(({ key, label }) => (
            <Fragment key={key}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  name={key}
                  checked={draft[key]}
                  onChange={(e) => edit(key, e.target.checked)}
                  {...invalid(key)}
                />
                {t(label)}
              </label>
              {fieldError(key)}
            </Fragment>
          ))}
        </div>
      </fieldset>

      <LabelledField htmlFor={`${id}-radius`} label={t('profile.preferences.radius')}>
        <select
          id={`${id}-radius`}
          name="map_radius_m"
          value={draft.map_radius_m}
          onChange={(e) => edit('map_radius_m', Number(e.target.value) as MapRadius)}
          aria-invalid={error?.field === 'map_radius_m' || undefined}
          aria-describedby={error?.field === 'map_radius_m' ? `${id}-radius-hint ${errorId('map_radius_m')}` : `${id}-radius-hint`}
        >
          <ValueOptions values={MAP_RADII_M} label={(r) => MAP_RADIUS_LABELS[r]} />
        </select>
        <p id={`${id}-radius-hint`} className="field__hint">
          {t('profile.preferences.radiusHint')}
        </p>
        {fieldError('map_radius_m')}
      </LabelledField>

      {error && !error.field && (
        <p id={errorId('form')} className="field__error" role="alert">
          {error.message}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--filled" disabled={!changed || saving}>
          {saving && <Spinner />} {t('profile.preferences.save')}
        </button>
      </div>
    </form>
  );
}

/** One value of several, as radio buttons under a legend, with the field's error. */
function Choices<V extends string>({
  legend,
  name,
  values,
  labelOf,
  langOf,
  chosen,
  onChoose,
  error,
  errorId,
}: {
  legend: string;
  name: string;
  values: readonly V[];
  labelOf: (value: V) => string;
  langOf?: (value: V) => string;
  chosen: V;
  onChoose: (value: V) => void;
  error: ReactNode;
  /** Set when the field is in error. */
  errorId: string | undefined;
}) {
  return (
    <fieldset className="fieldset" aria-describedby={errorId}>
      <legend className="field__label">{legend}</legend>
      <div className="preferences-form__options">
        {values.map((value) => (
          <label key={value} className="checkbox" lang={langOf?.(value)}>
            <input type="radio" name={name} value={value} checked={chosen === value} onChange={() => onChoose(value)} aria-invalid={errorId ? true : undefined} />
            {labelOf(value)}
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}
