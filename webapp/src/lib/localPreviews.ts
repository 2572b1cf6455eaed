/**
 * Local previews of the photos this page just sent. The server makes a photo's variants a
 * moment after upload (until then its URLs answer 404), so the sender's own photos show from
 * the files they chose meanwhile. Kept for the life of the page.
 */

const previews = new Map<string, string>();

/** Pairs the stored photos of a receipt with the files sent, in order. */
export function rememberLocalPreviews(photos: ReadonlyArray<{ key: string }>, files: readonly File[]): void {
  photos.forEach((p, i) => {
    const file = files[i];
    if (!file || previews.has(p.key) || typeof URL.createObjectURL !== 'function') return;
    previews.set(p.key, URL.createObjectURL(file));
  });
}

export function localPreview(key: string | undefined): string | null {
  return key ? (previews.get(key) ?? null) : null;
}
