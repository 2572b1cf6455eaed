import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EditRequest, PendingEdit } from '../../api/types';
import type { ArtworkDetailDto } from '../../api/types';
import { ARTIST, artistSearchRoute, ORCA, OTHER_ARTIST } from '../../testing/artworks';
import { envelope, type Handler } from '../../testing/fetchMock';
import { editServer, editsOf, expectCheckedThenProposed, expectCheckRefused, expectReloaded, expectSentAndWaiting, pendingReceipt, refusedCheck, reloadStale, staleOnce } from '../../testing/editing';
import { renderRoute } from '../../testing/render';
import { tagSchemaRoute } from '../../testing/tagSchema';
import { editsFrom, rebase, valuesOf } from './editModel';

const ID = ORCA.id;
const ARTWORK = { ...ORCA, tags: { material: 'aluminium', year: '2009' } } satisfies ArtworkDetailDto;
const EDIT_PATH = `/artwork/${ID}/edit`;
const STALE = 'This artwork changed since you opened it (title). Reload to see the current values.';

/**
 * A server with the artwork (`artwork` answers each GET), the artist search, and edit calls that
 * pass unless overridden; proposals it accepts are then the caller's pending edits.
 */
function server(over: Record<string, Handler> = {}, artwork: () => ArtworkDetailDto = () => ARTWORK) {
  const routes: Record<string, Handler> = {
    ...tagSchemaRoute(),
    [`GET /api/artworks/${ID}/history`]: () =>
      envelope({ entries: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0, has_more: false } }),
    ...artistSearchRoute([ARTIST, OTHER_ARTIST]),
  };
  return editServer('artwork', ID, artwork, routes, over);
}

const form = () => within(screen.getByRole('form', { name: 'Edit artwork' }));
const submit = () => userEvent.click(form().getByRole('button', { name: 'Submit changes' }));

