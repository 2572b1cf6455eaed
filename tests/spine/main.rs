//! Integration tests of the spine against the real PostgreSQL and NATS JetStream: each test gets
//! a fresh database and its own stream and subject prefix.
#![expect(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test fails at once, and says where, when its setup breaks"
)]

mod accounts;
mod admin;
mod api;
mod areas;
mod badges;
mod commands;
mod edits;
mod feedback;
mod fixtures;
mod fuzz;
mod gallery;
mod geo;
mod hardening;
mod harness;
mod history;
mod import;
mod lists;
mod merge;
mod merge_races;
mod names;
mod notifications;
mod open_data;
mod past;
mod places;
mod projectors;
mod relay;
mod resilience;
mod search;
mod submissions;
mod tasks;
mod throttle;
mod uploads;
mod web;
