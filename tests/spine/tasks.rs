//! "Help nearby": the gaps of the approved artworks around a place, nearest first; a gap goes as
//! soon as it is answered, and is hidden while a pending edit answers it.

use crate::edits::{change, propose, ARTWORK};
use crate::fixtures::string_pairs;
use crate::harness::{import_artwork, vancouver_artwork_at as artwork, TestApp};
use serde_json::{json, Value};

/// The tasks of an answer, as (title, gap).
fn tasks(body: &Value) -> Vec<(String, String)> {
    string_pairs(&body["data"]["tasks"], "title", "gap")
}

/// `GET path` once the read side has `at`, checked fresh.
async fn read_after(app: &TestApp, path: &str, at: &str) -> Value {
    let (status, headers, body) = app.get_with(path, &[("X-Min-Position", at)]).await;
    assert_eq!(status, 200, "{body}");
    assert!(headers.get("x-read-consistency").is_none(), "stale");
    body
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_nearby_lists_each_gap_nearest_first_and_drops_those_answered_or_pending() {
    // Given two artworks near a corner: a mural with nothing but its title, and a little
    // further an artwork of type "other" with its year and an artist.
    let app = TestApp::spawn().await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    crate::harness::import_vancouver_artists(&commands).await;
    let (lat, lon) = (49.2611, -123.1139);
    let bare = artwork("gaps-1", "Bare Mural", "mural", (lat, lon), &[], &[]);
    let bare_id = bare.id.to_string();
    import_artwork(&commands, bare).await;
    let far = (lat + 0.001, lon);
    let typed = artwork(
        "gaps-2",
        "Untyped",
        "other",
        far,
        &[("year", "1990")],
        &["6"],
    );
    let at = import_artwork(&commands, typed).await.to_string();
    let path = format!("/api/tasks/nearby?lat={lat}&lon={lon}&radius=500");
    let read = |at: String| {
        let (app, path) = (&app, path.clone());
        async move { read_after(app, &path, &at).await }
    };

    // When the visitor asks for help nearby, then each gap is a task, nearest artwork first.
    let body = read(at.clone()).await;
    let expected = [
        ("Bare Mural", "photo"),
        ("Bare Mural", "artist"),
        ("Bare Mural", "year"),
        ("Untyped", "photo"),
        ("Untyped", "artwork_type"),
    ];
    assert_eq!(tasks(&body), pairs(&expected));
    let first = &body["data"]["tasks"][0];
    assert_eq!(first["artwork_id"], json!(bare_id));
    assert!(first["distance_m"].as_f64().unwrap() < 1.0, "{first}");
    let second_artwork = body["data"]["tasks"][3]["distance_m"].as_f64().unwrap();
    assert!((100.0..120.0).contains(&second_artwork), "{second_artwork}");

    // ... and `limit` counts tasks.
    let (_, _, limited) = app.get(&format!("{path}&limit=2")).await;
    assert_eq!(tasks(&limited), pairs(&expected[..2]));

    // When someone proposes the mural's year (pending), then that task is hidden from others.
    let token = crate::accounts::signed_in(&app, "gaps-helper@example.org").await;
    let edits = json!([change("tag:year", Value::Null, json!("1975"))]);
    let (_, at) = propose(&app, ARTWORK, &token, &bare_id, edits).await;
    let expected = [
        ("Bare Mural", "photo"),
        ("Bare Mural", "artist"),
        ("Untyped", "photo"),
        ("Untyped", "artwork_type"),
    ];
    assert_eq!(tasks(&read(at).await), pairs(&expected));

    // When the second artwork's type is set, then its type task goes.
    let submission_id = domain::SubmissionId(uuid::Uuid::now_v7());
    let edit = domain::ArtworkCommand::ApplyEdit {
        submission_id,
        edits: vec![domain::FieldEdit::ArtworkType {
            old: domain::ArtworkType::Other,
            new: domain::ArtworkType::Statue,
        }],
        overwrite_stale: false,
    };
    let typed_id = domain::ArtworkId::for_import("vancouver", "gaps-2").to_string();
    let meta = domain::EventMetadata::system(domain::EventSource::Import, uuid::Uuid::now_v7());
    let at = commands
        .execute::<domain::Artwork>(&typed_id, edit, &meta)
        .await
        .unwrap()
        .unwrap()
        .to_string();
    let expected = [
        ("Bare Mural", "photo"),
        ("Bare Mural", "artist"),
        ("Untyped", "photo"),
    ];
    assert_eq!(tasks(&read(at).await), pairs(&expected));

    // Bad places are refused with the field named.
    for (query, field) in [
        ("lon=1", "lat"),
        ("lat=91&lon=1", "lat"),
        ("lat=1&lon=1&radius=5001", "radius"),
    ] {
        let (status, _, body) = app.get(&format!("/api/tasks/nearby?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert_eq!(body["details"]["field"], json!(field), "{query}: {body}");
    }
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_report_asks_for_a_look_and_an_old_photo_for_a_new_one() {
    // Given an approved artwork with its photo.
    let (app, author, modr) = crate::fixtures::app_with_moderator().await;
    let artwork = crate::fixtures::approved_proposal(&app, &author, &modr, "Looked At")
        .await
        .artwork;
    let (lat, lon) = (crate::submissions::LAT, crate::submissions::LON);
    let path = format!("/api/tasks/nearby?lat={lat}&lon={lon}&radius=500");
    let read = |at: String| {
        let (app, path) = (&app, path.clone());
        async move {
            tasks(&read_after(app, &path, &at).await)
                .into_iter()
                .filter(|(title, _)| title == "Looked At")
                .map(|(_, gap)| gap)
                .collect::<Vec<_>>()
        }
    };
    let report = json!({"subject_type": "artwork", "subject_id": artwork,
                        "issue_type": "missing", "note": "The artwork is missing"});

    // When someone reports it missing, then Help nearby asks others to look, first.
    let reporter = crate::accounts::anonymous_token(&app).await;
    let (status, at, body) = app
        .post_as(&reporter, "/api/feedback", report.clone())
        .await;
    assert_eq!(status, 201, "{body}");
    let first = read(at).await;
    assert_eq!(
        first.first().map(String::as_str),
        Some("missing"),
        "{first:?}"
    );

    // When a second person reports it too, then it waits for the moderators, asked no more.
    let second = crate::accounts::anonymous_token(&app).await;
    let (status, at, body) = app.post_as(&second, "/api/feedback", report).await;
    assert_eq!(status, 201, "{body}");
    assert!(!read(at).await.contains(&"missing".to_owned()));

    // Given its newest photo is older than five years (the read model's clock turned back).
    let pool = &app.db.pool;
    sqlx::query(
        "UPDATE rm.artworks SET photos_at = now() - interval '6 years' WHERE id = $1::uuid",
    )
    .bind(&artwork)
    .execute(pool)
    .await
    .unwrap();
    let id: uuid::Uuid = artwork.parse().unwrap();
    let now = chrono::Utc::now();
    let five_years_ago = now - chrono::Duration::days(5 * 365 + 2);
    let gaps = projectors::artworks::read::gaps_of(pool, &[id], five_years_ago)
        .await
        .unwrap();
    assert!(gaps[0].gaps.contains(&domain::Gap::OldPhoto), "{gaps:?}");
    assert_eq!(
        crate::harness::table(pool, "artwork_gaps_filled")
            .await
            .len(),
        0
    );

    // When a visit brings a new photo, then the old photo gap is filled (for the badge) and
    // asked no more.
    let visit = crate::fixtures::approved_visit(&app, &author, &modr, &artwork, None).await;
    crate::harness::wait_projected(pool).await;
    let filled: Vec<String> =
        sqlx::query_scalar("SELECT gap FROM rm.artwork_gaps_filled WHERE submission_id = $1::uuid")
            .bind(&visit.submission)
            .fetch_all(pool)
            .await
            .unwrap();
    assert_eq!(filled, ["old_photo"]);
    assert!(!read(visit.position).await.contains(&"old_photo".to_owned()));
    let gaps = projectors::artworks::read::gaps_of(pool, &[id], five_years_ago)
        .await
        .unwrap();
    assert!(
        !gaps.iter().any(|g| g.gaps.contains(&domain::Gap::OldPhoto)),
        "{gaps:?}"
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_artworks_alike_side_by_side_ask_whether_they_are_one_until_someone_says_so() {
    // Given two approved artworks 20 m apart with titles alike, and a third alike but far.
    let app = TestApp::spawn().await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    let (lat, lon) = (49.2633, -123.1386);
    let near = artwork("twins-1", "Digital Orca", "sculpture", (lat, lon), &[], &[]);
    let twin = artwork(
        "twins-2",
        "The Digital Orca",
        "sculpture",
        (lat + 0.00018, lon),
        &[],
        &[],
    );
    let far = artwork(
        "twins-3",
        "Digital Orca",
        "sculpture",
        (lat + 0.003, lon),
        &[],
        &[],
    );
    let (near_id, twin_id) = (near.id.to_string(), twin.id.to_string());
    for record in [near, twin] {
        import_artwork(&commands, record).await;
    }
    let at = import_artwork(&commands, far).await.to_string();
    let path = format!("/api/tasks/nearby?lat={lat}&lon={lon}&radius=1000&limit=200");
    let duplicates = |body: Value| -> Vec<(String, String, i64)> {
        body["data"]["tasks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["gap"] == "duplicate")
            .map(|t| {
                let other = &t["other"];
                (
                    t["artwork_id"].as_str().unwrap().to_owned(),
                    other["artwork_id"].as_str().unwrap().to_owned(),
                    other["distance_m"].as_f64().unwrap().round() as i64,
                )
            })
            .collect()
    };

    // Then the pair is one task, on the nearer artwork, naming the other; the far one is none.
    let body = read_after(&app, &path, &at).await;
    assert_eq!(duplicates(body), [(near_id.clone(), twin_id.clone(), 20)]);

    // When someone tells the moderators they are one, then no one else is asked.
    let token = crate::accounts::anonymous_token(&app).await;
    let note = format!("Likely the same artwork as “The Digital Orca”: /artwork/{twin_id}");
    let report = json!({"subject_type": "artwork", "subject_id": near_id,
                        "issue_type": "comment", "note": note});
    let (status, at, body) = app.post_as(&token, "/api/feedback", report).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(duplicates(read_after(&app, &path, &at).await), []);
    app.stop().await;
}
