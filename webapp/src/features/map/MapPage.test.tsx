import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as MapModule from '../../lib/map';
import type { MapPoint, MapViewport, PlinthMap } from '../../lib/map';
import { envelope, mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';

const fake = vi.hoisted(() => {
  const state = {
    points: [] as unknown[],
    moveEnd: null as null | ((v: unknown) => void),
    click: null as null | ((p: unknown) => void),
    created: [] as Array<{ center: unknown; zoom: number; mapboxAccessToken: unknown; styleUrl?: unknown }>,
    viewport: {
      center: { lat: 49.2827, lng: -123.1207 },
      zoom: 13,
      bounds: { north: 49.29, south: 49.275, east: -123.1, west: -123.14 },
    },
  };
  return state;
});

vi.mock('../../lib/map', async (importOriginal) => {
  const actual = await importOriginal<typeof MapModule>();
  const { fakeMap } = await import('../../testing/fakeMap');
  return {
    ...actual,
    isWebGLSupported: () => true,
    createMap: vi.fn((opts: { center: unknown; zoom: number; mapboxAccessToken: unknown; styleUrl?: unknown }) => {
      fake.created.push(opts);
      const map: PlinthMap = fakeMap({
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
      });
      return Promise.resolve(map);
    }),
  };
});

const ART = { id: '77777777-7777-4777-8777-777777777777', title: 'Digital Orca', artwork_type: 'sculpture', lat: 49.2889, lon: -123.1172, distance_m: 700 };

beforeEach(() => {
  fake.points = [];
  fake.created = [];
  localStorage.setItem('cultural-archiver-visited', 'true');
});

describe('the map screen', () => {
  it('starts at the fallback position with maplibre and the offline style when /api/config fails', async () => {
    mockFetch({ 'GET /api/artworks/nearby': () => envelope({ artworks: [ART], total: 1, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }) });
    renderRoute('/');
    await waitFor(() => expect(fake.created).toHaveLength(1));
    expect(fake.created[0]).toMatchObject({ center: { lat: 49.2827, lng: -123.1207 }, zoom: 13, mapboxAccessToken: null, styleUrl: null });
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
    expect(fake.points).toEqual([{ id: ART.id, title: 'Digital Orca', type: 'sculpture', lat: ART.lat, lng: ART.lon }]);
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
    expect(fake.points).toHaveLength(2);
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
    expect(await screen.findByText('Location access denied by user', { selector: '.map-geo-error' })).toBeInTheDocument();
  });
});
