/**
 * The Import tab's calls that RTK Query cannot make, as it reads whole answers and reports no
 * progress. The upload goes through `XMLHttpRequest`, whose `upload.onprogress` tells how much
 * of the file is sent (fetch cannot). The dry run and the import answer `application/x-ndjson`:
 * progress lines while they run, then the report (or an error) as the last line, read through
 * `fetch`. Both send what the app's API layer sends (the user token in `X-User-Token`, stored
 * again when the answer carries a new one) and fail with the same `ApiError`s (`api/errors.ts`):
 * a refused mapping is a 400 whose `details.field` is "mapping".
 */
import { buildUrl } from '../../api/client';
import {
  abortedError,
  errorFromResponse,
  invalidResponseError,
  makeApiError,
  networkError,
  timeoutError,
  type ApiError,
} from '../../api/errors';
import { EVENT_POSITION_HEADER, notePosition } from '../../api/position';
import { t } from '../../i18n';
import { getToken, setToken, TOKEN_HEADER } from '../../api/token';
import {
  IMPORT_UPLOAD_TIMEOUT_MS,
  type Envelope_ImportPreview,
  type ImportLine,
  type ImportPreview,
  type ImportProgress,
  type ImportReport,
  type Mapping,
} from './importTypes';

/* ---- The upload ---- */

/** How far an upload has gone: `sent` of `total` bytes; once all are sent, the server reads the file. */
export interface UploadProgress {
  sent: number;
  total: number;
}

export interface UploadImportArgs {
  file: File;
  /** An earlier run (its `ImportRun` id) whose mapping reads the file, instead of a guess. */
  previousRun?: string | null;
  /** Called as the body goes out, the last time with `sent === total`. */
  onProgress?: (progress: UploadProgress) => void;
  /** Stops the upload (cancelled: `ABORTED`). */
  signal?: AbortSignal;
  timeoutMs?: number;
}

export type UploadImportResult = { preview: ImportPreview } | { error: ApiError };

const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/**
 * `POST /admin/imports` (multipart, `file`): the file read, with a proposed mapping (or
 * `previousRun`'s), or an `ApiError`: the server's refusal with its message, `NETWORK_ERROR`,
 * `TIMEOUT`, or `ABORTED` when `signal` stops it.
 */
export function uploadImport({ file, previousRun, onProgress, signal, timeoutMs = IMPORT_UPLOAD_TIMEOUT_MS }: UploadImportArgs): Promise<UploadImportResult> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve({ error: abortedError() });
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = (result: UploadImportResult) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    xhr.open('POST', buildUrl('/admin/imports', previousRun ? { previous_run: previousRun } : {}));
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader(TOKEN_HEADER, token);
    // The body's size: the file's, until the browser says how large the form around it is.
    let total = file.size;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) total = e.total;
      onProgress?.({ sent: Math.min(e.loaded, total), total });
    };
    // The whole body is out: from here the server reads the file.
    xhr.upload.onload = () => onProgress?.({ sent: total, total });
    xhr.onabort = () => done({ error: abortedError() });
    xhr.ontimeout = () => done({ error: timeoutError() });
    xhr.onerror = () => done({ error: networkError() });
    xhr.onload = () => {
      const newToken = xhr.getResponseHeader(TOKEN_HEADER);
      if (newToken) setToken(newToken);
      notePosition(xhr.getResponseHeader(EVENT_POSITION_HEADER));
      const isJson = /\bjson\b/i.test(xhr.getResponseHeader('Content-Type') ?? '');
      const body = isJson ? jsonOf(xhr.responseText) : null;
      if (xhr.status < 200 || xhr.status >= 300) {
        done({ error: errorFromResponse(xhr.status, xhr.statusText, body, xhr.getResponseHeader('Retry-After')) });
        return;
      }
      const data = (body as Partial<Envelope_ImportPreview> | null)?.data;
      done(data && typeof data === 'object' ? { preview: data } : { error: invalidResponseError() });
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/* ---- The dry run and the import ---- */

/** Error codes of failures the stream itself reports. */
export const IMPORT_ERRORS = {
  /** `{"error": {"message"}}`: the run failed on the server. */
  failed: 'IMPORT_FAILED',
  /** The answer ended (or the connection dropped) before the report. */
  incomplete: 'IMPORT_INCOMPLETE',
} as const;

/**
 * Splits text arriving in pieces into lines: `push` gives the lines a piece completes (a line
 * cut between two pieces comes out whole with the second), `end` the last one if the text did
 * not end with a newline. Blank lines and a trailing "\r" are dropped.
 */
export class LineSplitter {
  private rest = '';

  push(text: string): string[] {
    const parts = (this.rest + text).split('\n');
    this.rest = parts.pop() ?? '';
    return parts.map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');
  }

  end(): string[] {
    const last = this.rest.replace(/\r$/, '');
    this.rest = '';
    return last.trim() === '' ? [] : [last];
  }
}

/**
 * Reads `body` to its end, calling `onLine` with each complete line as soon as it has arrived.
 * Bytes are decoded as a stream, so a character cut between two chunks is read whole.
 */
export async function readLines(body: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const line of lines.push(decoder.decode(value, { stream: true }))) onLine(line);
    }
    for (const line of lines.push(decoder.decode())) onLine(line);
    for (const line of lines.end()) onLine(line);
  } finally {
    reader.releaseLock();
  }
}

