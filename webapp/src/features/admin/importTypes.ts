/**
 * The Import tab's shapes, as the server's OpenAPI document names them (aliases of
 * `schema.d.ts`; `api/types.ts` has not got them yet), and the vocabularies its selects offer.
 */
import type { components } from '../../api/schema';
import type { MessageKey } from '../../i18n';

type Schemas = components['schemas'];

/** POST /admin/imports: the upload read, with a mapping to start from. */
export type ImportPreview = Schemas['ImportPreview'];
export type Envelope_ImportPreview = Schemas['Envelope_ImportPreview'];
/** What one column of the upload holds: how many distinct values, and the most frequent ones. */
export type ColumnValues = Schemas['ColumnValues'];
export type ValueCount = Schemas['ValueCount'];
/** GET /admin/imports: the runs recorded so far, newest first, a page at a time. */
export type ImportRun = Schemas['ImportRunDto'];
export type ImportRunPage = Schemas['ImportRunPage'];
export type Envelope_ImportRunPage = Schemas['Envelope_ImportRunPage'];
/** How the file's fields become artworks: sent back as edited with the dry run and the import. */
export type Mapping = Schemas['Mapping'];
export type DatasetSpec = Schemas['DatasetSpec'];
export type IdSpec = Schemas['IdSpec'];
export type Coordinates = Schemas['Coordinates'];
export type Fields = Schemas['Fields'];
export type TypeSpec = Schemas['TypeSpec'];
export type StatusSpec = Schemas['StatusSpec'];
export type SourceStatus = Schemas['SourceStatus'];
export type ImportRequest = Schemas['ImportRequest'];
/** One line of the dry run's or the import's NDJSON answer. */
export type ImportLine = Schemas['ImportLine'];
export type ImportReport = Schemas['ImportReportDto'];
export type Outcome = Schemas['OutcomeDto'];
export type ImportProgress = Extract<ImportLine, { progress: unknown }>['progress'];
export type ArtworkType = Schemas['ArtworkType'];

/** Our artwork types, in the order the type map's selects offer them: the map's list. */
export { ARTWORK_TYPES as OUR_TYPES } from '../../lib/map/artworkTypes';

/** What the publisher's status words may mean. */
export const SOURCE_STATUSES = ['in_place', 'removed', 'painted_over', 'destroyed'] as const satisfies readonly SourceStatus[];

export const STATUS_LABELS: Record<SourceStatus, MessageKey> = {
  in_place: 'admin.mapping.status.inPlace',
  removed: 'admin.mapping.status.removed',
  painted_over: 'admin.mapping.status.paintedOver',
  destroyed: 'admin.mapping.status.destroyed',
};

/** The file formats by their own names, the same in every language. */
export const FORMAT_LABELS: Record<ImportPreview['format'], string> = {
  csv: 'CSV',
  geojson: 'GeoJSON',
  json: 'JSON',
  overpass: 'Overpass JSON',
  osm: 'OpenStreetMap XML',
};

/** The file kinds the upload accepts (what the importer reads). */
export const IMPORT_ACCEPT = '.csv,.tsv,.txt,.json,.geojson,.osm,.xml';

/** The largest upload the server takes. */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

/** An upload of up to 100 MiB is sent, then read on the server before it answers: give it time. */
export const IMPORT_UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** Earlier runs listed per page. */
export const IMPORT_RUNS_LIMIT = 20;
