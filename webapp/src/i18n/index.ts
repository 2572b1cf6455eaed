/**
 * Translation: `t('map.nearYou', { count })` formats a catalogue message (ICU MessageFormat) in
 * the language in effect. Components call `useT()`, which also re-renders them on a language
 * switch; code outside React (toasts built in a thunk, text helpers) calls `t` directly.
 * Dates and numbers go through `formatNumber`/`formatDate*` (lib/format.ts) in the same language.
 */
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { Fragment, createElement, type ReactNode } from 'react';
import { logger } from '../lib/logger';
import { catalogues, type MessageKey } from './catalogue';
import { LOCALES, getLocale, useLocale, type Locale } from './locale';

export type { MessageKey } from './catalogue';
export { LOCALE_NAMES, LOCALES, getLocale, isLocale, setLocale, useLocale, type Locale } from './locale';

export type MessageValues = Record<string, PrimitiveType | Date>;
/** Tags in a message (`<link>here</link>`) rendered by a function of their content. */
export type RichValues = Record<string, PrimitiveType | Date | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

const compiled = new Map<string, IntlMessageFormat>();

function formatter(locale: Locale, key: MessageKey): IntlMessageFormat | null {
  const id = `${locale}\u0000${key}`;
  let f = compiled.get(id);
  if (!f) {
    // A key the language lacks falls back to English (the catalogue test keeps this from shipping).
    const message = catalogues[locale][key] ?? catalogues.en[key];
    if (message === undefined) return null;
    f = new IntlMessageFormat(message, locale, undefined, { ignoreTag: false });
    compiled.set(id, f);
  }
  return f;
}

function format(locale: Locale, key: MessageKey, values?: RichValues): string | ReactNode[] {
  try {
    const f = formatter(locale, key);
    if (!f) {
      logger.error('Missing message', { key });
      return key;
    }
    const out = f.format<ReactNode>(values as Record<string, PrimitiveType | ReactNode>);
    return Array.isArray(out) ? out : typeof out === 'string' ? out : [out];
  } catch (error) {
    logger.error('Message failed to format', { key, error });
    return key;
  }
}

/** The message in `locale` (default: the language in effect), as plain text. */
export function t(key: MessageKey, values?: MessageValues, locale: Locale = getLocale()): string {
  const out = format(locale, key, values);
  return typeof out === 'string' ? out : out.map(String).join('');
}

/** The message with its tags rendered: `rich('help.more', { link: (c) => <a href=…>{c}</a> })`. */
export function rich(key: MessageKey, values: RichValues, locale: Locale = getLocale()): ReactNode {
  const out = format(locale, key, values);
  if (typeof out === 'string') return out;
  return createElement(Fragment, null, ...out.map((part, i) => createElement(Fragment, { key: i }, part)));
}

export interface Translator {
  (key: MessageKey, values?: MessageValues): string;
  rich: (key: MessageKey, values: RichValues) => ReactNode;
  locale: Locale;
}

function translatorFor(locale: Locale): Translator {
  return Object.assign((key: MessageKey, values?: MessageValues) => t(key, values, locale), {
    rich: (key: MessageKey, values: RichValues) => rich(key, values, locale),
    locale,
  });
}

const translators = Object.fromEntries(LOCALES.map((l) => [l, translatorFor(l)])) as Record<Locale, Translator>;

/** `t` bound to the language in effect; the component re-renders when the language changes. */
export function useT(): Translator {
  return translators[useLocale()];
}