/** One line of the answer, or null for a line that is not one (ignored). */
export function parseImportLine(line: string): ImportLine | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if ('progress' in v && v.progress && typeof v.progress === 'object') return v as ImportLine;
  if ('report' in v && v.report && typeof v.report === 'object') return v as ImportLine;
  if ('error' in v && v.error && typeof v.error === 'object') return v as ImportLine;
  return null;
}

export interface RunImportArgs {
  uploadId: string;
  /** true: what the import would do, writing nothing. */
  dryRun: boolean;
  mapping: Mapping;
  onProgress?: (progress: ImportProgress) => void;
  /** Stops reading (a dry run left behind); an import goes on on the server regardless. */
  signal?: AbortSignal;
}

const isAbort = (e: unknown) => typeof e === 'object' && e !== null && 'name' in e && e.name === 'AbortError';

export type RunImportResult = { report: ImportReport } | { error: ApiError };

/**
 * `POST /admin/imports/{id}/dry-run` or `…/apply` with the mapping: the report, or an
 * `ApiError` (the server's refusal with its message and `details`, the run's own error line, a
 * dropped connection, or `ABORTED`), as `api/client.ts` answers.
 */
export async function runImport({ uploadId, dryRun, mapping, onProgress, signal }: RunImportArgs): Promise<RunImportResult> {
  const headers = new Headers({ Accept: 'application/x-ndjson, application/json', 'Content-Type': 'application/json' });
  const token = getToken();
  if (token) headers.set(TOKEN_HEADER, token);
  const url = buildUrl(`/admin/imports/${encodeURIComponent(uploadId)}/${dryRun ? 'dry-run' : 'apply'}`);
  let response: Response;
  try {
    const init: RequestInit = { method: 'POST', headers, body: JSON.stringify({ mapping }) };
    if (signal) init.signal = signal;
    response = await fetch(url, init);
  } catch (e) {
    return { error: isAbort(e) ? abortedError() : networkError() };
  }
  const newToken = response.headers.get(TOKEN_HEADER);
  if (newToken) setToken(newToken);
  notePosition(response.headers.get(EVENT_POSITION_HEADER));

  const contentType = response.headers.get('Content-Type') ?? '';
  if (!response.ok || !response.body || !/ndjson/i.test(contentType)) {
    const body: unknown = /json/i.test(contentType) ? await response.json().catch(() => null) : null;
    if (response.ok) return { error: makeApiError(IMPORT_ERRORS.incomplete, response.status, t('admin.import.stream.noReport')) };
    return { error: errorFromResponse(response.status, response.statusText, body, response.headers.get('Retry-After')) };
  }

  // Filled in by the lines as they arrive.
  const got: { report: ImportReport | null; failure: ApiError | null } = { report: null, failure: null };
  try {
    await readLines(response.body, (text) => {
      const line = parseImportLine(text);
      if (!line) return;
      if ('progress' in line) onProgress?.(line.progress);
      else if ('report' in line) got.report = line.report;
      else got.failure = makeApiError(IMPORT_ERRORS.failed, response.status, line.error.message || t('admin.import.stream.runFailed'));
    });
  } catch (e) {
    if (isAbort(e) || signal?.aborted) return { error: abortedError() };
    return {
      error: makeApiError(
        IMPORT_ERRORS.incomplete,
        0,
        t(dryRun ? 'admin.import.stream.droppedDryRun' : 'admin.import.stream.droppedImport'),
      ),
    };
  }
  if (got.failure) return { error: got.failure };
  if (!got.report) return { error: makeApiError(IMPORT_ERRORS.incomplete, response.status, t('admin.import.stream.endedEarly')) };
  return { report: got.report };
}
