import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tour } from '../../api/listsApi';
import type { ListSummary } from '../../api/types';
import type { MapBounds, MapRoute, MapViewport } from '../../lib/map';
import { apiError, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { customList, listArtwork, listPage, WALK_ID } from '../../testing/lists';
import { renderRoute } from '../../testing/render';
import { readTour, tourParams } from './mapFilters';
import { TOUR_START_MAX_M, tourBounds, tourRoute, tourStartFor, tourStartTooFar } from './mapView';

const fake = vi.hoisted(() => ({
  routes: [] as Array<MapRoute | null>,
  fits: [] as MapBounds[],
  flights: [] as Array<{ lat: number; lng: number }>,
  moveEnd: null as null | ((v: unknown) => void),
}));

vi.mock('../../lib/map', async (importOriginal) =>
  (await import('../../testing/fakeMap')).fakeMapModule(importOriginal, () => ({
    setRoute: (r) => void fake.routes.push(r),
    fitBounds: (b) => void fake.fits.push(b),
    flyTo: (c) => void fake.flights.push(c),
    onMoveEnd: (cb: (v: MapViewport) => void) => {
      fake.moveEnd = cb as (v: unknown) => void;
      return () => undefined;
    },
  })),
);

/** Three stops in walking order, `legs` metres apart (the first leg from the start, if any). */
function tourOf(list: ListSummary, over: Partial<Tour> = {}, legs = [0, 350, 900]): Tour {
  const at = [
    ['Digital Orca', 49.28, -123.12],
    ['Gate', 49.29, -123.11],
    ['Wall', 49.3, -123.1],
  ] as const;
  return {
    list,
    start: null,
    stops: at.map(([title, lat, lon], i) => ({ id: listArtwork(i + 1).id, title, lat, lon, leg_m: legs[i]! })),
    distance_m: legs.reduce((a, b) => a + b, 0),
    ...over,
  };
}

const LIST = customList({ item_count: 3 });

function server(tour: Handler = () => envelope(tourOf(LIST)), over: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
    [`GET /api/lists/${WALK_ID}`]: () => envelope(listPage(LIST, [listArtwork(1), listArtwork(2), listArtwork(3)])),
    [`GET /api/lists/${WALK_ID}/tour`]: tour,
    ...over,
  });
}

const panel = () => screen.getByRole('region', { name: 'Walking tour' });
const stops = () => within(within(panel()).getByRole('list', { name: 'Tour stops' })).getAllByRole('listitem');

beforeEach(() => {
  fake.routes = [];
  fake.fits = [];
  fake.flights = [];
  fake.moveEnd = null;
});

describe('the tour in the map’s URL', () => {
  it('is the list filter’s, with tour=1 beside it', () => {
    expect(readTour(new URLSearchParams(`list=${WALK_ID}&tour=1`))).toBe(WALK_ID);
    expect(readTour(new URLSearchParams(`list=${WALK_ID}&tour=true`))).toBe(WALK_ID);
    expect(readTour(new URLSearchParams(`list=${WALK_ID}`))).toBeNull();
    expect(readTour(new URLSearchParams(`list=${WALK_ID}&tour=0`))).toBeNull();
    expect(readTour(new URLSearchParams('tour=1'))).toBeNull();
    expect(tourParams(true)).toEqual({ tour: '1' });
    expect(tourParams(false)).toEqual({ tour: null });
  });
});

describe('a tour as the map draws it', () => {
  const tour = tourOf(LIST, { start: [49.27, -123.13] });

  it('starts from the person’s location to 5 decimals (about a metre)', () => {
    expect(tourStartFor({ lat: 49.123456789, lng: -123.987654321 })).toEqual({ lat: 49.12346, lon: -123.98765 });
  });

  it('leaves out a start farther than a walk from the first stop', () => {
    expect(tourStartTooFar(tour)).toBe(false);
    expect(tourStartTooFar(tourOf(LIST, { start: [45.5, -73.56] }, [TOUR_START_MAX_M + 1, 350, 900]))).toBe(true);
    expect(tourStartTooFar(tourOf(LIST, {}, [TOUR_START_MAX_M + 1, 350, 900]))).toBe(false);
  });

  it('is a line from the start through the stops in order, within bounds around them all', () => {
    expect(tourRoute(tour)).toEqual({
      start: { lat: 49.27, lng: -123.13 },
      stops: [
        { lat: 49.28, lng: -123.12 },
        { lat: 49.29, lng: -123.11 },
        { lat: 49.3, lng: -123.1 },
      ],
    });
    expect(tourBounds(tour)).toEqual({ north: 49.3, south: 49.27, east: -123.1, west: -123.13 });
    expect(tourBounds(tourOf(LIST))).toEqual({ north: 49.3, south: 49.28, east: -123.1, west: -123.12 });
    expect(tourBounds({ start: null, stops: [] })).toBeNull();
  });
});

