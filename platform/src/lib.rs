//! Plumbing every Plinth process shares: configuration, the database and its migrations, the
//! event log, the NATS bus, the HTTP envelope and errors, and identity tokens.

pub mod auth;
pub mod bus;
pub mod config;
pub mod db;
pub mod eventlog;
pub mod http;
pub mod identity;
pub mod local;
pub mod mail;
pub mod position;
pub mod ratelimit;
