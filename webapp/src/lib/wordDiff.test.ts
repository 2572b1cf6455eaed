import { describe, expect, it } from 'vitest';
import { DIFF_TOKEN_LIMIT, tokenize, wordDiff, type DiffSegment } from './wordDiff';

/** The text a diff says one side had: same segments and that side's changes, in order. */
const side = (segments: DiffSegment[], kind: 'removed' | 'added') =>
  segments
    .filter((s) => s.kind === 'same' || s.kind === kind)
    .map((s) => s.text)
    .join('');

/**
 * The segments a diff written as wdiff writes one stands for: `[-removed-]`, `{+added+}`, and
 * between them what is the same on both sides.
 */
function marked(text: string): DiffSegment[] {
  return Array.from(text.matchAll(/\[-([\s\S]*?)-\]|\{\+([\s\S]*?)\+\}|((?:(?!\[-|\{\+)[\s\S])+)/g), ([, removed, added, same]) =>
    removed !== undefined
      ? { kind: 'removed', text: removed }
      : added !== undefined
        ? { kind: 'added', text: added }
        : { kind: 'same', text: same ?? '' },
  );
}

/** `n` different words, `${word}0` to `${word}${n - 1}`, spaced. */
const words = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

function diff(before: string, after: string, limit?: number) {
  const segments = wordDiff(before, after, limit);
  // Whatever the diff, it spells both texts again.
  expect(side(segments, 'removed')).toBe(before);
  expect(side(segments, 'added')).toBe(after);
  return segments;
}

describe('tokenize', () => {
  it('splits words, whitespace runs and punctuation, keeping every character', () => {
    const text = "Don't cross  the well-known line: 49.2889, -123.1175!\n\nÉmigré 👍";
    const tokens = tokenize(text);
    expect(tokens).toEqual([
      "Don't", ' ', 'cross', '  ', 'the', ' ', 'well-known', ' ', 'line', ':', ' ',
      '49.2889', ',', ' ', '-', '123.1175', '!', '\n\n', 'Émigré', ' ', '👍',
    ]);
    expect(tokens.join('')).toBe(text);
  });
});

describe('wordDiff', () => {
  it('is checked against diffs in the wdiff notation, which read as segments', () => {
    expect(marked('A [-bronze-]{+steel+} orca\n\n[-.-]')).toEqual([
      { kind: 'same', text: 'A ' },
      { kind: 'removed', text: 'bronze' },
      { kind: 'added', text: 'steel' },
      { kind: 'same', text: ' orca\n\n' },
      { kind: 'removed', text: '.' },
    ]);
    expect(marked('')).toEqual([]);
    expect(side(marked('Hello{+,+} world[-.-]{+!+}'), 'removed')).toBe('Hello world.');
    expect(side(marked('Hello{+,+} world[-.-]{+!+}'), 'added')).toBe('Hello, world!');
  });

  // Each case is the diff expected, as wdiff writes one: the text before is what is the same and
  // `[-removed-]`, the text after what is the same and `{+added+}`.
  it.each<[string, string]>([
    ['finds nothing changed in identical texts', 'A bronze orca by the water.'],
    ['finds nothing changed in two empty texts', ''],
    ['marks one word replaced, the removed word before the added one', 'A [-bronze-]{+steel+} orca by the water.'],
    ['reads neighbouring replaced words as one change', 'The [-quick brown-]{+slow red+} fox'],
    ['keeps replacements apart when an unchanged word is between them', 'one [-two-]{+2+} three [-four-]{+4+} five'],
    ['marks words added at the start', '{+A bronze +}orca by the water'],
    ['marks words added at the end', 'Digital Orca{+ II+}'],
    ['marks words added in the middle', 'Canadian {+conceptual +}artist.'],
    ['marks everything added when there was nothing before', '{+A bronze orca+}'],
    ['marks everything removed when nothing is left', '[-A bronze orca-]'],
    ['compares punctuation apart from the words it follows', 'Hello{+,+} world[-.-]{+!+}'],
    ['adds a punctuated list after a name', 'Douglas Coupland{+, Ken Lum+}'],
    [
      'keeps paragraphs, and marks only the words that changed in a long description',
      'A bronze orca.\n\nIt stands by the {+harbour +}water.\n\nMade in [-2009-]{+2010+}.',
    ],
  ])('%s', (_case, expected) => {
    const segments = marked(expected);
    expect(diff(side(segments, 'removed'), side(segments, 'added'))).toEqual(segments);
  });

  it('diffs word by word a long text whose changes are few (the same start and end are set aside first)', () => {
    const before = `${words(3000, 'a')} middle ${words(3000, 'z')}`;
    const after = `${words(3000, 'a')} centre ${words(3000, 'z')}`;
    expect(diff(before, after).filter((s) => s.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'middle' },
      { kind: 'added', text: 'centre' },
    ]);
  });

  it('past the limit of tokens, shows the whole middle removed and the new one added', () => {
    // Every word differs: more than the limit of tokens on each side, between a shared start and end.
    const before = `Start. ${words(DIFF_TOKEN_LIMIT, 'x')} End.`;
    const after = `Start. ${words(DIFF_TOKEN_LIMIT, 'y')} End.`;
    const started = performance.now();
    expect(diff(before, after)).toEqual(marked(`Start. [-${words(DIFF_TOKEN_LIMIT, 'x')}-]{+${words(DIFF_TOKEN_LIMIT, 'y')}+} End.`));
    expect(performance.now() - started).toBeLessThan(1000);
    // The limit is on the differing middle: two changes in a short text are diffed word by word,
    // and past a limit of 4 tokens they are not.
    expect(diff('p b c d q', 'p x c y q')).toEqual(marked('p [-b-]{+x+} c [-d-]{+y+} q'));
    expect(diff('p b c d q', 'p x c y q', 4)).toEqual(marked('p [-b c d-]{+x c y+} q'));
  });
});
