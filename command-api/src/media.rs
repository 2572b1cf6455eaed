//! Uploaded photos: keeping the raw upload privately, and the worker that turns it into the
//! served variants off the request path. `media.photos` records each photo's state, so the work
//! resumes after a restart and survives several command-api processes (a photo is claimed with a
//! lease before it is worked on; the queue is scanned every minute for photos whose claim ran
//! out, so one interrupted by a crash is taken up again, a bounded number of times).
//!
//! A photo belongs to the submission reserved for it ([`Media::reserve`], just before that
//! submission is recorded); one that no recorded submission owns half an hour after its upload
//! (its request failed, was cut off or its process died) is collected with its files.
//!
//! Memory is bounded three ways: uploads whose render alone would exceed the budget are refused,
//! renders are admitted by their memory bound against `PHOTO_RENDER_BUDGET_MB` (and at most one
//! per core), and a process takes at most [`MAX_UPLOADS`] uploads at once and stops taking them
//! while [`MAX_QUEUED_RENDERS`] photos wait for their variants (503 + `Retry-After`). One client
//! holds at most [`MAX_UPLOADS_PER_CLIENT`] of those slots, and a body that sends nothing for
//! [`UPLOAD_IDLE_TIMEOUT`] is dropped, so slow bodies from one address cannot hold them all.
//!
//! Kept in one file on purpose: the upload, the lease-based worker and the collector share the
//! `media.photos` states and the memory budget; the CPU work itself is `media::photos`.

use bytes::Bytes;
use domain::{PhotoKey, PhotoSize};
use media::images::{SigningKey, UrlSigner};
use media::photos::{self, Inspected, PhotoError};
use platform::storage::{upload_path, variant_path, Storage};
use sqlx::PgPool;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, Notify, OwnedSemaphorePermit, Semaphore};
use uuid::Uuid;

/// A claim older than this is taken over (its worker died).
const LEASE: Duration = Duration::from_secs(300);
/// Attempts before a photo is marked failed (a claim counts: a render killed with its process
/// is an attempt too).
const MAX_ATTEMPTS: i32 = 3;
/// How often the queue is scanned for photos nobody is working on.
const SCAN_EVERY: Duration = Duration::from_secs(60);
/// Uploads one process takes at once; more are answered 503.
pub const MAX_UPLOADS: usize = 8;
/// Photos waiting for their variants beyond which new uploads are answered 503.
pub const MAX_QUEUED_RENDERS: usize = 200;
/// An upload no recorded submission owns after this long is collected.
pub const ORPHAN_AFTER: Duration = Duration::from_secs(30 * 60);
/// Seconds a client told 503 is asked to wait.
pub const BUSY_RETRY_AFTER_SECS: u64 = 10;
/// Upload slots one client (an IPv4 address or an IPv6 /64) holds at once, of [`MAX_UPLOADS`].
pub const MAX_UPLOADS_PER_CLIENT: usize = 2;
/// An upload whose body sends nothing for this long is dropped (408) and its slot freed.
pub const UPLOAD_IDLE_TIMEOUT: Duration = Duration::from_secs(30);
const MIB: u64 = 1024 * 1024;

#[derive(Clone)]
pub struct Media {
    pool: PgPool,
    storage: Arc<Storage>,
    queue: mpsc::UnboundedSender<PhotoKey>,
    /// Render memory, in MiB permits.
    budget: Arc<Semaphore>,
    budget_bytes: u64,
    uploads: Arc<Semaphore>,
    /// Upload slots held now, by client bucket (absent: none).
    clients: Arc<Mutex<HashMap<String, usize>>>,
    /// How long an upload's body may send nothing before it is dropped.
    upload_idle: Duration,
    /// Photos queued or being rendered by this process (a photo is queued once).
    pending: Arc<Mutex<HashSet<PhotoKey>>>,
    /// Renders running now, and a wake-up when one ends (for [`Media::drain`]).
    rendering: Arc<Mutex<usize>>,
    rendered: Arc<Notify>,
    /// Set by [`Media::drain`]: queued photos are left for the next start.
    closing: Arc<AtomicBool>,
    /// The key of signed image URLs, for answers about photos not yet public.
    signing: SigningKey,
}

