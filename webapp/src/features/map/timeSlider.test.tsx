import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapPoint } from '../../lib/map';
import { setLocale } from '../../i18n';
import { apiError, envelope, mockFetch, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';
import { SLIDER_STEPS } from './pastMap';

const fake = vi.hoisted(() => ({ points: [] as unknown[] }));

vi.mock('../../lib/map', async (importOriginal) =>
  (await import('../../testing/fakeMap')).fakeMapModule(importOriginal, () => ({
    setPoints: (p: MapPoint[]) => {
      fake.points = p;
    },
    getViewport: () => ({
      center: { lat: 49.2827, lng: -123.1207 },
      zoom: 13,
      bounds: { north: 49.29, south: 49.275, east: -123.1, west: -123.14 },
    }),
  })),
);

const marker = (id: string, title: string, distance_m: number, changed_since: string[] = []) => ({
  id,
  title,
  artwork_type: 'sculpture',
  lat: 49.28,
  lon: -123.12,
  distance_m,
  changed_since,
});
const TODAY = marker('11111111-1111-4111-8111-111111111111', 'Digital Orca', 100);
const STILL = marker('22222222-2222-4222-8222-222222222222', 'Still there', 100);
const MOVED = marker('33333333-3333-4333-8333-333333333333', 'Old name', 200, ['moved', 'renamed']);
const GONE = marker('44444444-4444-4444-8444-444444444444', 'Gone fountain', 300, ['removed']);
const MERGED = marker('55555555-5555-4555-8555-555555555555', 'Merged away', 400, ['removed']);
const NEW = marker('66666666-6666-4666-8666-666666666666', 'New mural', 50, ['added']);

/** An hour of map: the slider's steps are 18 s apart, and its moments read with their time. */
const FIRST_AT = '2026-01-31T09:00:00Z';
const NOW = '2026-01-31T10:00:00Z';

const page = (artworks: unknown[]) => envelope({ artworks, total: artworks.length, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 });

function server(timeline: Handler = () => envelope({ first_at: FIRST_AT, now: NOW })) {
  return mockFetch({
    'GET /api/artworks/timeline': timeline,
    'GET /api/artworks/nearby': (req) => {
      const q = req.url.searchParams;
      if (!q.has('as_of')) return page([TODAY]);
      if (q.get('status') === 'added') return page([NEW]);
      if (q.get('status') === 'removed') return page([GONE, MERGED]);
      return page([STILL, MOVED, GONE]);
    },
  });
}

const asOfOf = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search).get('as_of');
const pastCalls = (calls: RecordedRequest[], status: string | null = null) =>
  calls.filter((c) => c.url.pathname === '/api/artworks/nearby' && c.url.searchParams.has('as_of') && c.url.searchParams.get('status') === status);
const drawn = () => (fake.points as MapPoint[]).map((p) => [p.title, p.removed ?? false, p.since ?? null]);

async function openTime() {
  await userEvent.click(await screen.findByRole('button', { name: 'Time' }));
  return within(screen.getByRole('region', { name: 'The map in time' }));
}

beforeEach(() => {
  fake.points = [];
  setLocale('en');
});

