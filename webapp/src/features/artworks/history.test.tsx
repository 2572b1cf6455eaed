import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArtworkDetailDto } from '../../api/types';
import { ARTIST, artworkRoutes, expectFirstHistoryPage, historyEntry as entry, historyPage, historyShown, importedEntry, ORCA as ARTWORK } from '../../testing/artworks';
import { apiError, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';
import { formatDate } from '../../lib/format';
import { changeText, momentText } from '../../lib/historyText';

const ID = ARTWORK.id;

const IMPORTED = importedEntry([
  { field: 'title', before: null, after: 'Digital Orca' },
  { field: 'tags', before: null, after: { material: 'aluminium' } },
  { field: 'artists', before: null, after: [ARTIST.id] },
]);
const MOVED = entry(2, {
  kind: 'moved',
  actor: { display_name: 'Mod Squad', role: 'moderator', source: 'web' },
  changes: [{ field: 'location', before: { lat: 49.28, lon: -123.11 }, after: { lat: 49.2889, lon: -123.1175 } }],
});
const VISITED = entry(3, { kind: 'visit_recorded', photos_added: 2, note: 'Shiny after the rain', contributor: 'Ada' });

/** The artwork (as of any moment: `version` answers for `?as_of`) and its history pages. */
const routes = (pages: Handler, version?: Handler) => artworkRoutes(ARTWORK, pages, version);

describe('artwork history', () => {
  it('lists changes newest first: kind, who, when, each field before and after', async () => {
    const { callsTo } = mockFetch(routes(() => envelope(historyPage([VISITED, MOVED, IMPORTED]))));
    renderRoute(`/artwork/${ID}`);
    const { items } = await historyShown('Digital Orca');
    expect(items).toHaveLength(3);

    expect(items[0]).toHaveTextContent('Visit logged');
    // A submission's change credits who sent it, and the moderator who approved it.
    expect(items[0]).toHaveTextContent('by Ada, approved by ada-l');
    expect(items[0]).toHaveTextContent('2 photos added');
    expect(within(items[0]!).getByText('Shiny after the rain')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('time')).toHaveAttribute('dateTime', VISITED.at);
    expect(within(items[0]!).getByRole('time')).toHaveTextContent(formatDate(VISITED.at));

    expect(items[1]).toHaveTextContent('Moved');
    expect(items[1]).toHaveTextContent('by Mod Squad');
    expect(items[1]).toHaveTextContent('location: 49.280000, -123.110000 → 49.288900, -123.117500');

    expect(items[2]).toHaveTextContent('Imported from a dataset');
    expect(items[2]).toHaveTextContent('by City of Vancouver Public Art');
    expect(items[2]).toHaveTextContent('title: — → Digital Orca');
    expect(items[2]).toHaveTextContent('tags: — → material: aluminium');
    expect(items[2]).toHaveTextContent('artists: — → Douglas Coupland');
    expect(within(items[2]!).getByRole('link', { name: /View as of this change/ })).toHaveAttribute(
      'href',
      `/artwork/${ID}?as_of=900-1`,
    );

    expectFirstHistoryPage(callsTo, `/api/artworks/${ID}/history`);
  });

  it('loads older changes a page at a time, after the ones shown', async () => {
    const newer = [entry(5), entry(4), entry(3)];
    const { callsTo } = mockFetch(
      routes((req) =>
        req.url.searchParams.get('page') === '2'
          ? // A change made meanwhile pushed entry 3 onto page 2 as well: it is shown once.
            envelope(historyPage([entry(3), entry(2), entry(1, { note: 'The oldest' })], 2))
          : envelope(historyPage(newer, 1, true)),
      ),
    );
    renderRoute(`/artwork/${ID}`);
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await screen.findByText('The oldest')).toBeInTheDocument();
    const items = screen.getAllByTestId('history-entry');
    expect(items.map((li) => li.querySelector('time')?.getAttribute('dateTime'))).toEqual(
      [5, 4, 3, 2, 1].map((n) => entry(n).at),
    );
    expect(items[3]).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
    expect(callsTo(`/api/artworks/${ID}/history`).map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('says so when nothing is recorded yet', async () => {
    mockFetch(routes(() => envelope(historyPage([]))));
    renderRoute(`/artwork/${ID}`);
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
  });

  it('offers to try again when the history cannot be loaded', async () => {
    let calls = 0;
    mockFetch(
      routes(() =>
        ++calls === 1 ? apiError(500, 'INTERNAL_ERROR', 'An unexpected error occurred') : envelope(historyPage([IMPORTED])),
      ),
    );
    renderRoute(`/artwork/${ID}`);
    const history = (await screen.findByRole('heading', { name: 'History' })).closest('section')!;
    const alert = await within(history).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the history');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(history).findByTestId('history-entry')).toHaveTextContent('title: — → Digital Orca');
    expect(within(history).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/artwork/{id}?as_of', () => {
  const THEN = { ...ARTWORK, title: 'Orca', updated_at: MOVED.at } satisfies ArtworkDetailDto;

  it('shows the artwork as it was then, read-only, with the way back', async () => {
    const { callsTo } = mockFetch(routes(() => envelope(historyPage([VISITED, MOVED, IMPORTED])), () => envelope(THEN)));
    const { router } = renderRoute(`/artwork/${ID}?as_of=900-2`);
    const banner = await screen.findByTestId('as-of-banner');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveTextContent(`You are viewing this artwork as it was on ${formatDate(MOVED.at)}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Orca' })).toBeInTheDocument();
    expect(callsTo(`/api/artworks/${ID}`).map((c) => c.url.searchParams.get('as_of'))).toEqual(['900-2']);
    expect(screen.queryByRole('link', { name: /Log a visit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report as missing' })).not.toBeInTheDocument();

    const viewed = (await screen.findAllByTestId('history-entry'))[1]!;
    expect(viewed).toHaveAttribute('aria-current', 'true');
    expect(within(viewed).queryByRole('link', { name: /View as of this change/ })).not.toBeInTheDocument();

    const back = within(banner).getByRole('link', { name: 'Back to the current version' });
    expect(back).toHaveAttribute('href', `/artwork/${ID}`);
    await userEvent.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Digital Orca' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('as-of-banner')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('opens a change from the history, at the top of the page', async () => {
    const { callsTo } = mockFetch(routes(() => envelope(historyPage([VISITED, MOVED, IMPORTED])), () => envelope(THEN)));
    const { router } = renderRoute(`/artwork/${ID}`);
    const items = await screen.findAllByTestId('history-entry');
    await userEvent.click(within(items[1]!).getByRole('link', { name: /View as of this change/ }));
    expect(await screen.findByTestId('as-of-banner')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?as_of=900-2');
    expect(callsTo(`/api/artworks/${ID}`).at(-1)!.url.searchParams.get('as_of')).toBe('900-2');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Orca' })).toHaveFocus());
  });

  it('encodes a time and shows its date', async () => {
    const { callsTo } = mockFetch(routes(() => envelope(historyPage([])), () => envelope(THEN)));
    renderRoute(`/artwork/${ID}?as_of=${encodeURIComponent('2025-02-20T10:00:00+01:00')}`);
    expect(await screen.findByTestId('as-of-banner')).toHaveTextContent(formatDate('2025-02-20T10:00:00+01:00'));
    const call = callsTo(`/api/artworks/${ID}`)[0]!;
    expect(call.url.search).toBe('?as_of=2025-02-20T10%3A00%3A00%2B01%3A00');
    expect(call.url.searchParams.get('as_of')).toBe('2025-02-20T10:00:00+01:00');
  });

  it('says when the artwork did not exist at that moment', async () => {
    mockFetch(
      routes(
        () => envelope(historyPage([])),
        () => apiError(404, 'NOT_FOUND', `Artwork with ID ${ID} not found`),
      ),
    );
    renderRoute(`/artwork/${ID}?as_of=2020-01-01T00:00:00Z`);
    expect(await screen.findByText('This artwork did not exist at that moment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the current version' })).toHaveAttribute('href', `/artwork/${ID}`);
  });

  it('says when the moment is not one', async () => {
    mockFetch(
      routes(
        () => envelope(historyPage([])),
        () => apiError(400, 'VALIDATION_ERROR', 'as_of must be a position or an RFC 3339 time', { field: 'as_of' }),
      ),
    );
    renderRoute(`/artwork/${ID}?as_of=yesterday`);
    expect(await screen.findByText('Not a moment in this artwork’s history')).toBeInTheDocument();
    expect(screen.getByText(/“yesterday”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the current version' })).toHaveAttribute('href', `/artwork/${ID}`);
  });
});

describe('history text', () => {
  it('shows only the tags that changed, and counts artists it cannot name', () => {
    expect(changeText({ field: 'tags', before: { material: 'bronze', year: '2010' }, after: { material: 'steel', year: '2010' } })).toEqual({
      field: 'tags',
      before: 'material: bronze',
      after: 'material: steel',
    });
    expect(changeText({ field: 'tags', before: { year: '2010' }, after: {} }).after).toBe('year: —');
    expect(changeText({ field: 'artists', before: [], after: ['a', 'b'] })).toEqual({ field: 'artists', before: '—', after: '2 artists' });
    expect(changeText({ field: 'artwork_type', before: 'mural', after: 'street_art' })).toEqual({
      field: 'type',
      before: 'Mural',
      after: 'Street art',
    });
    expect(changeText({ field: 'description', before: 'Old', after: null }).after).toBe('—');
  });

  it('reads a moment as a date when it can', () => {
    expect(momentText('2025-02-20T10:00:00Z')).toBe(formatDate('2025-02-20T10:00:00Z'));
    expect(momentText('900-2', '2025-03-15T12:00:00Z')).toBe(formatDate('2025-03-15T12:00:00Z'));
    expect(momentText('900-2')).toBe('900-2');
  });
});
