import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArtworkDetailDto } from '../api/types';
import { apiError, envelope, mockFetch } from '../testing/fetchMock';
import { listArtwork } from '../testing/lists';
import { renderRoute } from '../testing/render';

const ARTWORK_ID = '22222222-2222-4222-8222-222222222222';

function api(productName?: string) {
  return mockFetch({
    ...(productName
      ? {
          'GET /api/config': () => envelope({ product_name: productName, map_style_url: null, mapbox_access_token: null }),
        }
      : {}),
    'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
    'GET /api/artworks': () => envelope({ artworks: [], pagination: { page: 1, limit: 30, total: 0, total_pages: 0, has_more: false } }),
    'GET /api/artists': () => envelope({ artists: [], pagination: { page: 1, limit: 30, total: 0, total_pages: 0, has_more: false } }),
    [`GET /api/artworks/${ARTWORK_ID}`]: () =>
      envelope({
        ...listArtwork(1, { id: ARTWORK_ID, title: 'Gate to the Northwest Passage', artwork_type: 'sculpture', lat: 49.27, lon: -123.14 }),
        logbook: [],
        also_from: [],
      } satisfies ArtworkDetailDto),
    'GET /api/artworks/33333333-3333-4333-8333-333333333333': () =>
      apiError(404, 'NOT_FOUND', 'Artwork with ID 33333333-3333-4333-8333-333333333333 not found'),
  });
}

describe('page titles: "{Page} - {product}" (SPEC §2)', () => {
  it.each([
    ['/', 'Map - Plinth'],
    ['/artworks', 'Artworks - Plinth'],
    ['/artists', 'Artists - Plinth'],
    ['/search', 'Search - Plinth'],
    ['/search/results?q=bronze', 'Search results - Plinth'],
    ['/help', 'Help - Plinth'],
    ['/pages', 'Pages - Plinth'],
    ['/pages/privacy-policy', 'Privacy policy - Plinth'],
    ['/add', 'Add artwork - Plinth'],
    ['/profile', 'Profile - Plinth'],
    ['/profile/notifications', 'Notifications - Plinth'],
    ['/profile/badges', 'Badges - Plinth'],
    ['/artwork/new', 'New artwork - Plinth'],
    ['/lists/abc', 'List - Plinth'],
    ['/status', 'Status - Plinth'],
    ['/verify', 'Verify sign-in - Plinth'],
    ['/outbox', 'Outbox - Plinth'],
    ['/nowhere', 'Page not found - Plinth'],
  ])('%s is titled "%s"', async (path, title) => {
    api();
    renderRoute(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('uses the product name the server is configured with (GET /api/config)', async () => {
    api('Mosaic');
    renderRoute('/artworks');
    await waitFor(() => expect(document.title).toBe('Artworks - Mosaic'));
  });

  it('titles an artwork by its name', async () => {
    api();
    renderRoute(`/artwork/${ARTWORK_ID}`);
    await waitFor(() => expect(document.title).toBe('Gate to the Northwest Passage - Plinth'));
  });

  it('says which artwork is missing', async () => {
    api();
    renderRoute('/artwork/33333333-3333-4333-8333-333333333333');
    expect(await screen.findByText('Artwork with ID 33333333-3333-4333-8333-333333333333 not found')).toBeInTheDocument();
    expect(document.title).toBe('Artwork not found - Plinth');
  });
});
