import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArtistEditDetail, ArtistEditQueue, ArtistEditSummary } from '../../api/types';
import { KEN } from '../../testing/artists';
import { editDecisionRoutes, editRows as rows, editSummaryOf, fieldRow, openEditDetail as open, pendingEdits } from '../../testing/editReview';
import { bodyOf, envelope, type Handler, mockFetch } from '../../testing/fetchMock';
import { renderRoute, toastMessages } from '../../testing/render';

const ADA = { id: '22222222-2222-4222-8222-222222222222', display_name: 'ada-l' };

const EDIT: ArtistEditDetail = {
  id: 'aaaaaaa1-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
  artist_id: KEN.id,
  artist_name: 'Ken Lum',
  new_artist: false,
  status: 'pending',
  submitter: ADA,
  note: 'From his gallery',
  created_at: '2025-06-01T10:00:00Z',
  decided_at: null,
  reason: null,
  applied: null,
  fields: [
    { field_name: 'biography', before: 'Canadian artist.', proposed: 'Canadian conceptual artist.', current: 'Canadian artist.', stale: false },
    { field_name: 'aliases', before: ['Kenneth Lum'], proposed: ['Kenneth Lum', 'K. Lum'], current: ['Kenneth Lum'], stale: false },
    { field_name: 'website', before: 'https://kenlum.example', proposed: null, current: 'https://lum.example', stale: true },
  ],
};
const NEW: ArtistEditDetail = {
  ...EDIT,
  id: 'aaaaaaa2-aaaa-4aaa-8aaa-aaaaaaaaaaa2',
  artist_id: '44444444-4444-4444-8444-444444444444',
  artist_name: 'Ada Studio',
  new_artist: true,
  note: null,
  created_at: '2025-06-02T10:00:00Z',
  fields: [
    { field_name: 'name', before: null, proposed: 'Ada Studio', current: null, stale: false },
    { field_name: 'birth_year', before: null, proposed: -300, current: null, stale: false },
  ],
};

function summary(e: ArtistEditDetail): ArtistEditSummary {
  return { ...editSummaryOf(e), artist_id: e.artist_id, artist_name: e.artist_name, new_artist: e.new_artist };
}

/** A server with an artist edit and a new artist pending: decisions take them out of the list. */
function server(over: Record<string, Handler> = {}) {
  const { pending, take } = pendingEdits([EDIT, NEW]);
  return mockFetch({
    'GET /api/review/artist-edits': (req) =>
      envelope({
        edits: pending.map(summary),
        total: pending.length,
        page: Number(req.url.searchParams.get('page')),
        per_page: 20,
      } satisfies ArtistEditQueue),
    ...editDecisionRoutes('artist', [EDIT, NEW], (e) => e.artist_id, take),
    ...over,
  });
}

