import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArtworkDto, SearchResponse, SearchResultDto, SuggestionDto } from '../../api/types';
import { setLocale } from '../../i18n';
import { clearFastUpload, setFastUpload } from '../../lib/fastUpload';
import { apiError, envelope, json, mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';
import { nearestFirst, pageParam, searchText, suggestionTarget, withoutTag } from './searchQuery';

const ORCA_ID = '77777777-7777-4777-8777-777777777777';
const COUPLAND_ID = '66666666-6666-4666-8666-666666666666';

const SUGGESTIONS: SuggestionDto[] = [
  { text: 'Douglas Coupland', kind: 'artist', id: COUPLAND_ID },
  { text: 'Digital Orca', kind: 'title', id: ORCA_ID },
  { text: 'mural', kind: 'type', id: null },
];

/** Digital Orca as a search hit and as a nearby artwork alike: its id, title, type, status and place. */
const ORCA = { id: ORCA_ID, title: 'Digital Orca', artwork_type: 'sculpture', status: 'approved', lat: 49.2889, lon: -123.1172 } as const;

function hit(over: Partial<SearchResultDto> = {}): SearchResultDto {
  return {
    ...ORCA,
    kind: 'artwork',
    description: 'A pixelated orca breaching by the Vancouver Convention Centre.',
    artist_names: ['Douglas Coupland'],
    distance_m: null,
    thumbnail: null,
    place: 'Downtown, Vancouver',
    score: 3.2,
    ...over,
  };
}

function results(list: SearchResultDto[], over: Partial<SearchResponse> = {}): SearchResponse {
  const total = over.total ?? list.length;
  return {
    results: list,
    total,
    pagination: { page: 1, per_page: 20, total, total_pages: Math.ceil(total / 20) },
    query: 'orca',
    tags: [],
    ...over,
  };
}

function artwork(over: Partial<ArtworkDto> = {}): ArtworkDto {
  return {
    ...ORCA,
    description: null,
    distance_m: 120,
    artists: [],
    photos: [],
    main_photo: null,
    hidden_photos: [],
    tags: {},
    provenance: null,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...over,
  };
}

const combobox = () => screen.getByRole('combobox', { name: 'Search artworks and artists' });

/** The error state titled `title` (the shell has live regions of its own). */
async function findAlert(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: title });
  const alert = heading.closest<HTMLElement>('[role="alert"]');
  if (!alert) throw new Error(`"${title}" is not in an alert`);
  return alert;
}

/**
 * The failure titled `title` says `message`; once the server answers again (`recover`), Try again
 * in it asks once more.
 */
async function retryAfterFailure(title: string, message: string, recover: () => void): Promise<void> {
  const alert = await findAlert(title);
  expect(alert).toHaveTextContent(message);
  recover();
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
}

afterEach(() => clearFastUpload());

