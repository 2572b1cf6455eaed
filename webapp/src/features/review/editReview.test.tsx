import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EditDecided, EditDetail, EditQueue, EditSummary } from '../../api/types';
import { formatDate } from '../../lib/format';
import { ARTIST, ORCA } from '../../testing/artworks';
import { apiError, bodyOf, envelope, type Handler, mockFetch } from '../../testing/fetchMock';
import { renderRoute, toastMessages } from '../../testing/render';
import { rejectWithReason } from '../../testing/review';
import { editDecisionRoutes, editRows as rows, editSummaryOf, fieldRow, openEditDetail, pendingEdits } from '../../testing/editReview';
import { deferred } from '../../testing/submissions';

const NEW_ARTIST = '88888888-8888-4888-8888-888888888888';
const ADA = { id: '22222222-2222-4222-8222-222222222222', display_name: 'ada-l' };

const E1: EditDetail = {
  id: 'eeeeeee1-eeee-4eee-8eee-eeeeeeeeeee1',
  artwork_id: ORCA.id,
  artwork_title: 'Digital Orca',
  status: 'pending',
  submitter: ADA,
  note: 'Fixed from the plaque',
  created_at: '2025-06-01T10:00:00Z',
  decided_at: null,
  reason: null,
  fields: [
    { field_name: 'title', before: 'Digital Orca', proposed: 'Digital Orca II', current: 'Digital Orca', stale: false },
    { field_name: 'artists', before: [ARTIST.id], proposed: [ARTIST.id, NEW_ARTIST], current: [ARTIST.id], stale: false },
    {
      field_name: 'location',
      before: { lat: 49.2889, lon: -123.1175 },
      proposed: { lat: 49.29, lon: -123.118 },
      current: { lat: 49.2891, lon: -123.1176 },
      stale: true,
    },
    { field_name: 'tag:material', before: null, proposed: 'bronze', current: null, stale: false },
  ],
};
const E2: EditDetail = {
  ...E1,
  id: 'eeeeeee2-eeee-4eee-8eee-eeeeeeeeeee2',
  artwork_id: '99999999-9999-4999-8999-999999999999',
  artwork_title: 'Gate to the Northwest Passage',
  note: null,
  created_at: '2025-06-02T10:00:00Z',
  fields: [{ field_name: 'description', before: 'Old', proposed: null, current: 'Old', stale: false }],
};

function summary(e: EditDetail): EditSummary {
  return { ...editSummaryOf(e), artwork_id: e.artwork_id, artwork_title: e.artwork_title };
}

const rowTitles = () => rows().map((r) => within(r).getAllByRole('link')[0]!.textContent);

/** A server with two pending edits: decisions take them out of the list. */
function server(over: Record<string, Handler> = {}) {
  const { pending, take } = pendingEdits([E1, E2]);
  const mock = mockFetch({
    'GET /api/review/queue': () => envelope({ submissions: [], total: 0, page: 1, limit: 20, pagination: { page: 1, limit: 20, total: 0, total_pages: 0, has_more: false } }),
    'GET /api/review/artwork-edits': (req) =>
      envelope({ edits: pending.map(summary), total: pending.length, page: Number(req.url.searchParams.get('page')), per_page: 20 } satisfies EditQueue),
    [`GET /api/artworks/${ORCA.id}`]: () => envelope(ORCA),
    ...editDecisionRoutes('artwork', [E1, E2], (e) => e.artwork_id, take),
    ...over,
  });
  return { ...mock, take };
}

async function openEdits() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Artwork edits' }));
  return screen.findAllByTestId('edit-item');
}

async function openE1() {
  await openEdits();
  return openEditDetail('Review the edit to Digital Orca');
}

