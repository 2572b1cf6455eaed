//! The `plinth` binary's library: process wiring, the open-data importer and synthetic seeding.

pub mod app;
pub mod bench;
pub mod import;
pub mod openapi;
pub mod seed;
