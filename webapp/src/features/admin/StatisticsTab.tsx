/**
 * Statistics: totals as cards (artworks by status, artists, accounts, submissions by status and
 * kind, feedback, the window's decisions, median time to a decision and active contributors) and
 * the window's activity per day as charts (recharts), each with its numbers as a table for
 * those who do not see the chart. The window is 30 days unless the admin chooses another.
 */
import { useId, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminStatistics, DayCounts } from '../../api/types';
import { LabelledSelect, ValueOptions } from '../../components/Select';
import { QueryState } from '../../components/states';
import { ADMIN_STATISTICS_DAYS, ADMIN_STATISTICS_WINDOWS } from '../../config/constants';
import { useGetStatisticsQuery } from './adminApi';
import { TabSection } from './AdminParts';

/** Series colours, distinct for colour-blind readers too (Okabe–Ito). */
const COLOURS = { submissions: '#0072B2', approved: '#009E73', rejected: '#D55E00', accounts: '#CC79A7' } as const;
/** What jsdom and the first paint measure before the container has a size. */
const INITIAL = { width: 640, height: 260 };

const SERIES_LABELS: Record<Exclude<keyof DayCounts, 'day'>, string> = {
  submissions: 'Submissions',
  approved: 'Approved',
  rejected: 'Rejected',
  accounts: 'New accounts',
};

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const words = (key: string) => key.replace(/_/g, ' ');
const n = (v: number) => v.toLocaleString();

/** "12 Mar" for a `2025-03-12` day, read as that calendar day wherever the browser is. */
function dayLabel(day: string): string {
  const d = new Date(`${day}T00:00:00`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

export function StatisticsTab() {
  const [days, setDays] = useState<number>(ADMIN_STATISTICS_DAYS);
  const query = useGetStatisticsQuery(days);
  const data = query.data;
  const windowId = useId();
  return (
    <TabSection
      slug="statistics"
      title="Statistics"
      controls={
        <LabelledSelect label="Window" className="field field--inline" id={windowId} value={days} onChange={(e) => setDays(Number(e.target.value))}>
          <ValueOptions values={ADMIN_STATISTICS_WINDOWS} label={(d) => `Last ${d} days`} />
        </LabelledSelect>
      }
    >
      <QueryState
        query={{ ...query, isLoading: !data && (query.isLoading || query.isFetching) }}
        loadingLabel="Loading statistics…"
        failedTitle="Could not load statistics"
      >
        {data && <StatisticsView stats={data} />}
      </QueryState>
    </TabSection>
  );
}

function StatisticsView({ stats }: { stats: AdminStatistics }) {
  const series = stats.per_day.map((d) => ({ ...d, label: dayLabel(d.day) }));
  const median = stats.median_hours_to_decision;
  return (
    <>
      <dl className="stat-grid" data-testid="statistics-cards">
        <Card label="Artworks" value={n(sum(stats.artworks))} breakdown={stats.artworks} />
        <Card label="Artists" value={n(stats.artists)} />
        <Card label="Accounts" value={n(stats.accounts)} />
        <Card label="Submissions" value={n(sum(stats.submissions_by_status))} breakdown={stats.submissions_by_status} />
        <Card label="Feedback" value={n(sum(stats.feedback))} breakdown={stats.feedback} />
        <Card label={`Decisions (last ${stats.days} days)`} value={n(stats.decisions)} />
        <Card
          label="Median time to a decision"
          value={median === null || median === undefined ? '—' : `${median.toLocaleString(undefined, { maximumFractionDigits: 1 })} h`}
        />
        <Card label={`Active contributors (last ${stats.days} days)`} value={n(stats.active_contributors)} />
      </dl>

      <div className="chart-grid">
        <Chart
          title={`Submissions and decisions per day, last ${stats.days} days`}
          series={series}
          keys={['submissions', 'approved', 'rejected']}
          testId="chart-activity"
        >
          <LineChart accessibilityLayer={false} data={series} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" minTickGap={16} />
            <YAxis allowDecimals={false} width={40} />
            <Tooltip />
            <Legend />
            <Line type="monotone" dataKey="submissions" name={SERIES_LABELS.submissions} stroke={COLOURS.submissions} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line type="monotone" dataKey="approved" name={SERIES_LABELS.approved} stroke={COLOURS.approved} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line type="monotone" dataKey="rejected" name={SERIES_LABELS.rejected} stroke={COLOURS.rejected} strokeWidth={2} strokeDasharray="6 3" dot={false} isAnimationActive={false} />
          </LineChart>
        </Chart>
        <Chart title={`New accounts per day, last ${stats.days} days`} series={series} keys={['accounts']} testId="chart-accounts">
          <BarChart accessibilityLayer={false} data={series} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" minTickGap={16} />
            <YAxis allowDecimals={false} width={40} />
            <Tooltip />
            <Bar dataKey="accounts" name={SERIES_LABELS.accounts} fill={COLOURS.accounts} isAnimationActive={false} />
          </BarChart>
        </Chart>
      </div>

      <section className="section" aria-labelledby="by-kind-title">
        <h3 id="by-kind-title" className="section__subtitle">
          Submissions by kind, all time
        </h3>
        <Breakdown counts={stats.submissions_by_type} />
      </section>
    </>
  );
}

function Card({ label, value, breakdown }: { label: string; value: string; breakdown?: Record<string, number> }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
      {breakdown && Object.keys(breakdown).length > 0 && (
        <dd className="stat__extra">
          {Object.entries(breakdown)
            .map(([k, v]) => `${n(v)} ${words(k)}`)
            .join(' · ')}
        </dd>
      )}
    </div>
  );
}

function Breakdown({ counts }: { counts: Record<string, number> }) {
  const rows = Object.entries(counts);
  if (rows.length === 0) return <p className="muted">None yet.</p>;
  return (
    <dl className="tag-list">
      {rows.map(([k, v]) => (
        <div key={k} className="tag-list__row">
          <dt>{words(k)}</dt>
          <dd>{n(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A chart in a figure with its caption, and the same numbers in a table behind a disclosure (the
 * chart's text alternative).
 */
function Chart({
  title,
  series,
  keys,
  testId,
  children,
}: {
  title: string;
  series: Array<DayCounts & { label: string }>;
  keys: Array<Exclude<keyof DayCounts, 'day'>>;
  testId: string;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <figure className="chart" aria-labelledby={captionId} data-testid={testId}>
      <figcaption id={captionId} className="chart__title">
        {title}
      </figcaption>
      <div className="chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={INITIAL.height} initialDimension={INITIAL}>
          {children}
        </ResponsiveContainer>
      </div>
      <details className="chart__data">
        <summary>The numbers</summary>
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {keys.map((k) => (
                  <th key={k} scope="col">
                    {SERIES_LABELS[k]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.label}</th>
                  {keys.map((k) => (
                    <td key={k}>{n(d[k])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
