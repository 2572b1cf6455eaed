/** An artwork and its history as the server describes them, and the history as a page shows it. */
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { ArtistDto, ArtistRef, ArtworkDetailDto, ArtworkHistory, Credits, HistoryEntry } from '../api/types';
import { envelope, type Handler, type RecordedRequest } from './fetchMock';

export const ARTIST = { id: '77777777-7777-4777-8777-777777777777', name: 'Douglas Coupland' };

/** Another artist the registry knows, for the artist pickers to find. */
export const OTHER_ARTIST: ArtistDto = {
  id: '88888888-8888-4888-8888-888888888888',
  name: 'Ameen Gill',
  aliases: [],
  biography: null,
  country: null,
  website: null,
  provenance: null,
  artwork_count: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

/** GET /api/artists as the artist pickers search it: those of `artists` whose name holds the search, any case. */
export function artistSearchRoute(artists: readonly ArtistRef[]): Record<string, Handler> {
  return {
    'GET /api/artists': (req) => {
      const search = req.url.searchParams.get('search')?.toLowerCase() ?? '';
      const found = artists.filter((a) => a.name.toLowerCase().includes(search));
      return envelope({ artists: found, pagination: { page: 1, limit: 10, total: found.length, total_pages: 1, has_more: false } });
    },
  };
}

export const ORCA = {
  id: '66666666-6666-4666-8666-666666666666',
  title: 'Digital Orca',
  description: 'A pixelated orca breaching.',
  artwork_type: 'sculpture',
  status: 'approved',
  lat: 49.2889,
  lon: -123.1175,
  tags: { material: 'aluminium' },
  artists: [ARTIST],
  photos: [],
  main_photo: null,
  hidden_photos: [],
  provenance: null,
  created_at: '2025-01-15T12:00:00Z',
  updated_at: '2025-03-15T12:00:00Z',
  logbook: [],
  also_from: [],
} satisfies ArtworkDetailDto;

/** The change numbered `sequence` (also its month of 2025): photos added by a user, unless overridden. */
export function historyEntry(sequence: number, over: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: `900-${sequence}`,
    sequence,
    at: `2025-0${sequence}-15T12:00:00Z`,
    kind: 'photos_added',
    actor: { display_name: 'ada-l', role: 'user', source: 'web' },
    submission_id: null,
    changes: [],
    photos_added: 0,
    note: null,
    revertible: false,
    ...over,
  };
}

/** The first change: the record imported from the City of Vancouver's dataset with these `changes`. */
export function importedEntry(changes: HistoryEntry['changes']): HistoryEntry {
  return historyEntry(1, {
    kind: 'imported',
    actor: { display_name: 'City of Vancouver Public Art', role: 'system', source: 'import' },
    changes,
  });
}

export function historyPage(entries: HistoryEntry[], page = 1, hasMore = false): ArtworkHistory {
  return { entries, pagination: { page, limit: 20, total: 30, total_pages: hasMore ? page + 1 : page, has_more: hasMore } };
}

/** An artwork nobody is credited for yet. */
export const NO_CREDITS: Credits = { contributors: [], fields: [], photos: [] };

/**
 * GET /api/artworks/{id} (as of any moment: `version` answers for `?as_of`), its history pages and
 * its contributors.
 */
export function artworkRoutes(
  artwork: ArtworkDetailDto,
  pages: Handler,
  version: Handler = () => envelope(artwork),
  credits: Credits = NO_CREDITS,
): Record<string, Handler> {
  return {
    [`GET /api/artworks/${artwork.id}`]: (req) => (req.url.searchParams.has('as_of') ? version(req) : envelope(artwork)),
    [`GET /api/artworks/${artwork.id}/history`]: pages,
    [`GET /api/artworks/${artwork.id}/contributors`]: () => envelope(credits),
  };
}

/**
 * The history on the page shown, once loaded: its list (`Changes to {title}`) under the History
 * heading, and its entries, newest first.
 */
export async function historyShown(title: string) {
  const list = await screen.findByRole('list', { name: `Changes to ${title}` });
  expect(screen.getByRole('heading', { level: 2, name: 'History' })).toBeInTheDocument();
  return { list, items: within(list).getAllByTestId('history-entry') };
}

/** The history (GET `path`) was asked for from its first page, 20 entries a page. */
export function expectFirstHistoryPage(callsTo: (path: string) => RecordedRequest[], path: string): void {
  const asked = callsTo(path)[0]!.url.searchParams;
  expect(asked.get('page')).toBe('1');
  expect(asked.get('limit')).toBe('20');
}
