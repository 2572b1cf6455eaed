//! Read model `submissions`: one row per submission with what the review queue, the review
//! detail and "my submissions" show. Photos here keep their EXIF summary: only moderators and the
//! submitter read this table.

pub mod edits;
pub mod read;

use domain::{
    AccountId, ActorId, EditSubject, Submission, SubmissionEvent, SubmissionKind, SubmissionStatus,
};
use platform::eventlog::EventEnvelope;
use sqlx::PgConnection;
use uuid::Uuid;

pub const NAME: &str = "submissions";

read_model!(SubmissionsProjector, NAME, ["submissions", "edits"]);

/// Applies a batch of events, as [`Projector::apply`](crate::Projector::apply) says.
async fn apply(db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
    for decoded in crate::events_of::<Submission>(events) {
        let (e, id, event) = decoded?;
        match event {
            SubmissionEvent::ArtworkProposed(p) => {
                let row = NewSubmission {
                    kind: SubmissionKind::NewArtwork,
                    submitter: p.submitter.0,
                    lat: p.location.lat(),
                    lon: p.location.lon(),
                    title: p.title.map(String::from),
                    description: p.description.map(String::from),
                    artwork_type: Some(p.artwork_type.as_str()),
                    tags: serde_json::to_value(&p.tags)?,
                    artist_names: serde_json::to_value(&p.artist_names)?,
                    artwork_id: None,
                    condition: None,
                    note: p.note.map(String::from),
                    photos: serde_json::to_value(&p.photos)?,
                };
                row.insert(db, id, e).await?;
            }
            SubmissionEvent::VisitLogged(v) => {
                let row = NewSubmission {
                    kind: SubmissionKind::Logbook,
                    submitter: v.submitter.0,
                    lat: v.location.lat(),
                    lon: v.location.lon(),
                    title: None,
                    description: None,
                    artwork_type: None,
                    tags: serde_json::json!({}),
                    artist_names: serde_json::json!([]),
                    artwork_id: Some(v.artwork_id.0),
                    condition: v.condition.map(|c| c.as_str()),
                    note: v.note.map(String::from),
                    photos: serde_json::to_value(&v.photos)?,
                };
                row.insert(db, id, e).await?;
            }
            SubmissionEvent::ArtworkEditProposed(p) => {
                let edits = serde_json::to_value(&p.edits)?;
                let note = p.note.map(String::from);
                let subject = (EditSubject::Artwork, p.artwork_id.0, false);
                insert_edit(db, id, e, subject, p.submitter, edits, note).await?;
            }
            SubmissionEvent::ArtistEditProposed(p) => {
                let edits = serde_json::to_value(&p.edits)?;
                let note = p.note.map(String::from);
                let subject = (EditSubject::Artist, p.artist_id.0, p.new_artist);
                insert_edit(db, id, e, subject, p.submitter, edits, note).await?;
            }
            SubmissionEvent::ArtistEditApproved {
                reviewer, applied, ..
            } => {
                decide(db, e, id, SubmissionStatus::Approved)
                    .reviewer(reviewer)
                    .applied(Some(applied))
                    .run()
                    .await?;
            }
            SubmissionEvent::SubmissionApproved {
                reviewer,
                artwork_id,
                outcome,
                applied,
                ..
            } => {
                decide(db, e, id, SubmissionStatus::Approved)
                    .reviewer(reviewer)
                    .artwork(artwork_id.0, outcome.as_str())
                    .applied(applied)
                    .run()
                    .await?;
            }
            SubmissionEvent::SubmissionRejected { reviewer, reason } => {
                decide(db, e, id, SubmissionStatus::Rejected)
                    .reviewer(reviewer)
                    .reason(reason.into())
                    .run()
                    .await?;
            }
            SubmissionEvent::SubmissionWithdrawn { .. } => {
                decide(db, e, id, SubmissionStatus::Withdrawn).run().await?;
            }
            SubmissionEvent::PhotoMetadataErased { .. } => {
                // Photos submitted before the personal EXIF fields left the events still
                // carry them here: drop them (a replay applies this event again).
                sqlx::query!(
                        "UPDATE submissions SET
                            photos = coalesce((
                                SELECT jsonb_agg(CASE WHEN p ? 'exif'
                                    THEN jsonb_set(p, '{exif}', (p -> 'exif')
                                         - 'latitude' - 'longitude' - 'date_time' - 'make' - 'model')
                                    ELSE p END ORDER BY n)
                                  FROM jsonb_array_elements(photos) WITH ORDINALITY AS x(p, n)), '[]'),
                            version = $2, last_tx = $3, last_pos = $4
                          WHERE id = $1",
                        id,
                        e.sequence,
                        e.tx_id,
                        e.position
                    )
                    .execute(&mut *db)
                    .await?;
            }
        }
    }
    Ok(())
}

