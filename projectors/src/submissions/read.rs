//! Reading the `submissions` read model (`rm.submissions`) as authors and moderators see it,
//! with each photo's private EXIF and processing state from `media.photos`; checked at compile
//! time.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use domain::{ActorId, ArtworkType, Condition, SubmissionKind, SubmissionStatus};
use media::images::{PhotoDto, UrlSigner};
use platform::db::{enum_value, optional_enum_value};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use super::edits::summary_of;
use crate::accounts::read::{Names, Submitter};

/// A submission as its author or a moderator sees it.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SubmissionDto {
    pub id: Uuid,
    pub submission_type: SubmissionKind,
    pub status: SubmissionStatus,
    pub title: Option<String>,
    pub description: Option<String>,
    pub artwork_type: Option<ArtworkType>,
    pub notes: Option<String>,
    /// Visits only.
    pub condition: Option<Condition>,
    pub lat: f64,
    pub lon: f64,
    /// Photos with their EXIF summary.
    pub photos: Vec<PhotoDto>,
    /// Keys of photos whose served sizes could not be made (the upload is kept privately, but
    /// the photo will not show): a moderator may want to ask for another.
    pub unprocessable_photos: Vec<String>,
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub tags: Value,
    /// Artist names as proposed.
    pub artists: Vec<String>,
    /// A visit's artwork, or the artwork an approval created or linked.
    pub artwork_id: Option<Uuid>,
    pub artwork_title: Option<String>,
    /// The rejection reason.
    pub reason: Option<String>,
    /// 1-based place among pending submissions, oldest first; null unless pending.
    pub queue_position: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    /// Moderator views only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub submitter: Option<Submitter>,
}

/// Who reads a submission answer: its photos are at signed URLs (the answer is for the submitter
/// or a moderator, and a photo in review is served to no one else); moderators also see each
/// submitter.
#[derive(Clone, Copy)]
pub struct Viewer<'a> {
    pub moderator: bool,
    pub signer: &'a UrlSigner,
    pub now: DateTime<Utc>,
}

impl Viewer<'_> {
    fn photos(&self, photos: Value, privacy: Option<Value>) -> Vec<PhotoDto> {
        PhotoDto::list(&with_private_exif(photos, privacy.as_ref()), true)
            .into_iter()
            .map(|p| p.signed(self.signer, self.now))
            .collect()
    }
}

/// The EXIF fields events do not keep (position, time, camera) come from the photo's media row,
/// unless the author had them erased — then they are dropped even where an older event still
/// put them in the read model and its erasure is not projected yet.
pub fn with_private_exif(mut photos: Value, privacy: Option<&Value>) -> Value {
    const PERSONAL: [&str; 5] = ["latitude", "longitude", "date_time", "make", "model"];
    let Some(privacy) = privacy else {
        return photos;
    };
    for p in photos.as_array_mut().into_iter().flatten() {
        let Some(info) = p
            .get("key")
            .and_then(Value::as_str)
            .and_then(|k| privacy.get(k))
        else {
            continue;
        };
        let erased = info.get("erased").and_then(Value::as_bool).unwrap_or(false);
        let stored = info.get("exif").filter(|e| e.is_object()).cloned();
        match (
            erased,
            stored,
            p.get_mut("exif").and_then(Value::as_object_mut),
        ) {
            (true, _, Some(exif)) => PERSONAL.iter().for_each(|f| {
                exif.remove(*f);
            }),
            (false, Some(stored), _) => {
                p["exif"] = stored;
            }
            _ => {}
        }
    }
    photos
}

