//! "The city as it was": the map as of a moment equals folding each artwork's stream to that
//! moment; what has changed since is marked, and the added-since and removed-since layers hold
//! exactly the artworks that came and went; a replay of the read models keeps every stretch.

use crate::harness::{assert_replay_keeps, import_artwork, vancouver_artwork_at, TestApp};
use command_api::Commands;
use domain::{Artwork, ArtworkCommand, EventMetadata, EventSource, FieldEdit};
use platform::position::EventPosition;
use projectors::artworks::history::{self, AsOf};
use serde_json::{json, Value};
use uuid::Uuid;

const CENTRE: (f64, f64) = (49.2700, -123.1000);

/// Runs `command` on artwork `id` and returns the position it wrote.
async fn run(commands: &Commands, id: &str, command: ArtworkCommand) -> EventPosition {
    let meta = EventMetadata::system(EventSource::Import, Uuid::now_v7());
    commands
        .execute::<Artwork>(id, command, &meta)
        .await
        .unwrap()
        .expect("the command wrote an event")
}

/// The markers of the map as of `at` (`status` a layer), as (id, title, lat, lon, changes).
async fn past(
    app: &TestApp,
    at: &str,
    status: &str,
    after: EventPosition,
) -> Vec<(String, String, f64, f64, Value)> {
    let (lat, lon) = CENTRE;
    let path =
        format!("/api/artworks/nearby?lat={lat}&lon={lon}&radius=2000&as_of={at}&status={status}");
    let (status, headers, body) = app
        .get_with(&path, &[("X-Min-Position", &after.to_string())])
        .await;
    assert_eq!(status, 200, "{path}: {body}");
    assert!(headers.get("x-read-consistency").is_none(), "stale");
    body["data"]["artworks"]
        .as_array()
        .unwrap_or_else(|| panic!("{body}"))
        .iter()
        .map(|m| {
            (
                m["id"].as_str().unwrap().to_owned(),
                m["title"].as_str().unwrap().to_owned(),
                m["lat"].as_f64().unwrap(),
                m["lon"].as_f64().unwrap(),
                m["changed_since"].clone(),
            )
        })
        .collect()
}

/// The map as of `at` by folding each artwork's stream: (id, title, lat, lon) of those approved
/// then, nearest first as the API orders them.
async fn folded(app: &TestApp, ids: &[&str], at: AsOf) -> Vec<(String, String, f64, f64)> {
    let mut approved = Vec::new();
    for id in ids {
        let then = history::as_of(&app.db.pool, id.parse().unwrap(), at, 0)
            .await
            .unwrap();
        if let Some((a, _)) = then.filter(|(a, _)| a.status == domain::ArtworkStatus::Approved) {
            let d = domain::geo::haversine_m(CENTRE.0, CENTRE.1, a.lat, a.lon);
            approved.push((d, (id.to_string(), a.title, a.lat, a.lon)));
        }
    }
    approved.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1 .0.cmp(&y.1 .0)));
    approved.into_iter().map(|(_, a)| a).collect()
}

