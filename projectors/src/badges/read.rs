//! Reading the `badges` read model, checked at compile time, and a contributor's counts as the
//! badge rules read them. The counts are taken from the `submissions` and `accounts` read
//! models (approved work of the account and of every anonymous identity it claimed), so the
//! badge process manager waits for those projectors before it reads them.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use domain::badge::{BadgeKey, BadgeLook, AREA_DEGREES};
use domain::{BadgeDefinition, BadgeRule, ContributorCounts};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

/// A badge of the catalogue (SPEC §3 Badge fields, with how many hold it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BadgeDto {
    pub badge_id: Uuid,
    pub badge_key: String,
    pub title: String,
    pub description: String,
    pub icon_emoji: String,
    /// What earns it, in words.
    pub award_reason: String,
    pub rule: BadgeRule,
    /// A deactivated badge is no longer awarded; awards made stay.
    pub active: bool,
    /// Accounts holding it.
    pub award_count: i64,
}

/// A badge an account holds, as it looked when awarded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AwardDto {
    pub badge_id: Uuid,
    pub badge_key: String,
    pub title: String,
    pub description: String,
    pub icon_emoji: String,
    pub award_reason: String,
    pub awarded_at: DateTime<Utc>,
}

/// The catalogue with award counts, oldest definitions first (`inactive`: those too).
pub async fn catalogue(pool: &PgPool, inactive: bool) -> Result<Vec<BadgeDto>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT b.id, b.key, b.title, b.description, b.icon_emoji, b.rule, b.active,
                  (SELECT count(*) FROM rm.badge_awards a WHERE a.badge_id = b.id) AS "n!"
             FROM rm.badges b
            WHERE b.active OR $1
            ORDER BY b.created_at, b.key"#,
        inactive
    )
    .fetch_all(pool)
    .await?;
    rows.into_iter()
        .map(|r| {
            let rule: BadgeRule =
                serde_json::from_value(r.rule).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
            Ok(BadgeDto {
                badge_id: r.id,
                badge_key: r.key,
                title: r.title,
                description: r.description,
                icon_emoji: r.icon_emoji,
                award_reason: rule.reason(),
                rule,
                active: r.active,
                award_count: r.n,
            })
        })
        .collect()
}

/// The badges `account` holds, newest first.
pub async fn awards_of(pool: &PgPool, account: Uuid) -> Result<Vec<AwardDto>, sqlx::Error> {
    sqlx::query_as!(
        AwardDto,
        "SELECT badge_id, key AS badge_key, title, description, icon_emoji,
                reason AS award_reason, awarded_at
           FROM rm.badge_awards WHERE account_id = $1
          ORDER BY awarded_at DESC, key",
        account
    )
    .fetch_all(pool)
    .await
}

/// Every active definition as the aggregate holds it, by id.
pub async fn active_definitions(
    pool: &PgPool,
) -> Result<Vec<(Uuid, BadgeDefinition)>, sqlx::Error> {
    let rows = sqlx::query!(
        "SELECT id, key, title, description, icon_emoji, rule FROM rm.badges WHERE active
          ORDER BY created_at, key"
    )
    .fetch_all(pool)
    .await?;
    let decode = |e: String| sqlx::Error::Decode(e.into());
    rows.into_iter()
        .map(|r| {
            Ok((
                r.id,
                BadgeDefinition {
                    key: Some(BadgeKey::parse(&r.key).map_err(|e| decode(e.to_string()))?),
                    look: Some(
                        BadgeLook::parse(&r.title, &r.description, &r.icon_emoji)
                            .map_err(|e| decode(e.to_string()))?,
                    ),
                    rule: Some(serde_json::from_value(r.rule).map_err(|e| decode(e.to_string()))?),
                    active: true,
                },
            ))
        })
        .collect()
}

/// Which of `accounts` already hold which badges, as (account, badge).
pub async fn held(pool: &PgPool, accounts: &[Uuid]) -> Result<HashSet<(Uuid, Uuid)>, sqlx::Error> {
    Ok(sqlx::query!(
        "SELECT account_id, badge_id FROM rm.badge_awards WHERE account_id = ANY($1)",
        accounts
    )
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|r| (r.account_id, r.badge_id))
    .collect())
}

