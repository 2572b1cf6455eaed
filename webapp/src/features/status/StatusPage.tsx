/**
 * /status: whether each part of the service is up and its data up to date, in plain words, from
 * the public GET /status. Admins see the details instead (latencies, errors, positions, lags, and
 * the technical name of each part in small print) from GET /admin/status.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useGetAdminStatusQuery, useGetStatusQuery, useRestartProjectorMutation } from '../../api/statusApi';
import type { PublicStatus, StatusReport } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { ColumnHeads } from '../../components/ColumnHeads';
import { PageHeader } from '../../components/PageTitle';
import { Section } from '../../components/Section';
import { QueryState } from '../../components/states';
import { t as translate, useT, type MessageKey } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { wordsOf } from '../../lib/tagGroups';
import './status.css';

/** One row of either table, whichever answer it came from. */
interface Row {
  /** The part's name in the answer: a projection's is what a restart names. */
  name: string;
  /** What people call it. */
  label: string;
  status: string;
  /** Admins only: what it is technically, in small print under the label. */
  technical?: string;
  /** Admins only: the error or the index's size. */
  detail?: string;
  /** Admins only: latency, or how far behind a projection is. */
  measure?: string;
  /** Admins only: a stopped projection can be run again. */
  restartable?: boolean;
}

/** The public's view of a projection: whether the data it keeps is up to date. */
interface DataRow {
  name: string;
  status: string;
  caughtUp: boolean;
}

interface View {
  status: string;
  version: string;
  components: Row[];
  /** The public view: data up to date or catching up. */
  data: DataRow[];
  /** The admin view: projections in detail. */
  projectors: Row[];
  detailed: boolean;
  /** Admins only: a transaction holding the relay back, described. */
  holdingTransaction?: string;
  /** Admins only: what the process holds in memory, described. */
  memory?: string;
}

/** The parts of the service, in words for the public, with what admins know them as. */
const COMPONENTS = {
  database: { label: 'status.component.database', technical: 'status.technical.database' },
  nats: { label: 'status.component.nats', technical: 'status.technical.nats' },
  mail: { label: 'status.component.mail', technical: 'status.technical.mail' },
  storage: { label: 'status.component.storage', technical: 'status.technical.storage' },
  geo_index: { label: 'status.component.geoIndex', technical: 'status.technical.geoIndex' },
  search: { label: 'status.component.search', technical: 'status.technical.search' },
} as const satisfies Record<string, { label: MessageKey; technical: MessageKey }>;

/** What each projection keeps, in words ("Data for search results is up to date"). */
function dataLabel(name: string): string {
  return translate('status.data.label', { name, fallback: name.replace(/_/g, ' ') });
}

function capitalised(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A part's state for the public, in words: `loading` or `down` (a projection's `degraded`, `stopped`). */
const STATE_WORDS: Record<string, MessageKey> = {
  loading: 'status.state.loading',
  down: 'status.state.down',
  degraded: 'status.state.degraded',
  stopped: 'status.state.stopped',
};

/** A projection's state for the public, as one sentence. */
function dataSentence(d: DataRow): string {
  const what = dataLabel(d.name);
  if (d.status === 'stopped') return translate('status.data.paused', { what });
  if (d.status !== 'ok') return translate('status.data.delayed', { what });
  return translate(d.caughtUp ? 'status.data.upToDate' : 'status.data.catchingUp', { what });
}

function fromPublic(s: PublicStatus): View {
  const c = s.components;
  const row = (name: keyof typeof COMPONENTS, status: string): Row => ({ name, label: translate(COMPONENTS[name].label), status });
  return {
    status: s.status,
    version: s.version,
    detailed: false,
    components: [
      row('database', c.database.status),
      row('nats', c.nats.status),
      row('mail', c.mail.status),
      row('storage', c.storage.status),
      row('geo_index', c.geo_index.status),
      row('search', c.search.status),
    ],
    data: s.projectors.map((p) => ({ name: p.name, status: p.status, caughtUp: p.caught_up })),
    projectors: [],
  };
}

