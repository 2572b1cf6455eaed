//! Read model `notifications`: the outcome of every submission told to who sent it (approved,
//! with a link to what it changed; rejected, with the moderator's reason), every badge awarded
//! (`BadgeAwards` events, with the badge for the toast), and whether they have seen it (`Inbox`
//! events).
//!
//! A notification is a pure function of the event that caused it, so it is kept as a read
//! model rather than written by commands: its id is the causing event's id, which makes every
//! redelivery and every replay give exactly the same rows — one notification per outcome — and
//! the only state a person adds, having seen it, is an event of their `Inbox`.

pub mod read;

use cqrs_es::Aggregate;
use domain::inbox::{Inbox, InboxEvent};
use domain::metadata::event_id;
use domain::{AwardEvent, BadgeAwards, Feedback, FeedbackEvent, Submission, SubmissionEvent};
use platform::eventlog::EventEnvelope;
use sqlx::PgConnection;
use uuid::Uuid;

pub const NAME: &str = "notifications";

read_model!(
    NotificationsProjector,
    NAME,
    ["notifications", "notification_sources"]
);

/// What a submission was, in words and where its subject lives.
fn described(kind: &str) -> (&'static str, Option<&'static str>) {
    match kind {
        "new_artwork" => ("new artwork", Some("/artwork/")),
        "visit" => ("logbook entry", Some("/artwork/")),
        "artwork_edit" => ("edit of an artwork", Some("/artwork/")),
        "artist_edit" => ("edit of an artist", Some("/artist/")),
        "new_artist" => ("new artist", Some("/artist/")),
        _ => ("submission", None),
    }
}

/// One notification to write.
struct Notice {
    recipient: Uuid,
    kind: &'static str,
    title: String,
    message: String,
    link: Option<String>,
}

/// Applies a batch of events, as [`Projector::apply`](crate::Projector::apply) says.
async fn apply(db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
    for e in events {
        if e.aggregate_type == Inbox::TYPE {
            let InboxEvent::NotificationDismissed { owner, id } = e.decode()?;
            sqlx::query!(
                "UPDATE notifications SET is_dismissed = true
                      WHERE id = $1 AND recipient = $2",
                id,
                owner.0
            )
            .execute(&mut *db)
            .await?;
            continue;
        }
        if e.aggregate_type == BadgeAwards::TYPE {
            let AwardEvent::BadgeAwarded(award) = e.decode()?;
            let badge = serde_json::json!({
                "badge_id": award.badge_id,
                "badge_key": award.key.as_str(),
                "title": award.title,
                "description": award.description,
                "icon_emoji": award.icon_emoji,
                "award_reason": award.reason,
            });
            sqlx::query!(
                "INSERT INTO notifications (id, recipient, type, title, message, link,
                         created_at, badge)
                     VALUES ($1, $2, 'badge_awarded', $3, $4, '/profile/badges', $5, $6)
                     ON CONFLICT (id) DO NOTHING",
                event_id(&e.aggregate_type, &e.aggregate_id, e.sequence),
                award.account.0,
                format!("Badge earned: {}", award.title),
                format!("{} {}", award.icon_emoji, award.description),
                e.recorded_at,
                badge
            )
            .execute(&mut *db)
            .await?;
            continue;
        }
        if e.aggregate_type == Feedback::TYPE {
            feedback(db, e).await?;
            continue;
        }
        if e.aggregate_type != Submission::TYPE {
            continue;
        }
        let submission = Uuid::parse_str(&e.aggregate_id)?;
        let event: SubmissionEvent = e.decode()?;
        let source = match &event {
            SubmissionEvent::ArtworkProposed(p) => Some((p.submitter, "new_artwork", None)),
            SubmissionEvent::VisitLogged(v) => Some((v.submitter, "visit", Some(v.artwork_id.0))),
            SubmissionEvent::ArtworkEditProposed(p) => {
                Some((p.submitter, "artwork_edit", Some(p.artwork_id.0)))
            }
            SubmissionEvent::ArtistEditProposed(p) => Some((
                p.submitter,
                if p.new_artist {
                    "new_artist"
                } else {
                    "artist_edit"
                },
                Some(p.artist_id.0),
            )),
            _ => None,
        };
        if let Some((submitter, kind, subject)) = source {
            sqlx::query!(
                "INSERT INTO notification_sources (submission_id, submitter, kind, subject)
                     VALUES ($1, $2, $3, $4) ON CONFLICT (submission_id) DO NOTHING",
                submission,
                submitter.0,
                kind,
                subject
            )
            .execute(&mut *db)
            .await?;
            continue;
        }
        let (subject, reason) = match &event {
            SubmissionEvent::SubmissionApproved { artwork_id, .. } => {
                (Some(Some(artwork_id.0)), None)
            }
            SubmissionEvent::ArtistEditApproved { artist_id, .. } => {
                (Some(Some(artist_id.0)), None)
            }
            SubmissionEvent::SubmissionRejected { reason, .. } => {
                (None, Some(reason.as_str().to_owned()))
            }
            _ => continue,
        };
        let Some(from) = sqlx::query!(
            "SELECT submitter, kind FROM notification_sources WHERE submission_id = $1",
            submission
        )
        .fetch_optional(&mut *db)
        .await?
        else {
            continue;
        };
        let (what, path) = described(&from.kind);
        let notice = match (subject, reason) {
            (Some(subject), _) => Notice {
                recipient: from.submitter,
                kind: "submission_approved",
                title: "Submission approved".into(),
                message: format!("Your {what} was approved. Thank you!"),
                link: path.zip(subject).map(|(p, id)| format!("{p}{id}")),
            },
            (None, reason) => Notice {
                recipient: from.submitter,
                kind: "submission_rejected",
                title: "Submission not accepted".into(),
                message: format!(
                    "Your {what} was not accepted: {}",
                    reason.unwrap_or_default()
                ),
                link: Some("/profile".into()),
            },
        };
        sqlx::query!(
            "INSERT INTO notifications (id, recipient, type, title, message, link,
                     submission_id, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING",
            event_id(&e.aggregate_type, &e.aggregate_id, e.sequence),
            notice.recipient,
            notice.kind,
            notice.title,
            notice.message,
            notice.link,
            submission,
            e.recorded_at
        )
        .execute(&mut *db)
        .await?;
    }
    Ok(())
}

