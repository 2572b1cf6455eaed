/** /status: the health of each component and projector, from GET /status. */
import { useGetStatusQuery } from '../../api/statusApi';
import type { ComponentHealth } from '../../api/types';
import { PageHeader } from '../../components/PageTitle';
import { ErrorState, Loading, Skeleton } from '../../components/states';

function Health({ status }: { status: string }) {
  const ok = status === 'ok';
  return <span className={`chip chip--status chip--${ok ? 'approved' : 'rejected'}`}>{ok ? 'Operational' : status}</span>;
}

function ComponentRow({ name, component }: { name: string; component: ComponentHealth }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        <Health status={component.status} />
        {component.error && <span className="muted small"> {component.error}</span>}
      </td>
      <td>{component.latency_ms != null ? `${component.latency_ms.toFixed(1)} ms` : '—'}</td>
    </tr>
  );
}

export function StatusPage() {
  const { data, error, isLoading, isFetching, refetch } = useGetStatusQuery(undefined, { pollingInterval: 30_000 });
  return (
    <div className="page page--narrow">
      <PageHeader
        title="Status"
        subtitle={data ? `Version ${data.version}` : undefined}
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
      ) : error || !data ? (
        <ErrorState title="The status could not be read" error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <p className={`notice ${data.status === 'ok' ? '' : 'notice--warning'}`} role="status">
            {data.status === 'ok' ? 'All systems operational.' : 'Some parts of the system are degraded.'}
          </p>
          <section className="section">
            <h2 className="section__title">Components</h2>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Component</th>
                  <th scope="col">State</th>
                  <th scope="col">Latency</th>
                </tr>
              </thead>
              <tbody>
                <ComponentRow name="Database" component={data.components.database} />
                <ComponentRow name="Messaging (NATS)" component={data.components.nats} />
                <ComponentRow name="Mail" component={data.components.mail} />
                <ComponentRow name="Photo storage" component={data.components.storage} />
                <tr>
                  <th scope="row">Geo index</th>
                  <td>
                    <Health status={data.components.geo_index.status} />
                    <span className="muted small">
                      {' '}
                      {data.components.geo_index.artworks.toLocaleString()} artworks at {data.components.geo_index.position}
                    </span>
                  </td>
                  <td>—</td>
                </tr>
                <tr>
                  <th scope="row">Search index</th>
                  <td>
                    <Health status={data.components.search.status} />
                    <span className="muted small">
                      {' '}
                      {data.components.search.backend}
                      {data.components.search.documents != null &&
                        `, ${data.components.search.documents.toLocaleString()} documents`}
                      {data.components.search.error && ` ${data.components.search.error}`}
                    </span>
                  </td>
                  <td>—</td>
                </tr>
              </tbody>
            </table>
          </section>
          <section className="section">
            <h2 className="section__title">Projections</h2>
            {data.projectors.length === 0 ? (
              <p className="muted">No projections reported.</p>
            ) : (
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Read model</th>
                    <th scope="col">State</th>
                    <th scope="col">Behind by</th>
                  </tr>
                </thead>
                <tbody>
                  {data.projectors.map((p) => (
                    <tr key={p.name}>
                      <th scope="row">{p.name}</th>
                      <td>
                        <Health status={p.status} />
                        {p.last_error && <span className="muted small"> {p.last_error}</span>}
                      </td>
                      <td>{p.lag_events < 0 ? 'unknown' : `${p.lag_events.toLocaleString()} events`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
