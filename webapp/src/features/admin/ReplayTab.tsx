/**
 * Replay: rebuild one read model, or all of them, from the event store. The admin chooses the
 * read model (from /admin/status) and confirms; while the job runs its progress shows (read again
 * every second), and afterwards its result: events replayed, time taken and, per read model,
 * each table's rows before and after and whether they are the same. One replay runs at a time,
 * whoever started it; the server says so when another is running.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors';
import { selectUser } from '../../api/session';
import { useGetAdminStatusQuery } from '../../api/statusApi';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/Dialog';
import { LabelledSelect, ValueOptions } from '../../components/Select';
import { EmptyState, QueryState, Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { formatDateTime, plural } from '../../lib/format';
import type { ReplayJob, ReplayResult } from '../../api/types';
import { useReplayJob, useStartReplayMutation } from './adminApi';
import { TabSection } from './AdminParts';

/** The select's value for every read model (the request leaves `projector` out). */
const ALL = '';

const seconds = (s: number) => `${s.toLocaleString(undefined, { maximumFractionDigits: 1 })} s`;
const n = (v: number) => v.toLocaleString();

/**
 * "Replayed 1,200 events in 3.4 s; no unexpected differences (1 table differs as expected)" (or
 * "2 tables differ"): the tables flagged below, counted the same way.
 */
export function replaySummary(job: ReplayJob): string {
  const events = job.results.reduce((sum, r) => sum + r.events, 0);
  const time = job.results.reduce((sum, r) => sum + r.seconds, 0);
  const tables = job.results.flatMap((r) => r.tables).filter((t) => !t.same);
  const unexpected = tables.filter((t) => !t.expected).length;
  const expected = tables.length - unexpected;
  const differ = (count: number) => `${plural(count, 'table')} ${count === 1 ? 'differs' : 'differ'}`;
  const differences = unexpected === 0 ? 'no unexpected differences' : differ(unexpected);
  const asExpected = expected === 0 ? '' : ` (${differ(expected)} as expected)`;
  return `Replayed ${plural(events, 'event')} in ${seconds(time)}; ${differences}${asExpected}`;
}

/** "Rebuilding artworks — 250 of 1,200 events". */
function replayProgress(job: ReplayJob): string {
  const counts = `${n(job.events_done)} of ${plural(job.events_total, 'event')}`;
  return job.current ? `Rebuilding ${job.current} — ${counts}` : `Starting — ${counts}`;
}