describe('/review: artwork edits', () => {
  it('keeps submissions as the first tab and lists pending edits, oldest first, in the second', async () => {
    const { callsTo } = server();
    const { router } = renderRoute('/review', { who: 'moderator' });
    expect(await screen.findByRole('tab', { name: 'Submissions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Submissions' })).toBeInTheDocument();

    const items = await openEdits();
    expect(router.state.location.search).toBe('?tab=edits');
    expect(screen.getByRole('tab', { name: 'Artwork edits' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Artwork edits' })).toBeInTheDocument();
    expect(Object.fromEntries(callsTo('/api/review/artwork-edits')[0]!.url.searchParams)).toEqual({ page: '1', per_page: '20' });
    expect(rowTitles()).toEqual(['Digital Orca', 'Gate to the Northwest Passage']);
    expect(within(items[0]!).getByRole('link', { name: 'Digital Orca' })).toHaveAttribute('href', `/artwork/${ORCA.id}`);
    expect(items[0]).toHaveTextContent('ada-l');
    expect(items[0]).toHaveTextContent('Changes the title, artists, location, and material');
    expect(within(items[0]!).getByRole('time')).toHaveTextContent(formatDate(E1.created_at));
    expect(items[0]).toHaveTextContent('Stale');
    expect(items[1]).not.toHaveTextContent('Stale');
    expect(screen.getByText('2 edits waiting')).toBeInTheDocument();
  });

  it('shows each field as it is now with the words proposed marked, and as the proposer saw it when it changed since; approves the fields chosen', async () => {
    const approval = deferred<Response>();
    const { callsTo, take } = server({
      [`POST /api/review/artwork-edits/${E1.id}/approve`]: async () => {
        const r = await approval.promise;
        take(E1.id);
        return r;
      },
    });
    const { store } = renderRoute('/review?tab=edits', { who: 'moderator' });
    const detail = await openE1();
    await waitFor(() => expect(within(detail).getByRole('heading', { level: 2, name: 'Edit to Digital Orca' })).toHaveFocus());
    expect(within(detail).getByLabelText('Note to the moderators')).toHaveTextContent('Fixed from the plaque');
    // One field under another, each named by a heading.
    const fields = within(detail).getByRole('list', { name: 'Proposed changes, field by field' });
    expect(within(fields).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Title', 'Artists', 'Location', 'Material']);

    const title = fieldRow(detail, 'Title');
    expect(title).toMatchObject({ now: 'Digital Orca', proposed: 'Digital Orca II', added: ['II'], removed: [], was: null });
    // The artwork names the artists it credits; an artist it does not credit yet shows as its id.
    await waitFor(() =>
      expect(fieldRow(detail, 'Artists')).toMatchObject({
        now: 'Douglas Coupland',
        proposed: `Douglas Coupland, ${NEW_ARTIST}`,
        added: [`, ${NEW_ARTIST}`],
        removed: [],
      }),
    );
    // Changed since: the diff is from the value now, and the value the proposer saw is said.
    const location = fieldRow(detail, 'Location');
    expect(location).toMatchObject({
      now: '49.289100, -123.117600',
      proposed: '49.290000, -123.118000',
      removed: ['49.289100', '123.117600'],
      added: ['49.290000', '123.118000'],
      was: '49.288900, -123.117500',
    });
    expect(location.row).toHaveTextContent('Changed since the proposal was made. When proposed, it was: 49.288900, -123.117500');
    expect(location.row).toHaveClass('edit-field--stale');
    // A value set where there was none: all of it added.
    expect(fieldRow(detail, 'Material')).toMatchObject({ shown: 'bronze', now: '', added: ['bronze'], removed: [] });
    expect(title.row).not.toHaveClass('edit-field--stale');
    expect(title.row).not.toHaveTextContent('Changed since');

    // Everything is chosen but what changed since.
    expect(title.apply).toBeChecked();
    expect(fieldRow(detail, 'Artists').apply).toBeChecked();
    expect(location.apply).not.toBeChecked();
    expect(fieldRow(detail, 'Material').apply).toBeChecked();
    await userEvent.click(fieldRow(detail, 'Artists').apply);
    await userEvent.click(within(detail).getByRole('button', { name: 'Approve selected' }));

    // Out of the list at once, before the server answers.
    await waitFor(() => expect(rowTitles()).toEqual(['Gate to the Northwest Passage']));
    expect(bodyOf(callsTo(`/api/review/artwork-edits/${E1.id}/approve`)[0]!)).toEqual({ apply_to_artwork: ['title', 'tag:material'] });
    approval.resolve(envelope({ id: E1.id, status: 'approved', artwork_id: ORCA.id, applied: ['title', 'tag:material'] } satisfies EditDecided));
    await waitFor(() => expect(toastMessages(store)).toContain('Edit approved'));
    await waitFor(() => expect(screen.queryByTestId('edit-detail')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'Artwork edits' })).toHaveFocus();
  });

  it('asks before applying a field that changed since, then approves with overwrite_stale', async () => {
    const { callsTo } = server();
    const { store } = renderRoute('/review?tab=edits', { who: 'moderator' });
    const detail = await openE1();
    await userEvent.click(fieldRow(detail, 'Location').apply);
    await userEvent.click(within(detail).getByRole('button', { name: 'Approve selected' }));

    let dialog = await screen.findByRole('dialog', { name: 'Apply fields that changed since?' });
    expect(dialog).toHaveTextContent('The location changed since this edit was proposed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(`/api/review/artwork-edits/${E1.id}/approve`)).toHaveLength(0);

    await userEvent.click(within(detail).getByRole('button', { name: 'Approve selected' }));
    dialog = await screen.findByRole('dialog', { name: 'Apply fields that changed since?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve anyway' }));
    await waitFor(() => expect(toastMessages(store)).toContain('Edit approved'));
    expect(bodyOf(callsTo(`/api/review/artwork-edits/${E1.id}/approve`)[0]!)).toEqual({
      apply_to_artwork: ['title', 'artists', 'location', 'tag:material'],
      overwrite_stale: true,
    });
  });

  it('reads a proposed main photo and hidden photos in words, by their keys’ first characters', async () => {
    const [k1, k2, k3] = ['1a2b3c4d', '5e6f7a8b', '9c0d1e2f'].map((k) => k.padEnd(32, '0'));
    const photos: EditDetail = {
      ...E1,
      fields: [
        { field_name: 'main_photo', before: null, proposed: k1, current: null, stale: false },
        { field_name: 'hidden_photos', before: [], proposed: [k2, k3], current: [k2, k3, k1, '0'.repeat(32)], stale: true },
      ],
    };
    server({
      'GET /api/review/artwork-edits': () => envelope({ edits: [summary(photos)], total: 1, page: 1, per_page: 20 } satisfies EditQueue),
      ...editDecisionRoutes('artwork', [photos], (e) => e.artwork_id, () => undefined),
    });
    renderRoute('/review?tab=edits', { who: 'moderator' });
    const items = await openEdits();
    expect(items[0]).toHaveTextContent('Changes the main photo and hidden photos');
    const detail = await openE1();
    expect(fieldRow(detail, 'Main photo')).toMatchObject({ now: 'none', proposed: 'photo 1a2b3c4d', was: null });
    expect(fieldRow(detail, 'Hidden photos')).toMatchObject({ now: '4 photos', proposed: 'photo 5e6f7a8b, photo 9c0d1e2f', was: 'none' });
  });

  it('marks the words a changed description adds and removes, keeping its paragraphs', async () => {
    const before = 'A killer whale of pixels.\n\nIt stands by the water, facing north.\n\nMade in 2009.';
    const after = 'A killer whale of pixels.\n\nIt stands by the harbour, facing west.\n\nMade in 2009.';
    const described: EditDetail = { ...E1, fields: [{ field_name: 'description', before, proposed: after, current: before, stale: false }] };
    server({
      'GET /api/review/artwork-edits': () => envelope({ edits: [summary(described)], total: 1, page: 1, per_page: 20 } satisfies EditQueue),
      ...editDecisionRoutes('artwork', [described], (e) => e.artwork_id, () => undefined),
    });
    renderRoute('/review?tab=edits', { who: 'moderator' });
    const detail = await openE1();
    const description = fieldRow(detail, 'Description');
    expect(description).toMatchObject({ now: before, proposed: after, removed: ['water', 'north'], added: ['harbour', 'west'], was: null });
    const [water, north] = within(description.row).getAllByRole('deletion');
    const [harbour, west] = within(description.row).getAllByRole('insertion');
    expect([water, north, harbour, west].map((e) => e!.tagName)).toEqual(['DEL', 'DEL', 'INS', 'INS']);
    // Screen readers hear which words are which, whether or not they announce <ins> and <del>.
    expect(water).toHaveTextContent('removed: water (end removed)');
    expect(harbour).toHaveTextContent('added: harbour (end added)');
    // Only those words are marked.
    expect(description.row.querySelectorAll('ins, del')).toHaveLength(4);
  });

  it('approves nothing when no field is chosen', async () => {
    server();
    renderRoute('/review?tab=edits', { who: 'moderator' });
    const detail = await openE1();
    for (const label of ['Title', 'Artists', 'Material']) await userEvent.click(fieldRow(detail, label).apply);
    expect(within(detail).getByRole('button', { name: 'Approve selected' })).toBeDisabled();
  });

  it('rejects with a required reason', async () => {
    const { callsTo } = server();
    const { store } = renderRoute('/review?tab=edits', { who: 'moderator' });
    const detail = await openE1();
    await userEvent.click(within(detail).getByRole('button', { name: 'Reject' }));
    await rejectWithReason('Reject edit', 'The plaque says otherwise');
    await waitFor(() => expect(toastMessages(store)).toContain('Edit rejected'));
    expect(bodyOf(callsTo(`/api/review/artwork-edits/${E1.id}/reject`)[0]!)).toEqual({ reason: 'The plaque says otherwise' });
    await waitFor(() => expect(rowTitles()).toEqual(['Gate to the Northwest Passage']));
  });

  it('says "This submission was already decided" on a 409 and reads the list again', async () => {
    const { callsTo, take } = server({
      [`POST /api/review/artwork-edits/${E1.id}/approve`]: () => {
        take(E1.id);
        return apiError(409, 'CONFLICT', 'This submission was already rejected');
      },
    });
    const { store } = renderRoute('/review?tab=edits', { who: 'moderator' });
    const detail = await openE1();
    const before = callsTo('/api/review/artwork-edits').length;
    await userEvent.click(within(detail).getByRole('button', { name: 'Approve selected' }));
    await waitFor(() => expect(toastMessages(store)).toContain('This submission was already decided'));
    await waitFor(() => expect(screen.queryByTestId('edit-detail')).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('/api/review/artwork-edits').length).toBeGreaterThan(before));
    expect(rowTitles()).toEqual(['Gate to the Northwest Passage']);
  });

  it('when a chosen field changed meanwhile (409), says so, keeps the edit and reads it again', async () => {
    const { callsTo } = server({
      [`POST /api/review/artwork-edits/${E1.id}/approve`]: () =>
        apiError(
          409,
          'CONFLICT',
          'These fields changed since the edit was proposed: title. Leave them out, or approve them anyway with overwrite_stale.',
        ),
    });
    renderRoute('/review?tab=edits', { who: 'moderator' });
    const detail = await openE1();
    const reads = callsTo(`/api/review/artwork-edits/${E1.id}`).length;
    await userEvent.click(within(detail).getByRole('button', { name: 'Approve selected' }));
    expect(await within(detail).findByRole('alert')).toHaveTextContent('Some fields changed while you were reviewing');
    await waitFor(() => expect(callsTo(`/api/review/artwork-edits/${E1.id}`).length).toBeGreaterThan(reads));
    expect(rowTitles()).toEqual(['Digital Orca', 'Gate to the Northwest Passage']);
    expect(screen.getByTestId('edit-detail')).toBeInTheDocument();
  });

  it('shows the list loading, failing with a way to try again, and empty', async () => {
    const first = deferred<Response>();
    let calls = 0;
    mockFetch({
      'GET /api/review/artwork-edits': () =>
        ++calls === 1 ? first.promise : envelope({ edits: [], total: 0, page: 1, per_page: 20 } satisfies EditQueue),
    });
    renderRoute('/review?tab=edits', { who: 'moderator' });
    expect(await screen.findByText('Loading the proposed edits…')).toBeInTheDocument();
    first.resolve(apiError(500, 'INTERNAL_ERROR', 'Database unavailable'));
    const failure = (await screen.findByRole('heading', { name: 'Could not load the proposed edits' })).closest('section')!;
    expect(failure).toHaveAttribute('role', 'alert');
    expect(failure).toHaveTextContent('Database unavailable');
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No edits waiting' })).toBeInTheDocument();
  });
});
