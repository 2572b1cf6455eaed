//! Merging two records of the same artwork: the duplicate (the source) points at the record kept
//! (the target), which takes the source's photos, logbook and the tags it lacked; unmerging
//! gives each back. What moves is worked out from the source's own events ([`carried`]) and
//! travels in the target's `ArtworkAbsorbed` event, so the read side and the history fold need
//! nothing else, and the target remembers it ([`Absorbed`]) to give it back exactly.

use serde::{Deserialize, Serialize};

use crate::artwork::{ArtworkEvent, Visit};
use crate::edit::FieldEdit;
use crate::ids::SubmissionId;
use crate::photo::{Photo, PhotoKey};

/// Photos one approved submission brought, as they move with a merge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionPhotos {
    pub submission_id: SubmissionId,
    pub photos: Vec<Photo>,
}

/// What a target took from one source, to give back on unmerge.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Absorbed {
    pub photo_submissions: Vec<SubmissionId>,
    pub visits: Vec<SubmissionId>,
    /// Tags the target lacked, as set from the source's values.
    pub tags: Vec<FieldEdit>,
}

/// The photos (outside visits) and the logbook an artwork's events gave it, including what it
/// took from artworks merged into it and minus what it gave back. Photos in `hidden` (those an
/// edit hid there) are left out: they stay hidden on the duplicate and do not move.
pub fn carried(
    events: &[ArtworkEvent],
    hidden: &[PhotoKey],
) -> (Vec<SubmissionPhotos>, Vec<Visit>) {
    let mut photos: Vec<SubmissionPhotos> = Vec::new();
    let mut visits: Vec<Visit> = Vec::new();
    for e in events {
        match e {
            ArtworkEvent::ArtworkCreated(a) => photos.push(SubmissionPhotos {
                submission_id: a.submission_id,
                photos: a.photos.clone(),
            }),
            ArtworkEvent::PhotosAdded {
                submission_id,
                photos: p,
            } => photos.push(SubmissionPhotos {
                submission_id: *submission_id,
                photos: p.clone(),
            }),
            ArtworkEvent::VisitRecorded(v) => visits.push((**v).clone()),
            ArtworkEvent::ArtworkAbsorbed(a) => {
                photos.extend(a.photos.iter().cloned());
                visits.extend(a.visits.iter().cloned());
            }
            ArtworkEvent::ArtworkReleased {
                photo_submissions,
                visits: given,
                ..
            } => {
                photos.retain(|p| !photo_submissions.contains(&p.submission_id));
                visits.retain(|v| !given.contains(&v.submission_id));
            }
            _ => {}
        }
    }
    let shown = |p: &Photo| !hidden.contains(&p.key);
    for p in &mut photos {
        p.photos.retain(shown);
    }
    photos.retain(|p| !p.photos.is_empty());
    for v in &mut visits {
        v.photos.retain(shown);
    }
    (photos, visits)
}
