//! Running a process manager: a durable JetStream consumer whose events are handed to the
//! manager — one at a time and in order, or up to `concurrency` at once for a manager whose
//! commands do not depend on the order of events — and answered on the bus as the manager says
//! (done, try again later, or never again).

use std::future::Future;
use std::time::Duration;

use async_nats::jetstream::{self, consumer::pull, AckKind};
use futures::future::Either;
use futures::stream::FuturesUnordered;
use futures::StreamExt;
use platform::bus::BusConfig;
use platform::eventlog::EventEnvelope;

/// A durable consumer of the event stream.
pub struct Durable {
    /// The consumer's name: it remembers what was answered across restarts.
    pub name: &'static str,
    /// The subjects it reads (one filter: NATS 2.9 takes no more).
    pub filter_subject: String,
    /// How long JetStream waits for an answer before it delivers the event again.
    pub ack_wait: Duration,
    /// Events handled at once (1: one after the other, in the stream's order).
    pub concurrency: usize,
}

/// Hands every event to `handle` until the task is dropped; an error means the bus failed, and
/// the caller restarts it. An undecodable message is answered `Term` and logged.
pub async fn follow<F, Fut>(
    js: &jetstream::Context,
    bus: &BusConfig,
    durable: Durable,
    mut handle: F,
) -> anyhow::Result<()>
where
    F: FnMut(EventEnvelope) -> Fut,
    Fut: Future<Output = AckKind>,
{
    let stream = platform::bus::ensure_stream(js, bus).await?;
    let config = pull::Config {
        durable_name: Some(durable.name.to_owned()),
        filter_subject: durable.filter_subject,
        ack_policy: jetstream::consumer::AckPolicy::Explicit,
        ack_wait: durable.ack_wait,
        deliver_policy: jetstream::consumer::DeliverPolicy::All,
        ..Default::default()
    };
    let consumer = stream.get_or_create_consumer(durable.name, config).await?;
    let mut messages = consumer.messages().await?;
    let limit = durable.concurrency.max(1);
    let mut in_flight = FuturesUnordered::new();
    loop {
        tokio::select! {
            // Another event only while fewer than `limit` are being handled.
            next = messages.next(), if in_flight.len() < limit => {
                let Some(message) = next else { break };
                let message = message?;
                let answer = match serde_json::from_slice::<EventEnvelope>(&message.payload) {
                    Ok(envelope) => Either::Left(handle(envelope)),
                    Err(e) => {
                        tracing::error!(consumer = durable.name, error = %e, "undecodable event on the bus; skipped");
                        Either::Right(std::future::ready(AckKind::Term))
                    }
                };
                in_flight.push(async move {
                    let answer = answer.await;
                    message.ack_with(answer).await
                });
            }
            Some(acked) = in_flight.next(), if !in_flight.is_empty() => {
                acked.map_err(|e| anyhow::anyhow!(e))?;
            }
        }
    }
    while let Some(acked) = in_flight.next().await {
        acked.map_err(|e| anyhow::anyhow!(e))?;
    }
    Ok(())
}
