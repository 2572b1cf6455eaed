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

/// Creates the event stream if it does not exist yet.
pub async fn ensure_stream(
    js: &jetstream::Context,
    bus: &BusConfig,
) -> Result<stream::Stream, jetstream::context::CreateStreamError> {
    js.get_or_create_stream(stream::Config {
        name: bus.stream.clone(),
        subjects: vec![bus.all_subjects()],
        storage: stream::StorageType::File,
        retention: stream::RetentionPolicy::Limits,
        duplicate_window: DUPLICATE_WINDOW,
        ..Default::default()
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_follow_the_design() {
        let b = BusConfig::default();
        assert_eq!(b.subject("artwork", "abc"), "plinth.events.artwork.abc");
        let t = BusConfig::isolated("a-B_9");
        assert_eq!(t.stream, "PLINTH_TEST_AB9");
        assert_eq!(t.all_subjects(), "plinthtest.ab9.>");
    }
}
