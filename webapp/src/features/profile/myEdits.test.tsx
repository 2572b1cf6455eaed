import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { baseApi, LIST_ID } from '../../api/baseApi';
import type { MyEdit, MyEdits } from '../../api/types';
import { apiError, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { toSecondPage } from '../../testing/profile';
import { renderRoute } from '../../testing/render';
import { submissionList } from '../../testing/submissions';

const ARTWORK = '20000000-0000-4000-8000-000000000001';
const ARTIST = '20000000-0000-4000-8000-000000000002';
const NEW_ARTIST = '20000000-0000-4000-8000-000000000003';

function myEdit(over: Partial<MyEdit> & Pick<MyEdit, 'id'>): MyEdit {
  return {
    submission_type: 'artwork_edit',
    status: 'pending',
    subject_id: ARTWORK,
    subject_name: 'Girl in a Wetsuit',
    fields: ['title'],
    applied: null,
    reason: null,
    created_at: '2025-05-01T10:00:00Z',
    decided_at: null,
    ...over,
  };
}

/** An edit a moderator approved on 2 May, every field it proposed applied unless `applied` says otherwise. */
function approvedEdit(over: Partial<MyEdit> & Pick<MyEdit, 'id' | 'fields'>): MyEdit {
  return myEdit({ status: 'approved', applied: over.fields, decided_at: '2025-05-02T10:00:00Z', ...over });
}

/** The id of the caller's edit `n` (1 to 9). */
const editId = (n: number) => `30000000-0000-4000-8000-00000000000${n}`;

/** The caller's edit `n`, proposing a new artist: `subject_id` is the artist it would create. */
const newArtist = (n: number, subject_id: string, subject_name: string, fields: string[]) =>
  ({ id: editId(n), submission_type: 'new_artist', subject_id, subject_name, fields }) satisfies Partial<MyEdit>;

const ARTWORK_EDIT = myEdit({ id: editId(1), fields: ['title', 'description', 'tag:material'] });
const ARTIST_EDIT = approvedEdit({
  id: editId(2),
  submission_type: 'artist_edit',
  subject_id: ARTIST,
  subject_name: 'Elek Imredy',
  fields: ['biography', 'birth_year'],
});
const APPROVED_NEW_ARTIST = approvedEdit(newArtist(3, NEW_ARTIST, 'Ksenia Zhernakova', ['name', 'country']));
const PENDING_NEW_ARTIST = myEdit(newArtist(4, '20000000-0000-4000-8000-000000000004', 'Douglas Coupland', ['name']));
const REJECTED_NEW_ARTIST = myEdit({
  ...newArtist(5, '20000000-0000-4000-8000-000000000005', 'Banksy', ['name', 'website']),
  status: 'rejected',
  reason: 'Not the artist of any artwork here',
  decided_at: '2025-05-03T10:00:00Z',
});
const PARTLY_APPLIED = approvedEdit({ id: editId(6), fields: ['title', 'description', 'tag:material'], applied: ['title'] });

const page = (edits: MyEdit[], over: { page?: number; total?: number } = {}): Response => {
  const total = over.total ?? edits.length;
  const limit = 20;
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const p = over.page ?? 1;
  const data: MyEdits = { edits, pagination: { page: p, limit, total, total_pages: totalPages, has_more: p < totalPages } };
  return envelope(data);
};

function api(edits: Handler) {
  return mockFetch({
    'GET /api/me/submissions': () => envelope(submissionList([])),
    'GET /api/me/edits': edits,
  });
}

const section = () => screen.findByRole('region', { name: 'My edits' });
const rows = () => screen.findAllByTestId('my-edit');
const statusOf = (row: HTMLElement) => within(row).getByTestId('edit-status').textContent;

describe('/profile: my edits', () => {
  it('lists each kind with its subject, the fields it changes and its status, linking what has a page', async () => {
    const { callsTo } = api(() => page([ARTWORK_EDIT, ARTIST_EDIT, APPROVED_NEW_ARTIST, PENDING_NEW_ARTIST]));
    renderRoute('/profile', { who: 'user' });
    const [artwork, artist, approvedNew, pendingNew] = await rows();
    expect(within(await section()).getByRole('list', { name: 'Your edits' })).toBeInTheDocument();
    expect(Object.fromEntries(callsTo('/api/me/edits')[0]!.url.searchParams)).toEqual({ page: '1', limit: '20' });

    expect(within(artwork!).getByRole('link', { name: 'Girl in a Wetsuit' })).toHaveAttribute('href', `/artwork/${ARTWORK}`);
    expect(within(artwork!).getByText(/^Artwork edit · /)).toBeInTheDocument();
    expect(within(artwork!).getByTestId('edit-fields')).toHaveTextContent('Changes the title, description, and material');
    expect(statusOf(artwork!)).toBe('Pending review');

    expect(within(artist!).getByRole('link', { name: 'Elek Imredy' })).toHaveAttribute('href', `/artist/${ARTIST}`);
    expect(within(artist!).getByText(/^Artist edit · /)).toBeInTheDocument();
    expect(within(artist!).getByTestId('edit-fields')).toHaveTextContent('Changes the biography and year of birth');
    expect(statusOf(artist!)).toBe('Approved');
    // All its fields were applied: nothing more to say.
    expect(within(artist!).queryByTestId('edit-applied')).not.toBeInTheDocument();

    expect(within(approvedNew!).getByRole('link', { name: 'Ksenia Zhernakova' })).toHaveAttribute('href', `/artist/${NEW_ARTIST}`);
    expect(within(approvedNew!).getByText(/^New artist · /)).toBeInTheDocument();
    expect(within(approvedNew!).getByTestId('edit-fields')).toHaveTextContent('Proposed with the name and country');

    // A new artist not approved has no page yet.
    expect(within(pendingNew!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(pendingNew!).getByText('Douglas Coupland')).toBeInTheDocument();
    expect(statusOf(pendingNew!)).toBe('Pending review');
  });

  it('says which fields an approval applied when it applied only some', async () => {
    api(() => page([PARTLY_APPLIED]));
    renderRoute('/profile', { who: 'user' });
    const [row] = await rows();
    expect(statusOf(row!)).toBe('Approved');
    expect(within(row!).getByTestId('edit-applied')).toHaveTextContent('Applied only the title; not the description and material');
  });

  it('gives the reason of a rejected one, and names a rejected new artist without a link', async () => {
    api(() => page([REJECTED_NEW_ARTIST]));
    renderRoute('/profile', { who: 'user' });
    const [row] = await rows();
    expect(statusOf(row!)).toBe('Rejected');
    expect(within(row!).getByText('Reason: Not the artist of any artwork here')).toBeInTheDocument();
    expect(within(row!).getByText('Banksy')).toBeInTheDocument();
    expect(within(row!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    api(() => page([]));
    renderRoute('/profile', { who: 'user' });
    const s = await section();
    expect(await within(s).findByRole('heading', { name: 'No edits yet' })).toBeInTheDocument();
    expect(within(s).getByText('You have not proposed any edits yet.')).toBeInTheDocument();
    expect(within(s).queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    let fail = true;
    const { callsTo } = api(() => (fail ? apiError(500, 'INTERNAL_ERROR', 'The server had a problem') : page([ARTWORK_EDIT])));
    renderRoute('/profile', { who: 'user' });
    const alert = await within(await section()).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Could not load your edits' })).toBeInTheDocument();
    fail = false;
    const before = callsTo('/api/me/edits').length;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
    expect(callsTo('/api/me/edits').length).toBeGreaterThan(before);
  });

  it('pages through them in a parameter of its own, leaving the submissions’ page alone', async () => {
    const { callsTo } = api((req) =>
      req.url.searchParams.get('page') === '2' ? page([REJECTED_NEW_ARTIST], { total: 21, page: 2 }) : page([ARTWORK_EDIT], { total: 21 }),
    );
    const { router } = renderRoute('/profile', { who: 'user' });
    await rows();
    await toSecondPage('Edit pages');
    await waitFor(async () => expect(statusOf((await rows())[0]!)).toBe('Rejected'));
    expect(callsTo('/api/me/edits').at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(router.state.location.search).toBe('?edits_page=2');
    expect(callsTo('/api/me/submissions').every((c) => c.url.searchParams.get('page') === '1')).toBe(true);
  });

  it('is read again when its list tag is invalidated (a new proposal)', async () => {
    let edits = [ARTWORK_EDIT];
    const { callsTo } = api(() => page(edits));
    const { store } = renderRoute('/profile', { who: 'user' });
    expect(await rows()).toHaveLength(1);
    edits = [PENDING_NEW_ARTIST, ARTWORK_EDIT];
    const before = callsTo('/api/me/edits').length;
    act(() => {
      store.dispatch(baseApi.util.invalidateTags([{ type: 'MyEdits', id: LIST_ID }]));
    });
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(callsTo('/api/me/edits')).toHaveLength(before + 1);
  });

  it('is not shown to, nor asked for, an anonymous visitor', async () => {
    const { callsTo } = api(() => page([ARTWORK_EDIT]));
    renderRoute('/profile', { who: 'anonymous' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Submissions' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My edits' })).not.toBeInTheDocument();
    expect(callsTo('/api/me/edits')).toHaveLength(0);
  });
});
