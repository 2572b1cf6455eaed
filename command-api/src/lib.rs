//! The write side: executing commands against aggregates in the event store, the bulk append
//! used for synthetic data, and the relay that publishes stored events to JetStream.

pub mod bulk;
pub mod commands;
pub mod relay;

pub use commands::{CommandError, Commands};
pub use relay::Relay;
