/**
 * The new records of a dry run or an import on a map, fitted to their box: new ones in one
 * colour, likely duplicates of artworks we have in another, with a legend. The map is the app's
 * small map (loaded on demand); without WebGL a sentence says what it would show.
 */
import { useEffect, useMemo } from 'react';
import { useSmallMap } from '../../components/useSmallMap';
import { useT } from '../../i18n';
import { artworkTypeColor, type MapPoint } from '../../lib/map';
import { boundsOf, isLikelyDuplicate } from './importMapping';
import type { Outcome } from './importTypes';

/**
 * The map draws points in their artwork type's colour; the report has no types, so two types'
 * colours stand for "new" and "likely duplicate".
 */
const NEW_AS = 'statue';
const DUPLICATE_AS = 'graffiti';
export const NEW_COLOR = artworkTypeColor(NEW_AS);
export const DUPLICATE_COLOR = artworkTypeColor(DUPLICATE_AS);

function pointsOf(outcomes: readonly Outcome[]): MapPoint[] {
  const points: MapPoint[] = [];
  outcomes.forEach((o, i) => {
    if (o.outcome !== 'new' || typeof o.lat !== 'number' || typeof o.lon !== 'number') return;
    points.push({ id: `${i}:${o.source_id}`, title: o.title, type: isLikelyDuplicate(o) ? DUPLICATE_AS : NEW_AS, lat: o.lat, lng: o.lon });
  });
  return points;
}

export function ImportMap({ outcomes, label }: { outcomes: readonly Outcome[]; label: string }) {
  const t = useT();
  const points = useMemo(() => pointsOf(outcomes), [outcomes]);
  const duplicates = points.filter((p) => p.type === DUPLICATE_AS).length;
  const fresh = points.length - duplicates;
  const bounds = useMemo(() => boundsOf(outcomes.filter((o) => o.outcome === 'new')), [outcomes]);
  const centre = bounds ? { lat: (bounds.north + bounds.south) / 2, lng: (bounds.east + bounds.west) / 2 } : { lat: 0, lng: 0 };
  const { ref, map, failed } = useSmallMap({
    name: 'Import map',
    start: { center: centre, zoom: 12, interactive: true, cluster: false },
    remakeOn: [outcomes],
  });

  useEffect(() => {
    if (!map) return;
    map.setPoints(points);
    if (bounds) map.fitBounds(bounds, { top: 40, right: 48, bottom: 40, left: 40 });
  }, [map, points, bounds]);

  if (points.length === 0) return null;
  const name = t('admin.report.mapLabel', { label, summary: t('admin.report.mapSummary', { fresh, duplicates }) });
  return (
    <figure className="import-map" data-testid="import-map" data-new-points={fresh} data-duplicate-points={duplicates}>
      {failed ? (
        <div className="import-map__canvas import-map__canvas--fallback" role="img" aria-label={name}>
          <span>{t('admin.report.mapUnavailable')}</span>
        </div>
      ) : (
        <div ref={ref} className="import-map__canvas" role="region" aria-label={name} />
      )}
      <figcaption className="import-map__legend">
        <span className="import-map__key">
          <span className="import-map__swatch" style={{ background: NEW_COLOR }} aria-hidden="true" /> {t('admin.report.legendNew', { count: fresh })}
        </span>
        <span className="import-map__key">
          <span className="import-map__swatch" style={{ background: DUPLICATE_COLOR }} aria-hidden="true" />{' '}
          {t('admin.report.legendDuplicate', { count: duplicates })}
        </span>
      </figcaption>
    </figure>
  );
}
