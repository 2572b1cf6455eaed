import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArtistDto } from '../../api/types';
import { setLocale } from '../../i18n';
import { envelope, mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';

const ARTIST = {
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Ken Lum',
  aliases: [],
  biography: 'Canadian artist.',
  country: 'Canada',
  website: 'https://kenlum.example',
  provenance: null,
  artwork_count: 2,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
} satisfies ArtistDto;

describe('/artists', () => {
  it('searches after typing stops, from page 1', async () => {
    const { callsTo } = mockFetch({
      'GET /api/artists': (req) =>
        envelope({
          artists: req.url.searchParams.get('search') === 'lum' ? [ARTIST] : [ARTIST, { ...ARTIST, id: 'x', name: 'Other' }],
          pagination: { page: 1, limit: 30, total: 2, total_pages: 1, has_more: false },
        }),
    });
    const { router } = renderRoute('/artists?page=2');
    expect(await screen.findByText('Ken Lum')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search artists' }), 'lum');
    await waitFor(() => expect(router.state.location.search).toBe('?search=lum'));
    await waitFor(() => expect(screen.queryByText('Other')).not.toBeInTheDocument());
    const searched = callsTo('/api/artists').filter((c) => c.url.searchParams.has('search'));
    expect(searched).toHaveLength(1);
    expect(searched[0]!.url.searchParams.get('page')).toBe('1');
  });

  it('speaks French when French is chosen', async () => {
    setLocale('fr');
    mockFetch({
      'GET /api/artists': () => envelope({ artists: [ARTIST], pagination: { page: 1, limit: 30, total: 1, total_pages: 1, has_more: false } }),
    });
    renderRoute('/artists');
    expect(await screen.findByRole('heading', { level: 1, name: 'Artistes' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher des artistes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ajouter un artiste' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Ken Lum/ })).toHaveTextContent('2 œuvres');
  });

  it('shows an artist with their artworks', async () => {
    mockFetch({
      [`GET /api/artists/${ARTIST.id}`]: () =>
        envelope({ ...ARTIST, artworks: [{ id: 'w1', title: 'Monument for East Vancouver', artwork_type: 'monument', lat: 49.26, lon: -123.08 }] }),
    });
    renderRoute(`/artist/${ARTIST.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ken Lum' })).toBeInTheDocument();
    expect(screen.getByText('Canadian artist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Monument for East Vancouver/ })).toHaveAttribute('href', '/artwork/w1');
    expect(screen.getByRole('link', { name: /kenlum.example/ })).toHaveAttribute('href', 'https://kenlum.example/');
    expect(document.title).toBe('Ken Lum - Plinth');
  });
});