/// `SELECT` of a [`SubmissionDto`] as `$viewer` sees it, then the rest of the query (`s` is the
/// submission). Private EXIF and processing state come from each photo's media row.
macro_rules! select_submissions {
    ($viewer:expr, $rest:literal $(, $arg:expr)*) => {{
        let viewer: Viewer = $viewer;
        sqlx::query!(
            r#"SELECT s.id, s.kind, s.status, s.title, s.description, s.artwork_type, s.note,
                s.condition, s.lat, s.lon, s.photos, s.tags, s.artist_names, s.artwork_id,
                a.title AS "artwork_title?", s.reason, s.created_at, s.decided_at, s.submitter,
                ARRAY(SELECT replace(m.key::text, '-', '') FROM jsonb_array_elements(s.photos) p
                       JOIN media.photos m ON m.key = (p->>'key')::uuid
                      WHERE m.status = 'failed') AS "unprocessable_photos!",
                (SELECT jsonb_object_agg(replace(m.key::text, '-', ''),
                         jsonb_build_object('exif', m.exif, 'erased', m.exif_erased_at IS NOT NULL))
                   FROM jsonb_array_elements(s.photos) p
                   JOIN media.photos m ON m.key = (p->>'key')::uuid) AS "photo_privacy?",
                CASE WHEN s.status = 'pending' THEN (
                    SELECT count(*) FROM rm.submissions q
                     WHERE q.status = 'pending' AND (q.created_at, q.id) <= (s.created_at, s.id)
                ) END AS "queue_position?"
              FROM rm.submissions s
              LEFT JOIN rm.artworks a ON a.id = s.artwork_id "#
                + $rest
            $(, $arg)*
        )
        .try_map(move |r| {
            Ok(SubmissionDto {
                submission_type: enum_value("kind", &r.kind, SubmissionKind::parse)?,
                status: enum_value("status", &r.status, SubmissionStatus::parse)?,
                artwork_type: optional_enum_value(
                    "artwork_type",
                    r.artwork_type,
                    ArtworkType::parse,
                )?,
                condition: optional_enum_value("condition", r.condition, Condition::parse)?,
                photos: viewer.photos(r.photos, r.photo_privacy),
                artists: serde_json::from_value(r.artist_names).unwrap_or_default(),
                submitter: viewer
                    .moderator
                    .then(|| Names::default().submitter(r.submitter)),
                id: r.id,
                title: r.title,
                description: r.description,
                notes: r.note,
                lat: r.lat,
                lon: r.lon,
                unprocessable_photos: r.unprocessable_photos,
                tags: r.tags,
                artwork_id: r.artwork_id,
                artwork_title: r.artwork_title,
                reason: r.reason,
                queue_position: r.queue_position,
                created_at: r.created_at,
                decided_at: r.decided_at,
            })
        })
    }};
}

/// How many submissions these identities sent.
pub async fn count_by(pool: &PgPool, submitters: &[ActorId]) -> Result<i64, sqlx::Error> {
    let submitters: Vec<Uuid> = submitters.iter().map(|a| a.0).collect();
    sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.submissions WHERE submitter = ANY($1)"#,
        &submitters
    )
    .fetch_one(pool)
    .await
}

/// A page of the submissions these identities sent, newest first.
pub async fn page_by(
    pool: &PgPool,
    viewer: Viewer<'_>,
    submitters: &[ActorId],
    limit: i64,
    offset: i64,
) -> Result<Vec<SubmissionDto>, sqlx::Error> {
    let submitters: Vec<Uuid> = submitters.iter().map(|a| a.0).collect();
    let dtos = select_submissions!(
        viewer,
        "WHERE s.submitter = ANY($1) ORDER BY s.created_at DESC, s.id DESC LIMIT $2 OFFSET $3",
        &submitters,
        limit,
        offset
    )
    .fetch_all(pool)
    .await?;
    named(pool, dtos).await
}

/// How many submissions have this status (and kind, when given).
pub async fn count_in_queue(
    pool: &PgPool,
    status: &str,
    kind: Option<&str>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.submissions
            WHERE status = $1 AND ($2::text IS NULL OR kind = $2)"#,
        status,
        kind
    )
    .fetch_one(pool)
    .await
}

