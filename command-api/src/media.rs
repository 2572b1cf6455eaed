//! Uploaded photos: keeping the raw upload privately, and the worker that turns it into the
//! served variants off the request path. `media.photos` records each photo's state, so the work
//! resumes after a restart and survives several command-api processes (a photo is claimed with a
//! lease before it is worked on).

use bytes::Bytes;
use domain::{PhotoKey, PhotoSize};
use platform::photos::{self, Inspected, PhotoError};
use platform::storage::{upload_path, variant_path, Storage};
use sqlx::PgPool;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, Semaphore};
use uuid::Uuid;

/// A claim older than this is taken over (its worker died).
const LEASE: Duration = Duration::from_secs(300);
/// Attempts before a photo is marked failed.
const MAX_ATTEMPTS: i32 = 3;

#[derive(Clone)]
pub struct Media {
    pool: PgPool,
    storage: Arc<Storage>,
    queue: mpsc::UnboundedSender<PhotoKey>,
}

impl Media {
    /// Starts the worker (at most one render per core at once) and queues every photo left
    /// unprocessed by an earlier run.
    pub fn start(pool: PgPool, storage: Arc<Storage>) -> Media {
        let (queue, rx) = mpsc::unbounded_channel();
        let media = Media {
            pool,
            storage,
            queue,
        };
        let worker = media.clone();
        tokio::spawn(async move { worker.run(rx).await });
        media
    }

    pub fn storage(&self) -> &Arc<Storage> {
        &self.storage
    }

