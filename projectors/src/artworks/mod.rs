//! Read model `artworks`: one row per artwork with what lists, detail and nearby need, a GiST
//! index on location for approved works, and per-status counts for paging totals.

pub mod credit;
mod filled;
pub mod gallery;
pub mod history;
pub mod read;
mod spans;

use domain::{Artwork, ArtworkEvent, ArtworkStatus, ArtworkType, FieldEdit, Photo, SubmissionId};
use platform::eventlog::EventEnvelope;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

pub const NAME: &str = "artworks";

read_model!(
    ArtworksProjector,
    NAME,
    [
        "artworks",
        "artwork_counts",
        "artwork_visits",
        "artwork_gaps_filled"
    ]
);

/// Applies a batch of events, as [`Projector::apply`](crate::Projector::apply) says.
async fn apply(db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
    let mut rows = NewRows::default();
    for decoded in crate::events_of::<Artwork>(events) {
        let (e, id, event) = decoded?;

        let event = match NewRow::of(event)? {
            Ok(row) => {
                rows.push(e, id, row);
                continue;
            }
            Err(later) => later,
        };
        let fills = filled::Fills::of(&event);
        let change = match event {
            ArtworkEvent::ArtworkImported { .. } | ArtworkEvent::ArtworkCreated(_) => continue,
            ArtworkEvent::PhotosAdded {
                submission_id,
                photos,
            } => Change::Photos(public_photos(&photos, submission_id)),
            ArtworkEvent::ArtworkMoved { location, .. } => {
                Change::Moved(location.lat(), location.lon())
            }
            ArtworkEvent::VisitRecorded(v) => {
                sqlx::query!(
                    "INSERT INTO artwork_visits (submission_id, artwork_id, visitor,
                            condition, note, photos, visited_at, recorded_at)
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                         ON CONFLICT (submission_id) DO NOTHING",
                    v.submission_id.0,
                    id,
                    v.visitor.0,
                    v.condition.map(|c| c.as_str()),
                    v.note.as_ref().map(|n| n.as_str()),
                    public_photos(&v.photos, v.submission_id),
                    v.visited_at,
                    e.recorded_at
                )
                .execute(&mut *db)
                .await?;
                Change::Photos(public_photos(&v.photos, v.submission_id))
            }
            ArtworkEvent::ArtworkEdited { changes, .. }
            | ArtworkEvent::ArtworkReverted { changes, .. }
            | ArtworkEvent::ArtworkUpdatedFromSource { changes, .. } => Change::Fields(changes),
            ArtworkEvent::ArtworkMerged { into, .. } => {
                Change::Status(ArtworkStatus::Merged, Some(into.0))
            }
            ArtworkEvent::ArtworkUnmerged { status, .. } => Change::Status(status, None),
            ArtworkEvent::ArtworkRemoved { .. } => Change::Status(ArtworkStatus::Removed, None),
            ArtworkEvent::ArtworkAbsorbed(a) => {
                let photos = absorbed_photos(&a);
                Change::Absorbed(a.tags, photos)
            }
            ArtworkEvent::ArtworkReleased {
                photo_submissions,
                visits,
                tags,
                ..
            } => Change::Released(tags, [photo_submissions, visits].concat()),
        };
        // Updates apply to rows possibly created earlier in this batch.
        std::mem::take(&mut rows).insert(db).await?;
        fills.record(db, id, e).await?;
        let may_move = change.may_change_span();
        change.apply(db, id, e).await?;
        if may_move {
            spans::follow(db, id, e).await?;
        }
    }
    rows.insert(db).await
}

/// The photo fields the public read models keep: no EXIF summary (camera and place stay with
/// the submission, for moderators).
pub fn public_photos(photos: &[Photo], submission_id: SubmissionId) -> Value {
    Value::Array(
        photos
            .iter()
            .map(|p| {
                serde_json::json!({
                    "key": p.key.to_string(),
                    "width": p.width,
                    "height": p.height,
                    "submission_id": submission_id,
                })
            })
            .collect(),
    )
}

