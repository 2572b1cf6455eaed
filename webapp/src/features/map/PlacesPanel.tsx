/**
 * The map's places (issue 29: a first screen without a location showed clusters in a city it
 * did not name): the cities the registry covers, each with its neighbourhoods or boroughs and
 * how many artworks they hold, and a search of those places by name, with a way on to the
 * search of artworks and artists. Choosing a place shows it on the map.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { citiesOf, placeName, placesMatching, useGetPlacesQuery } from '../../api/placesApi';
import type { Place } from '../../api/types';
import { Icon } from '../../components/Icon';
import { InlineFailure, Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { PanelHeader } from './PanelHeader';

function PlaceButton({ place, onChoose, label }: { place: Place; onChoose: (p: Place) => void; label: string }) {
  const t = useT();
  return (
    <button type="button" className="map-places__place" onClick={() => onChoose(place)}>
      <span className="map-places__name">{label}</span>{' '}
      <span className="map-places__count">{t('common.artworks', { count: place.artworks })}</span>
    </button>
  );
}

export function PlacesPanel({
  id,
  intro,
  onChoose,
  onClose,
}: {
  id: string;
  /** Said above the places (why they are offered, e.g. the location was refused). */
  intro?: ReactNode;
  onChoose: (place: Place) => void;
  onClose: () => void;
}) {
  const t = useT();
  const places = useGetPlacesQuery();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const trimmed = query.trim();
  const found = places.data ? placesMatching(places.data, trimmed) : [];

  let body: ReactNode;
  if (trimmed) {
    body = (
      <>
        {found.length > 0 ? (
          <ul className="map-places__list" aria-label={t('map.places.found')}>
            {found.map((p) => (
              <li key={placeName(p)}>
                <PlaceButton place={p} onChoose={onChoose} label={placeName(p)} />
              </li>
            ))}
          </ul>
        ) : (
          places.data && <p className="muted">{t('map.places.noMatch', { query: trimmed })}</p>
        )}
        <p>
          <Link to={to.searchResults(trimmed)}>
            <Icon name="search" size={16} /> {t('map.places.searchArtworks', { query: trimmed })}
          </Link>
        </p>
      </>
    );
  } else if (places.isLoading) {
    body = (
      <p role="status">
        <Spinner /> {t('map.places.loading')}
      </p>
    );
  } else if (places.error) {
    body = <InlineFailure failed={t('map.places.failed')} error={places.error} onRetry={() => void places.refetch()} />;
  } else if (places.data && places.data.length === 0) {
    body = <p className="muted">{t('map.places.empty')}</p>;
  } else if (places.data) {
    body = (
      <ul className="map-places__list" aria-label={t('map.places.cities')}>
        {citiesOf(places.data).map(({ city, areas }) => (
          <li key={city.city}>
            <PlaceButton place={city} onChoose={onChoose} label={city.city} />
            {areas.length > 0 && (
              <details className="map-places__areas">
                <summary>{t('map.places.areaCount', { count: areas.length })}</summary>
                <ul aria-label={t('map.places.areasOf', { city: city.city })}>
                  {areas.map((a) => (
                    <li key={a.area}>
                      <PlaceButton place={a} onChoose={onChoose} label={a.area ?? a.city} />
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section id={id} className="map-list map-places" aria-label={t('map.places.label')}>
      <PanelHeader title={t('map.places.title')} closeLabel={t('map.places.close')} onClose={onClose} />
      {intro}
      <form role="search" aria-label={t('map.places.searchLabel')} className="map-places__search" onSubmit={(e) => {
        e.preventDefault();
        if (found[0]) onChoose(found[0]);
      }}>
        <label htmlFor={inputId}>{t('map.places.find')}</label>
        <input
          id={inputId}
          type="search"
          className="input"
          value={query}
          autoComplete="off"
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      {body}
    </section>
  );
}
