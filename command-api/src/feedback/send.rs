//! `send`: anyone records a note about an artwork, an artist or the site. The subject must
//! exist in the event store; the note is counted against the sender's hourly budget only once
//! it is well formed.

use domain::feedback::Note;
use domain::{FeedbackCommand, IssueType, Subject};
use platform::position::EventPosition;
use platform::ratelimit::Budget;
use serde::Deserialize;
use uuid::Uuid;

use super::FeedbackUseError;
use crate::actor::Sender;
use crate::commands::Commands;

/// Feedback one identity, and one client, may send an hour.
pub const SENDS: Budget = Budget::hourly("feedback", 10, 20);

/// `POST /api/feedback`'s body (SPEC §3).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SendFeedback {
    /// Read as text, so a wrong one gets the SPEC's message.
    #[schema(value_type = domain::feedback::SubjectType)]
    pub subject_type: String,
    /// The artwork's or artist's id; none for `general`.
    pub subject_id: Option<Uuid>,
    /// Read as text, so a wrong one gets the SPEC's message.
    #[schema(value_type = domain::IssueType)]
    pub issue_type: String,
    /// 1 to 1000 characters once trimmed.
    pub note: String,
    /// The sender's token as the client knows it; who sends is the request's `X-User-Token`.
    pub user_token: Option<String>,
}

/// Records feedback from `sender`; returns its id.
pub async fn run(
    commands: &Commands,
    sender: &Sender,
    body: SendFeedback,
) -> Result<(Uuid, Option<EventPosition>), FeedbackUseError> {
    let subject = Subject::parse(body.subject_type.trim(), body.subject_id)?;
    let issue_type = IssueType::read(body.issue_type.trim())?;
    let note = Note::parse(&body.note)?;
    let pool = commands.pool();
    // The event store, not a read model: a report may follow the artwork's creation at once.
    if let Some(id) = subject.id() {
        let known = platform::eventlog::last_position_of(pool, subject.kind(), &id.to_string())
            .await?
            .is_some();
        if !known {
            return Err(match subject {
                Subject::Artist(_) => FeedbackUseError::ArtistNotFound,
                _ => FeedbackUseError::ArtworkNotFound,
            });
        }
    }
    SENDS
        .admit(pool, sender.actor.0, &sender.client)
        .await?
        .map_err(|retry_after_secs| FeedbackUseError::RateLimited { retry_after_secs })?;
    let id = Uuid::now_v7();
    let command = FeedbackCommand::Send {
        subject,
        issue_type,
        note,
        sender: sender.actor,
    };
    let position = commands
        .execute::<domain::Feedback>(&id.to_string(), command, &sender.metadata)
        .await?;
    Ok((id, position))
}
