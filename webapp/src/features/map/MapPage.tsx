/**
 * `/`: the map of artworks. Markers come from the nearby call for the viewport's centre with a
 * radius reaching its corners, or for tiles of it when that radius is over the server's maximum
 * (re-queried after each move, debounced), clustered on the GPU.
 * A list of what is in view serves keyboard and screen-reader users, and browsers without WebGL.
 * Filters (type, one of the viewer's lists, not seen by them) live in the URL's query; the
 * preview card of a marker has the Loved / Visited / Want to see toggles.
 * "Show removed artworks" (`removed=1`) adds the artworks moderators marked removed, asked for
 * the same tiles with `status=removed`, filtered alike and drawn as a layer of their own; the
 * list marks them "(removed)" and their preview card says so (without the toggles).
 * With `tour=1` beside the list filter, the list's walking tour is drawn as a line with numbered
 * stops and listed in a panel; the view fits it once it has loaded.
 * The time panel shows the map as it was (`as_of`, see pastMap.ts): the same tiles asked as of
 * then, markers changed since ringed and labelled, removed since greyed, and the layers "Added
 * since" and "Removed since"; a banner says which day it is, with the way back to today.
 * The Areas panel turns on the Areas layer (`areas=1`, see mapAreas.ts): the areas of the view
 * shaded under the markers by how much of each the person has seen, and listed in the panel; a
 * link to an area (`fit`, from /profile) opens the map fitted to it.
 *
 * Kept in one file on purpose: the viewport, the URL's filters and the nearby queries are one
 * state that the map, the list of what is in view and the panels all read.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type Ref, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { usePageTitle } from '../../components/PageTitle';
import { SaveToggles } from '../../components/SaveToggles';
import { Spinner } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { usePreferences } from '../../components/usePreferences';
import { useMapSettings } from '../../api/configApi';
import { errorMessage } from '../../api/errors';
import { placeAt, placeName, useGetPlacesQuery } from '../../api/placesApi';
import { useGetListArtworkIdsQuery, useGetListTourQuery, useGetMyListsQuery, type TourStart, type TourStop } from '../../api/listsApi';
import type { Area, ArtworkMinimalDto, Place } from '../../api/types';
import { MAP_MOVE_DEBOUNCE_MS, NEARBY } from '../../config/constants';
import { to } from '../../config/routes';
import { t as translate, useT } from '../../i18n';
import { announce } from '../../lib/announcer';
import { tourSummary } from '../../lib/tour';
import { formatDistance, haversineM, type LatLng } from '../../lib/geo';
import { isLocationPermissionGranted, useGeolocation } from '../../lib/geolocation';
import { logger } from '../../lib/logger';
import { AREAS_PARAM, FIT_PARAM, readAreasOn, readFit } from '../../lib/areas';
import { defaultMapRadius } from '../../lib/preferences';
import { saveMapView } from '../../lib/savedView';
import { withParams } from '../../lib/urlParams';
import {
  ARTWORK_TYPES,
  artworkTypeColor,
  artworkTypeLabel,
  createMap,
  isWebGLSupported,
  type MapBounds,
  type MapPoint,
  type NearbyArea,
  type PlinthMap,
} from '../../lib/map';
import {
  activeFilterCount,
  applyMapFilters,
  mapFilterParams,
  narrowingFilterCount,
  readMapFilters,
  readTour,
  tourParams,
  type MapFilters,
} from './mapFilters';
import { AreasPanel } from './AreasPanel';
import { areaBounds, toMapArea, useMapAreas } from './mapAreas';
import { MapFiltersPanel } from './MapFiltersPanel';
import { PanelHeader } from './PanelHeader';
import { PlacesPanel } from './PlacesPanel';
import { initialView, nearbyTilesFor, paddingClearOf, tourBounds, tourRoute, tourStartFor, tourStartTooFar, zoomForRadius } from './mapView';
import { TourPanel, type TourFrom } from './TourPanel';
import { useGetNearbyTilesQuery, useGetTimelineQuery, type NearbyMarker } from './mapApi';
import { formatPast, pastViewParams, rangeOf, readPastView, SHOWN_CHANGES, sinceStyle, type PastView } from './pastMap';
import { TimePanel } from './TimePanel';
import './map.css';

type MapState = 'loading' | 'ready' | 'failed';

/** An artwork of the list of what is in view, of the default layer, the removed one or (as it was) the added one. */
interface Listed extends NearbyMarker {
  removed: boolean;
  added?: boolean;
}

