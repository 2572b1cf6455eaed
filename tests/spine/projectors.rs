//! Projectors under failure: killed mid-stream, fed duplicates on purpose, and rebuilt by
//! replay; the read models come out the same every way.

use crate::harness::{
    all_datasets, consumer_idle, relayed, runtime, spawn_relay, table, tear_down, wait_projected,
    TestBus, TestDb,
};
use async_nats::jetstream::message::PublishMessage;
use platform::eventlog;
use platform::position::EventPosition;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn killed_projectors_and_redeliveries_converge_to_what_replay_builds() {
    let (db, bus, relay) = relayed().await;
    let commands = command_api::Commands::new(db.pool.clone());
    plinth::import::run::import_files(&commands, &all_datasets(), false)
        .await
        .unwrap();

    // Start the artworks projector and kill it as soon as it has applied something.
    let rt = runtime(&db, &bus);
    let artworks = projectors::by_name("artworks").unwrap();
    let task = tokio::spawn({
        let rt = rt.clone();
        let p = artworks.clone();
        async move { rt.run(p).await }
    });
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let cp = projectors::runtime::checkpoint(&db.pool, "artworks")
            .await
            .unwrap();
        if cp > EventPosition::ZERO {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "projector never started"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    task.abort();
    let _ = task.await;
    let applied_at_kill: i64 =
        sqlx::query_scalar("SELECT applied FROM rm.projector_checkpoints WHERE name = 'artworks'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    let artwork_events: i64 =
        sqlx::query_scalar("SELECT count(*) FROM es.events WHERE aggregate_type = 'artwork'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert!(
        applied_at_kill < artwork_events,
        "the kill should land mid-stream"
    );

    // Duplicates on purpose: re-publish the first 300 events under fresh message ids, so
    // JetStream delivers them again after the originals.
    let early = eventlog::read_after(&db.pool, EventPosition::ZERO, 300)
        .await
        .unwrap();
    for e in &early {
        let msg = PublishMessage::build()
            .message_id(format!("dup-{}", e.msg_id()))
            .payload(serde_json::to_vec(e).unwrap().into());
        bus.js
            .send_publish(bus.bus.subject(&e.aggregate_type, &e.aggregate_id), msg)
            .await
            .unwrap()
            .await
            .unwrap();
    }

    // Restart every projector, from the one feed `plinth serve` runs, and let them finish.
    let tasks = vec![tokio::spawn({
        let rt = rt.clone();
        async move { rt.supervise_all(projectors::all()).await }
    })];
    wait_projected(&db.pool).await;
    // The duplicates (published after the originals) have arrived and been skipped.
    consumer_idle(&bus, projectors::feed::FEED).await;
    let live_artworks = table(&db.pool, "artworks").await;
    let live_artists = table(&db.pool, "artists").await;
    let live_counts: Vec<(String, i64)> =
        sqlx::query_as("SELECT status, n FROM rm.artwork_counts ORDER BY status")
            .fetch_all(&db.pool)
            .await
            .unwrap();
    assert_eq!(
        live_artworks.len() as i64,
        artwork_events,
        "one row per artwork, none twice"
    );
    let counted: i64 = live_counts.iter().map(|(_, n)| n).sum();
    assert_eq!(counted, artwork_events, "counts saw no duplicate");

    // Two replays of one read model at once (`plinth replay` beside the admin page's): one
    // builds, the other is refused at once instead of building the same schema under it.
    let p = projectors::by_name("artworks").unwrap();
    let (a, b) = tokio::join!(
        projectors::replay::replay(&db.pool, p.as_ref(), |_| {}),
        projectors::replay::replay(&db.pool, p.as_ref(), |_| {})
    );
    let refused: Vec<String> = [&a, &b]
        .iter()
        .filter_map(|r| r.as_ref().err().map(|e| e.to_string()))
        .collect();
    assert_eq!(refused.len(), 1, "{a:?} {b:?}");
    assert!(refused[0].contains("already running"), "{refused:?}");
    assert_eq!(table(&db.pool, "artworks").await, live_artworks);

    // Replay every projector from one pass over the store; the swapped-in tables equal the
    // live ones, and the progress counted every event of the store once.
    let all = projectors::all();
    let mut seen = (0, 0);
    let reports = projectors::replay::replay_all(
        &db.pool,
        &projectors::replay::as_refs(&all),
        |done, total| seen = (done, total),
    )
    .await
    .unwrap();
    assert_eq!(reports.len(), all.len());
    assert!(reports.iter().all(|r| r.events > 0));
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM es.events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(seen, (stored as u64, stored as u64));
    assert_eq!(table(&db.pool, "artworks").await, live_artworks);
    assert_eq!(table(&db.pool, "artists").await, live_artists);
    let replay_counts: Vec<(String, i64)> =
        sqlx::query_as("SELECT status, n FROM rm.artwork_counts ORDER BY status")
            .fetch_all(&db.pool)
            .await
            .unwrap();
    assert_eq!(replay_counts, live_counts);

    // After the swap the live projectors carry on from the replay's checkpoint.
    let before = table(&db.pool, "artworks").await.len();
    let record = crate::harness::vancouver_artwork("test-after-replay", "After the replay", &[]);
    crate::harness::import_artwork(&commands, record).await;
    wait_projected(&db.pool).await;
    assert_eq!(table(&db.pool, "artworks").await.len(), before + 1);

    tear_down(tasks, relay, bus, db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poison_event_stops_only_its_projector_and_is_reported() {
    let db = TestDb::new().await;
    let bus = TestBus::new().await;
    // An artwork event of a kind this build does not know, then a good artist event.
    sqlx::query(
        "INSERT INTO es.events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata) \
         VALUES ('artwork', '00000000-0000-0000-0000-000000000001', 1, 'ArtworkVanished', '1', \
                 '{\"ArtworkVanished\": {}}'::jsonb, '{}'::jsonb)",
    )
    .execute(&db.pool)
    .await
    .unwrap();
    let commands = command_api::Commands::new(db.pool.clone());
    crate::harness::import_vancouver_artists(&commands).await;
    let relay = spawn_relay(&db, &bus);
    let rt = runtime(&db, &bus);
    let artists = tokio::spawn({
        let rt = rt.clone();
        async move { rt.run(projectors::by_name("artists").unwrap()).await }
    });
    let result = tokio::time::timeout(
        Duration::from_secs(30),
        rt.run(projectors::by_name("artworks").unwrap()),
    )
    .await
    .expect("a poisoned projector stops by itself");
    let err = result.unwrap_err();
    assert!(
        err.downcast_ref::<projectors::runtime::Poisoned>()
            .is_some(),
        "{err:#}"
    );
    let last_error: Option<String> = sqlx::query_scalar(
        "SELECT last_error FROM rm.projector_checkpoints WHERE name = 'artworks'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert!(last_error.unwrap().contains("ArtworkVanished"));
    let artworks_cp = projectors::runtime::checkpoint(&db.pool, "artworks")
        .await
        .unwrap();
    assert_eq!(
        artworks_cp,
        EventPosition::ZERO,
        "nothing past the poison is applied"
    );

    // The artists projector skips the artwork event and carries on with everything.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let n: i64 = sqlx::query_scalar("SELECT count(*) FROM rm.artists")
            .fetch_one(&db.pool)
            .await
            .unwrap_or(0);
        if n == 610 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "artists projector stalled at {n}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(!artists.is_finished());
    tear_down([artists], relay, bus, db).await;
}

/// A schema from before edits had one table: starting the read model moves every artwork and
/// artist edit into `edits` with its subject, and drops the old tables, so no replay is needed.
#[tokio::test]
async fn the_old_edit_tables_are_moved_into_one_at_start() {
    let db = TestDb::new().await;
    let old = "rm_before_edits";
    let (artwork_edit, artwork) = (uuid::Uuid::now_v7(), uuid::Uuid::now_v7());
    let (new_artist, artist) = (uuid::Uuid::now_v7(), uuid::Uuid::now_v7());
    let columns = "id uuid PRIMARY KEY, submitter uuid NOT NULL, status text NOT NULL,
        edits jsonb NOT NULL, note text, applied jsonb, reason text, reviewer uuid,
        created_at timestamptz NOT NULL, decided_at timestamptz, version bigint NOT NULL,
        last_tx bigint NOT NULL, last_pos bigint NOT NULL";
    sqlx::raw_sql(&format!(
        "CREATE SCHEMA {old};
         CREATE TABLE {old}.artwork_edits (artwork_id uuid NOT NULL, {columns});
         CREATE TABLE {old}.artist_edits (artist_id uuid NOT NULL, new_artist boolean NOT NULL,
             {columns});
         INSERT INTO {old}.artwork_edits VALUES ('{artwork}', '{artwork_edit}', '{artwork}',
             'approved', '[]', NULL, '[\"title\"]', NULL, NULL, now(), now(), 2, 7, 1);
         INSERT INTO {old}.artist_edits VALUES ('{artist}', true, '{new_artist}', '{artist}',
             'pending', '[]', 'why', NULL, NULL, NULL, now(), NULL, 1, 8, 2);"
    ))
    .execute(&db.pool)
    .await
    .unwrap();

    let model = &projectors::submissions::MODEL;
    for _ in 0..2 {
        // Twice: the schema file runs at every start and must stay idempotent.
        projectors::runtime::run_schema_file(&db.pool, old, model.tables_sql)
            .await
            .unwrap();
    }

    let rows: Vec<(uuid::Uuid, String, uuid::Uuid, bool, String, Option<String>)> =
        sqlx::query_as(&format!(
            "SELECT id, subject_type, subject_id, new_artist, status, note FROM {old}.edits
              ORDER BY subject_type"
        ))
        .fetch_all(&db.pool)
        .await
        .unwrap();
    assert_eq!(
        rows,
        vec![
            (
                new_artist,
                "artist".into(),
                artist,
                true,
                "pending".into(),
                Some("why".into())
            ),
            (
                artwork_edit,
                "artwork".into(),
                artwork,
                false,
                "approved".into(),
                None
            ),
        ]
    );
    let left: Option<String> = sqlx::query_scalar(&format!(
        "SELECT string_agg(table_name, ',') FROM information_schema.tables
          WHERE table_schema = '{old}' AND table_name IN ('artwork_edits', 'artist_edits')"
    ))
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(left, None);
    db.drop_db().await;
}
