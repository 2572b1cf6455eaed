import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { submissionsApi } from '../../api/submissionsApi';
import { clearFastUpload, getFastUpload, startFastUpload } from '../../lib/fastUpload';
import { apiError, envelope, mockFetch, type RecordedRequest } from '../../testing/fetchMock';
import { jpegFile, WETSUIT } from '../../testing/jpeg';
import { renderRoute, storeFor } from '../../testing/render';
import { ARTWORK_ID, candidate, created, deferred, formFields, receipt, submission, submissionList } from '../../testing/submissions';

const PATH = '/artwork/new?lat=49.303&lng=-123.1264';
const main = () => within(screen.getByRole('main'));
const photoInput = () => screen.getByTestId('photo-picker-input');

beforeEach(() => {
  clearFastUpload();
  localStorage.setItem('cultural-archiver-visited', 'true');
});

/** Fills every field a person can, with one photo. */
async function fillIn() {
  await userEvent.upload(photoInput(), [jpegFile('whale.jpg')]);
  await userEvent.type(screen.getByLabelText('Title'), '  Bronze whale ');
  await userEvent.selectOptions(screen.getByLabelText('Artwork type'), 'sculpture');
  await userEvent.type(screen.getByLabelText('Description (optional)'), 'A whale leaping out of the seawall.');
  await userEvent.click(screen.getByRole('button', { name: 'Add a detail' }));
  await userEvent.type(screen.getByLabelText('Detail 1 name'), 'material');
  await userEvent.type(screen.getByLabelText('Detail 1 value'), 'bronze');
  await userEvent.click(screen.getByRole('button', { name: 'Add a detail' }));
  await userEvent.type(screen.getByLabelText('Detail 2 name'), 'year');
  await userEvent.type(screen.getByLabelText('Detail 2 value'), '2010');
  await userEvent.click(screen.getByRole('button', { name: 'Add an artist' }));
  await userEvent.type(screen.getByLabelText('Artist 1'), 'Jane Doe');
  await userEvent.click(screen.getByRole('button', { name: 'Add an artist' }));
  await userEvent.type(screen.getByLabelText('Artist 2'), 'John Roe');
  await userEvent.click(screen.getByRole('button', { name: 'Add an artist' }));
  await userEvent.click(screen.getByRole('button', { name: 'Remove artist 2' }));
  await userEvent.type(screen.getByLabelText('Note to the moderators (optional)'), 'Near the lighthouse');
  await userEvent.click(screen.getByLabelText(/I took these photos and agree to publish them under CC BY-SA 4.0/));
}

