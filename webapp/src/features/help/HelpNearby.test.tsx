import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EditRequest, FieldEdit, Gap, TaskDto } from '../../api/types';
import { setLocale } from '../../i18n';
import { ARTIST, artistSearchRoute, ORCA, OTHER_ARTIST } from '../../testing/artworks';
import { created, editsOf, pendingReceipt, valid } from '../../testing/editing';
import { apiError, bodyOf, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import { renderRoute, type Who } from '../../testing/render';
import { tagSchemaRoute } from '../../testing/tagSchema';

const BENCH = '99999999-9999-4999-8999-999999999999';
const UNTITLED = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

const task = (gap: Gap, over: Partial<TaskDto> = {}): TaskDto => ({
  artwork_id: ORCA.id,
  title: ORCA.title,
  gap,
  lat: ORCA.lat,
  lon: ORCA.lon,
  distance_m: 120,
  ...over,
});

/** Around the map's last view: the orca lacks a photo and a year, a bench its artist and type, an untitled work its year. */
const TASKS: TaskDto[] = [
  task('photo'),
  task('year'),
  task('artist', { artwork_id: BENCH, title: 'Memorial Bench', distance_m: 850.4 }),
  task('artwork_type', { artwork_id: BENCH, title: 'Memorial Bench', distance_m: 850.4 }),
  task('year', { artwork_id: UNTITLED, title: '', distance_m: 990 }),
];

/** The map's last view in this tab, as the map stores it. */
const MAP_VIEW = { lat: 49.28891, lng: -123.11748, zoom: 16 };
/** The instance's default centre (GET /config). */
const DEFAULT_VIEW = { lat: 45.5017, lng: -73.5673, zoom: 12 };

/** Which gap an edit of `field` answers. */
const ANSWERS: Record<string, Gap> = { artists: 'artist', artwork_type: 'artwork_type', 'tag:year': 'year' };

/**
 * The server: the instance's config, the tag schema, the artist search, the tasks still open
 * (`tasks`, unless `nearby` answers instead), and edits that pass the check and, once proposed
 * (201 with an event position), answer their task.
 */
function server({ tasks = TASKS, nearby, over = {} }: { tasks?: TaskDto[]; nearby?: Handler; over?: Record<string, Handler> } = {}) {
  let open = [...tasks];
  const routes: Record<string, Handler> = {
    ...tagSchemaRoute(),
    'GET /api/config': () => envelope({ product_name: 'Plinth', logo_url: '/favicon.svg', map_default_view: DEFAULT_VIEW }),
    'GET /api/tasks/nearby': nearby ?? ((req) => envelope({ tasks: open, lat: Number(req.url.searchParams.get('lat')), lon: Number(req.url.searchParams.get('lon')), radius: 1000, limit: 50 })),
    ...artistSearchRoute([ARTIST, OTHER_ARTIST]),
  };
  for (const id of [ORCA.id, BENCH, UNTITLED]) {
    routes[`POST /api/artwork/${id}/edit/validate`] = (req) => envelope(valid(bodyOf<EditRequest>(req)));
    routes[`POST /api/artwork/${id}/edit`] = (req) => {
      const body = bodyOf<EditRequest>(req);
      const gaps = body.edits.map((e) => ANSWERS[e.field_name]);
      open = open.filter((t) => t.artwork_id !== id || !gaps.includes(t.gap));
      const answer = created(pendingReceipt('artwork', id)(body));
      answer.headers.set('X-Event-Position', '900-7');
      return answer;
    };
  }
  return mockFetch({ ...routes, ...over });
}

function openHelp(who: Who = 'user', view: typeof MAP_VIEW | null = MAP_VIEW) {
  if (view) sessionStorage.setItem('plinth-map-view', JSON.stringify(view));
  return renderRoute('/help', { who });
}

const taskList = () => screen.findByRole('list', { name: 'Tasks nearby' });
const rows = async () => within(await taskList()).getAllByTestId('help-task');
const answerForm = (name: string) => screen.getByRole('form', { name });

function stubLocation(answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: answer } });
}

