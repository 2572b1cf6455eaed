//! Reading the `notifications` read model, checked at compile time. A person's notifications
//! are those of every identity they speak for (their account and the anonymous identities it
//! claimed), so outcomes of anonymous work reach them once they sign in.

use chrono::{DateTime, Utc};
use domain::ActorId;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

/// One notification (SPEC §3: `id`, `is_dismissed`; the rest is what the panel shows).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NotificationDto {
    pub id: Uuid,
    /// `submission_approved`, `submission_rejected` or `badge_awarded`.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub message: String,
    /// Where it leads: the artwork or artist, or the profile.
    pub link: Option<String>,
    pub submission_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    /// Seen (dismissed or read: one state).
    pub is_dismissed: bool,
    /// For `badge_awarded`: the badge (SPEC §3 Badge: `badge_id`, `badge_key`, `award_reason`,
    /// `title`, `description`, `icon_emoji`).
    #[schema(value_type = Option<Object>)]
    pub badge: Option<serde_json::Value>,
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
    let rows = sqlx::query_as!(
        NotificationDto,
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
    .fetch_all(pool)
    .await?;
    Ok((rows, total))
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

/// Whose notification `id` is, if it is one of `identities`'.
pub async fn recipient(
    pool: &PgPool,
    id: Uuid,
    identities: &[ActorId],
) -> Result<Option<ActorId>, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "SELECT recipient FROM rm.notifications WHERE id = $1 AND recipient = ANY($2)",
        id,
        &uuids(identities)
    )
    .fetch_optional(pool)
    .await?
    .map(ActorId))
}
