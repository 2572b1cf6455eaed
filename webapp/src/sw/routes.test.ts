import { describe, expect, it } from 'vitest';
import { basemapPrefixes, isKeepable, strategyFor, styleUrlOf } from './routes';

const ORIGIN = 'https://plinth.example';
const SITE = { origin: ORIGIN, precached: new Set(['/index.html', '/favicon.svg', '/assets/index-abc.js']) };
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: path.startsWith('http') ? path : `${ORIGIN}${path}`, mode });

describe('what the service worker does with a request', () => {
  it('answers the app’s pages network-first, with the cached shell offline', () => {
    for (const path of ['/', '/outbox', '/artwork/123?as_of=2026-01-01', '/logbook/1']) expect(strategyFor(get(path, 'navigate'), SITE)).toBe('page');
  });

  it('answers built and public files from the cache first', () => {
    expect(strategyFor(get('/assets/index-abc.js', 'no-cors'), SITE)).toBe('asset');
    // A lazy chunk not precached (the other map engine's) is kept at its first load.
    expect(strategyFor(get('/assets/mapbox-gl-xyz.js'), SITE)).toBe('asset');
    expect(strategyFor(get('/favicon.svg', 'no-cors'), SITE)).toBe('asset');
  });

  it('keeps the public answers the map needs: the configuration and the artworks nearby', () => {
    expect(strategyFor(get('/api/config'), SITE)).toBe('data');
    expect(strategyFor(get('/api/artworks/nearby?lat=49.28&lon=-123.12&radius=4490&limit=250&minimal=true'), SITE)).toBe('data');
  });

  it.each([
    '/api/me/submissions',
    '/api/auth/status',
    '/api/artworks/123',
    '/api/me/notifications/unread-count',
    '/api/images/thumbnail/abc',
    '/api/artworks/nearby/extra',
  ])('never keeps %s: another /api answer may be private', (path) => {
    expect(strategyFor(get(path), SITE)).toBeNull();
    expect(strategyFor(get(path, 'navigate'), SITE)).toBeNull();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never touches a %s', (method) => {
    expect(strategyFor({ method, url: `${ORIGIN}/api/logbook`, mode: 'cors' }, SITE)).toBeNull();
    expect(strategyFor({ method, url: `${ORIGIN}/api/config`, mode: 'cors' }, SITE)).toBeNull();
    expect(strategyFor({ method, url: `${ORIGIN}/`, mode: 'navigate' }, SITE)).toBeNull();
  });

  it('leaves other sites alone, but for the configured basemap', () => {
    expect(strategyFor(get('https://tiles.example/planet/1/2/3.pbf'), SITE)).toBeNull();
    const basemap = ['https://tiles.example/styles/liberty', 'https://tiles.example/planet/'];
    expect(strategyFor(get('https://tiles.example/styles/liberty'), { ...SITE, basemap })).toBe('basemap');
    expect(strategyFor(get('https://tiles.example/planet/1/2/3.pbf'), { ...SITE, basemap })).toBe('basemap');
    expect(strategyFor(get('https://tiles.example/other/1/2/3.pbf'), { ...SITE, basemap })).toBeNull();
    expect(strategyFor(get('/api/tiles/1/2/3.pbf'), { ...SITE, basemap: [`${ORIGIN}/api/tiles/`] })).toBe('basemap');
  });

  it('ignores what is not http', () => {
    expect(strategyFor({ method: 'GET', url: 'chrome-extension://abc/x.js', mode: 'no-cors' }, SITE)).toBeNull();
    expect(strategyFor({ method: 'GET', url: 'not a url', mode: 'cors' }, SITE)).toBeNull();
  });
});

describe('the basemap kept offline', () => {
  it('is the style the configuration names, absolute; none for the built-in one', () => {
    expect(styleUrlOf({ success: true, data: { map_style_url: 'https://tiles.example/styles/liberty' } }, ORIGIN)).toBe('https://tiles.example/styles/liberty');
    expect(styleUrlOf({ data: { map_style_url: '/styles/local.json' } }, ORIGIN)).toBe(`${ORIGIN}/styles/local.json`);
    expect(styleUrlOf({ data: { map_style_url: null } }, ORIGIN)).toBeNull();
    expect(styleUrlOf({ data: { map_style_url: 'javascript:alert(1)' } }, ORIGIN)).toBeNull();
    expect(styleUrlOf(null, ORIGIN)).toBeNull();
  });

  it('takes the tiles, glyphs and sprites the style names on its host or this site, not a third party’s', () => {
    const style = {
      version: 8,
      glyphs: 'https://tiles.example/fonts/{fontstack}/{range}.pbf',
      sprite: 'https://tiles.example/sprites/ofm',
      sources: {
        streets: { type: 'vector', url: 'https://tiles.example/planet' },
        local: { type: 'raster', tiles: [`${ORIGIN}/tiles/{z}/{x}/{y}.png`] },
        elsewhere: { type: 'raster', tiles: ['https://third.example/{z}/{x}/{y}.png'] },
        bare: { type: 'raster', tiles: ['https://tiles.example/{z}/{x}/{y}.png'] },
      },
      layers: [],
    };
    expect(basemapPrefixes('https://tiles.example/styles/liberty', style, ORIGIN).sort()).toEqual(
      [
        'https://tiles.example/styles/liberty',
        'https://tiles.example/fonts/',
        'https://tiles.example/sprites/ofm',
        'https://tiles.example/planet',
        `${ORIGIN}/tiles/`,
      ].sort(),
    );
    expect(basemapPrefixes('https://tiles.example/s.json', 'not a style', ORIGIN)).toEqual(['https://tiles.example/s.json']);
  });
});

describe('an answer kept', () => {
  const res = (status: number, headers: Record<string, string> = {}, type = 'basic') => ({
    ok: status >= 200 && status < 300,
    status,
    type,
    headers: new Headers(headers),
  });

  it('is a whole, successful one the server did not mark private', () => {
    expect(isKeepable(res(200))).toBe(true);
    expect(isKeepable(res(200, { 'Cache-Control': 'public, max-age=60' }, 'cors'))).toBe(true);
    expect(isKeepable(res(200, { 'Cache-Control': 'private' }))).toBe(false);
    expect(isKeepable(res(200, { 'Cache-Control': 'no-store' }))).toBe(false);
    expect(isKeepable(res(206))).toBe(false);
    expect(isKeepable(res(404))).toBe(false);
    expect(isKeepable(res(0, {}, 'opaque'))).toBe(false);
  });
});
