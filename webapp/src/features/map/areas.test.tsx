import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapArea, MapBounds, MapViewport } from '../../lib/map';
import { setLocale } from '../../i18n';
import { AREA_FILE, areaList, fileArea, gridArea } from '../../testing/areas';
import { apiError, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { renderRoute, type Who } from '../../testing/render';
import { areaViewFor, toMapArea } from './mapAreas';

const fake = vi.hoisted(() => ({
  areas: [] as Array<{ areas: MapArea[]; attribution: string | null | undefined }>,
  fits: [] as MapBounds[],
  moveEnd: null as null | ((v: MapViewport) => void),
  viewport: {
    center: { lat: 49.2827, lng: -123.1207 },
    zoom: 15,
    bounds: { north: 49.2861, south: 49.2793, east: -123.1122, west: -123.1292 },
  },
}));

vi.mock('../../lib/map', async (importOriginal) =>
  (await import('../../testing/fakeMap')).fakeMapModule(importOriginal, () => ({
    setAreas: (areas, attribution) => void fake.areas.push({ areas, attribution }),
    fitBounds: (b) => void fake.fits.push(b),
    getViewport: () => fake.viewport,
    onMoveEnd: (cb) => {
      fake.moveEnd = cb;
      return () => undefined;
    },
  })),
);

const NEARBY = () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 });
/** The view the map above shows, as the areas calls ask it. */
const VIEW = { north: '49.29', south: '49.27', east: '-123.11', west: '-123.13' };

function server(routes: Record<string, Handler>) {
  return mockFetch({ 'GET /api/artworks/nearby': NEARBY, ...routes });
}

const panel = () => screen.findByRole('region', { name: 'Areas to finish' });
const lastDrawn = () => fake.areas.at(-1);

function open(path: string, who: Who = 'anonymous') {
  return renderRoute(path, { who });
}

beforeEach(() => {
  fake.areas = [];
  fake.fits = [];
  fake.moveEnd = null;
});

describe('the view the Areas layer asks for', () => {
  it('is widened to whole hundredths of a degree, so small pans ask the same', () => {
    expect(areaViewFor(fake.viewport.bounds)).toEqual({ north: 49.29, south: 49.27, east: -123.11, west: -123.13 });
    expect(areaViewFor({ north: 49.2862, south: 49.2794, east: -123.1121, west: -123.1291 })).toEqual(areaViewFor(fake.viewport.bounds));
  });

  it('stays within the world, and asks for every longitude across the antimeridian', () => {
    expect(areaViewFor({ north: 89.999, south: -89.999, east: 179.999, west: -179.999 })).toEqual({ north: 90, south: -90, east: 180, west: -180 });
    expect(areaViewFor({ north: 10, south: 0, east: 190, west: 170 })).toEqual({ north: 10, south: 0, east: 180, west: -180 });
  });

  it('draws each area by its shape and progress', () => {
    expect(toMapArea(gridArea())).toEqual({
      key: 'g:5476:-8384',
      shapes: null,
      bounds: { north: 49.293, south: 49.284, east: -123.114, west: -123.128 },
      progress: null,
      finished: false,
    });
    expect(toMapArea(fileArea())).toMatchObject({ key: 'kits', shapes: fileArea().shapes, progress: 0.4, finished: false });
  });
});