const toPoint = (a: ArtworkMinimalDto, removed = false, since?: MapPoint['since']): MapPoint => ({
  id: a.id,
  title: a.title,
  type: a.artwork_type,
  lat: a.lat,
  lng: a.lon,
  ...(removed ? { removed } : {}),
  ...(since ? { since } : {}),
});

/** A listed artwork's marker: on the map as it was, one removed since is greyed like the removed layer's. */
const pointOf = (l: Listed): MapPoint => {
  const style = sinceStyle(l.changed_since);
  return toPoint(l, l.removed || style === 'removed', l.added ? 'added' : style === 'changed' ? 'changed' : undefined);
};

/** What a marker of the map as it was says changed since then ("Moved since"…), in a fixed order. */
const sinceLabels = (l: Pick<Listed, 'added' | 'changed_since'>): string[] => [
  ...(l.added ? [translate('map.since.added')] : []),
  ...SHOWN_CHANGES.filter((c) => l.changed_since?.includes(c)).map((c) => translate(`map.since.${c}`)),
];

/** The tour asked of the server: its list, and where it starts (chosen once per list). */
interface TourRequest {
  id: string;
  start: TourStart | null;
  from: TourFrom;
}

export function MapPage() {
  const t = useT();
  usePageTitle(t('map.page.title'));
  const [search, setSearch] = useSearchParams();
  // The engine and style follow the server's settings: the map waits for them.
  const mapSettings = useMapSettings();
  // The URL's or this tab's last view; else, once known, the view the instance opens on.
  const [initial] = useState(() => initialView(search));
  const start = useMemo(
    () => (initial.explicit || !mapSettings ? initial : initialView(new URLSearchParams(), mapSettings.defaultView)),
    [initial, mapSettings],
  );
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<PlinthMap | null>(null);
  const [mapState, setMapState] = useState<MapState>(() => (isWebGLSupported() ? 'loading' : 'failed'));
  // The streets could not be loaded and the offline style stands in: said until dismissed.
  const [basemapNotice, setBasemapNotice] = useState(false);
  const radius = defaultMapRadius(usePreferences());
  // The map's tiles; without a map (no WebGL, or it failed) the list shows what lies within the
  // account's default radius of the start.
  const [mapTiles, setTiles] = useState<NearbyArea[] | null>(null);
  const fallbackTiles = useMemo(() => [{ lat: start.lat, lon: start.lng, radius }], [start, radius]);
  const tiles = mapState === 'failed' ? fallbackTiles : mapTiles;
  const [selected, setSelected] = useState<MapPoint | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const [placesOpen, setPlacesOpen] = useState(false);
  // The Areas layer (`areas=1`), its panel open with it on arrival.
  const areasOn = readAreasOn(search);
  const [areasOpen, setAreasOpen] = useState(areasOn);
  // The view's box (for the Areas layer), following the map as the tiles do.
  const [viewBounds, setViewBounds] = useState<MapBounds | null>(null);
  const areas = useMapAreas(areasOn && mapState === 'ready' ? viewBounds : null);
  const areasPanel = useRef<HTMLElement>(null);
  const setAreasOn = (on: boolean) => setSearch(withParams(search, { [AREAS_PARAM]: on ? '1' : null }), { replace: true, flushSync: true });
  /** The phone's sheet shows the list, the places or the areas, one at a time. */
  const showSheet = (sheet: 'list' | 'places' | 'areas' | null) => {
    setListOpen(sheet === 'list');
    setPlacesOpen(sheet === 'places');
    setAreasOpen(sheet === 'areas');
  };
  // A first screen with no view chosen and no location: say where the map is, and offer a way
  // to get somewhere else (until the person moves on).
  const [whereShown, setWhereShown] = useState(false);
  // Read only when the place is to be named: a returning visitor's map asks for nothing more.
  const places = useGetPlacesQuery(undefined, { skip: !whereShown });
  const [centre, setCentre] = useState<LatLng>({ lat: start.lat, lng: start.lng });
  const here = places.data ? placeAt(places.data, centre.lat, centre.lng) : null;
  // The map as it was (`as_of`), opened with its panel showing the moment.
  const past = useMemo(() => readPastView(search), [search]);
  const [legendOpen, setLegendOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [timeOpen, setTimeOpen] = useState(() => past !== null);
  /** The filters, the time panel and the legend take turns too. */
  const showPopover = (popover: 'filters' | 'time' | 'legend' | null) => {
    setFiltersOpen(popover === 'filters');
    setTimeOpen(popover === 'time');
    setLegendOpen(popover === 'legend');
  };
  const filtersButton = useRef<HTMLButtonElement>(null);
  const timeButton = useRef<HTMLButtonElement>(null);
  /** A popover's close: none is open then, and the focus goes back to its toolbar button (`button`). */
  const closePopover = (button: RefObject<HTMLButtonElement | null>) => {
    showPopover(null);
    button.current?.focus();
  };
  // The banner's date reads as the panel's: with its time when the timeline is short.
  const timeline = useGetTimelineQuery(past ? undefined : skipToken);
  const pastRange = rangeOf(timeline.data);
  const setPast = (next: Pick<PastView, 'asOf' | 'addedLayer' | 'removedLayer'> | null) =>
    setSearch(withParams(search, pastViewParams(next)), { replace: true, flushSync: true });
  const backToToday = () => {
    setPast(null);
    announce(t('map.announce.today'));
  };
  const geo = useGeolocation();
  const userPos: LatLng | null = useMemo(
    () => (geo.position ? { lat: geo.position.latitude, lng: geo.position.longitude } : null),
    [geo.position],
  );

  const asOf = past ? { as_of: past.asOf } : {};
  const nearby = useGetNearbyTilesQuery(tiles ? tiles.map((tile) => ({ ...tile, limit: NEARBY.defaultLimit, ...asOf })) : skipToken);
  const artworks = useMemo(() => nearby.data?.artworks ?? [], [nearby.data]);

  const filters = useMemo(() => readMapFilters(search), [search]);
  const filtered = activeFilterCount(filters) > 0;
  const narrowed = narrowingFilterCount(filters) > 0;
  // The removed layer: the same tiles, asked only while it is shown (as it was: removed since).
  const removedLayer = past ? past.removedLayer : filters.removed;
  const removedNearby = useGetNearbyTilesQuery(
    removedLayer && tiles ? tiles.map((tile) => ({ ...tile, limit: NEARBY.defaultLimit, status: 'removed' as const, ...asOf })) : skipToken,
  );
  const removedArtworks = useMemo(
    () => (removedLayer ? (removedNearby.data?.artworks ?? []) : []),
    [removedLayer, removedNearby.data],
  );
  // As it was, the layer of the artworks added since.
  const addedLayer = past?.addedLayer ?? false;
  const addedNearby = useGetNearbyTilesQuery(
    past?.addedLayer && tiles ? tiles.map((tile) => ({ ...tile, limit: NEARBY.defaultLimit, status: 'added' as const, as_of: past.asOf })) : skipToken,
  );
  const addedArtworks = useMemo(() => (addedLayer ? (addedNearby.data?.artworks ?? []) : []), [addedLayer, addedNearby.data]);
  // Hiding the removed layer closes the preview of one of its artworks (as it was, the default
  // layer has removed ones too).
  if (!removedLayer && !past && selected?.removed) setSelected(null);
  const layersFetching = nearby.isFetching || (removedLayer && removedNearby.isFetching) || (addedLayer && addedNearby.isFetching);
  const layersError: unknown = nearby.error ?? (removedLayer ? removedNearby.error : undefined) ?? (addedLayer ? addedNearby.error : undefined);
  const retryLayers = () => {
    if (nearby.error) void nearby.refetch();
    if (removedLayer && removedNearby.error) void removedNearby.refetch();
    if (addedLayer && addedNearby.error) void addedNearby.refetch();
  };
  // flushSync: the panel's controls follow the URL, which the router otherwise commits as a
  // transition, so a checkbox would show its old state while the map keeps the main thread busy.
  const setFilters = (next: MapFilters) => setSearch(withParams(search, mapFilterParams(next)), { replace: true, flushSync: true });
  // The viewer's lists: for the panel's choice, and to find their Visited list.
  const myLists = useGetMyListsQuery(filtersOpen || filters.unseen ? undefined : skipToken);
  const visitedId = myLists.data?.find((l) => l.kind === 'visited')?.id;
  const inList = useGetListArtworkIdsQuery(filters.list ?? skipToken);
  const visited = useGetListArtworkIdsQuery(filters.unseen && visitedId ? visitedId : skipToken);
  const filterError: unknown =
    (filters.list ? inList.error : undefined) ?? (filters.unseen ? (myLists.error ?? visited.error) : undefined);
  const filterPending = !filterError && Boolean((filters.list && !inList.currentData) || (filters.unseen && !visited.currentData));
  const [shown, removedShown, addedShown] = useMemo(() => {
    if (filterPending || filterError) return [[], [], []];
    const ids = { inList: new Set(inList.currentData), visited: new Set(visited.currentData) };
    const removed = applyMapFilters(removedArtworks, filters, ids);
    // Just after a removal the default layer may still hold the artwork for a moment (its model
    // catches up in the background): the removed layer has it already.
    const removedIds = new Set(removedArtworks.map((a) => a.id));
    const active = applyMapFilters(artworks, filters, ids).filter((a) => !removedIds.has(a.id));
    const activeIds = new Set(active.map((a) => a.id));
    return [active, removed, applyMapFilters(addedArtworks, filters, ids).filter((a) => !activeIds.has(a.id) && !removedIds.has(a.id))];
  }, [artworks, removedArtworks, addedArtworks, filters, filterPending, filterError, inList.currentData, visited.currentData]);
  /** What is in view, layer by layer (the map draws them in this order). */
  const layered: Listed[] = useMemo(
    () => [
      ...shown.map((a) => ({ ...a, removed: false })),
      ...removedShown.map((a) => ({ ...a, removed: true })),
      ...addedShown.map((a) => ({ ...a, removed: false, added: true })),
    ],
    [shown, removedShown, addedShown],
  );
  /** What is in view for the list: every layer, nearest first. */
  const listed = useMemo(() => [...layered].sort((x, y) => x.distance_m - y.distance_m), [layered]);

  // The walking tour: the list's walk from its first stop (as on the list's page), or from the
  // person's location when they ask; a location too far from the first stop is dropped. Moving
  // the map asks for no other tour.
  const tourList = readTour(search);
  const [tourRequest, setTourRequest] = useState<TourRequest | null>(null);
  if ((tourRequest?.id ?? null) !== tourList) {
    setTourRequest(tourList ? { id: tourList, start: null, from: 'first-stop' } : null);
  }
  const tour = useGetListTourQuery(tourRequest ? { id: tourRequest.id, start: tourRequest.start } : skipToken);
  const tourData = tour.currentData;
  if (tourRequest?.start && tourData && tourStartTooFar(tourData)) setTourRequest({ id: tourRequest.id, start: null, from: 'you-too-far' });
  const [locatingTour, setLocatingTour] = useState(false);
  const route = useMemo(() => (tourData && tourData.stops.length > 0 ? tourRoute(tourData) : null), [tourData]);
  const tourPanel = useRef<HTMLElement>(null);
  const fittedTour = useRef<unknown>(null);

  const retryFilters = () => {
    if (filters.list && inList.error) void inList.refetch();
    if (filters.unseen && myLists.error) void myLists.refetch();
    if (filters.unseen && visited.error) void visited.refetch();
  };

  // Create the map once its settings are known.
  useEffect(() => {
    const el = container.current;
    if (!el || !mapSettings || !isWebGLSupported()) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cleanups: Array<() => void> = [];
    createMap({
      container: el,
      center: { lat: start.lat, lng: start.lng },
      zoom: start.zoom,
      mapboxAccessToken: mapSettings.mapboxAccessToken,
      styleUrl: mapSettings.styleUrl,
    })
      .then((map) => {
        if (cancelled) {
          map.destroy();
          return;
        }
        mapRef.current = map;
        setMapState('ready');
        setBasemapNotice(map.basemap === 'fallback');
        setTiles(nearbyTilesFor(map.getViewport()));
        setViewBounds(map.getViewport().bounds);
        cleanups.push(
          map.onMoveEnd((v) => {
            saveMapView({ lat: v.center.lat, lng: v.center.lng, zoom: v.zoom });
            setCentre(v.center);
            clearTimeout(timer);
            timer = setTimeout(() => {
              setTiles(nearbyTilesFor(v));
              setViewBounds(v.bounds);
            }, MAP_MOVE_DEBOUNCE_MS);
          }),
          map.onPointClick((p) => {
            setSelected(p);
            announce(translate('map.announce.selected', { title: p.title || translate('map.untitled') }));
          }),
          map.onBackgroundClick(() => setSelected(null)),
        );
      })
      .catch((e: unknown) => {
        logger.error('Map failed to load', { error: e });
        if (!cancelled) {
          setMapState('failed');
        }
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      cleanups.forEach((c) => c());
      mapRef.current?.destroy();
      mapRef.current = null;
    };
  }, [start, mapSettings]);

  // Markers follow the data and the filters.
  useEffect(() => {
    mapRef.current?.setPoints(layered.map(pointOf));
  }, [layered, mapState]);

  useEffect(() => {
    mapRef.current?.setSelected(selected?.id ?? null);
  }, [selected, mapState]);

  useEffect(() => {
    mapRef.current?.setUserLocation(userPos);
  }, [userPos, mapState]);

  // The Areas layer follows its data; turning it off removes it.
  const areaList = areasOn ? areas.data : undefined;
  useEffect(() => {
    mapRef.current?.setAreas(areaList?.areas.map(toMapArea) ?? [], areaList?.file?.attribution ?? null);
  }, [areaList, mapState]);

  // The tour's line follows its data; closing the tour (no data) removes it.
  useEffect(() => {
    mapRef.current?.setRoute(route);
  }, [route, mapState]);

  /** Fits the view to `bounds`, clear of `panel` where it lies over the map. */
  const fitClearOf = useCallback((bounds: MapBounds, panel: HTMLElement | null) => {
    const map = mapRef.current;
    if (!map) return;
    // The panel has just opened or grown: the view is fitted to the map's size as laid out now.
    map.resize();
    map.fitBounds(bounds, paddingClearOf(panel?.getBoundingClientRect(), container.current?.getBoundingClientRect()));
  }, []);

  // A box to fit (a link to an area), once the map is ready, clear of the Areas panel; then the
  // URL lets it go.
  const fit = useMemo(() => readFit(search), [search]);
  useEffect(() => {
    if (!fit || mapState !== 'ready') return;
    fitClearOf(fit, areasPanel.current);
    setSearch((params) => withParams(params, { [FIT_PARAM]: null }), { replace: true });
  }, [fit, mapState, setSearch, fitClearOf]);

  // Fit the view to each tour once, clear of the panel where it lies over the map (beside it on
  // wide screens; on phones it is a sheet under the map, which gave it room).
  useEffect(() => {
    const map = mapRef.current;
    if (!tourData) fittedTour.current = null;
    const bounds = tourData ? tourBounds(tourData) : null;
    if (!map || !tourData || !bounds || fittedTour.current === tourData) return;
    fittedTour.current = tourData;
    fitClearOf(bounds, tourPanel.current);
  }, [tourData, mapState, fitClearOf]);

  useEffect(() => {
    if (tourData) {
      const summary = tourSummary(tourData.distance_m, tourData.stops.length, tourData.start !== null);
      announce(translate('map.announce.tour', { name: tourData.list.name, summary }));
    }
  }, [tourData]);

  const closeTour = () => {
    setSearch(withParams(search, tourParams(false)), { replace: true });
    announce(t('map.announce.tourClosed'));
    filtersButton.current?.focus();
  };

  const showStop = (s: TourStop) => mapRef.current?.flyTo({ lat: s.lat, lng: s.lon }, 17);

  const startTourFrom = async (from: 'you' | 'first-stop') => {
    if (!tourRequest) return;
    if (from === 'first-stop') {
      setTourRequest({ id: tourRequest.id, start: null, from });
      return;
    }
    setLocatingTour(true);
    const p = userPos ? { latitude: userPos.lat, longitude: userPos.lng } : await geo.locate();
    setLocatingTour(false);
    if (p) setTourRequest({ id: tourRequest.id, start: tourStartFor({ lat: p.latitude, lng: p.longitude }), from });
  };

  const { locate } = geo;
  const goToMe = useCallback(async () => {
    const p = await locate();
    if (p) {
      // Near you: the account's default radius around the user fills the map.
      const canvas = container.current?.getBoundingClientRect();
      const zoom = canvas ? zoomForRadius(radius, p.latitude, canvas.width, canvas.height) : undefined;
      mapRef.current?.flyTo({ lat: p.latitude, lng: p.longitude }, zoom);
      announce(translate('map.announce.nearYou'));
    }
  }, [locate, radius]);

  // Without an explicit view or a tour to show, centre on the user when the browser already allows it.
  const showingTour = tourList !== null;
  useEffect(() => {
    if (start.explicit || showingTour || mapState !== 'ready') return;
    let cancelled = false;
    void isLocationPermissionGranted().then((granted) => {
      if (cancelled) return;
      if (granted) void goToMe();
      else setWhereShown(true);
    });
    return () => {
      cancelled = true;
    };
  }, [start.explicit, showingTour, mapState, goToMe]);

  useEffect(() => {
    if (geo.error) announce(geo.error, 'assertive');
  }, [geo.error]);

  const showPlace = (p: Place) => {
    setPlacesOpen(false);
    setWhereShown(false);
    const map = mapRef.current;
    // One artwork's place is a point: show its street rather than the engine's deepest zoom.
    if (p.north - p.south < 0.001 && p.east - p.west < 0.001) map?.flyTo({ lat: (p.north + p.south) / 2, lng: (p.east + p.west) / 2 }, 16);
    else map?.fitBounds({ north: p.north, south: p.south, east: p.east, west: p.west });
    announce(t('map.announce.showingPlace', { place: placeName(p) }));
  };

  const showArea = (a: Area) => {
    fitClearOf(areaBounds(a), areasPanel.current);
    announce(t('map.announce.showingPlace', { place: a.name }));
  };

  const selectFromList = (a: Listed) => {
    setSelected(pointOf(a));
    mapRef.current?.flyTo({ lat: a.lat, lng: a.lon });
  };

  const showsRemoved = removedLayer && removedNearby.data && !filterPending && !filterError;
  /** The selected marker as the list has it (what changed since, on the map as it was). */
  const selectedListed = selected ? listed.find((l) => l.id === selected.id) : undefined;
  /** The toolbar's count, with the removed layer's when it is shown. */
  const withRemoved = (status: string) => (showsRemoved ? t('map.status.withRemoved', { status, count: removedShown.length }) : status);

  const distanceTo = (p: { lat: number; lng: number }) => (userPos ? formatDistance(haversineM(userPos, p)) : null);

  return (
    <div className="map-page">
      <h1 className="visually-hidden">{t('map.page.heading')}</h1>
      <div
        ref={container}
        className="map-canvas"
        role="region"
        aria-label={t('map.page.canvas')}
        hidden={mapState === 'failed'}
      />
      {mapState === 'loading' && (
        <div className="map-overlay map-overlay--center" role="status">
          <Spinner /> <span>{t('map.page.loadingMap')}</span>
        </div>
      )}
      {mapState === 'failed' && (
        <div className="map-unavailable" role="note">
          <Icon name="map" size={32} />
          <p>{t('map.page.noWebGL')}</p>
        </div>
      )}

      <div className="map-toolbar">
        <p className="map-status" role="status" aria-live="polite">
          {layersFetching ? (
            <>
              <Spinner /> {t('map.status.loadingArtworks')}
            </>
          ) : layersError ? (
            <>
              <span>{errorMessage(layersError)}</span>{' '}
              <button type="button" className="button button--text button--small" onClick={retryLayers}>
                {t('map.retry')}
              </button>
            </>
          ) : filterError ? (
            <>
              <span>{t('map.status.filterError', { error: errorMessage(filterError) })}</span>{' '}
              <button type="button" className="button button--text button--small" onClick={retryFilters}>
                {t('map.retry')}
              </button>
            </>
          ) : filterPending ? (
            <>
              <Spinner /> {t('map.status.applyingFilters')}
            </>
          ) : nearby.data && narrowed ? (
            withRemoved(shown.length === 0 ? t('map.status.noneMatch') : t('map.status.someMatch', { count: shown.length }))
          ) : nearby.data ? (
            withRemoved(
              shown.length === 0
                ? t('map.status.noneHere')
                : nearby.data.truncated
                  ? t('map.status.truncated', { count: shown.length })
                  : t('map.status.inArea', { count: shown.length }),
            )
          ) : null}
        </p>
        <div className="map-toolbar__buttons">
          <PanelToggle open={placesOpen} controls="map-places" disabled={mapState !== 'ready'} onToggle={() => showSheet(placesOpen ? null : 'places')}>
            <Icon name="place" size={18} /> {t('map.toolbar.places')}
          </PanelToggle>
          <PanelToggle
            open={areasOpen}
            controls="map-areas"
            disabled={mapState !== 'ready'}
            onToggle={() => {
              showSheet(areasOpen ? null : 'areas');
              if (!areasOpen && !areasOn) setAreasOn(true);
            }}
          >
            <Icon name="map" size={18} /> {t('map.toolbar.areas')}
            {areasOn && (
              <>
                <span className="map-filter-count">
                  <Icon name="check" size={14} />
                </span>
                {' '}
                <span className="visually-hidden">{t('map.toolbar.areasShown')}</span>
              </>
            )}
          </PanelToggle>
          <PanelToggle open={listOpen || mapState === 'failed'} controls="map-list" disabled={mapState === 'failed'} onToggle={() => showSheet(listOpen ? null : 'list')}>
            <Icon name="list" size={18} /> {t('map.toolbar.list')}
          </PanelToggle>
          <PanelToggle ref={filtersButton} open={filtersOpen} controls="map-filters" onToggle={() => showPopover(filtersOpen ? null : 'filters')}>
            <Icon name="filter" size={18} /> {t('map.toolbar.filters')}
            {filtered && (
              <span className="map-filter-count">
                {activeFilterCount(filters)}
                <span className="visually-hidden"> {t('map.toolbar.activeFilters', { count: activeFilterCount(filters) })}</span>
              </span>
            )}
          </PanelToggle>
          <PanelToggle ref={timeButton} open={timeOpen} controls="map-time" onToggle={() => showPopover(timeOpen ? null : 'time')}>
            <Icon name="history" size={18} /> {t('map.toolbar.time')}
          </PanelToggle>
          <PanelToggle open={legendOpen} controls="map-legend" onToggle={() => showPopover(legendOpen ? null : 'legend')}>
            {t('map.toolbar.legend')}
          </PanelToggle>
        </div>
        {basemapNotice && (
          <div className="map-basemap-notice" role="note">
            <p>{t('map.basemap.offline')}</p>
            <button type="button" className="icon-button" aria-label={t('map.basemap.dismiss')} onClick={() => setBasemapNotice(false)}>
              <Icon name="close" size={18} />
            </button>
          </div>
        )}
        {/* The Areas panel says it itself. */}
        {areasOn && !areasOpen && areaList?.too_wide && (
          <p className="map-areas-note" role="note">
            {t('map.areas.zoomIn')}
          </p>
        )}
        {/* The time panel says the moment itself, and would cover the banner. */}
        {past && !timeOpen && (
          <div className="map-past-banner" role="note">
            <p>{t('map.time.banner', { date: formatPast(past.asOf, pastRange) })}</p>
            <button type="button" className="button button--tonal button--small" onClick={backToToday}>
              {t('map.time.backToToday')}
            </button>
          </div>
        )}
      </div>

      {filtersOpen && (
        <MapFiltersPanel
          id="map-filters"
          filters={filters}
          lists={myLists}
          onChange={setFilters}
          onClose={() => closePopover(filtersButton)}
        />
      )}

      {timeOpen && (
        <TimePanel
          id="map-time"
          view={past}
          onChange={setPast}
          onClose={() => closePopover(timeButton)}
        />
      )}

      {tourRequest && (
        <TourPanel
          ref={tourPanel}
          id="map-tour"
          tour={{ data: tourData, error: tour.error, isFetching: tour.isFetching, refetch: tour.refetch }}
          from={tourRequest.from}
          onClose={closeTour}
          onShowStop={mapState === 'ready' ? showStop : undefined}
          onStartFrom={(from) => void startTourFrom(from)}
          locating={locatingTour}
        />
      )}

      {legendOpen && (
        <section id="map-legend" className="map-legend" aria-label={t('map.legend.label')}>
          <ul>
            {ARTWORK_TYPES.map((type) => (
              <li key={type}>
                <span className="chip__dot" style={{ background: artworkTypeColor(type) }} aria-hidden="true" />
                {artworkTypeLabel(type)}
              </li>
            ))}
            <li>
              <span className="map-legend__removed" aria-hidden="true" />
              {t('map.legend.removed')}
            </li>
            {past && (
              <>
                <li>
                  <span className="map-legend__added" aria-hidden="true" />
                  {t('map.legend.added')}
                </li>
                <li>
                  <span className="map-legend__changed" aria-hidden="true" />
                  {t('map.legend.changed')}
                </li>
                <li>
                  <span className="map-legend__cluster" aria-hidden="true" />
                  {t('map.legend.cluster')}
                </li>
              </>
            )}
          </ul>
        </section>
      )}

      <div className="map-locate">
        <button
          type="button"
          className="fab fab--small"
          onClick={() => void goToMe()}
          aria-label={geo.status === 'loading' ? t('map.locate.finding') : t('map.locate.show')}
          aria-busy={geo.status === 'loading'}
          disabled={geo.status === 'loading' || mapState !== 'ready'}
          title={t('map.locate.show')}
        >
          {geo.status === 'loading' ? <Spinner /> : <Icon name="myLocation" />}
        </button>
      </div>
      {geo.error ? (
        <p className="map-geo-error" role="alert">
          {t.rich('map.where.geoError', { error: <span className="map-geo-error__text">{geo.error}</span> })}{' '}
          <button type="button" className="button button--text button--small" onClick={() => setPlacesOpen(true)} disabled={mapState !== 'ready'}>
            {t('map.where.choosePlace')}
          </button>
        </p>
      ) : (
        whereShown &&
        !placesOpen &&
        !showingTour && (
          <p className="map-where" data-testid="map-where">
            {here ? t('map.where.lookingAt', { place: placeName(here) }) : t('map.where.question')}{' '}
            <button type="button" className="button button--text button--small" onClick={() => setPlacesOpen(true)} disabled={mapState !== 'ready'}>
              {t('map.where.choosePlace')}
            </button>
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => setWhereShown(false)}>
              <Icon name="close" size={18} />
            </button>
          </p>
        )
      )}

      {placesOpen && mapState === 'ready' && (
        <PlacesPanel id="map-places" onChoose={showPlace} onClose={() => setPlacesOpen(false)} />
      )}

      {areasOpen && mapState === 'ready' && (
        <AreasPanel
          ref={areasPanel}
          id="map-areas"
          on={areasOn}
          onToggle={setAreasOn}
          areas={areas}
          onShow={showArea}
          onClose={() => setAreasOpen(false)}
        />
      )}

      {(listOpen || mapState === 'failed') && (
        <section id="map-list" className="map-list" aria-label={t('map.list.label')}>
          <PanelHeader title={t('map.list.label')} closeLabel={t('map.list.close')} onClose={mapState === 'failed' ? undefined : () => setListOpen(false)} />
          {listed.length === 0 ? (
            <p className="muted">
              {layersFetching || filterPending ? t('common.loading') : filtered ? t('map.list.emptyFiltered') : t('map.list.empty')}
            </p>
          ) : (
            <ul className="row-list">
              {listed.map((a) => (
                <li key={a.id} className={a.removed ? 'row-list__item map-list__removed' : 'row-list__item'}>
                  <div className="row-list__link">
                    <span className="row-list__text">
                      <Link to={to.artwork(a.id)} className="row-list__title">
                        {a.removed && !past ? t('map.list.removedTitle', { title: a.title || t('map.untitled') }) : a.title || t('map.untitled')}
                      </Link>
                      <span className="row-list__meta">
                        <TypeChip type={a.artwork_type} />
                        {past && sinceLabels(a).length > 0 && <span className="map-since"> · {sinceLabels(a).join(', ')}</span>}
                        {distanceTo({ lat: a.lat, lng: a.lon }) && ` · ${t('map.away', { distance: distanceTo({ lat: a.lat, lng: a.lon }) })}`}
                      </span>
                    </span>
                    {mapState === 'ready' && (
                      <button type="button" className="button button--text button--small" onClick={() => selectFromList(a)}>
                        {t('map.list.showOnMap')}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {selected && (
        <section className="map-preview" aria-label={t('map.preview.label')}>
          <div className="map-preview__body">
            <h2 className="map-preview__title">{selected.title || t('map.untitled')}</h2>
            <p className="map-preview__meta">
              {past
                ? selectedListed &&
                  sinceLabels(selectedListed).map((label) => (
                    <span key={label}>
                      <span className="chip chip--warning">{label}</span>{' '}
                    </span>
                  ))
                : selected.removed && (
                    <>
                      <span className="chip chip--warning">{t('map.preview.removed')}</span>{' '}
                    </>
                  )}
              <TypeChip type={selected.type} />
              {distanceTo(selected) && <span> · {t('map.away', { distance: distanceTo(selected) })}</span>}
            </p>
            {selected.removed ? (
              <p className="map-preview__note">{t('map.preview.removedNote')}</p>
            ) : (
              <SaveToggles key={selected.id} artworkId={selected.id} compact />
            )}
          </div>
          <div className="map-preview__actions">
            <Link className="button button--filled" to={to.artwork(selected.id)}>
              {t('map.preview.viewDetails')}
            </Link>
            <button type="button" className="icon-button" aria-label={t('map.preview.close')} onClick={() => setSelected(null)}>
              <Icon name="close" />
            </button>
          </div>
        </section>
      )}
    </div>
  );
}

/** A toolbar button that shows or hides one panel of the map. */
function PanelToggle({
  ref,
  open,
  controls,
  disabled,
  onToggle,
  children,
}: {
  ref?: Ref<HTMLButtonElement>;
  open: boolean;
  controls: string;
  disabled?: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button ref={ref} type="button" className="button button--tonal button--small" aria-expanded={open} aria-controls={controls} onClick={onToggle} disabled={disabled}>
      {children}
    </button>
  );
}
