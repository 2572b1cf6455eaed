/**
 * A word-level diff of two texts, for showing what a proposed edit changes: the texts split into
 * words, runs of whitespace and single punctuation marks, and the longest common subsequence of
 * those tokens kept as "same"; the rest is "removed" (only in the text before) or "added" (only in
 * the text after). Within a change, what was removed comes before what was added, so
 * "quick brown" → "slow red" reads as one removal and one addition, not four pieces.
 *
 * Same and removed segments, in order, spell the text before; same and added ones the text after.
 *
 * The work is bounded: the common start and end are taken off first (cheap, and usually most of a
 * long text), and past `DIFF_TOKEN_LIMIT` tokens of what is left on either side, the diff is
 * that whole middle removed and the whole new middle added, rather than a table of n × m cells.
 */

export type DiffKind = 'same' | 'added' | 'removed';

export interface DiffSegment {
  kind: DiffKind;
  text: string;
}

/** Past this many differing tokens on either side, no word-by-word diff (it would take n × m steps). */
export const DIFF_TOKEN_LIMIT = 2000;

/**
 * Whitespace runs; words (letters, digits, marks, `_`, joined by an inner apostrophe, hyphen or
 * dot: "don't", "well-known", "49.2889"); any other character alone (punctuation, symbols).
 */
const TOKEN = /\s+|[\p{L}\p{N}\p{M}_]+(?:['’.-][\p{L}\p{N}\p{M}_]+)*|[^\s]/gu;

/** `text` as the diff's tokens; joined, they are `text` again. */
export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

const isSpace = (token: string) => /^\s+$/.test(token);

export function wordDiff(before: string, after: string, limit: number = DIFF_TOKEN_LIMIT): DiffSegment[] {
  const a = tokenize(before);
  const b = tokenize(after);

  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }

  const ops: DiffSegment[] = [];
  const push = (kind: DiffKind, text: string) => ops.push({ kind, text });
  a.slice(0, start).forEach((t) => push('same', t));
  middle(a.slice(start, endA), b.slice(start, endB), limit, push);
  a.slice(endA).forEach((t) => push('same', t));
  return grouped(ops);
}

/** The tokens of the differing middles, one op each, in order. */
function middle(a: string[], b: string[], limit: number, push: (kind: DiffKind, text: string) => void) {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0 || n > limit || m > limit) {
    a.forEach((t) => push('removed', t));
    b.forEach((t) => push('added', t));
    return;
  }
  // lcs[i * (m + 1) + j]: the longest common subsequence of a[i..] and b[j..] (at most `limit`,
  // which fits 16 bits while the limit does).
  const width = m + 1;
  const lcs = limit < 0xffff ? new Uint16Array((n + 1) * width) : new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push('same', a[i++]!);
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      push('removed', a[i++]!);
    } else {
      push('added', b[j++]!);
    }
  }
  while (i < n) push('removed', a[i++]!);
  while (j < m) push('added', b[j++]!);
}

/**
 * Ops as segments: runs of the same kind joined; within a change (removed and added ops with no
 * "same" between them), the removed text first, then the added text. Whitespace that both sides
 * share between two changes that together replace words belongs to both, so "quick brown" →
 * "slow red" reads as one change rather than two.
 */
function grouped(ops: DiffSegment[]): DiffSegment[] {
  // Alternating runs: unchanged tokens, and changes.
  const runs: Array<{ same: boolean; ops: DiffSegment[] }> = [];
  for (const op of ops) {
    const same = op.kind === 'same';
    const last = runs.at(-1);
    if (last && last.same === same) last.ops.push(op);
    else runs.push({ same, ops: [op] });
  }

  const out: DiffSegment[] = [];
  const emit = (kind: DiffKind, text: string) => {
    const last = out.at(-1);
    if (!text) return;
    if (last?.kind === kind) last.text += text;
    else out.push({ kind, text });
  };
  const replaces = (change: DiffSegment[]) => change.some((o) => o.kind === 'removed') && change.some((o) => o.kind === 'added');
  const emitChange = (change: DiffSegment[]) => {
    const side = (kind: DiffKind) =>
      change
        .filter((o) => o.kind === kind || o.kind === 'same')
        .map((o) => o.text)
        .join('');
    emit('removed', side('removed'));
    emit('added', side('added'));
  };

  let change: DiffSegment[] | null = null;
  for (let k = 0; k < runs.length; k++) {
    const run = runs[k]!;
    if (!run.same) {
      change = change ? [...change, ...run.ops] : run.ops;
      continue;
    }
    const next = runs[k + 1];
    if (change && next && run.ops.every((o) => isSpace(o.text)) && replaces([...change, ...next.ops])) {
      change = [...change, ...run.ops];
      continue;
    }
    if (change) emitChange(change);
    change = null;
    run.ops.forEach((o) => emit('same', o.text));
  }
  if (change) emitChange(change);
  return out;
}
