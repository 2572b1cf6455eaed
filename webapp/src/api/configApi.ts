/**
 * GET /config: this instance's product name (page titles, the shell) and its map settings (which
 * engine, which style). Read once per session. Until it answers, or if it fails, the name is
 * "Plinth" and the map is maplibre-gl with the built-in offline style.
 */
import { useMemo } from 'react';
import { DEFAULT_PRODUCT_NAME } from '../config/constants';
import { absoluteUrl, config as buildConfig, text, type AppConfig } from '../config/env';
import { baseApi, unwrap } from './baseApi';
import type { ClientConfig, Envelope_ClientConfig } from './types';

export const configApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<ClientConfig, void>({
      query: () => '/config',
      transformResponse: (r: Envelope_ClientConfig) => unwrap(r),
      // Changes only with a server restart: keep it for the session.
      keepUnusedDataFor: 24 * 60 * 60,
    }),
  }),
});

export const { useGetConfigQuery } = configApi;

/** The product's name as the server is configured; "Plinth" until (or unless) it answers. */
export function useProductName(): string {
  const { data } = useGetConfigQuery(undefined, { refetchOnMountOrArgChange: false });
  return text(data?.product_name) ?? DEFAULT_PRODUCT_NAME;
}

export interface MapSettings {
  /** Set: mapbox-gl renders (its chunk loads only then); null: maplibre-gl. */
  mapboxAccessToken: string | null;
  /** A style with real tiles; null: Mapbox's streets style, or maplibre's built-in offline one. */
  styleUrl: string | null;
}

/** The server's map settings, with the development overrides of `config/env.ts` on top. */
export function mapSettingsFrom(
  server: ClientConfig | undefined,
  overrides: Pick<AppConfig, 'mapboxAccessToken' | 'mapStyleUrl'>,
): MapSettings {
  return {
    mapboxAccessToken: overrides.mapboxAccessToken ?? text(server?.mapbox_access_token),
    styleUrl: overrides.mapStyleUrl ?? absoluteUrl('map_style_url', server?.map_style_url),
  };
}

/**
 * The map settings once known: null while /config is loading (the engine cannot be chosen
 * before), then the server's settings, or the defaults if the call failed.
 */
export function useMapSettings(): MapSettings | null {
  const { data, isSuccess, isError } = useGetConfigQuery(undefined, { refetchOnMountOrArgChange: false });
  const known = isSuccess || isError;
  return useMemo(() => (known ? mapSettingsFrom(data, buildConfig) : null), [known, data]);
}
