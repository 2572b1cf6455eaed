//! The relay under concurrent writers and repeated crashes: every stored event reaches
//! JetStream exactly once (after de-duplication), each aggregate's events in order.

use crate::harness::{spawn_relay, TestBus, TestDb};
use async_nats::jetstream::consumer::{pull, AckPolicy, DeliverPolicy};
use futures::StreamExt;
use platform::eventlog::EventEnvelope;
use rand::Rng;
use std::collections::HashMap;
use std::time::Duration;

const WRITERS: usize = 12;
const AGGREGATES_PER_WRITER: usize = 5;
const EVENTS_PER_AGGREGATE: i64 = 8;

/// Appends one event in its own transaction, holding it open a random moment so commits
/// land out of position order.
async fn append(pool: &sqlx::PgPool, aggregate: &str, sequence: i64) {
    let mut tx = pool.begin().await.unwrap();
    sqlx::query(
        "INSERT INTO es.events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata) \
         VALUES ('probe', $1, $2, 'ProbeRecorded', '1', jsonb_build_object('n', $2), '{}'::jsonb)",
    )
    .bind(aggregate)
    .bind(sequence)
    .execute(&mut *tx)
    .await
    .unwrap();
    let hold = rand::rng().random_range(0..15);
    tokio::time::sleep(Duration::from_millis(hold)).await;
    tx.commit().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn relay_publishes_every_event_once_in_aggregate_order_across_crashes() {
    let db = TestDb::new().await;
    let bus = TestBus::new().await;

    let writers: Vec<_> = (0..WRITERS)
        .map(|w| {
            let pool = db.pool.clone();
            tokio::spawn(async move {
                for seq in 1..=EVENTS_PER_AGGREGATE {
                    for a in 0..AGGREGATES_PER_WRITER {
                        append(&pool, &format!("w{w}-a{a}"), seq).await;
                    }
                }
            })
        })
        .collect();

    // Kill and restart the relay while the writers run.
    let mut restarts = 0;
    while writers.iter().any(|w| !w.is_finished()) {
        let relay = spawn_relay(&db, &bus);
        let alive = rand::rng().random_range(20..150);
        tokio::time::sleep(Duration::from_millis(alive)).await;
        relay.abort();
        let _ = relay.await;
        restarts += 1;
    }
    for w in writers {
        w.await.unwrap();
    }
    assert!(
        restarts >= 3,
        "the relay should have been killed several times, was {restarts}"
    );

    // A last relay drains the rest.
    let total = (WRITERS * AGGREGATES_PER_WRITER) as i64 * EVENTS_PER_AGGREGATE;
    let relay = spawn_relay(&db, &bus);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let info = bus
            .js
            .get_stream(&bus.bus.stream)
            .await
            .unwrap()
            .cached_info()
            .clone();
        if info.state.messages as i64 >= total {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "only {} of {total} published",
            info.state.messages
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    relay.abort();

    // Read the whole stream back in order.
    let stream = bus.js.get_stream(&bus.bus.stream).await.unwrap();
    let consumer = stream
        .create_consumer(pull::Config {
            deliver_policy: DeliverPolicy::All,
            ack_policy: AckPolicy::None,
            ..Default::default()
        })
        .await
        .unwrap();
    let mut messages = consumer
        .fetch()
        .max_messages(total as usize + 10)
        .messages()
        .await
        .unwrap();
    let mut seen: HashMap<String, Vec<i64>> = HashMap::new();
    let mut count = 0i64;
    while let Some(m) = messages.next().await {
        let m = m.unwrap();
        let e: EventEnvelope = serde_json::from_slice(&m.payload).unwrap();
        assert_eq!(
            m.subject.as_str(),
            bus.bus.subject("probe", &e.aggregate_id)
        );
        seen.entry(e.aggregate_id).or_default().push(e.sequence);
        count += 1;
    }
    assert_eq!(count, total, "every event exactly once");
    assert_eq!(seen.len(), WRITERS * AGGREGATES_PER_WRITER);
    for (aggregate, seqs) in &seen {
        let expected: Vec<i64> = (1..=EVENTS_PER_AGGREGATE).collect();
        assert_eq!(seqs, &expected, "{aggregate} out of order or incomplete");
    }
    // The checkpoint ends at the store's last event.
    let head = platform::eventlog::head(&db.pool).await.unwrap();
    let relay = command_api::Relay::new(db.pool.clone(), bus.js.clone(), bus.bus.clone());
    assert_eq!(relay.checkpoint().await.unwrap(), head);

    bus.delete().await;
    db.drop_db().await;
}

/// A stream made by an older release had no retention bound; starting brings it to the bound
/// (events older than a week or past the size go first: the store heals any projector that
/// needs them).
#[tokio::test]
async fn the_event_stream_is_bounded_even_when_an_older_release_made_it() {
    let js = platform::bus::connect(&crate::harness::nats_url())
        .await
        .unwrap();
    let bus = platform::bus::BusConfig::isolated(&uuid::Uuid::new_v4().simple().to_string()[..12]);
    js.create_stream(async_nats::jetstream::stream::Config {
        name: bus.stream.clone(),
        subjects: vec![bus.all_subjects()],
        ..Default::default()
    })
    .await
    .unwrap();
    let mut stream = platform::bus::ensure_stream(&js, &bus).await.unwrap();
    let config = stream.info().await.unwrap().config.clone();
    assert_eq!(config.max_age, platform::bus::STREAM_MAX_AGE);
    assert_eq!(config.max_messages, platform::bus::STREAM_MAX_MESSAGES);
    assert_eq!(
        config.discard,
        async_nats::jetstream::stream::DiscardPolicy::Old
    );
    js.delete_stream(&bus.stream).await.unwrap();
}
