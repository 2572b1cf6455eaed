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
import { ColumnHeads } from '../../components/ColumnHeads';
import { ConfirmDialog } from '../../components/Dialog';
import { LabelledSelect, ValueOptions } from '../../components/Select';
import { EmptyState, QueryState, Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { t as translate, useT } from '../../i18n';
import { formatDateTime, formatNumber } from '../../lib/format';
import type { ReplayJob, ReplayResult } from '../../api/types';
import { useReplayJob, useStartReplayMutation } from './adminApi';
import { TabSection } from './AdminParts';

/** The select's value for every read model (the request leaves `projector` out). */
const ALL = '';

const seconds = (s: number) => `${formatNumber(s, { maximumFractionDigits: 1 })} s`;
const n = (v: number) => formatNumber(v);

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
  const differ = (count: number) => translate('admin.replay.tablesDiffer', { count });
  const differences = unexpected === 0 ? translate('admin.replay.noUnexpected') : differ(unexpected);
  const values = { count: events, time: seconds(time), differences };
  return expected === 0
    ? translate('admin.replay.summary', values)
    : translate('admin.replay.summaryWithExpected', { ...values, expected: differ(expected) });
}

/** "Rebuilding artworks — 250 of 1,200 events". */
function replayProgress(job: ReplayJob): string {
  const counts = translate('admin.replay.progressCounts', { done: n(job.events_done), total: job.events_total });
  return job.current ? translate('admin.replay.rebuilding', { model: job.current, counts }) : translate('admin.replay.starting', { counts });
}

export function ReplayTab() {
  const t = useT();
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
      setFailure(errorMessage(err, translate('admin.replay.startFailed')));
    }
  };

  return (
    <TabSection slug="replay" title={t('admin.replay.title')} className="replay">
      <p>{t('admin.replay.intro')}</p>

      <form className="replay-form" onSubmit={ask} aria-labelledby="replay-start-title">
        <h3 id="replay-start-title" className="visually-hidden">
          {t('admin.replay.startHeading')}
        </h3>
        <LabelledSelect
          label={t('admin.replay.readModel')}
          className="field field--inline"
          id={selectId}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          aria-describedby={hintId}
        >
          <option value={ALL}>{t('admin.replay.allReadModels')}</option>
          <ValueOptions values={readModels} label={(name) => name} />
        </LabelledSelect>
        <button type="submit" className="button button--filled" disabled={busy} aria-describedby={hintId}>
          {starting.isLoading && <Spinner />} {t('admin.replay.start')}
        </button>
        <p id={hintId} className="muted small replay-form__hint">
          {running
            ? t('admin.replay.hintRunning')
            : status.isLoading
              ? t('admin.replay.hintLoading')
              : status.error
                ? t('admin.replay.hintUnlisted')
                : t('admin.replay.hintChoose', { count: readModels.length })}
        </p>
      </form>
      {failure && (
        <p className="replay-alert" role="alert">
          {failure}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={choice === ALL ? t('admin.replay.confirmAllTitle') : t('admin.replay.confirmOneTitle', { model: choice })}
        message={choice === ALL ? t('admin.replay.confirmAll') : t('admin.replay.confirmOne', { model: choice })}
        confirmLabel={t('admin.replay.rebuild')}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />

      {/* A poll that fails keeps the job shown (the next poll tries again); only a first read's failure shows. */}
      <QueryState
        query={{ ...replay, error: job === undefined ? replay.error : undefined }}
        loadingLabel={t('admin.replay.loading')}
        failedTitle={t('admin.replay.failed')}
      >
        {job === null && (
          <EmptyState title={t('admin.replay.empty')} icon="info">
            <p>{t('admin.replay.emptyHint')}</p>
          </EmptyState>
        )}
        {job && <ReplayJobView job={job} />}
      </QueryState>
    </TabSection>
  );
}

function ReplayJobView({ job }: { job: ReplayJob }) {
  const t = useT();
  const me = useAppSelector(selectUser)?.id;
  const all = job.projectors.length > 1;
  const title = t(job.state === 'running' ? 'admin.replay.running' : job.state === 'done' ? 'admin.replay.last' : 'admin.replay.lastFailed');
  const who = job.requested_by === me ? t('admin.replay.you') : <Link to={to.user(job.requested_by)}>{t('admin.replay.account', { id: job.requested_by.slice(0, 8) })}</Link>;
  const start = <time dateTime={job.started_at}>{formatDateTime(job.started_at)}</time>;
  return (
    <section className="replay-job" aria-labelledby="replay-job-title" data-testid="replay-job" data-state={job.state}>
      <h3 id="replay-job-title" className="section__subtitle">
        {title}
      </h3>
      <p className="replay-job__meta">
        {all
          ? t('admin.replay.readModels', { count: job.projectors.length, list: job.projectors.join(', ') })
          : t('admin.replay.readModelIs', { list: job.projectors.join(', ') })}
        <br />
        {job.finished_at
          ? t.rich('admin.replay.startedFinished', { who, start, end: <time dateTime={job.finished_at}>{formatDateTime(job.finished_at)}</time> })
          : t.rich('admin.replay.started', { who, start })}
      </p>

      {job.state === 'running' && (
        <progress
          className="replay-job__progress"
          aria-label={t('admin.replay.progress')}
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
          {t('admin.replay.jobFailed', { reason: job.error ?? t('admin.replay.noReason') })}
        </p>
      )}

      {job.results.length > 0 && (
        <>
          {job.state === 'failed' && <p>{t('admin.replay.rebuiltBefore')}</p>}
          {job.results.map((r) => (
            <ResultTable key={r.projector} result={r} />
          ))}
        </>
      )}
    </section>
  );
}

function ResultTable({ result }: { result: ReplayResult }) {
  const t = useT();
  return (
    <div className="table-scroll">
      <table className="table replay-table">
        <caption>{t('admin.replay.resultCaption', { projector: result.projector, count: result.events, time: seconds(result.seconds) })}</caption>
        <ColumnHeads columns={[t('admin.replay.col.table'), t('admin.replay.col.before'), t('admin.replay.col.after'), t('admin.replay.col.result')]} />
        <tbody>
          {result.tables.map((table) => (
            <tr key={table.table} className={table.same || table.expected ? undefined : 'replay-table__differs'}>
              <th scope="row">
                <code>{table.table}</code>
              </th>
              <td>{n(table.rows_before)}</td>
              <td>{n(table.rows_after)}</td>
              <td>
                {table.same ? (
                  <span className="chip chip--small chip--approved">{t('admin.replay.same')}</span>
                ) : table.expected ? (
                  <>
                    <span className="chip chip--small chip--new">{t('admin.replay.differsExpected')}</span>
                    <span className="replay-table__why">{table.expected}</span>
                  </>
                ) : (
                  <span className="chip chip--small chip--warning">{t('admin.replay.differs')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
