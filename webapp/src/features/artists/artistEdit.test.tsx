import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArtistDetail, ArtistEditReceipt, EditRequest, PendingEdit } from '../../api/types';
import { artistRoutes, KEN } from '../../testing/artists';
import { apiError, bodyOf, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { created, editServer, editsOf, expectCheckedThenProposed, expectCheckRefused, expectReloaded, expectSentAndWaiting, pendingReceipt, refusedCheck, reloadStale, staleOnce, valid } from '../../testing/editing';
import { renderRoute, toastMessages } from '../../testing/render';
import { artistEditsFrom, artistValuesOf, NO_ARTIST, rebaseArtist, yearProblems } from './artistEditModel';

const ID = KEN.id;
const EDIT_PATH = `/artist/${ID}/edit`;
const STALE = 'This artist changed since you opened it (country). Reload to see the current values.';

/**
 * A server with the artist (`artist` answers each GET) and edit calls that pass unless
 * overridden; proposals it accepts are then the caller's pending edits.
 */
function server(over: Record<string, Handler> = {}, artist: () => ArtistDetail = () => KEN) {
  return editServer('artist', ID, artist, artistRoutes(KEN), over);
}

const form = (name = 'Edit artist') => within(screen.getByRole('form', { name }));
const submit = (name = 'Edit artist', button = 'Submit changes') => userEvent.click(form(name).getByRole('button', { name: button }));
const otherNames = (name = 'Edit artist') => within(form(name).getByRole('group', { name: 'Also known as' }));

async function addAlias(alias: string, name = 'Edit artist') {
  await userEvent.type(otherNames(name).getByLabelText('Another name'), alias);
  await userEvent.click(otherNames(name).getByRole('button', { name: 'Add name' }));
}

describe('/artist/{id}/edit', () => {
  it('starts from the artist and proposes only what changed, set and cleared, each with the value it loaded', async () => {
    const { callsTo } = server();
    const { store, router } = renderRoute(EDIT_PATH, { who: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Ken Lum' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Edit artist - Plinth'));
    expect(form().getByLabelText('Name')).toHaveValue('Ken Lum');
    expect(within(otherNames().getByRole('list', { name: 'Other names' })).getByText('Kenneth Lum')).toBeInTheDocument();
    expect(form().getByLabelText('Biography')).toHaveValue('Canadian artist.');
    expect(form().getByLabelText('Website')).toHaveValue('https://kenlum.example');
    expect(form().getByLabelText('Country')).toHaveValue('Canada');
    expect(form().getByLabelText('Born')).toHaveValue(1956);
    expect(form().getByLabelText('Died')).toHaveValue(null);

    await userEvent.clear(form().getByLabelText('Biography'));
    await userEvent.type(form().getByLabelText('Biography'), 'Canadian conceptual artist. ');
    await userEvent.click(form().getByRole('button', { name: 'Clear website' }));
    expect(form().getByLabelText('Website')).toHaveValue('');
    expect(form().getByLabelText('Website')).toHaveFocus();
    await addAlias('K. Lum');
    // Enter adds too, and does not send the form.
    await userEvent.type(otherNames().getByLabelText('Another name'), 'Lum Ken{Enter}');
    await userEvent.type(otherNames().getByLabelText('Another name'), 'K. Lum{Enter}');
    expect(otherNames().getByRole('status')).toHaveTextContent('“K. Lum” is already listed.');
    await userEvent.clear(otherNames().getByLabelText('Another name'));
    await userEvent.click(otherNames().getByRole('button', { name: 'Remove Kenneth Lum' }));
    expect(within(otherNames().getByRole('list', { name: 'Other names' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'K. Lum',
      'Lum Ken',
    ]);
    await userEvent.type(form().getByLabelText('Died'), '2024');
    await userEvent.type(form().getByLabelText('Note to the moderators (optional)'), 'From his gallery');
    expect(form().getByText('16/1000')).toBeInTheDocument();
    expect(callsTo(`/api/artist/${ID}/edit/validate`)).toHaveLength(0);
    await submit();

    await waitFor(() => expect(router.state.location.pathname).toBe(`/artist/${ID}`));
    const expected: EditRequest = {
      edits: [
        { field_name: 'aliases', field_value_old: ['Kenneth Lum'], field_value_new: ['K. Lum', 'Lum Ken'] },
        { field_name: 'biography', field_value_old: 'Canadian artist.', field_value_new: 'Canadian conceptual artist.' },
        { field_name: 'website', field_value_old: 'https://kenlum.example', field_value_new: null },
        { field_name: 'death_year', field_value_old: null, field_value_new: 2024 },
      ],
      note: 'From his gallery',
    };
    expectCheckedThenProposed(callsTo, `/api/artist/${ID}/edit`, expected);
    // The artist's page now shows the proposal waiting.
    await expectSentAndWaiting(store, 'Your edit is waiting for review. It changes the other names, biography, website, and year of death.');
  });

  it('shows the server’s checks at their fields and all together, and proposes nothing', async () => {
    const { callsTo } = server({
      [`POST /api/artist/${ID}/edit/validate`]: refusedCheck([
        { field: 'name', message: 'name is required' },
        { field: 'death_year', message: 'death_year must not be before birth_year' },
      ]),
    });
    renderRoute(EDIT_PATH, { who: 'user' });
    await userEvent.clear(await screen.findByLabelText('Name'));
    await userEvent.type(form().getByLabelText('Died'), '1900');
    await userEvent.click(form().getByRole('button', { name: 'Clear country' }));
    await submit();

    await expectCheckRefused(callsTo, `/api/artist/${ID}/edit`, ['Name: name is required', 'Died: death_year must not be before birth_year'], [
      { field_name: 'name', field_value_old: 'Ken Lum', field_value_new: null },
      { field_name: 'country', field_value_old: 'Canada', field_value_new: null },
      { field_name: 'death_year', field_value_old: null, field_value_new: 1900 },
    ]);
    const name = form().getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('name is required');
    expect(form().getByLabelText('Died')).toHaveAttribute('aria-invalid', 'true');
    expect(form().getByLabelText('Died')).toHaveAccessibleDescription(/death_year must not be before birth_year/);
    expect(form().getByLabelText('Country')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('checks the years before asking the server', async () => {
    const { callsTo } = server();
    renderRoute(EDIT_PATH, { who: 'user' });
    await userEvent.clear(await screen.findByLabelText('Born'));
    await userEvent.type(form().getByLabelText('Born'), '30000');
    await submit();
    const summary = await screen.findByTestId('edit-problems');
    expect(summary).toHaveTextContent('Born: Born must be a whole year from -3000 to 2100');
    await waitFor(() => expect(form().getByLabelText('Born')).toHaveFocus());
    expect(callsTo(`/api/artist/${ID}/edit/validate`)).toHaveLength(0);
  });

  it('when the artist changed meanwhile (409), says so and reloads it, keeping the changes made', async () => {
    let current: ArtistDetail = KEN;
    const { callsTo } = server({ [`POST /api/artist/${ID}/edit`]: staleOnce(STALE, pendingReceipt('artist', ID)) }, () => current);
    const { router } = renderRoute(EDIT_PATH, { who: 'user' });
    await screen.findByLabelText('Name');
    await addAlias('K. Lum');
    await submit();

    await reloadStale(STALE, () => {
      // Someone else's change was approved meanwhile.
      current = { ...KEN, country: 'Canada and China', birth_year: 1955 };
    });

    await waitFor(() => expect(form().getByLabelText('Country')).toHaveValue('Canada and China'));
    expect(form().getByLabelText('Born')).toHaveValue(1955);
    expect(within(otherNames().getByRole('list', { name: 'Other names' })).getByText('K. Lum')).toBeInTheDocument();
    expectReloaded('Edit artist');

    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/artist/${ID}`));
    expect(editsOf(callsTo(`/api/artist/${ID}/edit`)[1]!)).toEqual([
      { field_name: 'aliases', field_value_old: ['Kenneth Lum'], field_value_new: ['Kenneth Lum', 'K. Lum'] },
    ]);
  });

  it('sends anonymous visitors to / with login=required and the full path', async () => {
    server();
    const { router } = renderRoute(EDIT_PATH, { who: 'anonymous' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('login')).toBe('required');
    expect(params.get('redirect')).toBe(EDIT_PATH);
  });

  it('says which artist is missing', async () => {
    mockFetch({ [`GET /api/artists/${ID}`]: () => apiError(404, 'NOT_FOUND', `Artist with ID ${ID} not found`) });
    renderRoute(EDIT_PATH, { who: 'user' });
    expect(await screen.findByRole('heading', { name: 'Artist not found' })).toBeInTheDocument();
    expect(screen.getByText(`Artist with ID ${ID} not found`)).toBeInTheDocument();
  });
});

describe('/artist/new', () => {
  const NEW_ID = '44444444-4444-4444-8444-444444444444';

  function newArtistServer(over: Record<string, Handler> = {}) {
    return mockFetch({
      'POST /api/artists/validate': (req) => envelope(valid(bodyOf<EditRequest>(req))),
      'POST /api/artists': (req) => created({ id: 'sub-9', status: 'pending', artist_id: NEW_ID, edits: editsOf(req) } satisfies ArtistEditReceipt),
      ...over,
    });
  }

  it('proposes an artist from nothing, every old value null, and says it awaits review', async () => {
    const { callsTo } = newArtistServer();
    const { store } = renderRoute('/artist/new', { who: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'New artist' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('New artist - Plinth'));
    const f = () => form('New artist');
    expect(f().getByLabelText('Name')).toHaveValue('');
    expect(otherNames('New artist').getByText('No other names.')).toBeInTheDocument();

    await userEvent.type(f().getByLabelText('Name'), 'Ada Studio');
    await addAlias('The Ada Collective', 'New artist');
    // A name typed but not added is added on sending.
    await userEvent.type(otherNames('New artist').getByLabelText('Another name'), 'ADA');
    await userEvent.type(f().getByLabelText('Website'), 'https://ada.example');
    await userEvent.type(f().getByLabelText('Born'), '-300');
    await submit('New artist', 'Propose artist');

    const receipt = await screen.findByTestId('artist-receipt');
    const heading = within(receipt).getByRole('heading', { name: 'Ada Studio proposed' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(receipt).toHaveTextContent('Pending review');
    expect(within(receipt).getByRole('link', { name: 'See your submissions' })).toHaveAttribute('href', '/profile');
    expect(toastMessages(store)).toContain('Thanks! The artist will appear once a moderator approves them.');
    const expected: EditRequest = {
      edits: [
        { field_name: 'name', field_value_old: null, field_value_new: 'Ada Studio' },
        { field_name: 'aliases', field_value_old: null, field_value_new: ['The Ada Collective', 'ADA'] },
        { field_name: 'website', field_value_old: null, field_value_new: 'https://ada.example' },
        { field_name: 'birth_year', field_value_old: null, field_value_new: -300 },
      ],
    };
    expect(bodyOf(callsTo('/api/artists/validate')[0]!)).toEqual(expected);
    expect(bodyOf(callsTo('/api/artists')[0]!)).toEqual(expected);

    // Another one starts from nothing again.
    await userEvent.click(within(receipt).getByRole('button', { name: 'Propose another artist' }));
    expect(await screen.findByRole('form', { name: 'New artist' })).toBeInTheDocument();
    expect(f().getByLabelText('Name')).toHaveValue('');
  });

  it('shows the server’s checks at their fields', async () => {
    const { callsTo } = newArtistServer({
      'POST /api/artists/validate': refusedCheck([{ field: 'name', message: 'name is required' }]),
    });
    renderRoute('/artist/new', { who: 'user' });
    await userEvent.type(await screen.findByLabelText('Country'), 'Peru');
    await submit('New artist', 'Propose artist');
    expect(await screen.findByTestId('edit-problems')).toHaveTextContent('Name: name is required');
    expect(form('New artist').getByLabelText('Name')).toHaveAccessibleDescription('name is required');
    expect(callsTo('/api/artists')).toHaveLength(0);
  });

  it('needs sign-in', async () => {
    newArtistServer();
    const { router } = renderRoute('/artist/new', { who: 'anonymous' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/artist/new');
  });
});

describe('/artist/{id}: other names, years, Edit and the viewer’s pending edits', () => {
  const PENDING: PendingEdit = {
    id: 'sub-2',
    created_at: '2025-06-01T10:00:00Z',
    note: null,
    edits: [{ field_name: 'birth_year', field_value_old: 1956, field_value_new: 1955 }],
  };

  it('shows the artist’s other names and years, the Edit link and what the viewer proposed', async () => {
    mockFetch(artistRoutes(KEN, { pending: () => envelope({ edits: [PENDING] }) }));
    renderRoute(`/artist/${ID}`, { who: 'user' });
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Ken Lum' });
    expect(h1.closest('header')).toHaveTextContent('born 1956 · Canada · 1 artwork');
    expect(screen.getByText('Also known as').nextElementSibling).toHaveTextContent('Kenneth Lum');
    expect(screen.getByText('Born').nextElementSibling).toHaveTextContent('1956');
    expect(screen.queryByText('Died')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/artist/${ID}/edit`);
    expect(await screen.findByTestId('pending-edits')).toHaveTextContent('Your edit is waiting for review. It changes the year of birth.');
  });

  it('does not ask an anonymous viewer for pending edits', async () => {
    const { callsTo } = mockFetch(artistRoutes({ ...KEN, aliases: [], birth_year: -50, death_year: 20 }));
    renderRoute(`/artist/${ID}`, { who: 'anonymous' });
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Ken Lum' });
    expect(h1.closest('header')).toHaveTextContent('50 BCE–20 · Canada');
    expect(screen.queryByText('Also known as')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(`/api/artists/${ID}/history`)).toHaveLength(1));
    expect(callsTo(`/api/artist/${ID}/pending-edits`)).toHaveLength(0);
  });

  it('links the index to a new artist’s proposal', async () => {
    mockFetch({
      'GET /api/artists': () => envelope({ artists: [KEN], pagination: { page: 1, limit: 30, total: 1, total_pages: 1, has_more: false } }),
    });
    renderRoute('/artists');
    expect(await screen.findByRole('link', { name: 'Add an artist' })).toHaveAttribute('href', '/artist/new');
  });
});

describe('artist edit values', () => {
  const loaded = artistValuesOf(KEN);

  it('sets, changes and clears, treating blank text and an empty list as unset', () => {
    expect(artistEditsFrom(KEN, loaded)).toEqual([]);
    expect(artistEditsFrom(KEN, { ...loaded, name: ' Ken Lum ', country: 'Canada ' })).toEqual([]);
    expect(artistEditsFrom(KEN, { ...loaded, aliases: [], biography: '  ', birth_year: '', death_year: ' 2020 ' })).toEqual([
      { field_name: 'aliases', field_value_old: ['Kenneth Lum'], field_value_new: null },
      { field_name: 'biography', field_value_old: 'Canadian artist.', field_value_new: null },
      { field_name: 'birth_year', field_value_old: 1956, field_value_new: null },
      { field_name: 'death_year', field_value_old: null, field_value_new: 2020 },
    ]);
    expect(artistEditsFrom(NO_ARTIST, { ...artistValuesOf(NO_ARTIST), name: 'Ada' })).toEqual([
      { field_name: 'name', field_value_old: null, field_value_new: 'Ada' },
    ]);
  });

  it('checks that years are whole years in range', () => {
    expect(yearProblems({ ...loaded, birth_year: '-3000', death_year: '2100' })).toEqual([]);
    expect(yearProblems({ ...loaded, birth_year: '-3001', death_year: '19.5' }).map((p) => p.field)).toEqual(['birth_year', 'death_year']);
  });

  it('after a reload, untouched fields follow the artist and changed ones stay', () => {
    const typed = { ...loaded, biography: 'Mine', aliases: ['Kenneth Lum', 'K. Lum'] };
    const now = { ...KEN, name: 'Kenneth Lum', biography: 'Theirs', country: null };
    expect(rebaseArtist(typed, KEN, now)).toEqual({ ...artistValuesOf(now), biography: 'Mine', aliases: ['Kenneth Lum', 'K. Lum'] });
  });
});
