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
import { formatDistance } from '../../lib/geo';
import { EMPTY_TOUR_TEXT, tourSummary } from '../../lib/tour';
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
  if (index > 0) return `${formatDistance(stop.leg_m)} from stop ${index}`;
  if (from === 'you') return `${formatDistance(stop.leg_m)} from your location`;
  return 'The walk starts here';
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
  const { data, error } = tour;
  const title = data ? `Walking tour: ${data.list.name}` : 'Walking tour';
  let body;
  if (data && data.stops.length === 0) body = <p className="muted">{EMPTY_TOUR_TEXT}</p>;
  else if (data)
    body = (
      <>
        <p className="map-tour__total" aria-busy={tour.isFetching || undefined}>
          {tourSummary(data.distance_m, data.stops.length, from === 'you')}
        </p>
        {from === 'you-too-far' && (
          <p className="muted small" role="status">
            You are farther than a walk from the first stop: the walk starts there.
          </p>
        )}
        <p className="map-tour__start">
          {from === 'you' ? (
            <button type="button" className="button button--text button--small" onClick={() => onStartFrom('first-stop')}>
              Start at the first stop
            </button>
          ) : (
            <button
              type="button"
              className="button button--text button--small"
              onClick={() => onStartFrom('you')}
              disabled={locating}
              aria-busy={locating || undefined}
            >
              <Icon name="myLocation" size={16} /> {locating ? 'Finding your location…' : 'Start from my location'}
            </button>
          )}
        </p>
        <ol className="map-tour__stops" aria-label="Tour stops">
          {data.stops.map((s, i) => (
            <li key={s.id} className="map-tour__stop">
              <div className="map-tour__stop-row">
                <span className="map-tour__stop-text">
                  <Link to={to.artwork(s.id)} className="map-tour__stop-title">
                    {s.title || 'Untitled'}
                  </Link>
                  <span className="map-tour__leg">{legText(s, i, from)}</span>
                </span>
                {onShowStop && (
                  <button
                    type="button"
                    className="button button--text button--small"
                    onClick={() => onShowStop(s)}
                    aria-label={`Show stop ${i + 1}, ${s.title || 'Untitled'}, on the map`}
                  >
                    Show
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
          ? 'This list does not exist, or its owner keeps it private.'
          : `Could not plan the walk: ${errorMessage(error)}`}{' '}
        <button type="button" className="button button--text button--small" onClick={() => void tour.refetch()}>
          Retry
        </button>
      </p>
    );
  else
    body = (
      <p role="status" className="map-tour__loading">
        <Spinner /> Planning the walk…
      </p>
    );

  return (
    <section ref={ref} id={id} className="map-tour" aria-label="Walking tour" data-tour-stops={data?.stops.length}>
      <header className="map-list__header">
        <h2>{title}</h2>
        <button type="button" className="button button--text button--small" onClick={onClose}>
          <Icon name="close" size={18} /> Close tour
        </button>
      </header>
      {body}
    </section>
  );
}
