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
import { PageHeader } from '../../components/PageTitle';
import { Section } from '../../components/Section';
import { QueryState } from '../../components/states';
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
}

/** The parts of the service, in words for the public, with what admins know them as. */
const COMPONENTS = {
  database: { label: 'Database', technical: 'PostgreSQL' },
  nats: { label: 'Live updates', technical: 'NATS messaging' },
  mail: { label: 'Emails', technical: 'mail (SMTP)' },
  storage: { label: 'Photo storage', technical: 'object storage' },
  geo_index: { label: 'Map', technical: 'geo index' },
  search: { label: 'Search', technical: 'search index' },
} as const;

/** What each projection keeps, in words ("Data for search results is up to date"). */
const DATA_LABELS: Record<string, string> = {
  search: 'search results',
  submissions: 'submissions and edits',
};

function dataLabel(name: string): string {
  return DATA_LABELS[name] ?? name.replace(/_/g, ' ');
}

function capitalised(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A part's state for the public, in words: `loading` or `down` (a projection's `degraded`, `stopped`). */
const STATE_WORDS: Record<string, string> = {
  loading: 'Starting up',
  down: 'Not working',
  degraded: 'Having problems',
  stopped: 'Stopped',
};

/** A projection's state for the public, as one sentence. */
function dataSentence(d: DataRow): string {
  const what = dataLabel(d.name);
  if (d.status === 'stopped') return `Updates to ${what} are paused until a problem is fixed.`;
  if (d.status !== 'ok') return `Updates to ${what} are delayed by a problem; they are being retried.`;
  return d.caughtUp ? `Data for ${what} is up to date.` : `Data for ${what} is catching up.`;
}

function fromPublic(s: PublicStatus): View {
  const c = s.components;
  const row = (name: keyof typeof COMPONENTS, status: string): Row => ({ name, label: COMPONENTS[name].label, status });
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

function fromReport(r: StatusReport): View {
  const c = r.components;
  const latency = (ms?: number | null) => (ms != null ? `${ms.toFixed(1)} ms` : '—');
  const named = (name: keyof typeof COMPONENTS) => ({ name, label: COMPONENTS[name].label, technical: COMPONENTS[name].technical });
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
        detail: `${c.geo_index.artworks.toLocaleString()} artworks at ${c.geo_index.position}`,
        measure: '—',
      },
      {
        ...named('search'),
        status: c.search.status,
        detail: [c.search.backend, c.search.documents != null ? `${c.search.documents.toLocaleString()} documents` : null, c.search.error]
          .filter(Boolean)
          .join(', '),
        measure: '—',
      },
    ],
    data: [],
    projectors: r.projectors.map((p) => ({
      name: p.name,
      label: capitalised(dataLabel(p.name)),
      technical: `read model ${p.name}`,
      status: p.status,
      detail: p.stopped_event ? `Stopped at ${p.stopped_event}: ${p.last_error ?? 'unknown error'}` : (p.last_error ?? undefined),
      measure: p.lag_events < 0 ? 'unknown' : `${p.lag_events.toLocaleString()} events`,
      restartable: p.status === 'stopped',
    })),
    holdingTransaction: r.relay?.holding_transaction
      ? `A transaction open for ${Math.round(r.relay.holding_transaction.age_secs)} s (server process ${r.relay.holding_transaction.pid}, ${r.relay.holding_transaction.state ?? 'state unknown'}) holds back the publishing of new events.`
      : undefined,
  };
}

function Restart({ name }: { name: string }) {
  const [restart, { isLoading }] = useRestartProjectorMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const onClick = async () => {
    setProblem(null);
    try {
      await restart(name).unwrap();
      setAsked(true);
    } catch (e) {
      setProblem(errorMessage(e, 'The restart could not be requested'));
    }
  };
  if (asked) return <span className="muted small"> Restart requested.</span>;
  return (
    <>
      {' '}
      <button type="button" className="button button--outlined button--small" onClick={() => void onClick()} disabled={isLoading} aria-label={`Restart ${name}`}>
        Restart
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
  const ok = status === 'ok';
  const words = ok ? 'Operational' : detailed ? undefined : STATE_WORDS[status];
  return <span className={`chip chip--status chip--${ok ? 'approved' : 'rejected'}`}>{words ?? wordsOf(status)}</span>;
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
  const isAdmin = useAppSelector((s) => s.session.user?.isAdmin ?? false);
  const everyone = useGetStatusQuery(undefined, { pollingInterval: 30_000, skip: isAdmin });
  const admin = useGetAdminStatusQuery(undefined, { pollingInterval: 30_000, skip: !isAdmin });
  const { error, isLoading, isFetching, refetch } = isAdmin ? admin : everyone;
  const view = isAdmin ? (admin.data ? fromReport(admin.data) : undefined) : everyone.data ? fromPublic(everyone.data) : undefined;
  return (
    <div className="page page--narrow">
      <PageHeader
        title="Status"
        subtitle={view ? `Version ${view.version}` : undefined}
        actions={
          <button type="button" className="button button--outlined" onClick={() => void refetch()} disabled={isFetching}>
            Refresh
          </button>
        }
      />
      <QueryState
        query={{ isLoading, error, refetch }}
        loadingLabel="Checking the system…"
        failed={Boolean(error) || !view}
        failedTitle="The status could not be read"
      >
        {view && (
          <>
            <p className={`notice ${view.status === 'ok' ? '' : 'notice--warning'}`} role="status">
              {view.status === 'ok' ? 'All systems operational.' : 'Some parts are not working as they should.'}
            </p>
            {view.holdingTransaction && (
              <p className="notice notice--warning" data-testid="holding-transaction">
                {view.holdingTransaction}
              </p>
            )}
            <Section titleId="status-services" title="Services">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Service</th>
                    <th scope="col">State</th>
                    {view.detailed && <th scope="col">Latency</th>}
                  </tr>
                </thead>
                <Rows rows={view.components} measure={view.detailed} detailed={view.detailed} />
              </table>
            </Section>
            <Section titleId="status-data" title="Data updates">
              {view.detailed ? (
                view.projectors.length === 0 ? (
                  <p className="muted">No projections reported.</p>
                ) : (
                  <table className="table">
                    <thead>
                      <tr>
                        <th scope="col">Data</th>
                        <th scope="col">State</th>
                        <th scope="col">Behind by</th>
                      </tr>
                    </thead>
                    <Rows rows={view.projectors} measure detailed />
                  </table>
                )
              ) : view.data.length === 0 ? (
                <p className="muted">Nothing to report.</p>
              ) : (
                <>
                  <p className="muted small">A change shows everywhere once the data it touches is up to date, usually within seconds.</p>
                  <ul className="status-data" aria-label="Data updates">
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
