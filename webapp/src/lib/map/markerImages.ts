/**
 * Marker images drawn pixel by pixel (no canvas, no sprite file: the offline style has neither):
 * the dashed ring of a removed artwork's marker.
 */

/** A GL image: RGBA rows, `pixelRatio` device pixels per CSS pixel. */
export interface MarkerImage {
  width: number;
  height: number;
  data: Uint8Array;
  pixelRatio: number;
}

/**
 * A ring of `dashes` dashes (and as many gaps) in `color` (`#rrggbb`), `size` CSS pixels across,
 * its stroke `stroke` CSS pixels wide, drawn at twice the resolution; the edges are anti-aliased.
 */
export function dashedRingImage(color: string, size = 22, stroke = 2.5, dashes = 8): MarkerImage {
  const ratio = 2;
  const px = size * ratio;
  const data = new Uint8Array(px * px * 4);
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color.trim());
  const [r, g, b] = m ? [m[1], m[2], m[3]].map((h) => parseInt(h ?? '0', 16)) : [97, 97, 97];
  const centre = px / 2;
  const half = (stroke * ratio) / 2;
  const radius = centre - half - 1;
  for (let y = 0; y < px; y++) {
    for (let x = 0; x < px; x++) {
      const dx = x + 0.5 - centre;
      const dy = y + 0.5 - centre;
      // Coverage across the stroke (1 inside, fading over one pixel at each edge).
      const across = Math.min(1, Math.max(0, half + 0.5 - Math.abs(Math.hypot(dx, dy) - radius)));
      // Dashes: the even sectors of 2 × dashes around the ring.
      const turn = (Math.atan2(dy, dx) / (2 * Math.PI) + 1) % 1;
      const dash = Math.floor(turn * dashes * 2) % 2 === 0 ? 1 : 0;
      const i = (y * px + x) * 4;
      data[i] = r ?? 97;
      data[i + 1] = g ?? 97;
      data[i + 2] = b ?? 97;
      data[i + 3] = Math.round(255 * across * dash);
    }
  }
  return { width: px, height: px, data, pixelRatio: ratio };
}
