//! The search index as a read model: fed from the search projector's documents
//! (`rm.search_docs`) into the configured `SearchIndex` (Tantivy in the data dir by default,
//! Meilisearch when asked), like the geo model is fed from `rm.artworks`.
//!
//! Each sync reads, in one repeatable-read snapshot, the projector's checkpoint and every document
//! changed after the index's own checkpoint, upserts them (version-checked, so replays are
//! harmless) and commits with the new checkpoint `"<generation>/<tx>-<pos>"`. A replay of the
//! projector starts a new generation: the index is then cleared and rebuilt, each document
//! appended once without a version lookup, the next chunk read while one is indexed, and a
//! progress commit every [`COMMIT_EVERY`] documents. Its position is the projector checkpoint it
//! last synced to, so read-your-writes waits on it like on any projector.

use platform::position::EventPosition;
use projectors::search::read as docs;
use search::{SearchDoc, SearchIndex};
use sqlx::PgPool;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;
use uuid::Uuid;

const PROJECTOR: &str = "search";
/// Documents per read while catching up.
const CHUNK: i64 = 5_000;
/// Documents between two progress commits while catching up.
const COMMIT_EVERY: usize = 100_000;

pub struct SearchService {
    index: Arc<dyn SearchIndex>,
    ready: AtomicBool,
    position: watch::Sender<EventPosition>,
    last_error: Mutex<Option<String>>,
}

/// `"<generation>/<tx>-<pos>"`.
fn encode(generation: Uuid, p: EventPosition) -> String {
    format!("{generation}/{p}")
}

fn decode(s: &str) -> Option<(Uuid, EventPosition)> {
    let (g, p) = s.split_once('/')?;
    Some((Uuid::parse_str(g).ok()?, p.parse().ok()?))
}

impl SearchService {
    /// Starts feeding `index` in the background.
    pub fn start(pool: PgPool, index: Arc<dyn SearchIndex>) -> Arc<Self> {
        let (tx, _) = watch::channel(EventPosition::ZERO);
        let me = Arc::new(Self {
            index,
            ready: AtomicBool::new(false),
            position: tx,
            last_error: Mutex::new(None),
        });
        let task = me.clone();
        tokio::spawn(async move { task.follow(pool).await });
        me
    }

    /// Brings `index` up to the search documents once, rebuilding it when they were replayed:
    /// what `plinth replay` does after rebuilding them, so the next start finds the index
    /// current instead of rebuilding it. Answers how many documents it wrote.
    pub async fn sync_once(pool: &PgPool, index: Arc<dyn SearchIndex>) -> anyhow::Result<usize> {
        let once = Self {
            index,
            ready: AtomicBool::new(false),
            position: watch::channel(EventPosition::ZERO).0,
            last_error: Mutex::new(None),
        };
        once.sync(pool).await
    }

    pub fn index(&self) -> &Arc<dyn SearchIndex> {
        &self.index
    }

    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    pub fn position(&self) -> EventPosition {
        *self.position.borrow()
    }

    pub fn last_error(&self) -> Option<String> {
        self.last_error.lock().ok().and_then(|e| e.clone())
    }

    /// Waits (at most 2 s) until the index reflects `min`.
    pub async fn wait_for(&self, min: EventPosition) -> bool {
        let mut rx = self.position.subscribe();
        tokio::time::timeout(crate::positions::MAX_WAIT, rx.wait_for(|p| *p >= min))
            .await
            .is_ok_and(|r| r.is_ok())
    }

    async fn follow(self: Arc<Self>, pool: PgPool) {
        let me = self.clone();
        crate::follow::follow(
            &pool,
            "search indexer",
            || async { self.sync(&pool).await.map(|_| ()) },
            |outcome| {
                if let Ok(mut last) = me.last_error.lock() {
                    *last = outcome.err();
                }
            },
        )
        .await;
    }

    async fn sync(&self, pool: &PgPool) -> anyhow::Result<usize> {
        let Some((mut tx, to)) = projectors::checkpoints::snapshot(pool, PROJECTOR).await? else {
            return Ok(0);
        };
        let generation = docs::generation(&mut tx).await?;
        let stored = self.index.checkpoint().await?.as_deref().and_then(decode);
        let (mut from, rebuilding) = match stored {
            Some((g, p)) if g == generation => (p, false),
            stored => {
                if stored.is_some() {
                    tracing::info!(%generation, "search documents were replayed: rebuilding the index");
                }
                // Until the rebuild is done the index holds part of what it should: searches say
                // so, and read-your-writes waits for the end of the rebuild. An index without a
                // checkpoint holds nothing it can vouch for: it is rebuilt from empty too.
                self.ready.store(false, Ordering::Release);
                self.position.send_replace(EventPosition::ZERO);
                self.index.clear().await?;
                (EventPosition::ZERO, true)
            }
        };
        if to <= from {
            self.caught_up(to);
            return Ok(0);
        }
        let started = std::time::Instant::now();
        let mut total = 0usize;
        let mut uncommitted = 0usize;
        // The next chunk is read from PostgreSQL while this one is indexed.
        let mut rows = docs::changed_after(&mut tx, from, CHUNK).await?;
        while let Some(last) = rows
            .last()
            .map(|r| EventPosition::new(r.last_tx, r.last_pos))
        {
            let full = rows.len() as i64 == CHUNK;
            let chunk: Vec<SearchDoc> = rows.into_iter().map(|r| r.doc.0).collect();
            let n = chunk.len();
            let write = async {
                if rebuilding {
                    self.index.append(chunk).await
                } else {
                    self.index.upsert(chunk).await
                }
            };
            let read = async {
                if full {
                    docs::changed_after(&mut tx, last, CHUNK).await
                } else {
                    Ok(Vec::new())
                }
            };
            let (written, read) = tokio::join!(write, read);
            written?;
            rows = read?;
            total += n;
            uncommitted += n;
            from = last;
            // Progress survives a restart while catching up on a large index; committing is
            // costly (a segment each time), so not after every chunk.
            if !rows.is_empty() && uncommitted >= COMMIT_EVERY {
                self.index.commit(encode(generation, from)).await?;
                uncommitted = 0;
            }
        }
        tx.commit().await?;
        self.index.commit(encode(generation, to)).await?;
        if total > 1000 {
            tracing::info!(
                documents = total,
                seconds = started.elapsed().as_secs_f64(),
                "search index caught up"
            );
        }
        self.caught_up(to);
        Ok(total)
    }

    fn caught_up(&self, to: EventPosition) {
        self.position.send_replace(to);
        self.ready.store(true, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_round_trip_and_reject_garbage() {
        let g = Uuid::new_v4();
        let p = EventPosition::new(12, 345);
        assert_eq!(decode(&encode(g, p)), Some((g, p)));
        assert_eq!(decode("12-345"), None);
        assert_eq!(decode("not-a-uuid/12-345"), None);
    }
}
