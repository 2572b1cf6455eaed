/**
 * The interface language: English or French. Chosen, in order, from the account's preferences
 * (signed in, it follows the user), this device's choice (stored under `plinth-language`), the
 * browser's languages, then English. Applied as `<html lang>`; screens follow it through
 * `useLocale` (an external store, so every subscriber re-renders on a switch).
 */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../config/constants';
import { readItem, writeItem } from '../lib/storage';

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, as language pickers conventionally show them. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of the browser's languages this app speaks ("fr-CA" is French), or English. */
export function negotiate(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** This device's choice, else the browser's languages. */
export function initialLocale(): Locale {
  const stored = readItem(STORAGE_KEYS.language);
  return isLocale(stored) ? stored : negotiate(browserLanguages());
}

let current: Locale = initialLocale();
const listeners = new Set<() => void>();

function apply(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
apply(current);

export function getLocale(): Locale {
  return current;
}

/** Switches the interface language and remembers it on this device. */
export function setLocale(locale: Locale): void {
  writeItem(STORAGE_KEYS.language, locale);
  if (locale === current) return;
  current = locale;
  apply(locale);
  for (const listener of listeners) listener();
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language in effect; the calling component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLocale, getLocale);
}
