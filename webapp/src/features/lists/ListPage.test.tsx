import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ListDetails, ListSummary, ListUpdate, RemoveItems } from '../../api/types';
import { setLocale } from '../../i18n';
import { apiError, envelope, mockFetch, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { customList, listArtwork, listPage, LOVED_ID, systemLists, WALK_ID } from '../../testing/lists';
import { renderRoute } from '../../testing/render';

const bodyOf = <T,>(req: RecordedRequest) => JSON.parse(req.body as string) as T;
const toasts = (store: { getState: () => { ui: { toasts: Array<{ type: string; message: string }> } } }) =>
  store.getState().ui.toasts.map((t) => `${t.type}: ${t.message}`);
const changed = (id: string) => envelope({ id }, { 'X-Event-Position': '8-1' });

const ARTWORKS = [listArtwork(1, { title: 'Digital Orca', artwork_type: 'sculpture' }), listArtwork(2, { title: 'Gate' })];

/** GET /api/lists/{list.id}, answering each page from `pages` (page 1 when unknown). */
function server(pages: (page: number) => ListDetails, routes: Record<string, Handler> = {}) {
  const id = pages(1).list.id;
  return mockFetch({
    [`GET /api/lists/${id}`]: (req) => envelope(pages(Number(req.url.searchParams.get('page') ?? '1'))),
    'GET /api/me/lists': () => envelope({ lists: systemLists() }),
    'GET /api/me/submissions': () =>
      envelope({ submissions: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0, has_more: false } }),
    ...routes,
  });
}

const cards = () => within(screen.getByRole('list', { name: /^Artworks in / })).getAllByRole('listitem');

