//! One feed for every projector. A single JetStream durable consumer takes each event once,
//! decodes it once and hands the batch to every projector's lane; each lane applies it in its
//! own transaction with its own checkpoint ([`ProjectorRuntime::apply_batch`]), so a slow or
//! stopped projector holds up no other.
//!
//! The feed acknowledges a batch once every lane has been handed it. The event store, not the
//! stream, is what a lane answers to: a lane that finds a gap (a batch it was not given, a
//! purged stream, a restart after a crash) reads what it lacks from the store, from its own
//! checkpoint, before it goes on. So nothing a lane has not applied is lost when the feed has
//! acknowledged it.
//!
//! A lane retries transient failures (the database away) with backoff; an event that fails alone,
//! again and again, stops that lane as poisoned ([`Poisoned`]) until an admin restarts it.

use async_nats::jetstream::{self, consumer::pull};
use futures::StreamExt;
use platform::backoff::Backoff;
use platform::eventlog::{self, EventEnvelope};
use platform::position::EventPosition;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

use crate::runtime::{checkpoint, describe, is_transient, prepare, Poisoned, Projector};
use crate::ProjectorRuntime;

/// The consumer every projector of `plinth serve` shares.
pub const FEED: &str = "projectors";

/// Batches a lane may hold (with the default batch, 16,000 events at most, shared by every
/// lane: the feed decodes a batch once for all).
const LANE_DEPTH: usize = 8;

/// How long the feed waits for room in a lane that is full before it leaves the lane to read
/// the store instead: a slow lane paces the feed for that long at most, a stopped one once.
const HAND_WAIT: Duration = Duration::from_secs(1);

/// A batch as the feed hands it to every lane.
type Batch = Arc<[EventEnvelope]>;

/// The feed's end of one lane.
struct Lane {
    send: mpsc::Sender<Batch>,
    /// Set when a batch could not be handed over: the lane reads the store before its next one.
    behind: Arc<AtomicBool>,
}

/// A lane's own end.
struct Inbox {
    batches: mpsc::Receiver<Batch>,
    behind: Arc<AtomicBool>,
}

fn lane() -> (Lane, Inbox) {
    let (send, batches) = mpsc::channel(LANE_DEPTH);
    let behind = Arc::new(AtomicBool::new(false));
    (
        Lane {
            send,
            behind: behind.clone(),
        },
        Inbox { batches, behind },
    )
}

impl Lane {
    async fn hand(&self, batch: &Batch) {
        if self.behind.load(Ordering::Acquire) {
            // Already reading the store when it gets to this; a batch wakes it if there is room.
            let _ = self.send.try_send(batch.clone());
            return;
        }
        let handed = tokio::time::timeout(HAND_WAIT, self.send.send(batch.clone())).await;
        if !matches!(handed, Ok(Ok(()))) {
            self.behind.store(true, Ordering::Release);
        }
    }
}

impl ProjectorRuntime {
    fn backoff(&self) -> Backoff {
        Backoff::new(self.options.backoff, self.options.max_backoff)
    }

    /// Runs every projector of `projectors` from one feed, each in its own lane under
    /// supervision, for the life of the task (dropping it stops the lanes too).
    pub async fn supervise_all(&self, projectors: Vec<Arc<dyn Projector>>) {
        let name = if let [only] = projectors.as_slice() {
            only.name()
        } else {
            FEED
        };
        let mut lanes = Vec::with_capacity(projectors.len());
        let mut running = tokio::task::JoinSet::new();
        for p in projectors {
            let (lane, inbox) = lane();
            lanes.push(lane);
            let rt = self.clone();
            running.spawn(async move { rt.supervise_lane(p, inbox).await });
        }
        let mut backoff = self.backoff();
        loop {
            backoff.run_starts();
            if let Err(e) = self.feed(name, &lanes).await {
                // The lanes go on from the event store meanwhile (after `heal_after`).
                tracing::warn!(feed = name, error = %format!("{e:#}"), "projector feed interrupted; retrying");
            }
            backoff.pause().await;
        }
    }

    /// [`Self::supervise_all`] for one projector, with a feed of its own named after it.
    pub async fn supervise(&self, p: Arc<dyn Projector>) {
        self.supervise_all(vec![p]).await
    }

