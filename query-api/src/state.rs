//! Shared state of the query API.

use async_nats::jetstream;
use platform::bus::BusConfig;
use sqlx::PgPool;

use crate::geo::GeoIndex;
use crate::positions::Positions;
use std::sync::Arc;

/// The query API's state, one allocation shared by every request: axum hands each handler its
/// own copy of the router's state, and a copy of this is one reference count, where a copy of
/// [`Shared`] would be a dozen strings and the mailer, for every request.
#[derive(Clone)]
pub struct QueryState(Arc<Shared>);

impl QueryState {
    pub fn new(shared: Shared) -> Self {
        Self(Arc::new(shared))
    }
}

impl std::ops::Deref for QueryState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// What the query API's handlers read.
pub struct Shared {
    pub pool: PgPool,
    pub positions: Positions,
    /// The in-memory geo read model for nearby queries.
    pub geo: Arc<GeoIndex>,
    /// Approved artworks as the API writes them, for nearby and the list.
    pub encoded: Arc<crate::encoded::EncodedArtworks>,
    /// The search read model (the configured index, fed from the search documents).
    pub search: Arc<crate::search::SearchService>,
    /// Absent when NATS could not be reached at start; `/api/status` then says so.
    pub js: Option<jetstream::Context>,
    pub bus: BusConfig,
    /// For `/api/status` only: the write side sends the mail.
    pub mailer: Option<platform::mail::Mailer>,
    /// Photo storage, for serving image variants.
    pub storage: Arc<platform::storage::Storage>,
    /// The key of signed image URLs (photos not yet public), read on first use.
    pub image_signing: media::images::SigningKey,
    pub product_name: String,
    /// `PUBLIC_URL`: the base of canonical links, sitemaps and exports (never a request's
    /// `Host`).
    pub public_url: String,
    /// The licence and attribution of what people contribute here (`DATA_LICENCE`,
    /// `DATA_ATTRIBUTION`); imported records keep their own.
    pub data_terms: crate::export::Terms,
    pub client: ClientConfig,
    /// The public `/api/status` answer, made at most every few seconds.
    pub status_cache: crate::health::StatusCache,
    /// `GET /api/places`'s answer, made at most every few minutes.
    pub places: Arc<crate::recent::Recent<Vec<projectors::artworks::read::Place>>>,
}

/// What the web app needs to know about this instance (`GET /api/config`). Public by nature: a
/// Mapbox token given here must be a public (`pk.`) token restricted to the site's URL.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct ClientConfig {
    pub product_name: String,
    /// The map's style; null: the built-in offline style (or Mapbox's streets with a token). A
    /// browser that cannot load it falls back to the offline style and says so.
    pub map_style_url: Option<String>,
    pub mapbox_access_token: Option<String>,
    /// Where the map opens when the visitor's place is unknown.
    pub map_default_view: platform::config::MapView,
    /// The instance's primary colour (`#rrggbb`); null: the palette's own.
    pub brand_color: Option<String>,
    /// The instance's logo: a path on this site or an `https` URL.
    pub logo_url: String,
}

impl ClientConfig {
    pub fn from_config(config: &platform::config::Config) -> Self {
        Self {
            product_name: config.product_name.clone(),
            map_style_url: config.map_style_url.clone(),
            mapbox_access_token: config.mapbox_access_token.clone(),
            map_default_view: config.map_default_view,
            brand_color: config.brand_color.clone(),
            logo_url: config.brand_logo_url.clone(),
        }
    }
}

impl axum::extract::FromRef<QueryState> for PgPool {
    fn from_ref(s: &QueryState) -> PgPool {
        s.pool.clone()
    }
}