describe('the time panel', () => {
  it('opens on today with a slider over the timeline, and moving it puts the moment in the URL', async () => {
    const { calls } = server();
    const { router } = renderRoute('/?lat=49.28&lng=-123.12&zoom=15');
    await screen.findByText('1 artwork in this area');
    let panel = await openTime();
    expect(screen.getByRole('button', { name: 'Time' })).toHaveAttribute('aria-expanded', 'true');
    let slider = await panel.findByRole('slider', { name: 'Show the map as it was on' });
    await waitFor(() => expect(slider).toHaveFocus());
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', String(SLIDER_STEPS));
    expect(slider).toHaveValue(String(SLIDER_STEPS));
    expect(slider).toHaveAttribute('aria-valuetext', 'Today');
    expect(panel.getByRole('button', { name: 'Today' })).toBeDisabled();
    expect(asOfOf(router)).toBeNull();

    // Half way: 09:30 UTC, shown with its time (the range is under two days) at once.
    fireEvent.change(slider, { target: { value: String(SLIDER_STEPS / 2) } });
    const half = slider.getAttribute('aria-valuetext');
    expect(half).toMatch(/2026/);
    expect(half).toMatch(/\d{2}:\d{2}/);
    expect(panel.getByText(half!)).toBeInTheDocument();
    // One step on reads apart.
    fireEvent.change(slider, { target: { value: String(SLIDER_STEPS / 2 + 1) } });
    expect(slider.getAttribute('aria-valuetext')).not.toBe(half);
    fireEvent.change(slider, { target: { value: String(SLIDER_STEPS / 2) } });

    // Once it rests, the URL has the moment (RFC 3339, UTC) and the map asks for the same tiles then.
    await waitFor(() => expect(asOfOf(router)).toBe('2026-01-31T09:30:00Z'));
    await waitFor(() => expect(pastCalls(calls)).toHaveLength(1));
    const today = calls.find((c) => c.url.pathname === '/api/artworks/nearby' && !c.url.searchParams.has('as_of'))!.url.searchParams;
    const then = pastCalls(calls)[0]!.url.searchParams;
    expect([then.get('lat'), then.get('lon'), then.get('radius'), then.get('as_of')]).toEqual([
      today.get('lat'),
      today.get('lon'),
      today.get('radius'),
      '2026-01-31T09:30:00Z',
    ]);
    await screen.findByText('3 artworks in this area');
    // The panel says the moment; closed, the banner says it.
    expect(screen.queryByText(/Showing the map as it was on/)).not.toBeInTheDocument();
    await userEvent.click(panel.getByRole('button', { name: 'Close the time panel' }));
    expect(screen.getByText(`Showing the map as it was on ${half}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Time' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Time' }));
    panel = within(screen.getByRole('region', { name: 'The map in time' }));
    slider = await panel.findByRole('slider', { name: 'Show the map as it was on' });
    expect(slider).toHaveAttribute('aria-valuetext', half);

    // "Today": back to today's map.
    await userEvent.click(panel.getByRole('button', { name: 'Today' }));
    expect(asOfOf(router)).toBeNull();
    expect(screen.queryByText(/Showing the map as it was on/)).not.toBeInTheDocument();
    await screen.findByText('1 artwork in this area');
    expect(slider).toHaveAttribute('aria-valuetext', 'Today');
  });

  it('loads /?as_of=<date> as of that day with the panel showing it, changes marked on the map, the list and the card', async () => {
    const { calls } = server();
    const { router } = renderRoute('/?as_of=2026-01-31');
    const panel = within(await screen.findByRole('region', { name: 'The map in time' }));
    expect(screen.getByRole('button', { name: 'Time' })).toHaveAttribute('aria-expanded', 'true');
    const slider = await panel.findByRole('slider', { name: 'Show the map as it was on' });
    expect(slider).toHaveAttribute('aria-valuetext', 'January 31, 2026');
    expect(panel.getByLabelText('Or type a date')).toHaveValue('2026-01-31');
    await screen.findByText('3 artworks in this area');
    expect(pastCalls(calls)[0]!.url.searchParams.get('as_of')).toBe('2026-01-31');
    expect(calls.filter((c) => c.url.pathname === '/api/artworks/nearby' && !c.url.searchParams.has('as_of'))).toEqual([]);

    // Drawn: as it stood, changed since ringed, removed since greyed.
    await waitFor(() =>
      expect(drawn()).toEqual([
        ['Still there', false, null],
        ['Old name', false, 'changed'],
        ['Gone fountain', true, null],
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    const list = within(screen.getByRole('region', { name: 'Artworks in this area' }));
    const rows = list.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows[0]).not.toMatch(/since/);
    expect(rows[1]).toContain('Old name');
    expect(rows[1]).toContain('Moved since, Renamed since');
    expect(rows[2]).toContain('Gone fountain');
    expect(rows[2]).toContain('Removed since');
    expect(rows[2]).not.toContain('(removed)');

    await userEvent.click(list.getAllByRole('button', { name: 'Show on map' })[1]!);
    const card = within(screen.getByRole('region', { name: 'Selected artwork' }));
    expect(card.getByText('Moved since')).toBeInTheDocument();
    expect(card.getByText('Renamed since')).toBeInTheDocument();

    // Back to today from the banner, shown once the panel is closed.
    await userEvent.click(screen.getByRole('button', { name: 'Time' }));
    expect(screen.getByText('Showing the map as it was on January 31, 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to today' }));
    expect(asOfOf(router)).toBeNull();
    await screen.findByText('1 artwork in this area');
  });

  it('shows the layers "Added since" and "Removed since" as markers of their own', async () => {
    const { calls } = server();
    const { router } = renderRoute('/?as_of=2026-01-31T09:30:00Z');
    const panel = within(await screen.findByRole('region', { name: 'The map in time' }));
    await screen.findByText('3 artworks in this area');
    const added = panel.getByRole('checkbox', { name: 'Added since' });
    const removed = panel.getByRole('checkbox', { name: 'Removed since' });
    expect(added).toHaveAccessibleDescription(/not there then/);

    await userEvent.click(added);
    expect(new URLSearchParams(router.state.location.search).get('since_added')).toBe('1');
    expect(asOfOf(router)).toBe('2026-01-31T09:30:00Z');
    await waitFor(() => expect(pastCalls(calls, 'added')).toHaveLength(1));
    await waitFor(() => expect(drawn()).toContainEqual(['New mural', false, 'added']));

    await userEvent.click(removed);
    await waitFor(() => expect(pastCalls(calls, 'removed')).toHaveLength(1));
    // The removed layer has "Gone fountain" too: drawn once, greyed.
    await waitFor(() =>
      expect(drawn()).toEqual([
        ['Still there', false, null],
        ['Old name', false, 'changed'],
        ['Gone fountain', true, null],
        ['Merged away', true, null],
        ['New mural', false, 'added'],
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    const list = within(screen.getByRole('region', { name: 'Artworks in this area' }));
    expect(list.getByText('New mural').closest('li')).toHaveTextContent('Added since');
  });

  it('without an as_of the layers cannot be chosen; a typed date goes to the URL as a date', async () => {
    server();
    const { router } = renderRoute('/');
    const panel = await openTime();
    await panel.findByRole('slider');
    expect(panel.getByRole('checkbox', { name: 'Added since' })).toBeDisabled();
    fireEvent.change(panel.getByLabelText('Or type a date'), { target: { value: '2026-01-30' } });
    expect(asOfOf(router)).toBe('2026-01-30');
    expect(panel.getByRole('slider')).toHaveAttribute('aria-valuetext', 'January 30, 2026');
    expect(panel.getByRole('checkbox', { name: 'Added since' })).toBeEnabled();
  });

  it('says when the timeline fails, and retries it', async () => {
    let fail = true;
    server(() => (fail ? apiError(500, 'INTERNAL_ERROR', 'Something went wrong') : envelope({ first_at: FIRST_AT, now: NOW })));
    renderRoute('/');
    const panel = await openTime();
    expect(await panel.findByRole('alert')).toHaveTextContent('The timeline could not be loaded');
    fail = false;
    await userEvent.click(panel.getByRole('button', { name: 'Retry' }));
    expect(await panel.findByRole('slider')).toBeInTheDocument();
  });

  it('has no past to show before any artwork is on the map', async () => {
    server(() => envelope({ first_at: null, now: NOW }));
    renderRoute('/');
    const panel = await openTime();
    expect(await panel.findByText(/no past to show/)).toBeInTheDocument();
    expect(panel.queryByRole('slider')).not.toBeInTheDocument();
  });

  it('closes on Escape, focusing its button again', async () => {
    server();
    renderRoute('/');
    const panel = await openTime();
    await userEvent.click(await panel.findByRole('slider'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'The map in time' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Time' })).toHaveFocus();
  });
});
