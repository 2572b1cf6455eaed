//! Read model `feedback`: every note sent to the moderators and what became of it.

pub mod read;

use domain::{Feedback, FeedbackEvent, FeedbackStatus};
use platform::eventlog::EventEnvelope;
use sqlx::PgConnection;
use uuid::Uuid;

pub const NAME: &str = "feedback";

read_model!(FeedbackProjector, NAME, ["feedback"]);

/// Applies a batch of events, as [`Projector::apply`](crate::Projector::apply) says.
async fn apply(db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
    for decoded in crate::events_of::<Feedback>(events) {
        let (e, id, event) = decoded?;
        match event {
            FeedbackEvent::FeedbackSent {
                subject,
                issue_type,
                note,
                sender,
            } => {
                sqlx::query!(
                    "INSERT INTO feedback (id, subject_type, subject_id, issue_type, note,
                             sender, status, created_at)
                         VALUES ($1, $2, $3, $4, $5, $6, 'open', $7) ON CONFLICT (id) DO NOTHING",
                    id,
                    subject.kind(),
                    subject.id(),
                    issue_type.as_str(),
                    note.as_str(),
                    sender.0,
                    e.recorded_at
                )
                .execute(&mut *db)
                .await?;
            }
            FeedbackEvent::FeedbackArchived { moderator, note } => {
                decide(
                    db,
                    id,
                    e,
                    FeedbackStatus::Archived,
                    moderator.0,
                    note.as_ref().map(|n| n.as_str()),
                    None,
                )
                .await?;
            }
            FeedbackEvent::FeedbackResolved {
                moderator,
                note,
                removed_artwork,
            } => {
                decide(
                    db,
                    id,
                    e,
                    FeedbackStatus::Resolved,
                    moderator.0,
                    Some(note.as_str()),
                    removed_artwork,
                )
                .await?;
            }
        }
    }
    Ok(())
}

async fn decide(
    db: &mut PgConnection,
    id: Uuid,
    e: &EventEnvelope,
    status: FeedbackStatus,
    moderator: Uuid,
    note: Option<&str>,
    removed_artwork: Option<Uuid>,
) -> anyhow::Result<()> {
    sqlx::query!(
        "UPDATE feedback SET status = $2, decided_at = $3, decided_by = $4, decision_note = $5,
                removed_artwork = $6
          WHERE id = $1",
        id,
        status.as_str(),
        e.recorded_at,
        moderator,
        note,
        removed_artwork
    )
    .execute(&mut *db)
    .await?;
    Ok(())
}
