//! Badges on the write side: the catalogue every instance starts with, and the process manager
//! that awards badges from events.
//!
//! The awarder reads every event on the bus and, for those that can change what someone has
//! earned, works out whose counts to look at: the submitter of an approved submission, an
//! account that signed up, signed in or claimed an anonymous identity, or everyone when a
//! definition is added, changed or reactivated (retroactive awards). It waits until the read
//! models it counts from have applied the event, then asks each account's `BadgeAwards`
//! aggregate to award what the counts earn. The aggregate records a badge at most once, so
//! redelivery, a restart or a replay of the read models never awards twice.

use std::time::Duration;

use async_nats::jetstream::{self, AckKind};
use domain::badge::{badge_id, catalogue, BadgeKey, BadgeLook};
use domain::{
    AccountId, ArtworkEvent, AwardCommand, AwardError, BadgeCommand, BadgeDefinition, BadgeError,
    ContributorCounts, EventMetadata, EventSource,
};
use futures::StreamExt;
use platform::bus::BusConfig;
use platform::eventlog::EventEnvelope;
use platform::position::EventPosition;
use uuid::Uuid;

use super::{follow_batches, Durable};
use crate::commands::{CommandError, Commands};

/// The durable consumer's name.
pub const CONSUMER: &str = "badge-awards";
/// The read models the awarder counts from.
const READS: [&str; 5] = [
    projectors::submissions::MODEL.name,
    projectors::artworks::MODEL.name,
    projectors::accounts::MODEL.name,
    projectors::badges::MODEL.name,
    projectors::areas::MODEL.name,
];
/// How long JetStream waits for an answer before redelivering: a definition added on a large
/// instance looks at every account.
const ACK_WAIT: Duration = Duration::from_secs(300);
/// How long one event waits for the read models before it is handed back.
const CATCH_UP: Duration = Duration::from_secs(5);
/// How often the read models' checkpoints are looked at while waiting.
const POLL: Duration = Duration::from_millis(20);
/// At most this many events handled together (those that have arrived): one wait for the read
/// models and one round of counts for all of them.
const MAX_BATCH: usize = 256;
/// A badge an account has earned: its counts, the badge and its definition.
type Earned = (ContributorCounts, Uuid, BadgeDefinition);

/// Accounts whose awards are written at once.
const WRITERS: usize = 8;
/// The pause before an event that could not be handled is tried again.
const RETRY_DELAY: Duration = Duration::from_secs(2);

