/**
 * GET /config: this instance's product name (page titles, the shell), branding (logo, colour)
 * and map settings (which engine, which style, where it opens). Read once per session. Until it
 * answers, or if it fails, the name is "Plinth", the logo the favicon, and the map maplibre-gl
 * with the built-in offline style, opening on Vancouver.
 */
import { useMemo } from 'react';
import { DEFAULT_PRODUCT_NAME, FALLBACK_VIEW } from '../config/constants';
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

export interface Brand {
  product: string;
  /** Absolute URL of the logo. */
  logo: string;
  /** `#rrggbb`, or null: the palette's own. */
  color: string | null;
}

/** The instance's name, logo and colour as the server is configured. */
export function useBrand(): Brand {
  const { data } = useGetConfigQuery(undefined, { refetchOnMountOrArgChange: false });
  return useMemo(
    () => ({
      product: text(data?.product_name) ?? DEFAULT_PRODUCT_NAME,
      logo: absoluteUrl('logo_url', data?.logo_url) ?? absoluteUrl('logo_url', '/favicon.svg') ?? '/favicon.svg',
      color: text(data?.brand_color),
    }),
    [data],
  );
}

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

export interface MapSettings {
  /** Set: mapbox-gl renders (its chunk loads only then); null: maplibre-gl. */
  mapboxAccessToken: string | null;
  /** A style with real tiles; null: Mapbox's streets style, or maplibre's built-in offline one. */
  styleUrl: string | null;
  /** Where the map opens when the visitor's place is unknown. */
  defaultView: MapView;
}

function isView(v: unknown): v is MapView {
  if (typeof v !== 'object' || v === null) return false;
  const { lat, lng, zoom } = v as Record<string, unknown>;
  return [lat, lng, zoom].every((n) => typeof n === 'number' && Number.isFinite(n));
}

/** The server's map settings, with the development overrides of `config/env.ts` on top. */
export function mapSettingsFrom(
  server: ClientConfig | undefined,
  overrides: Pick<AppConfig, 'mapboxAccessToken' | 'mapStyleUrl'>,
): MapSettings {
  return {
    mapboxAccessToken: overrides.mapboxAccessToken ?? text(server?.mapbox_access_token),
    styleUrl: overrides.mapStyleUrl ?? absoluteUrl('map_style_url', server?.map_style_url),
    defaultView: isView(server?.map_default_view) ? server.map_default_view : FALLBACK_VIEW,
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
