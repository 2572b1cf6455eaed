//! Reading artist edits and new artists' proposals (the `artist_edits` table), as
//! [`super::edits`] reads artwork edits: a proposer's own pending edits, the moderators' queue,
//! and one edit field by field against the artist now.

use chrono::{DateTime, Utc};
use domain::{ActorId, ArtistFieldEdit, SubmissionStatus};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashMap;
use uuid::Uuid;

use super::edits::{EditFieldDiff, FieldEditDto, PendingEdit};
use crate::accounts::read::{profile_names, Submitter};
use crate::artists::ArtistFields;

/// An artist edit in the moderators' queue.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ArtistEditSummary {
    pub id: Uuid,
    pub artist_id: Uuid,
    /// The artist's name now; for a new artist, the proposed name.
    pub artist_name: String,
    /// A proposal of an artist the registry does not have yet.
    pub new_artist: bool,
    pub submitter: Submitter,
    pub created_at: DateTime<Utc>,
    /// The fields it changes.
    pub fields: Vec<String>,
    /// Some field changed since the edit was proposed.
    pub stale: bool,
}

/// An artist edit with its review.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ArtistEditDetail {
    pub id: Uuid,
    pub artist_id: Uuid,
    /// The artist's name now; for a new artist not yet created, the proposed name.
    pub artist_name: String,
    pub new_artist: bool,
    pub status: SubmissionStatus,
    pub submitter: Submitter,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    /// Why it was rejected.
    pub reason: Option<String>,
    /// The fields an approval applied.
    pub applied: Option<Vec<String>>,
    /// Before (what the proposer saw), proposed, and the artist's value now (all `null` for an
    /// artist not created yet).
    pub fields: Vec<EditFieldDiff>,
}

fn changes(edits: Value) -> Vec<ArtistFieldEdit> {
    serde_json::from_value(edits).unwrap_or_default()
}

/// The artists' fields now, by id (artists not recorded yet are left out).
async fn current(pool: &PgPool, ids: &[Uuid]) -> Result<HashMap<Uuid, ArtistFields>, sqlx::Error> {
    let rows = sqlx::query!(
        "SELECT id, name, aliases, biography, website, country, birth_year, death_year
           FROM rm.artists WHERE id = ANY($1)",
        ids
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let fields = ArtistFields {
                name: r.name,
                aliases: serde_json::from_value(r.aliases).unwrap_or_default(),
                biography: r.biography,
                website: r.website,
                country: r.country,
                birth_year: r.birth_year,
                death_year: r.death_year,
            };
            (r.id, fields)
        })
        .collect())
}

/// A field's value now: `null` for an artist not recorded yet.
fn value_now(artist: Option<&ArtistFields>, field: &str) -> Value {
    artist
        .and_then(|a| a.values().into_iter().find(|(f, _)| *f == field))
        .map_or(Value::Null, |(_, v)| v)
}

/// Whether the artist's value of the field is no longer the one the proposer saw; a new
/// artist's proposal is never stale against an artist not recorded yet.
fn is_stale(artist: Option<&ArtistFields>, e: &ArtistFieldEdit) -> bool {
    artist.is_some() && value_now(artist, e.field_name()) != e.values().0
}

/// The name to show for an edit: the artist's now, else the proposed one.
fn name_of(artist: Option<&ArtistFields>, edits: &[ArtistFieldEdit]) -> String {
    artist.map(|a| a.name.clone()).unwrap_or_else(|| {
        edits
            .iter()
            .find_map(|e| match e {
                ArtistFieldEdit::Name { new, .. } => Some(new.as_str().to_owned()),
                _ => None,
            })
            .unwrap_or_default()
    })
}

/// The pending edits of `artist_id` these identities proposed, newest first.
pub async fn pending_of(
    pool: &PgPool,
    artist_id: Uuid,
    submitters: &[ActorId],
) -> Result<Vec<PendingEdit>, sqlx::Error> {
    let submitters: Vec<Uuid> = submitters.iter().map(|a| a.0).collect();
    let rows = sqlx::query!(
        "SELECT id, created_at, note, edits FROM rm.artist_edits
          WHERE artist_id = $1 AND submitter = ANY($2) AND status = 'pending'
          ORDER BY created_at DESC, id DESC",
        artist_id,
        &submitters
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| PendingEdit {
            id: r.id,
            created_at: r.created_at,
            note: r.note,
            edits: changes(r.edits).iter().map(FieldEditDto::from).collect(),
        })
        .collect())
}

/// A page of pending artist edits, oldest first, and how many are pending.
pub async fn queue(
    pool: &PgPool,
    limit: i64,
    offset: i64,
) -> Result<(Vec<ArtistEditSummary>, i64), sqlx::Error> {
    let total = sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.artist_edits WHERE status = 'pending'"#
    )
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query!(
        "SELECT id, artist_id, new_artist, submitter, created_at, edits FROM rm.artist_edits
          WHERE status = 'pending' ORDER BY created_at, id LIMIT $1 OFFSET $2",
        limit,
        offset
    )
    .fetch_all(pool)
    .await?;
    let artists: Vec<Uuid> = rows.iter().map(|r| r.artist_id).collect();
    let now = current(pool, &artists).await?;
    let people: Vec<Uuid> = rows.iter().map(|r| r.submitter).collect();
    let names = profile_names(pool, &people).await?;
    let page = rows
        .into_iter()
        .map(|r| {
            let edits = changes(r.edits);
            let artist = now.get(&r.artist_id);
            ArtistEditSummary {
                id: r.id,
                artist_id: r.artist_id,
                artist_name: name_of(artist, &edits),
                new_artist: r.new_artist,
                submitter: Submitter::new(r.submitter, names.get(&r.submitter).cloned()),
                created_at: r.created_at,
                stale: edits.iter().any(|e| is_stale(artist, e)),
                fields: edits.iter().map(|e| e.field_name().to_owned()).collect(),
            }
        })
        .collect();
    Ok((page, total))
}

/// One artist edit, field by field against the artist now.
pub async fn detail(pool: &PgPool, id: Uuid) -> anyhow::Result<Option<ArtistEditDetail>> {
    let Some(r) = sqlx::query!(
        "SELECT id, artist_id, new_artist, submitter, status, edits, note, applied, reason,
                created_at, decided_at
           FROM rm.artist_edits WHERE id = $1",
        id
    )
    .fetch_optional(pool)
    .await?
    else {
        return Ok(None);
    };
    let now = current(pool, &[r.artist_id]).await?;
    let artist = now.get(&r.artist_id);
    let names = profile_names(pool, &[r.submitter]).await?;
    let edits = changes(r.edits);
    Ok(Some(ArtistEditDetail {
        id: r.id,
        artist_id: r.artist_id,
        artist_name: name_of(artist, &edits),
        new_artist: r.new_artist,
        status: platform::db::enum_value("status", &r.status, SubmissionStatus::parse)?,
        submitter: Submitter::new(r.submitter, names.get(&r.submitter).cloned()),
        note: r.note,
        created_at: r.created_at,
        decided_at: r.decided_at,
        reason: r.reason,
        applied: r.applied.and_then(|a| serde_json::from_value(a).ok()),
        fields: edits
            .iter()
            .map(|e| {
                let (before, proposed) = e.values();
                EditFieldDiff {
                    field_name: e.field_name().to_owned(),
                    stale: is_stale(artist, e),
                    current: value_now(artist, e.field_name()),
                    before,
                    proposed,
                }
            })
            .collect(),
    }))
}
