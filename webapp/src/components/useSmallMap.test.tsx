import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as MapModule from '../lib/map';
import type { CreateMapOptions, PlinthMap } from '../lib/map';
import { fakeMap } from '../testing/fakeMap';
import { envelope, mockFetch } from '../testing/fetchMock';
import { storeFor } from '../testing/render';
import { deferred } from '../testing/submissions';
import { useSmallMap, type SmallMapOptions } from './useSmallMap';

/** The map engine, faked: what was made and destroyed, and whether a map can be made. */
const fake = vi.hoisted(() => ({
  webgl: true,
  created: [] as Array<Omit<CreateMapOptions, 'container'>>,
  destroyed: 0,
  /** How the next map arrives (default: at once). */
  next: null as null | (() => Promise<PlinthMap>),
}));

/** A made map that counts its destruction. */
const madeMap = () =>
  fakeMap({
    destroy: () => {
      fake.destroyed += 1;
    },
  });

vi.mock('../lib/map', async (importOriginal) => {
  const actual = await importOriginal<typeof MapModule>();
  return {
    ...actual,
    isWebGLSupported: () => fake.webgl,
    createMap: vi.fn(({ container: _container, ...options }: CreateMapOptions) => {
      fake.created.push(options);
      return fake.next ? fake.next() : Promise.resolve(madeMap());
    }),
  };
});

beforeEach(() => {
  fake.webgl = true;
  fake.created = [];
  fake.destroyed = 0;
  fake.next = null;
  mockFetch({ 'GET /api/config': () => envelope({ product_name: 'Plinth', mapbox_access_token: 'pk.test', map_style_url: null }) });
});

function Harness(props: SmallMapOptions) {
  const { ref, map, failed } = useSmallMap(props);
  return <div ref={ref} data-testid="map" data-made={map ? 'yes' : 'no'} data-failed={failed ? 'yes' : 'no'} />;
}

function renderMap(ui: ReactNode) {
  const store = storeFor('anonymous');
  return render(ui, { wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider> });
}

const START = { center: { lat: 49.3, lng: -123.1 }, zoom: 16, cluster: false };

describe('useSmallMap', () => {
  it('makes the map once the map settings are known, with its listeners, and undoes both on unmount', async () => {
    const undone: string[] = [];
    const attach = vi.fn(() => [() => undone.push('click'), () => undone.push('pin')]);
    const { unmount } = renderMap(<Harness name="Test map" start={START} attach={attach} />);
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-made', 'yes'));
    expect(fake.created).toEqual([{ ...START, mapboxAccessToken: 'pk.test', styleUrl: null }]);
    expect(attach).toHaveBeenCalledTimes(1);

    unmount();
    expect(undone).toEqual(['click', 'pin']);
    expect(fake.destroyed).toBe(1);
  });

  it('makes the map again when a value of remakeOn changes, and only then', async () => {
    const { rerender } = renderMap(<Harness name="Test map" start={START} remakeOn={[49.3, -123.1]} />);
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-made', 'yes'));

    rerender(<Harness name="Test map" start={{ ...START, zoom: 17 }} remakeOn={[49.3, -123.1]} />);
    expect(fake.created).toHaveLength(1);
    expect(fake.destroyed).toBe(0);

    rerender(<Harness name="Test map" start={{ ...START, center: { lat: 48.8, lng: 2.3 } }} remakeOn={[48.8, 2.3]} />);
    await waitFor(() => expect(fake.created).toHaveLength(2));
    expect(fake.created[1]).toMatchObject({ center: { lat: 48.8, lng: 2.3 } });
    expect(fake.destroyed).toBe(1);
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-made', 'yes'));
  });

  it('fails at once without WebGL, making no map', () => {
    fake.webgl = false;
    renderMap(<Harness name="Test map" start={START} />);
    expect(screen.getByTestId('map')).toHaveAttribute('data-failed', 'yes');
    expect(fake.created).toHaveLength(0);
  });

  it('fails, and says so in the log, when the map cannot load', async () => {
    fake.next = () => Promise.reject(new Error('no style'));
    renderMap(<Harness name="Test map" start={START} />);
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-failed', 'yes'));
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Test map failed to load'), expect.anything());
  });

  it('destroys a map that arrives after the screen has gone', async () => {
    const later = deferred<PlinthMap>();
    fake.next = () => later.promise;
    const { unmount } = renderMap(<Harness name="Test map" start={START} />);
    await waitFor(() => expect(fake.created).toHaveLength(1));
    unmount();
    expect(fake.destroyed).toBe(0);
    await act(() => {
      later.resolve(madeMap());
      return later.promise;
    });
    expect(fake.destroyed).toBe(1);
  });
});