    /// Checks an upload by content and stores it privately; the variants follow when
    /// [`Media::enqueue`] is called for it (after the submission that owns it is recorded).
    pub async fn accept(&self, bytes: Bytes, uploaded_by: Uuid) -> Result<Accepted, UploadError> {
        let probe = bytes.clone();
        let inspected = tokio::task::spawn_blocking(move || photos::inspect(&probe))
            .await
            .map_err(|e| UploadError::Internal(anyhow::anyhow!(e)))??;
        let key = PhotoKey::new();
        let size = i32::try_from(bytes.len()).unwrap_or(i32::MAX);
        // The whole EXIF summary stays here, erasable; events get only its non-personal part.
        let exif =
            serde_json::to_value(&inspected.exif).map_err(|e| UploadError::Internal(e.into()))?;
        sqlx::query(
            "INSERT INTO media.photos (key, uploaded_by, bytes, format, exif)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(key.0)
        .bind(uploaded_by)
        .bind(size)
        .bind(inspected.format.mime_type())
        .bind(exif)
        .execute(&self.pool)
        .await
        .map_err(|e| UploadError::Internal(e.into()))?;
        self.storage
            .put(&upload_path(key), bytes)
            .await
            .map_err(|e| UploadError::Internal(e.into()))?;
        Ok(Accepted { key, inspected })
    }

    /// Forgets the personal EXIF fields of these photos (the author asked).
    pub async fn erase_metadata(&self, keys: &[PhotoKey]) -> Result<(), sqlx::Error> {
        let ids: Vec<Uuid> = keys.iter().map(|k| k.0).collect();
        sqlx::query(
            "UPDATE media.photos SET exif = NULL, exif_erased_at = coalesce(exif_erased_at, now())
              WHERE key = ANY($1)",
        )
        .bind(&ids)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Queues variants for photos whose submission is now recorded.
    pub fn enqueue(&self, keys: impl IntoIterator<Item = PhotoKey>) {
        for k in keys {
            // The worker only stops with the process; a closed queue is picked up on restart.
            let _ = self.queue.send(k);
        }
    }

    /// Removes every stored file of these photos (a rejected or withdrawn submission's, or an
    /// upload whose request failed). The rows stay, marked deleted, so a late render is undone.
    pub async fn delete(&self, keys: &[PhotoKey]) -> anyhow::Result<()> {
        let ids: Vec<Uuid> = keys.iter().map(|k| k.0).collect();
        sqlx::query("UPDATE media.photos SET status = 'deleted' WHERE key = ANY($1)")
            .bind(&ids)
            .execute(&self.pool)
            .await?;
        for k in keys {
            self.delete_files(*k).await?;
        }
        Ok(())
    }

    async fn delete_files(&self, key: PhotoKey) -> anyhow::Result<()> {
        self.storage.delete(&upload_path(key)).await?;
        for size in PhotoSize::ALL {
            self.storage.delete(&variant_path(key, size)).await?;
        }
        Ok(())
    }

    async fn run(self, mut rx: mpsc::UnboundedReceiver<PhotoKey>) {
        match sqlx::query_scalar::<_, Uuid>(
            "SELECT key FROM media.photos WHERE status = 'uploaded' ORDER BY created_at",
        )
        .fetch_all(&self.pool)
        .await
        {
            Ok(left) => self.enqueue(left.into_iter().map(PhotoKey)),
            Err(e) => tracing::warn!(error = %e, "could not list photos left to process"),
        }
        let slots = Arc::new(Semaphore::new(
            std::thread::available_parallelism().map_or(2, |n| n.get()),
        ));
        while let Some(key) = rx.recv().await {
            let Ok(permit) = slots.clone().acquire_owned().await else {
                return;
            };
            let me = self.clone();
            tokio::spawn(async move {
                let _permit = permit;
                if let Err(e) = me.process(key).await {
                    tracing::warn!(photo = %key, error = %e, "photo processing failed");
                }
            });
        }
    }

    /// Renders and stores the variants of one photo, if it is still waiting for them.
    pub async fn process(&self, key: PhotoKey) -> anyhow::Result<()> {
        let claimed: Option<i32> = sqlx::query_scalar(
            "UPDATE media.photos SET claimed_at = now(), attempts = attempts + 1
              WHERE key = $1 AND status = 'uploaded'
                AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => $2))
              RETURNING attempts",
        )
        .bind(key.0)
        .bind(LEASE.as_secs_f64())
        .fetch_optional(&self.pool)
        .await?;
        let Some(attempts) = claimed else {
            return Ok(());
        };
        let started = std::time::Instant::now();
        let result = self.render(key).await;
        match result {
            Ok(()) => {
                let done = sqlx::query(
                    "UPDATE media.photos SET status = 'ready', processed_at = now(), error = NULL
                      WHERE key = $1 AND status = 'uploaded'",
                )
                .bind(key.0)
                .execute(&self.pool)
                .await?;
                if done.rows_affected() == 0 {
                    // Deleted while rendering: take the fresh files away again.
                    self.delete_files(key).await?;
                }
                tracing::info!(photo = %key, ms = started.elapsed().as_millis() as u64, "photo variants ready");
            }
            Err(e) => {
                let status = if attempts >= MAX_ATTEMPTS {
                    "failed"
                } else {
                    "uploaded"
                };
                sqlx::query(
                    "UPDATE media.photos SET status = $2, error = $3, claimed_at = NULL
                      WHERE key = $1 AND status = 'uploaded'",
                )
                .bind(key.0)
                .bind(status)
                .bind(e.to_string())
                .execute(&self.pool)
                .await?;
                if status == "uploaded" {
                    let me = self.clone();
                    tokio::spawn(async move {
                        tokio::time::sleep(Duration::from_secs(2)).await;
                        me.enqueue([key]);
                    });
                }
                return Err(e);
            }
        }
        Ok(())
    }

    async fn render(&self, key: PhotoKey) -> anyhow::Result<()> {
        let Some(raw) = self.storage.get(&upload_path(key)).await? else {
            anyhow::bail!("the upload is missing from storage");
        };
        let variants = tokio::task::spawn_blocking(move || photos::render_variants(&raw)).await??;
        for v in variants {
            self.storage
                .put(&variant_path(key, v.size), Bytes::from(v.jpeg))
                .await?;
        }
        Ok(())
    }
}

/// An upload that passed the content checks and is stored.
pub struct Accepted {
    pub key: PhotoKey,
    pub inspected: Inspected,
}

#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    #[error(transparent)]
    Photo(#[from] PhotoError),
    #[error(transparent)]
    Internal(anyhow::Error),
}
