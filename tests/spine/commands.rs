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
    let metadata = domain::EventMetadata::system(domain::EventSource::Import, uuid::Uuid::now_v7());
    let mut conflicts = 0;
    for round in 0..5 {
        let r = record(&format!("contested-{round}"));
        let id = r.id.to_string();
        let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(16));
        let tasks: Vec<_> = (0..16)
            .map(|_| {
                let (commands, metadata, r, id, barrier) = (
                    commands.clone(),
                    metadata.clone(),
                    r.clone(),
                    id.clone(),
                    barrier.clone(),
                );
                tokio::spawn(async move {
                    barrier.wait().await;
                    commands
                        .artwork(
                            &id,
                            domain::ArtworkCommand::ImportArtwork(Box::new(r)),
                            &metadata,
                        )
                        .await
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
        .artwork(
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
