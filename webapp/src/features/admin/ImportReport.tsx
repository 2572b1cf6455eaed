/**
 * A dry run's or an import's report: the counts (new, changed by the source, already imported,
 * rejected, likely duplicates), the rejects by reason, the rejected and likely duplicate records with their
 * reasons (the first 50), and the new records on a map.
 */
import type { ReactNode, Ref } from 'react';
import { plural } from '../../lib/format';
import { ImportMap } from './ImportMap';
import { isLikelyDuplicate, isNotable } from './importMapping';
import type { ImportReport, Outcome } from './importTypes';

/** Rejected and likely duplicate records listed. */
export const NOTABLE_SHOWN = 50;

const n = (v: number) => v.toLocaleString();

/** "5 new, 0 changed, 0 already imported, 1 rejected, 2 linked to artworks Plinth had, 1 likely duplicate" (the linked part only when some are). */
export const countsSentence = (r: ImportReport) =>
  `${n(r.artworks_new)} new, ${n(r.artworks_changed)} changed, ${n(r.artworks_unchanged)} already imported, ${n(r.rejected)} rejected, ` +
  (r.artworks_linked > 0 ? `${n(r.artworks_linked)} linked to artworks Plinth had, ` : '') +
  plural(r.likely_duplicates, 'likely duplicate');

function outcomeChip(o: Outcome) {
  if (o.outcome === 'rejected') return <span className="chip chip--small chip--rejected">Rejected</span>;
  if (isLikelyDuplicate(o)) return <span className="chip chip--small chip--warning">Likely duplicate</span>;
  if (o.outcome === 'new') return <span className="chip chip--small chip--new">New</span>;
  if (o.outcome === 'linked') return <span className="chip chip--small chip--approved">Linked</span>;
  if (o.outcome === 'changed') return <span className="chip chip--small chip--pending">Changed</span>;
  return <span className="chip chip--small">Already imported</span>;
}

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
      <p className="muted small">
        {report.file} · dataset {report.dataset} · {plural(report.records_read, 'record')} read
      </p>
      <dl className="import-counts" data-testid="import-counts">
        {(
          [
            ['New', report.artworks_new],
            ['Changed', report.artworks_changed],
            ['Already imported', report.artworks_unchanged],
            ['Rejected', report.rejected],
            ['Linked to ours', report.artworks_linked],
            ['Likely duplicates', report.likely_duplicates],
          ] as const
        ).map(([label, count]) => (
          <div className="import-counts__item" key={label}>
            <dt>{label}</dt>
            <dd>{n(count)}</dd>
          </div>
        ))}
      </dl>
      {/* The counts as one sentence, for reading and finding. */}
      <p className="import-report__sentence" data-testid="import-sentence">
        {countsSentence(report)}. Artists: {n(report.artists_new)} new,{' '}
        {report.artists_linked > 0 && `${n(report.artists_linked)} credited as ones Plinth had, `}
        {n(report.artists_unchanged)} already imported.
        {report.dropped_tags > 0 && ` ${plural(report.dropped_tags, 'tag value')} not kept (not valid for the tag schema).`}
      </p>
      {goneCount > 0 && (
        <p className="notice notice--warning" data-testid="import-gone">
          {plural(goneCount, 'artwork')} of this dataset {goneCount === 1 ? 'is' : 'are'} no longer in the file:{' '}
          {report.dry_run ? 'the import would ask the moderators about them.' : 'the moderators are asked about them.'}
        </p>
      )}

      {reasons.length > 0 && (
        <>
          <h4 className="import-report__heading">Rejected, by reason</h4>
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
              ? `Records to look at (rejected, linked, likely duplicates): the first ${n(shown.length)} of ${n(notable.length)}`
              : 'Records to look at (rejected, linked, likely duplicates)'}
          </h4>
          <div className="table-scroll">
            <table className="table table--cards import-outcomes" data-testid="import-outcomes" aria-labelledby={`import-outcomes-${slug}`}>
              <thead>
                <tr>
                  <th scope="col">Record</th>
                  <th scope="col">Title</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((o, i) => (
                  <tr key={`${i}:${o.source_id}`}>
                    <th scope="row">
                      <code>{o.source_id || '—'}</code>
                    </th>
                    <td data-label="Title">{o.title || <span className="muted">no title</span>}</td>
                    <td data-label="Outcome">{outcomeChip(o)}</td>
                    <td data-label="Reason">{o.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {report.outcomes_total > report.outcomes.length && (
        <p className="muted small">
          The report lists {n(report.outcomes.length)} of {n(report.outcomes_total)} records; the map and the table show those.
        </p>
      )}
      <ImportMap outcomes={report.outcomes} label={report.dry_run ? 'What the import would add' : 'What the import added'} />
    </section>
  );
}
