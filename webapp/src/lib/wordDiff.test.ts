import { describe, expect, it } from 'vitest';
import { DIFF_TOKEN_LIMIT, tokenize, wordDiff, type DiffSegment } from './wordDiff';

/** The text a diff says one side had: same segments and that side's changes, in order. */
const side = (segments: DiffSegment[], kind: 'removed' | 'added') =>
  segments
    .filter((s) => s.kind === 'same' || s.kind === kind)
    .map((s) => s.text)
    .join('');

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
  it('finds nothing changed in identical texts', () => {
    expect(diff('A bronze orca by the water.', 'A bronze orca by the water.')).toEqual([
      { kind: 'same', text: 'A bronze orca by the water.' },
    ]);
    expect(diff('', '')).toEqual([]);
  });

  it.each<[string, string, string, DiffSegment[]]>([
    [
      'marks one word replaced, the removed word before the added one',
      'A bronze orca by the water.',
      'A steel orca by the water.',
      [
        { kind: 'same', text: 'A ' },
        { kind: 'removed', text: 'bronze' },
        { kind: 'added', text: 'steel' },
        { kind: 'same', text: ' orca by the water.' },
      ],
    ],
    [
      'reads neighbouring replaced words as one change',
      'The quick brown fox',
      'The slow red fox',
      [
        { kind: 'same', text: 'The ' },
        { kind: 'removed', text: 'quick brown' },
        { kind: 'added', text: 'slow red' },
        { kind: 'same', text: ' fox' },
      ],
    ],
    [
      'keeps replacements apart when an unchanged word is between them',
      'one two three four five',
      'one 2 three 4 five',
      [
        { kind: 'same', text: 'one ' },
        { kind: 'removed', text: 'two' },
        { kind: 'added', text: '2' },
        { kind: 'same', text: ' three ' },
        { kind: 'removed', text: 'four' },
        { kind: 'added', text: '4' },
        { kind: 'same', text: ' five' },
      ],
    ],
    [
      'marks words added at the start',
      'orca by the water',
      'A bronze orca by the water',
      [
        { kind: 'added', text: 'A bronze ' },
        { kind: 'same', text: 'orca by the water' },
      ],
    ],
    [
      'marks words added at the end',
      'Digital Orca',
      'Digital Orca II',
      [
        { kind: 'same', text: 'Digital Orca' },
        { kind: 'added', text: ' II' },
      ],
    ],
    [
      'marks words added in the middle',
      'Canadian artist.',
      'Canadian conceptual artist.',
      [
        { kind: 'same', text: 'Canadian ' },
        { kind: 'added', text: 'conceptual ' },
        { kind: 'same', text: 'artist.' },
      ],
    ],
    ['marks everything added when there was nothing before', '', 'A bronze orca', [{ kind: 'added', text: 'A bronze orca' }]],
    ['marks everything removed when nothing is left', 'A bronze orca', '', [{ kind: 'removed', text: 'A bronze orca' }]],
  ])('%s', (_case, before, after, segments) => {
    expect(diff(before, after)).toEqual(segments);
  });

  it('compares punctuation apart from the words it follows', () => {
    expect(diff('Hello world.', 'Hello, world!')).toEqual([
      { kind: 'same', text: 'Hello' },
      { kind: 'added', text: ',' },
      { kind: 'same', text: ' world' },
      { kind: 'removed', text: '.' },
      { kind: 'added', text: '!' },
    ]);
    expect(diff('Douglas Coupland', 'Douglas Coupland, Ken Lum')).toEqual([
      { kind: 'same', text: 'Douglas Coupland' },
      { kind: 'added', text: ', Ken Lum' },
    ]);
  });

  it('keeps paragraphs, and marks only the words that changed in a long description', () => {
    const before = 'A bronze orca.\n\nIt stands by the water.\n\nMade in 2009.';
    const after = 'A bronze orca.\n\nIt stands by the harbour water.\n\nMade in 2010.';
    expect(diff(before, after)).toEqual([
      { kind: 'same', text: 'A bronze orca.\n\nIt stands by the ' },
      { kind: 'added', text: 'harbour ' },
      { kind: 'same', text: 'water.\n\nMade in ' },
      { kind: 'removed', text: '2009' },
      { kind: 'added', text: '2010' },
      { kind: 'same', text: '.' },
    ]);
  });

  it('diffs word by word a long text whose changes are few (the same start and end are set aside first)', () => {
    const words = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
    const before = `${words(3000, 'a')} middle ${words(3000, 'z')}`;
    const after = `${words(3000, 'a')} centre ${words(3000, 'z')}`;
    expect(diff(before, after).filter((s) => s.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'middle' },
      { kind: 'added', text: 'centre' },
    ]);
  });

  it('past the limit of tokens, shows the whole middle removed and the new one added', () => {
    const words = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
    // Every word differs: more than the limit of tokens on each side, between a shared start and end.
    const before = `Start. ${words(DIFF_TOKEN_LIMIT, 'x')} End.`;
    const after = `Start. ${words(DIFF_TOKEN_LIMIT, 'y')} End.`;
    const started = performance.now();
    expect(diff(before, after)).toEqual([
      { kind: 'same', text: 'Start. ' },
      { kind: 'removed', text: words(DIFF_TOKEN_LIMIT, 'x') },
      { kind: 'added', text: words(DIFF_TOKEN_LIMIT, 'y') },
      { kind: 'same', text: ' End.' },
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
    // The limit is on the differing middle: two changes in a short text are diffed word by word,
    // and past a limit of 4 tokens they are not.
    expect(diff('p b c d q', 'p x c y q')).toEqual([
      { kind: 'same', text: 'p ' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: ' c ' },
      { kind: 'removed', text: 'd' },
      { kind: 'added', text: 'y' },
      { kind: 'same', text: ' q' },
    ]);
    expect(diff('p b c d q', 'p x c y q', 4)).toEqual([
      { kind: 'same', text: 'p ' },
      { kind: 'removed', text: 'b c d' },
      { kind: 'added', text: 'x c y' },
      { kind: 'same', text: ' q' },
    ]);
  });
});