/// The photos a merge brought, as gallery entries: older than the target's own, they go after
/// them.
pub(crate) fn absorbed_photos(a: &domain::Absorption) -> Vec<Value> {
    let mut photos: Vec<Value> = Vec::new();
    for p in &a.photos {
        photos.extend(photo_list(public_photos(&p.photos, p.submission_id)));
    }
    for v in &a.visits {
        photos.extend(photo_list(public_photos(&v.photos, v.submission_id)));
    }
    photos
}

/// A change to an existing artwork row.
enum Change {
    /// Photos to put first in the gallery (newest first).
    Photos(Value),
    Moved(f64, f64),
    /// Fields an approved edit or a revert set.
    Fields(Vec<FieldEdit>),
    /// Merged into an artwork, or back with its status.
    Status(ArtworkStatus, Option<Uuid>),
    /// A duplicate's tags (those lacking) and photos, to put after the artwork's own.
    Absorbed(Vec<FieldEdit>, Vec<Value>),
    /// Tags to set back, and the submissions whose photos leave with the duplicate.
    Released(Vec<FieldEdit>, Vec<SubmissionId>),
}

/// The entries of a JSON array.
pub(crate) fn photo_list(v: Value) -> Vec<Value> {
    match v {
        Value::Array(a) => a,
        _ => Vec::new(),
    }
}

/// The columns an edit or a revert sets; `None` leaves one as it is.
#[derive(Default)]
struct FieldColumns {
    title: Option<String>,
    /// `Some(None)` clears the description.
    description: Option<Option<String>>,
    artwork_type: Option<&'static str>,
    artist_ids: Option<Vec<Uuid>>,
    tags_set: serde_json::Map<String, Value>,
    tags_cleared: Vec<String>,
}

impl FieldColumns {
    fn of(changes: Vec<FieldEdit>) -> (Self, Option<(f64, f64)>) {
        let mut c = FieldColumns::default();
        let mut moved = None;
        for change in changes {
            match change {
                FieldEdit::Title { new, .. } => c.title = Some(new.into()),
                FieldEdit::Description { new, .. } => c.description = Some(new.map(String::from)),
                FieldEdit::ArtworkType { new, .. } => c.artwork_type = Some(new.as_str()),
                FieldEdit::Location { new, .. } => moved = Some((new.lat(), new.lon())),
                FieldEdit::Artists { new, .. } => {
                    c.artist_ids = Some(new.into_iter().map(|a| a.0).collect());
                }
                FieldEdit::Tag { key, new, .. } => match new {
                    Some(v) => {
                        c.tags_set.insert(key, Value::String(v));
                    }
                    None => c.tags_cleared.push(key),
                },
                // The gallery's changes are made by `Gallery::apply_changes`.
                FieldEdit::MainPhoto { .. } | FieldEdit::HiddenPhotos { .. } => {}
            }
        }
        (c, moved)
    }
}

/// Sets the columns `changes` name (all but the location, which comes back to be set with the
/// row's bookkeeping).
async fn set_fields(
    db: &mut PgConnection,
    id: Uuid,
    changes: Vec<FieldEdit>,
) -> anyhow::Result<Option<(f64, f64)>> {
    let (c, moved) = FieldColumns::of(changes);
    sqlx::query!(
        "UPDATE artworks SET title = coalesce($2, title),
            description = CASE WHEN $3 THEN $4 ELSE description END,
            artwork_type = coalesce($5, artwork_type),
            artist_ids = coalesce($6, artist_ids),
            tags = (tags - $7::text[]) || $8::jsonb
          WHERE id = $1",
        id,
        c.title,
        c.description.is_some(),
        c.description.flatten(),
        c.artwork_type,
        c.artist_ids.as_deref(),
        &c.tags_cleared,
        Value::Object(c.tags_set)
    )
    .execute(db)
    .await?;
    Ok(moved)
}

impl Change {
    /// Whether it can change the artwork's entry on the map as it was (see [`spans`]): its
    /// place, title, type or status.
    fn may_change_span(&self) -> bool {
        match self {
            Change::Moved(..) | Change::Status(..) => true,
            Change::Fields(changes) => changes.iter().any(|c| {
                matches!(
                    c,
                    FieldEdit::Title { .. }
                        | FieldEdit::ArtworkType { .. }
                        | FieldEdit::Location { .. }
                )
            }),
            Change::Photos(_) | Change::Absorbed(..) | Change::Released(..) => false,
        }
    }

