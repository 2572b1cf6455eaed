/**
 * Response shapes of the Plinth API.
 *
 * Everything the server documents is an alias of a type generated from its OpenAPI document
 * (`docs/openapi.json` → `schema.d.ts`, `npm run api:types`; a test fails when the file is stale).
 * Never edit `schema.d.ts` by hand, and never restate a documented shape here: when the server's
 * API changes, regenerate and let the compiler point at what to adapt.
 *
 * Endpoints the document does not cover yet (sign-in, search, lists, submissions, profile,
 * moderation, administration) have hand-written, provisional types, all in `provisional.ts`.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

export type Pagination = Schemas['Pagination'];
export type Provenance = Schemas['Provenance'];
export type ErrorBody = Schemas['ErrorBody'];

export type ArtistRef = Schemas['ArtistRef'];
export type ArtworkDto = Schemas['ArtworkDto'];
export type ArtworkMinimalDto = Schemas['ArtworkMinimalDto'];
export type ArtworkPage = Schemas['ArtworkPage'];

export type ArtistDto = Schemas['ArtistDto'];
export type ArtistArtwork = Schemas['ArtistArtwork'];
export type ArtistDetail = Schemas['ArtistDetail'];
export type ArtistPage = Schemas['ArtistPage'];

export type AuthUser = Schemas['AuthUser'];
export type AuthStatus = Schemas['AuthStatus'];

export type ClientConfig = Schemas['ClientConfig'];

export type StatusReport = Schemas['StatusReport'];
export type ComponentHealth = Schemas['Component'];
export type GeoIndexHealth = Schemas['GeoStatus'];
export type ProjectorHealth = Schemas['ProjectorStatus'];
export type RelayHealth = Schemas['RelayStatus'];

export type Envelope_ArtistDetail = Schemas['Envelope_ArtistDetail'];
export type Envelope_ArtistPage = Schemas['Envelope_ArtistPage'];
export type Envelope_ArtworkDto = Schemas['Envelope_ArtworkDto'];
export type Envelope_ArtworkPage = Schemas['Envelope_ArtworkPage'];
export type Envelope_AuthStatus = Schemas['Envelope_AuthStatus'];
export type Envelope_ClientConfig = Schemas['Envelope_ClientConfig'];
export type Envelope_NearbyResponse_NearbyItem = Schemas['Envelope_NearbyResponse_NearbyItem'];
/** One nearby result: `ArtworkMinimalDto` when `minimal=true`, else `ArtworkDto` (a `oneOf`). */
export type NearbyItem = Schemas['NearbyItem'];
export type Envelope_StatusReport = Schemas['Envelope_StatusReport'];

/** `{success, data, message?, timestamp}` around any `data`: the generated envelope, generalised. */
export type Envelope<T> = Omit<Envelope_StatusReport, 'data'> & { data: T };

/**
 * GET /artworks/nearby's `data`, narrowed to the one item shape a call asks for: the document
 * declares the items as `NearbyItem` (minimal or full), and `minimal` decides which.
 */
export type NearbyResponse<T extends NearbyItem = ArtworkDto> = Omit<
  Envelope_NearbyResponse_NearbyItem['data'],
  'artworks'
> & {
  artworks: T[];
};

/** GET /artworks/nearby?minimal=true. */
export type NearbyMinimal = NearbyResponse<ArtworkMinimalDto>;
