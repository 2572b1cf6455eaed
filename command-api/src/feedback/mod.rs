//! Use cases on feedback: anyone sends a private note about an artwork, an artist or the site;
//! moderators archive it or resolve it, and resolving a report that an artwork is missing may
//! remove the artwork, with the report as the evidence.

use domain::feedback::Note;
use domain::submission::Reason;
use domain::{
    ArtworkCommand, ArtworkError, Feedback, FeedbackCommand, FeedbackError, IssueType, Subject,
};
use platform::identity::Caller;
use platform::position::EventPosition;
use platform::ratelimit::Budget;
use serde::Deserialize;
use uuid::Uuid;

use crate::commands::{CommandError, Commands};
use crate::submissions::Reviewer;

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

/// `POST /api/moderation/feedback/{id}/archive`'s body.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ArchiveFeedback {
    pub note: Option<String>,
}

/// `POST /api/moderation/feedback/{id}/resolve`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ResolveFeedback {
    /// What was done: 1 to 1000 characters; told to the sender.
    pub note: String,
    /// For a report that an artwork is missing: mark the artwork removed.
    #[serde(default)]
    pub remove_artwork: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum FeedbackUseError {
    #[error(transparent)]
    Rule(#[from] FeedbackError),
    #[error("Too many")]
    RateLimited { retry_after_secs: u64 },
    #[error("Artwork not found")]
    ArtworkNotFound,
    #[error("Artist not found")]
    ArtistNotFound,
    #[error("{0}")]
    Artwork(ArtworkError),
    #[error("the record was changed by someone else; reload and try again")]
    Conflict,
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

impl From<sqlx::Error> for FeedbackUseError {
    fn from(e: sqlx::Error) -> Self {
        FeedbackUseError::Store(e.into())
    }
}

impl From<CommandError<FeedbackError>> for FeedbackUseError {
    fn from(e: CommandError<FeedbackError>) -> Self {
        match e {
            CommandError::Rejected(e) => FeedbackUseError::Rule(e),
            CommandError::Conflict => FeedbackUseError::Conflict,
            CommandError::Store(s) => FeedbackUseError::Store(anyhow::anyhow!(s)),
        }
    }
}

impl From<CommandError<ArtworkError>> for FeedbackUseError {
    fn from(e: CommandError<ArtworkError>) -> Self {
        match e {
            CommandError::Rejected(ArtworkError::NotFound) => FeedbackUseError::ArtworkNotFound,
            CommandError::Rejected(e) => FeedbackUseError::Artwork(e),
            CommandError::Conflict => FeedbackUseError::Conflict,
            CommandError::Store(s) => FeedbackUseError::Store(anyhow::anyhow!(s)),
        }
    }
}

#[derive(Clone)]
pub struct FeedbackDesk {
    commands: Commands,
}

impl FeedbackDesk {
    pub fn new(commands: Commands) -> Self {
        Self { commands }
    }

    /// Records feedback from the caller (anyone); returns its id.
    pub async fn send(
        &self,
        caller: &Caller,
        ip: std::net::IpAddr,
        body: SendFeedback,
    ) -> Result<(Uuid, Option<EventPosition>), FeedbackUseError> {
        let subject = Subject::parse(body.subject_type.trim(), body.subject_id)?;
        let issue_type = IssueType::read(body.issue_type.trim())?;
        let note = Note::parse(&body.note)?;
        let pool = self.commands.pool();
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
        // Counted only once the input is good, so a mistyped note costs nothing.
        SENDS
            .admit(pool, caller.actor_id(), ip)
            .await?
            .map_err(|retry_after_secs| FeedbackUseError::RateLimited { retry_after_secs })?;
        let id = Uuid::now_v7();
        let md = caller.metadata();
        let command = FeedbackCommand::Send {
            subject,
            issue_type,
            note,
            sender: caller.actor(),
        };
        let position = self
            .commands
            .feedback(&id.to_string(), command, &md)
            .await?;
        Ok((id, position))
    }

    /// A moderator puts feedback aside.
    pub async fn archive(
        &self,
        reviewer: &Reviewer,
        id: Uuid,
        body: ArchiveFeedback,
    ) -> Result<Option<EventPosition>, FeedbackUseError> {
        let moderator = reviewer.account_id;
        let note = match body.note.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(n) => Some(Note::decision(n)?),
        };
        Ok(self
            .commands
            .feedback(
                &id.to_string(),
                FeedbackCommand::Archive { moderator, note },
                &reviewer.metadata,
            )
            .await?)
    }

    /// A moderator resolves feedback with a note; a confirmed missing artwork is removed first
    /// (removal is idempotent, so a resolve that then fails can be tried again).
    pub async fn resolve(
        &self,
        reviewer: &Reviewer,
        id: Uuid,
        body: ResolveFeedback,
    ) -> Result<Option<EventPosition>, FeedbackUseError> {
        let moderator = reviewer.account_id;
        let note = Note::decision(&body.note)?;
        let md = &reviewer.metadata;
        let remove_artwork = body.remove_artwork;
        let commands = &self.commands;
        // Decided from the Feedback aggregate: loaded, the artwork removed as it says, then the
        // resolve committed against the version loaded (a concurrent decision is a conflict).
        commands
            .decide::<Feedback, FeedbackUseError, _, _>(
                &id.to_string(),
                md,
                |feedback| async move {
                    if let Some(artwork) = feedback.artwork_to_remove(remove_artwork)? {
                        let reason =
                            Reason::parse(note.as_str()).map_err(|e| FeedbackError::Invalid {
                                field: "note",
                                message: e.to_string(),
                            })?;
                        let remove = ArtworkCommand::Remove {
                            reason,
                            feedback: id,
                        };
                        commands.artwork(&artwork.to_string(), remove, md).await?;
                    }
                    let resolve = FeedbackCommand::Resolve {
                        moderator,
                        note,
                        remove_artwork,
                    };
                    Ok((feedback, resolve))
                },
            )
            .await?;
        Ok(commands.position::<Feedback>(&id.to_string()).await?)
    }
}