    async fn apply(self, db: &mut PgConnection, id: Uuid, e: &EventEnvelope) -> anyhow::Result<()> {
        let (lat, lon) = match self {
            Change::Photos(photos) => {
                let at = photos.as_array().is_some_and(|p| !p.is_empty());
                let at = at.then_some(e.recorded_at);
                gallery::update(db, id, at, |g| g.add_newest(photos)).await?;
                (None, None)
            }
            Change::Moved(lat, lon) => (Some(lat), Some(lon)),
            Change::Status(status, merged_into) => {
                sqlx::query!(
                    "WITH old AS (SELECT status FROM artworks WHERE id = $1),
                     gone AS (UPDATE artwork_counts SET n = n - 1
                               WHERE status = (SELECT status FROM old) AND status <> $2)
                     INSERT INTO artwork_counts (status, n)
                     SELECT $2, 1 FROM old WHERE old.status <> $2
                     ON CONFLICT (status) DO UPDATE SET n = artwork_counts.n + 1",
                    id,
                    status.as_str()
                )
                .execute(&mut *db)
                .await?;
                sqlx::query!(
                    "UPDATE artworks SET status = $2, merged_into = $3 WHERE id = $1",
                    id,
                    status.as_str(),
                    merged_into
                )
                .execute(&mut *db)
                .await?;
                (None, None)
            }
            Change::Absorbed(tags, photos) => {
                set_fields(db, id, tags).await?;
                gallery::update(db, id, None, |g| g.add_oldest(photos)).await?;
                (None, None)
            }
            Change::Released(tags, submissions) => {
                set_fields(db, id, tags).await?;
                gallery::update(db, id, None, |g| g.release(&submissions)).await?;
                (None, None)
            }
            Change::Fields(changes) => {
                let gallery = changes.iter().any(|c| {
                    matches!(
                        c,
                        FieldEdit::MainPhoto { .. } | FieldEdit::HiddenPhotos { .. }
                    )
                });
                if gallery {
                    gallery::update(db, id, None, |g| {
                        g.apply_changes(&changes);
                    })
                    .await?;
                }
                let moved = set_fields(db, id, changes).await?;
                (moved.map(|m| m.0), moved.map(|m| m.1))
            }
        };
        sqlx::query!(
            "UPDATE artworks SET lat = coalesce($6, lat), lon = coalesce($7, lon),
                location = CASE WHEN $6::float8 IS NULL THEN location ELSE point($7, $6) END,
                updated_at = $2, version = $3, last_tx = $4, last_pos = $5
              WHERE id = $1",
            id,
            e.recorded_at,
            e.sequence,
            e.tx_id,
            e.position,
            lat,
            lon
        )
        .execute(db)
        .await?;
        Ok(())
    }
}

/// One newly created artwork's columns.
pub(crate) struct NewRow {
    pub(crate) title: String,
    pub(crate) description: Option<String>,
    pub(crate) artwork_type: ArtworkType,
    pub(crate) status: ArtworkStatus,
    pub(crate) lat: f64,
    pub(crate) lon: f64,
    pub(crate) tags: Value,
    pub(crate) artist_ids: Vec<Uuid>,
    pub(crate) provenance: Value,
    pub(crate) photos: Value,
}

impl NewRow {
    /// The row an artwork's first event makes (imported from a dataset, or created by an
    /// approval); any later event is given back. The history's fold uses it too, so the two
    /// cannot disagree on what a new artwork looks like.
    pub(crate) fn of(event: ArtworkEvent) -> anyhow::Result<Result<NewRow, ArtworkEvent>> {
        let event = match event.into_import() {
            Ok((source, status, provenance)) => {
                return Ok(Ok(NewRow {
                    title: source.title.into(),
                    description: source.description.map(String::from),
                    artwork_type: source.artwork_type,
                    status,
                    lat: source.location.lat(),
                    lon: source.location.lon(),
                    tags: serde_json::to_value(&source.tags)?,
                    artist_ids: source.artist_ids.into_iter().map(|a| a.0).collect(),
                    provenance: serde_json::to_value(&provenance)?,
                    photos: Value::Array(Vec::new()),
                }));
            }
            Err(later) => later,
        };
        Ok(Ok(match event {
            ArtworkEvent::ArtworkCreated(a) => NewRow {
                photos: public_photos(&a.photos, a.submission_id),
                title: a.title.into(),
                description: a.description.map(String::from),
                artwork_type: a.artwork_type,
                status: ArtworkStatus::Approved,
                lat: a.location.lat(),
                lon: a.location.lon(),
                tags: serde_json::to_value(&a.tags)?,
                artist_ids: a.artist_ids.into_iter().map(|a| a.0).collect(),
                provenance: Value::Null,
            },
            later => return Ok(Err(later)),
        }))
    }
}

