/**
 * The preferences in effect for every screen: the account's (GET /me/profile `preferences`,
 * typed in `lib/preferences`) when signed in, else this device's. A hook beside the components
 * that read them, since the map and notifications features both need it and features never
 * import each other.
 */
import { useMemo } from 'react';
import { useGetMyProfileQuery } from '../api/accountApi';
import { selectIsAuthenticated } from '../api/session';
import { useAppSelector } from '../app/hooks';
import { parsePreferences, type UserPreferences } from '../lib/preferences';
import { storedTheme } from '../lib/theme';

/** Where the effective preferences come from: this device (signed out, or the account's unreadable), or the account. */
export type PreferencesSource = 'device' | 'loading' | 'account';
export type EffectivePreferences = UserPreferences & { source: PreferencesSource };

/**
 * The preferences in effect: the account's when signed in (defaults for what it does not hold,
 * this device's theme if it holds none), else the defaults with this device's theme. While the
 * account's are being read, `source` is 'loading' and the values are those defaults.
 */
export function usePreferences(): EffectivePreferences {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { currentData, error } = useGetMyProfileQuery(undefined, { skip: !signedIn });
  const stored = signedIn ? currentData?.preferences : undefined;
  // A failed read stays 'device' while it is retried (a re-read keeps the error until it answers).
  const source: PreferencesSource = !signedIn || (error && !currentData) ? 'device' : currentData ? 'account' : 'loading';
  return useMemo(() => ({ ...parsePreferences(stored, storedTheme()), source }), [stored, source]);
}
