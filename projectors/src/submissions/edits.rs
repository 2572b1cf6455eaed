//! Reading edit proposals (the `artwork_edits` table): a proposer's own pending edits, the
//! moderators' queue, and one edit field by field with the value the proposer saw, the proposed
//! one and the artwork's value now, so a stale change shows as stale.

use chrono::{DateTime, Utc};
use domain::{ActorId, FieldEdit, SubmissionStatus};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use crate::accounts::read::{profile_names, Submitter};

/// One field's change as the API shows it (SPEC §7's `edits` items).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FieldEditDto {
    /// title, description, artwork_type, location, artists or tag:<key>.
    pub field_name: String,
    /// The value the proposer saw (`null` when unset).
    #[schema(value_type = serde_json::Value)]
    pub field_value_old: Value,
    /// The proposed value (`null` clears the field).
    #[schema(value_type = serde_json::Value)]
    pub field_value_new: Value,
}

impl From<&FieldEdit> for FieldEditDto {
    fn from(e: &FieldEdit) -> Self {
        let (field_value_old, field_value_new) = e.values();
        Self {
            field_name: e.field_name(),
            field_value_old,
            field_value_new,
        }
    }
}

impl From<&domain::ArtistFieldEdit> for FieldEditDto {
    fn from(e: &domain::ArtistFieldEdit) -> Self {
        let (field_value_old, field_value_new) = e.values();
        Self {
            field_name: e.field_name().to_owned(),
            field_value_old,
            field_value_new,
        }
    }
}

/// A caller's own edit proposal waiting for review.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PendingEdit {
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    pub note: Option<String>,
    pub edits: Vec<FieldEditDto>,
}

/// An edit in the moderators' queue.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EditSummary {
    pub id: Uuid,
    pub artwork_id: Uuid,
    pub artwork_title: String,
    pub submitter: Submitter,
    pub created_at: DateTime<Utc>,
    /// The fields it changes.
    pub fields: Vec<String>,
    /// Some field changed since the edit was proposed.
    pub stale: bool,
}

/// One field of an edit under review.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EditFieldDiff {
    pub field_name: String,
    /// What the proposer saw.
    #[schema(value_type = serde_json::Value)]
    pub before: Value,
    /// The proposed value (`null` clears the field).
    #[schema(value_type = serde_json::Value)]
    pub proposed: Value,
    /// The artwork's value now.
    #[schema(value_type = serde_json::Value)]
    pub current: Value,
    /// `current` is no longer `before`: someone changed the field since.
    pub stale: bool,
}

/// An edit proposal with its review.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EditDetail {
    pub id: Uuid,
    pub artwork_id: Uuid,
    pub artwork_title: String,
    pub status: SubmissionStatus,
    pub submitter: Submitter,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    /// Why it was rejected.
    pub reason: Option<String>,
    /// The fields an approval applied.
    pub applied: Option<Vec<String>>,
    pub fields: Vec<EditFieldDiff>,
}

/// An artwork's fields now, as edit values.
struct Current {
    title: String,
    values: Vec<(String, Value)>,
}

impl Current {
    fn of(&self, field: &str) -> Value {
        self.values
            .iter()
            .find(|(f, _)| f == field)
            .map_or(Value::Null, |(_, v)| v.clone())
    }
}

/// The artworks' fields now, as [`FieldEdit::values`] would give them.
async fn current(pool: &PgPool, ids: &[Uuid]) -> Result<Vec<(Uuid, Current)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT id, title, description, artwork_type, lat, lon, tags, artist_ids, main_photo,
                  ARRAY(SELECT h ->> 'key' FROM jsonb_array_elements(hidden_photos) h
                         ORDER BY 1) AS "hidden_photos!"
             FROM rm.artworks WHERE id = ANY($1)"#,
        ids
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let mut values = vec![
                ("title".to_owned(), Value::String(r.title.clone())),
                (
                    "description".to_owned(),
                    r.description.map_or(Value::Null, Value::String),
                ),
                ("artwork_type".to_owned(), Value::String(r.artwork_type)),
                (
                    "location".to_owned(),
                    serde_json::json!({ "lat": r.lat, "lon": r.lon }),
                ),
                ("artists".to_owned(), serde_json::json!(r.artist_ids)),
                (
                    "main_photo".to_owned(),
                    r.main_photo.map_or(Value::Null, Value::String),
                ),
                (
                    "hidden_photos".to_owned(),
                    serde_json::json!(r.hidden_photos),
                ),
            ];
            if let Value::Object(tags) = r.tags {
                values.extend(
                    tags.into_iter()
                        .map(|(k, v)| (format!("{}{k}", domain::edit::TAG_PREFIX), v)),
                );
            }
            (
                r.id,
                Current {
                    title: r.title,
                    values,
                },
            )
        })
        .collect())
}

