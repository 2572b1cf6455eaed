//! Commands on the real event store: concurrent writers to one aggregate lose with a conflict
//! (409 at the HTTP edge) and nothing is written twice; responses name the position written.

use crate::harness::TestDb;
use command_api::CommandError;

fn record(source_id: &str) -> domain::artwork::ImportedArtwork {
    crate::harness::vancouver_artwork(source_id, "Contested", &[])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_writers_to_one_aggregate_conflict_and_write_once() {
    let db = TestDb::new().await;
    let commands = command_api::Commands::new(db.pool.clone());
    let mut conflicts = 0;
    for round in 0..5 {
        let r = record(&format!("contested-{round}"));
        let id = r.id.to_string();
        let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(16));
        let tasks: Vec<_> = (0..16)
            .map(|_| {
                let (commands, r, barrier) = (commands.clone(), r.clone(), barrier.clone());
                tokio::spawn(async move {
                    barrier.wait().await;
                    crate::harness::try_import_artwork(&commands, r).await
                })
            })
            .collect();
        for t in tasks {
            match t.await.unwrap() {
                Ok(position) => assert!(position.is_some()),
                Err(CommandError::Conflict) => conflicts += 1,
                Err(other) => panic!("unexpected {other}"),
            }
        }
        let n: i64 = sqlx::query_scalar("SELECT count(*) FROM es.events WHERE aggregate_id = $1")
            .bind(&id)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(n, 1, "exactly one event for {id}");
    }
    assert!(
        conflicts > 0,
        "16 simultaneous writers should collide at least once in 5 rounds"
    );
    db.drop_db().await;
}

#[tokio::test]
async fn a_command_answers_with_the_position_it_wrote() {
    let db = TestDb::new().await;
    let commands = command_api::Commands::new(db.pool.clone());
    let metadata = domain::EventMetadata::system(domain::EventSource::Import, uuid::Uuid::now_v7());
    let r = record("positioned");
    let id = r.id.to_string();
    let pos = commands
        .execute::<domain::Artwork>(
            &id,
            domain::ArtworkCommand::ImportArtwork(Box::new(r)),
            &metadata,
        )
        .await
        .unwrap()
        .unwrap();
    let (tx, gp): (i64, i64) =
        sqlx::query_as("SELECT tx_id, global_position FROM es.events WHERE aggregate_id = $1")
            .bind(&id)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(pos, platform::position::EventPosition::new(tx, gp));
    let resp = platform::http::with_position(axum::http::StatusCode::CREATED, Some(pos));
    assert_eq!(resp.headers()["x-event-position"], pos.to_string().as_str());
    db.drop_db().await;
}

/// The importer's path: many aggregates decide on one read and their events are written in one
/// statement, all or nothing. A chunk that another writer beat to one of its aggregates writes
/// nothing (a conflict), and deciding again finds that aggregate as the other writer left it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn decisions_in_bulk_are_written_together_or_not_at_all() {
    use command_api::bulk::{decide_many, Handled};
    let db = TestDb::new().await;
    let metadata = domain::EventMetadata::system(domain::EventSource::Import, uuid::Uuid::now_v7());
    let import = |r: &domain::artwork::ImportedArtwork| {
        (
            r.id.to_string(),
            domain::ArtworkCommand::ImportArtwork(Box::new(r.clone())),
        )
    };
    let (a, b) = (record("bulk-a"), record("bulk-b"));
    let (handled, decided) = decide_many::<domain::Artwork>(&db.pool, vec![import(&a), import(&b)])
        .await
        .unwrap();
    assert!(handled.iter().all(|h| matches!(
        h,
        Handled::Took {
            before: 0,
            written: 1
        }
    )));

    // Another writer imports b first: the chunk's write is refused whole.
    let (_, first) = decide_many::<domain::Artwork>(&db.pool, vec![import(&b)])
        .await
        .unwrap();
    assert_eq!(
        first
            .write::<domain::ArtworkError>(&db.pool, &metadata)
            .await
            .unwrap(),
        1
    );
    let refused = decided
        .write::<domain::ArtworkError>(&db.pool, &metadata)
        .await;
    assert!(
        matches!(refused, Err(CommandError::Conflict)),
        "{refused:?}"
    );
    let written: i64 = sqlx::query_scalar("SELECT count(*) FROM es.events WHERE aggregate_id = $1")
        .bind(a.id.to_string())
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(written, 0, "nothing of a refused chunk is written");

    // Decided again: a is new, b is already imported from the same record and takes nothing;
    // a refused command costs only itself.
    let mut other_source = record("bulk-a");
    other_source.provenance.dataset = "elsewhere".into();
    let c = record("bulk-c");
    let (handled, decided) =
        decide_many::<domain::Artwork>(&db.pool, vec![import(&a), import(&b), import(&c)])
            .await
            .unwrap();
    assert!(matches!(
        handled[0],
        Handled::Took {
            before: 0,
            written: 1
        }
    ));
    assert!(matches!(
        handled[1],
        Handled::Took {
            before: 1,
            written: 0
        }
    ));
    assert_eq!(
        decided
            .write::<domain::ArtworkError>(&db.pool, &metadata)
            .await
            .unwrap(),
        2
    );
    let (handled, decided) = decide_many::<domain::Artwork>(&db.pool, vec![import(&other_source)])
        .await
        .unwrap();
    assert!(
        matches!(
            handled[0],
            Handled::Refused(domain::ArtworkError::SourceMismatch(_))
        ),
        "{handled:?}"
    );
    assert_eq!(
        decided
            .write::<domain::ArtworkError>(&db.pool, &metadata)
            .await
            .unwrap(),
        0
    );
    db.drop_db().await;
}
