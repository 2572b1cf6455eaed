import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArtworkDetailDto } from '../../api/types';
import { setLocale } from '../../i18n';
import { groupTags, NO_VOCABULARY, vocabularyOf } from '../../lib/tagGroups';
import { apiError, envelope, mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';
import { photo } from '../../testing/submissions';
import { TAG_SCHEMA, tagSchemaRoute } from '../../testing/tagSchema';

const ID = '44444444-4444-4444-8444-444444444444';
const ARTWORK = {
  id: ID,
  title: 'The Birds',
  description: 'Two giant sparrows.',
  artwork_type: 'sculpture',
  status: 'approved',
  lat: 49.2728,
  lon: -123.1049,
  tags: {
    material: 'bronze',
    year: '2010',
    artwork_type: 'sculpture',
    website: 'https://example.org/birds',
    wikidata_id: 'Q123',
    access: 'public',
    opening_hours: '24/7',
  },
  artists: [{ id: '55555555-5555-4555-8555-555555555555', name: 'Myfanwy MacLeod' }],
  photos: [photo(1)],
  main_photo: null,
  hidden_photos: [],
  provenance: {
    dataset: 'vancouver',
    dataset_name: 'City of Vancouver Public Art',
    licence: 'Open Government Licence – Vancouver',
    attribution: 'Contains information licensed under the Open Government Licence – Vancouver',
    source_id: '123',
    source_url: 'https://opendata.vancouver.ca/123',
  },
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-03-01T00:00:00Z',
  logbook: [],
  also_from: [],
} satisfies ArtworkDetailDto;
/** The history section's request, answered with no changes. */
const NO_HISTORY = {
  [`GET /api/artworks/${ID}/history`]: () =>
    envelope({ entries: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0, has_more: false } }),
};

describe('tag grouping', () => {
  it('groups known keys by the schema’s categories in its order and puts the rest under Other details', () => {
    const groups = groupTags(ARTWORK.tags, vocabularyOf(TAG_SCHEMA));
    expect(groups.map((g) => g.label)).toEqual(['Classification', 'Physical properties', 'History', 'Location', 'References', 'Other details']);
    expect(groups.find((g) => g.id === 'physical_properties')?.tags).toEqual([{ key: 'material', label: 'Material', value: 'bronze' }]);
    expect(groups.find((g) => g.id === 'other')?.tags).toEqual([{ key: 'opening_hours', label: 'Opening hours', value: '24/7' }]);
    expect(groupTags({ name: '  ' }, vocabularyOf(TAG_SCHEMA))).toEqual([]);
  });

  it('without the schema, shows every detail as a free one, labelled from its key', () => {
    const groups = groupTags({ wikidata_id: 'Q123', material: 'bronze' }, NO_VOCABULARY);
    expect(groups).toEqual([
      {
        id: 'other',
        label: 'Other details',
        tags: [
          { key: 'material', label: 'Material', value: 'bronze' },
          { key: 'wikidata_id', label: 'Wikidata id', value: 'Q123' },
        ],
      },
    ]);
  });
});

