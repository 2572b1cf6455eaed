//! What `/api/status` and `/api/admin/status` answer: each part's health, the relay's and each
//! projector's position and lag, and the public answer's cache (kept in the query state). The
//! checks themselves are in `routes::status`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde::Serialize;

/// How long one public answer is served to everyone.
pub const PUBLIC_TTL: Duration = Duration::from_secs(5);

/// The last public answer and when it was made; its lock also makes concurrent askers wait for
/// one computation instead of each running the checks.
#[derive(Clone, Default)]
pub struct StatusCache(
    pub(crate) Arc<tokio::sync::Mutex<Option<(Instant, StatusCode, PublicStatus)>>>,
);

/// The public answer: up or not, per part. No error text, lag or position.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublicStatus {
    /// `ok` or `degraded`.
    pub status: &'static str,
    pub product_name: String,
    pub version: &'static str,
    pub components: PublicComponents,
    pub projectors: Vec<PublicProjector>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublicComponents {
    pub database: Health,
    pub nats: Health,
    pub mail: Health,
    pub storage: Health,
    pub search: PublicSearch,
    pub geo_index: Health,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Health {
    /// `ok`, `loading` or `down`.
    pub status: &'static str,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublicSearch {
    pub status: &'static str,
    /// `tantivy` or `meilisearch`.
    pub backend: &'static str,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublicProjector {
    pub name: String,
    /// `ok`; `degraded` while its last batch failed (it retries); `stopped` on an event
    /// whose projection keeps failing, until an admin restarts it.
    pub status: &'static str,
    /// Nothing waits for it: no event in the store or message in JetStream it has not applied.
    pub caught_up: bool,
}

impl PublicStatus {
    pub(crate) fn of(r: &StatusReport) -> Self {
        let health = |c: &Component| Health { status: c.status };
        Self {
            status: r.status,
            product_name: r.product_name.clone(),
            version: r.version,
            components: PublicComponents {
                database: health(&r.components.database),
                nats: health(&r.components.nats),
                mail: health(&r.components.mail),
                storage: health(&r.components.storage),
                search: PublicSearch {
                    status: r.components.search.status,
                    backend: r.components.search.backend,
                },
                geo_index: Health {
                    status: r.components.geo_index.status,
                },
            },
            projectors: r
                .projectors
                .iter()
                .map(|p| PublicProjector {
                    name: p.name.clone(),
                    status: p.status,
                    caught_up: p.lag_events == 0 && p.pending.unwrap_or(0) == 0,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StatusReport {
    pub status: &'static str,
    pub product_name: String,
    pub version: &'static str,
    pub components: Components,
    pub relay: Option<RelayStatus>,
    pub projectors: Vec<ProjectorStatus>,
    pub memory: MemoryStatus,
}

/// What this process holds in memory, in bytes.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MemoryStatus {
    /// The whole process, as the kernel counts it (resident set); null where it cannot be read.
    pub resident_bytes: Option<u64>,
    /// The part of `resident_bytes` that is the process's own memory (the geo model, the caches,
    /// buffers): what it costs the machine; null where it cannot be read.
    pub anonymous_bytes: Option<u64>,
    /// The part of `resident_bytes` that is mapped files (the search index's segments, the
    /// program): pages of the file cache the kernel drops under pressure and reads again;
    /// null where it cannot be read.
    pub file_bytes: Option<u64>,
    /// The in-memory geo model behind nearby (an estimate from its sizes).
    pub geo_model_bytes: u64,
    /// Artworks kept encoded for nearby and the list (an estimate; bounded).
    pub artwork_cache_bytes: u64,
}

impl MemoryStatus {
    pub fn now(geo: &crate::geo::GeoIndex, artworks: &crate::encoded::EncodedArtworks) -> Self {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        Self {
            resident_bytes: status_bytes(&status, "VmRSS"),
            anonymous_bytes: status_bytes(&status, "RssAnon"),
            file_bytes: status_bytes(&status, "RssFile"),
            geo_model_bytes: geo.approx_bytes() as u64,
            artwork_cache_bytes: artworks.approx_bytes() as u64,
        }
    }
}

/// A size from `/proc/self/status` (Linux; kB there), in bytes.
fn status_bytes(status: &str, field: &str) -> Option<u64> {
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Components {
    pub database: Component,
    pub nats: Component,
    /// SMTP answers (or, without SMTP_URL, the outbox directory is writable).
    pub mail: Component,
    /// Photo storage answers a write, read and delete.
    pub storage: Component,
    pub search: SearchStatus,
    pub geo_index: GeoStatus,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SearchStatus {
    /// `ok`, `loading` (first sync not done), or `down` (backend failing).
    pub status: &'static str,
    /// `tantivy` or `meilisearch`.
    pub backend: &'static str,
    pub documents: Option<u64>,
    pub position: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GeoStatus {
    /// `ok` once loaded; `loading` while nearby is answered from PostgreSQL.
    pub status: &'static str,
    pub artworks: usize,
    pub position: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Component {
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latency_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RelayStatus {
    pub position: String,
    pub published: i64,
    pub head: String,
    /// Events stored but not yet published.
    pub lag_events: i64,
    /// The oldest open transaction that has written (or holds a transaction id): the relay
    /// publishes nothing newer than it until it ends. Reported, and the whole status degraded,
    /// once it is older than 30 s.
    pub holding_transaction: Option<platform::db::OpenTransaction>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProjectorStatus {
    pub name: String,
    pub position: String,
    pub applied: i64,
    /// Messages JetStream holds for the projectors' feed that it has not taken yet (one feed
    /// serves every projector, so the same for each).
    pub pending: Option<u64>,
    /// Events in the store after its position.
    pub lag_events: i64,
    pub last_error: Option<String>,
    pub status: &'static str,
    /// The event it stopped at (`Type/id#sequence at tx:position`), when stopped.
    pub stopped_event: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::status_bytes;

    #[test]
    fn sizes_are_read_by_their_exact_field() {
        let status = "VmRSS:\t  640000 kB\nRssAnon:\t  250000 kB\nRssFile:\t  389000 kB\nRssShmem:\t 1000 kB\n";
        assert_eq!(status_bytes(status, "VmRSS"), Some(640_000 * 1024));
        assert_eq!(status_bytes(status, "RssAnon"), Some(250_000 * 1024));
        assert_eq!(status_bytes(status, "RssFile"), Some(389_000 * 1024));
        assert_eq!(status_bytes(status, "Rss"), None, "a prefix is not a field");
        assert_eq!(status_bytes("", "VmRSS"), None);
    }
}
