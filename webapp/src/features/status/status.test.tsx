import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PublicStatus, StatusReport } from '../../api/types';
import { setLocale } from '../../i18n';
import { envelope, json, mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';
import { projectorHealth, statusReport } from '../../testing/status';

/** What both answers, public and admin, begin with: the overall state, the product and its version. */
function answered(databaseUp: boolean) {
  return { status: databaseUp ? 'ok' : 'degraded', product_name: 'Plinth', version: '0.1.0' } as const;
}

function publicStatus(databaseUp: boolean): PublicStatus {
  return {
    ...answered(databaseUp),
    components: {
      database: { status: databaseUp ? 'ok' : 'down' },
      nats: { status: 'ok' },
      mail: { status: 'down' },
      storage: { status: 'ok' },
      search: { status: 'ok', backend: 'tantivy' },
      geo_index: { status: 'loading' },
    },
    projectors: [
      { name: 'artworks', status: 'ok', caught_up: true },
      { name: 'search', status: 'degraded', caught_up: false },
    ],
  };
}

function report(databaseUp: boolean): StatusReport {
  return statusReport({
    ...answered(databaseUp),
    components: {
      database: databaseUp ? { status: 'ok', latency_ms: 1.5 } : { status: 'error', error: 'connection refused' },
      nats: { status: 'unavailable', error: 'not configured' },
      geo_index: { status: 'loading', artworks: 1234, position: '7-42' },
    },
    projectors: [projectorHealth('artworks', { lag_events: 3 })],
  });
}

/** A table row by its label; admins' rows have the technical name in small print after it. */
function row(label: string) {
  const header = screen.getAllByRole('rowheader').find((h) => h.firstChild?.textContent === label);
  expect(header, `a row labelled ${label}`).toBeDefined();
  return within(header!.closest('tr')!);
}

describe('the status screen', () => {
  it.each([
    {
      locale: 'en',
      title: 'Status',
      allOk: 'All systems operational.',
      ok: 'Operational',
      down: 'Not working',
      starting: 'Starting up',
      services: ['Database', 'Live updates', 'Emails', 'Photo storage', 'Map', 'Search'],
      technical: /NATS|tantivy|read model|projection/i,
      data: 'Data updates',
      updates: ['Data for artworks is up to date.', 'Updates to search results are delayed by a problem; they are being retried.'],
      latency: 'Latency',
      refresh: 'Refresh',
    },
    {
      locale: 'fr',
      title: 'État du service',
      allOk: 'Tous les systèmes sont opérationnels.',
      ok: 'En service',
      down: 'En panne',
      starting: 'Démarrage en cours',
      services: ['Base de données', 'Mises à jour en direct', 'Courriels', 'Stockage des photos', 'Carte', 'Recherche'],
      technical: /NATS|tantivy|modèle de lecture|projection/i,
      data: 'Mises à jour des données',
      updates: [
        'Les données des œuvres sont à jour.',
        'Les mises à jour des résultats de recherche sont retardées par un problème\u00a0; elles sont relancées.',
      ],
      latency: 'Latence',
      refresh: 'Actualiser',
    },
  ] as const)(
    'shows everyone in plain words whether each part is up and its data up to date, from the public GET /api/status ($locale)',
    async ({ locale, title, allOk, ok, down, starting, services, technical, data, updates, latency, refresh }) => {
      // Given the public status: mail down, the map starting up, search results catching up after a problem
      const { callsTo } = mockFetch({ 'GET /api/status': () => envelope(publicStatus(true)) });
      // When anyone opens /status, in either language
      setLocale(locale);
      renderRoute('/status');
      // Then each service has a plain name and state, and no technical name shows
      expect(await screen.findByText(allOk)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      const [database, nats, mail, , map, search] = services;
      expect(row(database).getByText(ok)).toBeInTheDocument();
      expect(row(nats).getByText(ok)).toBeInTheDocument();
      expect(row(mail).getByText(down)).toBeInTheDocument();
      expect(row(search).getByText(ok)).toBeInTheDocument();
      expect(row(map).getByText(starting)).toBeInTheDocument();
      expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(services);
      expect(document.body).not.toHaveTextContent(technical);
      // And each kind of data says whether it is up to date
      expect(within(screen.getByRole('list', { name: data })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(updates);
      expect(screen.queryByRole('columnheader', { name: latency })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: refresh })).toBeInTheDocument();
      expect(callsTo('/api/admin/status')).toHaveLength(0);
    },
  );

  it('tells the public which data is catching up', async () => {
    // Given accounts caught up and lists still applying changes
    const status = publicStatus(true);
    status.projectors = [
      { name: 'accounts', status: 'ok', caught_up: true },
      { name: 'lists', status: 'ok', caught_up: false },
    ];
    mockFetch({ 'GET /api/status': () => envelope(status) });
    // When anyone opens /status
    renderRoute('/status');
    // Then it says so in a sentence each
    expect(await screen.findByText('Data for accounts is up to date.')).toBeInTheDocument();
    expect(screen.getByText('Data for lists is catching up.')).toBeInTheDocument();
  });

  it('still shows the answer when the server says 503 (the database is down)', async () => {
    mockFetch({ 'GET /api/status': () => json({ success: true, data: publicStatus(false), timestamp: '2025-01-01T00:00:00Z' }, { status: 503 }) });
    renderRoute('/status');
    expect(await screen.findByText('Some parts are not working as they should.')).toBeInTheDocument();
    expect(row('Database').getByText('Not working')).toBeInTheDocument();
    expect(screen.queryByText('The status could not be read')).not.toBeInTheDocument();
  });

  it('shows admins the details from GET /api/admin/status', async () => {
    const { callsTo } = mockFetch({ 'GET /api/admin/status': () => envelope(report(true)) });
    renderRoute('/status', { who: 'admin' });
    expect(await screen.findByText('All systems operational.')).toBeInTheDocument();
    expect(row('Database').getByText('1.5 ms')).toBeInTheDocument();
    expect(row('Live updates').getByText('not configured', { exact: false })).toBeInTheDocument();
    expect(row('Search').getByText('tantivy, 1,234 documents', { exact: false })).toBeInTheDocument();
    expect(row('Map').getByText('1,234 artworks at 7-42', { exact: false })).toBeInTheDocument();
    expect(row('Artworks').getByText('3 events')).toBeInTheDocument();
    // What the server holds in memory, and the shares of the map and the artworks kept encoded.
    expect(
      screen.getByText("Version 0.1.0 · Memory: 160.4 MB resident, of which 120.1 MB the server's own (map 12.3 MB, artworks 33.6 MB) and 40.3 MB mapped files (the search index)"),
    ).toBeInTheDocument();
    // The technical names stay, in small print under the plain ones.
    expect(row('Live updates').getByText('NATS messaging')).toHaveClass('muted', 'small');
    expect(row('Map').getByText('geo index')).toHaveClass('muted', 'small');
    expect(row('Artworks').getByText('read model artworks')).toHaveClass('muted', 'small');
    expect(callsTo('/api/status')).toHaveLength(0);
  });

  it('shows admins the details of a dead database from a 503', async () => {
    mockFetch({ 'GET /api/admin/status': () => json({ success: true, data: report(false), timestamp: '2025-01-01T00:00:00Z' }, { status: 503 }) });
    renderRoute('/status', { who: 'admin' });
    expect(await screen.findByText('Some parts are not working as they should.')).toBeInTheDocument();
    expect(row('Database').getByText('connection refused', { exact: false })).toBeInTheDocument();
  });

  it('lets admins restart a projection stopped on an event, and names the event', async () => {
    const stopped = report(true);
    stopped.status = 'degraded';
    stopped.projectors = [
      {
        name: 'artworks',
        position: '7-41',
        applied: 9,
        lag_events: 4,
        pending: 4,
        last_error: 'unknown variant `ArtworkVanished`',
        status: 'stopped',
        stopped_event: 'artwork/0001#1 at 7-42',
      },
    ];
    stopped.relay = {
      position: '7-41',
      published: 9,
      head: '7-45',
      lag_events: 4,
      holding_transaction: { pid: 4242, age_secs: 95.2, state: 'idle in transaction' },
    };
    const { callsTo } = mockFetch({
      'GET /api/admin/status': () => envelope(stopped),
      'POST /api/admin/projectors/artworks/restart': () => envelope({ name: 'artworks', stopped_event: 'artwork/0001#1 at 7-42' }),
    });
    renderRoute('/status', { who: 'admin' });
    expect(await screen.findByText('Some parts are not working as they should.')).toBeInTheDocument();
    expect(row('Artworks').getByText('Stopped at artwork/0001#1 at 7-42: unknown variant `ArtworkVanished`', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('holding-transaction')).toHaveTextContent('A transaction open for 95 s (server process 4242, idle in transaction)');
    await userEvent.click(row('Artworks').getByRole('button', { name: 'Restart artworks' }));
    expect(await row('Artworks').findByText('Restart requested.')).toBeInTheDocument();
    expect(callsTo('/api/admin/projectors/artworks/restart')).toHaveLength(1);
  });
});
