//! The OpenAPI document of the read API, generated from the handlers and DTOs; served at
//! `/api/openapi.json` and snapshot-tested so the web app's generated types stay in step.

use utoipa::OpenApi;

use crate::routes::{artists, artworks, auth, status};

#[derive(OpenApi)]
#[openapi(
    info(title = "Plinth API", description = "Community registry of public art"),
    paths(
        status::get_status,
        status::get_config,
        auth::auth_status,
        artworks::nearby_artworks,
        artworks::list_artworks,
        artworks::get_artwork,
        artists::list_artists,
        artists::get_artist,
    ),
    components(schemas(artworks::ArtworkMinimalDto, platform::http::ErrorBody))
)]
pub struct ApiDoc;

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

pub async fn openapi_json() -> axum::Json<utoipa::openapi::OpenApi> {
    axum::Json(document())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    const SNAPSHOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/openapi.json");

    /// The committed document equals the generated one. After an intended API change, refresh it
    /// with `UPDATE_OPENAPI=1 cargo test --workspace openapi` (the web app's types follow).
    #[test]
    fn openapi_document_matches_the_snapshot() {
        let generated = serde_json::to_string_pretty(&document()).unwrap() + "\n";
        if std::env::var_os("UPDATE_OPENAPI").is_some() {
            std::fs::write(SNAPSHOT, &generated).unwrap();
        }
        let committed = std::fs::read_to_string(SNAPSHOT).unwrap_or_default();
        assert!(
            committed == generated,
            "docs/openapi.json is stale: run UPDATE_OPENAPI=1 cargo test --workspace openapi"
        );
    }

    #[test]
    fn every_read_route_is_documented() {
        let doc = document();
        for path in [
            "/api/status",
            "/api/config",
            "/api/auth/status",
            "/api/artworks/nearby",
            "/api/artworks",
            "/api/artworks/{id}",
            "/api/artists",
            "/api/artists/{id}",
        ] {
            assert!(doc.paths.paths.contains_key(path), "{path} missing");
        }
    }
}
