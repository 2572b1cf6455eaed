import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Place } from '../../api/types';
import { ORCA } from '../../testing/artworks';
import { apiError, envelope, mockFetch, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';

const place = (city: string, area: string | null, artworks: number): Place => ({ city, area, artworks, north: 1, south: 0, east: 1, west: 0 });
const PLACES = [
  place('Vancouver', null, 1234),
  place('Vancouver', 'Downtown', 41),
  place('Vancouver', 'Mount Pleasant', 12),
  place('Cambridge, MA', null, 300),
];

/** The filters GET /api/artworks was asked for. */
const FILTER_PARAMS = ['type', 'has_photo', 'city', 'area'];
const filtersOf = (req: RecordedRequest) =>
  Object.fromEntries(FILTER_PARAMS.flatMap((k) => (req.url.searchParams.has(k) ? [[k, req.url.searchParams.get(k)]] : [])));

/** 12 artworks in all (61 on page 2 onwards, so paging shows), or none when `matchesNothing` says so. */
function server({
  places = () => envelope({ places: PLACES }),
  matchesNothing = () => false,
}: { places?: Handler; matchesNothing?: (req: RecordedRequest) => boolean } = {}) {
  return mockFetch({
    'GET /api/places': places,
    'GET /api/artworks': (req) => {
      const total = matchesNothing(req) ? 0 : Object.keys(filtersOf(req)).length ? 12 : 61;
      const page = Number(req.url.searchParams.get('page'));
      return envelope({
        artworks: total ? [{ ...ORCA, title: `Result of page ${page}` }] : [],
        pagination: { page, limit: 30, total, total_pages: Math.ceil(total / 30), has_more: page * 30 < total },
      });
    },
  });
}

const typeSelect = () => screen.getByRole('combobox', { name: 'Type' });
const placeSelect = () => screen.getByRole('combobox', { name: 'Place' });
const photoBox = () => screen.getByRole('checkbox', { name: 'With a photo' });
const filterBar = () => screen.getByRole('group', { name: 'Filter artworks' });
const subtitle = () => document.querySelector('.page-header__subtitle');

/** The places are there: the select offers them. */
const placesLoaded = () => waitFor(() => expect(placeSelect()).toBeEnabled());

describe('/artworks filters', () => {
  it('sends a chosen type, back on page 1, and says how many match', async () => {
    const { callsTo } = server();
    const { router } = renderRoute('/artworks?page=2&sort=title_asc');
    expect(await screen.findByText('Result of page 2')).toBeInTheDocument();
    expect(subtitle()).toHaveTextContent('61 artworks');
    expect(typeSelect()).toHaveValue('');
    expect(within(typeSelect()).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All types',
      'Statue',
      'Mural',
      'Sculpture',
      'Installation',
      'Monument',
      'Graffiti',
      'Mosaic',
      'Relief',
      'Fountain',
      'Other',
    ]);
    expect(within(filterBar()).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    await userEvent.selectOptions(typeSelect(), 'Mural');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title_asc&type=mural'));
    expect(await screen.findByText('Result of page 1')).toBeInTheDocument();
    expect(subtitle()).toHaveTextContent('12 artworks');
    const last = callsTo('/api/artworks').at(-1)!;
    expect(filtersOf(last)).toEqual({ type: 'mural' });
    expect(last.url.searchParams.get('page')).toBe('1');
    expect(last.url.searchParams.get('sort')).toBe('title_asc');
    expect(within(filterBar()).getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();

    await userEvent.selectOptions(typeSelect(), 'All types');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title_asc'));
    await waitFor(() => expect(filtersOf(callsTo('/api/artworks').at(-1)!)).toEqual({}));
  });

  it('offers the cities from GET /places with their areas under each, and sends a city and an area', async () => {
    const { callsTo } = server();
    const { router } = renderRoute('/artworks');
    await placesLoaded();
    expect(callsTo('/api/places')).toHaveLength(1);
    const groups = within(placeSelect()).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['Vancouver', 'Cambridge, MA']);
    expect(within(groups[0]!).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All of Vancouver (1,234)',
      'Downtown (41)',
      'Mount Pleasant (12)',
    ]);
    expect(within(groups[1]!).getAllByRole('option').map((o) => o.textContent)).toEqual(['All of Cambridge, MA (300)']);
    expect(within(placeSelect()).getAllByRole('option')[0]).toHaveTextContent('Everywhere');

    await userEvent.selectOptions(placeSelect(), 'Downtown (41)');
    await waitFor(() => expect(router.state.location.search).toBe('?city=Vancouver&area=Downtown'));
    await waitFor(() => expect(filtersOf(callsTo('/api/artworks').at(-1)!)).toEqual({ city: 'Vancouver', area: 'Downtown' }));
    expect(placeSelect()).toHaveDisplayValue('Downtown (41)');

    await userEvent.selectOptions(placeSelect(), 'All of Cambridge, MA (300)');
    await waitFor(() => expect(router.state.location.search).toBe('?city=Cambridge%2C+MA'));
    await waitFor(() => expect(filtersOf(callsTo('/api/artworks').at(-1)!)).toEqual({ city: 'Cambridge, MA' }));

    await userEvent.selectOptions(placeSelect(), 'Everywhere');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('61 artworks')).toBeInTheDocument();
  });

  it('sends has_photo=true while "With a photo" is ticked', async () => {
    const { callsTo } = server();
    const { router } = renderRoute('/artworks?page=3');
    await screen.findByText('Result of page 3');
    await userEvent.click(photoBox());
    await waitFor(() => expect(router.state.location.search).toBe('?photo=1'));
    await waitFor(() => expect(filtersOf(callsTo('/api/artworks').at(-1)!)).toEqual({ has_photo: 'true' }));
    expect(photoBox()).toBeChecked();
    await userEvent.click(photoBox());
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(filtersOf(callsTo('/api/artworks').at(-1)!)).toEqual({}));
  });

  it('opens a shared link with its filters shown and sent, asking only once the place is known', async () => {
    const { callsTo } = server();
    renderRoute('/artworks?type=mural&city=Vancouver&area=Mount+Pleasant&photo=1&sort=title_asc');
    await placesLoaded();
    expect(typeSelect()).toHaveValue('mural');
    expect(placeSelect()).toHaveDisplayValue('Mount Pleasant (12)');
    expect(photoBox()).toBeChecked();
    expect(await screen.findByText('Result of page 1')).toBeInTheDocument();
    expect(subtitle()).toHaveTextContent('12 artworks');
    expect(callsTo('/api/artworks').map(filtersOf)).toEqual([{ type: 'mural', has_photo: 'true', city: 'Vancouver', area: 'Mount Pleasant' }]);
    expect(within(filterBar()).getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('ignores what it does not know in the URL, and drops it at the next change', async () => {
    const { callsTo } = server();
    const { router } = renderRoute('/artworks?type=Mural&city=Atlantis&area=Downtown&photo=yes&page=2');
    expect(await screen.findByText('Result of page 2')).toBeInTheDocument();
    await placesLoaded();
    expect(typeSelect()).toHaveValue('');
    expect(placeSelect()).toHaveDisplayValue('Everywhere');
    expect(photoBox()).not.toBeChecked();
    expect(within(filterBar()).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(callsTo('/api/artworks').map(filtersOf)).toEqual([{}]);

    await userEvent.selectOptions(typeSelect(), 'Statue');
    await waitFor(() => expect(router.state.location.search).toBe('?type=statue'));
  });

  it.each(['area=Downtown', 'city=Cambridge%2C+MA&area=Downtown'])('ignores an area without its city, or not of its city: %s', async (query) => {
    const { callsTo } = server();
    renderRoute(`/artworks?${query}`);
    await screen.findByText('61 artworks');
    await placesLoaded();
    expect(placeSelect()).toHaveDisplayValue('Everywhere');
    expect(callsTo('/api/artworks').map(filtersOf)).toEqual([{}]);
  });

  it('shows only "Everywhere" while the places load, and when they cannot be loaded', async () => {
    let answer: (r: Response) => void = () => undefined;
    server({ places: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute('/artworks');
    await screen.findByText('Result of page 1');
    expect(placeSelect()).toBeDisabled();
    expect(within(placeSelect()).getAllByRole('option').map((o) => o.textContent)).toEqual(['Everywhere']);
    answer(apiError(500, 'INTERNAL_ERROR', 'An unexpected error occurred'));
    await waitFor(() => expect(placeSelect()).toBeEnabled());
    expect(within(placeSelect()).getAllByRole('option').map((o) => o.textContent)).toEqual(['Everywhere']);
    // The other filters work without them.
    await userEvent.selectOptions(typeSelect(), 'Mural');
    expect(await screen.findByText('12 artworks')).toBeInTheDocument();
  });

  it('lists everything, without the place of a link, when the places cannot be loaded', async () => {
    const { callsTo } = server({ places: () => apiError(500, 'INTERNAL_ERROR', 'An unexpected error occurred') });
    renderRoute('/artworks?city=Vancouver');
    expect(await screen.findByText('61 artworks')).toBeInTheDocument();
    expect(placeSelect()).toHaveDisplayValue('Everywhere');
    expect(callsTo('/api/artworks').map(filtersOf)).toEqual([{}]);
  });

  it('says when the filters match nothing, and clears them', async () => {
    const { callsTo } = server({ matchesNothing: (req) => req.url.searchParams.get('type') === 'mural' });
    const { router } = renderRoute('/artworks?type=mural&photo=1&sort=title_asc');
    const empty = (await screen.findByRole('heading', { name: 'No artworks match these filters' })).closest('section')!;
    expect(subtitle()).toHaveTextContent('0 artworks');
    expect(screen.queryByRole('heading', { name: 'No artworks yet' })).not.toBeInTheDocument();

    await userEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title_asc'));
    expect(await screen.findByText('61 artworks')).toBeInTheDocument();
    expect(filtersOf(callsTo('/api/artworks').at(-1)!)).toEqual({});
    expect(typeSelect()).toHaveValue('');
    expect(photoBox()).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
