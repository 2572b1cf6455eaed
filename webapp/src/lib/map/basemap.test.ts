import { describe, expect, it, vi } from 'vitest';
import { loadRemoteStyle } from './basemap';

const STYLE = { version: 8, sources: { streets: { type: 'vector', url: 'https://tiles.example/planet' } }, layers: [] };

const answering = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));

describe('the remote basemap', () => {
  it('is the style document the host answers', async () => {
    const fetcher = answering(STYLE);
    await expect(loadRemoteStyle('https://tiles.example/styles/liberty', fetcher)).resolves.toEqual(STYLE);
    expect(fetcher).toHaveBeenCalledWith('https://tiles.example/styles/liberty', expect.objectContaining({ credentials: 'omit' }));
  });

  it('is given up when the host cannot be reached, errs, or answers something else than a style', async () => {
    const unreachable = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(loadRemoteStyle('https://tiles.example/s', unreachable)).resolves.toBeNull();
    await expect(loadRemoteStyle('https://tiles.example/s', answering(STYLE, 503))).resolves.toBeNull();
    await expect(loadRemoteStyle('https://tiles.example/s', answering({ html: true }))).resolves.toBeNull();
  });

  it('is given up when the host does not answer before the deadline', async () => {
    const silent = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')));
        }),
    );
    await expect(loadRemoteStyle('https://tiles.example/s', silent, 20)).resolves.toBeNull();
  });
});
