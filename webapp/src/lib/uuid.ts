/** A random RFC 4122 version-4 UUID: `crypto.randomUUID` when present, else built by hand. */
export function randomUuid(): string {
  const c: Crypto | undefined = typeof crypto !== 'undefined' ? crypto : undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A short, readable reference for error reports, e.g. `ERR-LX2Q9K-7F3A`. */
export function referenceId(now: number = Date.now()): string {
  const rand = randomUuid().replace(/-/g, '').slice(0, 4).toUpperCase();
  return `ERR-${now.toString(36).toUpperCase()}-${rand}`;
}