fn changes(edits: Value) -> Vec<FieldEdit> {
    serde_json::from_value(edits).unwrap_or_default()
}

/// The pending edits of `artwork_id` these identities proposed, newest first.
pub async fn pending_of(
    pool: &PgPool,
    artwork_id: Uuid,
    submitters: &[ActorId],
) -> Result<Vec<PendingEdit>, sqlx::Error> {
    let submitters: Vec<Uuid> = submitters.iter().map(|a| a.0).collect();
    let rows = sqlx::query!(
        "SELECT id, created_at, note, edits FROM rm.artwork_edits
          WHERE artwork_id = $1 AND submitter = ANY($2) AND status = 'pending'
          ORDER BY created_at DESC, id DESC",
        artwork_id,
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

/// A page of pending edits, oldest first, and how many are pending.
pub async fn queue(
    pool: &PgPool,
    limit: i64,
    offset: i64,
) -> Result<(Vec<EditSummary>, i64), sqlx::Error> {
    let total = sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.artwork_edits WHERE status = 'pending'"#
    )
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query!(
        "SELECT id, artwork_id, submitter, created_at, edits FROM rm.artwork_edits
          WHERE status = 'pending' ORDER BY created_at, id LIMIT $1 OFFSET $2",
        limit,
        offset
    )
    .fetch_all(pool)
    .await?;
    let artworks: Vec<Uuid> = rows.iter().map(|r| r.artwork_id).collect();
    let now = current(pool, &artworks).await?;
    let people: Vec<Uuid> = rows.iter().map(|r| r.submitter).collect();
    let names = profile_names(pool, &people).await?;
    let page = rows
        .into_iter()
        .map(|r| {
            let edits = changes(r.edits);
            let artwork = now.iter().find(|(id, _)| *id == r.artwork_id).map(|n| &n.1);
            EditSummary {
                id: r.id,
                artwork_id: r.artwork_id,
                artwork_title: artwork.map(|a| a.title.clone()).unwrap_or_default(),
                submitter: Submitter::new(r.submitter, names.get(&r.submitter).cloned()),
                created_at: r.created_at,
                stale: artwork
                    .is_some_and(|a| edits.iter().any(|e| a.of(&e.field_name()) != e.values().0)),
                fields: edits.iter().map(FieldEdit::field_name).collect(),
            }
        })
        .collect();
    Ok((page, total))
}

/// One edit proposal, field by field against the artwork now.
pub async fn detail(pool: &PgPool, id: Uuid) -> anyhow::Result<Option<EditDetail>> {
    let Some(r) = sqlx::query!(
        "SELECT id, artwork_id, submitter, status, edits, note, applied, reason, created_at,
                decided_at
           FROM rm.artwork_edits WHERE id = $1",
        id
    )
    .fetch_optional(pool)
    .await?
    else {
        return Ok(None);
    };
    let now = current(pool, &[r.artwork_id]).await?;
    let artwork = now.first().map(|n| &n.1);
    let names = profile_names(pool, &[r.submitter]).await?;
    Ok(Some(EditDetail {
        id: r.id,
        artwork_id: r.artwork_id,
        artwork_title: artwork.map(|a| a.title.clone()).unwrap_or_default(),
        status: platform::db::enum_value("status", &r.status, SubmissionStatus::parse)?,
        submitter: Submitter::new(r.submitter, names.get(&r.submitter).cloned()),
        note: r.note,
        created_at: r.created_at,
        decided_at: r.decided_at,
        reason: r.reason,
        applied: r.applied.and_then(|a| serde_json::from_value(a).ok()),
        fields: changes(r.edits)
            .iter()
            .map(|e| {
                let (before, proposed) = e.values();
                let current = artwork.map_or(Value::Null, |a| a.of(&e.field_name()));
                EditFieldDiff {
                    field_name: e.field_name(),
                    stale: current != before,
                    before,
                    proposed,
                    current,
                }
            })
            .collect(),
    }))
}
