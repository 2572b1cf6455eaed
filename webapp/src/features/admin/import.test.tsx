import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, envelope, mockFetch, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { setLocale } from '../../i18n';
import { renderRoute } from '../../testing/render';
import {
  coordinateMode,
  distinctText,
  formatBytes,
  keyOf,
  refusedKey,
  runCountsSentence,
  sameMapping,
  setCoordinateMode,
  setKey,
  setMappedColumn,
  setTags,
  tagRows,
  unmappedValues,
  uploadText,
} from './importMapping';
import { IMPORT_ERRORS, LineSplitter, readLines, runImport, uploadImport, type UploadImportResult } from './importStream';
import { countsSentence } from './ImportReport';
import type { ImportPreview, ImportReport, ImportRun, Mapping } from './importTypes';

/**
 * An XMLHttpRequest stand-in for the upload. By default it sends what it is given through the
 * mocked `fetch` (so `callsTo` sees it), reporting the whole body sent first; one made while
 * `FakeXhr.manual` is set waits for the test to drive it: `progress`, `sent`, `respond`, `fail`.
 */
class FakeXhr {
  static made: FakeXhr[] = [];
  static manual = false;
  /** Resolves the next one made. */
  static waiting: Array<(x: FakeXhr) => void> = [];
  static next(): Promise<FakeXhr> {
    return new Promise((resolve) => FakeXhr.waiting.push(resolve));
  }

  method = 'GET';
  url = '';
  headers = new Headers();
  timeout = 0;
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  private response: Response | null = null;
  private settled = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers.set(k, v);
  }
  getResponseHeader(k: string): string | null {
    return this.response?.headers.get(k) ?? null;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.made.push(this);
    FakeXhr.waiting.shift()?.(this);
    if (FakeXhr.manual) return;
    void (async () => {
      const size = body instanceof FormData ? ((body.get('file') as File | null)?.size ?? 0) : 0;
      this.progress(size, size);
      this.sent();
      const answer = await fetch(this.url, { method: this.method, headers: this.headers, body: body as BodyInit });
      await this.respond(answer);
    })();
  }
  abort() {
    if (this.settled) return;
    this.settled = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  sent() {
    this.upload.onload?.();
  }
  async respond(answer: Response) {
    if (this.settled) return;
    this.response = answer;
    this.status = answer.status;
    this.statusText = answer.statusText;
    this.responseText = await answer.text();
    this.settled = true;
    this.onload?.();
  }
  fail() {
    if (this.settled) return;
    this.settled = true;
    this.onerror?.();
  }
  timeOut() {
    if (this.settled) return;
    this.settled = true;
    this.ontimeout?.();
  }
}

beforeEach(() => {
  FakeXhr.made = [];
  FakeXhr.waiting = [];
  FakeXhr.manual = false;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

const encoder = new TextEncoder();

/** A body arriving in these pieces (bytes cut anywhere, even inside a character). */
function streamOf(chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === 'string' ? encoder.encode(c) : c);
      controller.close();
    },
  });
}

function ndjson(chunks: Array<string | Uint8Array>, status = 200): Response {
  return new Response(streamOf(chunks), { status, headers: { 'Content-Type': 'application/x-ndjson' } });
}

/* ---- The NDJSON line reader ---- */

describe('the NDJSON line reader', () => {
  it('gives each line whole, wherever the chunks cut it', async () => {
    const lines: string[] = [];
    const bytes = encoder.encode('{"progress":{"step":"montréal artworks","done":1,"total":2}}\n');
    // "é" is two bytes: cut between them.
    const cut = bytes.indexOf(0xc3) + 1;
    await readLines(
      streamOf([bytes.slice(0, 5), bytes.slice(5, cut), bytes.slice(cut), '{"report":', '{"file":"a.csv"}}\r\n', '\n', '{"error":{"message":"x"}}']),
      (l) => lines.push(l),
    );
    expect(lines).toEqual([
      '{"progress":{"step":"montréal artworks","done":1,"total":2}}',
      '{"report":{"file":"a.csv"}}',
      '{"error":{"message":"x"}}',
    ]);
  });

  it('splits text pushed in pieces, keeping an unfinished line for later', () => {
    const s = new LineSplitter();
    expect(s.push('ab')).toEqual([]);
    expect(s.push('c\nde')).toEqual(['abc']);
    expect(s.push('f\n\ng')).toEqual(['def']);
    expect(s.end()).toEqual(['g']);
    expect(s.end()).toEqual([]);
  });
});

/* ---- The dry run's and the import's call ---- */