/// Why no upload slot was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SlotRefused {
    /// The process is at its limit of uploads or queued renders.
    #[error("busy")]
    Busy,
    /// This client already holds its share of the slots.
    #[error("this client holds {MAX_UPLOADS_PER_CLIENT} upload slots")]
    ClientShare,
}

/// One upload's slot: the process's permit and the client's share, both given back on drop.
#[derive(Debug)]
pub struct UploadSlot {
    _permit: OwnedSemaphorePermit,
    client: String,
    clients: Arc<Mutex<HashMap<String, usize>>>,
}

impl Drop for UploadSlot {
    fn drop(&mut self) {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = clients.get_mut(&self.client) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                clients.remove(&self.client);
            }
        }
    }
}

impl Media {
    /// Starts the worker (renders admitted by `budget_bytes` of memory, at most one per core)
    /// and queues every photo left unprocessed by an earlier run.
    pub fn start(pool: PgPool, storage: Arc<Storage>, budget_bytes: u64) -> Media {
        let (queue, rx) = mpsc::unbounded_channel();
        let permits = usize::try_from(budget_bytes / MIB)
            .unwrap_or(usize::MAX)
            .max(1);
        let media = Media {
            pool,
            storage,
            queue,
            budget: Arc::new(Semaphore::new(permits)),
            budget_bytes,
            uploads: Arc::new(Semaphore::new(MAX_UPLOADS)),
            clients: Arc::default(),
            upload_idle: UPLOAD_IDLE_TIMEOUT,
            pending: Arc::default(),
            rendering: Arc::default(),
            rendered: Arc::default(),
            closing: Arc::default(),
            signing: SigningKey::default(),
        };
        let worker = media.clone();
        tokio::spawn(async move { worker.run(rx).await });
        media
    }

    pub fn storage(&self) -> &Arc<Storage> {
        &self.storage
    }

    /// Signs the URLs of photos in answers to their author (they are not public yet).
    pub async fn signer(&self) -> Result<&UrlSigner, sqlx::Error> {
        self.signing.get(&self.pool).await
    }

    /// This media with another idle timeout for upload bodies (tests; the default is
    /// [`UPLOAD_IDLE_TIMEOUT`]). The slots and the worker stay shared with `self`.
    pub fn with_upload_idle_timeout(mut self, idle: Duration) -> Media {
        self.upload_idle = idle;
        self
    }

    /// How long an upload's body may send nothing before it is dropped.
    pub fn upload_idle_timeout(&self) -> Duration {
        self.upload_idle
    }

    /// A slot for one upload by `client` (its rate-limit bucket), held for the request:
    /// [`SlotRefused::ClientShare`] when that client already holds [`MAX_UPLOADS_PER_CLIENT`],
    /// [`SlotRefused::Busy`] when this process already takes [`MAX_UPLOADS`] or has
    /// [`MAX_QUEUED_RENDERS`] photos waiting for their variants.
    pub fn upload_slot(&self, client: &str) -> Result<UploadSlot, SlotRefused> {
        if self.queued() >= MAX_QUEUED_RENDERS || self.closing.load(Ordering::Relaxed) {
            return Err(SlotRefused::Busy);
        }
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        let held = clients.get(client).copied().unwrap_or(0);
        if held >= MAX_UPLOADS_PER_CLIENT {
            return Err(SlotRefused::ClientShare);
        }
        let permit = self
            .uploads
            .clone()
            .try_acquire_owned()
            .map_err(|_| SlotRefused::Busy)?;
        clients.insert(client.to_owned(), held + 1);
        Ok(UploadSlot {
            _permit: permit,
            client: client.to_owned(),
            clients: self.clients.clone(),
        })
    }

