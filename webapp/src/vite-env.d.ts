/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Development only: overrides the server's Mapbox token (GET /api/config). */
  readonly VITE_MAPBOX_ACCESS_TOKEN?: string;
  /** Development only: overrides the server's map style. */
  readonly VITE_MAP_STYLE_URL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_LOG_LEVEL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
