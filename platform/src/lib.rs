//! Plumbing every Plinth process shares: configuration, the database and its migrations, the
//! event log, the NATS bus, the HTTP envelope and errors, identity tokens, mail and object
//! storage. Photos are the `media` crate's; the duplicate candidates live beside the artworks
//! read model (`projectors::candidates`).

pub mod auth;
pub mod backoff;
pub mod bus;
pub mod config;
pub mod db;
pub mod eventlog;
pub mod headers;
pub mod http;
pub mod identity;
pub mod language;
pub mod mail;
pub mod position;
pub mod ratelimit;
pub mod storage;
