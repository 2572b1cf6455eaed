import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddItem, ListSummary, NewList, RemoveItems, SavedCounts } from '../../api/types';
import { artworkRoutes, historyPage, ORCA } from '../../testing/artworks';
import { apiError, envelope, mockFetch, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { customList, LOVED_ID, MURALS_ID, savedCounts, systemLists, VISITED_ID, WALK_ID } from '../../testing/lists';
import { renderRoute } from '../../testing/render';

const ID = ORCA.id;
const bodyOf = <T,>(req: RecordedRequest) => JSON.parse(req.body as string) as T;
const toasts = (store: { getState: () => { ui: { toasts: Array<{ type: string; message: string }> } } }) =>
  store.getState().ui.toasts.map((t) => `${t.type}: ${t.message}`);
const changed = (id: string) => envelope({ id }, { 'X-Event-Position': '5-7' });

/** A promise and the function that settles it: holds a response until the test lets it go. */
function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((r) => (release = r));
  return { promise, release };
}

function server(routes: Record<string, Handler> = {}, saved: () => SavedCounts = () => savedCounts()) {
  return mockFetch({
    ...artworkRoutes(ORCA, () => envelope(historyPage([]))),
    [`GET /api/artworks/${ID}/saved`]: () => envelope(saved()),
    ...routes,
  });
}

const toggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} `) });

/** The toggle `name`, pressed or not, with its count (`Loved 4`). */
function expectToggle(name: string, pressed: boolean, count: number) {
  expect(toggle(name)).toHaveAttribute('aria-pressed', String(pressed));
  expect(toggle(name)).toHaveTextContent(`${name} ${count}`);
}

/** The first request of `method` among `calls`: where it went and what it sent. */
function sent(calls: RecordedRequest[], method: string) {
  const req = calls.find((c) => c.method === method)!;
  return { path: req.url.pathname, body: bodyOf(req) };
}

async function openPage() {
  const rendered = renderRoute(`/artwork/${ID}`);
  await screen.findByRole('heading', { level: 1, name: ORCA.title });
  await waitFor(() => expect(toggle('Loved')).toBeEnabled());
  return rendered;
}

describe('the artwork page’s Loved / Visited / Want to see toggles', () => {
  it('shows each with its count, pressed where the caller saved it', async () => {
    server({}, () => savedCounts({ loved: [3, false], visited: [5, true], want_to_see: [0, false] }));
    await openPage();
    const group = screen.getByRole('group', { name: 'Save this artwork' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Loved 3', 'Visited 5', 'Want to see 0']);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
  });

  it('saves it to the caller’s Loved list with one press: POST {artwork_id}, counted at once, read again after the write', async () => {
    const answer = held<Response>();
    let loved: [number, boolean] = [3, false];
    const { calls, callsTo } = server(
      {
        [`POST /api/lists/${LOVED_ID}/items`]: () => {
          loved = [4, true];
          return answer.promise;
        },
      },
      () => savedCounts({ loved }),
    );
    await openPage();
    await userEvent.click(toggle('Loved'));

    // Before the server answers: pressed, and counted.
    expectToggle('Loved', true, 4);
    expect(sent(calls, 'POST')).toEqual({ path: `/api/lists/${LOVED_ID}/items`, body: { artwork_id: ID } satisfies AddItem });

    answer.release(changed(LOVED_ID));
    await waitFor(() => expect(callsTo(`/api/artworks/${ID}/saved`)).toHaveLength(2));
    expect(callsTo(`/api/artworks/${ID}/saved`)[1]!.headers.get('X-Min-Position')).toBe('5-7');
    expectToggle('Loved', true, 4);
  });

  it('removes it from Visited when pressed again: DELETE {artwork_ids}', async () => {
    let visited: [number, boolean] = [5, true];
    const { calls } = server(
      {
        [`DELETE /api/lists/${VISITED_ID}/items`]: () => {
          visited = [4, false];
          return changed(VISITED_ID);
        },
      },
      () => savedCounts({ visited }),
    );
    await openPage();
    await userEvent.click(toggle('Visited'));
    expectToggle('Visited', false, 4);
    expect(sent(calls, 'DELETE')).toEqual({ path: `/api/lists/${VISITED_ID}/items`, body: { artwork_ids: [ID] } satisfies RemoveItems });
  });

  it('undoes a save the server refused and says why in an error toast', async () => {
    server(
      { [`POST /api/lists/${LOVED_ID}/items`]: () => apiError(409, 'CONFLICT', 'A list holds at most 1000 artworks') },
      () => savedCounts({ loved: [3, false] }),
    );
    const { store } = await openPage();
    await userEvent.click(toggle('Loved'));
    await waitFor(() => expect(toasts(store)).toContain('error: Could not save it to Loved: A list holds at most 1000 artworks'));
    expectToggle('Loved', false, 3);
  });

  it('shows no toggles when this server keeps no saved counts', async () => {
    mockFetch(artworkRoutes(ORCA, () => envelope(historyPage([]))));
    renderRoute(`/artwork/${ID}`);
    await screen.findByRole('heading', { level: 1, name: ORCA.title });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Save this artwork' })).not.toBeInTheDocument());
  });
});

describe('“Save to list…” on the artwork page', () => {
  async function openDialog() {
    const rendered = await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Save to list…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save to list' });
    return { ...rendered, dialog };
  }

  it('lists the caller’s own lists, checked where they hold it; checking saves, unchecking removes', async () => {
    let inLists = [WALK_ID];
    const { calls } = server(
      {
        'GET /api/me/lists': () =>
          envelope({ lists: [...systemLists(), customList({ item_count: 2 }), customList({ id: MURALS_ID, name: 'Murals', public: true })] }),
        [`POST /api/lists/${MURALS_ID}/items`]: () => {
          inLists = [WALK_ID, MURALS_ID];
          return changed(MURALS_ID);
        },
        [`DELETE /api/lists/${WALK_ID}/items`]: () => {
          inLists = [MURALS_ID];
          return changed(WALK_ID);
        },
      },
      () => savedCounts({ in_lists: inLists }),
    );
    const { dialog } = await openDialog();
    const walk = await within(dialog).findByRole('checkbox', { name: 'Sunday walk' });
    const murals = within(dialog).getByRole('checkbox', { name: 'Murals' });
    // Only the caller's own lists: the system lists are the toggles.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    expect(walk).toBeChecked();
    expect(murals).not.toBeChecked();

    await userEvent.click(murals);
    expect(murals).toBeChecked();
    expect(sent(calls, 'POST')).toEqual({ path: `/api/lists/${MURALS_ID}/items`, body: { artwork_id: ID } satisfies AddItem });

    await userEvent.click(walk);
    expect(walk).not.toBeChecked();
    expect(sent(calls, 'DELETE').body).toEqual({ artwork_ids: [ID] } satisfies RemoveItems);
    await waitFor(() => expect(murals).toBeChecked());
    expect(walk).not.toBeChecked();
  });

  it('creates a new list and saves the artwork to it; creating reads the caller’s lists again', async () => {
    let lists: ListSummary[] = systemLists();
    let inLists: string[] = [];
    const { calls, callsTo } = server(
      {
        'GET /api/me/lists': () => envelope({ lists }),
        'POST /api/lists': () => {
          lists = [...systemLists(), customList({ id: MURALS_ID, name: 'Murals downtown' })];
          return json201(MURALS_ID);
        },
        [`POST /api/lists/${MURALS_ID}/items`]: () => {
          inLists = [MURALS_ID];
          lists = [...systemLists(), customList({ id: MURALS_ID, name: 'Murals downtown', item_count: 1 })];
          return changed(MURALS_ID);
        },
      },
      () => savedCounts({ in_lists: inLists }),
    );
    const { dialog, store } = await openDialog();
    expect(await within(dialog).findByText(/You have no lists of your own yet/)).toBeInTheDocument();
    expect(callsTo('/api/me/lists')).toHaveLength(1);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'New list name' }), '  Murals downtown ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create and save' }));

    const created = await within(dialog).findByRole('checkbox', { name: 'Murals downtown' });
    await waitFor(() => expect(created).toBeChecked());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url.pathname)).toEqual(['/api/lists', `/api/lists/${MURALS_ID}/items`]);
    expect(bodyOf<NewList>(posts[0]!)).toEqual({ name: 'Murals downtown' });
    expect(bodyOf<AddItem>(posts[1]!)).toEqual({ artwork_id: ID });
    expect(callsTo('/api/me/lists').length).toBeGreaterThanOrEqual(2);
    expect(within(dialog).getByRole('textbox', { name: 'New list name' })).toHaveValue('');
    expect(toasts(store)).toContain('success: Saved to Murals downtown');
  });

  it('checks the name as the server does, and shows the server’s refusal under the field', async () => {
    const { callsTo } = server({
      'GET /api/me/lists': () => envelope({ lists: systemLists() }),
      'POST /api/lists': () => apiError(400, 'VALIDATION_ERROR', 'That name is not allowed', { field: 'name' }),
    });
    const { dialog } = await openDialog();
    const name = within(dialog).getByRole('textbox', { name: 'New list name' });
    const create = within(dialog).getByRole('button', { name: 'Create and save' });

    await userEvent.click(create);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A list name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();

    await userEvent.click(name);
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(create);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A list name must be at most 100 characters');
    expect(callsTo('/api/lists')).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, 'Mine');
    await userEvent.click(create);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That name is not allowed');
    expect(callsTo('/api/lists')).toHaveLength(1);
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    server({ 'GET /api/me/lists': () => envelope({ lists: systemLists() }) });
    const { dialog } = await openDialog();
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'New list name' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save to list' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save to list…' })).toHaveFocus();
  });
});

function json201(id: string): Response {
  return new Response(JSON.stringify({ success: true, data: { id }, timestamp: '2025-01-01T00:00:00.000Z' }), {
    status: 201,
    headers: { 'Content-Type': 'application/json', 'X-Event-Position': '5-6' },
  });
}
