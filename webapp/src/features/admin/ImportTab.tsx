/**
 * Import: a city's open data into the registry, in steps on one page, each appearing once the
 * one before is done. (1) Upload a file, with its progress (then the server's reading step) and
 * a way to cancel: it is read on the server and answered with a summary, a sample, each column's
 * values and a proposed mapping (or an earlier run's, for a newer file of the same source).
 * (2) Check the mapping: the dataset's facts the file cannot give, which fields mean what, each
 * guess with its reason. (3) A dry run: progress, then what the import would do (counts, rejects
 * and likely duplicates, the new records on a map). (4) The import, once a dry run of the same
 * mapping has been seen: progress, then what it did, with a link to the map. (5) Earlier imports
 * (`GET /admin/imports`), each of which can read a newer file with its mapping.
 *
 * Kept in one file on purpose: the four steps share the upload, the mapping and the run's state;
 * the mapping form and the report are components of their own.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import './import-columns.css';
import { ERROR_CODES, errorField, errorMessage, serverMessage, type ApiError } from '../../api/errors';
import { useAppDispatch } from '../../app/hooks';
import { LabelledField } from '../../components/LabelledField';
import { EmptyState, loadingUntil, QueryState, Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { t as translate, useT } from '../../i18n';
import { announce } from '../../lib/announcer';
import { formatDateTime } from '../../lib/format';
import { importApplied, useGetImportRunsQuery } from './adminApi';
import { TabSection } from './AdminParts';
import { countsSentence, ImportReportView } from './ImportReport';
import { boundsOf, mapLinkFor, previewSummary, progressText, refusedKey, runCountsSentence, sameMapping, uploadText } from './importMapping';
import { IMPORT_ERRORS, runImport, uploadImport, type UploadProgress } from './importStream';
import {
  FORMAT_LABELS,
  IMPORT_ACCEPT,
  MAX_IMPORT_BYTES,
  type ImportPreview,
  type ImportProgress,
  type ImportReport,
  type ImportRun,
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

/** What a failed upload shows: the server's reason, or what went wrong on the way. */
function uploadFailure(err: ApiError): string {
  if (err.code === ERROR_CODES.aborted) return translate('admin.import.uploadCancelled');
  return serverMessage(err) ?? translate('admin.import.uploadFailedBecause', { reason: errorMessage(err, translate('admin.import.uploadFailed')) });
}

