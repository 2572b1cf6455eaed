/**
 * Import: a city's open data into the registry, in steps on one page, each appearing once the
 * one before is done. (1) Upload a file: it is read on the server and answered with a summary, a
 * sample and a proposed mapping (or an earlier run's, for a newer file of the same source).
 * (2) Check the mapping: the dataset's facts the file cannot give, which fields mean what, each
 * guess with its reason. (3) A dry run: progress, then what the import would do (counts, rejects
 * and likely duplicates, the new records on a map). (4) The import, once a dry run of the same
 * mapping has been seen: progress, then what it did, with a link to the map. (5) Earlier imports
 * from the audit log, each of which can read a newer file with its mapping.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ERROR_CODES, errorField, errorMessage } from '../../api/errors';
import type { AuditEntry } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { Pagination } from '../../components/Pagination';
import { EmptyState, Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { announce } from '../../lib/announcer';
import { formatDateTime, pageCount, plural } from '../../lib/format';
import { importApplied, useGetAuditLogQuery, useUploadImportMutation } from './adminApi';
import { QueryState, TabSection } from './AdminParts';
import { countsSentence, ImportReportView } from './ImportReport';
import { boundsOf, mapLinkFor, previewSummary, progressText, refusedKey, sameMapping } from './importMapping';
import { IMPORT_ERRORS, runImport } from './importStream';
import {
  FORMAT_LABELS,
  IMPORT_ACCEPT,
  MAX_IMPORT_BYTES,
  type ImportPreview,
  type ImportProgress,
  type ImportReport,
  type Mapping,
} from './importTypes';
import { MappingForm, type MappingRefusal } from './MappingForm';

type RunKind = 'dry-run' | 'apply';

interface Running {
  kind: RunKind;
  progress: ImportProgress | null;
}

/** An earlier run whose mapping reads the next upload. */
interface PreviousRun {
  id: string;
  label: string;
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;


export function ImportTab() {
  const dispatch = useAppDispatch();
  const [upload, uploading] = useUploadImportMutation();
  const [file, setFile] = useState<File | null>(null);
  const [previousRun, setPreviousRun] = useState<PreviousRun | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [refusal, setRefusal] = useState<MappingRefusal | null>(null);
  const [runError, setRunError] = useState<{ kind: RunKind; message: string } | null>(null);
  const [running, setRunning] = useState<Running | null>(null);
  const [status, setStatus] = useState<{ kind: RunKind; text: string } | null>(null);
  const [dryRun, setDryRun] = useState<{ report: ImportReport; mapping: Mapping } | null>(null);
  const [applied, setApplied] = useState<ImportReport | null>(null);

  const fileInput = useRef<HTMLInputElement>(null);
  const uploadSection = useRef<HTMLElement>(null);
  const mappingHeading = useRef<HTMLHeadingElement>(null);
  const refusalRef = useRef<HTMLParagraphElement>(null);
  const dryHeading = useRef<HTMLHeadingElement>(null);
  const appliedHeading = useRef<HTMLHeadingElement>(null);
  const reading = useRef<AbortController | null>(null);
  /** Where focus goes once the step it names has been drawn. */
  const focusNext = useRef<'mapping' | 'refusal' | 'dry-run' | 'apply' | null>(null);

  const fileId = useId();
  const fileHint = useId();
  const importHint = useId();

  // Leaving the tab stops reading a run's answer (an import goes on on the server).
  useEffect(() => () => reading.current?.abort(), []);

  // After each render: a step that has just appeared takes focus, once.
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    const target = { mapping: mappingHeading, refusal: refusalRef, 'dry-run': dryHeading, apply: appliedHeading }[next].current;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  const busy = running !== null;
  const dryRunCurrent = dryRun !== null && sameMapping(dryRun.mapping, mapping);

  const onUpload = async (e: FormEvent) => {
    e.preventDefault();
    if (uploading.isLoading || busy) return;
    if (!file) {
      setUploadError('Choose a file to import');
      fileInput.current?.focus();
      return;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      setUploadError(`The file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MiB`);
      return;
    }
    setUploadError(null);
    try {
      const answer = await upload({ file, previousRun: previousRun?.id ?? null }).unwrap();
      setPreview(answer);
      setMapping(answer.mapping);
      setRefusal(null);
      setRunError(null);
      setStatus(null);
      setDryRun(null);
      setApplied(null);
      setPreviousRun(null);
      focusNext.current = 'mapping';
    } catch (err) {
      setUploadError(errorMessage(err, 'The file could not be uploaded'));
    }
  };

  const start = async (kind: RunKind) => {
    if (!preview || !mapping || busy) return;
    const sent = mapping;
    const dry = kind === 'dry-run';
    const controller = new AbortController();
    reading.current = controller;
    setRefusal(null);
    setRunError(null);
    if (dry) {
      setDryRun(null);
      setApplied(null);
    }
    setRunning({ kind, progress: null });
    setStatus({ kind, text: progressText(null, dry) });
    const answer = await runImport({
      uploadId: preview.upload_id,
      dryRun: dry,
      mapping: sent,
      signal: controller.signal,
      onProgress: (progress) => {
        setRunning({ kind, progress });
        setStatus({ kind, text: progressText(progress, dry) });
      },
    });
    if (reading.current === controller) reading.current = null;
    // Left behind (the tab closed): nothing more to show.
    if ('error' in answer && answer.error.code === ERROR_CODES.aborted) return;
    setRunning(null);
    if ('report' in answer) {
      const { report } = answer;
      if (dry) {
        setDryRun({ report, mapping: sent });
        setStatus({ kind, text: `Dry run done: ${countsSentence(report)}.` });
        focusNext.current = 'dry-run';
      } else {
        setApplied(report);
        setStatus({ kind, text: `Imported ${plural(report.artworks_new, 'artwork')}.` });
        dispatch(importApplied());
        focusNext.current = 'apply';
      }
      return;
    }
    const err = answer.error;
    setStatus(null);
    if (errorField(err) === 'mapping') {
      setRefusal({ key: refusedKey(err.message), message: err.message });
      focusNext.current = 'refusal';
      return;
    }
    const prefix = err.code === IMPORT_ERRORS.failed ? (dry ? 'The dry run failed: ' : 'The import failed: ') : '';
    const message = `${prefix}${err.message || (dry ? 'The dry run failed' : 'The import failed')}`;
    setRunError({ kind, message });
  };

  const onDryRun = (e: FormEvent) => {
    e.preventDefault();
    void start('dry-run');
  };

  const newerFile = (run: PreviousRun) => {
    setPreviousRun(run);
    setUploadError(null);
    uploadSection.current?.scrollIntoView?.({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
    fileInput.current?.focus({ preventScroll: true });
    announce(`The next file is read with the mapping of ${run.label}. Choose the newer file.`);
  };

  const importHintText = applied
    ? 'Imported. Change the mapping and run a dry run again to import once more.'
    : !dryRun
      ? 'Run a dry run of this mapping first.'
      : !dryRunCurrent
        ? 'The mapping changed since the dry run: run the dry run again.'
        : `Imports ${plural(dryRun.report.artworks_new, 'new artwork')} through the artworks' import commands; they show at once.`;
  const mapLink = applied ? seeOnMap(applied, mapping) : null;

  return (
    <TabSection slug="import" title="Import" className="import">
      <p>
        Bring a city&apos;s open data in: upload the file, check how its fields map onto artworks, see what a dry run would do, then
        import. A record already imported from the same dataset is left alone.
      </p>

      {/* (1) Upload */}
      <section ref={uploadSection} aria-labelledby="import-upload-title" className="import-step">
        <h3 id="import-upload-title" className="section__subtitle">
          Upload a file
        </h3>
        {previousRun && (
          <div className="notice import-previous" data-testid="import-previous-run">
            <p>
              The next file is read with the mapping of {previousRun.label}, instead of a guessed one.
            </p>
            <button type="button" className="button button--text button--small" onClick={() => setPreviousRun(null)}>
              Guess a mapping instead
            </button>
          </div>
        )}
        <form className="import-upload" onSubmit={(e) => void onUpload(e)} aria-busy={uploading.isLoading || undefined} noValidate>
          <div className="field import-upload__file">
            <label className="field__label" htmlFor={fileId}>
              Open-data file
            </label>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept={IMPORT_ACCEPT}
              aria-describedby={fileHint}
              aria-invalid={uploadError ? true : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setUploadError(null);
              }}
            />
            <p id={fileHint} className="field__hint">
              CSV or TSV, GeoJSON, JSON, Overpass JSON or OpenStreetMap XML, up to 100 MiB.
            </p>
          </div>
          <button type="submit" className="button button--filled" disabled={uploading.isLoading || busy}>
            {uploading.isLoading && <Spinner />} Upload and read
          </button>
        </form>
        <p className="muted small" role="status" aria-live="polite">
          {uploading.isLoading && file ? `Uploading and reading ${file.name}…` : ''}
        </p>
        {uploadError && (
          <p className="replay-alert" role="alert" data-testid="import-upload-error">
            {uploadError}
          </p>
        )}
        {preview && <PreviewSummary preview={preview} />}
      </section>

      {/* (2) Mapping, (3) dry run */}
      {preview && mapping && (
        <section aria-labelledby="import-mapping-title" className="import-step">
          <h3 id="import-mapping-title" ref={mappingHeading} tabIndex={-1} className="section__subtitle">
            Check the mapping
          </h3>
          {preview.from_run ? (
            <p className="notice">This is the mapping of the earlier run {preview.from_run}; check it still fits the newer file.</p>
          ) : (
            <p className="muted small">Proposed from the file&apos;s field names and values. Each guess says why under its field.</p>
          )}
          {preview.undecided.length > 0 && (
            <div className="notice notice--warning import-undecided" data-testid="import-undecided">
              <p>
                <strong>Still to decide</strong> (the file cannot say):
              </p>
              <ul>
                {preview.undecided.map((u) => (
                  <li key={u}>{u}</li>
                ))}
              </ul>
            </div>
          )}
          <form onSubmit={onDryRun} noValidate aria-busy={running?.kind === 'dry-run' || undefined} aria-label="Mapping">
            <MappingForm key={preview.upload_id} preview={preview} value={mapping} onChange={setMapping} refusal={refusal} disabled={busy} />
            {refusal && (
              <p ref={refusalRef} tabIndex={-1} className="replay-alert" role="alert" data-testid="import-refusal">
                The mapping was refused: {refusal.message}
              </p>
            )}
            {runError?.kind === 'dry-run' && (
              <p className="replay-alert" role="alert">
                {runError.message}
              </p>
            )}
            <div className="button-row">
              <button type="submit" className="button button--filled" disabled={busy}>
                {running?.kind === 'dry-run' && <Spinner />} Dry run
              </button>
            </div>
          </form>
          <RunStatus kind="dry-run" running={running} status={status} />
          {dryRun && <ImportReportView ref={dryHeading} report={dryRun.report} title="What the import would do" />}
        </section>
      )}

      {/* (4) Import */}
      {preview && mapping && dryRun && (
        <section aria-labelledby="import-apply-title" className="import-step">
          <h3 id="import-apply-title" className="section__subtitle">
            Import
          </h3>
          <div className="button-row">
            <button
              type="button"
              className="button button--filled"
              disabled={busy || !dryRunCurrent || applied !== null}
              aria-describedby={importHint}
              onClick={() => void start('apply')}
            >
              {running?.kind === 'apply' && <Spinner />} Import
            </button>
          </div>
          <p id={importHint} className="muted small">
            {importHintText}
          </p>
          {runError?.kind === 'apply' && (
            <p className="replay-alert" role="alert">
              {runError.message}
            </p>
          )}
          <RunStatus kind="apply" running={running} status={status} />
          {applied && (
            <ImportReportView ref={appliedHeading} report={applied} title={`Imported ${plural(applied.artworks_new, 'artwork')}`}>
              <p className="import-report__links">
                {mapLink && <Link to={mapLink}>See them on the map</Link>}
                {applied.run_id && (
                  <span className="muted small">
                    {' '}
                    Run <code>{applied.run_id}</code>
                  </span>
                )}
              </p>
            </ImportReportView>
          )}
        </section>
      )}

      {/* (5) History */}
      <ImportHistory onNewerFile={newerFile} disabled={busy || uploading.isLoading} />
    </TabSection>
  );
}

/** The map page at the imported records, or the artwork list of the dataset's place. */
function seeOnMap(report: ImportReport, mapping: Mapping | null): string | null {
  const fresh = boundsOf(report.outcomes.filter((o) => o.outcome === 'new'));
  const any = fresh ?? boundsOf(report.outcomes);
  if (any) return mapLinkFor(any);
  const place = mapping?.dataset.place.trim();
  return place ? `${to.artworks()}?${new URLSearchParams({ city: place }).toString()}` : null;
}

function PreviewSummary({ preview }: { preview: ImportPreview }) {
  const columns = preview.columns;
  return (
    <div className="import-preview" data-testid="import-preview">
      <p className="import-preview__summary" data-testid="import-summary">
        {previewSummary(preview, FORMAT_LABELS[preview.format] ?? preview.format)}
      </p>
      {preview.unreadable_rows > 0 && (
        <p className="notice notice--warning">{plural(preview.unreadable_rows, 'row')} could not be read at all and will be left out.</p>
      )}
      {preview.notes['format.kind'] && <p className="muted small">{preview.notes['format.kind']}</p>}
      {preview.sample.length > 0 && (
        <div className="table-scroll import-sample" tabIndex={0} role="region" aria-label="Sample records">
          <table className="table">
            <caption className="visually-hidden">The first {plural(preview.sample.length, 'record')} of the file</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((record, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <td key={c} title={record[c] ?? ''}>
                      {record[c] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** A run's progress bar while it runs, and its live status line (progress, then the outcome). */
function RunStatus({ kind, running, status }: { kind: RunKind; running: Running | null; status: { kind: RunKind; text: string } | null }) {
  const mine = running?.kind === kind ? running : null;
  const progress = mine?.progress ?? null;
  return (
    <div className="import-run">
      {mine && (
        <progress
          className="replay-job__progress"
          aria-label={kind === 'dry-run' ? 'Dry run progress' : 'Import progress'}
          max={Math.max(progress?.total ?? 1, 1)}
          value={progress && progress.total > 0 ? progress.done : undefined}
        />
      )}
      <p className="replay-job__status" role="status" aria-live="polite" data-testid={`import-status-${kind}`}>
        {status?.kind === kind ? status.text : ''}
      </p>
    </div>
  );
}

/* ---- History ---- */

interface RunRecord {
  file?: string;
  dataset?: string;
  dataset_name?: string;
  artworks_new?: number;
  mapping?: string;
}

/** The `ImportRunRecorded` event's record, as the audit log stores its payload. */
function recordOf(payload: unknown): RunRecord {
  if (!payload || typeof payload !== 'object') return {};
  const p = payload as Record<string, unknown>;
  const inner = p.ImportRunRecorded ?? p;
  return inner && typeof inner === 'object' ? inner : {};
}

function ImportHistory({ onNewerFile, disabled }: { onNewerFile: (run: PreviousRun) => void; disabled: boolean }) {
  const [page, setPage] = useState(1);
  const query = useGetAuditLogQuery({ filters: { type: 'import_run' }, page, asOf: null }, { refetchOnMountOrArgChange: true });
  const data = query.currentData;
  return (
    <section aria-labelledby="import-history-title" className="import-step">
      <h3 id="import-history-title" className="section__subtitle">
        Earlier imports
      </h3>
      <QueryState
        query={{ ...query, isLoading: query.isLoading || (!data && query.isFetching) }}
        loadingLabel="Loading earlier imports…"
        failedTitle="Could not load earlier imports"
      >
        {data && data.entries.length === 0 && (
          <EmptyState title="No imports yet" icon="info">
            <p>Import runs are listed here once one has been made.</p>
          </EmptyState>
        )}
        {data && data.entries.length > 0 && (
          <>
            <ul className="row-list import-history" aria-label="Earlier imports, newest first">
              {data.entries.map((e) => (
                <HistoryRow key={e.position} entry={e} onNewerFile={onNewerFile} disabled={disabled} />
              ))}
            </ul>
            <Pagination
              page={page}
              totalPages={pageCount(data.total, data.limit)}
              onPage={setPage}
              label="Earlier imports pages"
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

function HistoryRow({ entry: e, onNewerFile, disabled }: { entry: AuditEntry; onNewerFile: (run: PreviousRun) => void; disabled: boolean }) {
  const record = recordOf(e.payload);
  const when = formatDateTime(e.recorded_at);
  const what = record.file ? `${record.file}${record.dataset_name ? ` (${record.dataset_name})` : ''}` : `run ${e.entity_id}`;
  const label = `the import of ${what} on ${when}`;
  return (
    <li className="row-list__item import-history__item" data-testid="import-run" data-run-id={e.entity_id}>
      <div className="row-list__text">
        <p className="row-list__title">{what}</p>
        <p className="row-list__meta">
          <time dateTime={e.recorded_at}>{when}</time> · {e.actor.display_name}
          {typeof record.artworks_new === 'number' && ` · ${plural(record.artworks_new, 'new artwork')}`}
        </p>
        <p className="row-list__meta">
          Run <code>{e.entity_id}</code>
        </p>
      </div>
      {record.mapping ? (
        <button
          type="button"
          className="button button--outlined button--small"
          disabled={disabled}
          onClick={() => onNewerFile({ id: e.entity_id, label })}
          aria-label={`Import a newer file with the mapping of ${label}`}
        >
          Import a newer file
        </button>
      ) : (
        <span className="muted small">No mapping recorded (a built-in dataset)</span>
      )}
    </li>
  );
}