/// Files an edit proposal of `subject` (its type, id, and whether it is a new artist).
async fn insert_edit(
    db: &mut PgConnection,
    id: Uuid,
    e: &EventEnvelope,
    (subject, subject_id, new_artist): (EditSubject, Uuid, bool),
    submitter: ActorId,
    edits: serde_json::Value,
    note: Option<String>,
) -> anyhow::Result<()> {
    sqlx::query!(
        "INSERT INTO edits (id, subject_type, subject_id, new_artist, submitter, status, edits,
            note, created_at, version, last_tx, last_pos)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9, $10, $11)
         ON CONFLICT (id) DO NOTHING",
        id,
        subject.as_str(),
        subject_id,
        new_artist,
        submitter.0,
        edits,
        note,
        e.recorded_at,
        e.sequence,
        e.tx_id,
        e.position
    )
    .execute(db)
    .await?;
    Ok(())
}

/// A newly filed submission's columns (pending; a proposal or a visit).
struct NewSubmission {
    kind: SubmissionKind,
    submitter: Uuid,
    lat: f64,
    lon: f64,
    title: Option<String>,
    description: Option<String>,
    artwork_type: Option<&'static str>,
    tags: serde_json::Value,
    artist_names: serde_json::Value,
    artwork_id: Option<Uuid>,
    condition: Option<&'static str>,
    note: Option<String>,
    photos: serde_json::Value,
}

impl NewSubmission {
    async fn insert(
        self,
        db: &mut PgConnection,
        id: Uuid,
        e: &EventEnvelope,
    ) -> anyhow::Result<()> {
        sqlx::query!(
            "INSERT INTO submissions (id, kind, status, submitter, lat, lon, title, description,
                artwork_type, tags, artist_names, artwork_id, condition, note, photos, created_at,
                version, last_tx, last_pos)
             VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
                $16, $17, $18)
             ON CONFLICT (id) DO NOTHING",
            id,
            self.kind.as_str(),
            self.submitter,
            self.lat,
            self.lon,
            self.title,
            self.description,
            self.artwork_type,
            self.tags,
            self.artist_names,
            self.artwork_id,
            self.condition,
            self.note,
            self.photos,
            e.recorded_at,
            e.sequence,
            e.tx_id,
            e.position
        )
        .execute(db)
        .await?;
        Ok(())
    }
}

fn decide<'a>(
    db: &'a mut PgConnection,
    e: &'a EventEnvelope,
    id: Uuid,
    status: SubmissionStatus,
) -> Decision<'a> {
    Decision {
        db,
        e,
        id,
        status,
        reviewer: None,
        artwork_id: None,
        outcome: None,
        reason: None,
        applied: None,
    }
}

/// The update a decision makes to its row.
struct Decision<'a> {
    db: &'a mut PgConnection,
    e: &'a EventEnvelope,
    id: Uuid,
    status: SubmissionStatus,
    reviewer: Option<Uuid>,
    artwork_id: Option<Uuid>,
    outcome: Option<&'static str>,
    reason: Option<String>,
    /// An edit's fields applied.
    applied: Option<Vec<String>>,
}

impl Decision<'_> {
    fn reviewer(mut self, r: AccountId) -> Self {
        self.reviewer = Some(r.0);
        self
    }

    fn artwork(mut self, id: Uuid, outcome: &'static str) -> Self {
        self.artwork_id = Some(id);
        self.outcome = Some(outcome);
        self
    }

    fn applied(mut self, fields: Option<Vec<String>>) -> Self {
        self.applied = fields;
        self
    }

    fn reason(mut self, r: String) -> Self {
        self.reason = Some(r);
        self
    }

    /// Updates the submission's row, in whichever table holds it.
    async fn run(self) -> anyhow::Result<()> {
        let applied = self.applied.map(|a| serde_json::json!(a));
        sqlx::query!(
            "UPDATE edits SET status = $2, reviewer = $3, applied = $4, reason = $5,
                decided_at = $6, version = $7, last_tx = $8, last_pos = $9
              WHERE id = $1",
            self.id,
            self.status.as_str(),
            self.reviewer,
            applied,
            self.reason.as_deref(),
            self.e.recorded_at,
            self.e.sequence,
            self.e.tx_id,
            self.e.position
        )
        .execute(&mut *self.db)
        .await?;
        sqlx::query!(
            "UPDATE submissions SET status = $2, reviewer = $3,
                artwork_id = COALESCE($4, artwork_id), outcome = $5, reason = $6,
                decided_at = $7, version = $8, last_tx = $9, last_pos = $10
              WHERE id = $1",
            self.id,
            self.status.as_str(),
            self.reviewer,
            self.artwork_id,
            self.outcome,
            self.reason,
            self.e.recorded_at,
            self.e.sequence,
            self.e.tx_id,
            self.e.position
        )
        .execute(self.db)
        .await?;
        Ok(())
    }
}
