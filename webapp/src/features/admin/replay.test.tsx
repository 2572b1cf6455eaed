import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { apiError, bodyOf, envelope, type Handler, json, mockFetch } from '../../testing/fetchMock';
import { renderRoute, sessionFor } from '../../testing/render';
import { projectorHealth, statusReport } from '../../testing/status';
import type { ReplayJob } from '../../api/types';
import { REPLAY_POLL_MS } from './adminApi';

const ME = sessionFor('admin').user!.id;
const OTHER_ADMIN = '22222222-2222-4222-8222-222222222222';
const READ_MODELS = ['artworks', 'artists', 'search'];
const STARTED = '2025-05-01T10:00:00Z';


/** Every read model caught up. */
const report = () => statusReport({ projectors: READ_MODELS.map((name) => projectorHealth(name)) });

function job(over: Partial<ReplayJob> = {}): ReplayJob {
  return {
    id: '0196a000-0000-7000-8000-000000000001',
    projectors: READ_MODELS,
    requested_by: ME,
    started_at: STARTED,
    finished_at: null,
    state: 'running',
    current: 'artworks',
    events_done: 0,
    events_total: 600,
    results: [],
    error: null,
    differences: 0,
    ...over,
  };
}

const ARTWORKS_RESULT = {
  projector: 'artworks',
  events: 200,
  seconds: 1.25,
  tables: [
    { table: 'artworks', rows_before: 120, rows_after: 120, same: true, expected: null },
    { table: 'artwork_tags', rows_before: 340, rows_after: 341, same: false, expected: null },
  ],
};
const DONE = job({
  state: 'done',
  current: null,
  events_done: 600,
  finished_at: '2025-05-01T10:00:03Z',
  differences: 1,
  results: [
    ARTWORKS_RESULT,
    { projector: 'artists', events: 200, seconds: 0.5, tables: [{ table: 'artists', rows_before: 40, rows_after: 40, same: true, expected: null }] },
    {
      projector: 'search',
      events: 200,
      seconds: 0.75,
      tables: [
        { table: 'search_documents', rows_before: 160, rows_after: 160, same: true, expected: null },
        { table: 'search_meta', rows_before: 1, rows_after: 1, same: false, expected: 'Expected: a new search index' },
      ],
    },
  ],
});

/** The server's replay calls, answering with `server.job` (null: none has run), which tests move on. */
function replayServer(over: Record<string, Handler> = {}) {
  const server: { job: ReplayJob | null } = { job: null };
  const mock = mockFetch({
    'GET /api/admin/status': () => envelope(report()),
    'GET /api/admin/replay': () => envelope({ job: server.job }),
    'POST /api/admin/replay': (req) => {
      const { projector } = bodyOf<{ projector?: string }>(req);
      server.job = job({ projectors: projector ? [projector] : READ_MODELS, current: projector ?? 'artworks' });
      return json({ success: true, data: { job: server.job }, timestamp: STARTED }, { status: 202 });
    },
    ...over,
  });
  const gets = () => mock.callsTo('/api/admin/replay').filter((c) => c.method === 'GET');
  const posts = () => mock.callsTo('/api/admin/replay').filter((c) => c.method === 'POST');
  return { server, gets, posts, ...mock };
}

/**
 * Fake timers that still move with the clock (so Testing Library's waits work), and `poll()`,
 * which moves them on by one polling interval at once.
 */
function fakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return {
    user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    poll: (times = 1) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(times * REPLAY_POLL_MS);
      }),
  };
}

const progressbar = () => screen.getByRole('progressbar', { name: 'Replay progress' });
const statusText = () => screen.getByTestId('replay-status');
/** The replay tab's own alert (the shell keeps an empty one for announcements). */
const alert = async () => within(await screen.findByRole('tabpanel')).findByRole('alert');