describe('the search box (combobox with suggestions)', () => {
  it('asks for suggestions once typing pauses, with the trimmed text and limit 5', async () => {
    const { callsTo } = mockFetch({ 'GET /api/search/suggestions': () => envelope({ suggestions: SUGGESTIONS }) });
    renderRoute('/search');
    const box = await screen.findByRole('combobox', { name: 'Search artworks and artists' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box, '  Coup ');
    // Typing took a few milliseconds: the debounce (250 ms) has not let any request through.
    expect(callsTo('/api/search/suggestions')).toHaveLength(0);
    expect(await screen.findByRole('option', { name: /Douglas Coupland/ })).toBeInTheDocument();
    const calls = callsTo('/api/search/suggestions');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.searchParams.get('q')).toBe('Coup');
    expect(calls[0]!.url.searchParams.get('limit')).toBe('5');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    expect(screen.getByText('3 suggestions; use the arrow keys to choose')).toBeInTheDocument();
  });

  it('sends nothing for blank text, and no search for it either', async () => {
    const { callsTo } = mockFetch({ 'GET /api/search/suggestions': () => envelope({ suggestions: SUGGESTIONS }) });
    const { router } = renderRoute('/search');
    const box = await screen.findByRole('combobox', { name: 'Search artworks and artists' });
    await userEvent.type(box, '   ');
    await new Promise((r) => setTimeout(r, 400));
    expect(callsTo('/api/search/suggestions')).toHaveLength(0);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    fireEvent.submit(screen.getByRole('search'));
    expect(router.state.location.pathname).toBe('/search');
    expect(callsTo('/api/search')).toHaveLength(0);
  });

  it('moves through the suggestions with the arrow keys, wrapping, and closes with Escape', async () => {
    mockFetch({ 'GET /api/search/suggestions': () => envelope({ suggestions: SUGGESTIONS }) });
    renderRoute('/search');
    const box = await screen.findByRole('combobox', { name: 'Search artworks and artists' });
    await userEvent.type(box, 'd');
    const options = await screen.findAllByRole('option');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(options.every((o) => o.getAttribute('aria-selected') === 'false')).toBe(true);

    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');

    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(box).toHaveValue('d');
    // The list comes back with the arrow key.
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the artist a suggestion names (Enter on the highlighted option)', async () => {
    mockFetch({ 'GET /api/search/suggestions': () => envelope({ suggestions: SUGGESTIONS }) });
    const { router } = renderRoute('/search');
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search artworks and artists' }), 'Coupalnd');
    await screen.findByRole('option', { name: /Douglas Coupland/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/artist/${COUPLAND_ID}`));
  });

  it('opens the artwork a title suggestion names (click)', async () => {
    mockFetch({ 'GET /api/search/suggestions': () => envelope({ suggestions: SUGGESTIONS }) });
    const { router } = renderRoute('/search');
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search artworks and artists' }), 'dig');
    await userEvent.click(await screen.findByRole('option', { name: /Digital Orca/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/artwork/${ORCA_ID}`));
  });

  it('searches for the text of a suggestion that names no single item (type, tag, shared title)', async () => {
    mockFetch({
      'GET /api/search/suggestions': () =>
        envelope({ suggestions: [...SUGGESTIONS, { text: 'Untitled', kind: 'title', id: null }] }),
      'GET /api/search': () => envelope(results([])),
    });
    const { router } = renderRoute('/search');
    const box = await screen.findByRole('combobox', { name: 'Search artworks and artists' });
    await userEvent.type(box, 'mu');
    await userEvent.click(await screen.findByRole('option', { name: /mural/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/results'));
    expect(router.state.location.search).toBe('?q=mural');
    // The router's state changes before React has rendered the results page (a transition): wait
    // for that page, or the search box found could be the one of the page on its way out.
    await screen.findByRole('heading', { name: 'No results for "mural"' });

    const again = await screen.findByRole('combobox', { name: 'Search artworks and artists' });
    expect(again).toHaveValue('mural');
    await userEvent.clear(again);
    await userEvent.type(again, 'unt');
    await screen.findByRole('option', { name: /Untitled/ });
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=Untitled'));
  });

  it('submits the trimmed text to /search/results', async () => {
    mockFetch({
      'GET /api/search/suggestions': () => envelope({ suggestions: [] }),
      'GET /api/search': () => envelope(results([hit()])),
    });
    const { router } = renderRoute('/search');
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search artworks and artists' }), '  digital orca  {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/results'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('digital orca');
    expect(await screen.findByRole('link', { name: 'Digital Orca' })).toBeInTheDocument();
  });

  it('prefills the box from /search/{query}, shows its results, and offers no suggestions until typing', async () => {
    const { callsTo } = mockFetch({
      'GET /api/search/suggestions': () => envelope({ suggestions: SUGGESTIONS }),
      'GET /api/search': () => envelope(results([hit()])),
    });
    renderRoute('/search/orca');
    expect(await screen.findByRole('link', { name: 'Digital Orca' })).toBeInTheDocument();
    expect(combobox()).toHaveValue('orca');
    expect(callsTo('/api/search')[0]!.url.searchParams.get('q')).toBe('orca');
    await new Promise((r) => setTimeout(r, 300));
    expect(callsTo('/api/search/suggestions')).toHaveLength(0);
    expect(document.title).toBe('Search - Plinth');
  });
});

describe('/search/results', () => {
  it('shows result cards with the count, and asks for page 1 of 20 approved results', async () => {
    const { callsTo } = mockFetch({
      'GET /api/search': () =>
        envelope(
          results([
            hit({ distance_m: 350 }),
            hit({
              id: COUPLAND_ID,
              kind: 'artist',
              title: 'Douglas Coupland',
              artwork_type: null,
              description: 'Canadian novelist and artist.',
              artist_names: [],
              place: null,
            }),
          ]),
        ),
    });
    renderRoute('/search/results?q=%20orca%20');
    const list = await screen.findByRole('list', { name: 'Search results' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const orca = within(cards[0]!);
    expect(orca.getByRole('link', { name: 'Digital Orca' })).toHaveAttribute('href', `/artwork/${ORCA_ID}`);
    expect(orca.getByText('Artwork')).toBeInTheDocument();
    expect(orca.getByText('Sculpture')).toBeInTheDocument();
    expect(orca.getByText('by Douglas Coupland')).toBeInTheDocument();
    expect(orca.getByText(/pixelated orca/)).toBeInTheDocument();
    expect(orca.getByText('350 m away')).toBeInTheDocument();
    expect(orca.getByText('Downtown, Vancouver')).toBeInTheDocument();

    const artist = within(cards[1]!);
    expect(artist.getByRole('link', { name: 'Douglas Coupland' })).toHaveAttribute('href', `/artist/${COUPLAND_ID}`);
    expect(artist.getByText('Artist')).toBeInTheDocument();
    expect(artist.queryByText(/away/)).not.toBeInTheDocument();

    expect(screen.getByText('2 results for “orca”')).toBeInTheDocument();
    const sent = callsTo('/api/search')[0]!.url.searchParams;
    expect(Object.fromEntries(sent)).toEqual({ q: 'orca', page: '1', per_page: '20', status: 'approved' });
    expect(document.title).toBe('Search results - Plinth');
  });

  it('shows a busy state while searching', async () => {
    let answer: ((r: Response) => void) | undefined;
    mockFetch({ 'GET /api/search': () => new Promise<Response>((r) => (answer = r)) });
    renderRoute('/search/results?q=orca');
    expect((await screen.findByText('Searching…')).closest('[role="status"]')).toBeInTheDocument();
    // The busy state can show before the request has gone out: answer it once it has.
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer!(envelope(results([hit()]))));
    expect(await screen.findByRole('link', { name: 'Digital Orca' })).toBeInTheDocument();
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  });

  it('pages through the results in the URL', async () => {
    const { callsTo } = mockFetch({
      'GET /api/search': (req) => {
        const page = Number(req.url.searchParams.get('page'));
        return envelope(
          results([hit({ id: `id-${page}`, title: `Result on page ${page}` })], {
            total: 45,
            pagination: { page, per_page: 20, total: 45, total_pages: 3 },
          }),
        );
      },
    });
    const { router } = renderRoute('/search/results?q=mural');
    expect(await screen.findByRole('link', { name: 'Result on page 1' })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Result pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Result on page 2' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=mural&page=2');
    expect(callsTo('/api/search').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(screen.getByText(/45 results for “mural”/)).toBeInTheDocument();
  });

  it('shows the tag filters the server applied, and removes one', async () => {
    mockFetch({
      'GET /api/search': (req) =>
        envelope(
          results([hit()], {
            query: 'orca',
            tags: req.url.searchParams.get('q')?.includes('tag:') ? [{ key: 'material', value: 'bronze' }] : [],
          }),
        ),
    });
    const { router } = renderRoute('/search/results?q=orca%20tag%3Amaterial%3Abronze');
    const filters = await screen.findByRole('list', { name: 'Tag filters' });
    // In sentence case, as every label: the key's first letter capitalised, not each word's.
    expect(within(filters).getByText('Material: bronze')).toBeInTheDocument();
    await userEvent.click(within(filters).getByRole('button', { name: 'Remove filter Material: bronze' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=orca'));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Tag filters' })).not.toBeInTheDocument());
  });

  it('says when nothing matched, with hints', async () => {
    mockFetch({ 'GET /api/search': () => envelope(results([], { query: 'zzyzx' })) });
    renderRoute('/search/results?q=zzyzx');
    expect(await screen.findByRole('heading', { name: 'No results for "zzyzx"' })).toBeInTheDocument();
    expect(screen.getByText(/Check the spelling/)).toBeInTheDocument();
    expect(screen.getByText('tag:material:bronze')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).not.toBeInTheDocument();
  });

  it('shows the server’s message on failure, and tries again', async () => {
    let fail = true;
    mockFetch({
      'GET /api/search': () =>
        fail ? apiError(400, 'VALIDATION_ERROR', 'page must be between 1 and 1000') : envelope(results([hit()])),
    });
    renderRoute('/search/results?q=orca&page=5000');
    await retryAfterFailure('Search failed', 'page must be between 1 and 1000', () => (fail = false));
    expect(await screen.findByRole('link', { name: 'Digital Orca' })).toBeInTheDocument();
  });

  it('falls back to a generic message when the server gives none', async () => {
    mockFetch({ 'GET /api/search': () => json({}, { status: 500 }) });
    renderRoute('/search/results?q=orca');
    expect(await findAlert('Search failed')).toHaveTextContent('An unexpected error occurred');
  });

  it('asks for a query when q is missing or blank', async () => {
    const { callsTo } = mockFetch();
    renderRoute('/search/results?q=%20%20');
    expect(await screen.findByRole('heading', { name: 'What are you looking for?' })).toBeInTheDocument();
    expect(callsTo('/api/search')).toHaveLength(0);
  });
});

describe('photo mode of the add flow', () => {
  const NEAR = [
    artwork({ id: 'far', title: 'Far one', distance_m: 480, artwork_type: 'mural' }),
    artwork({
      id: 'near',
      title: 'Near one',
      distance_m: 12,
      photos: [{ key: 'artworks/near/1.jpg' }] as unknown as ArtworkDto['photos'],
    }),
    artwork({ id: 'mid', title: '', distance_m: 1500 / 10 }),
  ];

  function withPhotos() {
    setFastUpload({
      photos: [
        {
          id: 'p1',
          name: 'orca.jpg',
          preview: 'blob:http://localhost/p1',
          exif: { latitude: 49.2889, longitude: -123.1172 },
          file: new File(['x'], 'orca.jpg', { type: 'image/jpeg' }),
        },
      ],
      location: { latitude: 49.2889, longitude: -123.1172 },
      detectedSources: {
        exif: { detected: true, error: null, coordinates: { latitude: 49.2889, longitude: -123.1172 } },
        browser: { detected: false, error: null, coordinates: null },
      },
    });
  }

  const PATH = '/search?mode=photo&source=fast-upload&lat=49.2889&lng=-123.1172';

  it('lists the artworks nearby, nearest first, each with a way to log a visit', async () => {
    withPhotos();
    const { callsTo } = mockFetch({
      'GET /api/artworks/nearby': () =>
        envelope({ artworks: NEAR, total: 3, limit: 250, search_radius: 500, search_center: { lat: 49.2889, lon: -123.1172 } }),
    });
    renderRoute(PATH);
    const list = await screen.findByRole('list', { name: 'Artworks nearby' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Near one', 'Untitled', 'Far one']);
    expect(within(rows[0]!).getByText('12 m away')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('150 m away')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('480 m away')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Mural')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Near one' })).toHaveAttribute('href', '/artwork/near');
    expect(within(rows[0]!).getByRole('link', { name: 'Log a visit to Near one' })).toHaveAttribute('href', '/logbook/near');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/api/images/thumbnail/artworks/near/1.jpg');
    expect(rows[2]!.querySelector('img')).toBeNull();
    expect(screen.getByText('3 artworks within 500 m, nearest first')).toBeInTheDocument();

    // The photos just chosen are shown.
    expect(within(screen.getByRole('region', { name: 'Your photos' })).getByRole('img', { name: 'Your photo orca.jpg' })).toHaveAttribute(
      'src',
      'blob:http://localhost/p1',
    );

    const sent = callsTo('/api/artworks/nearby')[0]!.url.searchParams;
    expect(Object.fromEntries(sent)).toEqual({ lat: '49.2889', lon: '-123.1172', radius: '500', limit: '250' });
    expect(document.title).toBe('Search - Plinth');
  });

  it('"This is a new artwork" goes to /artwork/new at the same place', async () => {
    withPhotos();
    mockFetch({
      'GET /api/artworks/nearby': () =>
        envelope({ artworks: NEAR, total: 3, limit: 250, search_radius: 500, search_center: { lat: 49.2889, lon: -123.1172 } }),
    });
    const { router } = renderRoute(PATH);
    const link = await screen.findByRole('link', { name: 'This is a new artwork' });
    expect(link).toHaveAttribute('href', '/artwork/new?lat=49.2889&lng=-123.1172');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/artwork/new'));
    expect(new URLSearchParams(router.state.location.search).get('lat')).toBe('49.2889');
    expect(new URLSearchParams(router.state.location.search).get('lng')).toBe('-123.1172');
  });

  it('starts the new artwork at the lat/lng of the link when no photo session is left', async () => {
    mockFetch();
    renderRoute('/artwork/new?lat=49.2889&lng=-123.1172');
    expect(await screen.findByLabelText('Latitude')).toHaveValue('49.288900');
    expect(screen.getByLabelText('Longitude')).toHaveValue('-123.117200');
  });

  it('says when nothing is known nearby, and still offers the new artwork', async () => {
    withPhotos();
    mockFetch({
      'GET /api/artworks/nearby': () =>
        envelope({ artworks: [], total: 0, limit: 250, search_radius: 500, search_center: { lat: 49.2889, lon: -123.1172 } }),
    });
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { name: 'No artworks known within 500 m' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'This is a new artwork' })).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    withPhotos();
    let fail = true;
    mockFetch({
      'GET /api/artworks/nearby': () =>
        fail
          ? apiError(503, 'UNAVAILABLE', 'The geo index is loading')
          : envelope({ artworks: NEAR, total: 3, limit: 250, search_radius: 500, search_center: { lat: 0, lon: 0 } }),
    });
    renderRoute(PATH);
    await retryAfterFailure('Could not look for nearby artworks', 'The geo index is loading', () => (fail = false));
    expect(await screen.findByRole('list', { name: 'Artworks nearby' })).toBeInTheDocument();
  });

  it('after a reload, reads the session from session storage (names, no previews)', async () => {
    sessionStorage.setItem(
      'plinth-fast-upload',
      JSON.stringify({
        photos: [{ id: 'p1', name: 'orca.jpg', exif: { latitude: 49.2889, longitude: -123.1172 } }],
        location: { latitude: 49.2889, longitude: -123.1172 },
        detectedSources: null,
      }),
    );
    const { callsTo } = mockFetch({
      'GET /api/artworks/nearby': () =>
        envelope({ artworks: NEAR, total: 3, limit: 250, search_radius: 500, search_center: { lat: 0, lon: 0 } }),
    });
    // No lat/lng in the URL: the stored location is used.
    renderRoute('/search?mode=photo&source=fast-upload');
    expect(await screen.findByRole('list', { name: 'Artworks nearby' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Your photos' })).getByText('orca.jpg')).toBeInTheDocument();
    expect(callsTo('/api/artworks/nearby')[0]!.url.searchParams.get('lat')).toBe('49.2889');
    expect(screen.getByRole('link', { name: 'This is a new artwork' })).toHaveAttribute(
      'href',
      '/artwork/new?lat=49.2889&lng=-123.1172',
    );
  });

  it('without any location, sends the person to add one', async () => {
    const { callsTo } = mockFetch();
    renderRoute('/search?mode=photo&source=fast-upload&lat=abc');
    expect(await screen.findByRole('heading', { name: 'We don’t know where these photos were taken' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add the location' })).toHaveAttribute('href', '/add');
    expect(callsTo('/api/artworks/nearby')).toHaveLength(0);
  });
});

describe('search rules', () => {
  it('trims text and sends none when blank (SPEC §5)', () => {
    expect(searchText('  orca ')).toBe('orca');
    expect(searchText(' \t ')).toBeNull();
  });

  it('reads page numbers defensively', () => {
    expect(pageParam('3')).toBe(3);
    expect(pageParam(null)).toBe(1);
    expect(pageParam('0')).toBe(1);
    expect(pageParam('2.5')).toBe(1);
    expect(pageParam('x')).toBe(1);
  });

  it('leads a suggestion to its item, or to a search for its text', () => {
    expect(suggestionTarget({ text: 'Digital Orca', kind: 'title', id: 'a1' })).toBe('/artwork/a1');
    expect(suggestionTarget({ text: 'Douglas Coupland', kind: 'artist', id: 'p1' })).toBe('/artist/p1');
    expect(suggestionTarget({ text: 'Ken Lum', kind: 'artist', id: null })).toBe('/search/results?q=Ken%20Lum');
    expect(suggestionTarget({ text: 'bronze', kind: 'tag' })).toBe('/search/results?q=bronze');
  });

  it('rebuilds the query without one tag filter', () => {
    const bronze = { key: 'material', value: 'bronze' };
    const lit = { key: 'lit', value: null };
    expect(withoutTag('orca', [bronze, lit], bronze)).toBe('orca tag:lit');
    expect(withoutTag('', [bronze], bronze)).toBe('');
  });

  it('orders candidates nearest first, measuring when the server gave no distance', () => {
    const from = { lat: 49.2827, lon: -123.1207 };
    const sorted = nearestFirst(
      [
        artwork({ id: 'b', distance_m: 300 }),
        artwork({ id: 'a', distance_m: null, lat: 49.2827, lon: -123.1207 }),
        artwork({ id: 'c', distance_m: 20 }),
      ],
      from,
    );
    expect(sorted.map((a) => a.id)).toEqual(['a', 'c', 'b']);
    expect(sorted[0]!.distance_m).toBe(0);
  });
});

describe('search in French', () => {
  it('shows the search screen, its box and its empty state in French', async () => {
    mockFetch();
    setLocale('fr');
    renderRoute('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recherche' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rechercher des œuvres et des artistes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rechercher' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Trouver de l’art public' })).toBeInTheDocument();
  });

  it('counts and labels the results in French', async () => {
    mockFetch({ 'GET /api/search': () => envelope(results([hit({ distance_m: 350 })])) });
    setLocale('fr');
    renderRoute('/search/results?q=orca');
    const list = await screen.findByRole('list', { name: 'Résultats de recherche' });
    expect(screen.getByText('1 résultat pour « orca »')).toBeInTheDocument();
    expect(within(list).getByText('Œuvre')).toBeInTheDocument();
    expect(within(list).getByText('à 350 m')).toBeInTheDocument();
  });
});
