import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArtistDetail } from '../../api/types';
import { formatDate } from '../../lib/format';
import { artistChangeText } from '../../lib/historyText';
import { artistRoutes, KEN } from '../../testing/artists';
import { expectFirstHistoryPage, historyEntry as entry, historyPage, historyShown, importedEntry } from '../../testing/artworks';
import { apiError, envelope, mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';

const ID = KEN.id;

const IMPORTED = importedEntry([
  { field: 'name', before: null, after: 'Ken Lum' },
  { field: 'aliases', before: null, after: ['Kenneth Lum'] },
  { field: 'birth_year', before: null, after: 1956 },
]);
const EDITED = entry(2, {
  kind: 'edited',
  contributor: 'ada-l',
  actor: { display_name: 'Mod Squad', role: 'moderator', source: 'web' },
  changes: [
    { field: 'biography', before: 'Artist.', after: 'Canadian artist.' },
    { field: 'website', before: 'https://old.example', after: null },
    { field: 'aliases', before: ['Kenneth Lum'], after: ['Kenneth Lum', 'K. Lum'] },
    { field: 'death_year', before: null, after: 2024 },
  ],
});
const THEN = { ...KEN, name: 'Kenneth Lum', aliases: [], updated_at: IMPORTED.at } satisfies ArtistDetail;

describe('artist history', () => {
  it('lists changes newest first: kind, who, when, each field by its label before and after', async () => {
    const { callsTo } = mockFetch(artistRoutes(KEN, { pages: () => envelope(historyPage([EDITED, IMPORTED])) }));
    renderRoute(`/artist/${ID}`);
    const { list, items } = await historyShown('Ken Lum');
    expect(items).toHaveLength(2);

    expect(items[0]).toHaveTextContent('Edited');
    expect(items[0]).toHaveTextContent('by ada-l, approved by Mod Squad');
    expect(within(items[0]!).getByRole('time')).toHaveTextContent(formatDate(EDITED.at));
    expect(within(items[0]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Biography: Artist. → Canadian artist.',
      'Website: https://old.example → —',
      'Also known as: Kenneth Lum → Kenneth Lum, K. Lum',
      'Died: — → 2024',
    ]);

    expect(items[1]).toHaveTextContent('Imported from a dataset');
    expect(items[1]).toHaveTextContent('by City of Vancouver Public Art');
    expect(within(items[1]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Name: — → Ken Lum',
      'Also known as: — → Kenneth Lum',
      'Born: — → 1956',
    ]);
    expect(within(items[1]!).getByRole('link', { name: /View as of this change/ })).toHaveAttribute('href', `/artist/${ID}?as_of=900-1`);
    // Artists have no revert.
    expect(within(list).queryByRole('button', { name: /Revert/ })).not.toBeInTheDocument();

    expectFirstHistoryPage(callsTo, `/api/artists/${ID}/history`);
  });

  it('says so when nothing is recorded yet', async () => {
    mockFetch(artistRoutes(KEN));
    renderRoute(`/artist/${ID}`);
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('reads each field of an artist by its label', () => {
    expect(artistChangeText({ field: 'aliases', before: [], after: ['A', 'B'] })).toEqual({ field: 'Also known as', before: '—', after: 'A, B' });
    expect(artistChangeText({ field: 'birth_year', before: -300, after: null })).toEqual({ field: 'Born', before: '300 BCE', after: '—' });
    expect(artistChangeText({ field: 'country', before: 'Canada', after: 'Peru' }).field).toBe('Country');
  });
});

describe('/artist/{id}?as_of', () => {
  it('shows the artist as they were then, read-only, with the way back', async () => {
    const { callsTo } = mockFetch(
      artistRoutes(KEN, { pages: () => envelope(historyPage([EDITED, IMPORTED])), version: () => envelope(THEN) }),
    );
    const { router } = renderRoute(`/artist/${ID}?as_of=900-1`, { who: 'user' });
    const banner = await screen.findByTestId('as-of-banner');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveTextContent(`You are viewing this artist as it was on ${formatDate(IMPORTED.at)}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Kenneth Lum' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Kenneth Lum as of ${formatDate(IMPORTED.at)} - Plinth`));
    expect(callsTo(`/api/artists/${ID}`).map((c) => c.url.searchParams.get('as_of'))).toEqual(['900-1']);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('pending-edits')).not.toBeInTheDocument();
    expect(callsTo(`/api/artist/${ID}/pending-edits`)).toHaveLength(0);

    const viewed = (await screen.findAllByTestId('history-entry'))[1]!;
    expect(viewed).toHaveAttribute('aria-current', 'true');
    expect(viewed).toHaveTextContent('You are viewing the artist as of this change.');

    const back = within(banner).getByRole('link', { name: 'Back to the current version' });
    expect(back).toHaveAttribute('href', `/artist/${ID}`);
    await userEvent.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ken Lum' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('opens a change from the history, its heading focused', async () => {
    mockFetch(artistRoutes(KEN, { pages: () => envelope(historyPage([EDITED, IMPORTED])), version: () => envelope(THEN) }));
    const { router } = renderRoute(`/artist/${ID}`);
    const items = await screen.findAllByTestId('history-entry');
    await userEvent.click(within(items[1]!).getByRole('link', { name: /View as of this change/ }));
    expect(await screen.findByTestId('as-of-banner')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?as_of=900-1');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Kenneth Lum' })).toHaveFocus());
  });

  it('says when the artist did not exist at that moment', async () => {
    mockFetch(artistRoutes(KEN, { version: () => apiError(404, 'NOT_FOUND', `Artist with ID ${ID} not found`) }));
    renderRoute(`/artist/${ID}?as_of=2020-01-01T00:00:00Z`);
    expect(await screen.findByText('This artist did not exist at that moment.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Artist not found - Plinth'));
    expect(screen.getByRole('link', { name: 'Back to the current version' })).toHaveAttribute('href', `/artist/${ID}`);
  });
});