const MAPPING_JSON = {
  dataset: { key: 'art-public', name: 'art-public', place: '', licence: '', attribution: '', source_url: '' },
  format: { kind: 'csv', delimiter: null, records: null },
  // As the server sends it: `hash_of` left out when empty, `geometry` when false, a map when empty.
  id: { column: 'No' },
  coordinates: { lat: 'Latitude', lon: 'Longitude', x: null, y: null, projection: null, wkt: null, lat_lon: null, bounds: [45.3, -74, 45.8, -73.4] },
  fields: {
    title: 'Titre',
    description: 'Description',
    artists: 'Artiste',
    artist_separator: ';',
    year: 'Année',
    material: null,
    address: null,
    url: null,
    photo: null,
  },
  type: { column: 'Catégorie', default: null, map: { Murale: 'mural', Sculpture: 'sculpture' } },
  status: { column: null },
  tags: { neighbourhood: 'Quartier' },
};
const MAPPING = MAPPING_JSON as unknown as Mapping;

function report(over: Partial<ImportReport> = {}): ImportReport {
  return {
    file: 'art-public.csv',
    dataset: 'art-public',
    dry_run: true,
    records_read: 6,
    artworks_new: 5,
    artworks_linked: 0,
    artworks_changed: 0,
    artworks_unchanged: 0,
    artists_new: 4,
    artists_unchanged: 0,
    artists_linked: 0,
    rejected: 1,
    rejects_by_reason: { 'no coordinates': 1 },
    likely_duplicates: 1,
    gone: [],
    dropped_tags: 0,
    outcomes: [
      { source_id: '6', title: 'Sans lieu', outcome: 'rejected', reason: 'no coordinates', lat: null, lon: null },
      { source_id: '2', title: 'Le Phare', outcome: 'new', reason: 'likely the same as "Le Phare" (x), 8.7 m away, similarity 0.93', lat: 45.5, lon: -73.56 },
      { source_id: '1', title: 'Les Mains', outcome: 'new', reason: '', lat: 45.51, lon: -73.57 },
    ],
    outcomes_total: 6,
    run_id: null,
    ...over,
  };
}

describe('countsSentence', () => {
  it('names records linked to artworks we had only when there are some', () => {
    expect(countsSentence(report())).toBe('5 new, 0 changed, 0 already imported, 1 rejected, 1 likely duplicate');
    expect(countsSentence(report({ artworks_linked: 2, likely_duplicates: 0 }))).toBe(
      '5 new, 0 changed, 0 already imported, 1 rejected, 2 linked to artworks Plinth had, 0 likely duplicates',
    );
  });
});

describe('the tab’s words', () => {
  it('say sizes, the upload’s step and an earlier run’s counts', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(4300)).toBe('4.2 KiB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MiB');
    expect(uploadText('a.csv', { sent: 512, total: 1024 }, true)).toBe('Sending a.csv: 50 % (512 B of 1 KiB)');
    expect(uploadText('a.csv', { sent: 512, total: 1024 }, false)).toBe('Uploading a.csv…');
    expect(uploadText('a.csv', { sent: 1024, total: 1024 }, true)).toBe('Sent 1 KiB. Reading a.csv on the server…');
    expect(runCountsSentence(RUN)).toBe('20 records read: 12 new, 1 changed, 4 already imported, 3 rejected, 1 likely duplicate; artists 9 new, 2 already imported.');
    expect(runCountsSentence({ ...RUN, artworks_linked: 2, gone: 3, likely_duplicates: 0, artists_linked: 1 })).toBe(
      '20 records read: 12 new, 2 linked to artworks Plinth had, 1 changed, 4 already imported, 3 rejected, 0 likely duplicates, 3 no longer in the file; artists 9 new, 1 credited as one Plinth had, 2 already imported.',
    );
  });

  it('say what a column holds, and which of its values the map lacks', () => {
    const types = PREVIEW.column_values['Catégorie']!;
    expect(distinctText(types)).toBe('4 distinct values in 1,200 records');
    expect(distinctText(PREVIEW.column_values.No!)).toBe('10,000+ distinct values in 1,234 records');
    expect(distinctText({ filled: 0, distinct: 0, more: false, top: [] })).toBe('No values');
    // Compared as the importer does: trimmed, case ignored.
    expect(unmappedValues(types, { ' murale ': 'mural', SCULPTURE: 'sculpture' }).map((v) => v.value)).toEqual(['Mosaïque', 'Vitrail']);
    expect(unmappedValues(undefined, {})).toEqual([]);
  });
});

