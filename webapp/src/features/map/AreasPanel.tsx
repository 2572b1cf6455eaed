/**
 * The map's Areas panel (issue 33): the layer's switch (`areas=1`), a legend of its shading, the
 * areas in view as a list (the shading's accessible alternative), each with "2 of 5 seen" (or
 * "5 artworks" for whoever is not signed in), finished ones marked, and a button that shows it on
 * the map; and where the areas come from (the boundary file and its attribution, or the grid).
 * A view too wide for grid cells says to zoom in.
 */
import { useId, type Ref } from 'react';
import type { Area } from '../../api/types';
import { AreaProgress, AreaSource } from '../../components/AreaProgress';
import { InlineFailure, Spinner } from '../../components/states';
import { useT, type MessageKey } from '../../i18n';
import { AREA_COLORS, areaFillOpacity } from '../../lib/map';
import type { MapAreas } from './mapAreas';
import { PanelHeader } from './PanelHeader';

/** The legend's entries for someone signed in: the shading from not begun to finished. */
const LEGEND = [
  { label: 'map.areas.legend.notBegun', color: AREA_COLORS.progress, fill: areaFillOpacity({ progress: 0, finished: false }) },
  { label: 'map.areas.legend.begun', color: AREA_COLORS.progress, fill: areaFillOpacity({ progress: 0.6, finished: false }) },
  { label: 'map.areas.legend.finished', color: AREA_COLORS.finished, fill: areaFillOpacity({ progress: 1, finished: true }) },
] as const satisfies ReadonlyArray<{ label: MessageKey; color: string; fill: number }>;

/** A legend's swatch: the area's outline and fill. */
function Swatch({ color, fill }: { color: string; fill: number }) {
  const alpha = Math.round(fill * 255)
    .toString(16)
    .padStart(2, '0');
  return <span className="map-areas__swatch" style={{ borderColor: color, background: `${color}${alpha}` }} aria-hidden="true" />;
}

export function AreasPanel({
  ref,
  id,
  on,
  onToggle,
  areas,
  onShow,
  onClose,
}: {
  ref?: Ref<HTMLElement>;
  id: string;
  /** The layer is on. */
  on: boolean;
  onToggle: (on: boolean) => void;
  areas: MapAreas;
  /** Shows an area on the map. */
  onShow: (area: Area) => void;
  onClose: () => void;
}) {
  const t = useT();
  const hint = useId();
  const { data, error, isFetching, signedIn } = areas;

  return (
    <section ref={ref} id={id} className="map-list map-areas" aria-label={t('map.areas.label')} aria-busy={(on && isFetching) || undefined}>
      <PanelHeader title={t('map.areas.title')} closeLabel={t('map.areas.close')} onClose={onClose} />
      <div className="field field--compact">
        <label className="checkbox">
          <input type="checkbox" checked={on} aria-describedby={hint} onChange={(e) => onToggle(e.target.checked)} /> {t('map.areas.show')}
        </label>
        <span id={hint} className="field__hint">
          {signedIn ? t('map.areas.hintSignedIn') : t('map.areas.hintAnonymous')}
        </span>
      </div>
      {on && (
        <>
          <ul className="map-areas__legend" aria-label={t('map.areas.legend.label')}>
            {signedIn ? (
              LEGEND.map((l) => (
                <li key={l.label}>
                  <Swatch color={l.color} fill={l.fill} /> {t(l.label)}
                </li>
              ))
            ) : (
              <li>
                <Swatch color={AREA_COLORS.outline} fill={0} /> {t('map.areas.legend.area')}
              </li>
            )}
          </ul>
          {error ? <InlineFailure failed={t('map.areas.failed')} error={error} onRetry={areas.refetch} /> : null}
          {!data ? (
            !error && (
              <p role="status">
                <Spinner /> {t('map.areas.loading')}
              </p>
            )
          ) : data.too_wide ? (
            <p className="muted" role="status">
              {t('map.areas.zoomIn')}
            </p>
          ) : data.areas.length === 0 ? (
            <p className="muted">{t('map.areas.none')}</p>
          ) : (
            <ul className="map-areas__list" aria-label={t('map.areas.inView')}>
              {data.areas.map((a) => (
                <li key={a.key} className="map-areas__area">
                  <button type="button" className="map-places__place map-areas__name" onClick={() => onShow(a)} aria-label={t('map.areas.showArea', { name: a.name })}>
                    {a.name}
                  </button>
                  <AreaProgress area={a} name={a.name} />
                </li>
              ))}
            </ul>
          )}
          {data && <AreaSource file={data.file} />}
        </>
      )}
    </section>
  );
}