describe('/review: artist edits', () => {
  it('is the tab beside artwork edits, listing edits and new artists, oldest first', async () => {
    const { callsTo } = server();
    const { router } = renderRoute('/review', { who: 'moderator' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Artist edits' }));
    expect(router.state.location.search).toBe('?tab=artist-edits');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Submissions', 'Artwork edits', 'Artist edits']);
    expect(screen.getByRole('tabpanel', { name: 'Artist edits' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Artist edits' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('edit-item');
    expect(Object.fromEntries(callsTo('/api/review/artist-edits')[0]!.url.searchParams)).toEqual({ page: '1', per_page: '20' });

    expect(within(items[0]!).getByRole('link', { name: 'Ken Lum' })).toHaveAttribute('href', `/artist/${KEN.id}`);
    expect(items[0]).toHaveTextContent('ada-l');
    expect(items[0]).toHaveTextContent('Changes the biography, other names, and website');
    expect(items[0]).toHaveTextContent('Stale');
    expect(items[0]).not.toHaveTextContent('New artist');
    // A new artist has no page yet: its proposed name, labelled.
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Ada Studio');
    expect(items[1]).toHaveTextContent('New artist');
    expect(items[1]).toHaveTextContent('With the name and year of birth');
    expect(screen.getByText('2 edits waiting')).toBeInTheDocument();
  });

  it('shows each field as it is now with the words proposed marked, and approves the fields chosen as apply_to_artist', async () => {
    const { callsTo } = server();
    const { store } = renderRoute('/review?tab=artist-edits', { who: 'moderator' });
    const detail = await open('Review the edit to Ken Lum');
    expect(within(detail).getByRole('heading', { level: 2, name: 'Edit to Ken Lum' })).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'Ken Lum' })).toHaveAttribute('href', `/artist/${KEN.id}`);
    expect(within(detail).getByLabelText('Note to the moderators')).toHaveTextContent('From his gallery');
    expect(fieldRow(detail, 'Also known as')).toMatchObject({ now: 'Kenneth Lum', proposed: 'Kenneth Lum, K. Lum', added: [', K. Lum'], removed: [] });
    expect(fieldRow(detail, 'Biography')).toMatchObject({
      now: 'Canadian artist.',
      proposed: 'Canadian conceptual artist.',
      added: ['conceptual'],
      removed: [],
      was: null,
    });
    // Cleared, and changed since it was proposed: the value now all removed, and the one the proposer saw.
    const website = fieldRow(detail, 'Website');
    expect(website).toMatchObject({
      shown: 'https://lum.example (cleared)',
      proposed: '',
      removed: ['https://lum.example'],
      added: [],
      was: 'https://kenlum.example',
    });
    expect(website.row).toHaveClass('edit-field--stale');
    expect(website.apply).not.toBeChecked();
    expect(fieldRow(detail, 'Biography').apply).toBeChecked();

    await userEvent.click(within(detail).getByRole('button', { name: 'Approve selected' }));
    await waitFor(() => expect(toastMessages(store)).toContain('Edit approved'));
    expect(bodyOf(callsTo(`/api/review/artist-edits/${EDIT.id}/approve`)[0]!)).toEqual({ apply_to_artist: ['biography', 'aliases'] });
    await waitFor(() => expect(screen.queryByTestId('edit-detail')).not.toBeInTheDocument());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2, name: 'Artist edits' })).toHaveFocus();
  });

  it('asks before applying a field that changed since, then approves with overwrite_stale', async () => {
    const { callsTo } = server();
    renderRoute('/review?tab=artist-edits', { who: 'moderator' });
    const detail = await open('Review the edit to Ken Lum');
    await userEvent.click(fieldRow(detail, 'Website').apply);
    await userEvent.click(within(detail).getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply fields that changed since?' });
    expect(dialog).toHaveTextContent('The website changed since this edit was proposed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve anyway' }));
    await waitFor(() => expect(callsTo(`/api/review/artist-edits/${EDIT.id}/approve`)).toHaveLength(1));
    expect(bodyOf(callsTo(`/api/review/artist-edits/${EDIT.id}/approve`)[0]!)).toEqual({
      apply_to_artist: ['biography', 'aliases', 'website'],
      overwrite_stale: true,
    });
  });

  it('approves a new artist always with its name', async () => {
    const { callsTo } = server();
    const { store } = renderRoute('/review?tab=artist-edits', { who: 'moderator' });
    const detail = await open('Review the new artist Ada Studio');
    expect(within(detail).getByRole('heading', { level: 2, name: 'New artist: Ada Studio' })).toBeInTheDocument();
    expect(within(detail).queryByRole('link', { name: 'Ada Studio' })).not.toBeInTheDocument();
    expect(fieldRow(detail, 'Name')).toMatchObject({ now: '', proposed: 'Ada Studio', added: ['Ada Studio'], removed: [] });
    expect(fieldRow(detail, 'Born')).toMatchObject({ now: '', proposed: '300 BCE', added: ['300 BCE'], removed: [] });
    const name = fieldRow(detail, 'Name').apply;
    expect(name).toBeChecked();
    expect(name).toBeDisabled();
    await userEvent.click(fieldRow(detail, 'Born').apply);
    await userEvent.click(within(detail).getByRole('button', { name: 'Approve selected' }));
    await waitFor(() => expect(toastMessages(store)).toContain('New artist approved'));
    expect(bodyOf(callsTo(`/api/review/artist-edits/${NEW.id}/approve`)[0]!)).toEqual({ apply_to_artist: ['name'] });
  });

  it('rejects a new artist with a reason', async () => {
    const { callsTo } = server();
    const { store } = renderRoute('/review?tab=artist-edits', { who: 'moderator' });
    const detail = await open('Review the new artist Ada Studio');
    await userEvent.click(within(detail).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject new artist' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Already listed as Ada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toastMessages(store)).toContain('Edit rejected'));
    expect(bodyOf(callsTo(`/api/review/artist-edits/${NEW.id}/reject`)[0]!)).toEqual({ reason: 'Already listed as Ada' });
    await waitFor(() => expect(rows().map((r) => within(r).getByRole('link').textContent)).toEqual(['Ken Lum']));
  });

  it('says so when none waits', async () => {
    mockFetch({ 'GET /api/review/artist-edits': () => envelope({ edits: [], total: 0, page: 1, per_page: 20 } satisfies ArtistEditQueue) });
    renderRoute('/review?tab=artist-edits', { who: 'moderator' });
    expect(await screen.findByRole('heading', { name: 'No edits waiting' })).toBeInTheDocument();
    expect(screen.getByText('Nobody has proposed changes to an artist, or a new artist. Thank you!')).toBeInTheDocument();
  });
});