/// Defines every badge of [`catalogue`] not defined yet (at its key's id, so running this on
/// every start is harmless). Returns how many it defined.
pub async fn seed_catalogue(commands: &Commands) -> anyhow::Result<usize> {
    let md = EventMetadata::system(EventSource::ProcessManager, Uuid::now_v7());
    let mut defined = 0;
    for (key, title, description, icon, rule) in catalogue() {
        let key = BadgeKey::parse(key)?;
        let id = badge_id(&key);
        let command = BadgeCommand::Define {
            key,
            look: BadgeLook::parse(title, description, icon)?,
            rule,
        };
        match commands
            .execute::<domain::BadgeDefinition>(&id.to_string(), command, &md)
            .await
        {
            Ok(_) => defined += 1,
            Err(CommandError::Rejected(BadgeError::AlreadyDefined)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(defined)
}

/// Whose badges an event can change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// The submitter (an account or an anonymous identity) of this submission.
    Submitter(Uuid),
    /// This identity: an account, or an anonymous identity if claimed.
    Identity(Uuid),
    /// Every account.
    Everyone,
}

fn scope(envelope: &EventEnvelope) -> Option<Scope> {
    let id = || Uuid::parse_str(&envelope.aggregate_id).ok();
    match (
        envelope.aggregate_type.as_str(),
        envelope.event_type.as_str(),
    ) {
        ("submission", "SubmissionApproved" | "ArtistEditApproved") => id().map(Scope::Submitter),
        // What an approval did to an artwork can fill a gap: counted for its submitter.
        ("artwork", "PhotosAdded" | "VisitRecorded" | "ArtworkEdited") => {
            match envelope.decode::<ArtworkEvent>().ok()? {
                ArtworkEvent::PhotosAdded { submission_id, .. }
                | ArtworkEvent::ArtworkEdited { submission_id, .. } => {
                    Some(Scope::Submitter(submission_id.0))
                }
                ArtworkEvent::VisitRecorded(v) => Some(Scope::Submitter(v.submission_id.0)),
                _ => None,
            }
        }
        ("account", "AccountSignedUp" | "AccountSignedIn" | "AnonymousIdentityClaimed") => {
            id().map(Scope::Identity)
        }
        ("badge", "BadgeDefined" | "BadgeUpdated" | "BadgeReactivated") => Some(Scope::Everyone),
        // New boundaries can make areas someone has seen all of.
        ("area_map", "BoundariesLoaded" | "BoundariesCleared") => Some(Scope::Everyone),
        _ => None,
    }
}

/// Why an event could not be handled now.
#[derive(Debug, thiserror::Error)]
pub enum AwardRunError {
    #[error("the read models have not caught up with the event")]
    Behind,
    #[error(transparent)]
    Read(#[from] sqlx::Error),
    #[error(transparent)]
    Write(#[from] CommandError<AwardError>),
}

#[derive(Clone)]
pub struct BadgeAwarder {
    pub commands: Commands,
    pub js: jetstream::Context,
    pub bus: BusConfig,
}

impl BadgeAwarder {
    pub fn new(commands: Commands, js: jetstream::Context, bus: BusConfig) -> Self {
        Self { commands, js, bus }
    }

    /// Follows the event stream until the task is dropped; an error means the bus failed, and
    /// the caller restarts it.
    pub async fn run(&self) -> anyhow::Result<()> {
        let durable = Durable {
            name: CONSUMER,
            filter_subject: self.bus.all_subjects(),
            ack_wait: ACK_WAIT,
        };
        follow_batches(
            &self.js,
            &self.bus,
            durable,
            MAX_BATCH,
            |batch| async move { self.follow(&batch).await },
        )
        .await
    }

    /// Handles a batch of events (in the stream's order) and says how to answer the bus for
    /// each: one wait for the read models and one round of counts for every account the batch
    /// names, so the awarder keeps up with a busy stream.
    pub async fn follow(&self, batch: &[EventEnvelope]) -> Vec<AckKind> {
        let scoped: Vec<(usize, Scope)> = batch
            .iter()
            .enumerate()
            .filter_map(|(i, e)| scope(e).map(|s| (i, s)))
            .collect();
        let mut answers: Vec<AckKind> = batch.iter().map(|_| AckKind::Ack).collect();
        if scoped.is_empty() {
            return answers;
        }
        match self.handle(batch, &scoped).await {
            Ok(n) => {
                if n > 0 {
                    tracing::info!(awarded = n, events = scoped.len(), "badges awarded");
                }
            }
            Err(e) => {
                tracing::warn!(events = scoped.len(), error = %e, "badge awards postponed");
                for (i, _) in &scoped {
                    answers[*i] = AckKind::Nak(Some(RETRY_DELAY));
                }
            }
        }
        answers
    }

    async fn handle(
        &self,
        batch: &[EventEnvelope],
        scoped: &[(usize, Scope)],
    ) -> Result<usize, AwardRunError> {
        let Some(last) = scoped.iter().map(|(i, _)| batch[*i].event_position()).max() else {
            return Ok(0);
        };
        self.wait_for(last).await?;
        let pool = self.commands.pool();
        // Whose counts to look at, each with the correlation of the first event that named them.
        let mut everyone: Option<Uuid> = None;
        let mut accounts: Vec<(Uuid, Uuid)> = Vec::new();
        for (i, scope) in scoped {
            let correlation = correlation_of(&batch[*i]);
            let identity = match scope {
                Scope::Everyone => {
                    everyone.get_or_insert(correlation);
                    continue;
                }
                Scope::Identity(id) => *id,
                Scope::Submitter(submission) => {
                    match projectors::badges::read::submitter_of(pool, *submission).await? {
                        Some(id) => id,
                        // Applied but absent: not a submission the read model keeps.
                        None => continue,
                    }
                }
            };
            // An anonymous identity no one has claimed earns once it is claimed.
            if let Some(account) = projectors::badges::read::account_of(pool, identity).await? {
                if !accounts.iter().any(|(a, _)| *a == account) {
                    accounts.push((account, correlation));
                }
            }
        }
        if let Some(correlation) = everyone {
            let md = EventMetadata::system(EventSource::ProcessManager, correlation);
            return self.award(None, &md).await;
        }
        // One round of reads for the batch; each award carries its own cause's correlation, and
        // several accounts' awards are written at once (each account's are an aggregate).
        let ids: Vec<Uuid> = accounts.iter().map(|(a, _)| *a).collect();
        let mut by_account: Vec<(Uuid, Vec<Earned>)> = Vec::new();
        for (account, counts, badge, definition) in self.earned(Some(&ids)).await? {
            match by_account.iter_mut().find(|(a, _)| *a == account) {
                Some((_, badges)) => badges.push((counts, badge, definition)),
                None => by_account.push((account, vec![(counts, badge, definition)])),
            }
        }
        let written: Vec<Result<usize, AwardRunError>> = futures::stream::iter(by_account)
            .map(|(account, badges)| {
                let correlation = accounts
                    .iter()
                    .find(|(a, _)| *a == account)
                    .map_or_else(Uuid::now_v7, |(_, c)| *c);
                let md = EventMetadata::system(EventSource::ProcessManager, correlation);
                // One account's awards one after the other: they share its aggregate.
                async move {
                    let mut awarded = 0;
                    for (counts, badge, definition) in badges {
                        awarded += self
                            .award_one(account, counts, badge, definition, &md)
                            .await?;
                    }
                    Ok(awarded)
                }
            })
            .buffer_unordered(WRITERS)
            .collect()
            .await;
        written.into_iter().sum()
    }

    /// Waits (at most [`CATCH_UP`]) until every read model the awarder counts from has applied
    /// the event at `position`.
    async fn wait_for(&self, position: EventPosition) -> Result<(), AwardRunError> {
        let deadline = tokio::time::Instant::now() + CATCH_UP;
        loop {
            let at = projectors::checkpoints::all(self.commands.pool()).await?;
            if READS
                .iter()
                .all(|p| at.get(*p).is_some_and(|cp| *cp >= position))
            {
                return Ok(());
            }
            if tokio::time::Instant::now() >= deadline {
                return Err(AwardRunError::Behind);
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// The active badges that the counts of `accounts` (all when `None`) earn and that they do
    /// not hold yet.
    async fn earned(
        &self,
        accounts: Option<&[Uuid]>,
    ) -> Result<Vec<(Uuid, ContributorCounts, Uuid, BadgeDefinition)>, AwardRunError> {
        let pool = self.commands.pool();
        let definitions = projectors::badges::read::active_definitions(pool).await?;
        if definitions.is_empty() {
            return Ok(Vec::new());
        }
        let counts = projectors::badges::read::counts(pool, accounts, chrono::Utc::now()).await?;
        let ids: Vec<Uuid> = counts.iter().map(|(a, _)| *a).collect();
        let held = projectors::badges::read::held(pool, &ids).await?;
        let mut earned = Vec::new();
        for (account, counts) in counts {
            for (badge, definition) in &definitions {
                if definition.rule.is_some_and(|r| r.earned(&counts))
                    && !held.contains(&(account, *badge))
                {
                    earned.push((account, counts, *badge, definition.clone()));
                }
            }
        }
        Ok(earned)
    }

    /// Awards one badge; 1 when awarded, 0 when the aggregate says there is nothing to do.
    async fn award_one(
        &self,
        account: Uuid,
        counts: ContributorCounts,
        badge: Uuid,
        definition: BadgeDefinition,
        md: &EventMetadata,
    ) -> Result<usize, AwardRunError> {
        let command = AwardCommand::Award {
            account: AccountId(account),
            badge_id: badge,
            badge: definition,
            counts,
        };
        match self
            .commands
            .execute_unanswered::<domain::BadgeAwards>(&account.to_string(), command, md)
            .await
        {
            Ok(()) => Ok(1),
            // The read model lags the aggregate (awarded a moment ago), or the definition
            // changed under us: nothing to do for this one.
            Err(CommandError::Rejected(e)) => {
                tracing::debug!(%account, %badge, error = %e, "badge not awarded");
                Ok(0)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Awards every active badge that the counts of `accounts` (all when `None`) earn and that
    /// they do not hold yet. Returns how many it awarded.
    pub async fn award(
        &self,
        accounts: Option<&[Uuid]>,
        md: &EventMetadata,
    ) -> Result<usize, AwardRunError> {
        let mut awarded = 0;
        for (account, counts, badge, definition) in self.earned(accounts).await? {
            awarded += self
                .award_one(account, counts, badge, definition, md)
                .await?;
        }
        Ok(awarded)
    }
}

/// The correlation id an event carries (a new one when it has none).
fn correlation_of(envelope: &EventEnvelope) -> Uuid {
    envelope
        .metadata
        .get("correlation_id")
        .and_then(|v| v.as_str())
        .and_then(|v| Uuid::parse_str(v).ok())
        .unwrap_or_else(Uuid::now_v7)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Utc;
    use cqrs_es::DomainEvent;

    fn envelope(aggregate_type: &str, event_type: &str, id: Uuid) -> EventEnvelope {
        EventEnvelope {
            aggregate_type: aggregate_type.to_owned(),
            aggregate_id: id.to_string(),
            sequence: 1,
            event_type: event_type.to_owned(),
            event_version: "1".to_owned(),
            payload: serde_json::json!({}),
            metadata: serde_json::json!({}),
            position: 1,
            tx_id: 1,
            recorded_at: Utc::now(),
        }
    }

    #[test]
    fn approvals_concern_their_submitter() {
        let id = Uuid::now_v7();
        for t in ["SubmissionApproved", "ArtistEditApproved"] {
            assert_eq!(
                scope(&envelope("submission", t, id)),
                Some(Scope::Submitter(id))
            );
        }
        assert_eq!(
            scope(&envelope("submission", "SubmissionRejected", id)),
            None
        );
    }

    #[test]
    fn account_events_concern_that_account() {
        let id = Uuid::now_v7();
        for t in [
            "AccountSignedUp",
            "AccountSignedIn",
            "AnonymousIdentityClaimed",
        ] {
            assert_eq!(
                scope(&envelope("account", t, id)),
                Some(Scope::Identity(id))
            );
        }
        assert_eq!(scope(&envelope("account", "ProfileNameSet", id)), None);
    }

    #[test]
    fn definitions_concern_everyone_but_deactivation_awards_no_one() {
        let id = Uuid::now_v7();
        for t in ["BadgeDefined", "BadgeUpdated", "BadgeReactivated"] {
            assert_eq!(scope(&envelope("badge", t, id)), Some(Scope::Everyone));
        }
        assert_eq!(scope(&envelope("badge", "BadgeDeactivated", id)), None);
        assert_eq!(scope(&envelope("badge_awards", "BadgeAwarded", id)), None);
    }

    #[test]
    fn what_an_approval_did_to_an_artwork_concerns_its_submitter() {
        let submission = domain::SubmissionId(Uuid::now_v7());
        let with = |event: ArtworkEvent| {
            let mut e = envelope("artwork", &event.event_type(), Uuid::now_v7());
            e.payload = serde_json::to_value(&event).unwrap();
            scope(&e)
        };
        let edited = ArtworkEvent::ArtworkEdited {
            submission_id: submission,
            changes: vec![],
        };
        let photos = ArtworkEvent::PhotosAdded {
            submission_id: submission,
            photos: vec![],
        };
        for event in [edited, photos] {
            assert_eq!(with(event), Some(Scope::Submitter(submission.0)));
        }
        let moved = ArtworkEvent::ArtworkMoved {
            submission_id: submission,
            location: domain::Location::parse(49.28, -123.12).unwrap(),
        };
        assert_eq!(with(moved), None);
    }

    #[test]
    fn a_malformed_id_concerns_no_one() {
        let mut e = envelope("submission", "SubmissionApproved", Uuid::now_v7());
        e.aggregate_id = "not-a-uuid".to_owned();
        assert_eq!(scope(&e), None);
    }
}
