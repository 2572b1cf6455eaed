/**
 * /status: whether each component and projection is up, from the public GET /status. Admins see
 * the details instead (latencies, errors, positions, lags) from GET /admin/status.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useGetAdminStatusQuery, useGetStatusQuery, useRestartProjectorMutation } from '../../api/statusApi';
import type { PublicStatus, StatusReport } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageTitle';
import { ErrorState, Loading, Skeleton } from '../../components/states';

/** One row of either table, whichever answer it came from. */
interface Row {
  name: string;
  status: string;
  /** Admins only: the error or the index's size. */
  detail?: string;
  /** Admins only: latency, or how far behind a projection is. */
  measure?: string;
  /** Admins only: a stopped projection can be run again. */
  restartable?: boolean;
}

interface View {
  status: string;
  version: string;
  components: Row[];
  projectors: Row[];
  detailed: boolean;
  /** Admins only: a transaction holding the relay back, described. */
  holdingTransaction?: string;
}

function fromPublic(s: PublicStatus): View {
  const c = s.components;
  return {
    status: s.status,
    version: s.version,
    detailed: false,
    components: [
      { name: 'Database', status: c.database.status },
      { name: 'Messaging (NATS)', status: c.nats.status },
      { name: 'Mail', status: c.mail.status },
      { name: 'Photo storage', status: c.storage.status },
      { name: 'Geo index', status: c.geo_index.status },
      { name: 'Search index', status: c.search.status, detail: c.search.backend },
    ],
    projectors: s.projectors.map((p) => ({
      name: p.name,
      status: p.status,
      measure: p.caught_up ? 'Up to date' : 'Catching up',
    })),
  };
}

function fromReport(r: StatusReport): View {
  const c = r.components;
  const latency = (ms?: number | null) => (ms != null ? `${ms.toFixed(1)} ms` : '—');
  const component = (name: string, h: StatusReport['components']['database']): Row => ({
    name,
    status: h.status,
    detail: h.error ?? undefined,
    measure: latency(h.latency_ms),
  });
  return {
    status: r.status,
    version: r.version,
    detailed: true,
    components: [
      component('Database', c.database),
      component('Messaging (NATS)', c.nats),
      component('Mail', c.mail),
      component('Photo storage', c.storage),
      {
        name: 'Geo index',
        status: c.geo_index.status,
        detail: `${c.geo_index.artworks.toLocaleString()} artworks at ${c.geo_index.position}`,
        measure: '—',
      },
      {
        name: 'Search index',
        status: c.search.status,
        detail: [c.search.backend, c.search.documents != null ? `${c.search.documents.toLocaleString()} documents` : null, c.search.error]
          .filter(Boolean)
          .join(', '),
        measure: '—',
      },
    ],
    projectors: r.projectors.map((p) => ({
      name: p.name,
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

function Health({ status }: { status: string }) {
  const ok = status === 'ok';
  return <span className={`chip chip--status chip--${ok ? 'approved' : 'rejected'}`}>{ok ? 'Operational' : status}</span>;
}

function Rows({ rows, measure }: { rows: Row[]; measure: boolean }) {
  return (
    <tbody>
      {rows.map((r) => (
        <tr key={r.name}>
          <th scope="row">{r.name}</th>
          <td>
            <Health status={r.status} />
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
      {isLoading ? (
        <Loading label="Checking the system…">
          <Skeleton lines={5} />
        </Loading>
      ) : error || !view ? (
        <ErrorState title="The status could not be read" error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <p className={`notice ${view.status === 'ok' ? '' : 'notice--warning'}`} role="status">
            {view.status === 'ok' ? 'All systems operational.' : 'Some parts of the system are degraded.'}
          </p>
          {view.holdingTransaction && (
            <p className="notice notice--warning" data-testid="holding-transaction">
              {view.holdingTransaction}
            </p>
          )}
          <section className="section">
            <h2 className="section__title">Components</h2>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Component</th>
                  <th scope="col">State</th>
                  {view.detailed && <th scope="col">Latency</th>}
                </tr>
              </thead>
              <Rows rows={view.components} measure={view.detailed} />
            </table>
          </section>
          <section className="section">
            <h2 className="section__title">Projections</h2>
            {view.projectors.length === 0 ? (
              <p className="muted">No projections reported.</p>
            ) : (
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Read model</th>
                    <th scope="col">State</th>
                    <th scope="col">{view.detailed ? 'Behind by' : 'Progress'}</th>
                  </tr>
                </thead>
                <Rows rows={view.projectors} measure />
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
