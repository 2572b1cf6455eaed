/**
 * /profile's "Preferences" for a signed-in user (PUT /me/preferences): theme, notification
 * choices and the map's default radius, kept on the account so they follow the user to every
 * device. Save sends them over what the account holds (the call replaces the whole object);
 * the saved theme applies at once (accountApi adopts it).
 */
import { Fragment, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useGetMyProfileQuery, useUpdatePreferencesMutation } from '../../api/accountApi';
import { errorField, serverMessage } from '../../api/errors';
import { useAppDispatch } from '../../app/hooks';
import { Loading, Skeleton, Spinner } from '../../components/states';
import {
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

export const PREFERENCES_MESSAGES = {
  saved: 'Preferences saved',
  saveFailed: 'Could not save your preferences. Please try again.',
  unreadable: 'Your saved preferences could not be read. Reload the page to try again.',
} as const;

export const MAP_RADIUS_LABELS: Record<MapRadius, string> = {
  250: '250 m',
  500: '500 m',
  1000: '1 km',
  2000: '2 km',
};

/** The notification choices, as checkboxes. */
const NOTIFICATION_CHOICES = [
  { key: 'notify_badge_toasts', label: 'Celebrate new badges with a pop-up' },
  { key: 'notify_submission_updates', label: 'List reviews of my submissions in Notifications' },
] as const satisfies readonly { key: PreferenceKey; label: string }[];

const isPreferenceKey = (field: string | undefined): field is PreferenceKey =>
  !!field && (PREFERENCE_KEYS as readonly string[]).includes(field);

/** The edits whose values the account does not hold. */
function pendingEdits(edits: Partial<UserPreferences>, saved: UserPreferences): Partial<UserPreferences> {
  return Object.fromEntries(Object.entries(edits).filter(([k, v]) => saved[k as PreferenceKey] !== v));
}

export function PreferencesForm() {
  const dispatch = useAppDispatch();
  const profile = useGetMyProfileQuery();
  const current = profile.currentData?.preferences;
  const saved = useMemo(() => parsePreferences(current, storedTheme()), [current]);
  // Only what was changed here: the rest follows the account (a theme chosen in the menu, say).
  const [edits, setEdits] = useState<Partial<UserPreferences>>({});
  // Once the account holds an edited value (saved here or elsewhere), the edit is done.
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    setSeen(saved);
    setEdits((e) => pendingEdits(e, saved));
  }
  const [error, setError] = useState<{ field: PreferenceKey | null; message: string } | null>(null);
  const [update, { isLoading: saving }] = useUpdatePreferencesMutation();
  const id = useId();

  const draft: UserPreferences = { ...saved, ...edits };
  const changed = PREFERENCE_KEYS.some((k) => draft[k] !== saved[k]);

  const edit = <K extends PreferenceKey>(key: K, value: UserPreferences[K]) => {
    setEdits((e) => ({ ...e, [key]: value }));
    setError(null);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!changed || saving) return;
    setError(null);
    try {
      await update(toServerPreferences(draft, current)).unwrap();
      dispatch(toastShown({ type: 'success', message: PREFERENCES_MESSAGES.saved }));
    } catch (err) {
      const field = errorField(err);
      setError({ field: isPreferenceKey(field) ? field : null, message: serverMessage(err) ?? PREFERENCES_MESSAGES.saveFailed });
    }
  };

  if (!profile.currentData) {
    if (profile.isError) return <p className="muted">{PREFERENCES_MESSAGES.unreadable}</p>;
    return (
      <Loading label="Loading your preferences…">
        <Skeleton lines={3} />
      </Loading>
    );
  }

  const errorId = (key: PreferenceKey | 'form') => `${id}-${key}-error`;
  const fieldError = (key: PreferenceKey): ReactNode =>
    error?.field === key ? (
      <p id={errorId(key)} className="field__error" role="alert">
        {error.message}
      </p>
    ) : null;
  const invalid = (key: PreferenceKey) => (error?.field === key ? { 'aria-invalid': true, 'aria-describedby': errorId(key) } : {});

  return (
    <form className="form preferences-form" aria-label="Preferences" onSubmit={(e) => void save(e)} noValidate>
      <fieldset className="fieldset" aria-describedby={error?.field === 'theme' ? errorId('theme') : undefined}>
        <legend className="field__label">Theme</legend>
        <div className="preferences-form__options">
          {THEMES.map((t) => (
            <label key={t} className="checkbox">
              <input
                type="radio"
                name={`${id}-theme`}
                value={t}
                checked={draft.theme === t}
                onChange={() => edit('theme', t)}
                aria-invalid={error?.field === 'theme' || undefined}
              />
              {THEME_LABELS[t]}
            </label>
          ))}
        </div>
        {fieldError('theme')}
      </fieldset>

      <fieldset className="fieldset">
        <legend className="field__label">Notifications</legend>
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
                {label}
              </label>
              {fieldError(key)}
            </Fragment>
          ))}
        </div>
      </fieldset>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-radius`}>
          Default map radius
        </label>
        <select
          id={`${id}-radius`}
          name="map_radius_m"
          value={draft.map_radius_m}
          onChange={(e) => edit('map_radius_m', Number(e.target.value) as MapRadius)}
          aria-invalid={error?.field === 'map_radius_m' || undefined}
          aria-describedby={error?.field === 'map_radius_m' ? `${id}-radius-hint ${errorId('map_radius_m')}` : `${id}-radius-hint`}
        >
          {MAP_RADII_M.map((r) => (
            <option key={r} value={r}>
              {MAP_RADIUS_LABELS[r]}
            </option>
          ))}
        </select>
        <p id={`${id}-radius-hint`} className="field__hint">
          How far around you the map looks for artwork.
        </p>
        {fieldError('map_radius_m')}
      </div>

      {error && !error.field && (
        <p id={errorId('form')} className="field__error" role="alert">
          {error.message}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--filled" disabled={!changed || saving}>
          {saving && <Spinner />} Save preferences
        </button>
      </div>
    </form>
  );
}