describe('/artwork/{id}/edit', () => {
  it('starts from the artwork and proposes only what changed, each with the value it loaded', async () => {
    const { callsTo } = server();
    const { store, router } = renderRoute(EDIT_PATH, { who: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Digital Orca' })).toBeInTheDocument();
    expect(form().getByLabelText('Title')).toHaveValue('Digital Orca');
    expect(form().getByLabelText('Description')).toHaveValue('A pixelated orca breaching.');
    expect(form().getByLabelText('Artwork type')).toHaveValue('sculpture');
    expect(form().getByLabelText('Material')).toHaveValue('aluminium');
    expect(form().getByLabelText('Latitude')).toHaveValue('49.288900');
    expect(within(form().getByRole('list', { name: 'Credited artists' })).getByText('Douglas Coupland')).toBeInTheDocument();
    // Details come grouped by the tag schema's categories.
    expect(form().getByRole('group', { name: 'Physical properties' })).toContainElement(form().getByLabelText('Material'));
    expect(form().getByRole('group', { name: 'History' })).toContainElement(form().getByLabelText('Year'));

    await userEvent.clear(form().getByLabelText('Title'));
    await userEvent.type(form().getByLabelText('Title'), 'Digital Orca II ');
    await userEvent.click(form().getByRole('button', { name: 'Clear description' }));
    expect(form().getByLabelText('Description')).toHaveValue('');
    await userEvent.selectOptions(form().getByLabelText('Artwork type'), 'statue');
    await userEvent.selectOptions(form().getByLabelText('Material'), 'metal');
    await userEvent.click(form().getByRole('button', { name: 'Clear year' }));
    await userEvent.type(form().getByLabelText('Height (m)'), '7.6');
    await userEvent.click(form().getByRole('button', { name: 'Remove Douglas Coupland' }));
    await userEvent.type(form().getByRole('searchbox', { name: 'Find an artist to add' }), 'ame');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Ameen Gill' }));
    expect(within(form().getByRole('list', { name: 'Credited artists' })).getByText('Ameen Gill')).toBeInTheDocument();
    await userEvent.type(form().getByLabelText('Note to the moderators (optional)'), 'Per the city’s plaque');
    expect(form().getByText('21/1000')).toBeInTheDocument();
    await submit();

    await waitFor(() => expect(router.state.location.pathname).toBe(`/artwork/${ID}`));
    const expected: EditRequest = {
      edits: [
        { field_name: 'title', field_value_old: 'Digital Orca', field_value_new: 'Digital Orca II' },
        { field_name: 'description', field_value_old: 'A pixelated orca breaching.', field_value_new: null },
        { field_name: 'artwork_type', field_value_old: 'sculpture', field_value_new: 'statue' },
        { field_name: 'artists', field_value_old: [ARTIST.id], field_value_new: [OTHER_ARTIST.id] },
        { field_name: 'tag:material', field_value_old: 'aluminium', field_value_new: 'metal' },
        { field_name: 'tag:year', field_value_old: '2009', field_value_new: null },
        { field_name: 'tag:height', field_value_old: null, field_value_new: '7.6' },
      ],
      note: 'Per the city’s plaque',
    };
    expectCheckedThenProposed(callsTo, `/api/artwork/${ID}/edit`, expected);
    const search = callsTo('/api/artists').at(-1)!.url.searchParams;
    expect(search.get('search')).toBe('ame');
    expect(search.get('limit')).toBe('10');
    // The artwork's page now shows the proposal waiting.
    await expectSentAndWaiting(
      store,
      'Your edit is waiting for review. It changes the title, description, artwork type, artists, material, year, and height (m).',
    );
  });

  it('shows the server’s checks at their fields and all together, and proposes nothing', async () => {
    const { callsTo } = server({
      [`POST /api/artwork/${ID}/edit/validate`]: refusedCheck([
        { field: 'title', message: 'title is required' },
        { field: 'tag:year', message: 'year must be a year' },
      ]),
    });
    renderRoute(EDIT_PATH, { who: 'user' });
    await userEvent.clear(await screen.findByLabelText('Title'));
    await userEvent.clear(form().getByLabelText('Year'));
    await userEvent.type(form().getByLabelText('Year'), '2010');
    await submit();

    // Nothing is reloaded for problems that are the proposal's own.
    await expectCheckRefused(callsTo, `/api/artwork/${ID}/edit`, ['Title: title is required', 'Year: year must be a year'], [
      { field_name: 'title', field_value_old: 'Digital Orca', field_value_new: null },
      { field_name: 'tag:year', field_value_old: '2009', field_value_new: '2010' },
    ]);
    const title = form().getByLabelText('Title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('title is required');
    expect(form().getByLabelText('Year')).toHaveAccessibleDescription('year must be a year');
    expect(form().getByLabelText('Description')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(title).toHaveFocus());
  });

  it('checks the note’s length and the coordinates before asking the server', async () => {
    const { callsTo } = server();
    renderRoute(EDIT_PATH, { who: 'user' });
    await userEvent.clear(await screen.findByLabelText('Latitude'));
    await userEvent.type(form().getByLabelText('Latitude'), '123');
    const note = form().getByLabelText('Note to the moderators (optional)');
    await userEvent.click(note);
    await userEvent.paste('x'.repeat(1001));
    expect(form().getByText('1001/1000')).toHaveClass('field__counter--over');
    await submit();
    const summary = await screen.findByTestId('edit-problems');
    expect(summary).toHaveTextContent('Location: Latitude must be between -90 and 90');
    expect(summary).toHaveTextContent('Note: The note must be at most 1000 characters');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(`/api/artwork/${ID}/edit/validate`)).toHaveLength(0);
  });

  it('when the artwork changed meanwhile (409), says so and reloads it, keeping the changes made', async () => {
    let current: ArtworkDetailDto = ARTWORK;
    const { callsTo } = server({ [`POST /api/artwork/${ID}/edit`]: staleOnce(STALE, pendingReceipt('artwork', ID)) }, () => current);
    const { router } = renderRoute(EDIT_PATH, { who: 'user' });
    await userEvent.type(await screen.findByLabelText('Description'), ' Twice.');
    await submit();

    await reloadStale(STALE, () => {
      // Someone else's change was approved meanwhile.
      current = { ...ARTWORK, title: 'Digital Orca (2009)', tags: { ...ARTWORK.tags, material: 'steel' } };
    });

    await waitFor(() => expect(form().getByLabelText('Title')).toHaveValue('Digital Orca (2009)'));
    expect(callsTo(`/api/artworks/${ID}`)).toHaveLength(2);
    expect(form().getByLabelText('Material')).toHaveValue('steel');
    expect(form().getByLabelText('Description')).toHaveValue('A pixelated orca breaching. Twice.');
    expectReloaded('Edit artwork');

    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/artwork/${ID}`));
    expect(editsOf(callsTo(`/api/artwork/${ID}/edit`)[1]!)).toEqual([
      { field_name: 'description', field_value_old: 'A pixelated orca breaching.', field_value_new: 'A pixelated orca breaching. Twice.' },
    ]);
  });

  it('offers to reload when the check finds the artwork changed', async () => {
    server({
      [`POST /api/artwork/${ID}/edit/validate`]: refusedCheck([{ field: 'title', message: STALE }]),
    });
    renderRoute(EDIT_PATH, { who: 'user' });
    await userEvent.type(await screen.findByLabelText('Title'), '!');
    await submit();
    expect(within(await screen.findByTestId('edit-problems')).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('offers each detail with the control the tag schema gives its kind, by category, Clear only where there is a value', async () => {
    const imported = {
      ...ARTWORK,
      tags: {
        material: 'bronze',
        year: '2009',
        operator: 'City of Vancouver',
        neighbourhood: 'Downtown',
        material_detail: 'Digitally printed onto adhesive vinyl, mounted on aluminium composite panels',
      },
    } satisfies ArtworkDetailDto;
    server({}, () => imported);
    renderRoute(EDIT_PATH, { who: 'user' });
    const material = await screen.findByRole('combobox', { name: 'Material' });
    expect(within(material).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Not set', 'Bronze', 'Stone', 'Metal', 'Concrete', 'Wood', 'Paint', 'Ceramic', 'Glass', 'Mixed', 'Other',
    ]);
    expect(material).toHaveValue('bronze');
    const heritage = form().getByRole('combobox', { name: 'Heritage' });
    expect(within(heritage).getByRole('option', { name: 'World heritage' })).toHaveValue('world_heritage');
    expect(form().getByRole('spinbutton', { name: 'Height (m)' })).toMatchObject({ min: '0.1', max: '500', step: 'any' });
    expect(form().getByRole('spinbutton', { name: 'Year' })).toMatchObject({ min: '1000', max: '2100', step: '1', value: '2009' });
    expect(form().getByLabelText('Website')).toHaveAttribute('type', 'url');
    expect(form().getByRole('textbox', { name: 'Wikidata' })).toHaveAttribute('pattern', 'Q\\d+');
    expect(form().getByRole('textbox', { name: 'Inscription' }).tagName).toBe('TEXTAREA');
    expect(form().getByRole('textbox', { name: 'Operator' })).toHaveAttribute('maxLength', '200');
    // The form's own fields are not offered again as details.
    expect(form().queryByLabelText('Tourism')).not.toBeInTheDocument();
    expect(form().queryByLabelText('Name')).not.toBeInTheDocument();
    // The details the schema does not know, with the other details: text, long text in a textarea.
    const other = form().getByRole('group', { name: 'Other details' });
    expect(within(other).getByRole('textbox', { name: 'Neighbourhood' })).toHaveValue('Downtown');
    expect(within(other).getByRole('textbox', { name: 'Material detail' }).tagName).toBe('TEXTAREA');
    expect(form().getByLabelText('Operator').closest('fieldset')).toHaveAccessibleName('Location');
    // Clear only for a field with a value.
    expect(form().getByRole('button', { name: 'Clear operator' })).toBeInTheDocument();
    expect(form().queryByRole('button', { name: 'Clear width (m)' })).not.toBeInTheDocument();
    expect(form().queryByRole('button', { name: 'Clear inscription' })).not.toBeInTheDocument();
    await userEvent.click(form().getByRole('button', { name: 'Clear operator' }));
    expect(form().getByLabelText('Operator')).toHaveValue('');
    expect(form().getByLabelText('Operator')).toHaveFocus();
    expect(form().queryByRole('button', { name: 'Clear operator' })).not.toBeInTheDocument();
  });

  it('keeps a value as loaded that its kind does not fit, visible and unchanged until edited', async () => {
    const { callsTo } = server({}, () => ({ ...ARTWORK, tags: { material: 'aluminium', height: '7 m' } }));
    renderRoute(EDIT_PATH, { who: 'user' });
    expect(await screen.findByRole('combobox', { name: 'Material' })).toHaveValue('aluminium');
    expect(form().getByRole('option', { name: 'aluminium (not a listed value)' })).toBeInTheDocument();
    expect(form().getByRole('textbox', { name: 'Height (m)' })).toHaveValue('7 m');
    await userEvent.type(form().getByLabelText('Title'), '!');
    await submit();
    await waitFor(() => expect(callsTo(`/api/artwork/${ID}/edit`)).toHaveLength(1));
    expect(editsOf(callsTo(`/api/artwork/${ID}/edit`)[0]!).map((e) => e.field_name)).toEqual(['title']);
  });

  it('checks a changed detail against the schema, and the problem goes as soon as it is fixed', async () => {
    const { callsTo } = server();
    renderRoute(EDIT_PATH, { who: 'user' });
    await userEvent.type(await screen.findByLabelText('Height (m)'), '900');
    await userEvent.type(form().getByLabelText('Website'), 'example.org');
    await submit();
    const summary = await screen.findByTestId('edit-problems');
    expect(summary).toHaveTextContent('Height (m): Height (m) must be a number between 0.1 and 500');
    expect(summary).toHaveTextContent('Website: Website must be an http or https URL of at most 500 characters');
    const height = form().getByLabelText('Height (m)');
    await waitFor(() => expect(height).toHaveFocus());
    expect(height).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(`/api/artwork/${ID}/edit/validate`)).toHaveLength(0);

    await userEvent.clear(height);
    await userEvent.type(height, '9');
    expect(height).not.toHaveAttribute('aria-invalid');
    expect(summary).not.toHaveTextContent('Height (m)');
    expect(summary).toHaveTextContent('Website must be an http or https URL');
    await userEvent.clear(form().getByLabelText('Website'));
    await userEvent.type(form().getByLabelText('Website'), 'https://example.org');
    expect(screen.queryByTestId('edit-problems')).not.toBeInTheDocument();
    expect(form().getByLabelText('Website')).not.toHaveAttribute('aria-invalid');
  });

  it('takes a problem the server found away once its field changes, and keeps the others', async () => {
    server({
      [`POST /api/artwork/${ID}/edit/validate`]: refusedCheck([
        { field: 'title', message: 'The title is already taken nearby' },
        { field: 'tag:year', message: 'Year must be a four-digit year between 1000 and 2100' },
      ]),
    });
    renderRoute(EDIT_PATH, { who: 'user' });
    await userEvent.type(await screen.findByLabelText('Title'), ' II');
    await userEvent.clear(form().getByLabelText('Year'));
    await userEvent.type(form().getByLabelText('Year'), '2010');
    await submit();
    const summary = await screen.findByTestId('edit-problems');
    expect(summary).toHaveTextContent('Title: The title is already taken nearby');
    const title = form().getByLabelText('Title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    // Another field changes: the title's problem stays.
    await userEvent.type(form().getByLabelText('Description'), '!');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(title, 'I');
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(title).not.toHaveAccessibleDescription();
    expect(summary).not.toHaveTextContent('Title:');
    expect(form().getByLabelText('Year')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(form().getByLabelText('Year'), '{Backspace}1');
    expect(screen.queryByTestId('edit-problems')).not.toBeInTheDocument();
  });

  it('shows a detail that is a photo’s address as the photo above its field', async () => {
    const url = 'https://www.cambridgema.gov/art/Hoke_ArtesianWell.jpg';
    server({}, () => ({ ...ARTWORK, tags: { photo_url: url, photo_credit: 'Cambridge Arts' } }));
    renderRoute(EDIT_PATH, { who: 'user' });
    const photo = await screen.findByRole('img', { name: 'Photo of Digital Orca' });
    expect(photo).toHaveAttribute('src', url);
    expect(photo.closest('figure')).toHaveTextContent('Photo: Cambridge Arts. Source: www.cambridgema.gov');
    const field = form().getByRole('textbox', { name: 'Photo url' });
    expect(field).toHaveValue(url);
    expect(field.closest('.field')).toHaveClass('field--wide');
    expect(field.closest('.field')).toContainElement(photo);
  });
});

describe('/artwork/{id}: the viewer’s pending edits', () => {
  const PENDING: PendingEdit = {
    id: 'sub-2',
    created_at: '2025-06-01T10:00:00Z',
    note: null,
    edits: [
      { field_name: 'title', field_value_old: 'Digital Orca', field_value_new: 'Orca' },
      { field_name: 'tag:material', field_value_old: 'aluminium', field_value_new: 'steel' },
    ],
  };

  it('tells a signed-in viewer which fields their edit waiting for review changes', async () => {
    server({ [`GET /api/artwork/${ID}/pending-edits`]: () => envelope({ edits: [PENDING] }) });
    renderRoute(`/artwork/${ID}`, { who: 'user' });
    const banner = await screen.findByTestId('pending-edits');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveTextContent('Your edit is waiting for review. It changes the title and material.');
  });

  it('says nothing when none waits', async () => {
    const { callsTo } = server();
    renderRoute(`/artwork/${ID}`, { who: 'user' });
    await waitFor(() => expect(callsTo(`/api/artwork/${ID}/pending-edits`)).toHaveLength(1));
    expect(screen.queryByTestId('pending-edits')).not.toBeInTheDocument();
  });

  it('does not ask for an anonymous viewer', async () => {
    const { callsTo } = server({ [`GET /api/artwork/${ID}/pending-edits`]: () => envelope({ edits: [PENDING] }) });
    renderRoute(`/artwork/${ID}`, { who: 'anonymous' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Digital Orca' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(`/api/artworks/${ID}/history`)).toHaveLength(1));
    expect(callsTo(`/api/artwork/${ID}/pending-edits`)).toHaveLength(0);
    expect(screen.queryByTestId('pending-edits')).not.toBeInTheDocument();
  });
});

describe('edit values', () => {
  const loaded = valuesOf(ARTWORK);

  it('sets, changes and clears, treating blank text as unset', () => {
    expect(editsFrom(ARTWORK, loaded)).toEqual([]);
    expect(editsFrom(ARTWORK, { ...loaded, title: ' Digital Orca ', tags: { ...loaded.tags, width: '  ' } })).toEqual([]);
    expect(
      editsFrom(ARTWORK, { ...loaded, location: { lat: 49.3, lon: -123.1 }, artists: [], tags: { material: '', year: '2009', access: 'yes' } }),
    ).toEqual([
      { field_name: 'location', field_value_old: { lat: ARTWORK.lat, lon: ARTWORK.lon }, field_value_new: { lat: 49.3, lon: -123.1 } },
      { field_name: 'artists', field_value_old: [ARTIST.id], field_value_new: [] },
      { field_name: 'tag:material', field_value_old: 'aluminium', field_value_new: null },
      { field_name: 'tag:access', field_value_old: null, field_value_new: 'yes' },
    ]);
  });

  it('after a reload, untouched fields follow the artwork and changed ones stay', () => {
    const typed = { ...loaded, description: 'Mine', tags: { ...loaded.tags, year: '2010' } };
    const now = { ...ARTWORK, title: 'New title', description: 'Theirs', tags: { material: 'steel', year: '2011' } };
    expect(rebase(typed, ARTWORK, now)).toEqual({ ...valuesOf(now), description: 'Mine', tags: { material: 'steel', year: '2010' } });
  });
});