/// Column arrays for one multi-row insert of newly created artworks.
#[derive(Default)]
struct NewRows {
    id: Vec<Uuid>,
    title: Vec<String>,
    description: Vec<Option<String>>,
    artwork_type: Vec<String>,
    status: Vec<String>,
    lat: Vec<f64>,
    lon: Vec<f64>,
    tags: Vec<Value>,
    artist_ids: Vec<Value>,
    provenance: Vec<Value>,
    photos: Vec<Value>,
    at: Vec<chrono::DateTime<chrono::Utc>>,
    version: Vec<i64>,
    tx: Vec<i64>,
    pos: Vec<i64>,
}

impl NewRows {
    fn push(&mut self, e: &EventEnvelope, id: Uuid, r: NewRow) {
        self.id.push(id);
        self.title.push(r.title);
        self.description.push(r.description);
        self.artwork_type.push(r.artwork_type.as_str().to_owned());
        self.status.push(r.status.as_str().to_owned());
        self.lat.push(r.lat);
        self.lon.push(r.lon);
        self.tags.push(r.tags);
        self.artist_ids.push(serde_json::json!(r.artist_ids));
        self.provenance.push(r.provenance);
        self.photos.push(r.photos);
        self.at.push(e.recorded_at);
        self.version.push(e.sequence);
        self.tx.push(e.tx_id);
        self.pos.push(e.position);
    }

    async fn insert(self, db: &mut PgConnection) -> anyhow::Result<()> {
        if self.id.is_empty() {
            return Ok(());
        }
        sqlx::query!(
            "WITH new AS (
                INSERT INTO artworks (id, title, description, artwork_type, status, lat, lon,
                    location, tags, artist_ids, provenance, photos, created_at, updated_at,
                    version, last_tx, last_pos)
                SELECT u.id, u.title, u.description, u.artwork_type, u.status, u.lat, u.lon,
                    point(u.lon, u.lat), u.tags,
                    ARRAY(SELECT jsonb_array_elements_text(u.artist_ids)::uuid),
                    NULLIF(u.provenance, 'null'::jsonb), u.photos, u.at, u.at, u.version, u.tx,
                    u.pos
                FROM UNNEST($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[],
                    $6::float8[], $7::float8[], $8::jsonb[], $9::jsonb[], $10::jsonb[],
                    $11::timestamptz[], $12::int8[], $13::int8[], $14::int8[], $15::jsonb[])
                    AS u(id, title, description, artwork_type, status, lat, lon, tags,
                         artist_ids, provenance, at, version, tx, pos, photos)
                ON CONFLICT (id) DO NOTHING
                RETURNING id, status, lat, lon, location, title, artwork_type, created_at,
                    last_tx, last_pos
            ),
            spans AS (
                INSERT INTO artwork_spans (artwork_id, since_tx, since_pos, since_at, lat, lon,
                    location, title, artwork_type)
                SELECT id, last_tx, last_pos, created_at, lat, lon, location, title, artwork_type
                  FROM new WHERE status = 'approved'
                ON CONFLICT DO NOTHING
            )
            INSERT INTO artwork_counts (status, n)
            SELECT status, count(*) FROM new GROUP BY status
            ON CONFLICT (status) DO UPDATE SET n = artwork_counts.n + EXCLUDED.n",
            &self.id,
            &self.title,
            &self.description as _,
            &self.artwork_type,
            &self.status,
            &self.lat,
            &self.lon,
            &self.tags,
            &self.artist_ids,
            &self.provenance,
            &self.at,
            &self.version,
            &self.tx,
            &self.pos,
            &self.photos
        )
        .execute(db)
        .await?;
        Ok(())
    }
}