export function ReplayTab() {
  const replay = useReplayJob();
  const status = useGetAdminStatusQuery();
  const [start, starting] = useStartReplayMutation();
  const [choice, setChoice] = useState(ALL);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const selectId = useId();
  const hintId = useId();

  const job = replay.data;
  const running = job?.state === 'running';
  const busy = running || starting.isLoading;
  const readModels = status.data?.projectors.map((p) => p.name) ?? [];

  const ask = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    setConfirming(true);
  };
  const confirm = async () => {
    setConfirming(false);
    try {
      await start(choice === ALL ? null : choice).unwrap();
    } catch (err) {
      setFailure(errorMessage(err, 'The replay could not be started'));
    }
  };

  return (
    <TabSection slug="replay" title="Replay" className="replay">
      <p>
        Rebuilding a read model replays every event of the event store into it, from the first, and then compares each of
        its tables with how it was before. While a replay runs, reads from the read models it rebuilds may be briefly
        incomplete; nothing is lost, and new events keep arriving.
      </p>

      <form className="replay-form" onSubmit={ask} aria-labelledby="replay-start-title">
        <h3 id="replay-start-title" className="visually-hidden">
          Start a replay
        </h3>
        <LabelledSelect
          label="Read model"
          className="field field--inline"
          id={selectId}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          aria-describedby={hintId}
        >
          <option value={ALL}>All read models</option>
          <ValueOptions values={readModels} label={(name) => name} />
        </LabelledSelect>
        <button type="submit" className="button button--filled" disabled={busy} aria-describedby={hintId}>
          {starting.isLoading && <Spinner />} Start replay
        </button>
        <p id={hintId} className="muted small replay-form__hint">
          {running
            ? 'A replay is running; another can start once it has finished.'
            : status.isLoading
              ? 'Loading the read models…'
              : status.error
                ? 'The read models could not be listed; all of them can still be rebuilt.'
                : `${plural(readModels.length, 'read model')} to choose from, or all of them.`}
        </p>
      </form>
      {failure && (
        <p className="replay-alert" role="alert">
          {failure}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={choice === ALL ? 'Rebuild all read models?' : `Rebuild ${choice}?`}
        message={`${
          choice === ALL ? 'Every read model is rebuilt' : `The read model ${choice} is rebuilt`
        } from the first event of the store. Reads may be briefly incomplete until the replay has finished.`}
        confirmLabel="Rebuild"
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />

      {/* A poll that fails keeps the job shown (the next poll tries again); only a first read's failure shows. */}
      <QueryState
        query={{ ...replay, error: job === undefined ? replay.error : undefined }}
        loadingLabel="Loading the last replay…"
        failedTitle="Could not load the last replay"
      >
        {job === null && (
          <EmptyState title="No replay yet" icon="info">
            <p>No read model has been rebuilt from the event store yet.</p>
          </EmptyState>
        )}
        {job && <ReplayJobView job={job} />}
      </QueryState>
    </TabSection>
  );
}

function ReplayJobView({ job }: { job: ReplayJob }) {
  const me = useAppSelector(selectUser)?.id;
  const all = job.projectors.length > 1;
  const title = job.state === 'running' ? 'Replay running' : job.state === 'done' ? 'Last replay' : 'Last replay failed';
  return (
    <section className="replay-job" aria-labelledby="replay-job-title" data-testid="replay-job" data-state={job.state}>
      <h3 id="replay-job-title" className="section__subtitle">
        {title}
      </h3>
      <p className="replay-job__meta">
        {all ? `${plural(job.projectors.length, 'read model')}: ${job.projectors.join(', ')}` : `Read model: ${job.projectors.join(', ')}`}
        <br />
        Started by{' '}
        {job.requested_by === me ? 'you' : <Link to={to.user(job.requested_by)}>account {job.requested_by.slice(0, 8)}</Link>} on{' '}
        <time dateTime={job.started_at}>{formatDateTime(job.started_at)}</time>
        {job.finished_at && (
          <>
            , finished on <time dateTime={job.finished_at}>{formatDateTime(job.finished_at)}</time>
          </>
        )}
      </p>

      {job.state === 'running' && (
        <progress
          className="replay-job__progress"
          aria-label="Replay progress"
          max={Math.max(job.events_total, 1)}
          value={job.events_total > 0 ? job.events_done : undefined}
        />
      )}
      {/* One live region for the whole job, so its progress and then its result are read out. */}
      <p className="replay-job__status" role="status" aria-live="polite" data-testid="replay-status">
        {job.state === 'running' && replayProgress(job)}
        {job.state === 'done' && replaySummary(job)}
      </p>
      {job.state === 'failed' && (
        <p className="replay-alert" role="alert">
          The replay failed: {job.error ?? 'no reason given'}
        </p>
      )}

      {job.results.length > 0 && (
        <>
          {job.state === 'failed' && <p>Rebuilt before it failed:</p>}
          {job.results.map((r) => (
            <ResultTable key={r.projector} result={r} />
          ))}
        </>
      )}
    </section>
  );
}

function ResultTable({ result }: { result: ReplayResult }) {
  return (
    <div className="table-scroll">
      <table className="table replay-table">
        <caption>
          {result.projector}: {plural(result.events, 'event')} in {seconds(result.seconds)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Table</th>
            <th scope="col">Rows before</th>
            <th scope="col">Rows after</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {result.tables.map((t) => (
            <tr key={t.table} className={t.same || t.expected ? undefined : 'replay-table__differs'}>
              <th scope="row">
                <code>{t.table}</code>
              </th>
              <td>{n(t.rows_before)}</td>
              <td>{n(t.rows_after)}</td>
              <td>
                {t.same ? (
                  <span className="chip chip--small chip--approved">Same</span>
                ) : t.expected ? (
                  <>
                    <span className="chip chip--small chip--new">Differs as expected</span>
                    <span className="replay-table__why">{t.expected}</span>
                  </>
                ) : (
                  <span className="chip chip--small chip--warning">Differs</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
