//! The `plinth` binary's library: process wiring, the supervisor of the private PostgreSQL and
//! NATS servers it runs when none is configured, and synthetic seeding. The open-data importer is
//! its own crate, re-exported as `plinth::import`.

pub mod app;
pub mod bench;
pub mod dump;
pub use importer as import;
pub mod local;
pub mod openapi;
pub mod replay;
pub mod seed;
