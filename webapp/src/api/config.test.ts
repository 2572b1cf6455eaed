import { describe, expect, it } from 'vitest';
import { readConfig } from '../config/env';
import { mapSettingsFrom } from './configApi';

const NO_OVERRIDES = { mapboxAccessToken: null, mapStyleUrl: null };
/** What an unconfigured server answers besides the map style and token. */
const SERVER = { product_name: 'Plinth', logo_url: '/favicon.svg', map_default_view: { lat: 49.2827, lng: -123.1207, zoom: 13 } };
const VANCOUVER = { lat: 49.2827, lng: -123.1207, zoom: 13 };

describe('map settings: the server’s (GET /api/config), development overrides on top', () => {
  it('uses maplibre-gl and the offline style when the server sets neither', () => {
    expect(mapSettingsFrom({ ...SERVER, map_style_url: null, mapbox_access_token: null }, NO_OVERRIDES)).toEqual({
      mapboxAccessToken: null,
      styleUrl: null,
      defaultView: VANCOUVER,
    });
    expect(mapSettingsFrom({ ...SERVER, mapbox_access_token: '  ' }, NO_OVERRIDES).mapboxAccessToken).toBeNull();
  });

  it('falls back to the same when /api/config could not be read', () => {
    expect(mapSettingsFrom(undefined, NO_OVERRIDES)).toEqual({ mapboxAccessToken: null, styleUrl: null, defaultView: VANCOUVER });
  });

  it('takes the server’s token and style, resolving a relative style on this origin', () => {
    expect(
      mapSettingsFrom({ ...SERVER, map_style_url: '/styles/a.json', mapbox_access_token: ' pk.abc ' }, NO_OVERRIDES),
    ).toEqual({ mapboxAccessToken: 'pk.abc', styleUrl: 'http://localhost:5173/styles/a.json', defaultView: VANCOUVER });
  });

  it('lets the development overrides win', () => {
    expect(
      mapSettingsFrom(
        { ...SERVER, map_style_url: 'https://a.example/style.json', mapbox_access_token: 'pk.server' },
        { mapboxAccessToken: 'pk.dev', mapStyleUrl: 'https://b.example/style.json' },
      ),
    ).toEqual({ mapboxAccessToken: 'pk.dev', styleUrl: 'https://b.example/style.json', defaultView: VANCOUVER });
  });

  it('opens the map where the instance says', () => {
    const montreal = { lat: 45.5017, lng: -73.5673, zoom: 12 };
    expect(mapSettingsFrom({ ...SERVER, map_default_view: montreal }, NO_OVERRIDES).defaultView).toEqual(montreal);
  });
});

describe('build-time configuration', () => {
  const env = { VITE_MAPBOX_ACCESS_TOKEN: 'pk.dev', VITE_MAP_STYLE_URL: 'https://b.example/style.json', VITE_SUPPORT_EMAIL: 'help@example.org' };

  it('reads the map overrides in development', () => {
    expect(readConfig({ ...env, DEV: true })).toEqual({
      mapboxAccessToken: 'pk.dev',
      mapStyleUrl: 'https://b.example/style.json',
      supportEmail: 'help@example.org',
    });
  });

  it('ignores them in production builds, where the server’s settings apply', () => {
    expect(readConfig({ ...env, DEV: false })).toEqual({ mapboxAccessToken: null, mapStyleUrl: null, supportEmail: 'help@example.org' });
  });
});