describe('/artwork/{id}', () => {
  it('shows photos, artists, grouped details and provenance', async () => {
    mockFetch({ ...NO_HISTORY, ...tagSchemaRoute(), [`GET /api/artworks/${ID}`]: () => envelope(ARTWORK) });
    renderRoute(`/artwork/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Birds' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1 of The Birds' })).toHaveAttribute('src', photo(1).medium_url);
    expect(screen.getByRole('link', { name: 'Myfanwy MacLeod' })).toHaveAttribute('href', '/artist/55555555-5555-4555-8555-555555555555');
    expect(screen.getByRole('heading', { name: 'Physical properties' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Other details' })).toBeInTheDocument();
    expect(screen.getByText('Opening hours')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Q123/ })).toHaveAttribute('href', 'https://www.wikidata.org/wiki/Q123');
    const source = screen.getByRole('heading', { name: 'Source' }).closest('section')!;
    expect(within(source).getByRole('link', { name: /City of Vancouver Public Art/ })).toHaveAttribute('href', 'https://opendata.vancouver.ca/123');
    expect(within(source).getByText('Open Government Licence – Vancouver')).toBeInTheDocument();
    expect(screen.getByText('49.272800, -123.104900')).toBeInTheDocument();
  });

  it('speaks French when French is chosen', async () => {
    setLocale('fr');
    mockFetch({ ...NO_HISTORY, ...tagSchemaRoute(), [`GET /api/artworks/${ID}`]: () => envelope(ARTWORK) });
    renderRoute(`/artwork/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Birds' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1 de The Birds' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Emplacement' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Afficher sur la carte' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Signaler sa disparition' })).toBeInTheDocument();
    expect(screen.getByText('Aucune visite notée pour l’instant.')).toBeInTheDocument();
  });

  it('lists every source of an artwork an import linked another dataset’s record to', async () => {
    const osm = {
      dataset: 'vancouver-osm',
      dataset_name: 'OpenStreetMap contributors',
      licence: 'ODbL 1.0',
      attribution: '© OpenStreetMap contributors',
      source_id: 'node/11',
      source_url: 'https://www.openstreetmap.org/node/11',
    };
    mockFetch({ ...NO_HISTORY, ...tagSchemaRoute(), [`GET /api/artworks/${ID}`]: () => envelope({ ...ARTWORK, also_from: [osm] }) });
    renderRoute(`/artwork/${ID}`);
    const sources = (await screen.findByRole('heading', { name: 'Sources' })).closest('section')!;
    expect(within(sources).getAllByTestId('artwork-source')).toHaveLength(2);
    expect(within(sources).getByRole('link', { name: /City of Vancouver Public Art/ })).toBeInTheDocument();
    expect(within(sources).getByRole('link', { name: /OpenStreetMap contributors/ })).toHaveAttribute('href', osm.source_url);
    expect(within(sources).getByText('ODbL 1.0')).toBeInTheDocument();
  });

  it('shows a detail that is a photo’s address as the photo, with its credit and source, and links one that is no image file', async () => {
    const withPhotos = {
      ...ARTWORK,
      tags: {
        photo_url: 'https://www.cambridgema.gov/art/HarriesHeder_Baldwin.JPG',
        photo_credit: 'SITE Photography, 2016',
        image: 'https://opendata.vancouver.ca/files/94278f90',
      },
    } satisfies ArtworkDetailDto;
    mockFetch({ ...NO_HISTORY, ...tagSchemaRoute(), [`GET /api/artworks/${ID}`]: () => envelope(withPhotos) });
    renderRoute(`/artwork/${ID}`);
    const shown = await screen.findByRole('img', { name: 'Photo of The Birds' });
    expect(shown).toHaveAttribute('src', 'https://www.cambridgema.gov/art/HarriesHeder_Baldwin.JPG');
    const figure = shown.closest('figure')!;
    expect(figure).toHaveTextContent('Photo: SITE Photography, 2016. Source: www.cambridgema.gov');
    expect(within(figure).getByRole('link', { name: /www\.cambridgema\.gov/ })).toHaveAttribute('href', withPhotos.tags.photo_url);
    // The credit shows with the photo, not again as a detail of its own.
    expect(screen.queryByText('Photo credit')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View the photo/ })).toHaveAttribute('href', 'https://opendata.vancouver.ca/files/94278f90');
    expect(screen.queryByText(withPhotos.tags.image)).not.toBeInTheDocument();
  });

  it('links a photo that cannot be shown instead', async () => {
    const withPhoto = { ...ARTWORK, tags: { photo_url: 'https://www.cambridgema.gov/art/Gone.jpg' } } satisfies ArtworkDetailDto;
    mockFetch({ ...NO_HISTORY, ...tagSchemaRoute(), [`GET /api/artworks/${ID}`]: () => envelope(withPhoto) });
    renderRoute(`/artwork/${ID}`);
    fireEvent.error(await screen.findByRole('img', { name: 'Photo of The Birds' }));
    expect(await screen.findByRole('link', { name: /View the photo/ })).toHaveAttribute('href', withPhoto.tags.photo_url);
    expect(screen.queryByRole('img', { name: 'Photo of The Birds' })).not.toBeInTheDocument();
  });

  it('opens the feedback dialog in missing mode with the note prefilled', async () => {
    mockFetch({ ...NO_HISTORY, [`GET /api/artworks/${ID}`]: () => envelope(ARTWORK) });
    renderRoute(`/artwork/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Report as missing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a missing artwork' });
    expect(within(dialog).getByRole('textbox', { name: 'Your note' })).toHaveValue('The artwork is missing');
  });

  it('offers a removed artwork its history and a way to say it is back, not visits, edits or saving', async () => {
    const { callsTo } = mockFetch({
      ...NO_HISTORY,
      [`GET /api/artworks/${ID}`]: () => envelope({ ...ARTWORK, status: 'removed' }),
      'POST /api/feedback': () => envelope({ id: 'f1' }),
    });
    renderRoute(`/artwork/${ID}`);
    expect(await screen.findByRole('region', { name: 'Removed' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'History' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Log a visit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Save this artwork' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report as missing' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Is it back?' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Report it back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this artwork back in place' });
    expect(within(dialog).getByRole('textbox', { name: 'Your note' })).toHaveValue('The artwork is back in place');
    await userEvent.click(within(dialog).getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(callsTo('/api/feedback')).toHaveLength(1));
    expect(JSON.parse(callsTo('/api/feedback')[0]!.body as string)).toMatchObject({
      subject_type: 'artwork',
      subject_id: ID,
      issue_type: 'comment',
      note: 'The artwork is back in place',
    });
  });

  it('offers a retry when loading fails', async () => {
    let calls = 0;
    mockFetch({
      ...NO_HISTORY,
      [`GET /api/artworks/${ID}`]: () => (++calls === 1 ? apiError(500, 'INTERNAL_ERROR', 'An unexpected error occurred') : envelope(ARTWORK)),
    });
    renderRoute(`/artwork/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The Birds' })).toBeInTheDocument();
  });

  it('treats a malformed id as a missing artwork', async () => {
    mockFetch({ 'GET /api/artworks/nope': () => apiError(400, 'VALIDATION_ERROR', 'id must be a UUID', { field: 'id' }) });
    renderRoute('/artwork/nope');
    expect(await screen.findByText('Artwork with ID nope not found')).toBeInTheDocument();
  });
});

