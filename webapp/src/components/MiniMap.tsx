/**
 * A small static map centred on one point (artwork detail, review), optionally with more points
 * around it (a submission's nearby artworks). Loads the map chunk on demand.
 */
import { useEffect, useRef, useState } from 'react';
import { useMapSettings } from '../api/configApi';
import { createMap, isWebGLSupported, type MapPoint, type PlinthMap } from '../lib/map';
import { logger } from '../lib/logger';
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
  const ref = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<PlinthMap | null>(null);
  const [failed, setFailed] = useState(() => !isWebGLSupported());
  const settings = useMapSettings();

  useEffect(() => {
    const el = ref.current;
    if (!el || failed || !settings) return;
    let created: PlinthMap | null = null;
    let cancelled = false;
    createMap({
      container: el,
      center: { lat, lng },
      zoom: others?.length ? 17 : 16,
      interactive: false,
      cluster: false,
      mapboxAccessToken: settings.mapboxAccessToken,
      styleUrl: settings.styleUrl,
    })
      .then((m) => {
        if (cancelled) {
          m.destroy();
          return;
        }
        created = m;
        setMap(m);
      })
      .catch((e: unknown) => {
        logger.warn('Mini-map failed to load', { error: e });
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      created?.destroy();
      setMap(null);
    };
    // `others` only changes the markers (below), not the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lat, lng, failed, settings]);

  useEffect(() => {
    if (!map) return;
    map.setPoints([{ id: CENTRE_ID, title, type, lat, lng }, ...(others ?? [])]);
    map.setSelected(others?.length ? CENTRE_ID : null);
  }, [map, lat, lng, title, type, others]);

  const name = label ?? `Map showing the location of ${title}`;
  if (failed) {
    return (
      <div className="mini-map mini-map--fallback" role="img" aria-label={name}>
        <span>Map preview unavailable</span>
      </div>
    );
  }
  return <div ref={ref} className="mini-map" role="img" aria-label={name} />;
}
