/** A small static map centred on one point (artwork detail). Loads the map chunk on demand. */
import { useEffect, useRef, useState } from 'react';
import { useMapSettings } from '../api/configApi';
import { createMap, isWebGLSupported, type PlinthMap } from '../lib/map';
import { logger } from '../lib/logger';

export function MiniMap({ lat, lng, title, type }: { lat: number; lng: number; title: string; type: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(() => !isWebGLSupported());
  const settings = useMapSettings();

  useEffect(() => {
    const el = ref.current;
    if (!el || failed || !settings) return;
    let map: PlinthMap | null = null;
    let cancelled = false;
    createMap({
      container: el,
      center: { lat, lng },
      zoom: 16,
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
        map = m;
        m.setPoints([{ id: 'here', title, type, lat, lng }]);
      })
      .catch((e: unknown) => {
        logger.warn('Mini-map failed to load', { error: e });
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      map?.destroy();
    };
  }, [lat, lng, title, type, failed, settings]);

  if (failed) {
    return (
      <div className="mini-map mini-map--fallback" role="img" aria-label={`Location of ${title}`}>
        <span>Map preview unavailable</span>
      </div>
    );
  }
  return <div ref={ref} className="mini-map" role="img" aria-label={`Map showing the location of ${title}`} />;
}
