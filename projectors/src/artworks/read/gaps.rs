//! What an approved artwork still lacks, for the "Help nearby" tasks: no photo or only old ones,
//! no credited artist, no type (`other`), no year, an open report that it is missing. A gap that
//! a pending contribution already answers (a logbook visit with photos, an edit changing that
//! field, a second report that it is missing) is not offered to others meanwhile.

use chrono::{DateTime, Utc};
pub use domain::Gap;
use sqlx::PgPool;
use uuid::Uuid;

/// An approved artwork's open gaps (none left out: those pending are not listed).
#[derive(Debug, Clone, PartialEq)]
pub struct Gaps {
    pub id: Uuid,
    pub title: String,
    pub gaps: Vec<Gap>,
}

/// The open gaps of the approved artworks among `ids` (in no order; artworks with none are left
/// out).
/// A photo is old when its newest came before `old_before`.
pub async fn gaps_of(
    pool: &PgPool,
    ids: &[Uuid],
    old_before: DateTime<Utc>,
) -> Result<Vec<Gaps>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"WITH pending_edits AS (
               SELECT e.subject_id, jsonb_agg(e.edits) AS edits
                 FROM rm.edits e
                WHERE e.subject_type = 'artwork' AND e.status = 'pending'
                  AND e.subject_id = ANY($1)
                GROUP BY e.subject_id)
           SELECT a.id, a.title,
                  -- Open reports that it is missing: one asks, two wait for a moderator.
                  coalesce(m.reports = 1 AND NOT v.pending, false) AS "missing!",
                  jsonb_array_length(a.photos) = 0 AND NOT v.pending AS "photo!",
                  jsonb_array_length(a.photos) > 0 AND NOT v.pending
                      AND coalesce(a.photos_at, a.created_at) < $2 AS "old_photo!",
                  cardinality(a.artist_ids) = 0
                      AND NOT coalesce(p.edits @? '$[*][*] ? (@.field == "artists")', false)
                      AS "artist!",
                  a.artwork_type = 'other'
                      AND NOT coalesce(p.edits @? '$[*][*] ? (@.field == "artwork_type")', false)
                      AS "artwork_type!",
                  NOT (a.tags ? 'year')
                      AND NOT coalesce(
                          p.edits @? '$[*][*] ? (@.field == "tag" && @.key == "year")', false)
                      AS "year!"
             FROM rm.artworks a
             LEFT JOIN pending_edits p ON p.subject_id = a.id
             CROSS JOIN LATERAL (SELECT EXISTS (
                 SELECT 1 FROM rm.submissions s
                  WHERE s.artwork_id = a.id AND s.kind = 'logbook'
                    AND s.status = 'pending' AND jsonb_array_length(s.photos) > 0) AS pending) v
             LEFT JOIN LATERAL (SELECT count(*) AS reports FROM rm.feedback f
                  WHERE f.subject_type = 'artwork' AND f.subject_id = a.id
                    AND f.issue_type = 'missing' AND f.status = 'open') m ON true
            WHERE a.id = ANY($1) AND a.status = 'approved'"#,
        ids,
        old_before
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let open = [
                r.missing,
                r.photo,
                r.old_photo,
                r.artist,
                r.artwork_type,
                r.year,
            ];
            let gaps: Vec<Gap> = Gap::ALL
                .into_iter()
                .zip(open)
                .filter_map(|(g, open)| open.then_some(g))
                .collect();
            (!gaps.is_empty()).then_some(Gaps {
                id: r.id,
                title: r.title,
                gaps,
            })
        })
        .collect())
}
