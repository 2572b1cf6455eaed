//! Locks that span artworks, for the rules no single aggregate's optimistic lock can protect: a
//! merge reads and writes two artworks, and an approval checks its artwork before recording a
//! decision whose effect lands on it later. PostgreSQL session advisory locks, one per artwork,
//! held on a connection of their own.
//!
//! A merge holds both artworks exclusively; an approval holds its artwork shared, so approvals
//! do not wait for each other, only for a merge of that artwork (and a merge for them). Keys are
//! taken in one order (sorted), so two merges sharing an artwork never deadlock. The connection
//! is detached from the pool: a holder waiting never takes a pool slot the use case holding the
//! lock needs, and if the holder's future is dropped (a client gone, a panic) the connection
//! closes and the server releases the locks with it. At most [`MAX_HOLDERS`] such connections
//! are open per process beyond the pool; more holders wait their turn here first.

use std::sync::LazyLock;

use domain::{ArtistId, ArtworkId};
use sqlx::{Connection, PgConnection, PgPool};
use tokio::sync::{Semaphore, SemaphorePermit};

/// Most lock connections one process has open at once. No holder ever waits for a second one,
/// so waiting here cannot deadlock.
pub const MAX_HOLDERS: usize = 8;

static HOLDERS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(MAX_HOLDERS));

/// The advisory lock keyspace of artworks (PostgreSQL's two-key form, apart from the one-key
/// locks used elsewhere): "artw".
const ARTWORKS: i32 = 0x6172_7477;

/// How long a use case waits for an artwork held by another before it gives up with an error.
const WAIT: &str = "30s";

/// Whether others may hold the same artworks at the same time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hold {
    /// Adding to an artwork (an approval of a link or a visit, a revert): beside other such
    /// holds, never beside an exclusive one.
    Shared,
    /// Merging or unmerging, or approving an edit (its check that no field changed since it
    /// was proposed must still hold when it is applied): alone.
    Exclusive,
}

/// Artworks held until [`ArtworkLocks::release`], or until dropped (the connection closes).
#[must_use = "the locks are released when this is dropped"]
pub struct ArtworkLocks {
    conn: Option<PgConnection>,
    _holder: SemaphorePermit<'static>,
}

/// The advisory lock keyspace of artists: "arti".
const ARTISTS: i32 = 0x6172_7469;

/// The lock key of an artwork (or artist): its id folded to 32 bits. Two sharing a key only
/// wait for each other needlessly.
fn key(id: ArtworkId) -> i32 {
    let n = id.0.as_u128();
    let folded = (n ^ (n >> 32) ^ (n >> 64) ^ (n >> 96)) as u32;
    i32::from_ne_bytes(folded.to_ne_bytes())
}

impl ArtworkLocks {
    /// Waits for and takes `ids` (in key order, each once).
    pub async fn take(pool: &PgPool, ids: &[ArtworkId], hold: Hold) -> Result<Self, sqlx::Error> {
        Self::take_in(pool, ARTWORKS, ids, hold).await
    }

    /// Waits for and takes artist `id` alone: an artist edit's approval, from its check
    /// against the artist to its effect, so two approvals cannot both pass the check.
    pub async fn take_artist(pool: &PgPool, id: ArtistId) -> Result<Self, sqlx::Error> {
        Self::take_in(pool, ARTISTS, &[ArtworkId(id.0)], Hold::Exclusive).await
    }

    async fn take_in(
        pool: &PgPool,
        space: i32,
        ids: &[ArtworkId],
        hold: Hold,
    ) -> Result<Self, sqlx::Error> {
        let mut keys: Vec<i32> = ids.iter().copied().map(key).collect();
        keys.sort_unstable();
        keys.dedup();
        let holder = HOLDERS
            .acquire()
            .await
            .map_err(|_| sqlx::Error::PoolClosed)?;
        let mut conn = pool.acquire().await?.detach();
        sqlx::query(&format!("SET lock_timeout = '{WAIT}'"))
            .execute(&mut conn)
            .await?;
        let sql = match hold {
            Hold::Shared => "SELECT pg_advisory_lock_shared($1, $2)",
            Hold::Exclusive => "SELECT pg_advisory_lock($1, $2)",
        };
        for k in keys {
            sqlx::query(sql)
                .bind(space)
                .bind(k)
                .execute(&mut conn)
                .await?;
        }
        Ok(Self {
            conn: Some(conn),
            _holder: holder,
        })
    }

    /// Runs `work` with a place for the locks it takes, and releases them once it is done,
    /// however it ended.
    pub async fn releasing<T>(work: impl AsyncFnOnce(&mut Option<Self>) -> T) -> T {
        let mut held = None;
        let done = work(&mut held).await;
        if let Some(locks) = held {
            locks.release().await;
        }
        done
    }

    /// Releases the locks now (closing the connection would too, a moment later).
    pub async fn release(mut self) {
        if let Some(mut conn) = self.conn.take() {
            if let Err(e) = sqlx::query("SELECT pg_advisory_unlock_all()")
                .execute(&mut conn)
                .await
            {
                tracing::warn!(error = %e, "artwork locks not released by hand; closing their connection");
            }
            let _ = conn.close().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    #[test]
    fn an_artworks_key_depends_on_its_whole_id() {
        let a = ArtworkId(Uuid::from_u128(0x0190_0000_0000_7000_8000_0000_0000_0001));
        let b = ArtworkId(Uuid::from_u128(0x0190_0000_0000_7000_8000_0000_0000_0002));
        let c = ArtworkId(Uuid::from_u128(0x0191_0000_0000_7000_8000_0000_0000_0001));
        assert_ne!(key(a), key(b));
        assert_ne!(key(a), key(c));
        assert_eq!(key(a), key(a));
    }
}
