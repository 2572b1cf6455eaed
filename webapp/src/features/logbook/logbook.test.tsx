import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ArtworkDetailDto } from '../../api/types';
import { setLocale } from '../../i18n';
import { clearFastUpload, getFastUpload, startFastUpload } from '../../lib/fastUpload';
import { apiError, envelope, mockFetch } from '../../testing/fetchMock';
import { jpegFile, WETSUIT } from '../../testing/jpeg';
import { renderRoute } from '../../testing/render';
import { ARTWORK_ID, created, deferred, expectProblemUntilChosen, formFields, photo, receipt } from '../../testing/submissions';

const ARTWORK = {
  id: ARTWORK_ID,
  title: 'Girl in a Wetsuit',
  description: null,
  artwork_type: 'statue',
  status: 'approved',
  lat: 49.3031,
  lon: -123.1265,
  tags: {},
  artists: [],
  photos: [photo(5)],
  main_photo: null,
  hidden_photos: [],
  logbook: [],
  also_from: [],
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
} satisfies ArtworkDetailDto;
const PATH = `/logbook/${ARTWORK_ID}`;
const VISIT = receipt({ submission_type: 'logbook', nearby: [] });
const main = () => within(screen.getByRole('main'));

beforeEach(() => {
  clearFastUpload();
});