    /// Runs `p` from a feed of its own, unsupervised: returns [`Poisoned`] when an event stops
    /// it, or the transient error that interrupted it.
    pub async fn run(&self, p: Arc<dyn Projector>) -> anyhow::Result<()> {
        let (lane, mut inbox) = lane();
        let name = p.name();
        tokio::select! {
            followed = self.follow(p.as_ref(), &mut inbox) => followed,
            fed = self.feed(name, std::slice::from_ref(&lane)) => fed,
        }
    }

    async fn consumer(
        &self,
        name: &str,
    ) -> anyhow::Result<jetstream::consumer::Consumer<pull::Config>> {
        let stream = platform::bus::ensure_stream(&self.js, &self.bus).await?;
        let config = pull::Config {
            durable_name: Some(name.to_owned()),
            // Unfiltered on purpose: see `Projector::apply`.
            ack_policy: jetstream::consumer::AckPolicy::All,
            ack_wait: self.options.ack_wait,
            max_ack_pending: 20_000,
            deliver_policy: jetstream::consumer::DeliverPolicy::All,
            ..Default::default()
        };
        Ok(stream.get_or_create_consumer(name, config).await?)
    }

    /// Takes batches from the consumer `name` and hands each to every lane, until NATS fails.
    async fn feed(&self, name: &str, lanes: &[Lane]) -> anyhow::Result<()> {
        let consumer = self.consumer(name).await?;
        loop {
            // Take what is ready; when nothing is, block on one message so an idle feed reacts
            // at once instead of waiting for a batch to fill.
            let mut messages = collect(
                consumer
                    .fetch()
                    .max_messages(self.options.batch)
                    .messages()
                    .await?,
            )
            .await?;
            if messages.is_empty() {
                messages = collect(
                    consumer
                        .batch()
                        .max_messages(1)
                        .expires(Duration::from_secs(5))
                        .messages()
                        .await?,
                )
                .await?;
            }
            let Some(last) = messages.last() else {
                continue;
            };
            let batch: Batch = messages
                .iter()
                .filter_map(
                    |m| match serde_json::from_slice::<EventEnvelope>(&m.payload) {
                        Ok(e) => Some(e),
                        Err(e) => {
                            // Each lane reads the event from the store when it meets the gap.
                            tracing::warn!(feed = name, error = %e, "undecodable message skipped");
                            None
                        }
                    },
                )
                .collect();
            for lane in lanes {
                lane.hand(&batch).await;
            }
            // Acknowledges the whole batch (the consumer acknowledges all up to a message).
            last.ack().await.map_err(|e| anyhow::anyhow!(e))?;
        }
    }

    /// Runs one lane for the life of the task: transient failures (database away) are retried
    /// forever with backoff, shown as degraded meanwhile; a poison event stops it until an admin
    /// asks for a restart (`POST /api/admin/projectors/{name}/restart`).
    async fn supervise_lane(&self, p: Arc<dyn Projector>, mut inbox: Inbox) {
        let mut backoff = self.backoff();
        loop {
            backoff.run_starts();
            let e = match self.follow(p.as_ref(), &mut inbox).await {
                Ok(()) => return,
                Err(e) => e,
            };
            if let Some(poisoned) = e.downcast_ref::<Poisoned>() {
                tracing::error!(projector = p.name(), event = %poisoned.event, error = %poisoned.cause, "projector stopped");
                self.wait_for_restart(p.name(), &poisoned.event).await;
                backoff = self.backoff();
                continue;
            }
            tracing::warn!(projector = p.name(), error = %format!("{e:#}"), "projector interrupted; retrying");
            record_error(&self.pool, p.name(), &format!("{e:#}")).await;
            backoff.pause().await;
        }
    }

    /// Marks the projector stopped at `event`, then waits until an admin asks for a restart.
    async fn wait_for_restart(&self, name: &str, event: &str) {
        let mut tick = tokio::time::interval(self.options.restart_poll);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut marked = false;
        loop {
            tick.tick().await;
            if !marked {
                marked = sqlx::query(
                    "UPDATE rm.projector_checkpoints
                        SET stopped_at = clock_timestamp(), stopped_event = $2 WHERE name = $1",
                )
                .bind(name)
                .bind(event)
                .execute(&self.pool)
                .await
                .is_ok();
                continue;
            }
            let asked: Result<Option<bool>, _> = sqlx::query_scalar(
                "SELECT restart_requested_at > stopped_at FROM rm.projector_checkpoints
                  WHERE name = $1",
            )
            .bind(name)
            .fetch_one(&self.pool)
            .await;
            if let Ok(Some(true)) = asked {
                tracing::info!(projector = name, "restarting on request");
                return;
            }
        }
    }