describe('uploadImport', () => {
  const file = () => new File(['No;Titre\n1;Les Mains\n'], 'art-public.csv', { type: 'text/csv' });

  it('sends the file with the user token, reports what is sent, and answers the preview', async () => {
    localStorage.setItem('user-token', 'b'.repeat(64));
    FakeXhr.manual = true;
    const seen: string[] = [];
    const next = FakeXhr.next();
    const answer = uploadImport({ file: file(), previousRun: RUN_ID, onProgress: (p) => seen.push(`${p.sent}/${p.total}`) });
    const xhr = await next;
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url).pathname).toBe('/api/admin/imports');
    expect(new URL(xhr.url).searchParams.get('previous_run')).toBe(RUN_ID);
    expect(xhr.headers.get('X-User-Token')).toBe('b'.repeat(64));
    expect((xhr.body as FormData).get('file')).toHaveProperty('name', 'art-public.csv');
    xhr.progress(10, 21);
    xhr.progress(21, 21);
    xhr.sent();
    await xhr.respond(envelope(PREVIEW, { 'X-User-Token': 'c'.repeat(64) }));
    expect(await answer).toEqual({ preview: PREVIEW });
    expect(seen).toEqual(['10/21', '21/21', '21/21']);
    expect(localStorage.getItem('user-token')).toBe('c'.repeat(64));
  });

  it('answers the server’s refusal, a dropped connection, a timeout and a cancel as errors', async () => {
    FakeXhr.manual = true;
    const run = async (act: (x: FakeXhr) => Promise<void> | void, signal?: AbortSignal): Promise<UploadImportResult> => {
      const next = FakeXhr.next();
      const answer = uploadImport({ file: file(), ...(signal ? { signal } : {}) });
      await act(await next);
      return answer;
    };
    expect(await run((x) => x.respond(apiError(400, 'VALIDATION_ERROR', 'The file holds no records', { field: 'file' })))).toMatchObject({
      error: { status: 400, message: 'The file holds no records', details: { field: 'file' } },
    });
    expect(await run((x) => x.fail())).toMatchObject({ error: { code: 'NETWORK_ERROR', status: 0, message: 'Network error occurred' } });
    expect(await run((x) => x.timeOut())).toMatchObject({ error: { code: 'TIMEOUT', status: 408, message: 'Request timeout' } });
    const controller = new AbortController();
    expect(await run(() => controller.abort(), controller.signal)).toMatchObject({ error: { code: 'ABORTED' } });
    expect(await run((x) => x.respond(new Response('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } })))).toMatchObject({
      error: { code: 'INVALID_RESPONSE' },
    });
  });
});

describe('runImport', () => {
  it('sends the mapping with the user token, reports progress and answers the report', async () => {
    localStorage.setItem('user-token', 'b'.repeat(64));
    const { calls } = mockFetch({
      'POST /api/admin/imports/u1/dry-run': () =>
        ndjson(['{"progress":{"step":"art-public artworks","done":2,', '"total":6}}\n{"report":', `${JSON.stringify(report())}}\n`]),
    });
    const seen: string[] = [];
    const answer = await runImport({ uploadId: 'u1', dryRun: true, mapping: MAPPING, onProgress: (p) => seen.push(`${p.done}/${p.total} ${p.step}`) });
    expect(answer).toEqual({ report: report() });
    expect(seen).toEqual(['2/6 art-public artworks']);
    expect(calls[0]!.headers.get('X-User-Token')).toBe('b'.repeat(64));
    expect(JSON.parse(calls[0]!.body as string)).toEqual({ mapping: MAPPING_JSON });
  });

  it('answers a refused mapping as the server put it, and the run’s own error line', async () => {
    mockFetch({
      'POST /api/admin/imports/u1/dry-run': () =>
        apiError(400, 'VALIDATION_ERROR', "[dataset] licence is empty; write the publisher's licence", { field: 'mapping' }),
      'POST /api/admin/imports/u1/apply': () => ndjson(['{"progress":{"step":"s","done":0,"total":1}}\n', '{"error":{"message":"the store is down"}}\n']),
    });
    const refused = await runImport({ uploadId: 'u1', dryRun: true, mapping: MAPPING });
    expect(refused).toMatchObject({
      error: { status: 400, details: { field: 'mapping' }, message: "[dataset] licence is empty; write the publisher's licence" },
    });
    const failed = await runImport({ uploadId: 'u1', dryRun: false, mapping: MAPPING });
    expect(failed).toMatchObject({ error: { code: IMPORT_ERRORS.failed, message: 'the store is down' } });
  });

  it('says so when the answer ends before the report', async () => {
    mockFetch({ 'POST /api/admin/imports/u1/dry-run': () => ndjson(['{"progress":{"step":"s","done":0,"total":1}}\n']) });
    expect(await runImport({ uploadId: 'u1', dryRun: true, mapping: MAPPING })).toMatchObject({ error: { code: IMPORT_ERRORS.incomplete } });
  });
});

