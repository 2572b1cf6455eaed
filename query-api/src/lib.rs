//! The read side's HTTP API: every read call answered from read models, with read-your-writes
//! through `X-Min-Position`.

pub mod encoded;
pub mod export;
pub mod feed;
pub mod follow;
pub mod geo;
pub mod health;
pub mod openapi;
pub mod positions;
pub mod recent;
pub mod router;
pub mod routes;
pub mod search;
pub mod state;
pub mod tours;
pub mod web;

pub use positions::Positions;
pub use router::router;
pub use state::QueryState;

/// How long `GET /api/places`'s answer is kept (places change with approvals, slowly).
pub const PLACES_TTL: std::time::Duration = std::time::Duration::from_secs(300);

/// The fuzz tests' budget (docs/SECURITY.md): a fixed number of cases, no persistence files.
#[cfg(test)]
fn fuzz_config(cases: u32) -> proptest::prelude::ProptestConfig {
    proptest::prelude::ProptestConfig {
        cases,
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    }
}