describe('the map with ?list={id}&tour=1', () => {
  it('lists the stops in walking order with each leg and the total, draws the line and fits the view to it', async () => {
    const { callsTo } = server();
    renderRoute(`/?list=${WALK_ID}&tour=1`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Walking tour: Sunday walk' })).toBeInTheDocument();
    await waitFor(() => expect(stops()).toHaveLength(3));
    expect(stops().map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Digital OrcaThe walk starts here/),
      expect.stringMatching(/^Gate350 m from stop 1/),
      expect.stringMatching(/^Wall900 m from stop 2/),
    ]);
    expect(within(stops()[0]!).getByRole('link', { name: 'Digital Orca' })).toHaveAttribute('href', `/artwork/${listArtwork(1).id}`);
    expect(within(panel()).getByText('1.3 km walk, 3 stops')).toBeInTheDocument();
    expect(panel()).toHaveAttribute('data-tour-stops', '3');
    // Without a known position or a chosen view, the walk starts at its first stop.
    expect(callsTo(`/api/lists/${WALK_ID}/tour`)[0]!.url.searchParams.get('start')).toBeNull();

    await waitFor(() => expect(fake.routes.at(-1)).toEqual(tourRoute(tourOf(LIST))));
    await waitFor(() => expect(fake.fits).toEqual([{ north: 49.3, south: 49.28, east: -123.1, west: -123.12 }]));

    await userEvent.click(within(stops()[1]!).getByRole('button', { name: 'Show stop 2, Gate, on the map' }));
    expect(fake.flights.at(-1)).toEqual({ lat: 49.29, lng: -123.11 });
    // Moving the map asks for no other tour, nor fits it again.
    act(() => fake.moveEnd?.({ center: { lat: 49.3, lng: -123.1 }, zoom: 15, bounds: { north: 49.31, south: 49.29, east: -123.09, west: -123.11 } }));
    await waitFor(() => expect(callsTo('/api/artworks/nearby').length).toBeGreaterThan(1));
    expect(callsTo(`/api/lists/${WALK_ID}/tour`)).toHaveLength(1);
    expect(fake.fits).toHaveLength(1);
  });

  it('starts at the first stop whatever the view, as on the list’s page; from the person’s location when asked', async () => {
    const located = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 49.275, longitude: -123.125, accuracy: 10 } } as GeolocationPosition));
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: located } });
    const { callsTo } = server((req) =>
      envelope(req.url.searchParams.get('start') ? tourOf(LIST, { start: [49.275, -123.125] }, [750, 350, 900]) : tourOf(LIST)),
    );
    renderRoute(`/?lat=45.5&lng=-73.56&zoom=15&list=${WALK_ID}&tour=1`);
    await waitFor(() => expect(stops()).toHaveLength(3));
    expect(callsTo(`/api/lists/${WALK_ID}/tour`)[0]!.url.searchParams.get('start')).toBeNull();
    expect(stops()[0]).toHaveTextContent('The walk starts here');
    expect(within(panel()).getByText('1.3 km walk, 3 stops')).toBeInTheDocument();

    await userEvent.click(within(panel()).getByRole('button', { name: 'Start from my location' }));
    await waitFor(() => expect(within(panel()).getByText('2.0 km walk from your location, 3 stops')).toBeInTheDocument());
    expect(callsTo(`/api/lists/${WALK_ID}/tour`).at(-1)!.url.searchParams.get('start')).toBe('49.275,-123.125');
    expect(stops()[0]).toHaveTextContent('750 m from your location');
    await waitFor(() => expect(fake.routes.at(-1)?.start).toEqual({ lat: 49.275, lng: -123.125 }));

    await userEvent.click(within(panel()).getByRole('button', { name: 'Start at the first stop' }));
    await waitFor(() => expect(within(panel()).getByText('1.3 km walk, 3 stops')).toBeInTheDocument());
    expect(stops()[0]).toHaveTextContent('The walk starts here');
    await waitFor(() => expect(fake.routes.at(-1)?.start).toBeNull());
  });

  it('starts at the first stop again when the person is farther than a walk from it, and says so', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 45.5, longitude: -73.56, accuracy: 10 } } as GeolocationPosition) },
    });
    const { callsTo } = server((req) =>
      envelope(req.url.searchParams.get('start') ? tourOf(LIST, { start: [45.5, -73.56] }, [3_700_000, 350, 900]) : tourOf(LIST)),
    );
    renderRoute(`/?list=${WALK_ID}&tour=1`);
    await waitFor(() => expect(stops()).toHaveLength(3));
    await userEvent.click(within(panel()).getByRole('button', { name: 'Start from my location' }));
    await waitFor(() => expect(callsTo(`/api/lists/${WALK_ID}/tour`).map((c) => c.url.searchParams.get('start'))).toEqual([null, '45.5,-73.56']));
    expect(await within(panel()).findByText('You are farther than a walk from the first stop: the walk starts there.')).toBeInTheDocument();
    expect(within(panel()).getByText('1.3 km walk, 3 stops')).toBeInTheDocument();
    expect(stops()[0]).toHaveTextContent('The walk starts here');
  });

  it('says to add artworks when the list has none, and draws no line', async () => {
    server(() => envelope({ list: customList(), start: null, stops: [], distance_m: 0 } satisfies Tour));
    renderRoute(`/?list=${WALK_ID}&tour=1`);
    expect(await within(await screen.findByRole('region', { name: 'Walking tour' })).findByText('Add artworks to this list to plan a walking tour.')).toBeInTheDocument();
    expect(within(panel()).queryByRole('list', { name: 'Tour stops' })).not.toBeInTheDocument();
    expect(fake.routes.every((r) => r === null)).toBe(true);
    expect(fake.fits).toEqual([]);
  });

  it('says when the tour cannot be read, and retries', async () => {
    let fail = true;
    server(() => (fail ? apiError(503, 'UNAVAILABLE', 'Try again shortly') : envelope(tourOf(LIST))));
    renderRoute(`/?list=${WALK_ID}&tour=1`);
    const alert = await within(await screen.findByRole('region', { name: 'Walking tour' })).findByRole('alert');
    expect(alert).toHaveTextContent('Could not plan the walk: Try again shortly');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(stops()).toHaveLength(3));
  });

  it('says so for a list that is not there (404)', async () => {
    server(() => apiError(404, 'NOT_FOUND', 'List not found'));
    renderRoute(`/?list=${WALK_ID}&tour=1`);
    const alert = await within(await screen.findByRole('region', { name: 'Walking tour' })).findByRole('alert');
    expect(alert).toHaveTextContent('This list does not exist, or its owner keeps it private.');
  });

  it('“Close tour” takes tour out of the URL (the list filter stays) and the line off the map', async () => {
    server();
    const { router } = renderRoute(`/?list=${WALK_ID}&tour=1`);
    await waitFor(() => expect(stops()).toHaveLength(3));
    await waitFor(() => expect(fake.routes.at(-1)).not.toBeNull());
    await userEvent.click(within(panel()).getByRole('button', { name: 'Close tour' }));
    expect(router.state.location.search).toBe(`?list=${WALK_ID}`);
    expect(screen.queryByRole('region', { name: 'Walking tour' })).not.toBeInTheDocument();
    await waitFor(() => expect(fake.routes.at(-1)).toBeNull());
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveFocus();
  });

  it('shows no tour without tour=1', async () => {
    const { callsTo } = server();
    renderRoute(`/?list=${WALK_ID}`);
    await screen.findByText(/match the filters/);
    expect(screen.queryByRole('region', { name: 'Walking tour' })).not.toBeInTheDocument();
    expect(callsTo(`/api/lists/${WALK_ID}/tour`)).toHaveLength(0);
  });
});
