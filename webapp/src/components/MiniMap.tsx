/**
 * A small static map centred on one point (artwork detail, review), optionally with more points
 * around it (a submission's nearby artworks). Loads the map chunk on demand.
 */
import { useEffect } from 'react';
import { useT } from '../i18n';
import type { MapPoint } from '../lib/map';
import { useSmallMap } from './useSmallMap';
import './MiniMap.css';

const CENTRE_ID = 'here';

export function MiniMap({
  lat,
  lng,
  title,
  type,
  others,
  label,
}: {
  lat: number;
  lng: number;
  title: string;
  type: string;
  /** More points to show; the centre point is then ringed. */
  others?: MapPoint[];
  /** The map's accessible name (default: "Map showing the location of {title}"). */
  label?: string;
}) {
  const t = useT();
  const { ref, map, failed } = useSmallMap({
    name: 'Mini-map',
    start: { center: { lat, lng }, zoom: others?.length ? 17 : 16, interactive: false, cluster: false },
    // `others` only changes the markers (below), not the map.
    remakeOn: [lat, lng],
  });

  useEffect(() => {
    if (!map) return;
    map.setPoints([{ id: CENTRE_ID, title, type, lat, lng }, ...(others ?? [])]);
    map.setSelected(others?.length ? CENTRE_ID : null);
  }, [map, lat, lng, title, type, others]);

  const name = label ?? t('components.miniMap.label', { title });
  if (failed) {
    return (
      <div className="mini-map mini-map--fallback" role="img" aria-label={name}>
        <span>{t('components.miniMap.unavailable')}</span>
      </div>
    );
  }
  return <div ref={ref} className="mini-map" role="img" aria-label={name} />;
}