describe('/artwork/{id}: photos and logbook', () => {
  const WITH_LOGBOOK = {
    ...ARTWORK,
    photos: [photo(1), photo(2), photo(3)],
    logbook: [
      {
        id: 'e1',
        note: 'Freshly cleaned',
        condition: 'good',
        photos: [photo(4)],
        visited_at: '2025-06-01T09:00:00Z',
        visitor: { id: 'v1', display_name: 'ada-l' },
      },
      { id: 'e2', note: null, condition: 'damaged', photos: [], visited_at: '2025-05-01T09:00:00Z', visitor: { id: 'v2', display_name: 'Anonymous (12345678...)' } },
    ],
  } satisfies ArtworkDetailDto;

  it('shows one photo large, the others as thumbnails that show it', async () => {
    mockFetch({ ...NO_HISTORY, [`GET /api/artworks/${ID}`]: () => envelope(WITH_LOGBOOK) });
    renderRoute(`/artwork/${ID}`);
    const gallery = await screen.findByTestId('artwork-gallery');
    expect(within(gallery).getByRole('img', { name: 'Photo 1 of The Birds' })).toHaveAttribute('src', photo(1).medium_url);
    expect(within(gallery).getByRole('link', { name: /Photo 1 of The Birds/ })).toHaveAttribute('href', photo(1).large_url);
    const thumbs = within(gallery).getByRole('list', { name: 'All photos' });
    expect(within(thumbs).getByRole('button', { name: 'Show photo 1 of 3' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(thumbs).getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(within(gallery).getByRole('img', { name: 'Photo 3 of The Birds' })).toHaveAttribute('src', photo(3).medium_url);
    expect(within(thumbs).getByRole('button', { name: 'Show photo 3 of 3' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists the logbook, newest first, with a way to log a visit', async () => {
    mockFetch({ ...NO_HISTORY, [`GET /api/artworks/${ID}`]: () => envelope(WITH_LOGBOOK) });
    renderRoute(`/artwork/${ID}`);
    const entries = await screen.findAllByTestId('logbook-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('ada-l');
    expect(entries[0]).toHaveTextContent('Good condition');
    expect(within(entries[0]!).getByText('Freshly cleaned')).toBeInTheDocument();
    expect(within(entries[0]!).getByRole('img', { name: 'Photo 1 by ada-l' })).toHaveAttribute('src', photo(4).thumbnail_url);
    expect(within(entries[0]!).getByRole('time')).toHaveAttribute('dateTime', '2025-06-01T09:00:00Z');
    expect(entries[1]).toHaveTextContent('Anonymous (12345678...)');
    expect(entries[1]).toHaveTextContent('Damaged');
    expect(screen.getByTestId('log-visit-link')).toHaveAttribute('href', `/logbook/${ID}`);
  });

  it('invites the first visit when the logbook is empty', async () => {
    mockFetch({ ...NO_HISTORY, [`GET /api/artworks/${ID}`]: () => envelope(ARTWORK) });
    renderRoute(`/artwork/${ID}`);
    expect(await screen.findByRole('link', { name: 'Log the first visit' })).toHaveAttribute('href', `/logbook/${ID}`);
  });
});

describe('/artworks', () => {
  it('pages and sorts through the URL', async () => {
    const { callsTo } = mockFetch({
      'GET /api/artworks': (req) =>
        envelope({
          artworks: [{ ...ARTWORK, title: `Page ${req.url.searchParams.get('page')}` }],
          pagination: { page: Number(req.url.searchParams.get('page')), limit: 30, total: 61, total_pages: 3, has_more: true },
        }),
    });
    const { router } = renderRoute('/artworks');
    expect(await screen.findByText('Page 1')).toBeInTheDocument();
    const first = callsTo('/api/artworks')[0]!;
    expect(first.url.searchParams.get('sort')).toBe('updated_desc');
    expect(first.url.searchParams.get('limit')).toBe('30');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'title_asc');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title_asc'));
    await waitFor(() => expect(callsTo('/api/artworks').at(-1)!.url.searchParams.get('sort')).toBe('title_asc'));
  });

  it('says on each card where the artwork is', async () => {
    mockFetch({
      'GET /api/artworks': () =>
        envelope({
          artworks: [
            { ...ARTWORK, tags: { ...ARTWORK.tags, neighbourhood: 'Mount Pleasant' }, provenance: { ...ARTWORK.provenance, place: 'Vancouver' } },
            { ...ARTWORK, id: '66666666-6666-4666-8666-666666666666', title: 'Nowhere', photos: [], tags: {}, provenance: null },
          ],
          pagination: { page: 1, limit: 30, total: 2, total_pages: 1, has_more: false },
        }),
    });
    renderRoute('/artworks');
    const birds = (await screen.findByText('The Birds')).closest('li')!;
    expect(within(birds).getByText('Mount Pleasant, Vancouver')).toBeInTheDocument();
    const nowhere = screen.getByText('Nowhere').closest('li')!;
    expect(nowhere.querySelector('.card__place')).toBeNull();
  });

  it('says so when there are none', async () => {
    mockFetch({ 'GET /api/artworks': () => envelope({ artworks: [], pagination: { page: 1, limit: 30, total: 0, total_pages: 0, has_more: false } }) });
    renderRoute('/artworks');
    expect(await screen.findByRole('heading', { name: 'No artworks yet' })).toBeInTheDocument();
  });
});