/* ---- The mapping's edits ---- */

describe('the mapping’s edits', () => {
  it('remove a key left empty and add none that was not chosen', () => {
    const none = setKey(MAPPING, 'fields', 'description', '');
    expect(none.fields).not.toHaveProperty('description');
    expect(none.fields).toHaveProperty('title', 'Titre');
    // A key already absent stays absent; a section the mapping lacks is not added for nothing.
    expect(setKey(none, 'fields', 'description', '')).toBe(none);
    const noStatus: Mapping = { ...MAPPING };
    delete noStatus.status;
    expect(setKey(noStatus, 'status', 'column', '')).toBe(noStatus);
    expect(keyOf(setKey(MAPPING, 'fields', 'material', 'Matériaux'), 'fields', 'material')).toBe('Matériaux');
  });

  it('switch the way the point is given, keeping the bounds and the format', () => {
    const wkt = setKey(setCoordinateMode(MAPPING, 'wkt'), 'coordinates', 'wkt', 'Geom');
    expect(wkt.coordinates).toEqual({ wkt: 'Geom', bounds: [45.3, -74, 45.8, -73.4] });
    expect(wkt.format).toBe(MAPPING.format);
    expect(coordinateMode(wkt.coordinates)).toBe('wkt');
    expect(setCoordinateMode(wkt, 'geometry').coordinates).toEqual({ geometry: true, bounds: [45.3, -74, 45.8, -73.4] });
    expect(setCoordinateMode(MAPPING, 'lat_lon_fields')).toBe(MAPPING);
  });

  it('drop a value map with its field, and bring the proposed one back with the proposed field', () => {
    const none = setMappedColumn(MAPPING, MAPPING, 'type', '');
    expect(none.type).toEqual({ default: null });
    const back = setMappedColumn(none, MAPPING, 'type', 'Catégorie');
    expect(back.type).toEqual(MAPPING.type);
  });

  it('keep the tags of complete rows only', () => {
    const rows = [...tagRows(MAPPING), { id: 9, key: 'site', field: '' }, { id: 10, key: ' borough ', field: 'Arrondissement' }];
    expect(setTags(MAPPING, rows).tags).toEqual({ neighbourhood: 'Quartier', borough: 'Arrondissement' });
    expect(sameMapping(setTags(MAPPING, tagRows(MAPPING)), MAPPING)).toBe(true);
  });

  it('name the key a refusal is about', () => {
    expect(refusedKey("[dataset] licence is empty; write the publisher's licence")).toBe('dataset.licence');
    expect(refusedKey('Something else')).toBeNull();
  });
});

/* ---- The tab ---- */

const PREVIEW: ImportPreview = {
  upload_id: '0196a000-0000-7000-8000-0000000000aa',
  file_name: 'art-public.csv',
  format: 'csv',
  encoding: 'windows-1252',
  records: 1234,
  unreadable_rows: 0,
  columns: ['No', 'Titre', 'Description', 'Artiste', 'Catégorie', 'Année', 'Latitude', 'Longitude', 'Quartier'],
  sample: [
    { No: '1', Titre: 'Les Mains', Artiste: 'A. Roy', Catégorie: 'Sculpture', Année: '1987', Latitude: '45.51', Longitude: '-73.57', Quartier: 'Plateau' },
    { No: '2', Titre: 'Le Phare', Artiste: 'B. Côté', Catégorie: 'Murale', Année: '2003', Latitude: '45.5', Longitude: '-73.56', Quartier: 'Verdun' },
  ],
  mapping: MAPPING,
  notes: {
    'fields.title': '"Titre": named like a title; e.g. "Les Mains"',
    'coordinates.lat': '"Latitude": named like a latitude, values 45.4000 to 45.7000',
    'tags.neighbourhood': '"Quartier": named so; e.g. "Plateau"',
  },
  column_values: {
    Titre: { filled: 1234, distinct: 1230, more: false, top: [{ value: 'Sans titre', count: 5 }] },
    Catégorie: {
      filled: 1200,
      distinct: 4,
      more: false,
      top: [
        { value: 'Sculpture', count: 700 },
        { value: 'Murale', count: 300 },
        { value: 'Mosaïque', count: 150 },
        { value: 'Vitrail', count: 50 },
      ],
    },
    Quartier: { filled: 1234, distinct: 19, more: false, top: [{ value: 'Plateau', count: 400 }] },
    No: { filled: 1234, distinct: 10000, more: true, top: [] },
  },
  undecided: ["dataset.licence: not in the file; write the publisher's licence (\"unknown\" if it states none)"],
  from_run: null,
};

