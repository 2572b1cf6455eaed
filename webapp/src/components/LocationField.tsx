/**
 * A location: from the device (SPEC's geolocation states and messages), placed on a map, or
 * typed by hand (the accessible way, always there).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formatCoordinate } from '../lib/geo';
import { useGeolocation } from '../lib/geolocation';
import { Icon } from './Icon';
import { LocationPickerMap } from './LocationPickerMap';
import { Spinner } from './states';
import './LocationField.css';

export interface LatLon {
  lat: number;
  lon: number;
}

/** Messages for coordinates out of range (as the server words them). */
export const LOCATION_MESSAGES = {
  lat: 'Latitude must be between -90 and 90',
  lon: 'Longitude must be between -180 and 180',
  missing: 'Add where the artwork is',
} as const;

export function isValidLocation(v: LatLon | null): v is LatLon {
  return !!v && Number.isFinite(v.lat) && Math.abs(v.lat) <= 90 && Number.isFinite(v.lon) && Math.abs(v.lon) <= 180;
}

/** What is wrong with a location, or null. */
export function locationProblem(v: LatLon | null): string | null {
  if (!v) return LOCATION_MESSAGES.missing;
  if (!Number.isFinite(v.lat) || Math.abs(v.lat) > 90) return LOCATION_MESSAGES.lat;
  if (!Number.isFinite(v.lon) || Math.abs(v.lon) > 180) return LOCATION_MESSAGES.lon;
  return null;
}

function same(a: LatLon | null, b: LatLon | null): boolean {
  if (!a || !b) return a === b;
  return Object.is(a.lat, b.lat) && Object.is(a.lon, b.lon);
}

function parse(t: { lat: string; lon: string }): LatLon | null {
  if (!t.lat.trim() && !t.lon.trim()) return null;
  const lat = t.lat.trim() === '' ? Number.NaN : Number(t.lat);
  const lon = t.lon.trim() === '' ? Number.NaN : Number(t.lon);
  return { lat, lon };
}

function format(v: LatLon | null): { lat: string; lon: string } {
  return {
    lat: v && Number.isFinite(v.lat) ? formatCoordinate(v.lat) : '',
    lon: v && Number.isFinite(v.lon) ? formatCoordinate(v.lon) : '',
  };
}

export function LocationField({
  value,
  onChange,
  legend = 'Location',
  withMap = false,
  mapCenter,
  error,
  hint,
  onDeviceLocation,
}: {
  value: LatLon | null;
  onChange: (v: LatLon | null) => void;
  legend?: string;
  /** Also offer a map to place the point by clicking or dragging. */
  withMap?: boolean;
  /** Where the map starts without a value. */
  mapCenter?: LatLon | null;
  /** A message from outside (the server's, or a failed submit's). */
  error?: string | null;
  hint?: string;
  /** Told what the device said when asked for the location (after `onChange`). */
  onDeviceLocation?: (result: { at: LatLon; error: null } | { at: null; error: string }) => void;
}) {
  const geo = useGeolocation();
  const { error: geoError } = geo;
  const onDeviceRef = useRef(onDeviceLocation);
  useEffect(() => {
    onDeviceRef.current = onDeviceLocation;
  }, [onDeviceLocation]);
  useEffect(() => {
    if (geoError) onDeviceRef.current?.({ at: null, error: geoError });
  }, [geoError]);
  const latId = useId();
  const lonId = useId();
  const errorId = useId();
  const [text, setText] = useState(() => format(value));
  // A value set from outside (the device, the map, the parent) shows in the inputs.
  const [seen, setSeen] = useState(value);
  if (!same(seen, value)) {
    setSeen(value);
    if (!same(parse(text), value)) setText(format(value));
  }

  const emit = (t: { lat: string; lon: string }) => {
    setText(t);
    const next = parse(t);
    setSeen(next);
    onChange(next);
  };
  const set = (v: LatLon) => {
    const t = format(v);
    setText(t);
    setSeen(v);
    onChange(v);
  };
  const use = async () => {
    const p = await geo.locate();
    if (p) {
      const at = { lat: p.latitude, lon: p.longitude };
      set(at);
      onDeviceLocation?.({ at, error: null });
    }
  };

  const typed = parse(text);
  const latBad = !!typed && text.lat.trim() !== '' && (!Number.isFinite(typed.lat) || Math.abs(typed.lat) > 90);
  const lonBad = !!typed && text.lon.trim() !== '' && (!Number.isFinite(typed.lon) || Math.abs(typed.lon) > 180);
  const message = latBad ? LOCATION_MESSAGES.lat : lonBad ? LOCATION_MESSAGES.lon : (error ?? null);
  const invalid = latBad || lonBad || !!error;

  return (
    <fieldset className="fieldset location-field">
      <legend className="field__label">{legend}</legend>
      {hint && <p className="muted small">{hint}</p>}
      <button type="button" className="button button--outlined" onClick={() => void use()} disabled={geo.status === 'loading'}>
        {geo.status === 'loading' ? <Spinner /> : <Icon name="myLocation" size={18} />} Use my current location
      </button>
      {geo.error && (
        <p className="field__error" role="alert">
          {geo.error}
        </p>
      )}
      {withMap && (
        <LocationPickerMap
          value={isValidLocation(value) ? { lat: value.lat, lng: value.lon } : null}
          center={mapCenter ? { lat: mapCenter.lat, lng: mapCenter.lon } : null}
          onPick={(at) => set({ lat: at.lat, lon: at.lng })}
        />
      )}
      <div className="field-row">
        <label className="field" htmlFor={latId}>
          <span className="field__label">Latitude</span>
          <input
            id={latId}
            inputMode="decimal"
            autoComplete="off"
            value={text.lat}
            aria-invalid={latBad || (!!error && !lonBad) || undefined}
            aria-describedby={message ? errorId : undefined}
            onChange={(e) => emit({ ...text, lat: e.target.value })}
          />
        </label>
        <label className="field" htmlFor={lonId}>
          <span className="field__label">Longitude</span>
          <input
            id={lonId}
            inputMode="decimal"
            autoComplete="off"
            value={text.lon}
            aria-invalid={lonBad || undefined}
            aria-describedby={message ? errorId : undefined}
            onChange={(e) => emit({ ...text, lon: e.target.value })}
          />
        </label>
      </div>
      {message && (
        <p id={errorId} className="field__error" role={invalid ? 'alert' : undefined}>
          {message}
        </p>
      )}
    </fieldset>
  );
}
