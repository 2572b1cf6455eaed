//! Running a process manager: a durable JetStream consumer whose events are handed, one at a
//! time and in order, to the manager, and answered on the bus as the manager says (done, try
//! again later, or never again).

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
    while let Some(message) = messages.next().await {
        let message = message?;
        let answer = match serde_json::from_slice::<EventEnvelope>(&message.payload) {
            Ok(envelope) => handle(envelope).await,
            Err(e) => {
                tracing::error!(consumer = durable.name, error = %e, "undecodable event on the bus; skipped");
                AckKind::Term
            }
        };
        message
            .ack_with(answer)
            .await
            .map_err(|e| anyhow::anyhow!(e))?;
    }
    Ok(())
}
