//! Issue 15's projector resilience: transient failures retried forever (shown as degraded, never
//! stopping the projector), a poison event stopping one projector and naming the event until an
//! admin restarts it, JetStream losing events healed from the event store, and a long-running
//! transaction holding the relay reported with its age.

use crate::accounts::{admin_session, signed_in};
use crate::fixtures::sql_scalar;
use crate::harness::{
    all_datasets, relayed, runtime, supervise_all, tear_down, wait_projected, TestApp, TestBus,
    TestDb,
};
use async_trait::async_trait;
use platform::eventlog::EventEnvelope;
use projectors::{Projector, ReadModel};
use serde_json::Value;
use sqlx::PgConnection;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A projector with switchable faults: while `transient` is set every batch fails as if the
/// pool timed out; while `broken` is set, any artwork event fails the same way every time (a
/// bug a later build fixes). It records the positions it applied.
struct Faulty {
    transient: AtomicBool,
    broken: AtomicBool,
    attempts: AtomicU32,
}

impl Faulty {
    fn new() -> Arc<Faulty> {
        Arc::new(Faulty {
            transient: AtomicBool::new(false),
            broken: AtomicBool::new(false),
            attempts: AtomicU32::new(0),
        })
    }
}

#[async_trait]
impl Projector for Faulty {
    fn model(&self) -> &'static ReadModel {
        &ReadModel {
            name: "faulty",
            tables: &["faulty_seen"],
            tables_sql: "CREATE TABLE IF NOT EXISTS faulty_seen (position bigint PRIMARY KEY);",
            indexes_sql: "",
        }
    }

    async fn apply(&self, db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
        self.attempts.fetch_add(1, Ordering::Relaxed);
        if self.transient.load(Ordering::Relaxed) {
            return Err(anyhow::Error::new(sqlx::Error::PoolTimedOut).context("projecting"));
        }
        for e in events {
            if self.broken.load(Ordering::Relaxed) && e.aggregate_type == "artwork" {
                anyhow::bail!("cannot read {} event", e.event_type);
            }
            sqlx::query("INSERT INTO faulty_seen (position) VALUES ($1)")
                .bind(e.position)
                .execute(&mut *db)
                .await?;
        }
        Ok(())
    }
}

