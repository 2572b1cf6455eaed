/**
 * The account's preferences (PUT /me/preferences, GET /me/profile `preferences`), typed. The
 * server keeps any flat object, so what it holds is read defensively: a missing, unknown or
 * invalid value means that key's default. Keys other clients may have stored are kept on save.
 */
import type { Preferences } from '../api/types';
import { NEARBY } from '../config/constants';
import { isLocale, setLocale, type Locale } from '../i18n/locale';
import { DEFAULT_THEME, isTheme, setTheme, storedTheme, type ThemeName } from './theme';

/** The radii (metres) one may choose for the map's "near you" search. */
export const MAP_RADII_M = [250, 500, 1000, 2000] as const;
export type MapRadius = (typeof MAP_RADII_M)[number];

export interface UserPreferences {
  /** The palette (SPEC §3); signed in, it follows the account to every device. */
  theme: ThemeName;
  /** Celebrate a newly earned badge with a toast and confetti. */
  notify_badge_toasts: boolean;
  /** List the reviews of one's submissions (approved, rejected) in Notifications. */
  notify_submission_updates: boolean;
  /** The radius the map searches around you by default (SPEC §9: nearby radius 500). */
  map_radius_m: MapRadius;
}

export type PreferenceKey = keyof UserPreferences;
export const PREFERENCE_KEYS = ['theme', 'notify_badge_toasts', 'notify_submission_updates', 'map_radius_m'] as const satisfies readonly PreferenceKey[];

export const DEFAULT_PREFERENCES: Readonly<UserPreferences> = {
  theme: DEFAULT_THEME,
  notify_badge_toasts: true,
  notify_submission_updates: true,
  map_radius_m: NEARBY.defaultRadius,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isMapRadius(value: unknown): value is MapRadius {
  return typeof value === 'number' && (MAP_RADII_M as readonly number[]).includes(value);
}

const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** The theme the account holds, or null when it holds none (or one this app does not know). */
export function accountTheme(raw: unknown): ThemeName | null {
  return isRecord(raw) && isTheme(raw.theme) ? raw.theme : null;
}

/**
 * Typed preferences from whatever the server holds. `theme` is used when the account holds no
 * valid theme (this device's choice, when reading a signed-in user's).
 */
export function parsePreferences(raw: unknown, theme: ThemeName = DEFAULT_PREFERENCES.theme): UserPreferences {
  const p = isRecord(raw) ? raw : {};
  return {
    theme: accountTheme(p) ?? theme,
    notify_badge_toasts: bool(p.notify_badge_toasts, DEFAULT_PREFERENCES.notify_badge_toasts),
    notify_submission_updates: bool(p.notify_submission_updates, DEFAULT_PREFERENCES.notify_submission_updates),
    map_radius_m: isMapRadius(p.map_radius_m) ? p.map_radius_m : DEFAULT_PREFERENCES.map_radius_m,
  };
}

/**
 * The PUT /me/preferences body: `prefs` over what the account holds now, since the call
 * replaces the whole object and other clients may keep keys of their own there.
 */
export function toServerPreferences(prefs: UserPreferences, current: Preferences | null | undefined = {}): Preferences {
  return {
    ...(current ?? {}),
    theme: prefs.theme,
    notify_badge_toasts: prefs.notify_badge_toasts,
    notify_submission_updates: prefs.notify_submission_updates,
    map_radius_m: prefs.map_radius_m,
  };
}

/** The radius (metres) the map's "near you" search starts with. */
export function defaultMapRadius(prefs: Partial<Pick<UserPreferences, 'map_radius_m'>> | null | undefined): MapRadius {
  const r = prefs?.map_radius_m;
  return isMapRadius(r) ? r : DEFAULT_PREFERENCES.map_radius_m;
}

/** The language the account holds, or null when it holds none (or one this app does not speak). */
export function accountLanguage(raw: unknown): Locale | null {
  return isRecord(raw) && isLocale(raw.language) ? raw.language : null;
}

/**
 * Signed in, the account's theme and language win over this device's: applied at once and
 * stored locally, so the next load starts in them with no flash. An account without one leaves
 * the device's.
 */
export function adoptAccountPreferences(raw: unknown): void {
  const theme = accountTheme(raw);
  if (theme && (theme !== storedTheme() || document.documentElement.dataset.theme !== theme)) setTheme(theme);
  const language = accountLanguage(raw);
  if (language) setLocale(language);
}
