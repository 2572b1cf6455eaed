/**
 * Theme palettes (SPEC §3, §9): stored under `user-theme`, default material, applied as a
 * `data-theme` attribute whose CSS custom properties colour the whole app.
 */
import { STORAGE_KEYS } from '../config/constants';
import { messageTable } from './messageTable';
import { readItem, writeItem } from './storage';

export const THEMES = [
  'material',
  'bauhaus',
  'Vancouver',
  'DarkGallery',
  'EarthyCultural',
  'HighContrastDebug',
] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'material';

/** Each palette's name, in the language in effect when read. */
export const THEME_LABELS: Readonly<Record<ThemeName, string>> = messageTable({
  material: 'lib.theme.material',
  bauhaus: 'lib.theme.bauhaus',
  Vancouver: 'lib.theme.vancouver',
  DarkGallery: 'lib.theme.darkGallery',
  EarthyCultural: 'lib.theme.earthyCultural',
  HighContrastDebug: 'lib.theme.highContrast',
});

export function isTheme(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The stored theme, or material when none (or an unknown one) is stored. */
export function storedTheme(): ThemeName {
  const v = readItem(STORAGE_KEYS.theme);
  return isTheme(v) ? v : DEFAULT_THEME;
}

export function applyTheme(theme: ThemeName, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.style.colorScheme = theme === 'DarkGallery' ? 'dark' : 'light';
}

/** Applies and stores `theme`; unknown names fall back to the default. */
export function setTheme(theme: string): ThemeName {
  const t = isTheme(theme) ? theme : DEFAULT_THEME;
  writeItem(STORAGE_KEYS.theme, t);
  applyTheme(t);
  return t;
}
