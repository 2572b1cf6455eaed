/** An artist, and their page's calls, as the server describes them. */
import type { ArtistDetail } from '../api/types';
import { historyPage } from './artworks';
import { envelope, type Handler } from './fetchMock';

export const KEN = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Ken Lum',
  aliases: ['Kenneth Lum'],
  biography: 'Canadian artist.',
  country: 'Canada',
  website: 'https://kenlum.example',
  birth_year: 1956,
  death_year: null,
  provenance: null,
  artwork_count: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-03-15T12:00:00Z',
  artworks: [{ id: 'w1', title: 'Monument for East Vancouver', artwork_type: 'monument', lat: 49.26, lon: -123.08 }],
} satisfies ArtistDetail;

/**
 * GET /api/artists/{id} (as of any moment: `version` answers for `?as_of`), its history pages
 * (none unless given) and the caller's pending edits (none unless given).
 */
export function artistRoutes(
  artist: ArtistDetail,
  { pages = () => envelope(historyPage([])), version = () => envelope(artist), pending = () => envelope({ edits: [] }) }: Partial<
    Record<'pages' | 'version' | 'pending', Handler>
  > = {},
): Record<string, Handler> {
  return {
    [`GET /api/artists/${artist.id}`]: (req) => (req.url.searchParams.has('as_of') ? version(req) : envelope(artist)),
    [`GET /api/artists/${artist.id}/history`]: pages,
    [`GET /api/artist/${artist.id}/pending-edits`]: pending,
  };
}
