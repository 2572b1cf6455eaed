/**
 * A dry run's or an import's report: the counts (new, changed by the source, already imported,
 * rejected, likely duplicates), the rejects by reason, the rejected and likely duplicate records with their
 * reasons (the first 50), and the new records on a map.
 */
import type { ReactNode, Ref } from 'react';
import { ColumnHeads } from '../../components/ColumnHeads';
import { t as translate, useT, type MessageKey } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { ImportMap } from './ImportMap';
import { countParts, isLikelyDuplicate, isNotable, type CountPart } from './importMapping';
import type { ImportReport, Outcome } from './importTypes';

/** Rejected and likely duplicate records listed. */
export const NOTABLE_SHOWN = 50;

const n = (v: number) => formatNumber(v);

/** "5 new, 0 changed, 0 already imported, 1 rejected, 2 linked to artworks Plinth had, 1 likely duplicate" (the linked part only when some are). */
export const countsSentence = (r: ImportReport) => {
  const parts: Array<[CountPart, number]> = [
    ['new', r.artworks_new],
    ['changed', r.artworks_changed],
    ['unchanged', r.artworks_unchanged],
    ['rejected', r.rejected],
  ];
  if (r.artworks_linked > 0) parts.push(['linked', r.artworks_linked]);
  parts.push(['duplicates', r.likely_duplicates]);
  return countParts(parts);
};

function outcomeChip(o: Outcome) {
  if (o.outcome === 'rejected') return <span className="chip chip--small chip--rejected">{translate('admin.report.outcome.rejected')}</span>;
  if (isLikelyDuplicate(o)) return <span className="chip chip--small chip--warning">{translate('admin.report.outcome.duplicate')}</span>;
  if (o.outcome === 'new') return <span className="chip chip--small chip--new">{translate('admin.report.outcome.new')}</span>;
  if (o.outcome === 'linked') return <span className="chip chip--small chip--approved">{translate('admin.report.outcome.linked')}</span>;
  if (o.outcome === 'changed') return <span className="chip chip--small chip--pending">{translate('admin.report.outcome.changed')}</span>;
  return <span className="chip chip--small">{translate('admin.report.outcome.unchanged')}</span>;
}

/** The counts' labels, with the report's number for each. */
const COUNT_LABELS: ReadonlyArray<[MessageKey, (r: ImportReport) => number]> = [
  ['admin.report.count.new', (r) => r.artworks_new],
  ['admin.report.count.changed', (r) => r.artworks_changed],
  ['admin.report.count.unchanged', (r) => r.artworks_unchanged],
  ['admin.report.count.rejected', (r) => r.rejected],
  ['admin.report.count.linked', (r) => r.artworks_linked],
  ['admin.report.count.duplicates', (r) => r.likely_duplicates],
];

export function ImportReportView({
  report,
  title,
  children,
  ref,
}: {
  report: ImportReport;
  title: string;
  /** Shown under the title (the import's "See them on the map"). */
  children?: ReactNode;
  /** The title, focused when the report arrives. */
  ref?: Ref<HTMLHeadingElement>;
}) {
  const t = useT();
  const notable = report.outcomes.filter(isNotable);
  const shown = notable.slice(0, NOTABLE_SHOWN);
  const reasons = Object.entries(report.rejects_by_reason).sort(([, a], [, b]) => b - a);
  const slug = report.dry_run ? 'dry-run' : 'import';
  // The dataset's artworks a newer file no longer has (each put to the moderators).
  const goneCount = (report.gone ?? []).length;
  return (
    <section className="import-report" aria-labelledby={`import-report-${slug}`} data-testid={`import-report-${slug}`}>
      <h3 id={`import-report-${slug}`} ref={ref} tabIndex={-1} className="section__subtitle">
        {title}
      </h3>
      {children}
      <p className="muted small">{t('admin.report.source', { file: report.file, dataset: report.dataset, count: report.records_read })}</p>
      <dl className="import-counts" data-testid="import-counts">
        {COUNT_LABELS.map(([label, count]) => (
          <div className="import-counts__item" key={label}>
            <dt>{t(label)}</dt>
            <dd>{n(count(report))}</dd>
          </div>
        ))}
      </dl>
      {/* The counts as one sentence, for reading and finding. */}
      <p className="import-report__sentence" data-testid="import-sentence">
        {t('admin.report.sentence', { counts: countsSentence(report) })}{' '}
        {report.artists_linked > 0
          ? t('admin.report.artistsLinked', { created: report.artists_new, linked: report.artists_linked, unchanged: report.artists_unchanged })
          : t('admin.report.artists', { created: report.artists_new, unchanged: report.artists_unchanged })}
        {report.dropped_tags > 0 && ` ${t('admin.report.droppedTags', { count: report.dropped_tags })}`}
      </p>
      {goneCount > 0 && (
        <p className="notice notice--warning" data-testid="import-gone">
          {t(report.dry_run ? 'admin.report.goneDryRun' : 'admin.report.gone', { count: goneCount })}
        </p>
      )}

      {reasons.length > 0 && (
        <>
          <h4 className="import-report__heading">{t('admin.report.byReason')}</h4>
          <ul className="import-reasons">
            {reasons.map(([reason, count]) => (
              <li key={reason}>
                <span className="import-reasons__count">{n(count)}</span> {reason}
              </li>
            ))}
          </ul>
        </>
      )}

      {shown.length > 0 && (
        <>
          <h4 className="import-report__heading" id={`import-outcomes-${slug}`}>
            {notable.length > shown.length
              ? t('admin.report.notableFirst', { shown: shown.length, total: notable.length })
              : t('admin.report.notable')}
          </h4>
          <div className="table-scroll">
            <table className="table table--cards import-outcomes" data-testid="import-outcomes" aria-labelledby={`import-outcomes-${slug}`}>
              <ColumnHeads columns={[t('admin.report.col.record'), t('admin.report.col.title'), t('admin.report.col.outcome'), t('admin.report.col.reason')]} />
              <tbody>
                {shown.map((o, i) => (
                  <tr key={`${i}:${o.source_id}`}>
                    <th scope="row">
                      <code>{o.source_id || '—'}</code>
                    </th>
                    <td data-label={t('admin.report.col.title')}>{o.title || <span className="muted">{t('admin.report.noTitle')}</span>}</td>
                    <td data-label={t('admin.report.col.outcome')}>{outcomeChip(o)}</td>
                    <td data-label={t('admin.report.col.reason')}>{o.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {report.outcomes_total > report.outcomes.length && (
        <p className="muted small">{t('admin.report.partial', { listed: report.outcomes.length, total: report.outcomes_total })}</p>
      )}
      <ImportMap outcomes={report.outcomes} label={report.dry_run ? t('admin.report.mapDryRun') : t('admin.report.map')} />
    </section>
  );
}
