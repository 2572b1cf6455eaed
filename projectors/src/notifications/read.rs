//! Reading the `notifications` read model, checked at compile time. A person's notifications
//! are those of every identity they speak for (their account and the anonymous identities it
//! claimed), so outcomes of anonymous work reach them once they sign in.

use chrono::{DateTime, Utc};
use domain::inbox::NotificationKind;
use domain::ActorId;
use platform::db::enum_value;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

/// One notification (SPEC §3: `id`, `is_dismissed`; the rest is what the panel shows).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NotificationDto {
    pub id: Uuid,
    #[serde(rename = "type")]
    pub kind: domain::inbox::NotificationKind,
    pub title: String,
    pub message: String,
    /// Where it leads: the artwork or artist, or the profile.
    pub link: Option<String>,
    pub submission_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    /// Seen (dismissed or read: one state).
    pub is_dismissed: bool,
    /// For `badge_awarded`: the badge as it was awarded (SPEC §3 Badge).
    pub badge: Option<crate::badges::read::AwardDto>,
}

fn uuids(ids: &[ActorId]) -> Vec<Uuid> {
    ids.iter().map(|a| a.0).collect()
}

/// The newest notifications of `identities` (`unread_only`: not dismissed), and how many match.
pub async fn page(
    pool: &PgPool,
    identities: &[ActorId],
    unread_only: bool,
    limit: i64,
    offset: i64,
) -> Result<(Vec<NotificationDto>, i64), sqlx::Error> {
    let ids = uuids(identities);
    let total = sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.notifications
            WHERE recipient = ANY($1) AND (NOT $2 OR NOT is_dismissed)"#,
        &ids,
        unread_only
    )
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query!(
        r#"SELECT id, type AS kind, title, message, link, submission_id, created_at, is_dismissed,
                  badge
             FROM rm.notifications
            WHERE recipient = ANY($1) AND (NOT $2 OR NOT is_dismissed)
            ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"#,
        &ids,
        unread_only,
        limit,
        offset
    )
    .try_map(|r| {
        Ok(NotificationDto {
            id: r.id,
            kind: enum_value("type", &r.kind, NotificationKind::parse)?,
            title: r.title,
            message: r.message,
            link: r.link,
            submission_id: r.submission_id,
            created_at: r.created_at,
            is_dismissed: r.is_dismissed,
            badge: r.badge.map(|b| awarded(b, r.created_at)).transpose()?,
        })
    })
    .fetch_all(pool)
    .await?;
    Ok((rows, total))
}

/// A notification's badge as stored (the award's look and reason), awarded when the
/// notification was made.
fn awarded(
    mut stored: serde_json::Value,
    at: DateTime<Utc>,
) -> Result<crate::badges::read::AwardDto, sqlx::Error> {
    if let Some(badge) = stored.as_object_mut() {
        badge.insert("awarded_at".into(), serde_json::json!(at));
    }
    serde_json::from_value(stored).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

/// How many of `identities`' notifications are not dismissed.
pub async fn unread_count(pool: &PgPool, identities: &[ActorId]) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.notifications
            WHERE recipient = ANY($1) AND NOT is_dismissed"#,
        &uuids(identities)
    )
    .fetch_one(pool)
    .await
}

/// Whose each of notifications `ids` is, for those that are one of `identities`'.
pub async fn recipients(
    pool: &PgPool,
    ids: &[Uuid],
    identities: &[ActorId],
) -> Result<Vec<(Uuid, ActorId)>, sqlx::Error> {
    Ok(sqlx::query!(
        "SELECT id, recipient FROM rm.notifications WHERE id = ANY($1) AND recipient = ANY($2)",
        ids,
        &uuids(identities)
    )
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|r| (r.id, ActorId(r.recipient)))
    .collect())
}

/// Which of these identities have been told of a badge.
pub async fn told_of_a_badge(pool: &PgPool, recipients: &[Uuid]) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT recipient FROM rm.notifications
          WHERE type = 'badge_awarded' AND recipient = ANY($1)",
        recipients
    )
    .fetch_all(pool)
    .await
}
