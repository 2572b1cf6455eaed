//! Reading edit proposals (the `edits` table), of artworks and artists alike: a proposer's own
//! pending edits of a subject, the moderators' queue of one subject's edits, and one edit field
//! by field with the value the proposer saw, the proposed one and the subject's value now, so a
//! stale change shows as stale. What differs between the subjects is only how their values now
//! are read ([`Subject::now`]); the answers keep each subject's own field names
//! (`artwork_id`/`artwork_title`, `artist_id`/`artist_name`).
//! Each subject's answers are in `answers`.

use crate::accounts::read::{Names, Submitter};
use chrono::{DateTime, Utc};
use domain::{ActorId, ArtistFieldEdit, FieldChange, FieldEdit, SubmissionStatus};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashMap;
use uuid::Uuid;

/// One field's change as the API shows it (SPEC §7's `edits` items).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FieldEditDto {
    /// An artwork's title, description, artwork_type, location, artists or tag:<key>; an
    /// artist's name, aliases, biography, website, country, birth_year or death_year.
    pub field_name: String,
    /// The value the proposer saw (`null` when unset).
    #[schema(value_type = serde_json::Value)]
    pub field_value_old: Value,
    /// The proposed value (`null` clears the field).
    #[schema(value_type = serde_json::Value)]
    pub field_value_new: Value,
}