describe('/admin: replay', () => {
  it('rebuilds every read model after confirming, shows the progress and then the result', async () => {
    const { server, gets, posts } = replayServer();
    const { user, poll } = fakeClock();
    renderRoute('/admin?tab=replay', { who: 'admin' });
    expect(await screen.findByRole('heading', { name: 'No replay yet' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Replay' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/replays every event of the event store/)).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Read model' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
    expect(select).toHaveValue('');

    // Cancelling sends nothing.
    await user.click(screen.getByRole('button', { name: 'Start replay' }));
    let dialog = screen.getByRole('dialog', { name: 'Rebuild all read models?' });
    expect(dialog).toHaveTextContent('Reads may be briefly incomplete');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Start replay' }));
    dialog = screen.getByRole('dialog', { name: 'Rebuild all read models?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rebuild' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(bodyOf(posts()[0]!)).toEqual({});

    // The job as the POST answered it, at once.
    expect(await screen.findByRole('heading', { name: 'Replay running' })).toBeInTheDocument();
    expect(statusText()).toHaveTextContent('Rebuilding artworks — 0 of 600 events');
    expect(statusText()).toHaveAttribute('aria-live', 'polite');
    expect(progressbar()).toHaveAttribute('max', '600');
    expect(screen.getByRole('button', { name: 'Start replay' })).toBeDisabled();
    expect(screen.getByTestId('replay-job')).toHaveTextContent(`Started by you on ${formatDateTime(STARTED)}`);

    // Then as the polls read it.
    server.job = job({ current: 'artists', events_done: 250, results: [ARTWORKS_RESULT] });
    await poll();
    await waitFor(() => expect(statusText()).toHaveTextContent('Rebuilding artists — 250 of 600 events'));
    expect(progressbar()).toHaveAttribute('value', '250');

    server.job = DONE;
    await poll();
    await waitFor(() => expect(statusText()).toHaveTextContent('Replayed 600 events in 2.5 s; 1 table differs'));
    expect(screen.getByRole('heading', { name: 'Last replay' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start replay' })).toBeEnabled();
    expect(gets().length).toBeGreaterThanOrEqual(3);

    const tables = screen.getAllByRole('table');
    expect(tables.map((t) => t.querySelector('caption')?.textContent)).toEqual([
      'artworks: 200 events in 1.3 s',
      'artists: 200 events in 0.5 s',
      'search: 200 events in 0.8 s',
    ]);
    const artworks = screen.getByRole('table', { name: /^artworks/ });
    expect(within(artworks).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Table', 'Rows before', 'Rows after', 'Result']);
    expect(
      within(artworks)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['artworks', '120', '120', 'Same'],
      ['artwork_tags', '340', '341', 'Differs'],
    ]);
    expect(within(artworks).getByRole('rowheader', { name: 'artwork_tags' })).toBeInTheDocument();
  });

  it('says when there were no differences', async () => {
    const { server } = replayServer();
    server.job = { ...DONE, differences: 0, results: [{ ...ARTWORKS_RESULT, tables: [ARTWORKS_RESULT.tables[0]!] }] };
    renderRoute('/admin?tab=replay', { who: 'admin' });
    await waitFor(() => expect(statusText()).toHaveTextContent('Replayed 200 events in 1.3 s; no unexpected differences'));
    expect(screen.getAllByRole('table')).toHaveLength(1);
  });

  it('counts the tables it flags, and says which differ by design and why', async () => {
    const { server } = replayServer();
    server.job = DONE;
    renderRoute('/admin?tab=replay', { who: 'admin' });
    await waitFor(() =>
      expect(statusText()).toHaveTextContent('Replayed 600 events in 2.5 s; 1 table differs (1 table differs as expected)'),
    );
    const search = screen.getByRole('table', { name: /^search/ });
    const meta = within(search).getByRole('rowheader', { name: 'search_meta' }).closest('tr')!;
    expect(meta).toHaveTextContent('Differs as expected');
    expect(meta).toHaveTextContent('Expected: a new search index');
    expect(meta).not.toHaveClass('replay-table__differs');
  });

  it('reads the running job every second while it runs, and stops once it is done', async () => {
    const { server, gets } = replayServer();
    server.job = job({ requested_by: OTHER_ADMIN, events_done: 100 });
    const { poll } = fakeClock();
    renderRoute('/admin?tab=replay', { who: 'admin' });
    await waitFor(() => expect(statusText()).toHaveTextContent('Rebuilding artworks — 100 of 600 events'));
    // Another admin's replay: who started it links to their profile.
    expect(within(screen.getByTestId('replay-job')).getByRole('link', { name: 'account 22222222' })).toHaveAttribute(
      'href',
      `/users/${OTHER_ADMIN}`,
    );

    const before = gets().length;
    await poll();
    await waitFor(() => expect(gets().length).toBeGreaterThan(before));
    server.job = { ...DONE, requested_by: OTHER_ADMIN };
    await poll();
    await waitFor(() => expect(statusText()).toHaveTextContent('Replayed 600 events'));

    const afterDone = gets().length;
    await poll(10);
    expect(gets()).toHaveLength(afterDone);
    expect(statusText()).toHaveTextContent('Replayed 600 events');
  });

  it('does not poll a finished job at all', async () => {
    const { server, gets } = replayServer();
    server.job = DONE;
    const { poll } = fakeClock();
    renderRoute('/admin?tab=replay', { who: 'admin' });
    await waitFor(() => expect(statusText()).toHaveTextContent('Replayed 600 events'));
    await poll(5);
    expect(gets()).toHaveLength(1);
  });

  it('lists the read models from /admin/status and rebuilds the one chosen', async () => {
    const { posts, callsTo } = replayServer();
    renderRoute('/admin?tab=replay', { who: 'admin' });
    const select = await screen.findByRole('combobox', { name: 'Read model' });
    await waitFor(() =>
      expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All read models', 'artworks', 'artists', 'search']),
    );
    expect(callsTo('/api/admin/status')).toHaveLength(1);
    expect(screen.getByText('3 read models to choose from, or all of them.')).toBeInTheDocument();

    await userEvent.selectOptions(select, 'search');
    await userEvent.click(screen.getByRole('button', { name: 'Start replay' }));
    const dialog = screen.getByRole('dialog', { name: 'Rebuild search?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rebuild' }));
    await waitFor(() => expect(statusText()).toHaveTextContent('Rebuilding search — 0 of 600 events'));
    expect(bodyOf(posts()[0]!)).toEqual({ projector: 'search' });
    expect(screen.getByTestId('replay-job')).toHaveTextContent('Read model: search');
  });

  it('shows the server’s 409 and then the replay that is running', async () => {
    const { server, posts } = replayServer({
      'POST /api/admin/replay': () => {
        // Another admin started one meanwhile.
        server.job = job({ requested_by: OTHER_ADMIN, events_done: 42 });
        return apiError(409, 'CONFLICT', 'A replay is running; wait for it to finish');
      },
    });
    server.job = DONE;
    renderRoute('/admin?tab=replay', { who: 'admin' });
    await waitFor(() => expect(statusText()).toHaveTextContent('Replayed 600 events'));
    await userEvent.click(screen.getByRole('button', { name: 'Start replay' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Rebuild all read models?' })).getByRole('button', { name: 'Rebuild' }));
    expect(await alert()).toHaveTextContent('A replay is running; wait for it to finish');
    expect(posts()).toHaveLength(1);
    await waitFor(() => expect(statusText()).toHaveTextContent('Rebuilding artworks — 42 of 600 events'));
    expect(screen.getByRole('button', { name: 'Start replay' })).toBeDisabled();
  });

  it.each([
    [404, 'NOT_FOUND', "No read model named 'search'"],
    [403, 'FORBIDDEN', 'Admins only'],
    [500, 'INTERNAL_ERROR', 'Database unavailable'],
  ])('shows the server’s %i refusal and lets the admin try again', async (status, code, message) => {
    const { posts } = replayServer({ 'POST /api/admin/replay': () => apiError(status, code, message) });
    renderRoute('/admin?tab=replay', { who: 'admin' });
    await screen.findByRole('heading', { name: 'No replay yet' });
    await userEvent.click(screen.getByRole('button', { name: 'Start replay' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rebuild' }));
    expect(await alert()).toHaveTextContent(message);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start replay' })).toBeEnabled());
    expect(posts()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'No replay yet' })).toBeInTheDocument();
  });

  it('shows a failed replay’s error, and what it rebuilt before', async () => {
    const { server } = replayServer();
    server.job = job({
      state: 'failed',
      current: null,
      events_done: 250,
      finished_at: '2025-05-01T10:00:02Z',
      error: 'relation "rm.artists" does not exist',
      results: [ARTWORKS_RESULT],
      differences: 1,
    });
    renderRoute('/admin?tab=replay', { who: 'admin' });
    expect(await alert()).toHaveTextContent('The replay failed: relation "rm.artists" does not exist');
    expect(screen.getByRole('heading', { name: 'Last replay failed' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^artworks/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start replay' })).toBeEnabled();
  });

  it('offers a retry when the last replay cannot be read', async () => {
    let fail = true;
    replayServer({
      'GET /api/admin/replay': () => (fail ? apiError(500, 'INTERNAL_ERROR', 'Database unavailable') : envelope({ job: null })),
    });
    renderRoute('/admin?tab=replay', { who: 'admin' });
    expect(await screen.findByText('Could not load the last replay')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No replay yet' })).toBeInTheDocument();
  });
});

describe('/admin: replay in French', () => {
  it('shows the last replay and its result in French', async () => {
    setLocale('fr');
    const { server } = replayServer();
    server.job = DONE;
    renderRoute('/admin?tab=replay', { who: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Dernière reconstruction' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Reconstruction' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Lancer la reconstruction' })).toBeInTheDocument();
    expect(statusText()).toHaveTextContent(/^600 événements rejoués en 2,5 s ; 1 table diffère \(1 table diffère comme prévu\)$/);
    expect(screen.getAllByRole('columnheader', { name: 'Lignes avant' }).length).toBeGreaterThan(0);
    // No message fell back to its key.
    expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  });
});
