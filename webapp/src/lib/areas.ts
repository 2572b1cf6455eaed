/**
 * Areas to finish (issue 33), as the map and /profile both speak of them: how far someone has got
 * in one ("2 of 5 seen", or "5 artworks" for whoever is not signed in), and the map's URL with the
 * Areas layer on (`areas=1`), fitted to one area's box (`fit=west,south,east,north`, as a GeoJSON
 * bbox), which the map reads once and then drops.
 */
import type { Area, AreaFile } from '../api/types';
import { t } from '../i18n';

/** What an area's progress is made of (a map area and a profile row alike). */
export type AreaCounts = Pick<Area, 'artworks' | 'seen' | 'finished'>;

/** A box, as the map and the areas calls take it. */
export interface AreaBox {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** The share of an area's artworks seen, 0 to 1; null when nobody signed in is asking. */
export function areaShare(area: AreaCounts): number | null {
  if (area.seen === null || area.seen === undefined) return null;
  if (area.finished) return 1;
  return area.artworks > 0 ? Math.min(1, area.seen / area.artworks) : 0;
}

/** "2 of 5 seen" for someone signed in, else "5 artworks". */
export function areaProgressText(area: AreaCounts): string {
  if (area.seen === null || area.seen === undefined) return t('lib.areas.artworks', { count: area.artworks });
  return t('lib.areas.seen', { seen: area.seen, total: area.artworks });
}

/** What an area's progress bar is called: "Seen in Kitsilano". */
export function areaProgressLabel(name: string): string {
  return t('lib.areas.progressLabel', { name });
}

/** The mark of a finished area. */
export function areaFinishedText(): string {
  return t('lib.areas.finished');
}

/** Where the areas come from, in a sentence: the boundary file and its attribution, or the grid. */
export function areaSourceText(file: AreaFile | null | undefined): string {
  return file ? t('lib.areas.fromFile', { name: file.name, attribution: file.attribution }) : t('lib.areas.fromGrid');
}

/** The URL parameter that turns the map's Areas layer on. */
export const AREAS_PARAM = 'areas';
/** The URL parameter of a box the map fits once. */
export const FIT_PARAM = 'fit';

const inRange = (b: AreaBox) =>
  [b.north, b.south].every((v) => Math.abs(v) <= 90) && [b.east, b.west].every((v) => Math.abs(v) <= 180) && b.south <= b.north && b.west <= b.east;

/** The map with the Areas layer on, fitted to `box`. */
export function areasMapPath(box: AreaBox): string {
  const fit = [box.west, box.south, box.east, box.north].map((v) => Number(v.toFixed(5))).join(',');
  return `/?${new URLSearchParams({ [AREAS_PARAM]: '1', [FIT_PARAM]: fit }).toString()}`;
}

/** The box of a URL's `fit`, or null when it has none or it names no box. */
export function readFit(params: URLSearchParams): AreaBox | null {
  const parts = params.get(FIT_PARAM)?.split(',').map(Number) ?? [];
  if (parts.length !== 4 || parts.some((v) => !Number.isFinite(v))) return null;
  const [west, south, east, north] = parts as [number, number, number, number];
  const box = { north, south, east, west };
  return inRange(box) ? box : null;
}

/** Whether the URL turns the Areas layer on. */
export function readAreasOn(params: URLSearchParams): boolean {
  const v = params.get(AREAS_PARAM);
  return v === '1' || v === 'true';
}
