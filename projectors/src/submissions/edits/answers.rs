//! The edit queue's and an edit's answers in each subject's own words (`artwork_id` and
//! `artwork_title`, `artist_id` and `artist_name`): the API's names, kept as they are.

use crate::accounts::read::Submitter;
use chrono::{DateTime, Utc};
use domain::SubmissionStatus;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{EditFieldDiff, Queued, Reviewed};

edit_answer! {
    queued
    /// An artwork edit in the moderators' queue.
    #[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
    EditSummary from Queued { artwork_id, artwork_title }
}

edit_answer! {
    queued
    /// An artist edit (or a new artist) in the moderators' queue.
    #[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
    ArtistEditSummary from Queued {
        artist_id,
        /// The artist's name now; for a new artist, the proposed name.
        artist_name,
        /// A proposal of an artist the registry does not have yet.
        new_artist,
    }
}

edit_answer! {
    reviewed
    /// An artwork edit with its review.
    #[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
    EditDetail from Reviewed { artwork_id, artwork_title }
}

edit_answer! {
    reviewed
    /// An artist edit (or a new artist) with its review.
    #[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
    ArtistEditDetail from Reviewed {
        artist_id,
        /// The artist's name now; for a new artist not yet created, the proposed name.
        artist_name,
        new_artist,
    }
    /// Before (what the proposer saw), proposed, and the artist's value now (all `null` for an
    /// artist not created yet).
}
