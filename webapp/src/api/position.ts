/**
 * Read-your-writes (DESIGN §4): write responses carry `X-Event-Position` (`<tx>-<pos>`); reads
 * send the highest one seen as `X-Min-Position` so the server answers only once it has caught up.
 */

export const EVENT_POSITION_HEADER = 'X-Event-Position';
export const MIN_POSITION_HEADER = 'X-Min-Position';

const FORMAT = /^(\d+)-(\d+)$/;
let highest: { tx: bigint; pos: bigint; raw: string } | null = null;

function parse(raw: string): { tx: bigint; pos: bigint; raw: string } | null {
  const m = FORMAT.exec(raw.trim());
  if (!m?.[1] || !m[2]) return null;
  return { tx: BigInt(m[1]), pos: BigInt(m[2]), raw: `${m[1]}-${m[2]}` };
}

/** Remembers `raw` when it is later than anything seen; malformed values are ignored. */
export function notePosition(raw: string | null | undefined): void {
  if (!raw) return;
  const p = parse(raw);
  if (!p) return;
  if (!highest || p.tx > highest.tx || (p.tx === highest.tx && p.pos > highest.pos)) highest = p;
}

export function minPosition(): string | null {
  return highest?.raw ?? null;
}

export function resetPositions(): void {
  highest = null;
}
