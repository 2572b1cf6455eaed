//! Plumbing every Plinth process shares: configuration, the database and its migrations, the
//! event log, the NATS bus, the HTTP envelope and errors, identity tokens, object storage and
//! photo processing.

pub mod auth;
pub mod bus;
pub mod candidates;
pub mod config;
pub mod db;
pub mod eventlog;
pub mod headers;
pub mod http;
pub mod identity;
pub mod images;
pub mod local;
pub mod mail;
pub mod photos;
pub mod position;
pub mod ratelimit;
pub mod storage;
