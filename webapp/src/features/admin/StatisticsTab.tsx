/**
 * Statistics: totals as cards (artworks by status, artists, accounts, submissions by status and
 * kind, feedback, the window's decisions, median time to a decision and active contributors) and
 * the window's activity per day as charts (recharts), each with its numbers as a table for
 * those who do not see the chart. The window is 30 days unless the admin chooses another.
 */
import { useId, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminStatistics, DayCounts } from '../../api/types';
import { ColumnHeads } from '../../components/ColumnHeads';
import { LabelledSelect, ValueOptions } from '../../components/Select';
import { loadingUntil, QueryState } from '../../components/states';
import { ADMIN_STATISTICS_DAYS, ADMIN_STATISTICS_WINDOWS } from '../../config/constants';
import { getLocale, t as translate, useT, type MessageKey } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { useGetStatisticsQuery } from './adminApi';
import { TabSection } from './AdminParts';

/** Series colours, distinct for colour-blind readers too (Okabe–Ito). */
const COLOURS = { submissions: '#0072B2', approved: '#009E73', rejected: '#D55E00', accounts: '#CC79A7' } as const;
/** What jsdom and the first paint measure before the container has a size. */
const INITIAL = { width: 640, height: 260 };

const SERIES_LABELS: Record<Exclude<keyof DayCounts, 'day'>, MessageKey> = {
  submissions: 'admin.statistics.series.submissions',
  approved: 'admin.statistics.series.approved',
  rejected: 'admin.statistics.series.rejected',
  accounts: 'admin.statistics.series.accounts',
};

/** The message of each card's breakdown: "1,200 approved · 3 removed". */
type BreakdownKind = 'artworks' | 'submissions' | 'feedback';
const BREAKDOWN_MESSAGES: Record<BreakdownKind, MessageKey> = {
  artworks: 'admin.statistics.breakdown.artworks',
  submissions: 'admin.statistics.breakdown.submissions',
  feedback: 'admin.statistics.breakdown.feedback',
};

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const words = (key: string) => key.replace(/_/g, ' ');
const n = (v: number) => formatNumber(v);

/** "12 Mar" for a `2025-03-12` day, read as that calendar day wherever the browser is. */
function dayLabel(day: string): string {
  const d = new Date(`${day}T00:00:00`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString(getLocale(), { day: 'numeric', month: 'short' });
}

export function StatisticsTab() {
  const t = useT();
  const [days, setDays] = useState<number>(ADMIN_STATISTICS_DAYS);
  const query = useGetStatisticsQuery(days);
  const data = query.data;
  const windowId = useId();
  return (
    <TabSection
      slug="statistics"
      title={t('admin.statistics.title')}
      controls={
        <LabelledSelect
          label={t('admin.statistics.window')}
          className="field field--inline"
          id={windowId}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          <ValueOptions values={ADMIN_STATISTICS_WINDOWS} label={(d) => t('admin.statistics.lastDays', { days: d })} />
        </LabelledSelect>
      }
    >
      <QueryState query={loadingUntil(query, data)} loadingLabel={t('admin.statistics.loading')} failedTitle={t('admin.statistics.failed')}>
        {data && <StatisticsView stats={data} />}
      </QueryState>
    </TabSection>
  );
}

function StatisticsView({ stats }: { stats: AdminStatistics }) {
  const t = useT();
  const series = stats.per_day.map((d) => ({ ...d, label: dayLabel(d.day) }));
  const median = stats.median_hours_to_decision;
  return (
    <>
      <dl className="stat-grid" data-testid="statistics-cards">
        <Card label={t('admin.statistics.artworks')} value={n(sum(stats.artworks))} breakdown={stats.artworks} kind="artworks" />
        <Card label={t('admin.statistics.artists')} value={n(stats.artists)} />
        <Card label={t('admin.statistics.accounts')} value={n(stats.accounts)} />
        <Card
          label={t('admin.statistics.submissions')}
          value={n(sum(stats.submissions_by_status))}
          breakdown={stats.submissions_by_status}
          kind="submissions"
        />
        <Card label={t('admin.statistics.feedback')} value={n(sum(stats.feedback))} breakdown={stats.feedback} kind="feedback" />
        <Card label={t('admin.statistics.decisions', { days: stats.days })} value={n(stats.decisions)} />
        <Card
          label={t('admin.statistics.median')}
          value={
            median === null || median === undefined
              ? '—'
              : t('admin.statistics.hours', { hours: formatNumber(median, { maximumFractionDigits: 1 }) })
          }
        />
        <Card label={t('admin.statistics.contributors', { days: stats.days })} value={n(stats.active_contributors)} />
      </dl>

      <div className="chart-grid">
        <Chart
          title={t('admin.statistics.activityChart', { days: stats.days })}
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
            <Line type="monotone" dataKey="submissions" name={t(SERIES_LABELS.submissions)} stroke={COLOURS.submissions} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line type="monotone" dataKey="approved" name={t(SERIES_LABELS.approved)} stroke={COLOURS.approved} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line type="monotone" dataKey="rejected" name={t(SERIES_LABELS.rejected)} stroke={COLOURS.rejected} strokeWidth={2} strokeDasharray="6 3" dot={false} isAnimationActive={false} />
          </LineChart>
        </Chart>
        <Chart title={t('admin.statistics.accountsChart', { days: stats.days })} series={series} keys={['accounts']} testId="chart-accounts">
          <BarChart accessibilityLayer={false} data={series} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" minTickGap={16} />
            <YAxis allowDecimals={false} width={40} />
            <Tooltip />
            <Bar dataKey="accounts" name={t(SERIES_LABELS.accounts)} fill={COLOURS.accounts} isAnimationActive={false} />
          </BarChart>
        </Chart>
      </div>

      <section className="section" aria-labelledby="by-kind-title">
        <h3 id="by-kind-title" className="section__subtitle">
          {t('admin.statistics.byKind')}
        </h3>
        <Breakdown counts={stats.submissions_by_type} />
      </section>
    </>
  );
}

function Card({ label, value, breakdown, kind }: { label: string; value: string; breakdown?: Record<string, number>; kind?: BreakdownKind }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
      {breakdown && kind && Object.keys(breakdown).length > 0 && (
        <dd className="stat__extra">
          {Object.entries(breakdown)
            .map(([k, v]) => translate(BREAKDOWN_MESSAGES[kind], { count: v, status: k, label: words(k) }))
            .join(' · ')}
        </dd>
      )}
    </div>
  );
}

function Breakdown({ counts }: { counts: Record<string, number> }) {
  const t = useT();
  const rows = Object.entries(counts);
  if (rows.length === 0) return <p className="muted">{t('admin.statistics.noneYet')}</p>;
  return (
    <dl className="tag-list">
      {rows.map(([k, v]) => (
        <div key={k} className="tag-list__row">
          <dt>{t('admin.statistics.kind', { kind: k, label: words(k) })}</dt>
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
  const t = useT();
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
        <summary>{t('admin.statistics.numbers')}</summary>
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">{title}</caption>
            <ColumnHeads columns={[t('admin.statistics.day'), ...keys.map((k) => t(SERIES_LABELS[k]))]} />
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