/// A page of the review queue: submissions with this status (and kind), oldest first.
pub async fn queue_page(
    pool: &PgPool,
    viewer: Viewer<'_>,
    status: &str,
    kind: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<Vec<SubmissionDto>, sqlx::Error> {
    let dtos = select_submissions!(
        viewer,
        "WHERE s.status = $1 AND ($2::text IS NULL OR s.kind = $2)
          ORDER BY s.created_at, s.id LIMIT $3 OFFSET $4",
        status,
        kind,
        limit,
        offset
    )
    .fetch_all(pool)
    .await?;
    named(pool, dtos).await
}

/// One submission.
pub async fn by_id(
    pool: &PgPool,
    viewer: Viewer<'_>,
    id: Uuid,
) -> Result<Option<SubmissionDto>, sqlx::Error> {
    let found = select_submissions!(viewer, "WHERE s.id = $1", id)
        .fetch_optional(pool)
        .await?;
    Ok(named(pool, found.into_iter().collect()).await?.pop())
}

/// `dtos` with their submitters (shown to moderators only) named as they are now.
async fn named(
    pool: &PgPool,
    mut dtos: Vec<SubmissionDto>,
) -> Result<Vec<SubmissionDto>, sqlx::Error> {
    let people: Vec<Uuid> = dtos
        .iter()
        .filter_map(|d| Some(d.submitter.as_ref()?.id))
        .collect();
    let names = Names::of(pool, &people).await?;
    for submitter in dtos.iter_mut().filter_map(|d| d.submitter.as_mut()) {
        *submitter = names.submitter(submitter.id);
    }
    Ok(dtos)
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PendingByType {
    pub new_artwork: i64,
    pub logbook: i64,
}

// The review queue's counts.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ReviewStats {
    pub pending: i64,
    pub approved: i64,
    pub rejected: i64,
    pub withdrawn: i64,
    pub pending_by_type: PendingByType,
    pub oldest_pending_at: Option<DateTime<Utc>>,
    /// Approvals and rejections in the last 7 days.
    pub decided_last_7_days: i64,
}

/// Counts by status and kind, the oldest pending submission and recent decisions.
pub async fn stats(pool: &PgPool) -> Result<ReviewStats, sqlx::Error> {
    let q = sqlx::query!(
        r#"SELECT count(*) FILTER (WHERE status = 'pending') AS "pending!",
                count(*) FILTER (WHERE status = 'approved') AS "approved!",
                count(*) FILTER (WHERE status = 'rejected') AS "rejected!",
                count(*) FILTER (WHERE status = 'withdrawn') AS "withdrawn!",
                count(*) FILTER (WHERE status = 'pending' AND kind = 'new_artwork')
                    AS "pending_new_artwork!",
                count(*) FILTER (WHERE status = 'pending' AND kind = 'logbook')
                    AS "pending_logbook!",
                min(created_at) FILTER (WHERE status = 'pending') AS "oldest_pending_at?",
                count(*) FILTER (WHERE status IN ('approved', 'rejected')
                                   AND decided_at > now() - interval '7 days')
                    AS "decided_last_7_days!"
           FROM rm.submissions"#
    )
    .fetch_one(pool)
    .await?;
    Ok(ReviewStats {
        pending: q.pending,
        approved: q.approved,
        rejected: q.rejected,
        withdrawn: q.withdrawn,
        pending_by_type: PendingByType {
            new_artwork: q.pending_new_artwork,
            logbook: q.pending_logbook,
        },
        oldest_pending_at: q.oldest_pending_at,
        decided_last_7_days: q.decided_last_7_days,
    })
}

/// Who sent each of these submissions (of any kind, edits too).
pub async fn submitters(
    pool: &PgPool,
    ids: &[Uuid],
) -> Result<std::collections::HashMap<Uuid, Uuid>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT id AS "id!", submitter AS "submitter!" FROM rm.submissions WHERE id = ANY($1)
           UNION ALL
           SELECT id, submitter FROM rm.edits WHERE id = ANY($1)"#,
        ids
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.id, r.submitter)).collect())
}

/// How many submissions an anonymous identity sent that no account has claimed yet.
pub async fn unclaimed_count(pool: &PgPool, anonymous: Uuid) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.submissions s
            WHERE s.submitter = $1
              AND NOT EXISTS (SELECT 1 FROM auth.identity_claims c WHERE c.anonymous_id = $1)"#,
        anonymous
    )
    .fetch_one(pool)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn private_exif_comes_from_the_media_row_unless_erased() {
        let photos = json!([
            { "key": "a1", "width": 4, "height": 3, "exif": { "orientation": 1, "width": 4, "height": 3 } },
            { "key": "b2", "width": 4, "height": 3,
              "exif": { "latitude": 49.0, "longitude": -123.0, "make": "Old", "orientation": 6 } },
            { "key": "c3", "width": 4, "height": 3, "exif": { "orientation": 1 } }
        ]);
        let privacy = json!({
            "a1": { "exif": { "latitude": 1.5, "longitude": 2.5, "orientation": 1 }, "erased": false },
            "b2": { "exif": null, "erased": true }
        });
        let out = with_private_exif(photos.clone(), Some(&privacy));
        assert_eq!(
            out[0]["exif"],
            json!({ "latitude": 1.5, "longitude": 2.5, "orientation": 1 })
        );
        // Erased: an old event's copy in the read model loses its personal fields.
        assert_eq!(out[1]["exif"], json!({ "orientation": 6 }));
        // No media row: as the read model has it.
        assert_eq!(out[2], photos[2]);
        assert_eq!(with_private_exif(photos.clone(), None), photos);
    }
}