describe('/logbook/{artworkId}', () => {
  it.each([
    {
      locale: 'en',
      heading: 'Log a visit',
      photo: 'Photo 1 of Girl in a Wetsuit',
      condition: 'Condition (optional)',
      conditions: ['Not sure', 'Good', 'Fair', 'Poor', 'Damaged', 'Missing (it’s gone)'],
      submit: 'Submit visit',
      photoOrNote: 'Add a photo or a note about your visit',
    },
    {
      locale: 'fr',
      heading: 'Noter une visite',
      photo: 'Photo 1 de Girl in a Wetsuit',
      condition: 'État (facultatif)',
      conditions: ['Je ne sais pas', 'Bon', 'Passable', 'Mauvais', 'Endommagée', 'Disparue (elle n’est plus là)'],
      submit: 'Envoyer la visite',
      photoOrNote: 'Ajoutez une photo ou une note sur votre visite',
    },
  ] as const)(
    'names the artwork, shows its photos, starts at its location and offers its conditions ($locale)',
    async ({ locale, heading, photo: photoName, condition, conditions, submit, photoOrNote }) => {
      setLocale(locale);
      mockFetch({ [`GET /api/artworks/${ARTWORK_ID}`]: () => envelope(ARTWORK) });
      renderRoute(PATH);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'Girl in a Wetsuit' })).toHaveAttribute('href', `/artwork/${ARTWORK_ID}`);
      expect(screen.getByRole('img', { name: photoName })).toHaveAttribute('src', photo(5).thumbnail_url);
      await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveValue('49.303100'));
      expect(screen.getByLabelText('Longitude')).toHaveValue('-123.126500');
      const select = screen.getByRole('combobox', { name: condition });
      expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(conditions);
      await userEvent.click(screen.getByRole('button', { name: submit }));
      expect(await main().findByText(photoOrNote)).toBeInTheDocument();
    },
  );

  it('sends a visit with photo, condition, note and place; shows progress and the receipt', async () => {
    const answer = deferred<Response>();
    const { callsTo } = mockFetch({
      [`GET /api/artworks/${ARTWORK_ID}`]: () => envelope(ARTWORK),
      'POST /api/logbook': () => answer.promise,
    });
    const { store } = renderRoute(PATH);
    await screen.findByRole('link', { name: 'Girl in a Wetsuit' });
    await userEvent.upload(screen.getByTestId('photo-picker-input'), [jpegFile('visit.jpg'), jpegFile('detail.jpg')]);
    await userEvent.selectOptions(screen.getByLabelText('Condition (optional)'), 'damaged');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Graffiti on the base');
    expect(screen.getByText('20/1000')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('consent-checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit visit' }));

    expect(await screen.findByText('Uploading 2 photos…')).toBeInTheDocument();
    expect(screen.getByTestId('logbook-submit')).toBeDisabled();
    expect(formFields(callsTo('/api/logbook')[0]!.body)).toEqual({
      type: 'logbook',
      lat: '49.3031',
      lon: '-123.1265',
      notes: 'Graffiti on the base',
      artworkId: ARTWORK_ID,
      condition: 'damaged',
      photos: ['visit.jpg', 'detail.jpg'],
    });

    answer.resolve(created(VISIT));
    const heading = await screen.findByRole('heading', { name: 'Thanks! Your visit was sent for review' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('Pending review');
    expect(screen.queryByRole('list', { name: 'Possible duplicates' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Girl in a Wetsuit' })).toHaveAttribute('href', `/artwork/${ARTWORK_ID}`);
    expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Thanks! Your visit was logged and will appear after review.');
  });

  it('takes the photos and place of the fast-upload session (a photo-search pick)', async () => {
    await startFastUpload([jpegFile('wetsuit.jpg', { gps: WETSUIT, little: true })]);
    const { callsTo } = mockFetch({
      [`GET /api/artworks/${ARTWORK_ID}`]: () => envelope(ARTWORK),
      'POST /api/logbook': () => created(VISIT),
    });
    renderRoute(PATH);
    expect(await screen.findByRole('img', { name: 'Photo 1: wetsuit.jpg' })).toBeInTheDocument();
    expect(screen.getByLabelText('Latitude')).toHaveValue('49.303000');
    await userEvent.click(screen.getByTestId('consent-checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit visit' }));
    await screen.findByTestId('submission-receipt');
    const fields = formFields(callsTo('/api/logbook')[0]!.body);
    expect(fields).toMatchObject({ type: 'logbook', artworkId: ARTWORK_ID, photos: 'wetsuit.jpg' });
    expect(fields).not.toHaveProperty('condition');
    expect(fields).not.toHaveProperty('notes');
    expect(getFastUpload()).toBeNull();
  });

  it('needs a photo or a note, the licence for photos, and a note of at most 1000 characters', async () => {
    const { calls } = mockFetch({ [`GET /api/artworks/${ARTWORK_ID}`]: () => envelope(ARTWORK) });
    renderRoute(PATH);
    await screen.findByRole('link', { name: 'Girl in a Wetsuit' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit visit' }));
    expect(await main().findByText('Add a photo or a note about your visit')).toBeInTheDocument();

    await userEvent.upload(screen.getByTestId('photo-picker-input'), [jpegFile('visit.jpg')]);
    await userEvent.click(screen.getByRole('button', { name: 'Submit visit' }));
    expect(await main().findByText('Please agree to publish your photos under the licence')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('consent-checkbox')).toHaveFocus());

    const notes = screen.getByLabelText('Note (optional)');
    await userEvent.click(notes);
    await userEvent.paste('x'.repeat(1001));
    expect(screen.getByText('1001/1000')).toHaveClass('field__counter--over');
    await userEvent.click(screen.getByTestId('consent-checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit visit' }));
    expect(await main().findByText('The note must be at most 1000 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('takes a problem away as soon as its field is fixed: the form’s own at once, the server’s once the field changes', async () => {
    mockFetch({
      [`GET /api/artworks/${ARTWORK_ID}`]: () => envelope(ARTWORK),
      'POST /api/logbook': () => apiError(400, 'VALIDATION_ERROR', 'Condition must be one of: good, fair, poor, damaged, missing', { field: 'condition' }),
    });
    renderRoute(PATH);
    await screen.findByRole('link', { name: 'Girl in a Wetsuit' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit visit' }));
    expect(await main().findByText('Add a photo or a note about your visit')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Nice');
    expect(main().queryByText('Add a photo or a note about your visit')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose photos' })).not.toHaveAttribute('aria-invalid');

    await userEvent.selectOptions(screen.getByTestId('logbook-condition'), 'poor');
    await userEvent.click(screen.getByRole('button', { name: 'Submit visit' }));
    const condition = screen.getByTestId('logbook-condition');
    expect(await main().findByText('Condition must be one of: good, fair, poor, damaged, missing')).toBeInTheDocument();
    await waitFor(() => expect(condition).toHaveFocus());
    // Changing another field leaves it; changing the condition takes it away.
    await expectProblemUntilChosen(condition, 'Condition must be one of: good, fair, poor, damaged, missing', screen.getByLabelText('Note (optional)'), 'fair');
  });

  it('sends a note alone, without photos or licence', async () => {
    const { callsTo } = mockFetch({
      [`GET /api/artworks/${ARTWORK_ID}`]: () => envelope(ARTWORK),
      'POST /api/logbook': () => created({ ...VISIT, photos: [] }),
    });
    renderRoute(PATH);
    await screen.findByRole('link', { name: 'Girl in a Wetsuit' });
    await userEvent.selectOptions(screen.getByTestId('logbook-condition'), 'missing');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'It is gone; only the plinth is left.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit visit' }));
    await screen.findByTestId('submission-receipt');
    expect(formFields(callsTo('/api/logbook')[0]!.body)).toMatchObject({ condition: 'missing', notes: 'It is gone; only the plinth is left.' });
  });

  it('shows the server’s message for an artwork it does not know', async () => {
    mockFetch({
      [`GET /api/artworks/${ARTWORK_ID}`]: () => envelope(ARTWORK),
      'POST /api/logbook': () => apiError(404, 'NOT_FOUND', `Artwork with ID ${ARTWORK_ID} not found`),
    });
    renderRoute(PATH);
    await screen.findByRole('link', { name: 'Girl in a Wetsuit' });
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Nice');
    await userEvent.click(screen.getByRole('button', { name: 'Submit visit' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(`Artwork with ID ${ARTWORK_ID} not found`);
  });

  it('keeps the visit in the Outbox when the answer is lost, and the Outbox sends it again with the same Idempotency-Key', async () => {
    let posts = 0;
    const { callsTo } = mockFetch({
      [`GET /api/artworks/${ARTWORK_ID}`]: () => envelope(ARTWORK),
      'POST /api/logbook': () => {
        posts += 1;
        if (posts === 1) throw new TypeError('Failed to fetch');
        return created(VISIT);
      },
    });
    renderRoute(PATH);
    await screen.findByRole('link', { name: 'Girl in a Wetsuit' });
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Nice');
    await userEvent.click(screen.getByRole('button', { name: 'Submit visit' }));
    expect(await screen.findByRole('heading', { name: 'Saved to your Outbox' })).toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Open your Outbox' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(/^Sent .+: pending review$/)).toBeInTheDocument();
    expect(screen.getAllByTestId('outbox-item')).toHaveLength(1);
    const keys = callsTo('/api/logbook').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says so when the artwork does not exist', async () => {
    mockFetch({ [`GET /api/artworks/${ARTWORK_ID}`]: () => apiError(404, 'NOT_FOUND', 'Not found') });
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { name: 'Artwork not found' })).toBeInTheDocument();
    expect(screen.getByText(`Artwork with ID ${ARTWORK_ID} not found`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit visit' })).not.toBeInTheDocument();
  });
});
