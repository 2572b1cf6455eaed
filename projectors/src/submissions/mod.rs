//! Read model `submissions`: one row per submission with what the review queue, the review
//! detail and "my submissions" show. Photos here keep their EXIF summary: only moderators and the
//! submitter read this table.

use async_trait::async_trait;
use cqrs_es::Aggregate;
use domain::{Submission, SubmissionEvent, SubmissionStatus};
use platform::eventlog::EventEnvelope;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::runtime::Projector;

pub struct SubmissionsProjector;

pub const NAME: &str = "submissions";

#[async_trait]
impl Projector for SubmissionsProjector {
    fn name(&self) -> &'static str {
        NAME
    }

    fn tables(&self) -> &'static [&'static str] {
        &["submissions"]
    }

    fn create_tables(&self, s: &str) -> String {
        format!(
            "CREATE TABLE IF NOT EXISTS {s}.submissions (
                id            uuid PRIMARY KEY,
                kind          text NOT NULL,
                status        text NOT NULL,
                submitter     uuid NOT NULL,
                lat           double precision NOT NULL,
                lon           double precision NOT NULL,
                title         text,
                description   text,
                artwork_type  text,
                tags          jsonb NOT NULL DEFAULT '{{}}',
                artist_names  jsonb NOT NULL DEFAULT '[]',
                note          text,
                condition     text,
                photos        jsonb NOT NULL DEFAULT '[]',
                artwork_id    uuid,
                outcome       text,
                reason        text,
                reviewer      uuid,
                created_at    timestamptz NOT NULL,
                decided_at    timestamptz,
                version       bigint NOT NULL,
                last_tx       bigint NOT NULL,
                last_pos      bigint NOT NULL
            );"
        )
    }

    fn create_indexes(&self, s: &str) -> String {
        format!(
            "CREATE INDEX IF NOT EXISTS submissions_queue
                ON {s}.submissions (status, created_at, id);
             CREATE INDEX IF NOT EXISTS submissions_queue_kind
                ON {s}.submissions (status, kind, created_at, id);
             CREATE INDEX IF NOT EXISTS submissions_submitter
                ON {s}.submissions (submitter, created_at DESC);"
        )
    }

    async fn apply(
        &self,
        db: &mut PgConnection,
        s: &str,
        events: &[EventEnvelope],
    ) -> anyhow::Result<()> {
        for e in events
            .iter()
            .filter(|e| e.aggregate_type == Submission::TYPE)
        {
            let id = Uuid::parse_str(&e.aggregate_id)?;
            match serde_json::from_value::<SubmissionEvent>(e.payload.clone())? {
                SubmissionEvent::ArtworkProposed(p) => {
                    sqlx::query(&format!(
                        "INSERT INTO {s}.submissions (id, kind, status, submitter, lat, lon, title,
                            description, artwork_type, tags, artist_names, note, photos,
                            created_at, version, last_tx, last_pos)
                         VALUES ($1, 'new_artwork', 'pending', $2, $3, $4, $5, $6, $7, $8, $9,
                            $10, $11, $12, $13, $14, $15)
                         ON CONFLICT (id) DO NOTHING"
                    ))
                    .bind(id)
                    .bind(p.submitter)
                    .bind(p.location.lat())
                    .bind(p.location.lon())
                    .bind(p.title.map(String::from))
                    .bind(p.description.map(String::from))
                    .bind(p.artwork_type.as_str())
                    .bind(serde_json::to_value(&p.tags)?)
                    .bind(serde_json::to_value(&p.artist_names)?)
                    .bind(p.note.map(String::from))
                    .bind(serde_json::to_value(&p.photos)?)
                    .bind(e.recorded_at)
                    .bind(e.sequence)
                    .bind(e.tx_id)
                    .bind(e.position)
                    .execute(&mut *db)
                    .await?;
                }
                SubmissionEvent::VisitLogged(v) => {
                    sqlx::query(&format!(
                        "INSERT INTO {s}.submissions (id, kind, status, submitter, lat, lon,
                            artwork_id, condition, note, photos, created_at, version, last_tx,
                            last_pos)
                         VALUES ($1, 'logbook', 'pending', $2, $3, $4, $5, $6, $7, $8, $9, $10,
                            $11, $12)
                         ON CONFLICT (id) DO NOTHING"
                    ))
                    .bind(id)
                    .bind(v.submitter)
                    .bind(v.location.lat())
                    .bind(v.location.lon())
                    .bind(v.artwork_id.0)
                    .bind(v.condition.map(|c| c.as_str()))
                    .bind(v.note.map(String::from))
                    .bind(serde_json::to_value(&v.photos)?)
                    .bind(e.recorded_at)
                    .bind(e.sequence)
                    .bind(e.tx_id)
                    .bind(e.position)
                    .execute(&mut *db)
                    .await?;
                }
                SubmissionEvent::SubmissionApproved {
                    reviewer,
                    artwork_id,
                    outcome,
                    ..
                } => {
                    decide(db, s, e, id, SubmissionStatus::Approved)
                        .reviewer(reviewer)
                        .artwork(artwork_id.0, outcome.as_str())
                        .run()
                        .await?;
                }
                SubmissionEvent::SubmissionRejected { reviewer, reason } => {
                    decide(db, s, e, id, SubmissionStatus::Rejected)
                        .reviewer(reviewer)
                        .reason(reason.into())
                        .run()
                        .await?;
                }
                SubmissionEvent::SubmissionWithdrawn { .. } => {
                    decide(db, s, e, id, SubmissionStatus::Withdrawn)
                        .run()
                        .await?;
                }
                SubmissionEvent::PhotoMetadataErased { .. } => {
                    // Photos submitted before the personal EXIF fields left the events still
                    // carry them here: drop them (a replay applies this event again).
                    sqlx::query(&format!(
                        "UPDATE {s}.submissions SET
                            photos = coalesce((
                                SELECT jsonb_agg(CASE WHEN p ? 'exif'
                                    THEN jsonb_set(p, '{{exif}}', (p -> 'exif')
                                         - 'latitude' - 'longitude' - 'date_time' - 'make' - 'model')
                                    ELSE p END ORDER BY n)
                                  FROM jsonb_array_elements(photos) WITH ORDINALITY AS x(p, n)), '[]'),
                            version = $2, last_tx = $3, last_pos = $4
                          WHERE id = $1"
                    ))
                    .bind(id)
                    .bind(e.sequence)
                    .bind(e.tx_id)
                    .bind(e.position)
                    .execute(&mut *db)
                    .await?;
                }
            }
        }
        Ok(())
    }
}

