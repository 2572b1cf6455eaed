/** A map engine stand-in for tests that mock `lib/map`: every method does nothing unless given. */
import { vi } from 'vitest';
import type * as MapModule from '../lib/map';
import type { CreateMapOptions, PlinthMap } from '../lib/map';
import { builder } from './builder';

export const fakeMap = builder((): PlinthMap => ({
  kind: 'maplibre',
  basemap: 'offline',
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
  setAreas: () => undefined,
  fitBounds: () => undefined,
  resize: () => undefined,
  destroy: () => undefined,
}));

/**
 * `lib/map` as a test mocks it: the real module, with WebGL supported and `createMap` answering a
 * `fakeMap` of the methods `over` gives for the options it was called with. Use it in the test's
 * `vi.mock('…/lib/map', (importOriginal) => fakeMapModule(importOriginal, …))`.
 */
export async function fakeMapModule(
  importOriginal: () => Promise<unknown>,
  over: (options: CreateMapOptions) => Partial<PlinthMap> = () => ({}),
): Promise<typeof MapModule> {
  const actual = (await importOriginal()) as typeof MapModule;
  return {
    ...actual,
    isWebGLSupported: () => true,
    createMap: vi.fn((options: CreateMapOptions) => Promise.resolve(fakeMap(over(options)))),
  };
}