/// Feedback's sender is remembered when it is sent and told when it is resolved (archived
/// feedback is not told: there is nothing to say).
async fn feedback(db: &mut PgConnection, e: &EventEnvelope) -> anyhow::Result<()> {
    let id = Uuid::parse_str(&e.aggregate_id)?;
    match e.decode::<FeedbackEvent>()? {
        FeedbackEvent::FeedbackSent {
            subject, sender, ..
        } => {
            sqlx::query!(
                "INSERT INTO notification_sources (submission_id, submitter, kind, subject)
                 VALUES ($1, $2, $3, $4) ON CONFLICT (submission_id) DO NOTHING",
                id,
                sender.0,
                format!("feedback_{}", subject.kind()),
                subject.id()
            )
            .execute(&mut *db)
            .await?;
        }
        FeedbackEvent::FeedbackResolved {
            note,
            removed_artwork,
            ..
        } => {
            let Some(from) = sqlx::query!(
                "SELECT submitter, kind, subject FROM notification_sources
                  WHERE submission_id = $1",
                id
            )
            .fetch_optional(&mut *db)
            .await?
            else {
                return Ok(());
            };
            let link = match (from.kind.as_str(), from.subject) {
                ("feedback_artwork", Some(s)) => Some(format!("/artwork/{s}")),
                ("feedback_artist", Some(s)) => Some(format!("/artist/{s}")),
                _ => None,
            };
            let removed = if removed_artwork.is_some() {
                " The artwork is now marked as removed."
            } else {
                ""
            };
            sqlx::query!(
                "INSERT INTO notifications (id, recipient, type, title, message, link, created_at)
                 VALUES ($1, $2, 'feedback_resolved', 'Feedback resolved', $3, $4, $5)
                 ON CONFLICT (id) DO NOTHING",
                event_id(&e.aggregate_type, &e.aggregate_id, e.sequence),
                from.submitter,
                format!("Thank you for your feedback. {}{removed}", note.as_str()),
                link,
                e.recorded_at
            )
            .execute(&mut *db)
            .await?;
        }
        FeedbackEvent::FeedbackArchived { .. } => {}
    }
    Ok(())
}
