//! The edit queue's and an edit's answers in each subject's own words (`artwork_id` and
//! `artwork_title`, `artist_id` and `artist_name`): the API's names, kept as they are.

use crate::accounts::read::Submitter;
use chrono::{DateTime, Utc};
use domain::SubmissionStatus;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{EditFieldDiff, Queued, Reviewed};

/// An artwork edit in the moderators' queue.
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

impl From<Queued> for EditSummary {
    fn from(q: Queued) -> Self {
        Self {
            id: q.id,
            artwork_id: q.subject_id,
            artwork_title: q.subject_name,
            submitter: q.submitter,
            created_at: q.created_at,
            fields: q.fields,
            stale: q.stale,
        }
    }
}

/// An artist edit (or a new artist) in the moderators' queue.
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

impl From<Queued> for ArtistEditSummary {
    fn from(q: Queued) -> Self {
        Self {
            id: q.id,
            artist_id: q.subject_id,
            artist_name: q.subject_name,
            new_artist: q.new_artist,
            submitter: q.submitter,
            created_at: q.created_at,
            fields: q.fields,
            stale: q.stale,
        }
    }
}

/// An artwork edit with its review.
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

impl From<Reviewed> for EditDetail {
    fn from(r: Reviewed) -> Self {
        Self {
            id: r.id,
            artwork_id: r.subject_id,
            artwork_title: r.subject_name,
            status: r.status,
            submitter: r.submitter,
            note: r.note,
            created_at: r.created_at,
            decided_at: r.decided_at,
            reason: r.reason,
            applied: r.applied,
            fields: r.fields,
        }
    }
}

/// An artist edit (or a new artist) with its review.
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

impl From<Reviewed> for ArtistEditDetail {
    fn from(r: Reviewed) -> Self {
        Self {
            id: r.id,
            artist_id: r.subject_id,
            artist_name: r.subject_name,
            new_artist: r.new_artist,
            status: r.status,
            submitter: r.submitter,
            note: r.note,
            created_at: r.created_at,
            decided_at: r.decided_at,
            reason: r.reason,
            applied: r.applied,
            fields: r.fields,
        }
    }
}
