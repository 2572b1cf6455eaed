//! Shared state of the query API.

use async_nats::jetstream;
use platform::bus::BusConfig;
use sqlx::PgPool;

use crate::positions::Positions;

#[derive(Clone)]
pub struct QueryState {
    pub pool: PgPool,
    pub positions: Positions,
    /// Absent when NATS could not be reached at start; `/api/status` then says so.
    pub js: Option<jetstream::Context>,
    pub bus: BusConfig,
    pub product_name: String,
}
