/**
 * A small JPEG of a photo for the Outbox's list, so it shows what waits without decoding every
 * full-size photo again: a data URL (a few kilobytes), which an `img` shows with no object URL
 * to create and revoke. Null where the browser cannot decode the photo (HEIC in most) or has no
 * canvas (tests): the list then shows an icon.
 */

/** The longer side of a thumbnail, in pixels (twice the size shown, for sharp screens). */
export const THUMBNAIL_SIZE = 160;

export async function thumbnailOf(photo: Blob, size = THUMBNAIL_SIZE): Promise<string | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  try {
    // Turned as its EXIF orientation says (the default in current browsers).
    const bitmap = await createImageBitmap(photo);
    const scale = Math.min(1, size / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) {
      bitmap.close();
      return null;
    }
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.75);
  } catch {
    return null;
  }
}
