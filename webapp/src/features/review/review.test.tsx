import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BatchAnswer, Decided, ReviewDetail, ReviewStats, SubmissionDto } from '../../api/types';
import { setLocale } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { apiError, bodyOf, envelope, type Handler, mockFetch } from '../../testing/fetchMock';
import { renderRoute, toastMessages } from '../../testing/render';
import { rejectWithReason } from '../../testing/review';
import { ARTWORK_ID, candidate, deferred, photo, reviewItem, submissionList } from '../../testing/submissions';

const A = reviewItem({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', title: 'Bronze whale', artwork_type: 'sculpture', notes: 'By the seawall' });
const B = reviewItem({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  submission_type: 'logbook',
  title: null,
  artwork_type: null,
  artwork_id: ARTWORK_ID,
  artwork_title: 'Girl in a Wetsuit',
  condition: 'fair',
  notes: 'Looks fine',
});
const C = reviewItem({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', title: null, artwork_type: 'mural', photos: [] });

const STATS = {
  pending: 3,
  approved: 10,
  rejected: 2,
  withdrawn: 1,
  pending_by_type: { new_artwork: 2, logbook: 1 },
  oldest_pending_at: '2025-05-01T10:00:00Z',
  decided_last_7_days: 4,
} satisfies ReviewStats;

const queueRows = () => within(screen.getByRole('list', { name: 'Review queue' })).queryAllByTestId('review-item');
const titles = () => queueRows().map((r) => within(r).getByRole('button').textContent);

/** A server with a queue: decisions take items out of it. */
function server(over: Record<string, Handler> = {}) {
  const queue: SubmissionDto[] = [A, B, C];
  const take = (id: string) => {
    const i = queue.findIndex((s) => s.id === id);
    if (i >= 0) queue.splice(i, 1);
  };
  const mock = mockFetch({
    'GET /api/review/queue': (req) => {
      const type = req.url.searchParams.get('type');
      const status = req.url.searchParams.get('status');
      const items = status === 'pending' ? queue.filter((s) => !type || s.submission_type === type) : [];
      return envelope(submissionList(items));
    },
    'GET /api/review/stats': () => envelope(STATS),
    [`GET /api/review/submission/${A.id}`]: () => envelope({ submission: A, nearby: [candidate()] } satisfies ReviewDetail),
    [`GET /api/review/submission/${B.id}`]: () => envelope({ submission: B, nearby: [] } satisfies ReviewDetail),
    [`GET /api/review/submission/${C.id}`]: () => envelope({ submission: C, nearby: [] } satisfies ReviewDetail),
    ...Object.fromEntries(
      [A, B, C].flatMap((s) => [
        [
          `POST /api/review/approve/${s.id}`,
          () => (take(s.id), envelope({ id: s.id, status: 'approved', artwork_id: ARTWORK_ID } satisfies Decided)),
        ],
        [`POST /api/review/reject/${s.id}`, () => (take(s.id), envelope({ id: s.id, status: 'rejected' } satisfies Decided))],
      ]),
    ) as Record<string, Handler>,
    ...over,
  });
  return { ...mock, queue, take };
}

describe('/review: the queue', () => {
  it('lists pending submissions oldest first with the counts, photos, submitter and notes', async () => {
    const { callsTo } = server();
    renderRoute('/review', { who: 'moderator' });
    const rows = await screen.findAllByTestId('review-item');
    expect(rows).toHaveLength(3);
    expect(Object.fromEntries(callsTo('/api/review/queue')[0]!.url.searchParams)).toEqual({ page: '1', limit: '20', status: 'pending' });
    expect(titles()).toEqual(['Bronze whale', 'Visit to Girl in a Wetsuit', 'Untitled artwork']);
    expect(within(rows[0]!).getByText(/New artwork · Anonymous \(22222222\.\.\.\)/)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('By the seawall')).toBeInTheDocument();
    const img = within(rows[0]!).getByRole('img', { name: 'Photo 1 of Bronze whale' });
    expect(img).toHaveAttribute('src', photo(3).thumbnail_url);
    // Variants are made a moment after upload: until then, a placeholder.
    fireEvent.error(img);
    expect(within(rows[0]!).getByRole('img', { name: 'Photo 1 of Bronze whale' })).toHaveAttribute('data-testid', 'photo-placeholder');

    // One line of numbers above the queue; the rest folded away, so the queue stays in view.
    const summary = await screen.findByText(/^3 submissions pending/);
    expect(summary).toHaveTextContent('3 submissions pending (2 new artworks, 1 visit)');
    expect(summary.compareDocumentPosition(screen.getByRole('heading', { name: 'Submissions' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('All the numbers').closest('details')).not.toHaveAttribute('open');
    const stats = await screen.findByTestId('review-stats');
    expect(within(stats).getByText('Pending').nextSibling).toHaveTextContent('3');
    expect(within(stats).getByText('New artworks pending').nextSibling).toHaveTextContent('2');
    expect(within(stats).getByText('Visits pending').nextSibling).toHaveTextContent('1');
    expect(within(stats).getByText('Decided in the last 7 days').nextSibling).toHaveTextContent('4');
  });

  it('filters by type and status', async () => {
    const { callsTo } = server();
    renderRoute('/review', { who: 'moderator' });
    await screen.findAllByTestId('review-item');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'logbook');
    await waitFor(() => expect(titles()).toEqual(['Visit to Girl in a Wetsuit']));
    expect(callsTo('/api/review/queue').at(-1)!.url.searchParams.get('type')).toBe('logbook');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'rejected');
    expect(await screen.findByRole('heading', { name: 'No rejected submissions' })).toBeInTheDocument();
    expect(callsTo('/api/review/queue').at(-1)!.url.searchParams.get('status')).toBe('rejected');
  });
});

describe('/review: one submission', () => {
  it('shows photos with EXIF and the nearby candidates, and approves as a new artwork with changed title and type', async () => {
    const approval = deferred<Response>();
    const { callsTo, take } = server({
      [`POST /api/review/approve/${A.id}`]: async () => {
        const r = await approval.promise;
        take(A.id);
        return r;
      },
    });
    const { store } = renderRoute('/review', { who: 'moderator' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Bronze whale' }))[0]!);
    const detail = await screen.findByTestId('review-detail');
    await waitFor(() => expect(within(detail).getByRole('heading', { level: 2, name: 'Bronze whale' })).toHaveFocus());
    const exif = within(detail).getByLabelText('Photo 1 EXIF');
    expect(exif).toHaveTextContent('Google Pixel 8');
    expect(exif).toHaveTextContent(formatDateTime(new Date(2025, 4, 1, 9, 58, 0)));
    expect(exif).not.toHaveTextContent('2025:05:01');
    expect(exif).toHaveTextContent('49.300000, -123.120000');
    expect(within(detail).getByRole('img', { name: 'Photo 1 of Bronze whale' })).toHaveAttribute('src', photo(3).medium_url);
    expect(within(detail).getByRole('img', { name: 'Map of the submission and 1 artworks nearby' })).toBeInTheDocument();
    const candidates = within(detail).getByRole('list', { name: 'Nearby candidates' });
    expect(within(candidates).getByText('12 m away')).toBeInTheDocument();
    expect(within(candidates).getByText('87% similar')).toBeInTheDocument();

    const form = within(detail).getByRole('form', { name: 'Approve as new artwork' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Bronze whale');
    expect(within(form).getByLabelText('Artwork type')).toHaveValue('sculpture');
    await userEvent.clear(within(form).getByLabelText('Title'));
    await userEvent.type(within(form).getByLabelText('Title'), 'Leaping whale');
    await userEvent.selectOptions(within(form).getByLabelText('Artwork type'), 'statue');
    await userEvent.click(within(form).getByRole('button', { name: 'Approve as new artwork' }));

    // Gone from the list at once, before the server answers.
    await waitFor(() => expect(titles()).toEqual(['Visit to Girl in a Wetsuit', 'Untitled artwork']));
    const post = callsTo(`/api/review/approve/${A.id}`)[0]!;
    expect(bodyOf(post)).toEqual({ action: 'create', overrides: { title: 'Leaping whale', artwork_type: 'statue' } });

    approval.resolve(envelope({ id: A.id, status: 'approved', artwork_id: ARTWORK_ID } satisfies Decided, { 'X-Event-Position': '9-1' }));
    await waitFor(() => expect(toastMessages(store)).toContain('Approved as a new artwork'));
    await waitFor(() => expect(screen.queryByTestId('review-detail')).not.toBeInTheDocument());
    // Focus goes back to the queue.
    expect(screen.getByRole('heading', { level: 2, name: 'Submissions' })).toHaveFocus();
    await waitFor(() => expect(callsTo('/api/review/queue').at(-1)!.headers.get('X-Min-Position')).toBe('9-1'));
    expect(titles()).toEqual(['Visit to Girl in a Wetsuit', 'Untitled artwork']);
  });

  it('names the camera once and says when the photo was taken in words, not as EXIF writes it', async () => {
    // Given a photo whose EXIF repeats the make in the model and dates it "2026:11:20 14:03:22"
    const pixel = { ...A.photos[0]!, exif: { ...A.photos[0]!.exif, make: 'Pixel', model: 'Pixel 7', dateTime: '2026:11:20 14:03:22' } };
    server({ [`GET /api/review/submission/${A.id}`]: () => envelope({ submission: { ...A, photos: [pixel] }, nearby: [] } satisfies ReviewDetail) });
    // When a moderator opens the submission
    renderRoute('/review', { who: 'moderator' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Bronze whale' }))[0]!);
    const exif = await within(await screen.findByTestId('review-detail')).findByLabelText('Photo 1 EXIF');
    // Then the camera is "Pixel 7" and the time a readable local date-time
    expect(within(exif).getByText('Camera').nextSibling).toHaveTextContent(/^Pixel 7$/);
    expect(within(exif).getByText('Taken').nextSibling).toHaveTextContent(formatDateTime(new Date(2026, 10, 20, 14, 3, 22)));
    expect(exif).not.toHaveTextContent('2026:11:20');
  });

  it('shows a photo time it cannot read as the camera wrote it', async () => {
    // Given a photo whose EXIF time is not a real date
    const odd = { ...A.photos[0]!, exif: { ...A.photos[0]!.exif, dateTime: '2026:02:30 10:00:00' } };
    server({ [`GET /api/review/submission/${A.id}`]: () => envelope({ submission: { ...A, photos: [odd] }, nearby: [] } satisfies ReviewDetail) });
    // When a moderator opens the submission
    renderRoute('/review', { who: 'moderator' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Bronze whale' }))[0]!);
    const exif = await within(await screen.findByTestId('review-detail')).findByLabelText('Photo 1 EXIF');
    // Then the raw text is shown rather than nothing or a wrong date
    expect(within(exif).getByText('Taken').nextSibling).toHaveTextContent(/^2026:02:30 10:00:00$/);
  });

  it('calls a nearby candidate similar only from a score of 0.3; below it gives just the distance', async () => {
    // Given candidates scored 0.87, 0.3 (the threshold) and 0.04 (a different title, far off)
    const nearby = [
      candidate(),
      candidate({ id: '88888888-8888-4888-8888-888888888888', title: 'The Birds', distance_m: 40, similarity: 0.3 }),
      candidate({ id: '99999999-9999-4999-8999-999999999999', title: 'Gate to the Northwest Passage', distance_m: 95, similarity: 0.04 }),
    ];
    server({ [`GET /api/review/submission/${A.id}`]: () => envelope({ submission: A, nearby } satisfies ReviewDetail) });
    // When a moderator opens the submission
    renderRoute('/review', { who: 'moderator' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Bronze whale' }))[0]!);
    const rows = await within(await screen.findByTestId('review-detail')).findAllByTestId('review-candidate');
    // Then the first two say how similar they are, the last only how far it is
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('87% similar')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('30% similar')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('95 m away')).toBeInTheDocument();
    expect(within(rows[2]!).queryByText(/similar/)).not.toBeInTheDocument();
  });

  it('says which photos could not be processed instead of showing a broken image', async () => {
    const broken = photo(7);
    const withBroken = { ...A, photos: [...A.photos, broken], unprocessable_photos: [broken.key] };
    server({ [`GET /api/review/submission/${A.id}`]: () => envelope({ submission: withBroken, nearby: [] } satisfies ReviewDetail) });
    renderRoute('/review', { who: 'moderator' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Bronze whale' }))[0]!);
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByRole('img', { name: 'Photo 1 of Bronze whale' })).toBeInTheDocument();
    expect(within(detail).queryByRole('img', { name: 'Photo 2 of Bronze whale' })).not.toBeInTheDocument();
    expect(within(detail).getByRole('note')).toHaveTextContent('Photo 2 could not be processed and will not be shown.');
  });

  it('approves as proposed with an empty body, and asks for a title when the proposal has none', async () => {
    const { callsTo } = server();
    renderRoute('/review', { who: 'moderator' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Untitled artwork' }))[0]!);
    const detail = await screen.findByTestId('review-detail');
    await userEvent.click(await within(detail).findByRole('button', { name: 'Approve as new artwork' }));
    expect(within(detail).getByText('A new artwork needs a title')).toBeInTheDocument();
    expect(callsTo(`/api/review/approve/${C.id}`)).toHaveLength(0);

    await userEvent.click(within(detail).getByRole('button', { name: 'Close the submission' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bronze whale' }));
    await userEvent.click(await within(await screen.findByTestId('review-detail')).findByRole('button', { name: 'Approve as new artwork' }));
    await waitFor(() => expect(callsTo(`/api/review/approve/${A.id}`)).toHaveLength(1));
    expect(bodyOf(callsTo(`/api/review/approve/${A.id}`)[0]!)).toEqual({});
  });

  it('links a new artwork to a nearby one', async () => {
    const { callsTo } = server();
    const { store } = renderRoute('/review', { who: 'moderator' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Bronze whale' }))[0]!);
    await userEvent.click(await screen.findByRole('button', { name: 'Link to this artwork: Girl in a Wetsuit' }));
    await waitFor(() => expect(toastMessages(store)).toContain('Photos added to Girl in a Wetsuit'));
    expect(bodyOf(callsTo(`/api/review/approve/${A.id}`)[0]!)).toEqual({ action: 'link', artwork_id: ARTWORK_ID });
    expect(titles()).not.toContain('Bronze whale');
  });

  it('approves a visit, showing the visited artwork', async () => {
    const { callsTo } = server();
    const { store } = renderRoute('/review', { who: 'moderator' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Visit to Girl in a Wetsuit' }))[0]!);
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByRole('link', { name: 'Girl in a Wetsuit' })).toHaveAttribute('href', `/artwork/${ARTWORK_ID}`);
    expect(within(detail).getByText('Condition: fair')).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: /Link to/ })).not.toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toastMessages(store)).toContain('Visit approved'));
    expect(bodyOf(callsTo(`/api/review/approve/${B.id}`)[0]!)).toEqual({});
  });

  it('rejects with a required reason', async () => {
    const { callsTo } = server();
    const { store } = renderRoute('/review', { who: 'moderator' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Bronze whale' }))[0]!);
    await userEvent.click(await within(await screen.findByTestId('review-detail')).findByRole('button', { name: 'Reject' }));
    await rejectWithReason('Reject submission', 'Not public art');
    await waitFor(() => expect(toastMessages(store)).toContain('Submission rejected'));
    expect(bodyOf(callsTo(`/api/review/reject/${A.id}`)[0]!)).toEqual({ reason: 'Not public art' });
    expect(titles()).toEqual(['Visit to Girl in a Wetsuit', 'Untitled artwork']);
  });

  it('says "This submission was already decided" on a 409 and refreshes the queue', async () => {
    const { callsTo, take } = server({
      [`POST /api/review/approve/${A.id}`]: () => {
        take(A.id);
        return apiError(409, 'CONFLICT', 'Submission already decided');
      },
    });
    const { store } = renderRoute('/review', { who: 'moderator' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Bronze whale' }))[0]!);
    const before = callsTo('/api/review/queue').length;
    await userEvent.click(await within(await screen.findByTestId('review-detail')).findByRole('button', { name: 'Approve as new artwork' }));
    await waitFor(() => expect(toastMessages(store)).toContain('This submission was already decided'));
    await waitFor(() => expect(callsTo('/api/review/queue').length).toBeGreaterThan(before));
    expect(titles()).toEqual(['Visit to Girl in a Wetsuit', 'Untitled artwork']);
  });

  it('puts the item back when the decision fails for another reason', async () => {
    server({ [`POST /api/review/approve/${A.id}`]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable') });
    const { store } = renderRoute('/review', { who: 'moderator' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Bronze whale' }))[0]!);
    await userEvent.click(await within(await screen.findByTestId('review-detail')).findByRole('button', { name: 'Approve as new artwork' }));
    await waitFor(() => expect(toastMessages(store)).toContain('Database unavailable'));
    expect(titles()).toContain('Bronze whale');
    expect(screen.getByTestId('review-detail')).toBeInTheDocument();
  });
});


/** The batch answer when A, B and C are all rejected. */
const allRejected = () =>
  envelope({
    results: [A, B, C].map((s) => ({ id: s.id, success: true, status: 'rejected' })),
    approved: 0,
    rejected: 3,
    failed: 0,
  } satisfies BatchAnswer);

/** The batch rejection's words, in English and in French. */
const BATCH_REJECT = {
  en: { selectAll: 'Select all on this page', rejectSelected: 'Reject selected', dialog: 'Reject 3 submissions', reason: 'Reason', reject: 'Reject' },
  fr: {
    selectAll: 'Tout sélectionner sur cette page',
    rejectSelected: 'Refuser la sélection',
    dialog: 'Refuser 3 contributions',
    reason: 'Motif',
    reject: 'Refuser',
  },
};

/** Selects the three on the page and rejects them with `reason`, in the language whose `words` are given. */
async function rejectAllOnPage(words: typeof BATCH_REJECT.en, reason: string): Promise<void> {
  await userEvent.click(screen.getByRole('checkbox', { name: words.selectAll }));
  await userEvent.click(screen.getByRole('button', { name: words.rejectSelected }));
  const dialog = await screen.findByRole('dialog', { name: words.dialog });
  await userEvent.type(within(dialog).getByRole('textbox', { name: words.reason }), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: words.reject }));
}

describe('/review: batch decisions', () => {
  it('approves the selected ones and shows which failed', async () => {
    const { callsTo, take } = server({
      'PUT /api/review/batch': () => {
        take(A.id);
        return envelope({
          results: [
            { id: A.id, success: true, status: 'approved' },
            { id: C.id, success: false, error: 'VALIDATION_ERROR', message: 'A new artwork needs a title' },
          ],
          approved: 1,
          rejected: 0,
          failed: 1,
        } satisfies BatchAnswer);
      },
    });
    const { store } = renderRoute('/review', { who: 'moderator' });
    await screen.findAllByTestId('review-item');
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled();
    // Keyboard: the checkboxes are native, so Space toggles them.
    screen.getByRole('checkbox', { name: 'Select Bronze whale' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Untitled artwork' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }));

    const failures = await screen.findByTestId('batch-failures');
    expect(failures).toHaveTextContent('Untitled artwork: A new artwork needs a title');
    expect(bodyOf(callsTo('/api/review/batch')[0]!)).toEqual({
      batch: [
        { id: A.id, action: 'approve' },
        { id: C.id, action: 'approve' },
      ],
    });
    await waitFor(() => expect(titles()).toEqual(['Visit to Girl in a Wetsuit', 'Untitled artwork']));
    expect(screen.getByRole('checkbox', { name: 'Select Untitled artwork' })).toBeChecked();
    expect(toastMessages(store)).toContain('1 submission approved; 1 failed');
  });

  it('rejects the selected ones with one reason', async () => {
    const { callsTo } = server({
      'PUT /api/review/batch': allRejected,
    });
    const { store } = renderRoute('/review', { who: 'moderator' });
    await screen.findAllByTestId('review-item');
    await rejectAllOnPage(BATCH_REJECT.en, 'Duplicates');
    await waitFor(() => expect(toastMessages(store)).toContain('3 submissions rejected'));
    expect(bodyOf(callsTo('/api/review/batch')[0]!)).toEqual({
      batch: [A, B, C].map((s) => ({ id: s.id, action: 'reject', reason: 'Duplicates' })),
    });
  });
});

describe('/review in French', () => {
  it('shows the queue, its counts, a visit and the batch decisions in French', async () => {
    setLocale('fr');
    server({
      'PUT /api/review/batch': allRejected,
    });
    const { store } = renderRoute('/review', { who: 'moderator' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vérification' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Modifications d’œuvres' })).toBeInTheDocument();
    await screen.findAllByTestId('review-item');
    expect(await screen.findByText(/^3 contributions en attente \(2 nouvelles œuvres, 1 visite\)/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'File de vérification' })).toBeInTheDocument();

    await userEvent.click((await screen.findAllByRole('button', { name: /Girl in a Wetsuit/ }))[0]!);
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByText('État : passable')).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Approuver' })).toBeInTheDocument();

    await rejectAllOnPage(BATCH_REJECT.fr, 'Doublons');
    await waitFor(() => expect(toastMessages(store)).toContain('3 contributions refusées'));
  });
});
