//! The `plinth` binary's library: process wiring, the supervisor of the private PostgreSQL and
//! NATS servers it runs when none is configured, the open-data importer and synthetic seeding.

pub mod app;
pub mod bench;
pub mod import;
pub mod local;
pub mod openapi;
pub mod seed;
