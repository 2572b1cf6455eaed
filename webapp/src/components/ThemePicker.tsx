/**
 * Choose one of the six palettes; the choice is stored and applied at once. Signed in, it is
 * also saved to the account's preferences, so it follows the user to other devices (and the
 * account's theme, applied on each profile read, does not undo it).
 */
import { useId, useState } from 'react';
import { useGetMyProfileQuery, useUpdatePreferencesMutation } from '../api/accountApi';
import { selectIsAuthenticated } from '../api/session';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { logger } from '../lib/logger';
import { accountTheme } from '../lib/preferences';
import { setTheme, storedTheme, THEME_LABELS, THEMES, type ThemeName } from '../lib/theme';
import { toastShown } from '../lib/ui';
import { ValueOptions } from './Select';

export const THEME_SAVE_FAILED = 'Could not save the theme to your account';

export function ThemePicker() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { currentData: profile } = useGetMyProfileQuery(undefined, { skip: !signedIn });
  const [savePreferences] = useUpdatePreferencesMutation();
  const account = signedIn ? accountTheme(profile?.preferences) : null;
  const [theme, setShown] = useState<ThemeName>(() => account ?? storedTheme());
  // Signed in, the account's theme is the one in effect (applied as the profile is read): follow it.
  const [seen, setSeen] = useState(account);
  if (account !== seen) {
    setSeen(account);
    if (account) setShown(account);
  }
  const id = useId();

  const choose = (value: string) => {
    const t = setTheme(value);
    setShown(t);
    // Only over preferences read: the call replaces them all.
    if (!signedIn || !profile) return;
    savePreferences({ ...profile.preferences, theme: t })
      .unwrap()
      .catch((error: unknown) => {
        logger.warn(THEME_SAVE_FAILED, { error });
        dispatch(toastShown({ type: 'error', message: THEME_SAVE_FAILED }));
        // The account keeps its theme, which wins on the next read: show it now.
        if (account) setShown(setTheme(account));
      });
  };

  return (
    <div className="field field--compact">
      <label htmlFor={id} className="field__label">
        Theme
      </label>
      <select id={id} value={theme} onChange={(e) => choose(e.target.value)}>
        <ValueOptions values={THEMES} label={(t) => THEME_LABELS[t]} />
      </select>
    </div>
  );
}
