//! The in-memory geo model and PostgreSQL answer nearby identically, and the artworks nearby and
//! the list write from memory follow every change of the artwork and of its artists.

use crate::harness::TestApp;
use domain::text::{PersonName, Title};
use domain::{
    ArtistCommand, ArtistFieldEdit, ArtworkCommand, EventMetadata, EventSource, FieldEdit,
    SubmissionId,
};
use platform::position::EventPosition;
use rand::{Rng, SeedableRng};
use serde_json::Value;

async fn get_json(client: &reqwest::Client, url: String) -> Value {
    client.get(url).send().await.unwrap().json().await.unwrap()
}

/// Two nearby answers name the same artworks in the same order with the same fields, distances
/// equal to a micrometre (the two compute them in different floating-point steps).
pub(crate) fn assert_same_markers(q: &str, a: &Value, b: &Value) {
    let ids = |v: &Value| {
        v.as_array()
            .unwrap_or_else(|| panic!("{q}: {v}"))
            .iter()
            .map(|x| x["id"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(a), ids(b), "{q}");
    for (x, y) in a.as_array().unwrap().iter().zip(b.as_array().unwrap()) {
        let (dx, dy) = (
            x["distance_m"].as_f64().unwrap(),
            y["distance_m"].as_f64().unwrap(),
        );
        assert!((dx - dy).abs() < 1e-6, "{q}: {dx} vs {dy}");
        let mut x = x.clone();
        let mut y = y.clone();
        x["distance_m"] = Value::Null;
        y["distance_m"] = Value::Null;
        assert_eq!(x, y, "{q}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nearby_from_memory_equals_nearby_from_postgres() {
    let app = TestApp::with_demo_data().await;
    assert!(app.geo.is_ready());
    let (sql_base, sql_server) = app.spawn_sql_only_api().await;
    let client = reqwest::Client::new();
    let centres = [
        (49.2827, -123.1207),
        (42.3736, -71.1097),
        (40.758, -73.9855),
        (37.7793, -122.4193),
    ];
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut compared = 0;
    for i in 0..60 {
        let (clat, clon) = centres[i % centres.len()];
        let lat = clat + rng.random_range(-0.03..0.03);
        let lon = clon + rng.random_range(-0.03..0.03);
        let radius = [100, 500, 2_000, 10_000, 50_000][i % 5];
        let limit = [1, 10, 250, 1_000][i % 4];
        for minimal in [true, false] {
            let q = format!("/api/artworks/nearby?lat={lat}&lon={lon}&radius={radius}&limit={limit}&minimal={minimal}");
            let mem = get_json(&client, format!("{}{q}", app.base)).await;
            let sql = get_json(&client, format!("{sql_base}{q}")).await;
            let (a, b) = (&mem["data"]["artworks"], &sql["data"]["artworks"]);
            assert_same_markers(&q, a, b);
            compared += a.as_array().unwrap().len();
        }
    }
    assert!(
        compared > 5_000,
        "the comparison should cover many results, got {compared}"
    );
    sql_server.abort();
    app.stop().await;
}

/// The titles and first credited artist's names of the artworks in an answer.
fn shown(body: &Value) -> Vec<(String, String)> {
    body["data"]["artworks"]
        .as_array()
        .unwrap_or_else(|| panic!("{body}"))
        .iter()
        .map(|a| {
            let artist = a["artists"][0]["name"].as_str().unwrap_or_default();
            (a["title"].as_str().unwrap().to_owned(), artist.to_owned())
        })
        .collect()
}

/// Has aggregate `id` handle `command` as the import does; answers the position it reached.
async fn run<A>(commands: &command_api::Commands, id: &str, command: A::Command) -> EventPosition
where
    A: cqrs_es::Aggregate<Services = ()>,
    A::Error: std::fmt::Debug,
{
    let meta = EventMetadata::system(EventSource::Import, uuid::Uuid::now_v7());
    commands
        .execute::<A>(id, command, &meta)
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nearby_and_the_list_show_each_change_of_an_artwork_and_its_artist_once_projected() {
    // Given an artwork crediting an artist, each read by nearby (full) and the list, so both
    // answers are kept in memory.
    let app = TestApp::spawn().await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    let record =
        crate::harness::vancouver_artwork("encoded-1", "Encoded Orca", &["encoded-artist"]);
    let artist = domain::ImportedArtist {
        id: domain::ArtistId::for_import("vancouver", "encoded-artist"),
        name: PersonName::parse("Ada Encoded").unwrap(),
        biography: None,
        country: None,
        website: None,
        provenance: record.provenance.clone(),
    };
    let (artist_id, artwork) = (artist.id.to_string(), record.id.to_string());
    let import = ArtistCommand::ImportArtist(Box::new(artist));
    run::<domain::Artist>(&commands, &artist_id, import).await;
    let mut at = crate::harness::import_artwork(&commands, record).await;
    let nearby = "/api/artworks/nearby?lat=49.2827&lon=-123.1207&radius=50&minimal=false";
    let list = "/api/artworks?limit=100";
    let read = |path: &'static str, at: EventPosition| {
        let app = &app;
        async move {
            let at = at.to_string();
            let (status, headers, body) = app.get_with(path, &[("X-Min-Position", &at)]).await;
            assert_eq!(status, 200, "{body}");
            assert!(headers.get("x-read-consistency").is_none(), "{path}: stale");
            shown(&body)
        }
    };
    // Both answers at `at`, nearby's first.
    let read_both = |at: EventPosition| {
        let (nearby, list) = (read(nearby, at), read(list, at));
        async move { [nearby.await, list.await] }
    };
    // What both show when they show one artwork, crediting one artist.
    let shows = |title: &str, artist: &str| {
        let one = vec![(title.to_owned(), artist.to_owned())];
        [one.clone(), one]
    };
    for _ in 0..2 {
        assert_eq!(read_both(at).await, shows("Encoded Orca", "Ada Encoded"));
    }

    // When its title is edited, then shown under the new title.
    let title = |t: &str| Title::parse(t).unwrap();
    let edits = vec![FieldEdit::Title {
        old: title("Encoded Orca"),
        new: title("Encoded Heron"),
    }];
    let submission_id = SubmissionId(uuid::Uuid::now_v7());
    let edit = ArtworkCommand::ApplyEdit {
        submission_id,
        edits,
        overwrite_stale: false,
    };
    at = run::<domain::Artwork>(&commands, &artwork, edit).await;
    assert_eq!(read_both(at).await, shows("Encoded Heron", "Ada Encoded"));

    // When its artist is renamed (the artwork's own row does not change), then shown with the
    // artist's new name.
    let name = |n: &str| PersonName::parse(n).unwrap();
    let rename = ArtistCommand::ApplyEdit {
        edits: vec![ArtistFieldEdit::Name {
            old: Some(name("Ada Encoded")),
            new: name("Ada Renamed"),
        }],
        submission_id: SubmissionId(uuid::Uuid::now_v7()),
        overwrite_stale: false,
    };
    at = run::<domain::Artist>(&commands, &artist_id, rename).await;
    assert_eq!(read_both(at).await, shows("Encoded Heron", "Ada Renamed"));

    // When it is removed, then neither shows it.
    let reason = domain::Reason::parse("Taken down in 2025").unwrap();
    let feedback = uuid::Uuid::now_v7();
    let remove = ArtworkCommand::Remove { reason, feedback };
    at = run::<domain::Artwork>(&commands, &artwork, remove).await;
    assert_eq!(read_both(at).await, [vec![], vec![]]);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn map_markers_are_tagged_with_the_models_position_and_not_sent_again_unchanged() {
    // Given an artwork on the map, today's markers and the map as it was are tagged.
    let app = TestApp::spawn().await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    let (lat, lon) = (49.2811, -123.1122);
    let art = |sid: &str, title: &str, at| {
        crate::harness::vancouver_artwork_at(sid, title, "mural", at, &[], &[])
    };
    let first = art("etag-1", "Tagged Orca", (lat, lon));
    let at = crate::harness::import_artwork(&commands, first).await;
    let min = at.to_string();
    let today = format!("/api/artworks/nearby?lat={lat}&lon={lon}&minimal=true");
    let past = format!("/api/artworks/nearby?lat={lat}&lon={lon}&as_of={min}");
    for path in [&today, &past] {
        let (status, headers, body) = app.get_with(path, &[("X-Min-Position", &min)]).await;
        assert_eq!(status, 200, "{path}: {body}");
        assert_eq!(body["data"]["total"], 1, "{path}: {body}");
        let tag = headers["etag"].to_str().unwrap().to_owned();
        assert!(tag.starts_with("W/\"geo-"), "{tag}");
        assert_eq!(headers["cache-control"], "no-cache");

        // When asked again with the tag, nothing has changed: 304 with no body.
        let (status, headers, body) = app.get_with(path, &[("If-None-Match", &tag)]).await;
        assert_eq!(status, 304, "{path}");
        assert_eq!(headers["etag"].to_str().unwrap(), tag);
        assert_eq!(body, Value::Null);
        // Another tag is answered in full.
        let (status, _, _) = app
            .get_with(path, &[("If-None-Match", "W/\"geo-0-0\"")])
            .await;
        assert_eq!(status, 200, "{path}");
    }

    // When a second artwork is added, the old tag gets the new answer and a new tag.
    let (_, headers, _) = app.get_with(&today, &[("X-Min-Position", &min)]).await;
    let old = headers["etag"].to_str().unwrap().to_owned();
    let second = art("etag-2", "Tagged Heron", (lat + 0.0005, lon));
    let later = crate::harness::import_artwork(&commands, second)
        .await
        .to_string();
    let (status, headers, body) = app
        .get_with(
            &today,
            &[("If-None-Match", &old), ("X-Min-Position", &later)],
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["total"], 2, "{body}");
    assert_ne!(headers["etag"].to_str().unwrap(), old);

    // Answers the model does not give alone (full artworks name artists) are not tagged.
    let full = format!("/api/artworks/nearby?lat={lat}&lon={lon}");
    let (status, headers, _) = app.get(&full).await;
    assert_eq!(status, 200);
    assert!(headers.get("etag").is_none());
    app.stop().await;
}
