//! A subject's history by its kind: the one read behind the history routes of artworks and
//! artists. Each subject folds its own stream ([`artworks::history`](crate::artworks::history)
//! holds the shared machinery, `artists::history` the artist's fold).

use domain::EditSubject;
use sqlx::PgPool;
use uuid::Uuid;

use crate::artworks::history::{history_of, HistoryEntry, Snapshot};

/// A page of an artwork's or an artist's history, newest first, and how many changes it has in
/// all; `None` when no such subject was ever recorded, or it is not public (a pending artwork).
pub async fn history(
    pool: &PgPool,
    subject: EditSubject,
    id: Uuid,
    limit: usize,
    offset: usize,
) -> anyhow::Result<Option<(Vec<HistoryEntry>, usize)>> {
    match subject {
        EditSubject::Artwork => history_of::<Snapshot>(pool, id, limit, offset).await,
        EditSubject::Artist => {
            history_of::<crate::artists::history::Snapshot>(pool, id, limit, offset).await
        }
    }
}