    /// One lane: catches up from the store, then applies what the feed hands it, going back to
    /// the store whenever a batch does not continue its checkpoint or the feed is quiet for
    /// `heal_after`. Returns when the feed is gone, or with [`Poisoned`] or a transient error.
    async fn follow(&self, p: &dyn Projector, inbox: &mut Inbox) -> anyhow::Result<()> {
        prepare(&self.pool, p).await?;
        // Running (again): whatever stopped it is for this run to find again.
        sqlx::query(
            "UPDATE rm.projector_checkpoints SET stopped_at = NULL, stopped_event = NULL
              WHERE name = $1",
        )
        .bind(p.name())
        .execute(&self.pool)
        .await?;
        inbox.behind.store(false, Ordering::Release);
        let mut cp = self.catch_up(p).await?;
        loop {
            let batch =
                match tokio::time::timeout(self.options.heal_after, inbox.batches.recv()).await {
                    Ok(Some(batch)) => batch,
                    Ok(None) => return Ok(()),
                    Err(_quiet) => {
                        cp = self.catch_up(p).await?;
                        continue;
                    }
                };
            if inbox.behind.swap(false, Ordering::AcqRel) {
                cp = self.catch_up(p).await?;
            }
            let newest = batch.iter().map(EventEnvelope::event_position).max();
            if newest.is_none_or(|n| n <= cp) {
                continue;
            }
            cp = match self.apply_batch(p, &batch, usize::MAX).await {
                Ok(done) if Some(done) == newest => done,
                // A gap: what came between is in the store.
                Ok(_) => self.catch_up(p).await?,
                Err(e) if is_transient(&e) => return Err(e),
                Err(e) => {
                    tracing::warn!(projector = p.name(), error = %format!("{e:#}"), "projection failed");
                    record_error(&self.pool, p.name(), &format!("{e:#}")).await;
                    // From the store, one event at a time, to find the one that fails.
                    self.catch_up(p).await?
                }
            };
        }
    }

    /// Applies the store's events after the checkpoint until there are none, and answers the
    /// checkpoint reached. When a batch fails it goes one event at a time; the event that fails
    /// alone `max_failures` times stops the projector ([`Poisoned`]).
    async fn catch_up(&self, p: &dyn Projector) -> anyhow::Result<EventPosition> {
        let mut failures = 0u32;
        let mut isolate = false;
        let mut cp = checkpoint(&self.pool, p.name()).await?;
        loop {
            let page = if isolate { 1 } else { self.options.batch };
            let events = eventlog::read_after(&self.pool, cp, i64::try_from(page)?).await?;
            let Some(first) = events.first() else {
                return Ok(cp);
            };
            match self.apply_batch(p, &events, page).await {
                Ok(done) => {
                    cp = done;
                    failures = 0;
                    isolate = false;
                }
                Err(e) if is_transient(&e) => return Err(e),
                Err(e) => {
                    tracing::warn!(projector = p.name(), failures, error = %format!("{e:#}"), "projection failed");
                    record_error(&self.pool, p.name(), &format!("{e:#}")).await;
                    if !isolate {
                        isolate = true;
                        continue;
                    }
                    failures += 1;
                    if failures >= self.options.max_failures {
                        return Err(anyhow::Error::new(Poisoned {
                            projector: p.name(),
                            event: describe(first),
                            cause: format!("{e:#}"),
                        }));
                    }
                    tokio::time::sleep(self.options.backoff * 2u32.pow(failures.min(6))).await;
                }
            }
        }
    }
}

async fn collect<S, E>(mut messages: S) -> anyhow::Result<Vec<jetstream::Message>>
where
    S: futures::Stream<Item = Result<jetstream::Message, E>> + Unpin,
    E: std::fmt::Display,
{
    let mut out = Vec::new();
    while let Some(m) = messages.next().await {
        out.push(m.map_err(|e| anyhow::anyhow!("fetching messages: {e}"))?);
    }
    Ok(out)
}

async fn record_error(pool: &sqlx::PgPool, name: &str, error: &str) {
    let error: String = error.chars().take(2000).collect();
    if let Err(e) = sqlx::query(
        "UPDATE rm.projector_checkpoints SET last_error = $2, last_error_at = now() WHERE name = $1",
    )
    .bind(name)
    .bind(error)
    .execute(pool)
    .await
    {
        tracing::warn!(projector = name, error = ?e, "could not record projector error");
    }
}
