/**
 * The map's time panel, "the city as it was": a slider from the first artwork's arrival on the map
 * (GET /artworks/timeline) to now, in `SLIDER_STEPS` steps; a date to type instead; "Today"; and
 * the layers "Added since" and "Removed since". Moving the slider shows the moment at once and
 * puts it in the URL (`onChange`) once it rests, so a drag asks for one map, not two hundred.
 * The focus moves to the slider on opening; Escape closes the panel.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { Spinner } from '../../components/states';
import { useT } from '../../i18n';
import { useGetTimelineQuery } from './mapApi';
import { PopoverPanel } from './PanelHeader';
import { formatPast, momentOf, rangeOf, SLIDER_STEPS, stepOf, timeParam, type PastView, type Range } from './pastMap';

/** How long the slider rests before the map follows it. */
export const SLIDER_SETTLE_MS = 250;

type Layers = Pick<PastView, 'addedLayer' | 'removedLayer'>;

export function TimePanel({
  id,
  view,
  onChange,
  onClose,
}: {
  id: string;
  view: PastView | null;
  /** A moment (with the layers) for the URL; null: today's map. */
  onChange: (next: (Layers & { asOf: string }) | null) => void;
  onClose: () => void;
}) {
  const t = useT();
  const timeline = useGetTimelineQuery(undefined, { refetchOnMountOrArgChange: true });
  const range = rangeOf(timeline.data);
  const layers: Layers = { addedLayer: view?.addedLayer ?? false, removedLayer: view?.removedLayer ?? false };

  // The step shown while the slider moves, before the URL has it.
  const [moving, setMoving] = useState<number | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);

  const slider = useRef<HTMLInputElement>(null);
  const hasRange = range !== null;
  useEffect(() => {
    if (hasRange) slider.current?.focus();
  }, [hasRange]);

  const sliderId = useId();
  const textId = useId();

  const textOf = (step: number, r: Range) => (step >= SLIDER_STEPS ? t('map.time.todayValue') : formatPast(timeParam(momentOf(r, step)), r));
  const step = moving ?? (range && view ? stepOf(range, view.at) : SLIDER_STEPS);
  const text = moving !== null && range ? textOf(moving, range) : view ? formatPast(view.asOf, range) : t('map.time.todayValue');

  const move = (next: number, r: Range) => {
    setMoving(next);
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      setMoving(null);
      onChange(next >= SLIDER_STEPS ? null : { ...layers, asOf: timeParam(momentOf(r, next)) });
    }, SLIDER_SETTLE_MS);
  };
  const toToday = () => {
    clearTimeout(settle.current);
    setMoving(null);
    onChange(null);
  };
  const day = (at: string | undefined) => at?.slice(0, 10);

  return (
    <PopoverPanel id={id} className="map-filters map-time" label={t('map.time.label')} title={t('map.time.title')} closeLabel={t('map.time.close')} onClose={onClose}>
      {timeline.isLoading ? (
        <p className="muted" role="status">
          <Spinner /> {t('map.time.loading')}
        </p>
      ) : timeline.error ? (
        <p className="field__error" role="alert">
          {t('map.time.failed', { error: errorMessage(timeline.error) })}{' '}
          <button type="button" className="button button--text button--small" onClick={() => void timeline.refetch()}>
            {t('map.retry')}
          </button>
        </p>
      ) : !range ? (
        <p className="muted">{t('map.time.empty')}</p>
      ) : (
        <>
          <div className="field field--compact">
            <label className="field__label" htmlFor={sliderId}>
              {t('map.time.slider')}
            </label>
            <input
              ref={slider}
              id={sliderId}
              type="range"
              className="map-time__slider"
              min={0}
              max={SLIDER_STEPS}
              step={1}
              value={step}
              aria-valuetext={text}
              aria-describedby={textId}
              onChange={(e) => move(Number(e.target.value), range)}
            />
            <output id={textId} htmlFor={sliderId} className="map-time__value">
              {text}
            </output>
          </div>
          <label className="field field--compact">
            <span className="field__label">{t('map.time.date')}</span>
            <input
              type="date"
              min={day(timeline.data?.first_at ?? undefined)}
              max={day(timeline.data?.now)}
              value={view?.isDate ? view.asOf : ''}
              onChange={(e) => {
                if (e.target.value) onChange({ ...layers, asOf: e.target.value });
              }}
            />
          </label>
        </>
      )}
      {LAYERS.map((l) => (
        <LayerToggle
          key={l.layer}
          layer={l}
          checked={layers[l.layer]}
          disabled={!view}
          onToggle={(on) => view && onChange({ ...layers, asOf: view.asOf, [l.layer]: on })}
        />
      ))}
      <button type="button" className="button button--text button--small" disabled={!view && moving === null} onClick={toToday}>
        {t('map.time.today')}
      </button>
    </PopoverPanel>
  );
}

/** The two layers beside the map as it was: their key in the view, words and legend mark. */
const LAYERS = [
  { layer: 'addedLayer', label: 'map.time.added', hint: 'map.time.addedHint', mark: 'map-legend__added' },
  { layer: 'removedLayer', label: 'map.time.removed', hint: 'map.time.removedHint', mark: 'map-legend__removed' },
] as const;

/** One layer's checkbox, described by its legend mark and hint. */
function LayerToggle({
  layer,
  checked,
  disabled,
  onToggle,
}: {
  layer: (typeof LAYERS)[number];
  checked: boolean;
  disabled: boolean;
  onToggle: (on: boolean) => void;
}) {
  const t = useT();
  const hint = useId();
  return (
    <div className="field field--compact">
      <label className="checkbox">
        <input type="checkbox" checked={checked} disabled={disabled} aria-describedby={hint} onChange={(e) => onToggle(e.target.checked)} />{' '}
        {t(layer.label)}
      </label>
      <span id={hint} className="field__hint">
        <span className={layer.mark} aria-hidden="true" /> {t(layer.hint)}
      </span>
    </div>
  );
}
