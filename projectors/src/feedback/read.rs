//! Reading the `feedback` read model, checked at compile time.

use chrono::{DateTime, Utc};
use domain::feedback::SubjectType;
use domain::{FeedbackStatus, IssueType};
use platform::db::enum_value;
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use crate::accounts::read::Names;

/// One piece of feedback as moderators see it (SPEC §3 feedback payload, and its outcome).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct FeedbackDto {
    pub id: Uuid,
    pub subject_type: domain::feedback::SubjectType,
    pub subject_id: Option<Uuid>,
    /// The artwork's title or the artist's name, when the subject is known.
    pub subject_title: Option<String>,
    pub issue_type: domain::IssueType,
    pub note: String,
    pub status: domain::FeedbackStatus,
    /// Whether a signed-in account sent it (else an anonymous visitor).
    pub from_account: bool,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    /// The name of the moderator who decided (their profile name, else their role).
    pub decided_by: Option<String>,
    pub decision_note: Option<String>,
    /// The artwork the resolution removed.
    pub removed_artwork: Option<Uuid>,
}

/// How much feedback is in each state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, utoipa::ToSchema)]
pub struct FeedbackCounts {
    pub open: i64,
    pub archived: i64,
    pub resolved: i64,
}

/// A page of the feedback with `status` (and `issue_type`, when given): open feedback oldest
/// first (a queue), decided feedback newest decision first; and how many match.
pub async fn page(
    pool: &PgPool,
    status: &str,
    issue_type: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<FeedbackDto>, i64), sqlx::Error> {
    let total = sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.feedback
            WHERE status = $1 AND ($2::text IS NULL OR issue_type = $2)"#,
        status,
        issue_type
    )
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query!(
        r#"SELECT f.id, f.subject_type, f.subject_id,
                  coalesce(aw.title, ar.name) AS subject_title,
                  f.issue_type, f.note, f.status,
                  EXISTS (SELECT 1 FROM rm.accounts a WHERE a.account_id = f.sender)
                      AS "from_account!",
                  f.created_at, f.decided_at,
                  f.decided_by,
                  f.decision_note, f.removed_artwork
             FROM rm.feedback f
             LEFT JOIN rm.artworks aw ON f.subject_type = 'artwork' AND aw.id = f.subject_id
             LEFT JOIN rm.artists ar ON f.subject_type = 'artist' AND ar.id = f.subject_id
            WHERE f.status = $1 AND ($2::text IS NULL OR f.issue_type = $2)
            ORDER BY CASE WHEN f.status = 'open' THEN f.created_at END ASC,
                     f.decided_at DESC, f.id
            LIMIT $3 OFFSET $4"#,
        status,
        issue_type,
        limit,
        offset
    )
    .fetch_all(pool)
    .await?;
    let deciders: Vec<Uuid> = rows.iter().filter_map(|r| r.decided_by).collect();
    let names = Names::of(pool, &deciders).await?;
    let rows = rows
        .into_iter()
        .map(|r| {
            Ok(FeedbackDto {
                id: r.id,
                subject_type: enum_value("subject_type", &r.subject_type, SubjectType::parse)?,
                subject_id: r.subject_id,
                subject_title: r.subject_title,
                issue_type: enum_value("issue_type", &r.issue_type, IssueType::parse)?,
                note: r.note,
                status: enum_value("status", &r.status, FeedbackStatus::parse)?,
                from_account: r.from_account,
                created_at: r.created_at,
                decided_at: r.decided_at,
                decided_by: r.decided_by.map(|d| names.name(d)),
                decision_note: r.decision_note,
                removed_artwork: r.removed_artwork,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    Ok((rows, total))
}

/// Feedback per state.
pub async fn counts(pool: &PgPool) -> Result<FeedbackCounts, sqlx::Error> {
    let mut c = FeedbackCounts::default();
    for (status, n) in by_status(pool).await? {
        match status.as_str() {
            "open" => c.open = n,
            "archived" => c.archived = n,
            _ => c.resolved = n,
        }
    }
    Ok(c)
}

/// How much feedback is in each state that has any.
pub async fn by_status(
    pool: &PgPool,
) -> Result<std::collections::BTreeMap<String, i64>, sqlx::Error> {
    status_counts!(pool, "rm.feedback")
}

/// The open comments about the artworks `ids`: (artwork, note). Help nearby reads them for the
/// reports that two artworks are one (a comment naming the other artwork's id).
pub async fn open_comments_about(
    pool: &PgPool,
    ids: &[Uuid],
) -> Result<Vec<(Uuid, String)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT subject_id AS "id!", note FROM rm.feedback
            WHERE subject_type = 'artwork' AND subject_id = ANY($1)
              AND issue_type = 'comment' AND status = 'open'"#,
        ids
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.id, r.note)).collect())
}