fn decide<'a>(
    db: &'a mut PgConnection,
    s: &'a str,
    e: &'a EventEnvelope,
    id: Uuid,
    status: SubmissionStatus,
) -> Decision<'a> {
    Decision {
        db,
        s,
        e,
        id,
        status,
        reviewer: None,
        artwork_id: None,
        outcome: None,
        reason: None,
    }
}

/// The update a decision makes to its row.
struct Decision<'a> {
    db: &'a mut PgConnection,
    s: &'a str,
    e: &'a EventEnvelope,
    id: Uuid,
    status: SubmissionStatus,
    reviewer: Option<Uuid>,
    artwork_id: Option<Uuid>,
    outcome: Option<&'static str>,
    reason: Option<String>,
}

impl Decision<'_> {
    fn reviewer(mut self, r: Uuid) -> Self {
        self.reviewer = Some(r);
        self
    }

    fn artwork(mut self, id: Uuid, outcome: &'static str) -> Self {
        self.artwork_id = Some(id);
        self.outcome = Some(outcome);
        self
    }

    fn reason(mut self, r: String) -> Self {
        self.reason = Some(r);
        self
    }

    async fn run(self) -> anyhow::Result<()> {
        let s = self.s;
        sqlx::query(&format!(
            "UPDATE {s}.submissions SET status = $2, reviewer = $3,
                artwork_id = COALESCE($4, artwork_id), outcome = $5, reason = $6,
                decided_at = $7, version = $8, last_tx = $9, last_pos = $10
              WHERE id = $1"
        ))
        .bind(self.id)
        .bind(self.status.as_str())
        .bind(self.reviewer)
        .bind(self.artwork_id)
        .bind(self.outcome)
        .bind(self.reason)
        .bind(self.e.recorded_at)
        .bind(self.e.sequence)
        .bind(self.e.tx_id)
        .bind(self.e.position)
        .execute(self.db)
        .await?;
        Ok(())
    }
}
