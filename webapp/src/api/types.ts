/**
 * Response shapes of the Plinth API, written to match the server (query-api/src/routes). Once the
 * server publishes /api/openapi.json these are to be generated from it.
 */

/** `{success, data, message?, timestamp}` */
export interface Envelope<T> {
  success: true;
  data: T;
  message?: string;
  timestamp: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  total_pages: number;
  has_more: boolean;
}

export interface Provenance {
  dataset: string;
  dataset_name: string;
  licence: string;
  attribution: string;
  source_id: string;
  source_url: string | null;
}

export interface ArtistRef {
  id: string;
  name: string;
}

/** A photo as the server may describe it: an image key, a URL, or an object with either. */
export type PhotoRef =
  | string
  | {
      key?: string;
      url?: string;
      thumbnail_url?: string;
      medium_url?: string;
      large_url?: string;
      caption?: string;
      alt?: string;
    };

export interface Artwork {
  id: string;
  title: string;
  description: string | null;
  artwork_type: string;
  status: string;
  lat: number;
  lon: number;
  tags: Record<string, string>;
  artists: ArtistRef[];
  photos: PhotoRef[];
  provenance: Provenance | null;
  created_at: string;
  updated_at: string;
  distance_m?: number;
}

export interface ArtworkMinimal {
  id: string;
  title: string;
  artwork_type: string;
  lat: number;
  lon: number;
  distance_m: number;
}

export interface NearbyResponse<T> {
  artworks: T[];
  total: number;
  search_center: { lat: number; lon: number };
  search_radius: number;
  limit: number;
}

export interface ArtworkPage {
  artworks: Artwork[];
  pagination: Pagination;
}

export interface Artist {
  id: string;
  name: string;
  biography: string | null;
  country: string | null;
  website: string | null;
  provenance: Provenance | null;
  artwork_count: number;
  created_at: string;
  updated_at: string;
}

export interface ArtistArtwork {
  id: string;
  title: string;
  artwork_type: string;
  lat: number;
  lon: number;
}

export interface ArtistDetail extends Artist {
  artworks: ArtistArtwork[];
}

export interface ArtistPage {
  artists: Artist[];
  pagination: Pagination;
}

export interface AuthUser {
  uuid: string;
  email: string | null;
  created_at: string | null;
}

/** GET /auth/status (SPEC §3, plus the role flags the server adds). */
export interface AuthStatus {
  is_authenticated: boolean;
  is_anonymous: boolean;
  user_token: string;
  user: AuthUser | null;
  is_moderator?: boolean;
  can_review?: boolean;
  is_admin?: boolean;
}

export interface ComponentHealth {
  status: string;
  latency_ms?: number;
  error?: string;
}

export interface ProjectorHealth {
  name: string;
  position: string;
  applied: number;
  pending: number | null;
  lag_events: number;
  last_error: string | null;
  status: string;
}

export interface StatusReport {
  status: string;
  product_name: string;
  version: string;
  components: Record<string, ComponentHealth>;
  relay: { position: string; published: number; head: string; lag_events: number } | null;
  projectors: ProjectorHealth[];
}