const RUN_ID = '0196a000-0000-7000-8000-0000000000bb';
const RUN: ImportRun = {
  run_id: RUN_ID,
  recorded_at: '2025-04-01T10:00:00Z',
  run_by: 'ada',
  file: 'old-art.csv',
  dataset: 'art-public',
  dataset_name: 'Art public',
  licence: 'CC BY 4.0',
  attribution: 'Ville de Montréal',
  source_url: 'https://donnees.montreal.ca/',
  records_read: 20,
  artworks_new: 12,
  artworks_linked: 0,
  artworks_changed: 1,
  artworks_unchanged: 4,
  artists_new: 9,
  artists_unchanged: 2,
  artists_linked: 0,
  rejected: 3,
  likely_duplicates: 1,
  gone: 0,
  has_mapping: true,
};

function importServer(over: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/admin/imports': () => envelope({ runs: [RUN], limit: 20, next: null }),
    'POST /api/admin/imports': () => envelope(PREVIEW),
    'POST /api/admin/imports/0196a000-0000-7000-8000-0000000000aa/dry-run': () =>
      ndjson(['{"progress":{"step":"art-public artworks","done":3,"total":6}}\n', `{"report":${JSON.stringify(report())}}\n`]),
    'POST /api/admin/imports/0196a000-0000-7000-8000-0000000000aa/apply': () =>
      ndjson([`{"report":${JSON.stringify(report({ dry_run: false, run_id: '0196a000-0000-7000-8000-0000000000cc' }))}}\n`]),
    ...over,
  });
}

/** The uploads among the calls to `/api/admin/imports` (the runs list is a GET there). */
const uploadsIn = (calls: RecordedRequest[]) => calls.filter((c) => c.method === 'POST');

const sentMapping = (req: RecordedRequest) => (JSON.parse(req.body as string) as { mapping: unknown }).mapping;

async function uploadFile() {
  const file = new File(['No;Titre\n1;Les Mains\n'], 'art-public.csv', { type: 'text/csv' });
  await userEvent.upload(await screen.findByLabelText('Open-data file'), file);
  await userEvent.click(screen.getByRole('button', { name: 'Upload and read' }));
  await screen.findByRole('heading', { name: 'Check the mapping' });
}

