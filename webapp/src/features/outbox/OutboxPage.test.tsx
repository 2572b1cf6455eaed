import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionReceipt } from '../../api/types';
import { outbox, resetOutbox, type OutboxDraft, type OutboxItem, type OutboxMaker } from '../../lib/outbox';
import { tokenPrint } from '../../lib/outbox/makers';
import { memoryOutboxStore } from '../../lib/outbox/store';
import { apiError, authStatus, envelope, json, mockFetch } from '../../testing/fetchMock';
import { setToken } from '../../api/token';
import { BASE_USER, renderRoute } from '../../testing/render';
import { ARTWORK_ID, created, deferred, receipt } from '../../testing/submissions';
import { setLocale } from '../../i18n';

const VISIT: OutboxDraft = {
  form: { type: 'logbook', lat: 49.28, lon: -123.12, artworkId: ARTWORK_ID, artworkTitle: 'Girl in a Wetsuit', notes: 'Repainted' },
  photos: [new File(['jpeg'], 'visit.jpg', { type: 'image/jpeg' })],
  idempotencyKey: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  attempts: 0,
  maker: { kind: 'anonymous', token: 'anonymous-token' },
};
const ARTWORK: OutboxDraft = {
  form: { type: 'new_artwork', lat: 49.27, lon: -123.1, title: 'Orca', artwork_type: 'sculpture' },
  photos: [new File(['jpeg'], 'orca.jpg', { type: 'image/jpeg' }), new File(['jpeg'], 'orca2.jpg', { type: 'image/jpeg' })],
  idempotencyKey: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  attempts: 0,
  maker: { kind: 'anonymous', token: 'anonymous-token' },
};
/** Ana's, kept on this device while she was signed in; Ada (`who: 'user'`) is signed in now. */
const ANAS: OutboxDraft = {
  form: { type: 'logbook', lat: 49.28, lon: -123.12, artworkId: ARTWORK_ID, artworkTitle: 'Digital Orca', notes: 'Ana was here' },
  photos: [new File(['jpeg'], 'ana.jpg', { type: 'image/jpeg' })],
  idempotencyKey: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  attempts: 0,
  maker: { kind: 'account', id: 'a0a0a0a0-0000-4000-8000-000000000001', name: 'Ana' },
};
const ADAS: OutboxDraft = { ...ARTWORK, maker: { kind: 'account', id: BASE_USER.id, name: 'ada@example.org' } };

function api(post: () => Response | Promise<Response> = () => created(receipt({ submission_type: 'logbook', photos: [] }))) {
  return mockFetch({
    'GET /api/config': () => envelope({ product_name: 'Plinth', map_style_url: null, mapbox_access_token: null }),
    'POST /api/logbook': post,
  });
}

