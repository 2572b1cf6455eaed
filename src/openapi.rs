//! The OpenAPI document of both routers (read and write), generated from the handlers and DTOs;
//! served at `/api/openapi.json` and snapshot-tested so the web app's generated types stay in
//! step with the server.

use utoipa::OpenApi;

pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = query_api::openapi::document();
    doc.merge(command_api::routes::CommandApiDoc::openapi());
    doc.merge(importer::admin::ImportApiDoc::openapi());
    doc
}

pub async fn openapi_json() -> axum::Json<utoipa::openapi::OpenApi> {
    axum::Json(document())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SNAPSHOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/openapi.json");

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
    fn every_route_is_documented() {
        let doc = document();
        let mut methods = std::collections::BTreeSet::new();
        for (path, item) in &doc.paths.paths {
            for (m, op) in [
                ("get", &item.get),
                ("post", &item.post),
                ("put", &item.put),
                ("patch", &item.patch),
                ("delete", &item.delete),
            ] {
                if op.is_some() {
                    methods.insert(format!("{m} {path}"));
                }
            }
        }
        for route in [
            "get /api/status",
            "get /api/config",
            "get /api/auth/status",
            "post /api/auth/request-magic-link",
            "post /api/auth/verify-magic-link",
            "post /api/auth/logout",
            "get /api/me/profile",
            "patch /api/me/profile",
            "get /api/me/profile-check",
            "put /api/me/preferences",
            "get /api/users/{id}",
            "get /api/artworks/nearby",
            "get /api/artworks",
            "get /api/artworks/{id}",
            "get /api/artists",
            "get /api/artists/{id}",
        ] {
            assert!(methods.contains(route), "{route} missing");
        }
    }
}
