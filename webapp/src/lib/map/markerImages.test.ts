import { describe, expect, it } from 'vitest';
import { splitRemoved } from './glMap';
import { dashedRingImage } from './markerImages';

describe('the removed layer’s markers', () => {
  it('go to a source of their own', () => {
    const a = { id: 'a', title: 'A', type: 'mural', lat: 1, lng: 2 };
    const b = { ...a, id: 'b', removed: true };
    expect(splitRemoved([a, b])).toEqual({ active: [a], removed: [b] });
  });

  it('have a dashed ring: opaque on the ring’s dashes, clear in its gaps and inside', () => {
    const img = dashedRingImage('#757575', 22, 2.5, 8);
    expect([img.width, img.height, img.pixelRatio, img.data.length]).toEqual([44, 44, 2, 44 * 44 * 4]);
    const alpha = (x: number, y: number) => img.data[(y * img.width + x) * 4 + 3];
    const radius = 22 - 2.5 - 1;
    // Along the ring's centre line: eight dashes, each followed by a gap.
    const around = Array.from({ length: 64 }, (_, k) => {
      const t = ((k + 0.5) / 64) * 2 * Math.PI;
      return alpha(Math.floor(22 + radius * Math.cos(t)), Math.floor(22 + radius * Math.sin(t)))!;
    });
    const runs = around.map((a) => a > 128).filter((on, i, all) => on !== all[(i + all.length - 1) % all.length]);
    expect(runs.length).toBe(16);
    expect(Math.max(...around)).toBe(255);
    expect(alpha(22, 22)).toBe(0);
    expect(img.data.slice(0, 3)).toEqual(new Uint8Array([0x75, 0x75, 0x75]));
  });
});
