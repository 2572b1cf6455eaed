//! `archive`: a moderator puts feedback aside, with an optional note.

use domain::feedback::Note;
use domain::FeedbackCommand;
use platform::position::EventPosition;
use serde::Deserialize;
use uuid::Uuid;

use super::FeedbackUseError;
use crate::actor::Reviewer;
use crate::commands::Commands;

/// `POST /api/moderation/feedback/{id}/archive`'s body.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ArchiveFeedback {
    pub note: Option<String>,
}

/// Archives feedback `id`; the aggregate refuses one already decided.
pub async fn run(
    commands: &Commands,
    reviewer: &Reviewer,
    id: Uuid,
    body: ArchiveFeedback,
) -> Result<Option<EventPosition>, FeedbackUseError> {
    let note = match body.note.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(n) => Some(Note::decision(n)?),
    };
    let command = FeedbackCommand::Archive {
        moderator: reviewer.account_id,
        note,
    };
    Ok(commands
        .execute::<domain::Feedback>(&id.to_string(), command, &reviewer.metadata)
        .await?)
}