/// Waits until `f` holds, polling every 50 ms, for at most `secs`.
async fn until<F, Fut>(secs: u64, what: &str, mut f: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    while !f().await {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what}: not within {secs} s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn faulty_caught_up(pool: &sqlx::PgPool) -> bool {
    let cp = projectors::runtime::checkpoint(pool, "faulty")
        .await
        .unwrap();
    let head = platform::eventlog::head(pool).await.unwrap();
    cp == head
}

async fn projector_status(app: &TestApp, admin: &str, name: &str) -> Value {
    let (status, _, body) = app
        .get_with("/api/admin/status", &[("X-User-Token", admin)])
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["projectors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .cloned()
        .unwrap_or(Value::Null)
}

/// A test's app and an admin's session, with a [`Faulty`] whose `fault` is set run under
/// supervision and one artwork imported for it to meet.
async fn supervise_faulty(
    fault: fn(&Faulty) -> &AtomicBool,
) -> (TestApp, String, Arc<Faulty>, tokio::task::JoinHandle<()>) {
    let app = TestApp::spawn().await;
    let admin = admin_session(&app, "ops@example.org").await;
    let faulty = Faulty::new();
    fault(&faulty).store(true, Ordering::Relaxed);
    let task = tokio::spawn({
        let rt = runtime(&app.db, &app.bus);
        let p: Arc<dyn Projector> = faulty.clone();
        async move { rt.supervise(p).await }
    });
    let commands = command_api::Commands::new(app.db.pool.clone());
    let record = crate::harness::vancouver_artwork("resilience-1", "Resilience", &[]);
    crate::harness::import_artwork(&commands, record).await;
    (app, admin, faulty, task)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transient_failures_are_retried_past_any_count_and_shown_as_degraded() {
    let (app, admin, faulty, task) = supervise_faulty(|f| &f.transient).await;

    // Given many more failures in a row than stop a projector on a poison event…
    let max = crate::harness::test_options().max_failures;
    until(60, "failing attempts", || async {
        faulty.attempts.load(Ordering::Relaxed) > 3 * max
    })
    .await;
    // …it is degraded, not stopped, and says why.
    let status = projector_status(&app, &admin, "faulty").await;
    assert_eq!(status["status"], "degraded", "{status}");
    assert!(status["last_error"]
        .as_str()
        .unwrap()
        .contains("pool timed out"));

    // When the cause goes away it catches up by itself, and is ok again.
    faulty.transient.store(false, Ordering::Relaxed);
    until(60, "catching up", || faulty_caught_up(&app.db.pool)).await;
    until(30, "ok again", || async {
        projector_status(&app, &admin, "faulty").await["status"] == "ok"
    })
    .await;
    assert!(!task.is_finished());
    task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poison_event_stops_its_projector_naming_it_until_an_admin_restarts_it() {
    let (app, admin, faulty, task) = supervise_faulty(|f| &f.broken).await;
    let (id, first_artwork_event): (String, i64) = sqlx::query_as(
        "SELECT aggregate_id, global_position FROM es.events
          WHERE aggregate_type = 'artwork' ORDER BY global_position LIMIT 1",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();

    // It stops at the artwork event, naming it; everything before it is applied.
    until(60, "stopped", || async {
        projector_status(&app, &admin, "faulty").await["status"] == "stopped"
    })
    .await;
    let status = projector_status(&app, &admin, "faulty").await;
    let named = status["stopped_event"].as_str().unwrap();
    assert!(named.starts_with(&format!("artwork/{id}#1 at ")), "{named}");
    let seen: Option<i64> = sql_scalar(&app, "SELECT max(position) FROM rm.faulty_seen").await;
    assert!(seen.unwrap_or(0) < first_artwork_event);
    // Everyone sees that it stopped; the other projectors go on.
    let (_, _, public) = app.get("/api/status").await;
    let listed = public["data"]["projectors"].as_array().unwrap();
    assert!(listed
        .iter()
        .any(|p| p["name"] == "faulty" && p["status"] == "stopped"));
    assert!(listed
        .iter()
        .filter(|p| p["name"] != "faulty")
        .all(|p| p["status"] == "ok"));

    // Only admins restart a projector, and only a stopped one.
    let member = signed_in(&app, "member@example.org").await;
    let restart = |name: &str| format!("/api/admin/projectors/{name}/restart");
    for (path, token, expected) in [
        (restart("faulty"), None, 401),
        (restart("faulty"), Some(member.as_str()), 403),
        (restart("nonesuch"), Some(admin.as_str()), 404),
        (restart("artworks"), Some(admin.as_str()), 409),
    ] {
        let (status, _, _) = app.send(reqwest::Method::POST, &path, token, None).await;
        assert_eq!(status, expected, "{path} as {token:?}");
    }

    // The fixed build: restarted, it applies the event and catches up.
    faulty.broken.store(false, Ordering::Relaxed);
    let path = restart("faulty");
    let (status, _, body) = app
        .send(reqwest::Method::POST, &path, Some(&admin), None)
        .await;
    assert_eq!(status, 202, "{body}");
    assert_eq!(body["data"]["stopped_event"], named);
    until(60, "caught up after the restart", || {
        faulty_caught_up(&app.db.pool)
    })
    .await;
    until(30, "ok after the restart", || async {
        projector_status(&app, &admin, "faulty").await["status"] == "ok"
    })
    .await;
    task.abort();
}

/// Has projector `name` applied everything the store holds?
async fn caught_up(pool: &sqlx::PgPool, name: &str) -> bool {
    projectors::runtime::checkpoint(pool, name).await.unwrap()
        == platform::eventlog::head(pool).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_one_feed_a_stopped_projector_holds_up_no_other_and_catches_up_when_restarted() {
    let (db, bus, relay) = relayed().await;
    // Given one feed for a projector that cannot read artwork events and two real ones…
    let faulty = Faulty::new();
    faulty.broken.store(true, Ordering::Relaxed);
    let feed = tokio::spawn({
        let rt = runtime(&db, &bus);
        let lanes: Vec<Arc<dyn Projector>> = vec![
            faulty.clone(),
            projectors::by_name("artists").unwrap(),
            projectors::by_name("artworks").unwrap(),
        ];
        async move { rt.supervise_all(lanes).await }
    });
    // …when artists and then artworks are recorded…
    let commands = command_api::Commands::new(db.pool.clone());
    crate::harness::import_vancouver_artists(&commands).await;
    let record = crate::harness::vancouver_artwork("one-feed-1", "One feed", &[]);
    crate::harness::import_artwork(&commands, record).await;

    // …the faulty one stops at the first artwork event, and the others apply everything.
    until(60, "faulty stopped", || is_stopped(&db.pool, "faulty")).await;
    until(60, "artists and artworks at the head", || async {
        caught_up(&db.pool, "artists").await && caught_up(&db.pool, "artworks").await
    })
    .await;
    assert!(!caught_up(&db.pool, "faulty").await);
    let artworks: i64 = sqlx::query_scalar("SELECT count(*) FROM rm.artworks")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(artworks, 1);

    // The fixed build, restarted: it reads what the feed handed on meanwhile from the store.
    faulty.broken.store(false, Ordering::Relaxed);
    let asked = projectors::checkpoints::request_restart(&db.pool, "faulty")
        .await
        .unwrap();
    assert!(matches!(
        asked,
        projectors::checkpoints::RestartRequest::Requested { .. }
    ));
    until(60, "faulty caught up", || caught_up(&db.pool, "faulty")).await;
    // One consumer served all three, and it has answered every message.
    crate::harness::consumer_idle(&bus, projectors::feed::FEED).await;
    tear_down([feed], relay, bus, db).await;
}

/// Has projector `name` stopped at a poison event?
async fn is_stopped(pool: &sqlx::PgPool, name: &str) -> bool {
    sqlx::query_scalar(
        "SELECT stopped_at IS NOT NULL FROM rm.projector_checkpoints WHERE name = $1",
    )
    .bind(name)
    .fetch_optional(pool)
    .await
    .unwrap()
    .unwrap_or(false)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn projectors_heal_a_purged_stream_from_the_event_store() {
    let (db, bus, relay) = relayed().await;
    let commands = command_api::Commands::new(db.pool.clone());
    plinth::import::run::import_files(&commands, &all_datasets()[..1], false)
        .await
        .unwrap();
    // Every event is published…
    until(60, "published", || async {
        let (tx, pos): (i64, i64) =
            sqlx::query_as("SELECT tx_id, position FROM es.relay_checkpoints LIMIT 1")
                .fetch_optional(&db.pool)
                .await
                .unwrap()
                .unwrap_or((0, 0));
        platform::position::EventPosition::new(tx, pos)
            == platform::eventlog::head(&db.pool).await.unwrap()
    })
    .await;
    // …and then lost: the stream is purged before any projector read it.
    let mut stream = bus.js.get_stream(&bus.bus.stream).await.unwrap();
    stream.purge().await.unwrap();
    assert_eq!(stream.info().await.unwrap().state.messages, 0);

    let tasks = supervise_all(&runtime(&db, &bus));
    wait_projected(&db.pool).await;
    let artists: i64 = sqlx::query_scalar("SELECT count(*) FROM rm.artists")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert!(artists > 0);
    tear_down(tasks, relay, bus, db).await;
}

#[tokio::test]
async fn a_long_transaction_holding_the_relay_is_reported_with_its_age() {
    let db = TestDb::new().await;
    let mut holder = db.pool.begin().await.unwrap();
    let pid: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(&mut *holder)
        .await
        .unwrap();
    // Holding a transaction id, as a transaction that has written does.
    sqlx::query("SELECT pg_current_xact_id()")
        .execute(&mut *holder)
        .await
        .unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let seen = loop {
        if let Some(t) = platform::db::oldest_open_transaction(&db.pool, 0.5).await {
            break t;
        }
        assert!(tokio::time::Instant::now() < deadline, "never reported");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(seen.pid, pid);
    assert!(seen.age_secs >= 0.5);
    assert_eq!(seen.state.as_deref(), Some("idle in transaction"));
    holder.rollback().await.unwrap();
    assert!(platform::db::oldest_open_transaction(&db.pool, 0.0)
        .await
        .is_none_or(|t| t.pid != pid));
    db.drop_db().await;
}

/// How long PostgreSQL is away in the outage test: the scenario's length, not a wait for a
/// condition (every wait below polls a condition with a deadline).
const OUTAGE: Duration = Duration::from_secs(60);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_projector_catches_up_on_its_own_after_a_60_second_database_outage_under_writes() {
    // A private PostgreSQL this test may stop (the shared one serves the other tests).
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("postgres");
    let mut pg = plinth::local::LocalPostgres::start(&dir, "plinth_outage")
        .await
        .unwrap();
    let pool = platform::db::connect(&pg.url(), 20).await.unwrap();
    platform::db::migrate(&pool).await.unwrap();
    let bus = TestBus::new().await;
    // As `plinth serve` runs them: the relay and every projector restarted after failures.
    let relay = plinth::app::spawn_relay(pool.clone(), bus.js.clone(), bus.bus.clone());
    let rt = projectors::ProjectorRuntime {
        pool: pool.clone(),
        js: bus.js.clone(),
        bus: bus.bus.clone(),
        options: crate::harness::test_options(),
    };
    let tasks = supervise_all(&rt);

    // A writer that keeps importing artworks, through the outage, counting what was recorded.
    let stop = Arc::new(AtomicBool::new(false));
    let written = Arc::new(AtomicU32::new(0));
    let writer = tokio::spawn({
        let commands = command_api::Commands::new(pool.clone());
        let (stop, written) = (stop.clone(), written.clone());
        async move {
            let mut n = 0u32;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let record = crate::harness::vancouver_artwork(
                    &format!("outage-{n}"),
                    &format!("Outage {n}"),
                    &[],
                );
                if crate::harness::try_import_artwork(&commands, record)
                    .await
                    .is_ok()
                {
                    written.fetch_add(1, Ordering::Relaxed);
                } else {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    });
    until(60, "writes projected before the outage", || async {
        written.load(Ordering::Relaxed) >= 20
            && sqlx::query_scalar::<_, i64>("SELECT count(*) FROM rm.artworks")
                .fetch_one(&pool)
                .await
                .unwrap_or(0)
                > 0
    })
    .await;

    pg.stop().await.unwrap();
    let before = written.load(Ordering::Relaxed);
    tokio::time::sleep(OUTAGE).await;
    let mut pg = plinth::local::LocalPostgres::start(&dir, "plinth_outage")
        .await
        .unwrap();
    until(60, "writes after the outage", || async {
        written.load(Ordering::Relaxed) >= before + 20
    })
    .await;
    stop.store(true, Ordering::Relaxed);
    writer.await.unwrap();

    // Every projector catches up with everything written, none stopped.
    let names: Vec<&str> = projectors::all().iter().map(|p| p.name()).collect();
    until(120, "every projector caught up", || async {
        let behind: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM rm.projector_checkpoints c
              WHERE stopped_at IS NOT NULL
                 OR EXISTS (SELECT 1 FROM es.events e
                             WHERE (e.tx_id, e.global_position) > (c.tx_id, c.position))",
        )
        .fetch_one(&pool)
        .await
        .unwrap_or(i64::MAX);
        let registered: i64 = sqlx::query_scalar("SELECT count(*) FROM rm.projector_checkpoints")
            .fetch_one(&pool)
            .await
            .unwrap_or(0);
        behind == 0 && registered == i64::try_from(names.len()).unwrap()
    })
    .await;
    let artworks: i64 = sqlx::query_scalar("SELECT count(*) FROM rm.artworks")
        .fetch_one(&pool)
        .await
        .unwrap();
    let stored: i64 = sqlx::query_scalar(
        "SELECT count(DISTINCT aggregate_id) FROM es.events WHERE aggregate_type = 'artwork'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(artworks, stored);
    // (A write cut off by the stop may have committed without its answer.)
    assert!(stored >= i64::from(written.load(Ordering::Relaxed)));
    for t in tasks {
        t.abort();
    }
    relay.abort();
    pool.close().await;
    pg.stop().await.unwrap();
    bus.delete().await;
}