fn without_changes(m: Vec<(String, String, f64, f64, Value)>) -> Vec<(String, String, f64, f64)> {
    m.into_iter().map(|(a, b, c, d, _)| (a, b, c, d)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_map_as_of_a_moment_is_the_streams_folded_to_it_with_what_changed_since() {
    // Given a fountain and a mural near a corner (then), the fountain moved and renamed, the
    // mural removed, and a statue added after.
    let app = TestApp::spawn().await;
    let commands = Commands::new(app.db.pool.clone());
    let (lat, lon) = CENTRE;
    let art = |sid: &str, title: &str, at: (f64, f64)| {
        vancouver_artwork_at(sid, title, "fountain", at, &[], &[])
    };
    let fountain = art("past-1", "Past Fountain", (lat, lon));
    let mural = art("past-2", "Past Mural", (lat + 0.002, lon));
    let statue = art("past-3", "Past Statue", (lat - 0.003, lon));
    let ids: Vec<String> = [&fountain, &mural, &statue]
        .iter()
        .map(|a| a.id.to_string())
        .collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    let before = import_artwork(&commands, fountain.clone()).await;
    let then = import_artwork(&commands, mural).await;
    let edit = ArtworkCommand::ApplyEdit {
        submission_id: domain::SubmissionId(Uuid::now_v7()),
        edits: vec![
            FieldEdit::Location {
                old: fountain.location,
                new: domain::Location::parse(lat + 0.001, lon + 0.001).unwrap(),
            },
            FieldEdit::Title {
                old: fountain.title.clone(),
                new: domain::text::Title::parse("Past Fountain, Moved").unwrap(),
            },
        ],
        overwrite_stale: false,
    };
    let moved = run(&commands, ids[0], edit).await;
    let remove = ArtworkCommand::Remove {
        reason: domain::Reason::parse("Taken down in the works").unwrap(),
        feedback: Uuid::now_v7(),
    };
    let removed = run(&commands, ids[1], remove).await;
    let now = import_artwork(&commands, statue).await;
    let now_pos = now;

    // Then at every moment the map is the streams folded to it.
    for at in [before, then, moved, removed, now] {
        let markers = past(&app, &at.to_string(), "approved", now).await;
        assert_eq!(
            without_changes(markers),
            folded(&app, &ids, AsOf::Position(at)).await,
            "as of {at}"
        );
    }

    // And what changed since is marked: as of `then` the fountain has moved and been renamed,
    // the mural has gone; the statue is not there yet.
    let markers = past(&app, &then.to_string(), "approved", now).await;
    let changes: Vec<(&str, &Value)> = markers.iter().map(|m| (m.0.as_str(), &m.4)).collect();
    assert_eq!(
        changes,
        [
            (ids[0], &json!(["moved", "renamed"])),
            (ids[1], &json!(["removed"]))
        ]
    );
    assert_eq!(markers[0].1, "Past Fountain");
    // The layers: what has left the map since, and what came.
    let gone = past(&app, &then.to_string(), "removed", now).await;
    assert_eq!(
        gone.iter().map(|m| m.0.as_str()).collect::<Vec<_>>(),
        [ids[1]]
    );
    let came = past(&app, &then.to_string(), "added", now).await;
    let came: Vec<(&str, &Value)> = came.iter().map(|m| (m.0.as_str(), &m.4)).collect();
    assert_eq!(came, [(ids[2], &json!(["added"]))]);

    // A date long before is an empty map; today is today's map, nothing changed since.
    assert!(past(&app, "2001-01-01", "approved", now).await.is_empty());
    let today = chrono::Utc::now().date_naive().to_string();
    let markers = past(&app, &today, "approved", now).await;
    assert_eq!(markers.len(), 2, "{markers:?}");
    assert!(markers.iter().all(|m| m.4 == json!([])), "{markers:?}");

    // Bad moments and layers are refused with the field named.
    for (query, field) in [
        ("as_of=soon", "as_of"),
        ("as_of=2026-01-01&status=gone", "status"),
    ] {
        let path = format!("/api/artworks/nearby?lat={lat}&lon={lon}&{query}");
        let (status, _, body) = app.get(&path).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert_eq!(body["details"]["field"], json!(field), "{query}: {body}");
    }

    // The slider's range starts with the first stretch.
    let (status, _, body) = app.get("/api/artworks/timeline").await;
    assert_eq!(status, 200, "{body}");
    let first: chrono::DateTime<chrono::Utc> =
        serde_json::from_value(body["data"]["first_at"].clone()).unwrap();
    let now: chrono::DateTime<chrono::Utc> =
        serde_json::from_value(body["data"]["now"].clone()).unwrap();
    assert!(first <= now, "{body}");
    assert!(
        past(
            &app,
            &first.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
            "approved",
            now_pos
        )
        .await
        .len()
            == 1
    );

    // The in-memory answers are PostgreSQL's, at every moment and in every layer.
    let (sql_base, sql_server) = app.spawn_sql_only_api().await;
    assert!(app.geo.wait_for(now_pos).await && app.geo.is_ready());
    let today = today.as_str();
    let (b, t, m, r, n) = (before, then, moved, removed, now_pos);
    for at in [b, t, m, r, n]
        .map(|p| p.to_string())
        .iter()
        .map(String::as_str)
        .chain(["2001-01-01", today])
    {
        for status in ["approved", "removed", "added"] {
            let q = format!(
                "/api/artworks/nearby?lat={lat}&lon={lon}&radius=2000&as_of={at}&status={status}"
            );
            let (_, _, mem) = app
                .get_with(&q, &[("X-Min-Position", &n.to_string())])
                .await;
            let sql: Value = app
                .client
                .get(format!("{sql_base}{q}"))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let (a, b) = (&mem["data"]["artworks"], &sql["data"]["artworks"]);
            crate::geo::assert_same_markers(&q, a, b);
        }
    }
    sql_server.abort();

    // A replay of the read models keeps every stretch.
    assert_replay_keeps(&app.db.pool, &["artwork_spans"]).await;
    app.stop().await;
}
