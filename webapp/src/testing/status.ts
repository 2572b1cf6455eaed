/** The admin status (GET /admin/status) as the OpenAPI document describes it, for the status and replay screens' tests. */
import type { ProjectorHealth, StatusReport } from '../api/types';

/** One read model's projector: caught up (no lag) unless `over` says otherwise. */
export function projectorHealth(name: string, over: Partial<ProjectorHealth> = {}): ProjectorHealth {
  return { name, position: '7-42', applied: 10, lag_events: 0, pending: null, last_error: null, status: 'ok', ...over };
}

/** Every part healthy and one projector (artworks) caught up, unless `over` (some of the components) says otherwise. */
export function statusReport({
  components,
  ...over
}: Partial<Omit<StatusReport, 'components'>> & { components?: Partial<StatusReport['components']> } = {}): StatusReport {
  return {
    status: 'ok',
    product_name: 'Plinth',
    version: '0.1.0',
    components: {
      database: { status: 'ok', latency_ms: 1.5 },
      nats: { status: 'ok', latency_ms: 0.4 },
      mail: { status: 'ok', latency_ms: null },
      storage: { status: 'ok', latency_ms: null },
      search: { status: 'ok', backend: 'tantivy', documents: 1234, position: '7-42' },
      geo_index: { status: 'ready', artworks: 1234, position: '7-42' },
      ...components,
    },
    relay: null,
    memory: { resident_bytes: 160_400_000, anonymous_bytes: 120_100_000, file_bytes: 40_300_000, geo_model_bytes: 12_345_678, artwork_cache_bytes: 33_554_432 },
    projectors: [projectorHealth('artworks')],
    ...over,
  };
}
