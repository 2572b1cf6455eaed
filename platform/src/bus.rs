//! The NATS JetStream bus: one stream of stored events, subjects
//! `<prefix>.<aggregate_type>.<aggregate_id>`, de-duplicated by `Nats-Msg-Id`.

use async_nats::jetstream::{self, stream};
use std::time::Duration;

/// Which stream and subjects this deployment (or test) uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BusConfig {
    pub stream: String,
    pub subject_prefix: String,
}

impl Default for BusConfig {
    fn default() -> Self {
        Self {
            stream: "PLINTH_EVENTS".to_owned(),
            subject_prefix: "plinth.events".to_owned(),
        }
    }
}

impl BusConfig {
    /// A private stream and prefix, so concurrent tests never see each other's events.
    pub fn isolated(tag: &str) -> Self {
        let tag: String = tag.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        Self {
            stream: format!("PLINTH_TEST_{}", tag.to_ascii_uppercase()),
            subject_prefix: format!("plinthtest.{}", tag.to_ascii_lowercase()),
        }
    }

    pub fn subject(&self, aggregate_type: &str, aggregate_id: &str) -> String {
        format!(
            "{}.{}.{}",
            self.subject_prefix, aggregate_type, aggregate_id
        )
    }

    pub fn all_subjects(&self) -> String {
        format!("{}.>", self.subject_prefix)
    }
}

/// How long JetStream remembers a `Nats-Msg-Id`. A relay that restarts re-publishes at most
/// what it sent since its last checkpoint, seconds earlier, so this is ample.
pub const DUPLICATE_WINDOW: Duration = Duration::from_secs(120);

pub async fn connect(url: &str) -> Result<jetstream::Context, async_nats::ConnectError> {
    let client = async_nats::ConnectOptions::new()
        .name("plinth")
        .retry_on_initial_connect()
        .connect(url)
        .await?;
    Ok(jetstream::new(client))
}

/// How long the stream keeps an event. The event store is the source of truth: a projector
/// that finds its next event gone from the stream reads it from the store, so the stream only
/// needs to cover the live lag, and without a bound it would grow with the store forever.
pub const STREAM_MAX_AGE: Duration = Duration::from_secs(7 * 24 * 60 * 60);
/// The most events the stream keeps; the oldest go first. (A count, not `max_bytes`: JetStream
/// reserves a stream's `max_bytes` from its storage up front, whether used or not.)
pub const STREAM_MAX_MESSAGES: i64 = 10_000_000;

#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    #[error(transparent)]
    Create(#[from] jetstream::context::CreateStreamError),
    #[error(transparent)]
    Get(#[from] jetstream::context::GetStreamError),
}

/// The event stream's configuration: file storage, kept within [`STREAM_MAX_AGE`] and
/// [`STREAM_MAX_MESSAGES`] (oldest discarded first), de-duplicated over [`DUPLICATE_WINDOW`].
pub fn stream_config(bus: &BusConfig) -> stream::Config {
    stream::Config {
        name: bus.stream.clone(),
        subjects: vec![bus.all_subjects()],
        storage: stream::StorageType::File,
        retention: stream::RetentionPolicy::Limits,
        discard: stream::DiscardPolicy::Old,
        max_age: STREAM_MAX_AGE,
        max_messages: STREAM_MAX_MESSAGES,
        duplicate_window: DUPLICATE_WINDOW,
        ..Default::default()
    }
}

/// Creates the event stream, or brings an existing one to [`stream_config`] (a stream made by
/// an older release has no retention bound).
pub async fn ensure_stream(
    js: &jetstream::Context,
    bus: &BusConfig,
) -> Result<stream::Stream, StreamError> {
    let config = stream_config(bus);
    let mut stream = js.get_or_create_stream(config.clone()).await?;
    let current = &stream.cached_info().config;
    if current.max_age != config.max_age
        || current.max_messages != config.max_messages
        || current.discard != config.discard
    {
        js.create_or_update_stream(config).await?;
        stream = js.get_stream(&bus.stream).await?;
    }
    Ok(stream)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_bounded_in_age_and_size() {
        let c = stream_config(&BusConfig::default());
        assert_eq!(c.max_age, STREAM_MAX_AGE);
        assert_eq!(c.max_messages, STREAM_MAX_MESSAGES);
        assert_eq!(c.discard, stream::DiscardPolicy::Old);
    }

    #[test]
    fn subjects_follow_the_design() {
        let b = BusConfig::default();
        assert_eq!(b.subject("artwork", "abc"), "plinth.events.artwork.abc");
        let t = BusConfig::isolated("a-B_9");
        assert_eq!(t.stream, "PLINTH_TEST_AB9");
        assert_eq!(t.all_subjects(), "plinthtest.ab9.>");
    }
}
