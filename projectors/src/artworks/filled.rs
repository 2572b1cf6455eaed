//! The gaps ("Help nearby") an approved contribution filled, kept in `artwork_gaps_filled` for the
//! badge counts: what an artwork event can fill, and recording it as the event applies.

use domain::{ArtworkEvent, Gap, SubmissionId};
use platform::eventlog::EventEnvelope;
use sqlx::PgConnection;
use uuid::Uuid;

/// The gaps an event can fill: recorded before its change applies, so the photo gap reads the
/// gallery as it was.
pub(super) enum Fills {
    Nothing,
    /// Photos: the first photo gap, if the approved artwork showed none; the old photo gap, if
    /// its newest was older than `OLD_PHOTO_YEARS`.
    Photos(SubmissionId),
    /// An approved edit's changes that set an empty field.
    Fields(SubmissionId, Vec<Gap>),
}

impl Fills {
    pub(super) fn of(event: &ArtworkEvent) -> Self {
        match event {
            ArtworkEvent::PhotosAdded {
                submission_id,
                photos,
            } if !photos.is_empty() => Fills::Photos(*submission_id),
            ArtworkEvent::VisitRecorded(v) if !v.photos.is_empty() => {
                Fills::Photos(v.submission_id)
            }
            ArtworkEvent::ArtworkEdited {
                submission_id,
                changes,
            } => Fills::Fields(
                *submission_id,
                changes.iter().filter_map(Gap::filled_by).collect(),
            ),
            _ => Fills::Nothing,
        }
    }

    pub(super) async fn record(
        self,
        db: &mut PgConnection,
        artwork: Uuid,
        e: &EventEnvelope,
    ) -> sqlx::Result<()> {
        let (submission, gaps) = match self {
            Fills::Nothing => return Ok(()),
            Fills::Photos(s) => (s, vec![Gap::Photo, Gap::OldPhoto]),
            Fills::Fields(_, gaps) if gaps.is_empty() => return Ok(()),
            Fills::Fields(s, gaps) => (s, gaps),
        };
        let gaps: Vec<&str> = gaps.into_iter().map(Gap::as_str).collect();
        sqlx::query!(
            "INSERT INTO artwork_gaps_filled (submission_id, gap, artwork_id, filled_at)
             SELECT $1, g, a.id, $3
               FROM unnest($4::text[]) g
               JOIN artworks a ON a.id = $2 AND a.status = 'approved'
              WHERE CASE g
                    WHEN 'photo' THEN jsonb_array_length(a.photos) = 0
                    WHEN 'old_photo' THEN jsonb_array_length(a.photos) > 0
                         AND coalesce(a.photos_at, a.created_at) < $3::timestamptz - make_interval(years => $5)
                    ELSE true END
             ON CONFLICT DO NOTHING",
            submission.0,
            artwork,
            e.recorded_at,
            &gaps as &[&str],
            domain::gap::OLD_PHOTO_YEARS
        )
        .execute(db)
        .await?;
        Ok(())
    }
}
