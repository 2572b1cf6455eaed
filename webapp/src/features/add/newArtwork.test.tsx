import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { submissionsApi } from '../../api/submissionsApi';
import { setLocale } from '../../i18n';
import { clearFastUpload, getFastUpload, startFastUpload } from '../../lib/fastUpload';
import { apiError, envelope, mockFetch, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { ARTIST, artistSearchRoute } from '../../testing/artworks';
import { jpegFile, WETSUIT } from '../../testing/jpeg';
import { renderRoute, storeFor } from '../../testing/render';
import {
  ARTWORK_ID,
  candidate,
  created,
  deferred,
  expectProblemUntilChosen,
  formFields,
  receipt,
  submission,
  submissionList,
} from '../../testing/submissions';
import { TAG_SCHEMA, tagSchemaRoute } from '../../testing/tagSchema';

const PATH = '/artwork/new?lat=49.303&lng=-123.1264';
const main = () => within(screen.getByRole('main'));
const photoInput = () => screen.getByTestId('photo-picker-input');
/** The server's tag schema and artist search (which knows one artist). */
const SERVER: Record<string, Handler> = { ...tagSchemaRoute(), ...artistSearchRoute([ARTIST]) };
const artistSearch = () => screen.getByRole('searchbox', { name: 'Find an artist to add' });

beforeEach(() => {
  clearFastUpload();
});

/** Fills every field a person can, with one photo. */
async function fillIn() {
  // No pause between keystrokes: this types a lot, on machines that may be busy.
  const person = userEvent.setup({ delay: null });
  await person.upload(photoInput(), [jpegFile('whale.jpg')]);
  await person.type(screen.getByLabelText('Title'), '  Bronze whale ');
  await person.selectOptions(screen.getByLabelText('Artwork type'), 'sculpture');
  await person.type(screen.getByLabelText('Description (optional)'), 'A whale leaping out of the seawall.');
  await person.click(screen.getByRole('button', { name: 'Add a detail' }));
  await person.selectOptions(await screen.findByRole('combobox', { name: 'Detail 1 name' }), 'material');
  await person.selectOptions(screen.getByLabelText('Detail 1 value'), 'bronze');
  await person.click(screen.getByRole('button', { name: 'Add a detail' }));
  await person.selectOptions(screen.getByLabelText('Detail 2 name'), 'year');
  await person.type(screen.getByLabelText('Detail 2 value'), '2010');
  // A known artist, as the registry spells it; a new one, as typed; another new one, removed again.
  await person.type(artistSearch(), 'coupland');
  await person.click(await screen.findByRole('button', { name: 'Add Douglas Coupland' }));
  await person.type(artistSearch(), 'Jane Doe');
  await person.click(await screen.findByRole('button', { name: 'Add “Jane Doe” as a new artist' }));
  await person.type(artistSearch(), 'John Roe');
  await screen.findByRole('button', { name: 'Add “John Roe” as a new artist' });
  await person.type(artistSearch(), '{Enter}');
  await person.click(await screen.findByRole('button', { name: 'Remove John Roe (new artist)' }));
  await person.type(screen.getByLabelText('Note to the moderators (optional)'), 'Near the lighthouse');
  await person.click(screen.getByLabelText(/I took these photos and agree to publish them under CC BY-SA 4.0/));
}

describe('/artwork/new: the form', () => {
  it.each([
    {
      locale: 'en',
      heading: 'New artwork',
      submit: 'Submit artwork',
      problems: [
        'Add at least one photo',
        'Give the artwork a title (or a short description if you don’t know it)',
        'Add where the artwork is',
        'Please agree to publish your photos under the licence',
      ],
      title: 'Title',
      choosePhotos: 'Choose photos',
    },
    {
      locale: 'fr',
      heading: 'Nouvelle œuvre',
      submit: 'Envoyer l’œuvre',
      problems: [
        'Ajoutez au moins une photo',
        'Donnez un titre à l’œuvre (ou une courte description si vous ne le connaissez pas)',
        'Indiquez où se trouve l’œuvre',
        'Veuillez accepter de publier vos photos sous cette licence',
      ],
      title: 'Titre',
      choosePhotos: 'Choisir des photos',
    },
  ] as const)('says what is missing, focuses the first problem, and sends nothing ($locale)', async ({ locale, heading, submit, problems, title, choosePhotos }) => {
    setLocale(locale);
    const { calls } = mockFetch(SERVER);
    renderRoute('/artwork/new');
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: submit }));
    expect(await main().findByText(problems[0])).toBeInTheDocument();
    for (const problem of problems.slice(1)) expect(main().getByText(problem)).toBeInTheDocument();
    expect(screen.getByLabelText(title)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('button', { name: choosePhotos })).toHaveFocus());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a detail without a name and names used twice, at its row, and each problem goes once fixed', async () => {
    mockFetch(SERVER);
    renderRoute(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a detail' }));
    const row1 = () => within(screen.getByTestId('new-artwork-tags').querySelectorAll('li')[0]!);
    await userEvent.type(await screen.findByLabelText('Detail 1 value'), 'bronze');
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    expect(await row1().findByText('Each detail needs a name')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Detail 1 name')).toHaveAccessibleDescription('Each detail needs a name');
    // Choosing the name keeps what was typed when the detail takes it, and the problem goes.
    await userEvent.selectOptions(screen.getByLabelText('Detail 1 name'), 'material');
    expect(screen.getByLabelText('Detail 1 value')).toHaveValue('bronze');
    expect(main().queryByText('Each detail needs a name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Detail 1 name')).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: 'Add a detail' }));
    // A detail already chosen is not offered again; written as another name, it is refused.
    expect(within(screen.getByLabelText('Detail 2 name')).queryByRole('option', { name: 'Material' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Detail 2 name'), 'Other…');
    await userEvent.type(screen.getByLabelText('Detail 2 other name'), 'Material');
    await userEvent.selectOptions(screen.getByLabelText('Detail 2 value'), 'stone');
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    expect(await main().findByText('Each detail name can be used once')).toBeInTheDocument();
    expect(screen.getByLabelText('Detail 2 other name')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText('Detail 2 other name'));
    await userEvent.type(screen.getByLabelText('Detail 2 other name'), 'opening hours');
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    expect(await main().findByText(/A detail name is lowercase letters, digits/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Detail 2 other name'));
    await userEvent.type(screen.getByLabelText('Detail 2 other name'), 'opening_hours');
    expect(main().queryByText(/A detail name is lowercase letters, digits/)).not.toBeInTheDocument();
  });

  it('offers the schema’s details by category (not the form’s own fields), then Other…, each value with its kind’s control', async () => {
    mockFetch(SERVER);
    renderRoute(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a detail' }));
    const name = await screen.findByRole('combobox', { name: 'Detail 1 name' });
    const groups = [...name.querySelectorAll('optgroup')];
    expect(groups.map((g) => g.label)).toEqual(['Classification', 'Physical properties', 'History', 'Location', 'References']);
    expect(within(groups[0]!).getAllByRole('option').map((o) => o.textContent)).toEqual(['Inscription']);
    expect(within(groups[1]!).getAllByRole('option').map((o) => o.textContent)).toEqual(['Material', 'Height (m)', 'Width (m)', 'Condition']);
    const options = within(name).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Choose a detail');
    expect(options.at(-1)).toHaveTextContent('Other…');
    expect(options.map((o) => (o as HTMLOptionElement).value)).not.toContain('tourism');

    await userEvent.selectOptions(name, 'heritage');
    expect(within(screen.getByLabelText('Detail 1 value')).getByRole('option', { name: 'World heritage' })).toHaveValue('world_heritage');
    await userEvent.selectOptions(name, 'height');
    expect(screen.getByRole('spinbutton', { name: 'Detail 1 value' })).toMatchObject({ min: '0.1', max: '500' });
    await userEvent.selectOptions(name, 'website');
    expect(screen.getByLabelText('Detail 1 value')).toHaveAttribute('type', 'url');
    await userEvent.selectOptions(name, 'wikidata_id');
    expect(screen.getByLabelText('Detail 1 value')).toHaveAttribute('pattern', 'Q\\d+');
    await userEvent.selectOptions(name, 'Other…');
    expect(screen.getByLabelText('Detail 1 value')).toHaveAttribute('maxLength', String(TAG_SCHEMA.free_value_max));
  });

  it('checks a detail’s value against the schema, at its row, until it fits', async () => {
    const { calls } = mockFetch(SERVER);
    renderRoute(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a detail' }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Detail 1 name' }), 'year');
    await userEvent.type(screen.getByLabelText('Detail 1 value'), '999');
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    const value = screen.getByLabelText('Detail 1 value');
    expect(await main().findByText('Year must be a four-digit year between 1000 and 2100')).toHaveAttribute('role', 'alert');
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription('Year must be a four-digit year between 1000 and 2100');
    await userEvent.type(value, '9');
    // Still wrong, still said.
    expect(value).toHaveValue(9999);
    expect(value).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(value);
    await userEvent.type(value, '1999');
    expect(main().queryByText('Year must be a four-digit year between 1000 and 2100')).not.toBeInTheDocument();
    expect(value).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('takes each problem away as soon as its field is fixed', async () => {
    mockFetch(SERVER);
    renderRoute('/artwork/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit artwork' }));
    const title = screen.getByLabelText('Title');
    expect(await main().findByText('Give the artwork a title (or a short description if you don’t know it)')).toBeInTheDocument();
    await userEvent.type(title, 'Bronze whale');
    expect(main().queryByText('Give the artwork a title (or a short description if you don’t know it)')).not.toBeInTheDocument();
    expect(title).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByLabelText(/I took these photos and agree to publish them under CC BY-SA 4.0/));
    expect(main().queryByText('Please agree to publish your photos under the licence')).not.toBeInTheDocument();
    // The others stay until fixed.
    expect(main().getByText('Add at least one photo')).toBeInTheDocument();
    expect(main().getByText('Add where the artwork is')).toBeInTheDocument();
    // Emptied again, a fixed field waits for the next submit.
    await userEvent.clear(title);
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('without the tag schema, details are written as before', async () => {
    mockFetch({ ...SERVER, 'GET /api/tags/schema': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Try again shortly') });
    renderRoute(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a detail' }));
    expect(screen.getByRole('textbox', { name: 'Detail 1 name' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Detail 1 value' })).toHaveValue('');
  });

  it('offers known artists as the person types, and a new name once the search has answered', async () => {
    mockFetch(SERVER);
    renderRoute(PATH);
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Find an artist to add' }), 'douglas c');
    expect(await screen.findByRole('button', { name: 'Add Douglas Coupland' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add “douglas c” as a new artist' })).toBeInTheDocument();
    // The name as the registry knows it offers no new artist of that name.
    await userEvent.clear(artistSearch());
    await userEvent.type(artistSearch(), 'douglas coupland');
    const status = within(screen.getByRole('group', { name: 'Artists (optional)' })).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('1 artist found'));
    expect(screen.getByRole('button', { name: 'Add Douglas Coupland' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /as a new artist/ })).not.toBeInTheDocument();
    // Enter adds the known one, never submits.
    await userEvent.type(artistSearch(), '{Enter}');
    expect(within(screen.getByRole('list', { name: 'Credited artists' })).getByText('Douglas Coupland')).toBeInTheDocument();
    expect(artistSearch()).toHaveValue('');
    expect(main().queryByText('Add at least one photo')).not.toBeInTheDocument();
  });

  it('does not send a name typed in the artist search but never added', async () => {
    const { calls } = mockFetch(SERVER);
    renderRoute(PATH);
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Find an artist to add' }), 'Jane Doe');
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    const message = 'Add “Jane Doe” from the list (a known artist, or a new one), or clear the search';
    expect(await main().findByText(message)).toHaveAttribute('role', 'alert');
    expect(artistSearch()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(await screen.findByRole('button', { name: 'Add “Jane Doe” as a new artist' }));
    expect(main().queryByText(message)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('starts at the link’s location', async () => {
    mockFetch(SERVER);
    renderRoute(PATH);
    expect(await screen.findByLabelText('Latitude')).toHaveValue('49.303000');
    expect(screen.getByLabelText('Longitude')).toHaveValue('-123.126400');
  });

  it('offers the ten artwork types', async () => {
    mockFetch(SERVER);
    renderRoute(PATH);
    const options = within(await screen.findByLabelText('Artwork type')).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual([
      'statue', 'mural', 'sculpture', 'installation', 'monument', 'graffiti', 'mosaic', 'relief', 'fountain', 'other',
    ]);
  });
});

// Filling in every field takes seconds on a busy machine.
describe('/artwork/new: sending', { timeout: 20_000 }, () => {
  it('sends every field as multipart, shows progress, then the receipt with possible duplicates', async () => {
    const answer = deferred<Response>();
    const { callsTo } = mockFetch({ ...SERVER, 'POST /api/logbook': () => answer.promise });
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
      artists: JSON.stringify(['Douglas Coupland', 'Jane Doe']),
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
    const { callsTo } = mockFetch({ ...SERVER, 'POST /api/logbook': () => created(receipt()) });
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
    ['one detail (400)', apiError(400, 'VALIDATION_ERROR', 'Year must be a four-digit year between 1000 and 2100', { field: 'tag:year' }), 'Detail 2 value', 'Year must be a four-digit year between 1000 and 2100'],
  ])('shows the server’s message about %s at its field and focuses it', async (_name, response, label, message) => {
    mockFetch({ ...SERVER, 'POST /api/logbook': () => response });
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

  it('shows the server’s refusal of one detail at its row, and takes it away once that detail changes', async () => {
    mockFetch({
      ...SERVER,
      'POST /api/logbook': () => apiError(400, 'VALIDATION_ERROR', 'Material must be one of: bronze, stone', { field: 'tag:material' }),
    });
    renderRoute(PATH);
    await screen.findByLabelText('Title');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    const rows = screen.getByTestId('new-artwork-tags').querySelectorAll('li');
    expect(await within(rows[0]!).findByText('Material must be one of: bronze, stone')).toHaveAttribute('role', 'alert');
    const material = screen.getByLabelText('Detail 1 value');
    await waitFor(() => expect(material).toHaveFocus());
    expect(material).toHaveAccessibleDescription('Material must be one of: bronze, stone');
    expect(within(rows[1]!).queryByRole('alert')).not.toBeInTheDocument();
    // Not the details as a whole.
    expect(screen.getByLabelText('Detail 2 value')).not.toHaveAttribute('aria-invalid');
    await expectProblemUntilChosen(material, 'Material must be one of: bronze, stone', screen.getByLabelText('Title'), 'stone');
  });

  it('shows a message the server gives for no field above the button', async () => {
    mockFetch({ ...SERVER, 'POST /api/logbook': () => apiError(429, 'RATE_LIMITED', 'Too many submissions; try again in a minute') });
    renderRoute(PATH);
    await screen.findByLabelText('Title');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    const error = await screen.findByTestId('form-error');
    expect(error).toHaveTextContent('Too many submissions; try again in a minute');
    await waitFor(() => expect(error).toHaveFocus());
  });
});

// Filling in every field takes seconds on a busy machine.
describe('the sender sees a just-sent submission at once', { timeout: 20_000 }, () => {
  it('puts it at the top of the cached list, and the list’s next fetch waits for the write', async () => {
    const OLD = submission({ id: '33333333-3333-4333-8333-333333333333', title: 'Older one', queue_position: 2 });
    const later = deferred<Response>();
    let gets = 0;
    const { callsTo } = mockFetch({
      ...SERVER,
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