describe('/lists/{id}', () => {
  it('shows the list’s name, count and artworks as cards linking to them, 50 a page', async () => {
    const { callsTo } = server(() => listPage(customList({ owned: false, public: true }), ARTWORKS));
    renderRoute(`/lists/${WALK_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday walk' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sunday walk - Plinth'));
    expect(screen.getByText('2 artworks · Public')).toBeInTheDocument();
    expect(cards()).toHaveLength(2);
    expect(within(cards()[0]!).getByRole('link', { name: /Digital Orca/ })).toHaveAttribute('href', `/artwork/${ARTWORKS[0]!.id}`);
    const q = callsTo(`/api/lists/${WALK_ID}`)[0]!.url.searchParams;
    expect(q.get('page')).toBe('1');
    expect(q.get('limit')).toBe('50');
  });

  it('offers no changes to someone else’s public list, only its link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    server(() => listPage(customList({ owned: false, public: true }), ARTWORKS));
    const { store } = renderRoute(`/lists/${WALK_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Sunday walk' });
    expect(screen.queryByRole('button', { name: /Rename/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete list/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Public' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`http://localhost:5173/lists/${WALK_ID}`);
    expect(toasts(store)).toContain('success: Link copied');
  });

  it('pages through a long list with ?page', async () => {
    const { callsTo } = server((page) =>
      listPage(customList(), page === 1 ? [listArtwork(1)] : [listArtwork(51, { title: 'Page two art' })], page, 60),
    );
    const { router } = renderRoute(`/lists/${WALK_ID}`);
    const pager = await screen.findByRole('navigation', { name: 'List pages' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: /Page two art/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(callsTo(`/api/lists/${WALK_ID}`).at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('says when the list is empty', async () => {
    server(() => listPage(customList(), []));
    renderRoute(`/lists/${WALK_ID}`);
    expect(await screen.findByRole('heading', { name: 'This list is empty' })).toBeInTheDocument();
    expect(screen.getByText('0 artworks · Private')).toBeInTheDocument();
  });

  it.each([
    { locale: 'en', notFound: 'List not found', yourLists: 'Your lists' },
    { locale: 'fr', notFound: 'Liste introuvable', yourLists: 'Vos listes' },
  ] as const)('says “$notFound” for a private list of someone else’s (404)', async ({ locale, notFound, yourLists }) => {
    setLocale(locale);
    mockFetch({ [`GET /api/lists/${WALK_ID}`]: () => apiError(404, 'NOT_FOUND', 'List not found') });
    renderRoute(`/lists/${WALK_ID}`);
    expect(await screen.findByRole('heading', { name: notFound })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${notFound} - Plinth`));
    expect(screen.getByRole('link', { name: yourLists })).toHaveAttribute('href', '/profile');
  });

  it('shows a loading state, then a failure with a retry', async () => {
    let fail = true;
    let answer: ((r: Response) => void) | undefined;
    server(() => listPage(customList(), ARTWORKS), {
      [`GET /api/lists/${WALK_ID}`]: () =>
        fail ? new Promise<Response>((r) => (answer = r)) : envelope(listPage(customList(), ARTWORKS)),
    });
    renderRoute(`/lists/${WALK_ID}`);
    expect(await screen.findByText('Loading list…')).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer!(apiError(503, 'UNAVAILABLE', 'Try again shortly'));
    expect(await screen.findByRole('heading', { name: 'Could not load this list' })).toBeInTheDocument();
    expect(screen.getByText('Try again shortly')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday walk' })).toBeInTheDocument();
  });
});

describe('/lists/{id} in French', () => {
  it('shows its count, visibility, tour and owner’s actions in French', async () => {
    server(() => listPage(customList({ item_count: 2 }), ARTWORKS));
    setLocale('fr');
    renderRoute(`/lists/${WALK_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday walk' })).toBeInTheDocument();
    expect(screen.getByText('2 œuvres · Privée')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Publique' })).not.toBeChecked();
    expect(screen.getByText('Cette liste n’est visible que par vous.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renommer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer la liste' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Parcours à pied' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Œuvres de Sunday walk' })).getByRole('button', { name: 'Retirer Gate de cette liste' })).toBeInTheDocument();
  });
});

describe('/lists/{id} for its owner', () => {
  it('renames an own list (PATCH {name}), checking the name first', async () => {
    let list: ListSummary = customList();
    const { calls } = server(() => listPage(list, ARTWORKS), {
      [`PATCH /api/lists/${WALK_ID}`]: (req) => {
        list = { ...list, ...(bodyOf<ListUpdate>(req) as { name: string }) };
        return changed(WALK_ID);
      },
    });
    const { store } = renderRoute(`/lists/${WALK_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename list' });
    const name = within(dialog).getByRole('textbox', { name: 'List name' });
    expect(name).toHaveValue('Sunday walk');
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A list name is required');

    await userEvent.type(name, 'Seawall walk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Seawall walk' })).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(bodyOf<ListUpdate>(patch)).toEqual({ name: 'Seawall walk' });
    expect(toasts(store)).toContain('success: List renamed');
    expect(screen.queryByRole('dialog', { name: 'Rename list' })).not.toBeInTheDocument();
  });

  it('makes a list public with the switch (PATCH {public: true}) at once, and offers its link', async () => {
    let list: ListSummary = customList();
    let answer!: () => void;
    const { calls } = server(() => listPage(list, ARTWORKS), {
      [`PATCH /api/lists/${WALK_ID}`]: (req) =>
        new Promise<Response>((resolve) => {
          answer = () => {
            list = { ...list, public: Boolean(bodyOf<ListUpdate>(req).public) };
            resolve(changed(WALK_ID));
          };
        }),
    });
    renderRoute(`/lists/${WALK_ID}`);
    const toggle = await screen.findByRole('switch', { name: 'Public' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    // Switched before the server answers.
    await waitFor(() => expect(toggle).toBeChecked());
    expect(bodyOf<ListUpdate>(calls.find((c) => c.method === 'PATCH')!)).toEqual({ public: true });
    answer();
    expect(await screen.findByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByText('2 artworks · Public')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('removes an artwork from the list at once (DELETE {artwork_ids})', async () => {
    let items = ARTWORKS;
    const { calls } = server(() => listPage(customList(), items), {
      [`DELETE /api/lists/${WALK_ID}/items`]: () => {
        items = ARTWORKS.slice(1);
        return changed(WALK_ID);
      },
    });
    renderRoute(`/lists/${WALK_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Digital Orca from this list' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Digital Orca/ })).not.toBeInTheDocument();
    expect(screen.getByText('1 artwork · Private')).toBeInTheDocument();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url.pathname).toBe(`/api/lists/${WALK_ID}/items`);
    expect(bodyOf<RemoveItems>(del)).toEqual({ artwork_ids: [ARTWORKS[0]!.id] });
  });

  it('puts a removed artwork back when the server refuses, with an error toast', async () => {
    server(() => listPage(customList(), ARTWORKS), {
      [`DELETE /api/lists/${WALK_ID}/items`]: () => apiError(403, 'FORBIDDEN', 'Only its owner can change a list'),
    });
    const { store } = renderRoute(`/lists/${WALK_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Digital Orca from this list' }));
    await waitFor(() => expect(toasts(store)).toContain('error: Could not remove Digital Orca: Only its owner can change a list'));
    expect(cards()).toHaveLength(2);
  });

  it('deletes an own list after a confirmation, then goes to the profile', async () => {
    const { calls } = server(() => listPage(customList(), ARTWORKS), {
      [`DELETE /api/lists/${WALK_ID}`]: () => changed(WALK_ID),
    });
    const { router, store } = renderRoute(`/lists/${WALK_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete list' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this list?' });
    expect(confirm).toHaveTextContent('“Sunday walk” and the 2 artworks saved in it will be gone.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this list?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([`/api/lists/${WALK_ID}`]);
    expect(toasts(store)).toContain('success: Deleted Sunday walk');
  });

  it('lets the owner of a system list switch it public but neither rename nor delete it', async () => {
    const loved = systemLists()[0]!;
    server(() => listPage(loved, ARTWORKS));
    renderRoute(`/lists/${LOVED_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Loved' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Public' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Digital Orca from this list' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete list' })).not.toBeInTheDocument();
  });
});
