//! The relay: publishes stored events to JetStream in the store's final order (see
//! `platform::eventlog`), with `Nats-Msg-Id` for de-duplication, and checkpoints the last
//! (tx_id, position) only after JetStream acknowledged everything before it. A crash between
//! publish and checkpoint re-publishes a few events, which JetStream drops as duplicates.

use async_nats::jetstream::{self, context::PublishAckFuture, message::PublishMessage};
use platform::bus::BusConfig;
use platform::eventlog::{self, EventEnvelope};
use platform::position::EventPosition;
use sqlx::postgres::PgListener;
use sqlx::{Connection, PgPool};
use std::time::Duration;

/// Events read and published per round.
const BATCH: i64 = 1_000;
/// How long the relay sleeps without a notification before looking again: events can become
/// final without a new insert (when an older transaction ends), so it never waits forever.
const IDLE_POLL: Duration = Duration::from_millis(50);

#[derive(Clone)]
pub struct Relay {
    pub pool: PgPool,
    pub js: jetstream::Context,
    pub bus: BusConfig,
    /// Checkpoint row name; also the leader lock's key.
    pub name: String,
}

impl Relay {
    pub fn new(pool: PgPool, js: jetstream::Context, bus: BusConfig) -> Self {
        let name = format!("relay:{}", bus.stream);
        Self {
            pool,
            js,
            bus,
            name,
        }
    }

    pub async fn checkpoint(&self) -> Result<EventPosition, sqlx::Error> {
        let row: Option<(i64, i64)> =
            sqlx::query_as("SELECT tx_id, position FROM es.relay_checkpoints WHERE name = $1")
                .bind(&self.name)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map_or(EventPosition::ZERO, |(t, p)| EventPosition::new(t, p)))
    }

    /// Runs until dropped. Only one relay per stream publishes at a time: the others wait on a
    /// session advisory lock held on a connection of its own (released if the holder dies).
    pub async fn run(self) -> anyhow::Result<()> {
        let mut lock = self.pool.acquire().await?.detach();
        sqlx::query("SELECT pg_advisory_lock(hashtext($1))")
            .bind(&self.name)
            .execute(&mut lock)
            .await?;
        tracing::info!(relay = %self.name, "relay is the publisher");
        platform::bus::ensure_stream(&self.js, &self.bus).await?;
        sqlx::query("INSERT INTO es.relay_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING")
            .bind(&self.name)
            .execute(&self.pool)
            .await?;
        let mut listener = PgListener::connect_with(&self.pool).await?;
        listener.listen("plinth_events").await?;
        // Two batches in flight: the next batch is read and sent while JetStream acknowledges
        // the one before; a batch is checkpointed once all its acks (and so all before it) are in.
        let mut read_to = self.checkpoint().await?;
        let mut in_flight: Option<Sent> = None;
        loop {
            let events = eventlog::read_after(&self.pool, read_to, BATCH).await?;
            if events.is_empty() {
                if let Some(sent) = in_flight.take() {
                    self.confirm(sent).await?;
                    continue;
                }
                // A lost listener connection reconnects on the next recv; polling covers the gap.
                if let Ok(Err(e)) = tokio::time::timeout(IDLE_POLL, listener.recv()).await {
                    tracing::debug!(error = ?e, "relay listener failed");
                    tokio::time::sleep(IDLE_POLL).await;
                }
                continue;
            }
            let sent = self.send(&events).await?;
            read_to = sent.last;
            if let Some(before) = in_flight.replace(sent) {
                self.confirm(before).await?;
            }
            // Keep the lock connection alive and detect its loss.
            if events.len() as i64 == BATCH {
                continue;
            }
            lock.ping().await?;
        }
    }

    /// Sends a batch to JetStream without waiting for its acks.
    async fn send(&self, events: &[EventEnvelope]) -> anyhow::Result<Sent> {
        let mut acks = Vec::with_capacity(events.len());
        for e in events {
            let payload = serde_json::to_vec(e)?;
            let msg = PublishMessage::build()
                .message_id(e.msg_id())
                .payload(payload.into());
            acks.push(
                self.js
                    .send_publish(self.bus.subject(&e.aggregate_type, &e.aggregate_id), msg)
                    .await?,
            );
        }
        let last = events
            .last()
            .map(EventEnvelope::event_position)
            .unwrap_or(EventPosition::ZERO);
        Ok(Sent { acks, last })
    }

    /// Waits for every ack of a sent batch, then stores the checkpoint at its last event.
    async fn confirm(&self, sent: Sent) -> anyhow::Result<()> {
        let count = sent.acks.len() as i64;
        for ack in sent.acks {
            ack.await?;
        }
        sqlx::query(
            "UPDATE es.relay_checkpoints SET tx_id = $2, position = $3, \
             published = published + $4, updated_at = now() WHERE name = $1",
        )
        .bind(&self.name)
        .bind(sent.last.tx)
        .bind(sent.last.pos)
        .bind(count)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

/// A batch sent to JetStream whose acks are still to come.
struct Sent {
    acks: Vec<PublishAckFuture>,
    /// Its last event's position.
    last: EventPosition,
}