/// One of a caller's edit proposals (of an artwork, of an artist, or a new artist) with its
/// outcome.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MyEdit {
    pub id: Uuid,
    /// artwork_edit, artist_edit or new_artist.
    pub submission_type: SubmissionKind,
    pub status: SubmissionStatus,
    /// The artwork or artist it changes (the id a new artist gets once approved).
    pub subject_id: Uuid,
    /// The artwork's title or the artist's name now; a new artist's proposed name.
    pub subject_name: String,
    /// The fields it changes.
    pub fields: Vec<String>,
    /// The fields an approval applied.
    pub applied: Option<Vec<String>>,
    /// Why it was rejected.
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
}

/// The edits these identities proposed, newest first, and how many there are.
pub async fn edits_by(
    pool: &PgPool,
    submitters: &[ActorId],
    limit: i64,
    offset: i64,
) -> anyhow::Result<(Vec<MyEdit>, i64)> {
    let ids: Vec<Uuid> = submitters.iter().map(|a| a.0).collect();
    let total = sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.edits WHERE submitter = ANY($1)"#,
        &ids
    )
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query!(
        r#"SELECT e.id AS "id!", CASE WHEN e.subject_type = 'artwork' THEN 'artwork_edit'
                             WHEN e.new_artist THEN 'new_artist' ELSE 'artist_edit' END AS "kind!",
                  e.subject_id AS "subject_id!", coalesce(a.title, r.name) AS subject_name,
                  e.status AS "status!", e.edits AS "edits!", e.applied, e.reason,
                  e.created_at AS "created_at!", e.decided_at
             FROM rm.edits e
             LEFT JOIN rm.artworks a ON e.subject_type = 'artwork' AND a.id = e.subject_id
             LEFT JOIN rm.artists r ON e.subject_type = 'artist' AND r.id = e.subject_id
            WHERE e.submitter = ANY($1)
            ORDER BY e.created_at DESC, e.id DESC
            LIMIT $2 OFFSET $3"#,
        &ids,
        limit,
        offset
    )
    .fetch_all(pool)
    .await?;
    let edits = rows
        .into_iter()
        .map(|r| {
            let kind = platform::db::enum_value("kind", &r.kind, SubmissionKind::parse)?;
            let (fields, proposed_name) = match kind {
                SubmissionKind::ArtworkEdit => summary_of::<domain::FieldEdit>(r.edits)?,
                _ => summary_of::<domain::ArtistFieldEdit>(r.edits)?,
            };
            Ok(MyEdit {
                id: r.id,
                submission_type: kind,
                status: platform::db::enum_value("status", &r.status, SubmissionStatus::parse)?,
                subject_id: r.subject_id,
                subject_name: r.subject_name.or(proposed_name).unwrap_or_default(),
                fields,
                applied: r.applied.and_then(|a| serde_json::from_value(a).ok()),
                reason: r.reason,
                created_at: r.created_at,
                decided_at: r.decided_at,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok((edits, total))
}

/// How many of someone's submissions (of every kind) are in each state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, utoipa::ToSchema)]
pub struct StatusCounts {
    pub pending: i64,
    pub approved: i64,
    pub rejected: i64,
    pub withdrawn: i64,
}

/// What of someone's work was approved.
#[derive(Debug, Clone, Default, PartialEq, Serialize, utoipa::ToSchema)]
pub struct ApprovedCounts {
    /// Approved submissions of every kind.
    pub total: i64,
    /// New artworks added.
    pub artworks: i64,
    /// Photos in approved submissions.
    pub photos: i64,
    /// Visits logged.
    pub visits: i64,
    /// Corrections to artworks and artists.
    pub edits: i64,
}

/// Someone's submissions by state and their approved work, over all of `identities`.
pub async fn contributions(
    pool: &PgPool,
    identities: &[Uuid],
) -> Result<(StatusCounts, ApprovedCounts), sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT status AS "status!", kind AS "kind!", count(*) AS "n!",
                  coalesce(sum(photos), 0)::bigint AS "photos!"
             FROM (SELECT status, kind, jsonb_array_length(photos) AS photos
                     FROM rm.submissions WHERE submitter = ANY($1)
                   UNION ALL
                   SELECT status, 'edit', 0 FROM rm.edits WHERE submitter = ANY($1)) s
            GROUP BY status, kind"#,
        identities
    )
    .fetch_all(pool)
    .await?;
    let mut by_status = StatusCounts::default();
    let mut approved = ApprovedCounts::default();
    for r in rows {
        match r.status.as_str() {
            "pending" => by_status.pending += r.n,
            "approved" => by_status.approved += r.n,
            "rejected" => by_status.rejected += r.n,
            _ => by_status.withdrawn += r.n,
        }
        if r.status == "approved" {
            approved.total += r.n;
            approved.photos += r.photos;
            match r.kind.as_str() {
                "new_artwork" => approved.artworks += r.n,
                "logbook" => approved.visits += r.n,
                _ => approved.edits += r.n,
            }
        }
    }
    Ok((by_status, approved))
}

/// Every submission of every kind (edits and new artists too) over a window of days: what the
/// admin statistics show.
#[derive(Debug, Default)]
pub struct Activity {
    /// By status, all time.
    pub by_status: BTreeMap<String, i64>,
    /// By kind (new_artwork, logbook, artwork_edit, artist_edit, new_artist), all time.
    pub by_kind: BTreeMap<String, i64>,
    /// Approvals and rejections in the window.
    pub decisions: i64,
    /// The median time from sending to decision over the window's decisions, in hours.
    pub median_hours_to_decision: Option<f64>,
    /// Identities that sent anything in the window.
    pub active_contributors: i64,
    /// (day, sent, approved, rejected) for each day of the window, oldest first.
    pub per_day: Vec<(chrono::NaiveDate, i64, i64, i64)>,
}

/// Submissions of every kind over the last `days` days (today included). The two tables are
/// read as one (`kind, status, submitter, created_at, decided_at`).
pub async fn activity(pool: &PgPool, days: i32) -> Result<Activity, sqlx::Error> {
    let mut a = Activity::default();
    let totals = sqlx::query!(
        r#"WITH s AS (SELECT kind, status FROM rm.submissions
                      UNION ALL SELECT CASE WHEN subject_type = 'artwork' THEN 'artwork_edit'
                                            WHEN new_artist THEN 'new_artist'
                                            ELSE 'artist_edit' END,
                                       status FROM rm.edits)
           SELECT kind, status, count(*) AS "n!" FROM s GROUP BY GROUPING SETS ((kind), (status))"#
    )
    .fetch_all(pool)
    .await?;
    for r in totals {
        match (r.kind, r.status) {
            (Some(kind), None) => a.by_kind.insert(kind, r.n),
            (None, Some(status)) => a.by_status.insert(status, r.n),
            _ => None,
        };
    }
    let window = sqlx::query!(
        r#"WITH s AS (SELECT status, submitter, created_at, decided_at FROM rm.submissions
                      UNION ALL SELECT status, submitter, created_at, decided_at FROM rm.edits),
                since AS (SELECT (current_date - ($1::int - 1))::timestamptz AS t)
           SELECT count(*) FILTER (WHERE decided_at >= since.t AND status IN ('approved', 'rejected'))
                      AS "decisions!",
                  (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - created_at))
                      FILTER (WHERE decided_at >= since.t AND status IN ('approved', 'rejected'))
                      / 3600)::float8 AS median_hours,
                  count(DISTINCT submitter) FILTER (WHERE created_at >= since.t) AS "active!"
             FROM s, since
            GROUP BY since.t"#,
        days
    )
    .fetch_optional(pool)
    .await?;
    if let Some(w) = window {
        a.decisions = w.decisions;
        a.median_hours_to_decision = w.median_hours;
        a.active_contributors = w.active;
    }
    let days_rows = sqlx::query!(
        r#"WITH s AS (SELECT status, created_at, decided_at FROM rm.submissions
                      UNION ALL SELECT status, created_at, decided_at FROM rm.edits),
                e AS (SELECT created_at::date AS day, 1 AS sent, 0 AS approved, 0 AS rejected FROM s
                      UNION ALL
                      SELECT decided_at::date, 0, (status = 'approved')::int, (status = 'rejected')::int
                        FROM s WHERE decided_at IS NOT NULL AND status IN ('approved', 'rejected')),
                d AS (SELECT generate_series(current_date - ($1::int - 1), current_date,
                                             interval '1 day')::date AS day)
           SELECT d.day AS "day!", coalesce(sum(e.sent), 0)::bigint AS "sent!",
                  coalesce(sum(e.approved), 0)::bigint AS "approved!",
                  coalesce(sum(e.rejected), 0)::bigint AS "rejected!"
             FROM d LEFT JOIN e ON e.day = d.day
            GROUP BY d.day ORDER BY d.day"#,
        days
    )
    .fetch_all(pool)
    .await?;
    a.per_day = days_rows
        .into_iter()
        .map(|r| (r.day, r.sent, r.approved, r.rejected))
        .collect();
    Ok(a)
}
