//! The approval follower: a process manager that makes sure every recorded approval has its
//! effect on the artworks. The approving request carries the effect out itself, right after
//! recording the decision; if that request dies in between (a crash, a deploy, a lost database
//! connection), the decision is stored and the effect is not. The follower reads every
//! `SubmissionApproved` (and `ArtistEditApproved`) from the bus through a durable consumer and carries its effect out
//! again. The effect's commands are idempotent per submission, so for the usual approval,
//! whose request finished, this is a read and no write.

use async_nats::jetstream::{self, AckKind};
use chrono::Utc;
use domain::{EventMetadata, EventSource, Submission};
use platform::bus::BusConfig;
use platform::eventlog::EventEnvelope;
use std::time::Duration;
use uuid::Uuid;

use super::{follow, Durable};
use crate::commands::Commands;
use crate::submissions::carry_out::carry_out_approval;

/// The durable consumer's name.
pub const CONSUMER: &str = "approval-effects";
/// How long an approval is left to the request that recorded it before the follower acts, so
/// the two do not race for the same artwork.
pub const GRACE: Duration = Duration::from_secs(10);
/// How long JetStream waits for an answer before redelivering (more than [`GRACE`]).
const ACK_WAIT: Duration = Duration::from_secs(60);
/// The pause before an effect that failed for a passing reason is tried again.
const RETRY_DELAY: Duration = Duration::from_secs(30);

#[derive(Clone)]
pub struct ApprovalFollower {
    pub commands: Commands,
    pub js: jetstream::Context,
    pub bus: BusConfig,
    /// Normally [`GRACE`]; tests shorten it.
    pub grace: Duration,
}

impl ApprovalFollower {
    pub fn new(commands: Commands, js: jetstream::Context, bus: BusConfig) -> Self {
        Self {
            commands,
            js,
            bus,
            grace: GRACE,
        }
    }

    /// Follows approvals until the task is dropped; an error means the bus failed, and the
    /// caller restarts it.
    pub async fn run(&self) -> anyhow::Result<()> {
        let durable = Durable {
            name: CONSUMER,
            filter_subject: self
                .bus
                .subject(<Submission as cqrs_es::Aggregate>::TYPE, "*"),
            ack_wait: ACK_WAIT,
        };
        follow(&self.js, &self.bus, durable, |envelope| async move {
            self.follow(&envelope).await
        })
        .await
    }

    /// Carries out one approval's effect (other submission events are passed over) and says
    /// how to answer the bus.
    pub async fn follow(&self, envelope: &EventEnvelope) -> AckKind {
        if !matches!(
            envelope.event_type.as_str(),
            "SubmissionApproved" | "ArtistEditApproved"
        ) {
            return AckKind::Ack;
        }
        let Ok(id) = Uuid::parse_str(&envelope.aggregate_id) else {
            tracing::error!(id = %envelope.aggregate_id, "approval of a submission with a malformed id; skipped");
            return AckKind::Term;
        };
        let age = (Utc::now() - envelope.recorded_at)
            .to_std()
            .unwrap_or_default();
        if let Some(wait) = self.grace.checked_sub(age) {
            tokio::time::sleep(wait).await;
        }
        let correlation = envelope
            .metadata
            .get("correlation_id")
            .and_then(|v| v.as_str())
            .and_then(|v| Uuid::parse_str(v).ok())
            .unwrap_or(id);
        let md = EventMetadata::system(EventSource::ProcessManager, correlation);
        match carry_out_approval(&self.commands, id, &md).await {
            Ok(_) => AckKind::Ack,
            Err(e) if e.is_transient() => {
                tracing::warn!(submission = %id, error = %e, "approval effect failed; will retry");
                AckKind::Nak(Some(RETRY_DELAY))
            }
            Err(e) => {
                // A rule refused it (say the linked artwork was removed since): retrying
                // cannot help, and a moderator has to look.
                tracing::error!(submission = %id, error = %e, "approval effect refused; skipped");
                AckKind::Term
            }
        }
    }
}
