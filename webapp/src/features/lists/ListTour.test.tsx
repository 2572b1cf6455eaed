import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listsApi, type Tour } from '../../api/listsApi';
import type { ListSummary } from '../../api/types';
import { apiError, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { customList, listArtwork, listPage, systemLists, WALK_ID } from '../../testing/lists';
import { renderRoute, storeFor } from '../../testing/render';
import { gpxFileName } from './gpxDownload';
import { tourSummary } from '../../lib/tour';
import { tourMapPath } from './ListTour';

const ARTWORKS = [listArtwork(1, { title: 'Digital Orca' }), listArtwork(2, { title: 'Gate' }), listArtwork(3, { title: 'Wall' })];

/** GET /lists/{id}/tour's data: the artworks in this order, `leg` metres apart. */
function tourOf(list: ListSummary, titles: string[], leg = 400): Tour {
  return {
    list,
    start: null,
    stops: titles.map((title, i) => ({ id: listArtwork(i + 1).id, title, lat: 49.28 + i / 1000, lon: -123.12, leg_m: i === 0 ? 0 : leg })),
    distance_m: leg * Math.max(0, titles.length - 1),
  };
}

function server(list: ListSummary, items = ARTWORKS, routes: Record<string, Handler> = {}) {
  return mockFetch({
    [`GET /api/lists/${list.id}`]: () => envelope(listPage(list, items)),
    [`GET /api/lists/${list.id}/tour`]: () => envelope(tourOf(list, items.map((a) => a.title))),
    'GET /api/me/lists': () => envelope({ lists: systemLists() }),
    ...routes,
  });
}

const tourSection = () => screen.getByRole('region', { name: 'Walking tour' });

describe('getListTour', () => {
  it('asks for the list’s tour from `start` (lat,lon) or from its first stop, and gives the data', async () => {
    const { callsTo } = mockFetch({ [`GET /api/lists/${WALK_ID}/tour`]: () => envelope(tourOf(customList(), ['Digital Orca', 'Gate'])) });
    const store = storeFor();
    const tour = await store.dispatch(listsApi.endpoints.getListTour.initiate({ id: WALK_ID, start: { lat: 49.2827, lon: -123.1207 } }));
    expect(tour.data?.stops.map((s) => s.title)).toEqual(['Digital Orca', 'Gate']);
    expect(tour.data?.distance_m).toBe(400);
    await store.dispatch(listsApi.endpoints.getListTour.initiate({ id: WALK_ID }));
    expect(callsTo(`/api/lists/${WALK_ID}/tour`).map((c) => c.url.searchParams.get('start'))).toEqual(['49.2827,-123.1207', null]);
  });
});

describe('/lists/{id}: the walking tour', () => {
  it('gives the walk’s length and stops, a link to the map showing it, and the GPX file', async () => {
    const list = customList({ item_count: 3, public: true, owned: false, name: 'Sunday walk!' });
    server(list, ARTWORKS, { [`GET /api/lists/${WALK_ID}/tour`]: () => envelope({ ...tourOf(list, ['Gate', 'Digital Orca', 'Wall']), distance_m: 1234 }) });
    renderRoute(`/lists/${WALK_ID}`);
    const section = within(await screen.findByRole('region', { name: 'Walking tour' }));
    expect(await section.findByText('1.2 km walk, 3 stops')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Show tour on map' })).toHaveAttribute('href', `/?list=${WALK_ID}&tour=1`);
    const gpx = section.getByRole('link', { name: 'Download GPX' });
    expect(gpx).toHaveAttribute('href', `http://localhost:5173/api/lists/${WALK_ID}/tour.gpx`);
    expect(gpx).toHaveAttribute('download', 'Sunday-walk-.gpx');
  });

  it('says to add artworks to an empty list, and asks for no tour', async () => {
    const { callsTo } = server(customList(), []);
    renderRoute(`/lists/${WALK_ID}`);
    await screen.findByRole('heading', { name: 'This list is empty' });
    expect(within(tourSection()).getByText('Add artworks to this list to plan a walking tour.')).toBeInTheDocument();
    expect(within(tourSection()).queryByRole('link')).not.toBeInTheDocument();
    expect(callsTo(`/api/lists/${WALK_ID}/tour`)).toHaveLength(0);
  });

  it('shows that the walk is being planned, then a failure with a retry', async () => {
    let answer: ((r: Response) => void) | undefined;
    let fail = true;
    const list = customList({ item_count: 3 });
    server(list, ARTWORKS, {
      [`GET /api/lists/${WALK_ID}/tour`]: () =>
        fail ? new Promise<Response>((r) => (answer = r)) : envelope(tourOf(list, ['Digital Orca', 'Gate', 'Wall'])),
    });
    renderRoute(`/lists/${WALK_ID}`);
    expect(await screen.findByText('Planning the walk…')).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer!(apiError(503, 'UNAVAILABLE', 'Try again shortly'));
    const alert = await within(tourSection()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not plan the walk: Try again shortly');
    // The map and the file stay offered: they may work a moment later.
    expect(within(tourSection()).getByRole('link', { name: 'Show tour on map' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(tourSection()).findByText('800 m walk, 3 stops')).toBeInTheDocument();
  });

  it('downloads a private list’s GPX with the owner’s token (a link cannot send it)', async () => {
    localStorage.setItem('user-token', 'b'.repeat(64));
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(b: Blob) {
          created.push(b);
          return 'blob:gpx';
        }
        static override revokeObjectURL() {}
      },
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { callsTo } = server(customList({ item_count: 3 }), ARTWORKS, {
      [`GET /api/lists/${WALK_ID}/tour.gpx`]: () => new Response('<gpx/>', { headers: { 'Content-Type': 'application/gpx+xml' } }),
    });
    renderRoute(`/lists/${WALK_ID}`);
    await within(await screen.findByRole('region', { name: 'Walking tour' })).findByText('800 m walk, 3 stops');
    await userEvent.click(screen.getByRole('link', { name: 'Download GPX' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(await created[0]!.text()).toBe('<gpx/>');
    expect(callsTo(`/api/lists/${WALK_ID}/tour.gpx`)[0]!.headers.get('X-User-Token')).toBe('b'.repeat(64));
    const saved = clicked.mock.contexts.at(-1) as HTMLAnchorElement;
    expect([saved.href, saved.download]).toEqual(['blob:gpx', 'Sunday-walk.gpx']);
  });

  it('says why a private list’s GPX could not be downloaded', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    server(customList({ item_count: 3 }), ARTWORKS, {
      [`GET /api/lists/${WALK_ID}/tour.gpx`]: () => apiError(404, 'NOT_FOUND', 'List not found'),
    });
    const { store } = renderRoute(`/lists/${WALK_ID}`);
    await within(await screen.findByRole('region', { name: 'Walking tour' })).findByText('800 m walk, 3 stops');
    await userEvent.click(screen.getByRole('link', { name: 'Download GPX' }));
    await waitFor(() =>
      expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Could not download the GPX file: List not found'),
    );
  });
});

describe('tour helpers', () => {
  it('link to the map’s list filter with tour=1, name files as the server does, and sum up a walk', () => {
    expect(tourMapPath('a b')).toBe('/?list=a+b&tour=1');
    expect(gpxFileName('Café walk #2')).toBe('Caf--walk--2.gpx');
    expect(tourSummary(1234, 7)).toBe('1.2 km walk, 7 stops');
    expect(tourSummary(0, 1)).toBe('0 m walk, 1 stop');
    expect(tourSummary(1234, 7, true)).toBe('1.2 km walk from your location, 7 stops');
  });
});