impl FieldEditDto {
    pub fn of(change: &impl FieldChange) -> Self {
        let (field_value_old, field_value_new) = change.values();
        Self {
            field_name: change.field_name(),
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
    /// The subject's value now (`null` for an artist not created yet).
    #[schema(value_type = serde_json::Value)]
    pub current: Value,
    /// `current` is no longer `before`: someone changed the field since.
    pub stale: bool,
}

/// Declares an edit's answer of one kind, `queued` (in the moderators' queue) or `reviewed`
/// (with its review): `id`, the subject's id and name (and whether it is a new artist) under the
/// names given, then what every answer of that kind has (a `reviewed` one's `fields` with the
/// doc after the braces). With `from`, it is also filled from the subject-neutral [`Queued`] or
/// [`Reviewed`], so each subject's answers keep their own field names and share the rest.
macro_rules! edit_answer {
    (queued $(#[$m:meta])* $name:ident $(from $src:ident)? {$($subject:tt)*}) => {
        edit_answer!(@declare $(#[$m])* $name $(from $src)? {$($subject)*} [
            submitter: Submitter,
            created_at: DateTime<Utc>,
            /// The fields it changes.
            fields: Vec<String>,
            /// Some field changed since the edit was proposed.
            stale: bool,
        ]);
    };
    (reviewed $(#[$m:meta])* $name:ident $(from $src:ident)? {$($subject:tt)*} $(#[$fm:meta])*) => {
        edit_answer!(@declare $(#[$m])* $name $(from $src)? {$($subject)*} [
            status: SubmissionStatus,
            submitter: Submitter,
            note: Option<String>,
            created_at: DateTime<Utc>,
            decided_at: Option<DateTime<Utc>>,
            /// Why it was rejected.
            reason: Option<String>,
            /// The fields an approval applied.
            applied: Option<Vec<String>>,
            $(#[$fm])*
            fields: Vec<EditFieldDiff>,
        ]);
    };
    (@declare $(#[$m:meta])* $name:ident from $src:ident $subject:tt $common:tt) => {
        edit_answer!(@declare $(#[$m])* $name $subject $common);
        edit_answer!(@from $src => $name $subject $common);
    };
    (
        @declare $(#[$m:meta])* $name:ident {
            $(#[$idm:meta])* $id:ident,
            $(#[$nm:meta])* $subject_name:ident
            $(, $(#[$newm:meta])* $new:ident)? $(,)?
        }
        [$($(#[$cm:meta])* $c:ident: $ct:ty,)+]
    ) => {
        $(#[$m])*
        pub struct $name {
            pub id: Uuid,
            $(#[$idm])* pub $id: Uuid,
            $(#[$nm])* pub $subject_name: String,
            $($(#[$newm])* pub $new: bool,)?
            $($(#[$cm])* pub $c: $ct,)+
        }
    };
    (
        @from $src:ident => $name:ident {
            $(#[$_idm:meta])* $id:ident,
            $(#[$_nm:meta])* $subject_name:ident
            $(, $(#[$_newm:meta])* $new:ident)? $(,)?
        }
        [$($(#[$_cm:meta])* $c:ident: $_ct:ty,)+]
    ) => {
        impl From<$src> for $name {
            fn from(s: $src) -> Self {
                Self {
                    id: s.id,
                    $id: s.subject_id,
                    $subject_name: s.subject_name,
                    $($new: s.new_artist,)?
                    $($c: s.$c,)+
                }
            }
        }
    };
}

mod answers;

pub use answers::{ArtistEditDetail, ArtistEditSummary, EditDetail, EditSummary};

edit_answer! {
    queued
    /// An edit in the moderators' queue, of either subject.
    #[derive(Debug)]
    Queued {
        subject_id,
        /// The subject's name now; where it is not recorded (a new artist), the proposed one.
        subject_name,
        new_artist,
    }
}

edit_answer! {
    reviewed
    /// An edit with its review, of either subject.
    #[derive(Debug)]
    Reviewed {
        subject_id,
        subject_name,
        new_artist,
    }
}

/// A subject's fields now, as its changes' values give them.
pub struct Now {
    name: String,
    values: HashMap<String, Value>,
}

impl Now {
    /// The subject named `name`, its fields' values by the changes' field names.
    fn new<'a>(name: String, values: impl IntoIterator<Item = (&'a str, Value)>) -> Self {
        let values = values.into_iter().map(|(f, v)| (f.to_owned(), v)).collect();
        Self { name, values }
    }

    fn of(&self, field: &str) -> Value {
        self.values.get(field).cloned().unwrap_or(Value::Null)
    }
}

/// What edits change, as the read models hold it now.
pub trait Subject: FieldChange {
    /// The subjects' fields now, by id (those not recorded are left out).
    fn now(
        pool: &PgPool,
        ids: &[Uuid],
    ) -> impl std::future::Future<Output = Result<HashMap<Uuid, Now>, sqlx::Error>> + Send;
}

impl Subject for FieldEdit {
    async fn now(pool: &PgPool, ids: &[Uuid]) -> Result<HashMap<Uuid, Now>, sqlx::Error> {
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
                let text = |v: Option<String>| v.map_or(Value::Null, Value::String);
                let fields = [
                    ("title", Value::String(r.title.clone())),
                    ("description", text(r.description)),
                    ("artwork_type", Value::String(r.artwork_type)),
                    (
                        "location",
                        serde_json::json!({ "lat": r.lat, "lon": r.lon }),
                    ),
                    ("artists", serde_json::json!(r.artist_ids)),
                    ("main_photo", text(r.main_photo)),
                    ("hidden_photos", serde_json::json!(r.hidden_photos)),
                ];
                let mut now = Now::new(r.title, fields);
                if let Value::Object(tags) = r.tags {
                    now.values.extend(
                        tags.into_iter()
                            .map(|(k, v)| (format!("{}{k}", domain::edit::TAG_PREFIX), v)),
                    );
                }
                (r.id, now)
            })
            .collect())
    }
}

impl Subject for ArtistFieldEdit {
    async fn now(pool: &PgPool, ids: &[Uuid]) -> Result<HashMap<Uuid, Now>, sqlx::Error> {
        let artists = crate::artists::read::fields_of(pool, ids).await?;
        Ok(artists
            .into_iter()
            .map(|(id, fields)| (id, Now::new(fields.name.clone(), fields.values())))
            .collect())
    }
}

fn changes<C: FieldChange>(edits: Value) -> Vec<C> {
    serde_json::from_value(edits).unwrap_or_default()
}

/// The fields recorded changes name, in their order, and the name they propose for their
/// subject (its title or name changed, or a new artist's).
pub fn summary_of<C: FieldChange>(
    edits: Value,
) -> Result<(Vec<String>, Option<String>), serde_json::Error> {
    let changes: Vec<C> = serde_json::from_value(edits)?;
    let fields = changes.iter().map(FieldChange::field_name).collect();
    Ok((fields, proposed_name(&changes)))
}

fn proposed_name<C: FieldChange>(changes: &[C]) -> Option<String> {
    changes
        .iter()
        .find(|c| c.field_name() == C::NAME_FIELD)
        .and_then(|c| c.values().1.as_str().map(str::to_owned))
}

/// Whether the subject's value of the field is no longer the one the proposer saw; a new
/// artist's proposal is never stale against an artist not recorded yet.
fn is_stale(now: Option<&Now>, change: &impl FieldChange) -> bool {
    now.is_some_and(|n| n.of(&change.field_name()) != change.values().0)
}

/// The name to show for an edit: the subject's now, else the proposed one.
fn name_of<C: FieldChange>(now: Option<&Now>, changes: &[C]) -> String {
    match now {
        Some(n) => n.name.clone(),
        None => proposed_name(changes).unwrap_or_default(),
    }
}

/// The pending edits of subject `id` these identities proposed, newest first.
pub async fn pending_of<C: Subject>(
    pool: &PgPool,
    id: Uuid,
    submitters: &[ActorId],
) -> Result<Vec<PendingEdit>, sqlx::Error> {
    let submitters: Vec<Uuid> = submitters.iter().map(|a| a.0).collect();
    let rows = sqlx::query!(
        "SELECT id, created_at, note, edits FROM rm.edits
          WHERE subject_type = $1 AND subject_id = $2 AND submitter = ANY($3)
            AND status = 'pending'
          ORDER BY created_at DESC, id DESC",
        C::SUBJECT.as_str(),
        id,
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
            edits: changes::<C>(r.edits).iter().map(FieldEditDto::of).collect(),
        })
        .collect())
}

/// A page of one subject's pending edits, oldest first, and how many are pending.
pub async fn queue<C: Subject>(
    pool: &PgPool,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Queued>, i64), sqlx::Error> {
    let subject = C::SUBJECT.as_str();
    let total = sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.edits
            WHERE subject_type = $1 AND status = 'pending'"#,
        subject
    )
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query!(
        "SELECT id, subject_id, new_artist, submitter, created_at, edits FROM rm.edits
          WHERE subject_type = $1 AND status = 'pending'
          ORDER BY created_at, id LIMIT $2 OFFSET $3",
        subject,
        limit,
        offset
    )
    .fetch_all(pool)
    .await?;
    let subjects: Vec<Uuid> = rows.iter().map(|r| r.subject_id).collect();
    let now = C::now(pool, &subjects).await?;
    let people: Vec<Uuid> = rows.iter().map(|r| r.submitter).collect();
    let names = Names::of(pool, &people).await?;
    let page = rows
        .into_iter()
        .map(|r| {
            let edits = changes::<C>(r.edits);
            let now = now.get(&r.subject_id);
            Queued {
                id: r.id,
                subject_id: r.subject_id,
                subject_name: name_of(now, &edits),
                new_artist: r.new_artist,
                submitter: names.submitter(r.submitter),
                created_at: r.created_at,
                stale: edits.iter().any(|e| is_stale(now, e)),
                fields: edits.iter().map(FieldChange::field_name).collect(),
            }
        })
        .collect();
    Ok((page, total))
}

/// One edit of the subject, field by field against the subject now; `None` when `id` is not
/// such an edit.
pub async fn detail<C: Subject>(pool: &PgPool, id: Uuid) -> anyhow::Result<Option<Reviewed>> {
    let Some(r) = sqlx::query!(
        "SELECT id, subject_id, new_artist, submitter, status, edits, note, applied, reason,
                created_at, decided_at
           FROM rm.edits WHERE id = $1 AND subject_type = $2",
        id,
        C::SUBJECT.as_str()
    )
    .fetch_optional(pool)
    .await?
    else {
        return Ok(None);
    };
    let now = C::now(pool, &[r.subject_id]).await?;
    let now = now.get(&r.subject_id);
    let names = Names::of(pool, &[r.submitter]).await?;
    let edits = changes::<C>(r.edits);
    Ok(Some(Reviewed {
        id: r.id,
        subject_id: r.subject_id,
        subject_name: name_of(now, &edits),
        new_artist: r.new_artist,
        status: platform::db::enum_value("status", &r.status, SubmissionStatus::parse)?,
        submitter: names.submitter(r.submitter),
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
                    current: now.map_or(Value::Null, |n| n.of(&e.field_name())),
                    stale: is_stale(now, e),
                    field_name: e.field_name(),
                    before,
                    proposed,
                }
            })
            .collect(),
    }))
}
