//! Running a process manager: a durable JetStream consumer whose events are handed to the
//! manager in order — one at a time, or in batches of what has arrived (up to a limit) for a
//! manager that does one round of reads for many events — and answered on the bus as the
//! manager says (done, try again later, or never again).

pub mod approvals;
pub mod badges;

use std::future::Future;
use std::time::Duration;

use async_nats::jetstream::{self, consumer::pull, AckKind};
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
}

/// Hands every event to `handle`, one at a time, until the task is dropped; an error means the
/// bus failed, and the caller restarts it. An undecodable message is answered `Term` and logged.
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
    follow_batches(js, bus, durable, 1, move |mut batch| {
        let one = batch.pop().map(&mut handle);
        async move {
            match one {
                Some(answer) => vec![answer.await],
                None => Vec::new(),
            }
        }
    })
    .await
}

/// Hands the events to `handle` in batches of those that have arrived (at most `max_batch`, in
/// the stream's order); `handle` answers each event of a batch, in the same order. Otherwise as
/// [`follow`].
pub async fn follow_batches<F, Fut>(
    js: &jetstream::Context,
    bus: &BusConfig,
    durable: Durable,
    max_batch: usize,
    mut handle: F,
) -> anyhow::Result<()>
where
    F: FnMut(Vec<EventEnvelope>) -> Fut,
    Fut: Future<Output = Vec<AckKind>>,
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
    let mut batches = consumer.messages().await?.ready_chunks(max_batch.max(1));
    while let Some(batch) = batches.next().await {
        let mut decoded = Vec::with_capacity(batch.len());
        let mut undecodable = Vec::new();
        for message in batch {
            let message = message?;
            match serde_json::from_slice::<EventEnvelope>(&message.payload) {
                Ok(envelope) => decoded.push((message, envelope)),
                Err(e) => {
                    tracing::error!(consumer = durable.name, error = %e, "undecodable event on the bus; skipped");
                    undecodable.push(message);
                }
            }
        }
        for message in undecodable {
            message
                .ack_with(AckKind::Term)
                .await
                .map_err(|e| anyhow::anyhow!(e))?;
        }
        if decoded.is_empty() {
            continue;
        }
        let (messages, envelopes): (Vec<_>, Vec<_>) = decoded.into_iter().unzip();
        let answers = handle(envelopes).await;
        anyhow::ensure!(
            answers.len() == messages.len(),
            "{}: {} answers for {} events",
            durable.name,
            answers.len(),
            messages.len()
        );
        for (message, answer) in messages.into_iter().zip(answers) {
            message
                .ack_with(answer)
                .await
                .map_err(|e| anyhow::anyhow!(e))?;
        }
    }
    Ok(())
}