    /// Checks an upload by content and stores it privately; the variants follow when
    /// [`Media::enqueue`] is called for it (after the submission that owns it is recorded).
    pub async fn accept(&self, bytes: Bytes, uploaded_by: Uuid) -> Result<Accepted, UploadError> {
        let probe = bytes.clone();
        let inspected = tokio::task::spawn_blocking(move || photos::inspect(&probe))
            .await
            .map_err(|e| UploadError::Internal(anyhow::anyhow!(e)))??;
        if inspected.render_bytes > self.budget_bytes {
            // Its render alone would not fit: refuse it now rather than fail it later.
            return Err(UploadError::OverBudget {
                width: inspected.width,
                height: inspected.height,
            });
        }
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
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        for k in keys {
            // The worker only stops with the process; a closed queue is picked up on restart.
            if pending.insert(k) && self.queue.send(k).is_err() {
                pending.remove(&k);
            }
        }
    }

    /// Photos queued or being rendered by this process.
    pub fn queued(&self) -> usize {
        self.pending.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Marks these photos as the given submission's; called just before that submission is
    /// recorded, so a photo is never collected once its submission exists (and one whose
    /// submission was never recorded is).
    pub async fn reserve(&self, keys: &[PhotoKey], submission: Uuid) -> Result<(), sqlx::Error> {
        let ids: Vec<Uuid> = keys.iter().map(|k| k.0).collect();
        sqlx::query("UPDATE media.photos SET submission_id = $2 WHERE key = ANY($1)")
            .bind(&ids)
            .bind(submission)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Deletes the uploads that no recorded submission owns `older_than` after their upload:
    /// never reserved (the request failed or was cut off before it got there), or reserved for a
    /// submission that was never recorded (its process died in between). Answers how many.
    pub async fn collect_orphans(&self, older_than: Duration) -> anyhow::Result<usize> {
        let orphans: Vec<Uuid> = sqlx::query_scalar(
            "SELECT p.key FROM media.photos p
              WHERE p.status <> 'deleted'
                AND p.created_at < now() - make_interval(secs => $1)
                AND (p.submission_id IS NULL
                     OR NOT EXISTS (SELECT 1 FROM es.events e
                                     WHERE e.aggregate_type = 'submission'
                                       AND e.aggregate_id = p.submission_id::text))
              LIMIT 1000",
        )
        .bind(older_than.as_secs_f64())
        .fetch_all(&self.pool)
        .await?;
        let keys: Vec<PhotoKey> = orphans.into_iter().map(PhotoKey).collect();
        if !keys.is_empty() {
            self.delete(&keys).await?;
            tracing::info!(photos = keys.len(), "collected uploads no submission owns");
        }
        Ok(keys.len())
    }

    /// Queues the photos of recorded submissions waiting for variants that nobody holds a live
    /// claim on: left by an earlier run, or interrupted when their process died.
    pub async fn requeue_unclaimed(&self) -> Result<usize, sqlx::Error> {
        let left: Vec<Uuid> = sqlx::query_scalar(
            "SELECT key FROM media.photos
              WHERE status = 'uploaded' AND submission_id IS NOT NULL
                AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => $1))
              ORDER BY created_at",
        )
        .bind(LEASE.as_secs_f64())
        .fetch_all(&self.pool)
        .await?;
        let n = left.len();
        self.enqueue(left.into_iter().map(PhotoKey));
        Ok(n)
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

    /// Stops taking queued photos and waits, at most `grace`, for the renders running now to
    /// finish; what is still queued stays for the next start. Answers the renders still running
    /// when it gave up (their claims run out and another process takes them).
    pub async fn drain(&self, grace: Duration) -> usize {
        self.closing.store(true, Ordering::Relaxed);
        let deadline = tokio::time::Instant::now() + grace;
        loop {
            let woken = self.rendered.notified();
            let running = *self.rendering.lock().unwrap_or_else(|e| e.into_inner());
            if running == 0 {
                return 0;
            }
            if tokio::time::timeout_at(deadline, woken).await.is_err() {
                tracing::warn!(renders = running, "stopping with renders unfinished");
                return running;
            }
        }
    }

    async fn run(self, mut rx: mpsc::UnboundedReceiver<PhotoKey>) {
        let scanner = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(SCAN_EVERY);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                if scanner.closing.load(Ordering::Relaxed) {
                    return;
                }
                if let Err(e) = scanner.requeue_unclaimed().await {
                    tracing::warn!(error = %e, "could not list photos left to process");
                }
                if let Err(e) = scanner.collect_orphans(ORPHAN_AFTER).await {
                    tracing::warn!(error = %e, "could not collect orphaned uploads");
                }
            }
        });
        let slots = Arc::new(Semaphore::new(
            std::thread::available_parallelism().map_or(2, |n| n.get()),
        ));
        while let Some(key) = rx.recv().await {
            let Ok(permit) = slots.clone().acquire_owned().await else {
                return;
            };
            if self.closing.load(Ordering::Relaxed) {
                // Left unclaimed for the next start.
                return;
            }
            *self.rendering.lock().unwrap_or_else(|e| e.into_inner()) += 1;
            let me = self.clone();
            tokio::spawn(async move {
                let _permit = permit;
                if let Err(e) = me.process(key).await {
                    tracing::warn!(photo = %key, error = %e, "photo processing failed");
                }
                me.pending
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&key);
                *me.rendering.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
                me.rendered.notify_waiters();
            });
        }
    }

    /// Renders and stores the variants of one photo, if it is still waiting for them.
    pub async fn process(&self, key: PhotoKey) -> anyhow::Result<()> {
        // A claim whose lease ran out without an answer was a render that took its process
        // down: once MAX_ATTEMPTS claims are spent that way the photo is failed here, in the
        // claim's own statement, instead of being taken up (and taking a process down) forever.
        let claimed: Option<(i32, String)> = sqlx::query_as(
            "UPDATE media.photos
                SET attempts = attempts + (attempts < $3)::int,
                    claimed_at = CASE WHEN attempts < $3 THEN now() END,
                    status = CASE WHEN attempts < $3 THEN status ELSE 'failed' END,
                    error = CASE WHEN attempts < $3 THEN error
                                 ELSE 'its render never finished in ' || attempts || ' tries' END
              WHERE key = $1 AND status = 'uploaded'
                AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => $2))
              RETURNING attempts, status",
        )
        .bind(key.0)
        .bind(LEASE.as_secs_f64())
        .bind(MAX_ATTEMPTS)
        .fetch_optional(&self.pool)
        .await?;
        let attempts = match claimed {
            None => return Ok(()),
            Some((attempts, status)) if status == "failed" => {
                tracing::error!(photo = %key, attempts, "photo failed: its render never finished");
                return Ok(());
            }
            Some((attempts, _)) => attempts,
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
        // Admitted by its memory bound: renders that together fit the budget run at once, a
        // large one waits until it has room.
        let probe = raw.clone();
        let need = tokio::task::spawn_blocking(move || photos::inspect(&probe)).await??;
        let mib = need
            .render_bytes
            .div_ceil(MIB)
            .min(self.budget_bytes / MIB)
            .max(1);
        let _memory = self
            .budget
            .acquire_many(u32::try_from(mib).unwrap_or(u32::MAX))
            .await?;
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
#[derive(Debug)]
pub struct Accepted {
    pub key: PhotoKey,
    pub inspected: Inspected,
}

#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    #[error(transparent)]
    Photo(#[from] PhotoError),
    /// Within the pixel limit, but its render alone needs more memory than the whole budget
    /// (a large image with transparency, say, decodes to four bytes a pixel and more copies).
    #[error("rendering {width} × {height} pixels would exceed the memory budget")]
    OverBudget { width: u32, height: u32 },
    #[error(transparent)]
    Internal(anyhow::Error),
}
