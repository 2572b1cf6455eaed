/**
 * A location: from the device (SPEC's geolocation states and messages), placed on a map, or
 * typed by hand (the accessible way, always there).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n';
import { formatCoordinate } from '../lib/geo';
import { useGeolocation } from '../lib/geolocation';
import { messageTable } from '../lib/messageTable';
import { Icon } from './Icon';
import { LocationPickerMap } from './LocationPickerMap';
import { ErrorNote, Spinner } from './states';
import './LocationField.css';

export interface LatLon {
  lat: number;
  lon: number;
}

/** Messages for coordinates out of range (as the server words them), in the language in effect when read. */
export const LOCATION_MESSAGES = messageTable({
  lat: 'components.location.latRange',
  lon: 'components.location.lonRange',
  missing: 'components.location.missing',
});

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

/** One coordinate of the location, typed as decimal degrees. */
function CoordinateInput({
  id,
  label,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <label className="field" htmlFor={id}>
      <span className="field__label">{label}</span>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

export function LocationField({
  value,
  onChange,
  legend,
  withMap = false,
  mapCenter,
  error,
  hint,
  onDeviceLocation,
}: {
  value: LatLon | null;
  onChange: (v: LatLon | null) => void;
  /** Default: "Location". */
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
  const t = useT();
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

  const emit = (typedText: { lat: string; lon: string }) => {
    setText(typedText);
    const next = parse(typedText);
    setSeen(next);
    onChange(next);
  };
  const set = (v: LatLon) => {
    setText(format(v));
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
      <legend className="field__label">{legend ?? t('components.location.legend')}</legend>
      {hint && <p className="muted small">{hint}</p>}
      <button type="button" className="button button--outlined" onClick={() => void use()} disabled={geo.status === 'loading'}>
        {geo.status === 'loading' ? <Spinner /> : <Icon name="myLocation" size={18} />} {t('components.location.useMine')}
      </button>
      <ErrorNote>{geo.error}</ErrorNote>
      {withMap && (
        <LocationPickerMap
          value={isValidLocation(value) ? { lat: value.lat, lng: value.lon } : null}
          center={mapCenter ? { lat: mapCenter.lat, lng: mapCenter.lon } : null}
          onPick={(at) => set({ lat: at.lat, lon: at.lng })}
        />
      )}
      <div className="field-row">
        <CoordinateInput
          id={latId}
          label={t('components.location.latitude')}
          value={text.lat}
          invalid={latBad || (!!error && !lonBad)}
          describedBy={message ? errorId : undefined}
          onChange={(lat) => emit({ ...text, lat })}
        />
        <CoordinateInput
          id={lonId}
          label={t('components.location.longitude')}
          value={text.lon}
          invalid={lonBad}
          describedBy={message ? errorId : undefined}
          onChange={(lon) => emit({ ...text, lon })}
        />
      </div>
      <ErrorNote id={errorId} alert={invalid}>
        {message}
      </ErrorNote>
    </fieldset>
  );
}