function offline() {
  return vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

const entries = () => screen.getAllByTestId('outbox-item');
const entry = (name: string) => screen.getByRole('listitem', { name });

describe('/outbox', () => {
  // This device's visitor, who made VISIT and ARTWORK (tests of someone else signed in store their token).
  beforeEach(() => setToken('anonymous-token'));

  it('says when the Outbox is empty, and is titled', async () => {
    api();
    renderRoute('/outbox');
    expect(await screen.findByRole('heading', { name: 'Your Outbox is empty' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Outbox - Plinth'));
    expect(screen.queryByTestId('outbox-nav')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send now' })).not.toBeInTheDocument();
  });

  it('offline, lists what waits with its thumbnail, what it is and that it waits for a connection', async () => {
    offline();
    resetOutbox({ thumbnail: (photo) => Promise.resolve(photo.size > 0 ? 'data:image/jpeg;base64,/9j/2w==' : null) });
    api();
    await outbox().add(VISIT);
    await outbox().add(ARTWORK);
    renderRoute('/outbox');
    const list = await screen.findByRole('list', { name: 'To send (2)' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const visit = entry('Visit to Girl in a Wetsuit');
    expect(within(visit).getByRole('img', { name: 'Photo of Visit to Girl in a Wetsuit' })).toHaveAttribute('src', 'data:image/jpeg;base64,/9j/2w==');
    expect(within(visit).getByText(/^1 photo · saved /)).toBeInTheDocument();
    expect(within(visit).getByTestId('outbox-item-state')).toHaveTextContent('Waiting for a connection');
    expect(within(entry('New artwork: Orca')).getByText(/^2 photos · saved /)).toBeInTheDocument();
    expect(screen.getByTestId('outbox-network')).toHaveTextContent('You are offline. Everything waiting here will be sent when you are back online.');
    expect(screen.getByRole('button', { name: 'Send now' })).toBeDisabled();
    // The menu that holds the Outbox says how many wait.
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAccessibleDescription('Outbox, 2 to send');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Outbox, 2 to send' })).toHaveAttribute('href', '/outbox');
  });

  it('sends what waits once back online, with its key, then shows it sent with the ways on and announces it', async () => {
    const onLine = offline();
    resetOutbox({ events: window });
    const { callsTo } = api(() => created(receipt({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', submission_type: 'logbook', photos: [] })));
    await outbox().add(VISIT);
    renderRoute('/outbox');
    await screen.findByText('Waiting for a connection');

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const sent = await screen.findByRole('list', { name: 'Sent (1)' });
    expect(within(sent).getByTestId('outbox-item-state')).toHaveTextContent(/^Sent .+: pending review$/);
    expect(within(sent).getByRole('link', { name: 'See your submissions' })).toHaveAttribute('href', '/profile');
    expect(within(sent).getByRole('link', { name: 'View the artwork Visit to Girl in a Wetsuit' })).toHaveAttribute('href', `/artwork/${ARTWORK_ID}`);
    expect(screen.getByTestId('outbox-network')).toHaveTextContent('You are online.');
    const posts = callsTo('/api/logbook');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('Idempotency-Key')).toBe(VISIT.idempotencyKey);
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Visit to Girl in a Wetsuit was sent.')).toBe(true));
    // Sent, nothing waits: no count, but the entry stays while a receipt is kept.
    expect(screen.getByRole('button', { name: 'Open menu' })).not.toHaveAccessibleDescription();

    await userEvent.click(screen.getByRole('button', { name: 'Clear sent' }));
    expect(await screen.findByRole('heading', { name: 'Your Outbox is empty' })).toBeInTheDocument();
  });

  it('shows a refusal in the server’s words, sends it again on Retry, and discards on confirmation', async () => {
    let posts = 0;
    api(() => {
      posts += 1;
      return posts === 1 ? apiError(400, 'VALIDATION_ERROR', 'The note must be at most 1000 characters', { field: 'notes' }) : created(receipt());
    });
    await outbox().add(VISIT);
    renderRoute('/outbox');
    await screen.findByRole('listitem', { name: 'Visit to Girl in a Wetsuit' });
    const visit = () => entry('Visit to Girl in a Wetsuit');
    expect(await within(visit()).findByText('Not sent: The note must be at most 1000 characters')).toBeInTheDocument();
    expect(visit()).toHaveAttribute('data-state', 'failed');

    await userEvent.click(within(visit()).getByRole('button', { name: 'Retry Visit to Girl in a Wetsuit' }));
    expect(await within(await screen.findByRole('list', { name: 'Sent (1)' })).findByText(/^Sent /)).toBeInTheDocument();
    expect(posts).toBe(2);

    offline();
    await act(() => outbox().add(ARTWORK).then(() => undefined));
    await userEvent.click(within(entry('New artwork: Orca')).getByRole('button', { name: 'Discard New artwork: Orca' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this contribution?' });
    expect(dialog).toHaveTextContent('New artwork: Orca and its photos will be deleted from this device and never sent.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'New artwork: Orca' })).not.toBeInTheDocument());
    expect(entries()).toHaveLength(1);
  });

  it('shows the upload’s progress while an item is sent', async () => {
    const onLine = offline();
    api();
    await outbox().add(ARTWORK);
    renderRoute('/outbox');
    const orca = await screen.findByRole('listitem', { name: 'New artwork: Orca' });
    // The shell's sender gives way to one answered by hand.
    const answer = deferred<SubmissionReceipt>();
    let report: (fraction: number) => void = () => undefined;
    outbox().start((_form, onProgress) => {
      report = onProgress;
      return answer.promise;
    });
    onLine.mockReturnValue(true);
    act(() => {
      void outbox().sendNow();
    });
    await waitFor(() => expect(orca).toHaveAttribute('data-state', 'sending'));
    expect(within(orca).getByTestId('outbox-item-state')).toHaveTextContent('Sending…');
    act(() => report(0.42));
    expect(within(orca).getByRole('progressbar', { name: 'Upload of New artwork: Orca' })).toHaveAttribute('value', '0.42');
    expect(within(orca).getByTestId('outbox-item-state')).toHaveTextContent('Sending… 42%');
    await act(async () => {
      answer.resolve(receipt());
      await outbox().idle();
    });
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'New artwork: Orca' })).toHaveAttribute('data-state', 'sent'));
  });

  it('lists another account’s items apart, waiting for that person by name, with Discard; never sent nor counted here', async () => {
    const onLine = offline();
    resetOutbox({ events: window });
    setToken('ada-session');
    const { callsTo } = api();
    await outbox().add(ANAS);
    await outbox().add(ADAS);
    renderRoute('/outbox', { who: 'user' });

    const others = await screen.findByRole('list', { name: 'Waiting for someone to sign in (1)' });
    const anas = within(others).getByRole('listitem', { name: 'Visit to Digital Orca' });
    expect(within(anas).getByTestId('outbox-item-state')).toHaveTextContent('Waiting for Ana to sign in');
    expect(within(anas).getByRole('button', { name: 'Discard Visit to Digital Orca' })).toBeInTheDocument();
    expect(within(anas).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
    // Ada's own is hers to send: counted, and "To send" says the same.
    const mine = screen.getByRole('list', { name: 'To send (1)' });
    expect(within(mine).getByRole('listitem', { name: 'New artwork: Orca' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAccessibleDescription('Outbox, 1 to send');

    // Back online: Ada's goes, under her session; Ana's stays.
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByRole('list', { name: 'Sent (1)' });
    await act(() => outbox().idle());
    const posts = callsTo('/api/logbook');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('Idempotency-Key')).toBe(ADAS.idempotencyKey);
    expect(posts[0]!.headers.get('X-User-Token')).toBe('ada-session');
    expect(within(screen.getByRole('list', { name: 'Waiting for someone to sign in (1)' })).getByTestId('outbox-item-state')).toHaveTextContent(
      'Waiting for Ana to sign in',
    );
    expect(screen.getByRole('button', { name: 'Open menu' })).not.toHaveAccessibleDescription();
    // Still reachable, to discard.
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/outbox');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Discard Visit to Digital Orca' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Discard this contribution?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: /^Waiting for someone/ })).not.toBeInTheDocument());
    expect(callsTo('/api/logbook')).toHaveLength(1);
  });

  it('sends an anonymous visitor’s item under their own token while someone else is signed in, keeps the session’s, and shows the receipt only to that visitor', async () => {
    setToken('ada-session');
    const { callsTo } = api(() =>
      json({ success: true, data: receipt({ submission_type: 'logbook', photos: [] }) }, { status: 201, headers: { 'X-User-Token': 'minted-elsewhere' } }),
    );
    await outbox().add(VISIT);
    renderRoute('/outbox', { who: 'user' });
    await waitFor(() => expect(outbox().getSnapshot().items[0]!.state.status).toBe('sent'));
    expect(callsTo('/api/logbook')[0]!.headers.get('X-User-Token')).toBe('anonymous-token');
    expect(localStorage.getItem('user-token')).toBe('ada-session');
    // The visitor’s receipt is not Ada’s to see.
    expect(await screen.findByRole('heading', { name: 'Your Outbox is empty' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /^Sent/ })).not.toBeInTheDocument();
  });

  it('lists in Sent only the receipts of whoever is signed in now, and clears only those', async () => {
    const store = memoryOutboxStore();
    resetOutbox({ store });
    const sent = (draft: OutboxDraft, maker?: OutboxMaker): OutboxItem => ({
      id: draft.idempotencyKey,
      form: draft.form,
      photos: [],
      thumbnail: null,
      createdAt: '2026-06-01T11:00:00Z',
      attempts: 1,
      state: { status: 'sent', receipt: receipt({ id: draft.idempotencyKey }), sentAt: '2026-06-01T12:00:00Z' },
      ...(maker ? { maker } : {}),
    });
    const ANONYMOUS_SENT: OutboxMaker = { kind: 'anonymous', token: null, print: tokenPrint('anonymous-token') };
    // Ana's and an anonymous visitor's, sent from this phone before Ada had it; Ada's own; one an earlier version kept.
    await store.put(sent(ANAS, ANAS.maker));
    await store.put(sent(VISIT, ANONYMOUS_SENT));
    await store.put(sent(ADAS, ADAS.maker));
    await store.put(sent({ ...ARTWORK, idempotencyKey: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', form: { ...ARTWORK.form, title: 'Heron' } }));
    setToken('ada-session');
    api();
    renderRoute('/outbox', { who: 'user' });

    const list = await screen.findByRole('list', { name: 'Sent (2)' });
    expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'New artwork: Orca',
      'New artwork: Heron',
    ]);
    expect(screen.queryByRole('listitem', { name: 'Visit to Digital Orca' })).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Visit to Girl in a Wetsuit' })).not.toBeInTheDocument();

    // Cleared: nothing of Ada's is left to show, the others' receipts stay kept for them, and the
    // Outbox leaves her navigation.
    await userEvent.click(screen.getByRole('button', { name: 'Clear sent' }));
    expect(await screen.findByRole('heading', { name: 'Your Outbox is empty' })).toBeInTheDocument();
    expect((await store.all()).map((i) => i.id).sort()).toEqual([VISIT.idempotencyKey, ANAS.idempotencyKey].sort());
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Map' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: /^Outbox/ })).not.toBeInTheDocument();
  });

  it('lists an anonymous visitor’s receipt while the stored token is still theirs', async () => {
    const store = memoryOutboxStore();
    resetOutbox({ store });
    const anonymous: OutboxItem = {
      id: VISIT.idempotencyKey,
      form: VISIT.form,
      photos: [],
      thumbnail: null,
      createdAt: '2026-06-01T11:00:00Z',
      attempts: 1,
      state: { status: 'sent', receipt: receipt(), sentAt: '2026-06-01T12:00:00Z' },
      maker: { kind: 'anonymous', token: null, print: tokenPrint('anonymous-token') },
    };
    await store.put(anonymous);
    api();
    renderRoute('/outbox');
    const list = await screen.findByRole('list', { name: 'Sent (1)' });
    expect(within(list).getByRole('listitem', { name: 'Visit to Girl in a Wetsuit' })).toBeInTheDocument();

    // Another visitor on this phone (another token stored): not theirs.
    act(() => setToken('next-visitor'));
    expect(await screen.findByRole('heading', { name: 'Your Outbox is empty' })).toBeInTheDocument();
  });

  it('keeps an item whose sign-in has ended waiting for that account, once the app knows it is signed out, sent as nobody else', async () => {
    setToken('ada-session');
    const { callsTo } = mockFetch({
      'GET /api/config': () => envelope({ product_name: 'Plinth', map_style_url: null, mapbox_access_token: null }),
      'POST /api/logbook': () => apiError(401, 'SESSION_ENDED', 'Your sign-in has ended. Sign in again to continue.'),
      'GET /api/auth/status': () => envelope(authStatus({ user_token: 'fresh-anonymous' }), { 'X-User-Token': 'fresh-anonymous' }),
    });
    await outbox().add(ADAS);
    renderRoute('/outbox', { who: 'user' });

    expect(await screen.findByText('Your sign-in has ended. Sign in again to send this — what you entered is kept.')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('user-token')).toBe('fresh-anonymous'));
    await act(() => outbox().idle());
    await waitFor(() => {
      const others = screen.getByRole('list', { name: 'Waiting for someone to sign in (1)' });
      expect(within(others).getByRole('listitem', { name: 'New artwork: Orca' })).toHaveAttribute('data-state', 'waiting');
      expect(within(others).getByTestId('outbox-item-state')).toHaveTextContent('Waiting for ada@example.org to sign in');
    });
    expect(callsTo('/api/logbook').map((c) => c.headers.get('X-User-Token'))).toEqual(['ada-session']);
    expect(screen.queryByRole('list', { name: /^To send/ })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    setLocale('fr');
    offline();
    api();
    await outbox().add(ARTWORK);
    renderRoute('/outbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Boîte d’envoi' })).toBeInTheDocument();
    expect(entry('Nouvelle œuvre : Orca')).toHaveTextContent('En attente d’une connexion');
  });

  it('says in French whom another account’s item waits for', async () => {
    setLocale('fr');
    offline();
    api();
    await outbox().add(ANAS);
    renderRoute('/outbox', { who: 'user' });
    const others = await screen.findByRole('list', { name: 'En attente qu’une personne se connecte (1)' });
    expect(within(others).getByTestId('outbox-item-state')).toHaveTextContent('En attente que Ana se connecte');
  });
});