describe('the map’s Areas layer', () => {
  it('shows anyone the areas in view with how many artworks each holds, outlined', async () => {
    const { callsTo } = server({ 'GET /api/areas': () => areaList([gridArea()]) });
    open('/?areas=1');
    const areas = await panel();
    const list = await within(areas).findByRole('list', { name: 'Areas in view' });
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('Downtown · 49.288, -123.121');
    expect(row).toHaveTextContent('3 artworks');
    expect(within(row).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(Object.fromEntries(callsTo('/api/areas')[0]!.url.searchParams)).toEqual(VIEW);
    expect(callsTo('/api/me/areas')).toHaveLength(0);
    expect(within(areas).getByRole('checkbox', { name: 'Show areas on the map' })).toBeChecked();
    expect(within(areas).getByText('Sign in to see how many artworks of each area you have visited or added.')).toBeInTheDocument();
    expect(within(areas).getByRole('list', { name: 'Area shading' })).toHaveTextContent('An area and its artworks');
    expect(within(areas).getByText('Areas are squares of about 1 km, named by their place.')).toBeInTheDocument();
    await waitFor(() => expect(lastDrawn()).toEqual({ areas: [toMapArea(gridArea())], attribution: null }));
  });

  it('shows someone signed in how many they have seen of each, shaded, finished ones marked, with the file’s attribution', async () => {
    const begun = fileArea({ seen: 2, artworks: 5 });
    const done = gridArea({ key: 'g:1:1', name: 'Gastown', seen: 3, artworks: 3, finished: true });
    const { callsTo } = server({ 'GET /api/me/areas': () => areaList([begun, done], { file: AREA_FILE }) });
    open('/?areas=1', 'user');
    const areas = await panel();
    const list = await within(areas).findByRole('list', { name: 'Areas in view' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('2 of 5 seen');
    const bar = within(first!).getByRole('progressbar', { name: 'Seen in Kitsilano' });
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', '5');
    expect(first).not.toHaveTextContent('Finished');
    expect(second).toHaveTextContent('3 of 3 seen');
    expect(second).toHaveTextContent('Finished');
    expect(Object.fromEntries(callsTo('/api/me/areas')[0]!.url.searchParams)).toEqual(VIEW);
    expect(callsTo('/api/areas')).toHaveLength(0);
    const legend = within(areas).getByRole('list', { name: 'Area shading' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual([
      'Not begun',
      'Begun: darker as you see more',
      'Finished: every artwork seen',
    ]);
    expect(within(areas).getByText('Areas: Local area boundaries. Boundaries: City of Vancouver, Open Government Licence')).toBeInTheDocument();
    await waitFor(() => expect(lastDrawn()?.areas).toHaveLength(2));
    expect(lastDrawn()).toEqual({ areas: [toMapArea(begun), toMapArea(done)], attribution: AREA_FILE.attribution });
    expect(lastDrawn()!.areas.map((a) => [a.progress, a.finished])).toEqual([
      [0.4, false],
      [1, true],
    ]);
  });

  it('says to zoom in when the view is too wide for grid cells, and draws none', async () => {
    server({ 'GET /api/areas': () => areaList([], { too_wide: true }) });
    open('/?areas=1');
    expect(await within(await panel()).findByText('Zoom in to see areas.')).toBeInTheDocument();
    await waitFor(() => expect(fake.areas.length).toBeGreaterThan(0));
    expect(lastDrawn()!.areas).toEqual([]);
    // With the panel closed, the toolbar says it.
    await userEvent.click(screen.getByRole('button', { name: 'Close the areas' }));
    expect(screen.getByRole('note')).toHaveTextContent('Zoom in to see areas.');
  });

  it('is turned on from the toolbar, kept in the URL, and off from its panel', async () => {
    const { callsTo } = server({ 'GET /api/areas': () => areaList([gridArea()]) });
    const { router } = open('/');
    const button = await screen.findByRole('button', { name: 'Areas' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(callsTo('/api/areas')).toHaveLength(0);
    await userEvent.click(button);
    expect(new URLSearchParams(router.state.location.search).get('areas')).toBe('1');
    expect(await within(await panel()).findByText('3 artworks')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Areas/ })).toHaveAttribute('aria-expanded', 'true');

    // Closing the panel keeps the layer, and the toolbar says it is shown.
    await userEvent.click(screen.getByRole('button', { name: 'Close the areas' }));
    expect(screen.queryByRole('region', { name: 'Areas to finish' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Areas (shown on the map)' })).toHaveAttribute('aria-expanded', 'false');
    expect(lastDrawn()!.areas).toHaveLength(1);

    // Turned off in the panel: gone from the URL and the map.
    await userEvent.click(screen.getByRole('button', { name: 'Areas (shown on the map)' }));
    await userEvent.click(within(await panel()).getByRole('checkbox', { name: 'Show areas on the map' }));
    expect(new URLSearchParams(router.state.location.search).has('areas')).toBe(false);
    await waitFor(() => expect(lastDrawn()!.areas).toEqual([]));
    expect(within(await panel()).queryByRole('list', { name: 'Areas in view' })).not.toBeInTheDocument();
  });

  it('follows the map as it moves', async () => {
    const { callsTo } = server({ 'GET /api/areas': () => areaList([gridArea()]) });
    open('/?areas=1');
    await within(await panel()).findByText('3 artworks');
    act(() => fake.moveEnd?.({ center: { lat: 49.3, lng: -123 }, zoom: 15, bounds: { north: 49.305, south: 49.295, east: -122.99, west: -123.01 } }));
    await waitFor(() => expect(callsTo('/api/areas')).toHaveLength(2));
    expect(Object.fromEntries(callsTo('/api/areas')[1]!.url.searchParams)).toEqual({ north: '49.31', south: '49.29', east: '-122.99', west: '-123.01' });
  });

  it('shows an area on the map from its row', async () => {
    server({ 'GET /api/areas': () => areaList([gridArea()]) });
    open('/?areas=1');
    const areas = await panel();
    await userEvent.click(await within(areas).findByRole('button', { name: 'Show Downtown · 49.288, -123.121 on the map' }));
    expect(fake.fits).toEqual([{ north: 49.293, south: 49.284, east: -123.114, west: -123.128 }]);
  });

  it('opens fitted to the area a link names, then lets the box go from the URL', async () => {
    server({ 'GET /api/me/areas': () => areaList([fileArea()]) });
    const { router } = open('/?areas=1&fit=-123.18,49.26,-123.14,49.28', 'user');
    await waitFor(() => expect(fake.fits).toEqual([{ north: 49.28, south: 49.26, east: -123.14, west: -123.18 }]));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('fit')).toBe(false));
    expect(new URLSearchParams(router.state.location.search).get('areas')).toBe('1');
    expect(await within(await panel()).findByText('2 of 5 seen')).toBeInTheDocument();
  });

  it('says when the areas could not be loaded, and tries again', async () => {
    let fail = true;
    server({ 'GET /api/areas': () => (fail ? apiError(500, 'INTERNAL_ERROR', 'Something broke') : areaList([gridArea()])) });
    open('/?areas=1');
    const areas = await panel();
    const alert = await within(areas).findByRole('alert');
    expect(alert).toHaveTextContent('The areas could not be loaded');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(areas).findByText('3 artworks')).toBeInTheDocument();
  });

  it('speaks French when the interface does', async () => {
    setLocale('fr');
    server({ 'GET /api/me/areas': () => areaList([fileArea()]) });
    open('/?areas=1', 'user');
    const areas = await screen.findByRole('region', { name: 'Zones à terminer' });
    expect(await within(areas).findByText('2 sur 5 vues')).toBeInTheDocument();
    expect(within(areas).getByRole('progressbar', { name: 'Vues dans Kitsilano' })).toBeInTheDocument();
    expect(within(areas).getByRole('checkbox', { name: 'Afficher les zones sur la carte' })).toBeChecked();
  });
});
