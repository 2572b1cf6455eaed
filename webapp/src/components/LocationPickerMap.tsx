/**
 * An interactive map for placing a location by hand: a click sets the point, and its pin can be
 * dragged. The coordinate inputs beside it are the keyboard-accessible way to do the same.
 */
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import type { LatLng } from '../lib/geo';
import { FALLBACK_POSITION } from '../lib/geolocation';
import { useSmallMap } from './useSmallMap';
import './MiniMap.css';
import './LocationPickerMap.css';

export function LocationPickerMap({
  value,
  onPick,
  center,
  label,
}: {
  value: LatLng | null;
  onPick: (at: LatLng) => void;
  /** Where to start without a value (default: the fallback position). */
  center?: LatLng | null;
  /** The map's accessible name (default: how to place the point, and that the coordinates can be typed). */
  label?: string;
}) {
  const t = useT();
  const [start] = useState<{ at: LatLng; zoom: number }>(() =>
    value
      ? { at: value, zoom: 17 }
      : center
        ? { at: center, zoom: 15 }
        : { at: { lat: FALLBACK_POSITION.latitude, lng: FALLBACK_POSITION.longitude }, zoom: 12 },
  );
  const onPickRef = useRef(onPick);
  /** The last place the map itself picked: no need to move the map there. */
  const picked = useRef<LatLng | null>(null);
  useEffect(() => {
    onPickRef.current = onPick;
  }, [onPick]);

  const { ref, map, failed } = useSmallMap({
    name: 'Location map',
    start: { center: start.at, zoom: start.zoom, cluster: false },
    attach: (m) => {
      const pick = (at: LatLng) => {
        picked.current = at;
        onPickRef.current(at);
      };
      return [m.onBackgroundClick(pick), m.onPinMove(pick)];
    },
  });

  const lat = value?.lat;
  const lng = value?.lng;
  useEffect(() => {
    if (!map) return;
    if (lat === undefined || lng === undefined) {
      map.setPin(null);
      return;
    }
    map.setPin({ lat, lng });
    const p = picked.current;
    if (!p || p.lat !== lat || p.lng !== lng) map.flyTo({ lat, lng }, Math.max(map.getViewport().zoom, 16));
  }, [map, lat, lng]);

  if (failed) {
    return (
      <p className="muted small" role="note">
        {t('components.locationPicker.unavailable')}
      </p>
    );
  }
  return <div ref={ref} className="mini-map location-picker" role="region" aria-label={label ?? t('components.locationPicker.label')} data-testid="location-picker-map" />;
}
