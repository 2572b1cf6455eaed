/**
 * The Import tab's shapes, as the server's OpenAPI document names them (aliases of
 * `schema.d.ts`; `api/types.ts` has not got them yet), and the vocabularies its selects offer.
 */
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** POST /admin/imports: the upload read, with a mapping to start from. */
export type ImportPreview = Schemas['ImportPreview'];
export type Envelope_ImportPreview = Schemas['Envelope_ImportPreview'];
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

export const STATUS_LABELS: Record<SourceStatus, string> = {
  in_place: 'In place',
  removed: 'Removed',
  painted_over: 'Painted over',
  destroyed: 'Destroyed',
};

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