/// The account an identity belongs to: itself if it is an account, the account that claimed
/// it if it is a claimed anonymous identity, else none.
pub async fn account_of(pool: &PgPool, identity: Uuid) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT account_id AS "a!" FROM rm.accounts WHERE account_id = $1
           UNION ALL
           SELECT account_id FROM rm.account_identities WHERE anonymous_id = $1
           LIMIT 1"#,
        identity
    )
    .fetch_optional(pool)
    .await
}

/// Who sent submission `id` (of any kind), if the read model has it.
pub async fn submitter_of(pool: &PgPool, id: Uuid) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT submitter AS "s!" FROM rm.submissions WHERE id = $1
           UNION ALL SELECT submitter FROM rm.edits WHERE id = $1
           LIMIT 1"#,
        id
    )
    .fetch_optional(pool)
    .await
}

/// The counts of `accounts` (every account when `None`), each with the work of the anonymous
/// identities it claimed folded in. Accounts sign up through a magic link, so every one has a
/// verified e-mail address.
pub async fn counts(
    pool: &PgPool,
    accounts: Option<&[Uuid]>,
    now: DateTime<Utc>,
) -> Result<Vec<(Uuid, ContributorCounts)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"WITH acc AS (
               SELECT account_id, created_at FROM rm.accounts
                WHERE $1::uuid[] IS NULL OR account_id = ANY($1)),
           who AS (
               SELECT account_id, account_id AS identity FROM acc
               UNION ALL
               SELECT i.account_id, i.anonymous_id FROM rm.account_identities i
                 JOIN acc USING (account_id)),
           sub AS (
               SELECT w.account_id, count(*) AS n,
                      sum(jsonb_array_length(s.photos)) AS photos,
                      count(*) FILTER (WHERE s.kind = 'logbook') AS visits,
                      count(DISTINCT (floor(s.lat / $2), floor(s.lon / $2))) AS areas
                 FROM who w JOIN rm.submissions s ON s.submitter = w.identity
                WHERE s.status = 'approved'
                GROUP BY w.account_id),
           ed AS (
               SELECT w.account_id, count(*) AS n
                 FROM who w
                 JOIN rm.edits x ON x.submitter = w.identity AND x.status = 'approved'
                GROUP BY w.account_id),
           gf AS (
               SELECT w.account_id, count(*) AS n
                 FROM who w
                 JOIN (SELECT id, submitter FROM rm.submissions
                       UNION ALL SELECT id, submitter FROM rm.edits) c ON c.submitter = w.identity
                 JOIN rm.artwork_gaps_filled g ON g.submission_id = c.id
                GROUP BY w.account_id)
           SELECT acc.account_id AS "account_id!", acc.created_at AS "created_at!",
                  coalesce(sub.n, 0) AS "submissions!", coalesce(sub.photos, 0) AS "photos!",
                  coalesce(sub.visits, 0) AS "visits!", coalesce(sub.areas, 0) AS "areas!",
                  coalesce(ed.n, 0) AS "edits!", coalesce(gf.n, 0) AS "gaps_filled!"
             FROM acc LEFT JOIN sub USING (account_id) LEFT JOIN ed USING (account_id)
             LEFT JOIN gf USING (account_id)
            ORDER BY acc.account_id"#,
        accounts as Option<&[Uuid]>,
        AREA_DEGREES
    )
    .fetch_all(pool)
    .await?;
    let n = |v: i64| u32::try_from(v.max(0)).unwrap_or(u32::MAX);
    let finished = crate::areas::read::finished_counts(pool, accounts).await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            (
                r.account_id,
                ContributorCounts {
                    approved_submissions: n(r.submissions + r.edits),
                    photos: n(r.photos),
                    visits: n(r.visits),
                    edits: n(r.edits),
                    email_verified: true,
                    areas: n(r.areas),
                    account_age_days: n((now - r.created_at).num_days()),
                    gaps_filled: n(r.gaps_filled),
                    areas_finished: finished.get(&r.account_id).copied().unwrap_or(0),
                },
            )
        })
        .collect())
}
