/**
 * The map's walking tour panel (`/?list={id}&tour=1`): the stops in walking order, numbered as on
 * the map, each with the walk from the one before, the whole walk, and "Close tour". It is also
 * how keyboard and screen-reader users follow the line drawn on the map. The walk starts at the
 * first stop, as on the list's page; "Start from my location" starts it where the person is.
 */
import type { Ref } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../api/errors';
import type { Tour, TourStop } from '../../api/listsApi';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { t as translate, useT } from '../../i18n';
import { formatDistance } from '../../lib/geo';
import { emptyTourText, tourSummary } from '../../lib/tour';
import './tour.css';

/** Where the walk starts: at its first stop, from the person's location, or that was asked for but is too far. */
export type TourFrom = 'first-stop' | 'you' | 'you-too-far';

export interface TourState {
  data?: Tour | undefined;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

function legText(stop: TourStop, index: number, from: TourFrom): string {
  if (index > 0) return translate('map.tour.legFromStop', { distance: formatDistance(stop.leg_m), stop: index });
  if (from === 'you') return translate('map.tour.legFromYou', { distance: formatDistance(stop.leg_m) });
  return translate('map.tour.startsHere');
}

export function TourPanel({
  ref,
  id,
  tour,
  from,
  onClose,
  onShowStop,
  onStartFrom,
  locating = false,
}: {
  ref?: Ref<HTMLElement>;
  id: string;
  tour: TourState;
  from: TourFrom;
  onClose: () => void;
  /** Unset: no map to show a stop on (it failed, or is still loading). */
  onShowStop?: (stop: TourStop) => void;
  /** Starts the walk from the person's location, or at the first stop again. */
  onStartFrom: (from: 'you' | 'first-stop') => void;
  /** The location is being asked for. */
  locating?: boolean;
}) {
  const t = useT();
  const { data, error } = tour;
  const title = data ? t('map.tour.titleOf', { name: data.list.name }) : t('map.tour.title');
  let body;
  if (data && data.stops.length === 0) body = <p className="muted">{emptyTourText()}</p>;
  else if (data)
    body = (
      <>
        <p className="map-tour__total" aria-busy={tour.isFetching || undefined}>
          {tourSummary(data.distance_m, data.stops.length, from === 'you')}
        </p>
        {from === 'you-too-far' && (
          <p className="muted small" role="status">
            {t('map.tour.tooFar')}
          </p>
        )}
        <p className="map-tour__start">
          {from === 'you' ? (
            <button type="button" className="button button--text button--small" onClick={() => onStartFrom('first-stop')}>
              {t('map.tour.startAtFirst')}
            </button>
          ) : (
            <button
              type="button"
              className="button button--text button--small"
              onClick={() => onStartFrom('you')}
              disabled={locating}
              aria-busy={locating || undefined}
            >
              <Icon name="myLocation" size={16} /> {locating ? t('map.tour.locating') : t('map.tour.startFromMe')}
            </button>
          )}
        </p>
        <ol className="map-tour__stops" aria-label={t('map.tour.stops')}>
          {data.stops.map((s, i) => (
            <li key={s.id} className="map-tour__stop">
              <div className="map-tour__stop-row">
                <span className="map-tour__stop-text">
                  <Link to={to.artwork(s.id)} className="map-tour__stop-title">
                    {s.title || t('map.untitled')}
                  </Link>
                  <span className="map-tour__leg">{legText(s, i, from)}</span>
                </span>
                {onShowStop && (
                  <button
                    type="button"
                    className="button button--text button--small"
                    onClick={() => onShowStop(s)}
                    aria-label={t('map.tour.showStop', { stop: i + 1, title: s.title || t('map.untitled') })}
                  >
                    {t('map.tour.show')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      </>
    );
  else if (error)
    body = (
      <p role="alert" className="map-tour__error">
        {isApiError(error) && error.status === 404
          ? t('map.tour.notFound')
          : t('map.tour.failed', { error: errorMessage(error) })}{' '}
        <button type="button" className="button button--text button--small" onClick={() => void tour.refetch()}>
          {t('map.retry')}
        </button>
      </p>
    );
  else
    body = (
      <p role="status" className="map-tour__loading">
        <Spinner /> {t('map.tour.planning')}
      </p>
    );

  return (
    <section ref={ref} id={id} className="map-tour" aria-label={t('map.tour.label')} data-tour-stops={data?.stops.length}>
      <header className="map-list__header">
        <h2>{title}</h2>
        <button type="button" className="button button--text button--small" onClick={onClose}>
          <Icon name="close" size={18} /> {t('map.tour.close')}
        </button>
      </header>
      {body}
    </section>
  );
}