describe('Help nearby, at the top of /help', () => {
  it('lists the tasks around the map’s last view: the artwork, what is asked, how far, and what to do', async () => {
    const { callsTo } = server();
    openHelp();
    const section = await screen.findByRole('region', { name: 'Help nearby' });
    expect(within(section).getByText('Around the place the map showed last.')).toBeInTheDocument();
    const listed = await rows();
    expect(listed.map((r) => r.querySelector('.row-list__meta')?.textContent)).toEqual([
      'Add a photo · 120 m away',
      'What year was it made? · 120 m away',
      'Who made it? · 850 m away',
      'What type of artwork is it? · 850 m away',
      'What year was it made? · 990 m away',
    ]);
    expect(within(listed[0]!).getByRole('link', { name: 'Digital Orca' })).toHaveAttribute('href', `/artwork/${ORCA.id}`);
    expect(within(listed[4]!).getByRole('link', { name: 'Untitled' })).toHaveAttribute('href', `/artwork/${UNTITLED}`);
    // A photo is a visit to log; the other tasks are answered here.
    expect(within(listed[0]!).getByRole('link', { name: 'Log a visit to Digital Orca with a photo' })).toHaveAttribute('href', `/logbook/${ORCA.id}`);
    const answer = within(listed[1]!).getByRole('button', { name: 'Answer “What year was it made?” for Digital Orca' });
    expect(answer).toHaveAttribute('aria-expanded', 'false');
    // Asked around the stored view (to about a metre), within 1 km, at most 50 tasks.
    const asked = callsTo('/api/tasks/nearby')[0]!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ lat: '49.28891', lon: '-123.11748', radius: '1000', limit: '50' });
  });

  it('asks for a newer photo by a visit, and for a look at an artwork reported missing: still there, or gone', async () => {
    server({ tasks: [task('missing'), task('old_photo', { artwork_id: BENCH, title: 'Memorial Bench', distance_m: 300 })] });
    const { store } = openHelp();
    const [missing, old] = await rows();
    expect(missing!.querySelector('.row-list__meta')?.textContent).toBe('Reported missing: is it still there? · 120 m away');
    expect(old!.querySelector('.row-list__meta')?.textContent).toBe('Its newest photo is over five years old · 300 m away');
    // An old photo is answered as a missing one: a visit with a photo; nothing to answer in place.
    expect(within(old!).getByRole('link', { name: 'Log a visit to Memorial Bench with a photo' })).toHaveAttribute('href', `/logbook/${BENCH}`);
    expect(within(old!).queryByRole('button')).not.toBeInTheDocument();
    // Still there: a visit; gone: a missing report of one's own, for the moderators to decide.
    expect(within(missing!).getByRole('link', { name: 'Digital Orca is still there: log a visit with a photo' })).toHaveAttribute('href', `/logbook/${ORCA.id}`);
    await userEvent.click(within(missing!).getByRole('button', { name: 'Digital Orca is gone: report it missing too' }));
    expect(store.getState().ui.feedback).toEqual({ subjectType: 'artwork', subjectId: ORCA.id, issueType: 'missing' });
    expect(await screen.findByRole('dialog', { name: 'Report a missing artwork' })).toBeInTheDocument();
  });

  it('asks whether two artworks side by side are one: the same goes to the moderators, not the same leaves the list', async () => {
    const other = { artwork_id: BENCH, title: 'The Digital Orca', distance_m: 20 };
    server({ tasks: [task('duplicate', { other }), task('duplicate', { artwork_id: UNTITLED, title: 'Orca Twin', other })] });
    const { store } = openHelp();
    const [first] = await rows();
    expect(first!.querySelector('.row-list__meta')?.textContent).toBe('The same as “The Digital Orca”, 20 m from it? · 120 m away');
    expect(within(first!).getByRole('link', { name: 'See “The Digital Orca”' })).toHaveAttribute('href', `/artwork/${BENCH}`);
    // Same: the feedback dialog opens on the artwork with a note naming the other, to send as it is.
    await userEvent.click(within(first!).getByRole('button', { name: 'Digital Orca and The Digital Orca are the same artwork: tell the moderators' }));
    expect(store.getState().ui.feedback).toEqual({
      subjectType: 'artwork',
      subjectId: ORCA.id,
      issueType: 'comment',
      note: `Likely the same artwork as “The Digital Orca”: /artwork/${BENCH}`,
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox')).toHaveValue(`Likely the same artwork as “The Digital Orca”: /artwork/${BENCH}`);
    await userEvent.keyboard('{Escape}');
    // Not the same: off this list, with thanks.
    const second = (await rows())[1]!;
    await userEvent.click(within(second).getByRole('button', { name: 'Orca Twin and The Digital Orca are different artworks' }));
    expect(await screen.findByText('Thanks — not asked again here.')).toBeInTheDocument();
    expect(await rows()).toHaveLength(1);
  });

  it('shows the 10 nearest tasks until the person asks for all of them', async () => {
    const many = Array.from({ length: 12 }, (_, i) => task('photo', { artwork_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, title: `Mural ${i + 1}`, distance_m: 50 * (i + 1) }));
    server({ tasks: many });
    openHelp();
    expect(await rows()).toHaveLength(10);
    const more = screen.getByRole('button', { name: 'Show all 12 tasks' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveAttribute('aria-controls', (await taskList()).id);
    await userEvent.click(more);
    expect((await rows()).map((r) => within(r).getAllByRole('link')[0]!.textContent)).toEqual(many.map((m) => m.title));
    expect(screen.getByRole('button', { name: 'Show the 10 nearest only' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('looks around the instance’s default centre when the map was not opened in this tab', async () => {
    const { callsTo } = server();
    openHelp('anonymous', null);
    expect(await screen.findByText('Around the map’s starting point.')).toBeInTheDocument();
    await taskList();
    const asked = callsTo('/api/tasks/nearby')[0]!.url.searchParams;
    expect([asked.get('lat'), asked.get('lon')]).toEqual(['45.5017', '-73.5673']);
  });

  it.each([
    { locale: 'en', empty: 'Nothing to do within 1 km of here.', title: 'Help nearby' },
    // Testing Library reads the French no-break space as a space.
    { locale: 'fr', empty: 'Rien à faire à moins de 1 km d’ici.', title: 'Aider près d’ici' },
  ] as const)('says when there is nothing to do nearby ($locale)', async ({ locale, empty, title }) => {
    setLocale(locale);
    server({ tasks: [] });
    openHelp();
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Tasks nearby|Tâches à proximité/ })).not.toBeInTheDocument();
  });

  it('says when the tasks could not be loaded, and tries again', async () => {
    let failing = true;
    const { callsTo } = server({
      nearby: (req) =>
        failing
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Try again in a moment.')
          : envelope({ tasks: TASKS.slice(0, 1), lat: Number(req.url.searchParams.get('lat')), lon: Number(req.url.searchParams.get('lon')), radius: 1000, limit: 50 }),
    });
    openHelp();
    const failure = (await screen.findByText(/^Could not load the tasks nearby: The service is busy/)).closest('p')!;
    expect(failure).toHaveAttribute('role', 'alert');
    failing = false;
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await rows()).toHaveLength(1);
    expect(callsTo('/api/tasks/nearby').length).toBeGreaterThanOrEqual(2);
  });

  it.each<{ gap: string; button: string; form: string; answer: () => Promise<void>; edit: FieldEdit; artwork: string }>([
    {
      gap: 'year',
      button: 'Answer “What year was it made?” for Digital Orca',
      form: 'Answer “What year was it made?” for Digital Orca',
      answer: () => userEvent.type(answerForm('Answer “What year was it made?” for Digital Orca').querySelector('input')!, '1987'),
      edit: { field_name: 'tag:year', field_value_old: null, field_value_new: '1987' },
      artwork: ORCA.id,
    },
    {
      gap: 'artwork_type',
      button: 'Answer “What type of artwork is it?” for Memorial Bench',
      form: 'Answer “What type of artwork is it?” for Memorial Bench',
      answer: async () => {
        const select = within(answerForm('Answer “What type of artwork is it?” for Memorial Bench')).getByLabelText('Artwork type');
        expect(within(select).queryByRole('option', { name: 'Other' })).not.toBeInTheDocument();
        await userEvent.selectOptions(select, 'mural');
      },
      edit: { field_name: 'artwork_type', field_value_old: 'other', field_value_new: 'mural' },
      artwork: BENCH,
    },
    {
      gap: 'artist',
      button: 'Answer “Who made it?” for Memorial Bench',
      form: 'Answer “Who made it?” for Memorial Bench',
      answer: async () => {
        const form = within(answerForm('Answer “Who made it?” for Memorial Bench'));
        await userEvent.type(form.getByRole('searchbox', { name: 'Find an artist to add' }), 'ame');
        await userEvent.click(await form.findByRole('button', { name: 'Add Ameen Gill' }));
        expect(within(form.getByRole('list', { name: 'Credited artists' })).getByText('Ameen Gill')).toBeInTheDocument();
      },
      edit: { field_name: 'artists', field_value_old: [], field_value_new: [OTHER_ARTIST.id] },
      artwork: BENCH,
    },
  ])('answers $gap in its row with one edit, thanks, and the task leaves the list', async ({ button, form, answer, edit, artwork }) => {
    const { callsTo } = server();
    openHelp();
    const before = await rows();
    const toggle = screen.getByRole('button', { name: button });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(answerForm(form));
    await answer();
    await userEvent.click(within(answerForm(form)).getByRole('button', { name: 'Send' }));

    const thanks = await screen.findByText('Thanks — sent for review.');
    expect(thanks.closest('[role="status"]')).toHaveFocus();
    const path = `/api/artwork/${artwork}/edit`;
    const expected: EditRequest = { edits: [edit] };
    expect(bodyOf(callsTo(`${path}/validate`)[0]!)).toEqual(expected);
    expect(bodyOf(callsTo(path)[0]!)).toEqual(expected);
    // The task is gone at once, and the list read again after the proposal waited for it.
    await waitFor(async () => expect(await rows()).toHaveLength(before.length - 1));
    expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo('/api/tasks/nearby')).toHaveLength(2));
    expect(callsTo('/api/tasks/nearby')[1]!.headers.get('X-Min-Position')).toBe('900-7');
    await waitFor(async () => expect(await rows()).toHaveLength(before.length - 1));
  });

  it('checks the year against the tag schema before sending, and shows the server’s problem at the field', async () => {
    const { callsTo } = server({
      over: {
        [`POST /api/artwork/${ORCA.id}/edit`]: () => apiError(400, 'VALIDATION_ERROR', 'Year must not be in the future', { field: 'tag:year' }),
      },
    });
    openHelp();
    await rows();
    const name = 'Answer “What year was it made?” for Digital Orca';
    await userEvent.click(screen.getByRole('button', { name }));
    const form = within(answerForm(name));
    const year = form.getByLabelText('Year');
    // The tag schema's year: a whole number within its range.
    await waitFor(() => expect(year).toHaveAttribute('type', 'number'));
    expect(year).toHaveAttribute('min', '1000');
    expect(year).toHaveAttribute('max', '2100');

    // Nothing typed, then a year the schema refuses: said at the field, focused, nothing sent.
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByText('Enter the year it was made.')).toBeInTheDocument();
    expect(year).toHaveFocus();
    await userEvent.type(year, '987');
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByText('Year must be a four-digit year between 1000 and 2100')).toBeInTheDocument();
    expect(year).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(`/api/artwork/${ORCA.id}/edit/validate`)).toHaveLength(0);

    // The server refuses the proposal (400 naming the field): its words at the field, the task stays.
    await userEvent.clear(year);
    await userEvent.type(year, '2099');
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByText('Year must not be in the future')).toBeInTheDocument();
    expect(year).toHaveAccessibleDescription('Year must not be in the future');
    expect(editsOf(callsTo(`/api/artwork/${ORCA.id}/edit`)[0]!)).toEqual([{ field_name: 'tag:year', field_value_old: null, field_value_new: '2099' }]);
    expect(screen.queryByText('Thanks — sent for review.')).not.toBeInTheDocument();
    expect(await rows()).toHaveLength(TASKS.length);
  });

  it('asks an anonymous visitor to sign in instead of the field; a photo needs no account', async () => {
    server();
    openHelp('anonymous');
    const listed = await rows();
    expect(within(listed[0]!).getByRole('link', { name: 'Log a visit to Digital Orca with a photo' })).toBeInTheDocument();
    await userEvent.click(within(listed[1]!).getByRole('button', { name: /^Answer/ }));
    expect(within(listed[1]!).queryByRole('form')).not.toBeInTheDocument();
    expect(within(listed[1]!).getByText(/^Sign in to answer/)).toBeInTheDocument();
    await userEvent.click(within(listed[1]!).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('looks around the person’s location when they ask', async () => {
    stubLocation((ok) => ok({ coords: { latitude: 40.7128049, longitude: -74.0060023, accuracy: 8 } } as GeolocationPosition));
    const { callsTo } = server();
    openHelp();
    await rows();
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Around your location.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/api/tasks/nearby')).toHaveLength(2));
    const asked = callsTo('/api/tasks/nearby')[1]!.url.searchParams;
    expect([asked.get('lat'), asked.get('lon')]).toEqual(['40.7128', '-74.006']);
  });

  it('says so when location access is denied, and keeps the tasks around the map’s last view', async () => {
    stubLocation((_ok, fail) => fail({ code: 1 } as GeolocationPositionError));
    const { callsTo } = server();
    openHelp();
    await rows();
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Location access denied by user')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Around the place the map showed last.')).toBeInTheDocument();
    expect(await rows()).toHaveLength(TASKS.length);
    expect(callsTo('/api/tasks/nearby')).toHaveLength(1);
  });
});
