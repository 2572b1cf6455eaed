import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SubmissionDto } from '../../api/types';
import { apiError, envelope, mockFetch } from '../../testing/fetchMock';
import { toSecondPage } from '../../testing/profile';
import { renderRoute } from '../../testing/render';
import { ARTWORK_ID, photo, submission, submissionList } from '../../testing/submissions';

const PENDING = submission({ id: '10000000-0000-4000-8000-000000000001', title: 'Bronze whale', queue_position: 3 });
const APPROVED = submission({
  id: '10000000-0000-4000-8000-000000000002',
  title: 'Girl in a Wetsuit',
  status: 'approved',
  queue_position: null,
  artwork_id: ARTWORK_ID,
  artwork_title: 'Girl in a Wetsuit',
  decided_at: '2025-05-02T10:00:00Z',
});
const REJECTED = submission({
  id: '10000000-0000-4000-8000-000000000003',
  submission_type: 'logbook',
  title: null,
  artwork_title: 'The Birds',
  status: 'rejected',
  queue_position: null,
  reason: 'The photo shows another artwork',
  photos: [],
});
const WITHDRAWN = submission({ id: '10000000-0000-4000-8000-000000000004', title: 'Old mural', status: 'withdrawn', queue_position: null });

const page = (submissions: SubmissionDto[], over: { total?: number; page?: number } = {}) => envelope(submissionList(submissions, over));

const rows = () => screen.findAllByTestId('my-submission');
const statusOf = (row: HTMLElement) => within(row).getByTestId('submission-status').textContent;

describe('/profile: my submissions', () => {
  it('shows each status: the queue position, the approved artwork, the rejection reason, withdrawn', async () => {
    const { callsTo } = mockFetch({ 'GET /api/me/submissions': () => page([PENDING, APPROVED, REJECTED, WITHDRAWN]) });
    renderRoute('/profile');
    const [pending, approved, rejected, withdrawn] = await rows();
    expect(Object.fromEntries(callsTo('/api/me/submissions')[0]!.url.searchParams)).toEqual({ page: '1', limit: '20' });

    expect(statusOf(pending!)).toBe('Pending review · #3 in queue');
    expect(within(pending!).getByText('Bronze whale')).toBeInTheDocument();
    expect(pending!.querySelector('img')).toHaveAttribute('src', photo(2).thumbnail_url);

    expect(statusOf(approved!)).toBe('Approved');
    expect(within(approved!).getByRole('link', { name: 'View the artwork: Girl in a Wetsuit' })).toHaveAttribute('href', `/artwork/${ARTWORK_ID}`);
    expect(within(approved!).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();

    expect(statusOf(rejected!)).toBe('Rejected');
    expect(within(rejected!).getByText('Visit to The Birds')).toBeInTheDocument();
    expect(within(rejected!).getByText('Reason: The photo shows another artwork')).toBeInTheDocument();

    expect(statusOf(withdrawn!)).toBe('Withdrawn');
  });

  it('invites a first submission when there are none', async () => {
    mockFetch({ 'GET /api/me/submissions': () => page([]) });
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { name: 'No submissions yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an artwork' })).toHaveAttribute('href', '/add');
  });

  it('pages through them', async () => {
    const { callsTo } = mockFetch({
      'GET /api/me/submissions': (req) =>
        req.url.searchParams.get('page') === '2' ? page([WITHDRAWN], { total: 21, page: 2 }) : page([PENDING], { total: 21 }),
    });
    renderRoute('/profile');
    await rows();
    await toSecondPage('Submission pages');
    await waitFor(async () => expect(statusOf((await rows())[0]!)).toBe('Withdrawn'));
    expect(callsTo('/api/me/submissions').at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('withdraws a pending one after confirming', async () => {
    let withdrawn = false;
    const { callsTo } = mockFetch({
      'GET /api/me/submissions': () => page([withdrawn ? { ...PENDING, status: 'withdrawn', queue_position: null } : PENDING]),
      [`POST /api/submissions/${PENDING.id}/withdraw`]: () => {
        withdrawn = true;
        return envelope({ id: PENDING.id, status: 'withdrawn' });
      },
    });
    const { store } = renderRoute('/profile');
    const [row] = await rows();
    await userEvent.click(within(row!).getByRole('button', { name: 'Withdraw Bronze whale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this submission?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(`/api/submissions/${PENDING.id}/withdraw`)).toHaveLength(0);

    await userEvent.click(within(row!).getByRole('button', { name: 'Withdraw Bronze whale' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Withdraw this submission?' })).getByRole('button', { name: 'Withdraw' }));
    await waitFor(async () => expect(statusOf((await rows())[0]!)).toBe('Withdrawn'));
    expect(callsTo(`/api/submissions/${PENDING.id}/withdraw`)).toHaveLength(1);
    expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Submission withdrawn');
  });

  it('erases the location and camera of its photos after confirming, and offers it only while there is some', async () => {
    const located = {
      ...APPROVED,
      photos: [{ ...photo(9), exif: { latitude: 49.3, longitude: -123.1, dateTime: '2025:05:01 09:58:00', make: 'Google', model: 'Pixel 8', orientation: 1, width: 4000, height: 3000 } }],
    };
    let erased = false;
    const { callsTo } = mockFetch({
      'GET /api/me/submissions': () =>
        page([erased ? { ...located, photos: [{ ...located.photos[0]!, exif: { latitude: null, longitude: null, dateTime: null, make: null, model: null, orientation: 1, width: 4000, height: 3000 } }] } : located, PENDING]),
      [`POST /api/submissions/${APPROVED.id}/photo-metadata/erase`]: () => {
        erased = true;
        return envelope({ id: APPROVED.id, photos: 1 });
      },
    });
    const { store } = renderRoute('/profile');
    const [row, pendingRow] = await rows();
    // Nothing to erase on a submission whose photos say nothing personal.
    expect(within(pendingRow!).queryByRole('button', { name: /Remove photo details/ })).not.toBeInTheDocument();
    const name = 'Remove photo details of Girl in a Wetsuit: their location and camera';
    await userEvent.click(within(row!).getByRole('button', { name }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove photo location and camera details?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(async () => expect(within((await rows())[0]!).queryByRole('button', { name })).not.toBeInTheDocument());
    expect(callsTo(`/api/submissions/${APPROVED.id}/photo-metadata/erase`)).toHaveLength(1);
    expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Photo location and camera details removed');
  });

  it('keeps it pending and says why when withdrawing fails', async () => {
    mockFetch({
      'GET /api/me/submissions': () => page([PENDING]),
      [`POST /api/submissions/${PENDING.id}/withdraw`]: () => apiError(409, 'CONFLICT', 'Only pending submissions can be withdrawn'),
    });
    const { store } = renderRoute('/profile');
    const [row] = await rows();
    await userEvent.click(within(row!).getByRole('button', { name: 'Withdraw Bronze whale' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Withdraw this submission?' })).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Only pending submissions can be withdrawn'));
    expect(statusOf((await rows())[0]!)).toBe('Pending review · #3 in queue');
  });
});
