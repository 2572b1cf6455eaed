import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateMapOptions, MapPoint, MapViewport } from '../../lib/map';
import type { AddItem } from '../../api/types';
import { setLocale } from '../../i18n';
import { apiError, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { customList, listArtwork, listPage, LOVED_ID, savedCounts, systemLists, VISITED_ID, WALK_ID } from '../../testing/lists';
import { renderRoute } from '../../testing/render';

const fake = vi.hoisted(() => {
  const state = {
    points: [] as unknown[],
    moveEnd: null as null | ((v: unknown) => void),
    click: null as null | ((p: unknown) => void),
    created: [] as CreateMapOptions[],
    basemap: 'offline' as 'remote' | 'offline' | 'fallback',
    viewport: {
      center: { lat: 49.2827, lng: -123.1207 },
      zoom: 13,
      bounds: { north: 49.29, south: 49.275, east: -123.1, west: -123.14 },
    },
  };
  return state;
});

vi.mock('../../lib/map', async (importOriginal) =>
  (await import('../../testing/fakeMap')).fakeMapModule(importOriginal, (opts) => {
    fake.created.push(opts);
    return {
      basemap: fake.basemap,
      setPoints: (p: MapPoint[]) => {
        fake.points = p;
      },
      getViewport: () => fake.viewport,
      onMoveEnd: (cb: (v: MapViewport) => void) => {
        fake.moveEnd = cb as (v: unknown) => void;
        return () => undefined;
      },
      onPointClick: (cb: (p: MapPoint) => void) => {
        fake.click = cb as (p: unknown) => void;
        return () => undefined;
      },
    };
  }),
);

const ART = { id: '77777777-7777-4777-8777-777777777777', title: 'Digital Orca', artwork_type: 'sculpture', lat: 49.2889, lon: -123.1172, distance_m: 700 };

beforeEach(() => {
  fake.points = [];
  fake.created = [];
  fake.basemap = 'offline';
});

describe('the map screen', () => {
  it('starts at the fallback position with maplibre and the offline style when /api/config fails', async () => {
    mockFetch({ 'GET /api/artworks/nearby': () => envelope({ artworks: [ART], total: 1, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }) });
    renderRoute('/');
    await waitFor(() => expect(fake.created).toHaveLength(1));
    expect(fake.created[0]).toMatchObject({ center: { lat: 49.2827, lng: -123.1207 }, zoom: 13, mapboxAccessToken: null, styleUrl: null });
  });

  it.each([
    ['opens where the instance says when the visitor’s place is unknown', '/', { center: { lat: 45.5017, lng: -73.5673 }, zoom: 12 }],
    ['keeps a view the URL names over the instance’s', '/?lat=49.3&lng=-123.2&zoom=15', { center: { lat: 49.3, lng: -123.2 }, zoom: 15 }],
  ])('%s', async (_name, path, expected) => {
    mockFetch({
      'GET /api/config': () =>
        envelope({ product_name: 'Plinth', logo_url: '/favicon.svg', map_style_url: null, map_default_view: { lat: 45.5017, lng: -73.5673, zoom: 12 } }),
      'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
    });
    renderRoute(path);
    await waitFor(() => expect(fake.created).toHaveLength(1));
    expect(fake.created[0]).toMatchObject(expected);
  });

  it('says so, until dismissed, when the streets could not be loaded and the offline map stands in', async () => {
    fake.basemap = 'fallback';
    mockFetch({ 'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }) });
    renderRoute('/');
    const note = await screen.findByText('The street map could not be loaded: showing the offline map.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the offline map notice' }));
    expect(note).not.toBeInTheDocument();
  });

  it('says nothing of the basemap when the streets were drawn', async () => {
    fake.basemap = 'remote';
    mockFetch({ 'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }) });
    renderRoute('/');
    await waitFor(() => expect(fake.created).toHaveLength(1));
    await screen.findByRole('button', { name: /filters/i });
    expect(screen.queryByText(/street map could not be loaded/)).not.toBeInTheDocument();
  });

  it('renders with mapbox-gl and the style the server configures (GET /api/config)', async () => {
    mockFetch({
      'GET /api/config': () =>
        envelope({ product_name: 'Plinth', map_style_url: 'https://tiles.example.org/style.json', mapbox_access_token: 'pk.test' }),
      'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
    });
    renderRoute('/');
    await waitFor(() => expect(fake.created).toHaveLength(1));
    expect(fake.created[0]).toMatchObject({ mapboxAccessToken: 'pk.test', styleUrl: 'https://tiles.example.org/style.json' });
  });

  it('stays with maplibre-gl without a token, on the server’s style if it names one', async () => {
    mockFetch({
      'GET /api/config': () => envelope({ product_name: 'Plinth', map_style_url: '/styles/plinth.json', mapbox_access_token: null }),
      'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
    });
    renderRoute('/');
    await waitFor(() => expect(fake.created).toHaveLength(1));
    expect(fake.created[0]).toMatchObject({ mapboxAccessToken: null, styleUrl: 'http://localhost:5173/styles/plinth.json' });
  });

  it('asks for minimal markers around the viewport and draws them', async () => {
    const { callsTo } = mockFetch({
      'GET /api/artworks/nearby': () => envelope({ artworks: [ART], total: 1, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
    });
    renderRoute('/');
    expect(await screen.findByText('1 artwork in this area')).toBeInTheDocument();
    const q = callsTo('/api/artworks/nearby')[0]!.url.searchParams;
    expect(q.get('minimal')).toBe('true');
    expect(q.get('lat')).toBe('49.2827');
    expect(q.get('lon')).toBe('-123.1207');
    expect(q.get('limit')).toBe('250');
    expect(Number(q.get('radius'))).toBeGreaterThan(1000);
    expect(Number(q.get('radius'))).toBeLessThanOrEqual(50000);
    // The count renders from the answer; the markers once the map (loaded lazily) takes them.
    await waitFor(() => expect(fake.points).toEqual([{ id: ART.id, title: 'Digital Orca', type: 'sculpture', lat: ART.lat, lng: ART.lon }]));
  });

  it('re-queries after the map stops moving, debounced', async () => {
    const { callsTo } = mockFetch({
      'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
    });
    renderRoute('/');
    await screen.findByText('No artworks in this area yet');
    const before = callsTo('/api/artworks/nearby').length;
    act(() => {
      for (const lng of [-123.0, -122.9, -122.8]) {
        fake.moveEnd?.({ ...fake.viewport, center: { lat: 49.3, lng }, bounds: { north: 49.31, south: 49.29, east: lng + 0.02, west: lng - 0.02 } });
      }
    });
    await waitFor(() => expect(callsTo('/api/artworks/nearby').length).toBe(before + 1));
    expect(callsTo('/api/artworks/nearby').at(-1)!.url.searchParams.get('lon')).toBe('-122.8');
    expect(JSON.parse(sessionStorage.getItem('plinth-map-view')!)).toMatchObject({ lat: 49.3, lng: -122.8 });
  });

  it('tiles a wide viewport into several nearby calls and merges their markers by id', async () => {
    const OTHER = { ...ART, id: '88888888-8888-4888-8888-888888888888', title: 'Other', distance_m: 10 };
    const { callsTo } = mockFetch({
      'GET /api/artworks/nearby': () => envelope({ artworks: [ART, OTHER], total: 2, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 2 }),
    });
    renderRoute('/');
    await screen.findByText('2 nearest shown. Zoom in for more');
    const before = callsTo('/api/artworks/nearby').length;
    act(() => fake.moveEnd?.({ center: { lat: 49.4, lng: -123 }, zoom: 7, bounds: { north: 50, south: 48.8, east: -121.5, west: -124.5 } }));
    await waitFor(() => expect(callsTo('/api/artworks/nearby').length).toBeGreaterThan(before + 1));
    for (const c of callsTo('/api/artworks/nearby').slice(before)) expect(Number(c.url.searchParams.get('radius'))).toBeLessThanOrEqual(50000);
    await waitFor(() => expect(screen.getByText('2 nearest shown. Zoom in for more')).toBeInTheDocument());
    await waitFor(() => expect(fake.points).toHaveLength(2));
  });

  it('shows a preview card linking to the artwork when a marker is clicked', async () => {
    mockFetch({ 'GET /api/artworks/nearby': () => envelope({ artworks: [ART], total: 1, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }) });
    renderRoute('/');
    await screen.findByText('1 artwork in this area');
    act(() => fake.click?.({ id: ART.id, title: 'Digital Orca', type: 'sculpture', lat: ART.lat, lng: ART.lon }));
    const card = screen.getByRole('region', { name: 'Selected artwork' });
    expect(card).toHaveTextContent('Digital Orca');
    expect(screen.getByRole('link', { name: 'View details' })).toHaveAttribute('href', `/artwork/${ART.id}`);
    await userEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByRole('region', { name: 'Selected artwork' })).not.toBeInTheDocument();
  });

  it('lists the artworks in view for keyboard users', async () => {
    mockFetch({ 'GET /api/artworks/nearby': () => envelope({ artworks: [ART], total: 1, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }) });
    renderRoute('/');
    await screen.findByText('1 artwork in this area');
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('region', { name: 'Artworks in this area' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Digital Orca' })).toHaveAttribute('href', `/artwork/${ART.id}`);
  });

  it('speaks French when the interface does', async () => {
    setLocale('fr');
    mockFetch({ 'GET /api/artworks/nearby': () => envelope({ artworks: [ART], total: 1, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }) });
    renderRoute('/');
    expect(await screen.findByText('1 œuvre dans cette zone')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Carte des œuvres d’art public' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Liste' }));
    const list = screen.getByRole('region', { name: 'Œuvres dans cette zone' });
    expect(within(list).getByRole('button', { name: 'Voir sur la carte' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Filtres/ }));
    expect(screen.getByRole('region', { name: 'Filtres de la carte' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Afficher les œuvres retirées' })).toBeInTheDocument();
  });

  it('opens where the URL says', async () => {
    mockFetch({ 'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }) });
    renderRoute('/?lat=45.5&lng=-73.56&zoom=15');
    await waitFor(() => expect(fake.created).toHaveLength(1));
    expect(fake.created[0]).toMatchObject({ center: { lat: 45.5, lng: -73.56 }, zoom: 15 });
  });

  it('shows the SPEC’s message when location is denied', async () => {
    mockFetch({ 'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }) });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, err: PositionErrorCallback) => err({ code: 1 } as GeolocationPositionError),
      },
    });
    renderRoute('/');
    await screen.findByText('No artworks in this area yet');
    await userEvent.click(screen.getByRole('button', { name: 'Show my location' }));
    expect(await screen.findByText('Location access denied by user', { selector: '.map-geo-error__text' })).toBeInTheDocument();
    // A way on instead: the places.
    await userEvent.click(screen.getByRole('button', { name: 'Choose a place' }));
    expect(await screen.findByRole('region', { name: 'Choose a place' })).toBeInTheDocument();
  });
});

describe('the map’s filters (kept in the URL) and the preview card’s toggles', () => {
  const near = (id: string, title: string, artwork_type: string, distance_m: number) => ({ ...ART, id, title, artwork_type, distance_m });
  const SCULPTURE = near(listArtwork(1).id, 'Seen sculpture', 'sculpture', 100);
  const MURAL = near(listArtwork(2).id, 'Listed mural', 'mural', 200);
  const OTHER_MURAL = near(listArtwork(3).id, 'Other mural', 'mural', 300);
  const NEARBY = [SCULPTURE, MURAL, OTHER_MURAL];
  const drawn = () => (fake.points as MapPoint[]).map((p) => p.title);

  function server(over: Record<string, Handler> = {}) {
    return mockFetch({
      'GET /api/artworks/nearby': () => envelope({ artworks: NEARBY, total: 3, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
      'GET /api/me/lists': () => envelope({ lists: [...systemLists({ visited: 1 }), customList({ item_count: 2 })] }),
      [`GET /api/lists/${WALK_ID}`]: () => envelope(listPage(customList(), [listArtwork(1), listArtwork(2)])),
      [`GET /api/lists/${VISITED_ID}`]: () => envelope(listPage(systemLists()[1]!, [listArtwork(1)])),
      ...over,
    });
  }

  async function openFilters() {
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    return within(screen.getByRole('region', { name: 'Map filters' }));
  }

  it('filters by type, by one of the viewer’s lists and by “not seen by me”, each kept in the URL', async () => {
    const { callsTo } = server();
    const { router } = renderRoute('/?lat=49.28&lng=-123.12&zoom=15');
    await screen.findByText('3 artworks in this area');
    await waitFor(() => expect(drawn()).toEqual(['Seen sculpture', 'Listed mural', 'Other mural']));
    expect(callsTo('/api/me/lists')).toHaveLength(0);

    const panel = await openFilters();
    await userEvent.selectOptions(panel.getByRole('combobox', { name: 'Artwork type' }), 'mural');
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('mural');
    await waitFor(() => expect(drawn()).toEqual(['Listed mural', 'Other mural']));
    expect(screen.getByText('2 artworks here match the filters')).toBeInTheDocument();

    await userEvent.selectOptions(panel.getByRole('combobox', { name: 'List' }), await panel.findByRole('option', { name: 'Sunday walk (2 artworks)' }));
    expect(new URLSearchParams(router.state.location.search).get('list')).toBe(WALK_ID);
    await waitFor(() => expect(drawn()).toEqual(['Listed mural']));
    expect(callsTo(`/api/lists/${WALK_ID}`)[0]!.url.searchParams.get('limit')).toBe('50');

    await userEvent.selectOptions(panel.getByRole('combobox', { name: 'Artwork type' }), 'All types');
    await waitFor(() => expect(drawn()).toEqual(['Seen sculpture', 'Listed mural']));
    await userEvent.click(panel.getByRole('checkbox', { name: 'Not seen by me' }));
    await waitFor(() => expect(drawn()).toEqual(['Listed mural']));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('type'), params.get('list'), params.get('unseen')]).toEqual([null, WALK_ID, '1']);
    // The view stays in the URL beside the filters.
    expect(params.get('lat')).toBe('49.28');
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('Filters2 active');

    await userEvent.click(panel.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?lat=49.28&lng=-123.12&zoom=15');
    await waitFor(() => expect(drawn()).toEqual(['Seen sculpture', 'Listed mural', 'Other mural']));
  });

  it('opens filtered from a shared URL, and the panel shows those filters', async () => {
    server();
    renderRoute(`/?type=mural&list=${WALK_ID}&unseen=1`);
    await screen.findByText('1 artwork here matches the filters');
    await waitFor(() => expect(drawn()).toEqual(['Listed mural']));
    const panel = await openFilters();
    expect(panel.getByRole('combobox', { name: 'Artwork type' })).toHaveValue('mural');
    await waitFor(() => expect(panel.getByRole('combobox', { name: 'List' })).toHaveValue(WALK_ID));
    expect(panel.getByRole('checkbox', { name: 'Not seen by me' })).toBeChecked();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Map filters' })).not.toBeInTheDocument();
  });

  it('reads every page of a long list for its filter (50 a page)', async () => {
    const { callsTo } = server({
      [`GET /api/lists/${WALK_ID}`]: (req) =>
        req.url.searchParams.get('page') === '2'
          ? envelope(listPage(customList(), [listArtwork(3)], 2, 51))
          : envelope(listPage(customList(), [listArtwork(2)], 1, 51)),
    });
    renderRoute(`/?list=${WALK_ID}`);
    await screen.findByText('2 artworks here match the filters');
    await waitFor(() => expect(drawn()).toEqual(['Listed mural', 'Other mural']));
    expect(callsTo(`/api/lists/${WALK_ID}`).map((c) => [c.url.searchParams.get('page'), c.url.searchParams.get('limit')])).toEqual([
      ['1', '50'],
      ['2', '50'],
    ]);
  });

  it('says so when the list of a shared link cannot be read', async () => {
    server({ [`GET /api/lists/${WALK_ID}`]: () => apiError(404, 'NOT_FOUND', 'List not found') });
    renderRoute(`/?list=${WALK_ID}`);
    await waitFor(() => expect(document.querySelector('.map-status')).toHaveTextContent('The filters could not be applied: List not found'));
    expect(drawn()).toEqual([]);
  });

  it('saves the selected artwork to Loved from its preview card, counted at once', async () => {
    let loved: [number, boolean] = [2, false];
    const { calls } = server({
      [`GET /api/artworks/${MURAL.id}/saved`]: () => envelope(savedCounts({ loved })),
      [`POST /api/lists/${LOVED_ID}/items`]: () => {
        loved = [3, true];
        return envelope({ id: LOVED_ID }, { 'X-Event-Position': '3-1' });
      },
    });
    renderRoute('/');
    await screen.findByText('3 artworks in this area');
    act(() => fake.click?.({ id: MURAL.id, title: MURAL.title, type: 'mural', lat: MURAL.lat, lng: MURAL.lon }));
    const card = within(screen.getByRole('region', { name: 'Selected artwork' }));
    const toggle = await card.findByRole('button', { name: 'Loved 2' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('Loved 3');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/lists/${LOVED_ID}/items`);
    expect(JSON.parse(post.body as string) as AddItem).toEqual({ artwork_id: MURAL.id });
    expect(card.getByRole('button', { name: 'Visited 0' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('the removed layer (“Show removed artworks”, removed=1)', () => {
  const GONE = { ...ART, id: '99999999-9999-4999-8999-999999999999', title: 'Gone fountain', artwork_type: 'fountain', distance_m: 50 };
  const GONE_MURAL = { ...ART, id: '66666666-6666-4666-8666-666666666666', title: 'Gone mural', artwork_type: 'mural', distance_m: 900 };
  const removedCalls = (calls: Array<{ url: URL }>) => calls.filter((c) => c.url.searchParams.get('status') === 'removed');
  const drawn = () => (fake.points as MapPoint[]).map((p) => [p.title, p.removed ?? false]);

  function server() {
    return mockFetch({
      'GET /api/artworks/nearby': (req) =>
        envelope({
          artworks: req.url.searchParams.get('status') === 'removed' ? [GONE, GONE_MURAL] : [ART],
          total: 2,
          search_center: { lat: 0, lon: 0 },
          search_radius: 500,
          limit: 250,
        }),
    });
  }

  it('is off by default: no status=removed request and no removed marker', async () => {
    const { callsTo } = server();
    renderRoute('/');
    await screen.findByText('1 artwork in this area');
    expect(callsTo('/api/artworks/nearby')).toHaveLength(1);
    expect(callsTo('/api/artworks/nearby')[0]!.url.searchParams.has('status')).toBe(false);
    expect(removedCalls(callsTo('/api/artworks/nearby'))).toEqual([]);
    await waitFor(() => expect(drawn()).toEqual([['Digital Orca', false]]));
  });

  it('turned on in the filters: kept in the URL, asks for the removed artworks of the same area and draws them apart', async () => {
    const { callsTo } = server();
    const { router } = renderRoute('/?lat=49.28&lng=-123.12&zoom=15');
    await screen.findByText('1 artwork in this area');
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = within(screen.getByRole('region', { name: 'Map filters' }));
    const box = panel.getByRole('checkbox', { name: 'Show removed artworks' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/marked as no longer there/);
    await userEvent.click(box);
    expect(new URLSearchParams(router.state.location.search).get('removed')).toBe('1');

    await waitFor(() => expect(drawn()).toEqual([['Digital Orca', false], ['Gone fountain', true], ['Gone mural', true]]));
    const [approved, removed] = [callsTo('/api/artworks/nearby')[0]!.url.searchParams, removedCalls(callsTo('/api/artworks/nearby'))];
    expect(removed).toHaveLength(1);
    const q = removed[0]!.url.searchParams;
    expect([q.get('lat'), q.get('lon'), q.get('radius'), q.get('limit'), q.get('minimal')]).toEqual([
      approved.get('lat'),
      approved.get('lon'),
      approved.get('radius'),
      '250',
      'true',
    ]);
    expect(screen.getByText('1 artwork in this area · 2 removed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('Filters1 active');

    // The type filter narrows the removed layer too.
    await userEvent.selectOptions(panel.getByRole('combobox', { name: 'Artwork type' }), 'mural');
    await waitFor(() => expect(drawn()).toEqual([['Gone mural', true]]));
    expect(screen.getByText('No artworks here match the filters · 1 removed')).toBeInTheDocument();

    // Off again: the removed markers go, and no other removed request is made.
    const before = removedCalls(callsTo('/api/artworks/nearby')).length;
    await userEvent.click(box);
    expect(new URLSearchParams(router.state.location.search).has('removed')).toBe(false);
    await waitFor(() => expect(drawn()).toEqual([]));
    expect(removedCalls(callsTo('/api/artworks/nearby'))).toHaveLength(before);
  });

  it('lists the removed artworks marked “(removed)”, and their preview card says Removed and links to the page', async () => {
    server();
    renderRoute('/?removed=1');
    await screen.findByText('1 artwork in this area · 2 removed');
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    const list = within(screen.getByRole('region', { name: 'Artworks in this area' }));
    // Nearest first, both layers.
    expect(list.getAllByRole('link').map((l) => l.textContent)).toEqual(['Gone fountain (removed)', 'Digital Orca', 'Gone mural (removed)']);
    expect(list.getByRole('link', { name: 'Gone fountain (removed)' })).toHaveAttribute('href', `/artwork/${GONE.id}`);

    await userEvent.click(list.getAllByRole('button', { name: 'Show on map' })[0]!);
    const card = within(screen.getByRole('region', { name: 'Selected artwork' }));
    expect(card.getByRole('heading', { level: 2 })).toHaveTextContent('Gone fountain');
    expect(card.getByText('Removed')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'View details' })).toHaveAttribute('href', `/artwork/${GONE.id}`);
    expect(card.queryByRole('button', { name: /^Loved/ })).not.toBeInTheDocument();

    // A click on a removed marker says the same.
    act(() => fake.click?.({ id: GONE_MURAL.id, title: 'Gone mural', type: 'mural', lat: GONE_MURAL.lat, lng: GONE_MURAL.lon, removed: true }));
    expect(card.getByRole('heading', { level: 2 })).toHaveTextContent('Gone mural');
    expect(card.getByText('Removed')).toBeInTheDocument();
  });

  it('draws an artwork the default layer still has (its model catching up) only as removed', async () => {
    mockFetch({
      'GET /api/artworks/nearby': (req) =>
        envelope({
          artworks: req.url.searchParams.get('status') === 'removed' ? [GONE] : [ART, GONE],
          total: 2,
          search_center: { lat: 0, lon: 0 },
          search_radius: 500,
          limit: 250,
        }),
    });
    renderRoute('/?removed=1');
    await screen.findByText('1 artwork in this area · 1 removed');
    await waitFor(() => expect(drawn()).toEqual([['Digital Orca', false], ['Gone fountain', true]]));
  });
});
