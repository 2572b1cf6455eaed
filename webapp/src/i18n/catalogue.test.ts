import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { FILES } from './catalogue';
import { getLocale, negotiate, setLocale } from './locale';
import { t } from './index';

/** The arguments and tags a message uses, with their kinds: `count:plural`, `link:tag`. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
    into.add(`${e.value}:${TYPE[e.type]}`);
    if (e.type === TYPE.plural || e.type === TYPE.select) for (const o of Object.values(e.options)) argumentsOf(o.value, into);
    if (e.type === TYPE.tag) argumentsOf(e.children, into);
  }
  return into;
}

const namespaces = Object.keys(FILES.en) as (keyof typeof FILES.en)[];

describe.each(namespaces)('the %s catalogue', (ns) => {
  const english: Record<string, string> = FILES.en[ns];
  const french: Record<string, string> = FILES.fr[ns];

  it('names every key after its namespace', () => {
    for (const key of [...Object.keys(english), ...Object.keys(french)]) expect(key.startsWith(`${ns}.`), key).toBe(true);
  });

  it('has every English message in French, and nothing more', () => {
    expect(Object.keys(french).sort()).toEqual(Object.keys(english).sort());
  });

  it('has messages that parse, are not empty, and use the same arguments in both languages', () => {
    for (const [key, message] of Object.entries(english)) {
      const translated = french[key] ?? '';
      expect(message.trim(), key).not.toBe('');
      expect(translated.trim(), key).not.toBe('');
      expect([...argumentsOf(parse(translated))].sort(), key).toEqual([...argumentsOf(parse(message))].sort());
    }
  });
});

describe('the language', () => {
  it('is negotiated from the browser languages, French regional variants included', () => {
    expect(negotiate(['fr-CA', 'en'])).toBe('fr');
    expect(negotiate(['de-DE', 'en-GB'])).toBe('en');
    expect(negotiate(['de'])).toBe('en');
    expect(negotiate([])).toBe('en');
  });

  it('switches the messages, plurals and <html lang>', () => {
    expect(t('common.artworks', { count: 1 })).toBe('1 artwork');
    setLocale('fr');
    expect(getLocale()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(t('common.artworks', { count: 2 })).toBe('2 œuvres');
    expect(t('common.artworks', { count: 0 })).toBe('0 œuvre');
    setLocale('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('common.artworks', { count: 0 })).toBe('0 artworks');
  });
});