/** Bytes as megabytes, one decimal, as the language writes it. */
function megabytes(bytes: number): string {
  return translate('status.megabytes', { mb: formatNumber(bytes / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}

function fromReport(r: StatusReport): View {
  const c = r.components;
  // One decimal, ungrouped, as the language writes it ("1.5 ms", "1,5 ms").
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false } as const;
  const latency = (ms?: number | null) => (ms != null ? translate('status.latency', { ms: formatNumber(ms, oneDecimal) }) : '—');
  const named = (name: keyof typeof COMPONENTS) => ({
    name,
    label: translate(COMPONENTS[name].label),
    technical: translate(COMPONENTS[name].technical),
  });
  const component = (name: keyof typeof COMPONENTS, h: StatusReport['components']['database']): Row => ({
    ...named(name),
    status: h.status,
    detail: h.error ?? undefined,
    measure: latency(h.latency_ms),
  });
  return {
    status: r.status,
    version: r.version,
    detailed: true,
    components: [
      component('database', c.database),
      component('nats', c.nats),
      component('mail', c.mail),
      component('storage', c.storage),
      {
        ...named('geo_index'),
        status: c.geo_index.status,
        detail: translate('status.detail.geoIndex', { count: c.geo_index.artworks, position: c.geo_index.position }),
        measure: '—',
      },
      {
        ...named('search'),
        status: c.search.status,
        detail: [c.search.backend, c.search.documents != null ? translate('status.detail.documents', { count: c.search.documents }) : null, c.search.error]
          .filter(Boolean)
          .join(', '),
        measure: '—',
      },
    ],
    data: [],
    projectors: r.projectors.map((p) => ({
      name: p.name,
      label: capitalised(dataLabel(p.name)),
      technical: translate('status.technical.readModel', { name: p.name }),
      status: p.status,
      detail: p.stopped_event
        ? translate('status.detail.stoppedAt', { event: p.stopped_event, error: p.last_error ?? translate('status.detail.unknownError') })
        : (p.last_error ?? undefined),
      measure: p.lag_events < 0 ? translate('status.detail.unknownLag') : translate('status.detail.events', { count: p.lag_events }),
      restartable: p.status === 'stopped',
    })),
    memory: translate('status.memory', {
      resident: r.memory.resident_bytes != null ? megabytes(r.memory.resident_bytes) : '—',
      own: r.memory.anonymous_bytes != null ? megabytes(r.memory.anonymous_bytes) : '—',
      mapped: r.memory.file_bytes != null ? megabytes(r.memory.file_bytes) : '—',
      geo: megabytes(r.memory.geo_model_bytes),
      artworks: megabytes(r.memory.artwork_cache_bytes),
    }),
    holdingTransaction: r.relay?.holding_transaction
      ? translate('status.relay.holding', {
          age: String(Math.round(r.relay.holding_transaction.age_secs)),
          pid: String(r.relay.holding_transaction.pid),
          state: r.relay.holding_transaction.state ?? translate('status.relay.stateUnknown'),
        })
      : undefined,
  };
}

function Restart({ name }: { name: string }) {
  const t = useT();
  const [restart, { isLoading }] = useRestartProjectorMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const onClick = async () => {
    setProblem(null);
    try {
      await restart(name).unwrap();
      setAsked(true);
    } catch (e) {
      setProblem(errorMessage(e, t('status.restart.failed')));
    }
  };
  if (asked) return <span className="muted small"> {t('status.restart.requested')}</span>;
  return (
    <>
      {' '}
      <button
        type="button"
        className="button button--outlined button--small"
        onClick={() => void onClick()}
        disabled={isLoading}
        aria-label={t('status.restart.named', { name })}
      >
        {t('status.restart.button')}
      </button>
      {problem && (
        <span className="field-error small" role="alert">
          {' '}
          {problem}
        </span>
      )}
    </>
  );
}

/**
 * A part's state: in words for the public; admins see the server's word for anything but `ok`
 * (in sentence case, as every chip: "Degraded").
 */
function Health({ status, detailed }: { status: string; detailed: boolean }) {
  const t = useT();
  const ok = status === 'ok';
  const key = ok ? 'status.state.ok' : detailed ? undefined : STATE_WORDS[status];
  return <span className={`chip chip--status chip--${ok ? 'approved' : 'rejected'}`}>{key ? t(key) : wordsOf(status)}</span>;
}

function Rows({ rows, measure, detailed }: { rows: Row[]; measure: boolean; detailed: boolean }) {
  return (
    <tbody>
      {rows.map((r) => (
        <tr key={r.name}>
          <th scope="row">
            {r.label}
            {r.technical && <span className="muted small status-technical">{r.technical}</span>}
          </th>
          <td>
            <Health status={r.status} detailed={detailed} />
            {r.detail && <span className="muted small"> {r.detail}</span>}
            {r.restartable && <Restart name={r.name} />}
          </td>
          {measure && <td>{r.measure ?? '—'}</td>}
        </tr>
      ))}
    </tbody>
  );
}

export function StatusPage() {
  // Also re-renders the page, whose rows are worded as they are built, when the language changes.
  const t = useT();
  const isAdmin = useAppSelector((s) => s.session.user?.isAdmin ?? false);
  const everyone = useGetStatusQuery(undefined, { pollingInterval: 30_000, skip: isAdmin });
  const admin = useGetAdminStatusQuery(undefined, { pollingInterval: 30_000, skip: !isAdmin });
  const { error, isLoading, isFetching, refetch } = isAdmin ? admin : everyone;
  const view = isAdmin ? (admin.data ? fromReport(admin.data) : undefined) : everyone.data ? fromPublic(everyone.data) : undefined;
  return (
    <div className="page page--narrow">
      <PageHeader
        title={t('status.title')}
        subtitle={view ? [t('status.version', { version: view.version }), view.memory].filter(Boolean).join(' · ') : undefined}
        actions={
          <button type="button" className="button button--outlined" onClick={() => void refetch()} disabled={isFetching}>
            {t('status.refresh')}
          </button>
        }
      />
      <QueryState
        query={{ isLoading, error, refetch }}
        loadingLabel={t('status.checking')}
        failed={Boolean(error) || !view}
        failedTitle={t('status.failed')}
      >
        {view && (
          <>
            <p className={`notice ${view.status === 'ok' ? '' : 'notice--warning'}`} role="status">
              {t(view.status === 'ok' ? 'status.summary.ok' : 'status.summary.degraded')}
            </p>
            {view.holdingTransaction && (
              <p className="notice notice--warning" data-testid="holding-transaction">
                {view.holdingTransaction}
              </p>
            )}
            <Section titleId="status-services" title={t('status.services.title')}>
              <table className="table">
                <ColumnHeads columns={[t('status.services.service'), t('status.column.state'), view.detailed && t('status.services.latency')]} />
                <Rows rows={view.components} measure={view.detailed} detailed={view.detailed} />
              </table>
            </Section>
            <Section titleId="status-data" title={t('status.data.title')}>
              {view.detailed ? (
                view.projectors.length === 0 ? (
                  <p className="muted">{t('status.data.noProjections')}</p>
                ) : (
                  <table className="table">
                    <ColumnHeads columns={[t('status.data.data'), t('status.column.state'), t('status.data.behind')]} />
                    <Rows rows={view.projectors} measure detailed />
                  </table>
                )
              ) : view.data.length === 0 ? (
                <p className="muted">{t('status.data.nothing')}</p>
              ) : (
                <>
                  <p className="muted small">{t('status.data.explainer')}</p>
                  <ul className="status-data" aria-label={t('status.data.title')}>
                    {view.data.map((d) => (
                      <li key={d.name} data-testid="status-data">
                        {dataSentence(d)}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </Section>
          </>
        )}
      </QueryState>
    </div>
  );
}