export function ImportTab() {
  const t = useT();
  const dispatch = useAppDispatch();
  /** The upload under way: how much is sent (all of it: the server is reading); null when none is. */
  const [uploading, setUploading] = useState<{ file: File; progress: UploadProgress } | null>(null);
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
  const sending = useRef<AbortController | null>(null);
  /** Where focus goes once the step it names has been drawn. */
  const focusNext = useRef<'mapping' | 'refusal' | 'dry-run' | 'apply' | null>(null);

  const fileId = useId();
  const fileHint = useId();
  const importHint = useId();

  // Leaving the tab stops an upload, and reading a run's answer (an import goes on on the server).
  useEffect(
    () => () => {
      sending.current?.abort();
      reading.current?.abort();
    },
    [],
  );

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
    if (uploading || busy) return;
    if (!file) {
      setUploadError(translate('admin.import.chooseFile'));
      fileInput.current?.focus();
      return;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      setUploadError(translate('admin.import.tooLarge', { size: MAX_IMPORT_BYTES / (1024 * 1024) }));
      return;
    }
    setUploadError(null);
    const controller = new AbortController();
    sending.current = controller;
    setUploading({ file, progress: { sent: 0, total: file.size } });
    const result = await uploadImport({
      file,
      previousRun: previousRun?.id ?? null,
      signal: controller.signal,
      onProgress: (progress) => {
        if (sending.current === controller) setUploading({ file, progress });
      },
    });
    // Left behind (the tab closed): nothing more to show.
    if (sending.current !== controller) return;
    sending.current = null;
    setUploading(null);
    if ('error' in result) {
      setUploadError(uploadFailure(result.error));
      return;
    }
    const answer = result.preview;
    setPreview(answer);
    setMapping(answer.mapping);
    setRefusal(null);
    setRunError(null);
    setStatus(null);
    setDryRun(null);
    setApplied(null);
    setPreviousRun(null);
    focusNext.current = 'mapping';
  };

  const cancelUpload = () => sending.current?.abort();

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
        setStatus({ kind, text: translate('admin.import.dryRunDone', { counts: countsSentence(report) }) });
        focusNext.current = 'dry-run';
      } else {
        setApplied(report);
        setStatus({ kind, text: translate('admin.import.importedStatus', { count: report.artworks_new }) });
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
    const reason = err.message || translate(dry ? 'admin.import.dryRunFailed' : 'admin.import.importFailed');
    const message =
      err.code === IMPORT_ERRORS.failed ? translate(dry ? 'admin.import.dryRunFailedBecause' : 'admin.import.importFailedBecause', { reason }) : reason;
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
    announce(translate('admin.import.nextFileAnnounce', { label: run.label }));
  };

  const importHintText = applied
    ? t('admin.import.hint.imported')
    : !dryRun
      ? t('admin.import.hint.dryRunFirst')
      : !dryRunCurrent
        ? t('admin.import.hint.changed')
        : t('admin.import.hint.ready', { count: dryRun.report.artworks_new });
  const mapLink = applied ? seeOnMap(applied, mapping) : null;

  return (
    <TabSection slug="import" title={t('admin.import.title')} className="import">
      <p>{t('admin.import.intro')}</p>

      {/* (1) Upload */}
      <section ref={uploadSection} aria-labelledby="import-upload-title" className="import-step">
        <h3 id="import-upload-title" className="section__subtitle">
          {t('admin.import.uploadHeading')}
        </h3>
        {previousRun && (
          <div className="notice import-previous" data-testid="import-previous-run">
            <p>{t('admin.import.nextFile', { label: previousRun.label })}</p>
            <button type="button" className="button button--text button--small" onClick={() => setPreviousRun(null)}>
              {t('admin.import.guessInstead')}
            </button>
          </div>
        )}
        <form className="import-upload" onSubmit={(e) => void onUpload(e)} aria-busy={uploading !== null || undefined} noValidate>
          <LabelledField htmlFor={fileId} label={t('admin.import.file')} className="field import-upload__file">
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
              {t('admin.import.fileHint')}
            </p>
          </LabelledField>
          <button type="submit" className="button button--filled" disabled={uploading !== null || busy}>
            {uploading && <Spinner />} {t('admin.import.upload')}
          </button>
        </form>
        {uploading && <UploadStatus file={uploading.file} progress={uploading.progress} onCancel={cancelUpload} />}
        <p className="muted small" role="status" aria-live="polite" data-testid="import-upload-status">
          {uploading ? uploadText(uploading.file.name, uploading.progress, false) : ''}
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
            {t('admin.import.checkMapping')}
          </h3>
          {preview.from_run ? (
            <p className="notice">{t('admin.import.fromRun', { run: preview.from_run })}</p>
          ) : (
            <p className="muted small">{t('admin.import.proposed')}</p>
          )}
          {preview.undecided.length > 0 && (
            <div className="notice notice--warning import-undecided" data-testid="import-undecided">
              <p>{t.rich('admin.import.undecided', { strong: (chunks) => <strong>{chunks}</strong> })}</p>
              <ul>
                {preview.undecided.map((u) => (
                  <li key={u}>{u}</li>
                ))}
              </ul>
            </div>
          )}
          <form onSubmit={onDryRun} noValidate aria-busy={running?.kind === 'dry-run' || undefined} aria-label={t('admin.import.mappingForm')}>
            <MappingForm key={preview.upload_id} preview={preview} value={mapping} onChange={setMapping} refusal={refusal} disabled={busy} />
            {refusal && (
              <p ref={refusalRef} tabIndex={-1} className="replay-alert" role="alert" data-testid="import-refusal">
                {t('admin.import.refused', { message: refusal.message })}
              </p>
            )}
            {runError?.kind === 'dry-run' && (
              <p className="replay-alert" role="alert">
                {runError.message}
              </p>
            )}
            <div className="button-row">
              <button type="submit" className="button button--filled" disabled={busy}>
                {running?.kind === 'dry-run' && <Spinner />} {t('admin.import.dryRun')}
              </button>
            </div>
          </form>
          <RunStatus kind="dry-run" running={running} status={status} />
          {dryRun && <ImportReportView ref={dryHeading} report={dryRun.report} title={t('admin.import.wouldDo')} />}
        </section>
      )}

      {/* (4) Import */}
      {preview && mapping && dryRun && (
        <section aria-labelledby="import-apply-title" className="import-step">
          <h3 id="import-apply-title" className="section__subtitle">
            {t('admin.import.applyHeading')}
          </h3>
          <div className="button-row">
            <button
              type="button"
              className="button button--filled"
              disabled={busy || !dryRunCurrent || applied !== null}
              aria-describedby={importHint}
              onClick={() => void start('apply')}
            >
              {running?.kind === 'apply' && <Spinner />} {t('admin.import.apply')}
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
            <ImportReportView ref={appliedHeading} report={applied} title={t('admin.import.imported', { count: applied.artworks_new })}>
              <p className="import-report__links">
                {mapLink && <Link to={mapLink}>{t('admin.import.seeOnMap')}</Link>}
                {applied.run_id && (
                  <span className="muted small">
                    {' '}
                    {t.rich('admin.import.runId', { id: <code>{applied.run_id}</code> })}
                  </span>
                )}
              </p>
            </ImportReportView>
          )}
        </section>
      )}

      {/* (5) History */}
      <ImportHistory onNewerFile={newerFile} disabled={busy || uploading !== null} />
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
  const t = useT();
  const columns = preview.columns;
  return (
    <div className="import-preview" data-testid="import-preview">
      <p className="import-preview__summary" data-testid="import-summary">
        {previewSummary(preview, FORMAT_LABELS[preview.format] ?? preview.format)}
      </p>
      {preview.unreadable_rows > 0 && (
        <p className="notice notice--warning">{t('admin.import.unreadable', { count: preview.unreadable_rows })}</p>
      )}
      {preview.notes['format.kind'] && <p className="muted small">{preview.notes['format.kind']}</p>}
      {preview.sample.length > 0 && (
        <div className="table-scroll import-sample" tabIndex={0} role="region" aria-label={t('admin.import.sample')}>
          <table className="table">
            <caption className="visually-hidden">{t('admin.import.sampleCaption', { count: preview.sample.length })}</caption>
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
  const t = useT();
  const mine = running?.kind === kind ? running : null;
  const progress = mine?.progress ?? null;
  return (
    <div className="import-run">
      {mine && (
        <progress
          className="replay-job__progress"
          aria-label={kind === 'dry-run' ? t('admin.import.dryRunProgress') : t('admin.import.importProgress')}
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

/** The upload's progress: the share of the file sent, then the server reading it; and a way to stop. */
function UploadStatus({ file, progress, onCancel }: { file: File; progress: UploadProgress; onCancel: () => void }) {
  const t = useT();
  const sent = progress.total > 0 && progress.sent >= progress.total;
  return (
    <div className="import-upload-progress" data-testid="import-upload-progress">
      <progress
        className="replay-job__progress"
        aria-label={sent ? t('admin.import.readingOnServer', { name: file.name }) : t('admin.import.sending', { name: file.name })}
        max={Math.max(progress.total, 1)}
        value={sent ? undefined : progress.sent}
      />
      <p className="muted small import-upload-progress__text" data-testid="import-upload-sent">
        {uploadText(file.name, progress, true)}
      </p>
      <button type="button" className="button button--text button--small" onClick={onCancel}>
        {t('admin.import.cancelUpload')}
      </button>
    </div>
  );
}

/* ---- History ---- */

/**
 * The runs recorded so far, newest first, a page at a time: each page's cursor is kept, so
 * "Newer" goes back to the page before.
 */
function ImportHistory({ onNewerFile, disabled }: { onNewerFile: (run: PreviousRun) => void; disabled: boolean }) {
  const t = useT();
  /** The `before` of each page shown so far: null for the first. */
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const page = cursors.length;
  const before = cursors[page - 1] ?? null;
  const query = useGetImportRunsQuery({ before }, { refetchOnMountOrArgChange: true });
  const data = query.currentData;
  return (
    <section aria-labelledby="import-history-title" className="import-step">
      <h3 id="import-history-title" className="section__subtitle">
        {t('admin.import.history.title')}
      </h3>
      <QueryState query={loadingUntil(query, data)} loadingLabel={t('admin.import.history.loading')} failedTitle={t('admin.import.history.failed')}>
        {data && data.runs.length === 0 && page === 1 && (
          <EmptyState title={t('admin.import.history.empty')} icon="info">
            <p>{t('admin.import.history.emptyHint')}</p>
          </EmptyState>
        )}
        {data && (data.runs.length > 0 || page > 1) && (
          <>
            <ul className="row-list import-history" aria-label={t('admin.import.history.list')}>
              {data.runs.map((run) => (
                <HistoryRow key={run.run_id} run={run} onNewerFile={onNewerFile} disabled={disabled} />
              ))}
            </ul>
            {(page > 1 || data.next) && (
              <nav className="pagination" aria-label={t('admin.import.history.pages')}>
                <button type="button" className="button button--outlined" disabled={page <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
                  {t('admin.import.history.newer')}
                </button>
                <span className="pagination__position" aria-current="page">
                  {t('admin.import.history.page', { page })}
                </span>
                <button
                  type="button"
                  className="button button--outlined"
                  disabled={!data.next}
                  onClick={() => {
                    if (data.next) setCursors([...cursors, data.next]);
                  }}
                >
                  {t('admin.import.history.older')}
                </button>
              </nav>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function HistoryRow({ run, onNewerFile, disabled }: { run: ImportRun; onNewerFile: (run: PreviousRun) => void; disabled: boolean }) {
  const t = useT();
  const when = formatDateTime(run.recorded_at);
  const what = `${run.file}${run.dataset_name ? ` (${run.dataset_name})` : ''}`;
  const label = t('admin.import.history.runLabel', { what, when });
  return (
    <li className="row-list__item import-history__item" data-testid="import-run" data-run-id={run.run_id}>
      <div className="row-list__text">
        <p className="row-list__title">{what}</p>
        <p className="row-list__meta">
          <time dateTime={run.recorded_at}>{when}</time> · {run.run_by ?? t('admin.import.history.commandLine')} ·{' '}
          {t('admin.import.history.newArtworks', { count: run.artworks_new })}
        </p>
        <p className="row-list__meta" data-testid="import-run-counts">
          {runCountsSentence(run)}
        </p>
        <p className="row-list__meta">
          {t.rich('admin.import.history.dataset', { dataset: <code>{run.dataset}</code> })}
          {run.licence && ` · ${run.licence}`} · {t.rich('admin.import.runId', { id: <code>{run.run_id}</code> })}
        </p>
      </div>
      {run.has_mapping ? (
        <button
          type="button"
          className="button button--outlined button--small"
          disabled={disabled}
          onClick={() => onNewerFile({ id: run.run_id, label })}
          aria-label={t('admin.import.history.newerFileOf', { label })}
        >
          {t('admin.import.history.newerFile')}
        </button>
      ) : (
        <span className="muted small">{t('admin.import.history.noMapping')}</span>
      )}
    </li>
  );
}
