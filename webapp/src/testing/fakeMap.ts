/** A map engine stand-in for tests that mock `lib/map`: every method does nothing unless given. */
import type { PlinthMap } from '../lib/map';

export function fakeMap(over: Partial<PlinthMap> = {}): PlinthMap {
  return {
    kind: 'maplibre',
    setPoints: () => undefined,
    setSelected: () => undefined,
    setUserLocation: () => undefined,
    flyTo: () => undefined,
    getViewport: () => ({ center: { lat: 0, lng: 0 }, zoom: 12, bounds: { north: 0, south: 0, east: 0, west: 0 } }),
    onMoveEnd: () => () => undefined,
    onPointClick: () => () => undefined,
    onBackgroundClick: () => () => undefined,
    setPin: () => undefined,
    onPinMove: () => () => undefined,
    setRoute: () => undefined,
    fitBounds: () => undefined,
    resize: () => undefined,
    destroy: () => undefined,
    ...over,
  };
}
