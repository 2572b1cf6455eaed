//! A person's logbook (their visits, newest first) and a list's stops for its walking tour.

use crate::accounts::read::{Names, Submitter};
use chrono::{DateTime, Utc};
use domain::Condition;
use media::images::PhotoDto;
use platform::db::optional_enum_value;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

/// One approved visit in an artwork's logbook.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LogbookEntryDto {
    pub id: Uuid,
    pub note: Option<String>,
    pub condition: Option<Condition>,
    pub photos: Vec<PhotoDto>,
    pub visited_at: DateTime<Utc>,
    pub visitor: Submitter,
}

/// The newest `limit` entries of an artwork's logbook, with those of duplicates merged into it;
/// photos hidden (on the artwork or on the duplicate the visit came from) are left out.
pub async fn logbook(
    pool: &PgPool,
    artwork: Uuid,
    limit: i64,
) -> Result<Vec<LogbookEntryDto>, sqlx::Error> {
    let entries = sqlx::query!(
        r#"SELECT v.submission_id, v.note, v.condition, v.visited_at, v.visitor,
                  coalesce((SELECT jsonb_agg(p ORDER BY n)
                              FROM jsonb_array_elements(v.photos) WITH ORDINALITY AS x(p, n)
                             WHERE NOT EXISTS (
                                   SELECT 1 FROM rm.artworks h
                                    WHERE h.id IN (v.artwork_id, $1)
                                      AND h.hidden_photos @> jsonb_build_array(
                                              jsonb_build_object('key', p -> 'key')))),
                           '[]') AS "photos!"
             FROM rm.artwork_visits v
            WHERE v.artwork_id = $1
               OR v.artwork_id IN (SELECT m.id FROM rm.artworks m WHERE m.merged_into = $1)
            ORDER BY v.visited_at DESC, v.submission_id DESC LIMIT $2"#,
        artwork,
        limit
    )
    .try_map(|r| {
        Ok(LogbookEntryDto {
            id: r.submission_id,
            note: r.note,
            condition: optional_enum_value("condition", r.condition, Condition::parse)?,
            photos: PhotoDto::list(&r.photos, false),
            visited_at: r.visited_at,
            visitor: Names::default().submitter(r.visitor),
        })
    })
    .fetch_all(pool)
    .await?;
    let visitors: Vec<Uuid> = entries.iter().map(|e| e.visitor.id).collect();
    let names = Names::of(pool, &visitors).await?;
    Ok(entries
        .into_iter()
        .map(|e| LogbookEntryDto {
            visitor: names.submitter(e.visitor.id),
            ..e
        })
        .collect())
}

/// A walking tour's stop: where an artwork stands and what it is called.
#[derive(Debug, Clone, PartialEq)]
pub struct TourStop {
    pub id: Uuid,
    pub title: String,
    pub lat: f64,
    pub lon: f64,
}

/// These artworks as tour stops, whatever their status, in no particular order: a full list's
/// tour reads 1,000 of them, so only the four columns a stop needs (by primary key, as
/// [`by_ids`]).
pub async fn tour_stops(pool: &PgPool, ids: &[Uuid]) -> Result<Vec<TourStop>, sqlx::Error> {
    let rows: Vec<(Uuid, String, f64, f64)> =
        sqlx::query_as("SELECT id, title, lat, lon FROM rm.artworks WHERE id = ANY($1)")
            .bind(ids)
            .fetch_all(pool)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(id, title, lat, lon)| TourStop {
            id,
            title,
            lat,
            lon,
        })
        .collect())
}
