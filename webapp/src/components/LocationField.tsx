/** A location: from the device (SPEC's geolocation states and messages) or typed by hand. */
import { useId, useState } from 'react';
import { useGeolocation } from '../lib/geolocation';
import { formatCoordinate } from '../lib/geo';
import { Icon } from './Icon';
import { Spinner } from './states';

export interface LatLon {
  lat: number;
  lon: number;
}

export function LocationField({ value, onChange }: { value: LatLon | null; onChange: (v: LatLon | null) => void }) {
  const geo = useGeolocation();
  const latId = useId();
  const lonId = useId();
  const [text, setText] = useState(() => ({
    lat: value ? formatCoordinate(value.lat) : '',
    lon: value ? formatCoordinate(value.lon) : '',
  }));
  const emit = (t: { lat: string; lon: string }) => {
    setText(t);
    const lat = t.lat.trim() === '' ? Number.NaN : Number(t.lat);
    const lon = t.lon.trim() === '' ? Number.NaN : Number(t.lon);
    onChange(t.lat.trim() || t.lon.trim() ? { lat, lon } : null);
  };
  const use = async () => {
    const p = await geo.locate();
    if (p) emit({ lat: formatCoordinate(p.latitude), lon: formatCoordinate(p.longitude) });
  };
  return (
    <fieldset className="fieldset">
      <legend className="field__label">Location</legend>
      <button type="button" className="button button--outlined" onClick={() => void use()} disabled={geo.status === 'loading'}>
        {geo.status === 'loading' ? <Spinner /> : <Icon name="myLocation" size={18} />} Use my current location
      </button>
      {geo.error && (
        <p className="field__error" role="alert">
          {geo.error}
        </p>
      )}
      <div className="field-row">
        <label className="field" htmlFor={latId}>
          <span className="field__label">Latitude</span>
          <input
            id={latId}
            inputMode="decimal"
            value={text.lat}
            onChange={(e) => emit({ ...text, lat: e.target.value })}
          />
        </label>
        <label className="field" htmlFor={lonId}>
          <span className="field__label">Longitude</span>
          <input
            id={lonId}
            inputMode="decimal"
            value={text.lon}
            onChange={(e) => emit({ ...text, lon: e.target.value })}
          />
        </label>
      </div>
    </fieldset>
  );
}

export function isValidLocation(v: LatLon | null): v is LatLon {
  return !!v && Number.isFinite(v.lat) && Math.abs(v.lat) <= 90 && Number.isFinite(v.lon) && Math.abs(v.lon) <= 180;
}
