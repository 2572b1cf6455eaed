import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../api/types';
import { apiError, envelope, mockFetch, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';
import { coordinateMode, keyOf, refusedKey, sameMapping, setCoordinateMode, setKey, setMappedColumn, setTags, tagRows } from './importMapping';
import { IMPORT_ERRORS, LineSplitter, readLines, runImport } from './importStream';
import { countsSentence } from './ImportReport';
import type { ImportPreview, ImportReport, Mapping } from './importTypes';

beforeEach(() => {
  localStorage.setItem('cultural-archiver-visited', 'true');
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
  undecided: ["dataset.licence: not in the file; write the publisher's licence (\"unknown\" if it states none)"],
  from_run: null,
};

const RUN_ID = '0196a000-0000-7000-8000-0000000000bb';
const RUN_ENTRY: AuditEntry = {
  actor: { display_name: 'ada', id: '11111111-1111-4111-8111-111111111111', role: 'admin' },
  entity_id: RUN_ID,
  entity_type: 'import_run',
  event_type: 'ImportRunRecorded',
  link: null,
  metadata: {},
  payload: { ImportRunRecorded: { file: 'old-art.csv', dataset: 'art-public', dataset_name: 'Art public', artworks_new: 12, mapping: '[dataset]\n' } },
  position: '90-1',
  reason: null,
  recorded_at: '2025-04-01T10:00:00Z',
  sequence: 1,
  source: 'web',
};

function importServer(over: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/admin/audit': () => envelope({ as_of: '99-1', entries: [RUN_ENTRY], limit: 50, page: 1, total: 1 }),
    'POST /api/admin/imports': () => envelope(PREVIEW),
    'POST /api/admin/imports/0196a000-0000-7000-8000-0000000000aa/dry-run': () =>
      ndjson(['{"progress":{"step":"art-public artworks","done":3,"total":6}}\n', `{"report":${JSON.stringify(report())}}\n`]),
    'POST /api/admin/imports/0196a000-0000-7000-8000-0000000000aa/apply': () =>
      ndjson([`{"report":${JSON.stringify(report({ dry_run: false, run_id: '0196a000-0000-7000-8000-0000000000cc' }))}}\n`]),
    ...over,
  });
}

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
    const upload = callsTo('/api/admin/imports')[0]!;
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
    expect(callsTo('/api/admin/imports')[0]!.url.searchParams.get('previous_run')).toBe(RUN_ID);
    expect(screen.getByText(/This is the mapping of the earlier run/)).toBeInTheDocument();
    expect(screen.queryByTestId('import-previous-run')).toBeNull();
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
