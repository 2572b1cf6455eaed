import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../i18n';
import { clearFastUpload, getFastUpload } from '../../lib/fastUpload';
import type { LatLng } from '../../lib/geo';
import { envelope, mockFetch } from '../../testing/fetchMock';
import { jpegFile, plainJpeg, WETSUIT } from '../../testing/jpeg';
import { renderRoute } from '../../testing/render';

/** The map, faked: a click on it is whatever a test says. */
const fake = vi.hoisted(() => ({
  click: null as null | ((at: { lat: number; lng: number }) => void),
  pins: [] as Array<{ lat: number; lng: number } | null>,
}));

vi.mock('../../lib/map', async (importOriginal) =>
  (await import('../../testing/fakeMap')).fakeMapModule(importOriginal, () => ({
    onBackgroundClick: (cb: (at: LatLng) => void) => {
      fake.click = cb;
      return () => undefined;
    },
    setPin: (at: LatLng | null) => {
      fake.pins.push(at);
    },
  })),
);

const NEARBY = () => envelope({ artworks: [], total: 0, limit: 250, search_radius: 500, search_center: { lat: 0, lon: 0 } });
const located = (name = 'wetsuit.jpg') => jpegFile(name, { gps: WETSUIT, little: true });
const stored = () => sessionStorage.getItem('plinth-fast-upload');
const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);
/** userEvent that, like a person picking "All files", can choose files the input does not accept. */
const anyFile = () => userEvent.setup({ applyAccept: false });

function allowLocation(latitude: number, longitude: number) {
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude, longitude, accuracy: 5 } } as GeolocationPosition),
    },
  });
}

beforeEach(() => {
  clearFastUpload();
  fake.click = null;
  fake.pins = [];
});

