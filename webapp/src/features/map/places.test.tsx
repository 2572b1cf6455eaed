import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { artworkPlace, citiesOf, placeAt, placesMatching } from '../../api/placesApi';
import type { Place } from '../../api/types';
import type { MapBounds } from '../../lib/map';
import { FALLBACK_POSITION } from '../../lib/geolocation';
import { apiError, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';

const fake = vi.hoisted(() => ({
  fits: [] as MapBounds[],
  flights: [] as Array<{ lat: number; lng: number; zoom?: number }>,
}));

vi.mock('../../lib/map', async (importOriginal) =>
  (await import('../../testing/fakeMap')).fakeMapModule(importOriginal, () => ({
    fitBounds: (b) => void fake.fits.push(b),
    flyTo: (c, zoom) => void fake.flights.push({ ...c, zoom }),
  })),
);

const { latitude: LAT, longitude: LNG } = FALLBACK_POSITION;
const place = (city: string, area: string | null, artworks: number, box: [number, number, number, number]): Place => {
  const [north, south, east, west] = box;
  return { city, area, artworks, north, south, east, west };
};
const VANCOUVER = place('Vancouver', null, 600, [LAT + 0.05, LAT - 0.05, LNG + 0.1, LNG - 0.1]);
const DOWNTOWN = place('Vancouver', 'Downtown', 200, [LAT + 0.01, LAT - 0.01, LNG + 0.01, LNG - 0.01]);
const MOUNT_PLEASANT = place('Vancouver', 'Mount Pleasant', 50, [49.27, 49.25, -123.09, -123.11]);
const NEW_YORK = place('New York', null, 400, [40.9, 40.5, -73.7, -74.2]);
const MANHATTAN = place('New York', 'Manhattan', 300, [40.88, 40.7, -73.9, -74.02]);
const LONE = place('San Francisco', null, 1, [37.78, 37.78, -122.42, -122.42]);
const PLACES = [VANCOUVER, DOWNTOWN, MOUNT_PLEASANT, NEW_YORK, MANHATTAN, LONE];

function server(places: Handler = () => envelope({ places: PLACES })) {
  return mockFetch({
    'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
    'GET /api/places': places,
  });
}

/** The toolbar's Places, once the map is ready for it. */
async function openPlaces() {
  const button = await screen.findByRole('button', { name: /Places/ });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  return screen.findByRole('region', { name: 'Choose a place' });
}

beforeEach(() => {
  fake.fits = [];
  fake.flights = [];
});

describe('places', () => {
  it('are cities, each with its areas, in the server’s order', () => {
    expect(citiesOf(PLACES)).toEqual([
      { city: VANCOUVER, areas: [DOWNTOWN, MOUNT_PLEASANT] },
      { city: NEW_YORK, areas: [MANHATTAN] },
      { city: LONE, areas: [] },
    ]);
  });

  it('are found by every word typed, word starts first, then by size', () => {
    expect(placesMatching(PLACES, 'mount')).toEqual([MOUNT_PLEASANT]);
    expect(placesMatching(PLACES, 'VAN')).toEqual([VANCOUVER, DOWNTOWN, MOUNT_PLEASANT]);
    expect(placesMatching(PLACES, 'man york')).toEqual([MANHATTAN]);
    expect(placesMatching(PLACES, '  ')).toEqual([]);
    expect(placesMatching(PLACES, 'paris')).toEqual([]);
  });

  it('of an artwork are its area and its dataset’s city, whichever it has', () => {
    expect(artworkPlace({ tags: { neighbourhood: 'Downtown' }, provenance: { place: 'Vancouver' } as never })).toBe('Downtown, Vancouver');
    expect(artworkPlace({ tags: { borough: 'Queens' }, provenance: null })).toBe('Queens');
    expect(artworkPlace({ tags: {}, provenance: { place: 'New York' } as never })).toBe('New York');
    expect(artworkPlace({ tags: {}, provenance: null })).toBeNull();
  });

  it('name the smallest one that holds a point', () => {
    expect(placeAt(PLACES, LAT, LNG)).toEqual(DOWNTOWN);
    expect(placeAt(PLACES, LAT + 0.04, LNG)).toEqual(VANCOUVER);
    expect(placeAt(PLACES, 0, 0)).toBeNull();
  });
});

describe('the map’s first screen without a location', () => {
  it('says where the map is and offers the places; a chosen area fills the map', async () => {
    server();
    renderRoute('/');
    const where = await screen.findByTestId('map-where');
    await waitFor(() => expect(where).toHaveTextContent('You are looking at Downtown, Vancouver.'));

    const choose = within(where).getByRole('button', { name: 'Choose a place' });
    await waitFor(() => expect(choose).toBeEnabled());
    await userEvent.click(choose);
    const panel = await screen.findByRole('region', { name: 'Choose a place' });
    const cities = within(panel).getByRole('list', { name: 'Cities' });
    expect(within(cities).getByRole('button', { name: 'Vancouver 600 artworks' })).toBeInTheDocument();
    expect(within(cities).getByRole('button', { name: 'New York 400 artworks' })).toBeInTheDocument();
    await userEvent.click(within(panel).getAllByText('2 areas')[0]!);
    await userEvent.click(within(within(panel).getByRole('list', { name: 'Areas of Vancouver' })).getByRole('button', { name: /^Mount Pleasant/ }));

    expect(fake.fits.at(-1)).toEqual({ north: 49.27, south: 49.25, east: -123.09, west: -123.11 });
    expect(screen.queryByRole('region', { name: 'Choose a place' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('map-where')).not.toBeInTheDocument();
  });

  it('finds a place by name, Enter taking the first, and leads on to the search of artworks and artists', async () => {
    server();
    renderRoute('/');
    const panel = await openPlaces();
    const box = within(panel).getByRole('searchbox', { name: 'Find a city or neighbourhood' });
    await userEvent.type(box, 'manh');
    expect(within(within(panel).getByRole('list', { name: 'Places found' })).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Manhattan, New York 300 artworks',
    ]);
    expect(within(panel).getByRole('link', { name: /Search artworks and artists for “manh”/ })).toHaveAttribute('href', '/search/results?q=manh');
    await userEvent.type(box, '{Enter}');
    expect(fake.fits.at(-1)).toEqual({ north: 40.88, south: 40.7, east: -73.9, west: -74.02 });

    // A place of one artwork is a point: the map flies to its street.
    await userEvent.type(within(await openPlaces()).getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('No place called “zzz”.')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Find a city or neighbourhood' }));
    await userEvent.click(within(screen.getByRole('list', { name: 'Cities' })).getByRole('button', { name: /^San Francisco/ }));
    expect(fake.flights.at(-1)).toEqual({ lat: 37.78, lng: -122.42, zoom: 16 });
  });

  it('says when the places cannot be read, and retries', async () => {
    let fail = true;
    server(() => (fail ? apiError(503, 'UNAVAILABLE', 'Try again shortly') : envelope({ places: PLACES })));
    renderRoute('/');
    const alert = await within(await openPlaces()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the places: Try again shortly');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Cities' })).toBeInTheDocument();
  });

  it('is not offered when the URL chose the view', async () => {
    server();
    renderRoute(`/?lat=${LAT}&lng=${LNG}&zoom=15`);
    await screen.findByText('No artworks in this area yet');
    expect(screen.queryByTestId('map-where')).not.toBeInTheDocument();
  });
});
