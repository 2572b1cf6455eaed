import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StatusReport } from '../../api/types';
import { envelope, json, mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';

function report(databaseUp: boolean): StatusReport {
  return {
    status: databaseUp ? 'ok' : 'degraded',
    product_name: 'Plinth',
    version: '0.1.0',
    components: {
      database: databaseUp ? { status: 'ok', latency_ms: 1.5 } : { status: 'error', error: 'connection refused' },
      nats: { status: 'unavailable', error: 'not configured' },
      mail: { status: 'ok', latency_ms: null },
      storage: { status: 'ok', latency_ms: null },
      search: { status: 'ok', backend: 'tantivy', documents: 1234, position: '7-42' },
      geo_index: { status: 'loading', artworks: 1234, position: '7-42' },
    },
    relay: null,
    projectors: [{ name: 'artworks', position: '7-42', applied: 10, lag_events: 3, pending: null, last_error: null, status: 'ok' }],
  };
}

function row(name: string) {
  return within(screen.getByRole('rowheader', { name }).closest('tr')!);
}

describe('the status screen (GET /api/status)', () => {
  it('shows the database, NATS, mail, the geo and search indexes as the document describes them', async () => {
    mockFetch({ 'GET /api/status': () => envelope(report(true)) });
    renderRoute('/status');
    expect(await screen.findByText('All systems operational.')).toBeInTheDocument();
    expect(row('Database').getByText('Operational')).toBeInTheDocument();
    expect(row('Database').getByText('1.5 ms')).toBeInTheDocument();
    expect(row('Messaging (NATS)').getByText('not configured', { exact: false })).toBeInTheDocument();
    expect(row('Messaging (NATS)').getByText('—')).toBeInTheDocument();
    expect(row('Mail').getByText('Operational')).toBeInTheDocument();
    expect(row('Search index').getByText('tantivy, 1,234 documents', { exact: false })).toBeInTheDocument();
    expect(row('Geo index').getByText('loading')).toBeInTheDocument();
    expect(row('Geo index').getByText('1,234 artworks at 7-42', { exact: false })).toBeInTheDocument();
    expect(row('artworks').getByText('3 events')).toBeInTheDocument();
  });

  it('still shows the report when the server answers 503 (the database is down)', async () => {
    mockFetch({ 'GET /api/status': () => json({ success: true, data: report(false), timestamp: '2025-01-01T00:00:00Z' }, { status: 503 }) });
    renderRoute('/status');
    expect(await screen.findByText('Some parts of the system are degraded.')).toBeInTheDocument();
    expect(row('Database').getByText('connection refused', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('The status could not be read')).not.toBeInTheDocument();
  });
});