describe('/admin?tab=import', () => {
  it('uploads, shows the summary, the sample and the guesses, and sends the proposed mapping back unchanged', async () => {
    const { callsTo } = importServer();
    renderRoute('/admin?tab=import', { who: 'admin' });
    expect(await screen.findByRole('tab', { name: 'Import' })).toHaveAttribute('aria-selected', 'true');
    await uploadFile();
    const upload = uploadsIn(callsTo('/api/admin/imports'))[0]!;
    expect(upload.body).toBeInstanceOf(FormData);
    expect((upload.body as FormData).get('file')).toHaveProperty('name', 'art-public.csv');
    expect(upload.url.searchParams.has('previous_run')).toBe(false);

    expect(screen.getByTestId('import-summary')).toHaveTextContent('art-public.csv: 1,234 records, CSV, Windows-1252');
    expect(within(screen.getByRole('region', { name: 'Sample records' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('import-undecided')).toHaveTextContent('dataset.licence: not in the file');
    expect(screen.getByRole('heading', { name: 'Check the mapping' })).toHaveFocus();
    const title = screen.getByRole('combobox', { name: 'Title' });
    expect(title).toHaveValue('Titre');
    expect(title).toHaveAccessibleDescription('Guessed: "Titre": named like a title; e.g. "Les Mains"');
    expect(screen.getByRole('combobox', { name: 'Latitude' })).toHaveValue('Latitude');
    expect(screen.getByRole('combobox', { name: 'Our type for "Murale"' })).toHaveValue('mural');
    expect(screen.getByRole('textbox', { name: 'Tag key' })).toHaveValue('neighbourhood');

    // The Import button waits for a dry run of this mapping.
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    const heading = await screen.findByRole('heading', { name: 'What the import would do' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(sentMapping(callsTo('/api/admin/imports/0196a000-0000-7000-8000-0000000000aa/dry-run')[0]!)).toEqual(MAPPING_JSON);
    expect(screen.getByTestId('import-status-dry-run')).toHaveTextContent('Dry run done: 5 new, 0 changed, 0 already imported, 1 rejected, 1 likely duplicate.');
    const counts = screen.getByTestId('import-counts');
    expect(within(counts).getByText('New').nextSibling).toHaveTextContent('5');
    expect(within(counts).getByText('Rejected').nextSibling).toHaveTextContent('1');
    const rows = within(screen.getByTestId('import-outcomes')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RecordTitleOutcomeReason',
      '6Sans lieuRejectedno coordinates',
      expect.stringContaining('Le PhareLikely duplicatelikely the same as'),
    ]);
    expect(screen.getByTestId('import-map')).toHaveAttribute('data-new-points', '1');
    expect(screen.getByTestId('import-map')).toHaveAttribute('data-duplicate-points', '1');

    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const done = await screen.findByRole('heading', { name: 'Imported 5 artworks' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(sentMapping(callsTo('/api/admin/imports/0196a000-0000-7000-8000-0000000000aa/apply')[0]!)).toEqual(MAPPING_JSON);
    const link = screen.getByRole('link', { name: 'See them on the map' });
    expect(link).toHaveAttribute('href', '/?lat=45.50500&lon=-73.56500&zoom=13');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    // The earlier imports are read again, to list this one.
    await waitFor(() => expect(callsTo('/api/admin/imports').filter((c) => c.method === 'GET').length).toBeGreaterThan(1));
  });

  it('leaves out a field set to "— none —", asks for a new dry run after a change, and shows a refusal', async () => {
    let refuse = true;
    const { callsTo } = importServer({
      'POST /api/admin/imports/0196a000-0000-7000-8000-0000000000aa/dry-run': () =>
        refuse
          ? apiError(400, 'VALIDATION_ERROR', "[dataset] licence is empty; write the publisher's licence", { field: 'mapping' })
          : ndjson([`{"report":${JSON.stringify(report())}}\n`]),
    });
    renderRoute('/admin?tab=import', { who: 'admin' });
    await uploadFile();
    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    const alert = await screen.findByTestId('import-refusal');
    expect(alert).toHaveTextContent("The mapping was refused: [dataset] licence is empty; write the publisher's licence");
    await waitFor(() => expect(alert).toHaveFocus());
    const licence = screen.getByRole('textbox', { name: 'Licence' });
    expect(licence).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await userEvent.type(licence, 'CC BY 4.0');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Description' }), '— none —');
    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByRole('heading', { name: 'What the import would do' });
    const sent = sentMapping(callsTo('/api/admin/imports/0196a000-0000-7000-8000-0000000000aa/dry-run')[1]!) as typeof MAPPING_JSON;
    expect(sent.fields).not.toHaveProperty('description');
    const { description: _gone, ...otherFields } = MAPPING_JSON.fields;
    expect(sent).toEqual({ ...MAPPING_JSON, dataset: { ...MAPPING_JSON.dataset, licence: 'CC BY 4.0' }, fields: otherFields });
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();

    // A change after the dry run: the import waits for another.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '— none —');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import' })).toHaveAccessibleDescription('The mapping changed since the dry run: run the dry run again.');
  });

  it('reads a newer file with an earlier run’s mapping', async () => {
    const { callsTo } = importServer({
      'POST /api/admin/imports': () => envelope({ ...PREVIEW, notes: {}, undecided: [], from_run: RUN_ID }),
    });
    renderRoute('/admin?tab=import', { who: 'admin' });
    const run = await screen.findByTestId('import-run');
    expect(run).toHaveTextContent('old-art.csv (Art public)');
    expect(run).toHaveTextContent('12 new artworks');
    await userEvent.click(within(run).getByRole('button', { name: /^Import a newer file/ }));
    expect(screen.getByLabelText('Open-data file')).toHaveFocus();
    expect(screen.getByTestId('import-previous-run')).toHaveTextContent('old-art.csv');
    await uploadFile();
    expect(uploadsIn(callsTo('/api/admin/imports'))[0]!.url.searchParams.get('previous_run')).toBe(RUN_ID);
    expect(screen.getByText(/This is the mapping of the earlier run/)).toBeInTheDocument();
    expect(screen.queryByTestId('import-previous-run')).toBeNull();
  });

  it('shows the upload’s progress, then the server reading the file, and lets it be cancelled', async () => {
    importServer();
    FakeXhr.manual = true;
    renderRoute('/admin?tab=import', { who: 'admin' });
    const file = new File(['No;Titre\n1;Les Mains\n'], 'art-public.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('Open-data file'), file);
    let next = FakeXhr.next();
    await userEvent.click(screen.getByRole('button', { name: 'Upload and read' }));
    let xhr = await next;
    expect(screen.getByTestId('import-upload-status')).toHaveTextContent('Uploading art-public.csv…');
    act(() => xhr.progress(512, 1024));
    const sending = screen.getByRole('progressbar', { name: 'Sending art-public.csv' });
    expect(sending).toHaveAttribute('value', '512');
    expect(sending).toHaveAttribute('max', '1024');
    expect(screen.getByTestId('import-upload-sent')).toHaveTextContent('Sending art-public.csv: 50 % (512 B of 1 KiB)');
    expect(screen.getByRole('button', { name: 'Upload and read' })).toBeDisabled();
    act(() => {
      xhr.progress(1024, 1024);
      xhr.sent();
    });
    const reading = screen.getByRole('progressbar', { name: 'Reading art-public.csv on the server' });
    expect(reading).not.toHaveAttribute('value');
    expect(screen.getByTestId('import-upload-sent')).toHaveTextContent('Sent 1 KiB. Reading art-public.csv on the server…');
    expect(screen.getByTestId('import-upload-status')).toHaveTextContent('Sent. Reading art-public.csv on the server…');
    await act(() => xhr.respond(envelope(PREVIEW)));
    await screen.findByRole('heading', { name: 'Check the mapping' });
    expect(screen.queryByTestId('import-upload-progress')).toBeNull();
    expect(screen.getByTestId('import-upload-status')).toBeEmptyDOMElement();

    // Another upload, cancelled while it is sent: said so, and the form is back.
    next = FakeXhr.next();
    await userEvent.click(screen.getByRole('button', { name: 'Upload and read' }));
    xhr = await next;
    act(() => xhr.progress(100, 1024));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByTestId('import-upload-error')).toHaveTextContent('The upload was cancelled; nothing was read.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload and read' })).toBeEnabled();

    // One whose connection drops: the catalogue's words.
    next = FakeXhr.next();
    await userEvent.click(screen.getByRole('button', { name: 'Upload and read' }));
    xhr = await next;
    act(() => xhr.fail());
    expect(await screen.findByTestId('import-upload-error')).toHaveTextContent('The file could not be uploaded: Network error occurred.');
  });

  it('shows what each field chosen holds, and offers a field’s values as the rows of its value map', async () => {
    const { callsTo } = importServer();
    renderRoute('/admin?tab=import', { who: 'admin' });
    await uploadFile();
    const typeField = screen.getByRole('combobox', { name: 'Type field' });
    const typeValues = typeField.parentElement!;
    expect(within(typeValues).getByTestId('import-column-values')).toHaveTextContent('4 distinct values in 1,200 records');
    const top = within(typeValues).getByRole('list', { name: 'Most frequent values of Catégorie' });
    expect(within(top).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Sculpture (700)', 'Murale (300)', 'Mosaïque (150)', 'Vitrail (50)']);
    const idValues = screen.getByRole('combobox', { name: 'Id field' }).parentElement!;
    expect(within(idValues).getByTestId('import-column-values')).toHaveTextContent('10,000+ distinct values in 1,234 records');
    // A field not counted (none chosen, or not in the file) shows nothing.
    expect(within(screen.getByRole('combobox', { name: 'Material' }).parentElement!).queryByTestId('import-column-values')).toBeNull();

    // The type table: the values mapped, with their records, then the file's other values to map.
    const table = screen.getByRole('table', { name: 'Value in the file → our type' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Murale', 'Sculpture', 'Mosaïque', 'Vitrail']);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['300', '700', '150', '50']);
    const mosaic = screen.getByRole('combobox', { name: 'Our type for "Mosaïque"' });
    expect(mosaic).toHaveValue('');
    expect(within(mosaic).getByRole('option', { name: '— by its words —' })).toBeInTheDocument();
    await userEvent.selectOptions(mosaic, 'Mosaic');
    expect(screen.getByRole('combobox', { name: 'Our type for "Mosaïque"' })).toHaveValue('mosaic');
    expect(screen.getByRole('button', { name: 'Remove "Mosaïque"' })).toBeInTheDocument();
    expect(screen.getAllByTestId('import-offered-value').map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Vitrail']);

    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByRole('heading', { name: 'What the import would do' });
    const sent = sentMapping(callsTo('/api/admin/imports/0196a000-0000-7000-8000-0000000000aa/dry-run')[0]!) as typeof MAPPING_JSON;
    expect(sent.type).toEqual({ ...MAPPING_JSON.type, map: { Murale: 'mural', Sculpture: 'sculpture', Mosaïque: 'mosaic' } });
    // Removed, a value of the file is offered again.
    await userEvent.click(screen.getByRole('button', { name: 'Remove "Mosaïque"' }));
    expect(screen.getByRole('combobox', { name: 'Our type for "Mosaïque"' })).toHaveValue('');
  });

  it('lists the earlier imports a page at a time, and says when there are none', async () => {
    const older: ImportRun = { ...RUN, run_id: '0196a000-0000-7000-8000-0000000000dd', file: 'first.csv', run_by: null, has_mapping: false };
    const { callsTo } = importServer({
      'GET /api/admin/imports': (req) =>
        req.url.searchParams.get('before') === '90-1'
          ? envelope({ runs: [older], limit: 20, next: null })
          : envelope({ runs: [RUN], limit: 20, next: '90-1' }),
    });
    renderRoute('/admin?tab=import', { who: 'admin' });
    const run = await screen.findByTestId('import-run');
    expect(run).toHaveTextContent('old-art.csv (Art public)');
    expect(run).toHaveTextContent('ada · 12 new artworks');
    expect(within(run).getByTestId('import-run-counts')).toHaveTextContent('20 records read: 12 new, 1 changed, 4 already imported, 3 rejected');
    expect(run).toHaveTextContent('CC BY 4.0');
    expect(callsTo('/api/admin/imports')[0]!.url.searchParams.get('limit')).toBe('20');
    const pages = () => screen.getByRole('navigation', { name: 'Earlier imports pages' });
    expect(within(pages()).getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(within(pages()).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getByTestId('import-run')).toHaveTextContent('first.csv'));
    const first = screen.getByTestId('import-run');
    expect(first).toHaveTextContent('Command line · 12 new artworks');
    expect(first).toHaveTextContent('No mapping recorded (a built-in dataset)');
    expect(within(first).queryByRole('button')).toBeNull();
    expect(within(pages()).getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(within(pages()).getByText('Page 2')).toBeInTheDocument();
    await userEvent.click(within(pages()).getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(screen.getByTestId('import-run')).toHaveTextContent('old-art.csv'));
  });

  it('says so when no import has been made', async () => {
    importServer({ 'GET /api/admin/imports': () => envelope({ runs: [], limit: 20, next: null }) });
    renderRoute('/admin?tab=import', { who: 'admin' });
    expect(await screen.findByRole('heading', { name: 'No imports yet' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Earlier imports pages' })).toBeNull();
  });

  it('shows why a file could not be read', async () => {
    importServer({ 'POST /api/admin/imports': () => apiError(400, 'VALIDATION_ERROR', 'The file holds no records', { field: 'file' }) });
    renderRoute('/admin?tab=import', { who: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Upload and read' }));
    expect(await screen.findByTestId('import-upload-error')).toHaveTextContent('Choose a file to import');
    await userEvent.upload(screen.getByLabelText('Open-data file'), new File(['x'], 'empty.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload and read' }));
    expect(await screen.findByTestId('import-upload-error')).toHaveTextContent('The file holds no records');
    expect(screen.queryByRole('heading', { name: 'Check the mapping' })).toBeNull();
  });
});

describe('/admin?tab=import in French', () => {
  it('reads the file, shows the mapping and the dry run in French', async () => {
    setLocale('fr');
    importServer();
    renderRoute('/admin?tab=import', { who: 'admin' });
    const file = new File(['No;Titre\n1;Les Mains\n'], 'art-public.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('Fichier de données ouvertes'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer et lire' }));
    expect(await screen.findByRole('heading', { name: 'Vérifier la correspondance' })).toBeInTheDocument();
    expect(screen.getByTestId('import-summary')).toHaveTextContent(/^art-public\.csv : 1\s234 enregistrements, CSV, Windows-1252$/);
    expect(screen.getByRole('combobox', { name: 'Titre' })).toHaveValue('Titre');
    expect(screen.getByRole('table', { name: 'Valeur dans le fichier → notre type' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Simulation' }));
    expect(await screen.findByRole('heading', { name: 'Ce que ferait l’importation' })).toBeInTheDocument();
    expect(screen.getByTestId('import-status-dry-run')).toHaveTextContent(/^Simulation terminée : 5 nouvelles, 0 modifiée, 0 déjà importée, 1 rejet, 1 doublon probable\.$/);
    expect(await screen.findByTestId('import-run')).toHaveTextContent('12 nouvelles œuvres');
    // No message fell back to its key.
    expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  });
});