describe('/artwork/new: the form', () => {
  it('says what is missing, focuses the first problem, and sends nothing', async () => {
    const { calls } = mockFetch();
    renderRoute('/artwork/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit artwork' }));
    expect(await main().findByText('Add at least one photo')).toBeInTheDocument();
    expect(main().getByText('Give the artwork a title (or a short description if you don’t know it)')).toBeInTheDocument();
    expect(main().getByText('Add where the artwork is')).toBeInTheDocument();
    expect(main().getByText('Please agree to publish your photos under the licence')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose photos' })).toHaveFocus());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a detail without a name and names used twice', async () => {
    mockFetch();
    renderRoute(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a detail' }));
    await userEvent.type(screen.getByLabelText('Detail 1 value'), 'bronze');
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    expect(await main().findByText('Each detail needs a name')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Detail 1 name'), 'material');
    await userEvent.click(screen.getByRole('button', { name: 'Add a detail' }));
    await userEvent.type(screen.getByLabelText('Detail 2 name'), 'Material');
    await userEvent.type(screen.getByLabelText('Detail 2 value'), 'steel');
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    expect(await main().findByText('Each detail name can be used once')).toBeInTheDocument();
  });

  it('starts at the link’s location', async () => {
    mockFetch();
    renderRoute(PATH);
    expect(await screen.findByLabelText('Latitude')).toHaveValue('49.303000');
    expect(screen.getByLabelText('Longitude')).toHaveValue('-123.126400');
  });

  it('offers the ten artwork types', async () => {
    mockFetch();
    renderRoute(PATH);
    const options = within(await screen.findByLabelText('Artwork type')).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual([
      'statue', 'mural', 'sculpture', 'installation', 'monument', 'graffiti', 'mosaic', 'relief', 'fountain', 'other',
    ]);
  });
});

describe('/artwork/new: sending', () => {
  it('sends every field as multipart, shows progress, then the receipt with possible duplicates', async () => {
    const answer = deferred<Response>();
    const { callsTo } = mockFetch({ 'POST /api/logbook': () => answer.promise });
    const { store } = renderRoute(PATH);
    await screen.findByLabelText('Title');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));

    expect(await screen.findByText('Uploading 1 photo…')).toBeInTheDocument();
    expect(screen.getByTestId('upload-status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: /Submit artwork/ })).toBeDisabled();

    const post = callsTo('/api/logbook')[0]!;
    expect(formFields(post.body)).toEqual({
      type: 'new_artwork',
      lat: '49.303',
      lon: '-123.1264',
      notes: 'Near the lighthouse',
      title: 'Bronze whale',
      artwork_type: 'sculpture',
      description: 'A whale leaping out of the seawall.',
      tags: JSON.stringify({ material: 'bronze', year: '2010' }),
      artists: JSON.stringify(['Jane Doe']),
      photos: 'whale.jpg',
    });
    expect((post.body as FormData).get('photos')).toBeInstanceOf(File);
    expect(post.headers.get('Content-Type')).toBeNull();

    answer.resolve(created(receipt({ nearby: [candidate()] })));
    const heading = await screen.findByRole('heading', { name: 'Thanks! Your artwork was sent for review' });
    await waitFor(() => expect(heading).toHaveFocus());
    const sent = screen.getByTestId('submission-receipt');
    expect(within(sent).getByTestId('receipt-status')).toHaveTextContent('Pending review');
    const dupes = within(sent).getByRole('list', { name: 'Possible duplicates' });
    expect(within(dupes).getByRole('link', { name: 'Girl in a Wetsuit' })).toHaveAttribute('href', `/artwork/${ARTWORK_ID}`);
    expect(within(dupes).getByText('12 m away')).toBeInTheDocument();
    expect(within(dupes).getByText('87% similar')).toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: 'See your submissions' })).toHaveAttribute('href', '/profile');
    expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Thanks! The artwork was submitted and will appear after review.');
  });

  it('sends the photos and place of the fast-upload session, then clears it', async () => {
    await startFastUpload([jpegFile('wetsuit.jpg', { gps: WETSUIT, little: true })]);
    const { callsTo } = mockFetch({ 'POST /api/logbook': () => created(receipt()) });
    renderRoute('/artwork/new');
    expect(await screen.findByRole('img', { name: 'Photo 1: wetsuit.jpg' })).toBeInTheDocument();
    expect(screen.getByLabelText('Latitude')).toHaveValue('49.303000');
    await userEvent.type(screen.getByLabelText('Title'), 'Girl in a Wetsuit');
    await userEvent.click(screen.getByTestId('consent-checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    await screen.findByTestId('submission-receipt');
    const fields = formFields(callsTo('/api/logbook')[0]!.body);
    expect(fields).toMatchObject({ type: 'new_artwork', photos: 'wetsuit.jpg', title: 'Girl in a Wetsuit', artwork_type: 'other' });
    expect(Number(fields.lat)).toBeCloseTo(49.303, 5);
    expect(fields).not.toHaveProperty('tags');
    expect(fields).not.toHaveProperty('artists');
    expect(getFastUpload()).toBeNull();
    expect(sessionStorage.getItem('plinth-fast-upload')).toBeNull();
  });

  it.each([
    ['lat (400)', apiError(400, 'VALIDATION_ERROR', 'Latitude must be between -90 and 90', { field: 'lat' }), 'Latitude', 'Latitude must be between -90 and 90'],
    ['photos (415)', apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG and WebP images can be uploaded'), 'Add more photos', 'Only JPEG, PNG and WebP images can be uploaded'],
    ['tags (400)', apiError(400, 'VALIDATION_ERROR', 'Tags must be a JSON object', { field: 'tags' }), 'Detail 1 name', 'Tags must be a JSON object'],
    ['one detail (400)', apiError(400, 'VALIDATION_ERROR', 'Material must be one of: bronze, stone', { field: 'tag:material' }), 'Detail 1 name', 'Material must be one of: bronze, stone'],
  ])('shows the server’s message about %s at its field and focuses it', async (_name, response, label, message) => {
    mockFetch({ 'POST /api/logbook': () => response });
    renderRoute(PATH);
    await screen.findByLabelText('Title');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    expect(await main().findByText(message)).toHaveAttribute('role', 'alert');
    const field = label === 'Add more photos' ? screen.getByRole('button', { name: label }) : screen.getByLabelText(label);
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Submit artwork' })).toBeEnabled();
    expect(screen.queryByTestId('submission-receipt')).not.toBeInTheDocument();
  });

  it('shows a message the server gives for no field above the button', async () => {
    mockFetch({ 'POST /api/logbook': () => apiError(429, 'RATE_LIMITED', 'Too many submissions; try again in a minute') });
    renderRoute(PATH);
    await screen.findByLabelText('Title');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    const error = await screen.findByTestId('form-error');
    expect(error).toHaveTextContent('Too many submissions; try again in a minute');
    await waitFor(() => expect(error).toHaveFocus());
  });
});

describe('the sender sees a just-sent submission at once', () => {
  it('puts it at the top of the cached list, and the list’s next fetch waits for the write', async () => {
    const OLD = submission({ id: '33333333-3333-4333-8333-333333333333', title: 'Older one', queue_position: 2 });
    const later = deferred<Response>();
    let gets = 0;
    const { callsTo } = mockFetch({
      'GET /api/me/submissions': () => (++gets === 1 ? envelope(submissionList([OLD])) : later.promise),
      'POST /api/logbook': () => created(receipt(), '7-3'),
    });
    const store = storeFor('anonymous');
    const { router } = renderRoute('/profile', { store });
    expect(await screen.findByText('Older one')).toBeInTheDocument();

    await router.navigate(PATH);
    await screen.findByLabelText('Title');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    await screen.findByTestId('submission-receipt');

    const cached = submissionsApi.endpoints.getMySubmissions.select({ page: 1 })(store.getState()).data;
    expect(cached?.submissions.map((s) => s.id)).toEqual([receipt().id, OLD.id]);
    expect(cached?.total).toBe(2);

    await userEvent.click(screen.getByRole('link', { name: 'See your submissions' }));
    // Shown before the server answers again.
    const rows = await screen.findAllByTestId('my-submission');
    expect(within(rows[0]!).getByText('Bronze whale')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('submission-status')).toHaveTextContent('Pending review');
    await waitFor(() => expect(callsTo('/api/me/submissions')).toHaveLength(2));
    const refetch: RecordedRequest = callsTo('/api/me/submissions')[1]!;
    expect(refetch.headers.get('X-Min-Position')).toBe('7-3');

    later.resolve(envelope(submissionList([submission({ id: receipt().id, queue_position: 3 }), OLD])));
    expect(await screen.findByText('Pending review · #3 in queue')).toBeInTheDocument();
  });
});
