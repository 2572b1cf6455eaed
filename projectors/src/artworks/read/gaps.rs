//! What an approved artwork still lacks, for the "Help nearby" tasks: no photo, no credited
//! artist, no type (`other`), no year. A gap that a pending contribution already answers (a
//! logbook visit with photos, an edit changing that field) is not offered to others meanwhile.

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
pub async fn gaps_of(pool: &PgPool, ids: &[Uuid]) -> Result<Vec<Gaps>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"WITH pending_edits AS (
               SELECT e.subject_id, jsonb_agg(e.edits) AS edits
                 FROM rm.edits e
                WHERE e.subject_type = 'artwork' AND e.status = 'pending'
                  AND e.subject_id = ANY($1)
                GROUP BY e.subject_id)
           SELECT a.id, a.title,
                  jsonb_array_length(a.photos) = 0
                      AND NOT EXISTS (
                          SELECT 1 FROM rm.submissions s
                           WHERE s.artwork_id = a.id AND s.kind = 'logbook'
                             AND s.status = 'pending' AND jsonb_array_length(s.photos) > 0)
                      AS "photo!",
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
            WHERE a.id = ANY($1) AND a.status = 'approved'"#,
        ids
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let open = [r.photo, r.artist, r.artwork_type, r.year];
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