describe('the bottom bar’s add button (SPEC §2)', () => {
  it('goes to the photo search at the photo’s location, with the photos shown and the session stored', async () => {
    mockFetch({ 'GET /api/artworks/nearby': NEARBY });
    const { router } = renderRoute('/help');
    await userEvent.upload(await screen.findByTestId('add-artwork-input'), [plainJpeg('plain.jpg'), located()]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const q = search(router);
    expect(q.get('mode')).toBe('photo');
    expect(q.get('source')).toBe('fast-upload');
    expect(Number(q.get('lat'))).toBeCloseTo(49.303, 5);
    expect(Number(q.get('lng'))).toBeCloseTo(-123.1264, 5);
    const photos = await screen.findByRole('region', { name: 'Your photos' });
    expect(within(photos).getByRole('img', { name: 'Your photo wetsuit.jpg' })).toBeInTheDocument();
    expect(within(photos).getByRole('img', { name: 'Your photo plain.jpg' })).toBeInTheDocument();
    const saved = JSON.parse(stored()!) as { photos: Array<{ name: string }>; location: { latitude: number } };
    expect(saved.photos.map((p) => p.name)).toEqual(['plain.jpg', 'wetsuit.jpg']);
    expect(saved.location.latitude).toBeCloseTo(49.303, 5);
  });

  it('goes to /add when no photo has a location', async () => {
    mockFetch();
    const { router } = renderRoute('/help');
    await userEvent.upload(await screen.findByTestId('add-artwork-input'), [plainJpeg('plain.jpg')]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/add'));
    expect(await screen.findByText('plain.jpg')).toBeInTheDocument();
    expect(screen.getByText(/None of these photos says where it was taken/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find nearby artworks' })).toBeDisabled();
  });

  it('keeps a session of 200 000 characters or more in memory only', async () => {
    mockFetch({ 'GET /api/artworks/nearby': NEARBY });
    const { router } = renderRoute('/help');
    await userEvent.upload(await screen.findByTestId('add-artwork-input'), [located(`${'n'.repeat(200_000)}.jpg`)]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(getFastUpload()?.photos).toHaveLength(1);
    expect(stored()).toBeNull();
  });

  it('starts afresh when pressed again after use', async () => {
    mockFetch({ 'GET /api/artworks/nearby': NEARBY });
    const { router } = renderRoute('/help');
    await userEvent.upload(await screen.findByTestId('add-artwork-input'), [located()]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(stored()).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add artwork' }));
    expect(getFastUpload()).toBeNull();
    expect(stored()).toBeNull();
  });

  it('refuses files that are not images', async () => {
    mockFetch();
    const { router, store } = renderRoute('/help');
    await anyFile().upload(await screen.findByTestId('add-artwork-input'), [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    await waitFor(() => expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Only image files can be added'));
    expect(router.state.location.pathname).toBe('/help');
    expect(getFastUpload()).toBeNull();
  });
});

describe('/add (fast photo upload)', () => {
  it('speaks French when French is chosen', async () => {
    setLocale('fr');
    mockFetch();
    renderRoute('/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajouter une œuvre' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choisir des photos' })).toBeInTheDocument();
    await anyFile().upload(screen.getByTestId('add-page-input'), [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(await screen.findByTestId('refused-files')).toHaveTextContent('Seuls les fichiers image peuvent être ajoutés : notes.txt a été écarté.');
  });

  it('takes images only, and says which files were left out', async () => {
    mockFetch();
    renderRoute('/add');
    await anyFile().upload(await screen.findByTestId('add-page-input'), [
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      plainJpeg('plain.jpg'),
    ]);
    expect(await screen.findByTestId('refused-files')).toHaveTextContent('Only image files can be added: notes.txt was left out.');
    // The accepted photo is read asynchronously: wait for it rather than assume it is there.
    const chosen = await screen.findByRole('region', { name: 'Chosen photos' });
    expect(await within(chosen).findByText('plain.jpg')).toBeInTheDocument();
    await waitFor(() => expect(getFastUpload()?.photos.map((p) => p.name)).toEqual(['plain.jpg']));
  });

  it('shows the location read from a photo and goes on to the photo search', async () => {
    mockFetch({ 'GET /api/artworks/nearby': NEARBY });
    const { router } = renderRoute('/add');
    await userEvent.upload(await screen.findByTestId('add-page-input'), [located()]);
    expect(await screen.findByTestId('add-location')).toHaveTextContent('49.303000, -123.126400 (from your photo)');
    await userEvent.click(screen.getByRole('button', { name: 'Find nearby artworks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(search(router).get('mode')).toBe('photo');
  });

  it('uses the device’s location when the photos have none', async () => {
    allowLocation(49.28, -123.12);
    mockFetch({ 'GET /api/artworks/nearby': NEARBY });
    const { router } = renderRoute('/add');
    await userEvent.upload(await screen.findByTestId('add-page-input'), [plainJpeg('plain.jpg')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByTestId('add-location')).toHaveTextContent('49.280000, -123.120000 (from your device)');
    expect(getFastUpload()?.detectedSources.browser).toEqual({
      detected: true,
      error: null,
      coordinates: { latitude: 49.28, longitude: -123.12 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Find nearby artworks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(Object.fromEntries(search(router))).toEqual({ mode: 'photo', source: 'fast-upload', lat: '49.28', lng: '-123.12' });
  });

  it('shows the SPEC’s message when location access is denied', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError) },
    });
    mockFetch();
    renderRoute('/add');
    await userEvent.upload(await screen.findByTestId('add-page-input'), [plainJpeg('plain.jpg')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByText('Location access denied by user')).toBeInTheDocument();
    expect(getFastUpload()?.detectedSources.browser.error).toBe('Location access denied by user');
    expect(screen.getByRole('button', { name: 'Find nearby artworks' })).toBeDisabled();
  });

  it('lets the artwork be placed on the map with a click, or typed', async () => {
    mockFetch();
    renderRoute('/add');
    await userEvent.upload(await screen.findByTestId('add-page-input'), [plainJpeg('plain.jpg')]);
    await waitFor(() => expect(fake.click).not.toBeNull());
    act(() => fake.click?.({ lat: 49.2, lng: -123.1 }));
    expect(await screen.findByTestId('add-location')).toHaveTextContent('49.200000, -123.100000 (placed by you)');
    expect(screen.getByLabelText('Latitude')).toHaveValue('49.200000');
    expect(screen.getByLabelText('Longitude')).toHaveValue('-123.100000');
    await waitFor(() => expect(fake.pins.at(-1)).toEqual({ lat: 49.2, lng: -123.1 }));
    expect(screen.getByRole('button', { name: 'Find nearby artworks' })).toBeEnabled();

    // The keyboard way: typing the coordinates.
    await userEvent.clear(screen.getByLabelText('Latitude'));
    expect(screen.getByRole('button', { name: 'Find nearby artworks' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Latitude'), '49.25');
    expect(getFastUpload()?.location).toEqual({ latitude: 49.25, longitude: -123.1 });
    await userEvent.clear(screen.getByLabelText('Latitude'));
    await userEvent.type(screen.getByLabelText('Latitude'), '99');
    expect(await screen.findByText('Latitude must be between -90 and 90')).toBeInTheDocument();
    expect(getFastUpload()?.location).toBeNull();
  });
});
