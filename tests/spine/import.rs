//! Importing the demo files: counts per file, rejects with reasons, and a second import that
//! changes nothing.

use crate::fixtures::{find_by, strs};
use crate::harness::{all_datasets, wait_projected, TestDb};
use serde_json::json;
use std::collections::BTreeMap;

fn by_dataset(
    reports: &[plinth::import::run::FileReport],
) -> BTreeMap<String, &plinth::import::run::FileReport> {
    reports
        .iter()
        .map(|r| {
            let file = std::path::Path::new(&r.file)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (file, r)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn demo_import_counts_rejects_and_is_idempotent() {
    let db = TestDb::new().await;
    let commands = command_api::Commands::new(db.pool.clone());

    let first = plinth::import::run::import_files(&commands, &all_datasets(), false)
        .await
        .unwrap();
    let r = by_dataset(&first);
    // (file, records read, artworks new, (artists new, artists credited as another source's),
    // rejects by reason)
    type Expected<'a> = (
        &'a str,
        usize,
        usize,
        (usize, usize),
        &'a [(&'a str, usize)],
    );
    let expected: &[Expected] = &[
        ("vancouver-artists.json", 611, 0, (610, 0), &[]),
        (
            "vancouver.json",
            716,
            572,
            (0, 0),
            &[("missing coordinates", 144)],
        ),
        ("cambridge-ma.geojson", 423, 423, (86, 1), &[]),
        (
            "new-york-city-parks-monuments.csv",
            1901,
            904,
            (306, 2),
            &[("duplicate", 32), ("missing coordinates", 965)],
        ),
        (
            "new-york-city-dot-art.csv",
            527,
            490,
            (460, 2),
            &[
                ("bad coordinates", 13),
                ("duplicate", 5),
                ("missing coordinates", 19),
            ],
        ),
        (
            "san-francisco.csv",
            942,
            410,
            (281, 9),
            &[
                ("bad coordinates", 3),
                ("missing coordinates", 58),
                ("missing title", 6),
            ],
        ),
    ];
    for (file, read, artworks, artists, rejects) in expected {
        let got = r
            .get(*file)
            .unwrap_or_else(|| panic!("no report for {file}"));
        assert_eq!(got.records_read, *read, "{file} read");
        assert_eq!(got.artworks_created, *artworks, "{file} artworks");
        assert_eq!(
            (got.artists_created, got.artists_linked),
            *artists,
            "{file} artists"
        );
        let want: BTreeMap<String, usize> =
            rejects.iter().map(|(k, n)| (k.to_string(), *n)).collect();
        assert_eq!(got.rejects_by_reason(), want, "{file} rejects");
        assert!(got.rejects.iter().all(|r| !r.reason.to_string().is_empty()));
    }
    // The six files are four cities; New York's two share no artwork (a record is compared
    // only with other sources' artworks), so nothing is linked and nobody is asked.
    let linked: usize = first.iter().map(|r| r.artworks_linked).sum();
    let likely: usize = first.iter().map(|r| r.likely_duplicates).sum();
    assert_eq!((linked, likely), (0, 0));
    // Artist files are imported before the artworks that credit them.
    let order: Vec<&str> = first
        .iter()
        .map(|r| r.file.rsplit('/').next().unwrap())
        .collect();
    assert_eq!(order[0], "vancouver-artists.json");

    // Every artwork has its history from its first event, with import metadata.
    let (events, with_meta): (i64, i64) = sqlx::query_as(
        "SELECT count(*), count(*) FILTER (WHERE metadata->>'source' = 'import' AND metadata ? 'correlation_id' \
           AND metadata->>'actor_role' = 'system' AND sequence = 1) FROM es.events \
          WHERE aggregate_type <> 'import_run'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    // 1,757 artists are credited, 14 of them in two cities: 1,743 artist records.
    assert_eq!(events, 2799 + 1743);
    assert_eq!(with_meta, events);

    let second = plinth::import::run::import_files(&commands, &all_datasets(), false)
        .await
        .unwrap();
    for rep in &second {
        assert_eq!(
            rep.artworks_created + rep.artists_created,
            0,
            "{} created something",
            rep.file
        );
    }
    let unchanged: usize = second
        .iter()
        .map(|r| r.artworks_unchanged + r.artists_unchanged)
        .sum();
    assert_eq!(unchanged, 2799 + 1743);
    let linked: usize = second.iter().map(|r| r.artists_linked).sum();
    assert_eq!(linked, 14, "credited as the other city's again");
    let after: i64 =
        sqlx::query_scalar("SELECT count(*) FROM es.events WHERE aggregate_type <> 'import_run'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(after, events, "a second import writes no record's event");
    // Each file's run is recorded, the second time too: 6 files, twice.
    let runs: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM es.events WHERE aggregate_type = 'import_run' \
            AND metadata->>'source' = 'import'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(runs, 12);
    db.drop_db().await;
}

#[tokio::test]
async fn an_unknown_file_is_refused_before_anything_is_written() {
    let db = TestDb::new().await;
    let commands = command_api::Commands::new(db.pool.clone());
    let files = vec![
        crate::harness::dataset("cambridge-ma.geojson"),
        "nope.csv".into(),
    ];
    let err = plinth::import::run::import_files(&commands, &files, false)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("nope.csv"), "{err}");
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM es.events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(n, 0);
    db.drop_db().await;
}

/// An inventory of a city the demo data lacks, in the shape many publish: semicolons, French
/// field names, Windows-1252 text, no id field.
fn unseen_city_csv(dir: &std::path::Path) -> std::path::PathBuf {
    let mut bytes = b"Titre;Artiste;Cat\xe9gorie;Ann\xe9e;Latitude;Longitude;Quartier\n".to_vec();
    bytes.extend_from_slice(b"Le Phare;Marie Roy;Sculpture;1992;45.5017;-73.5673;Ville-Marie\n");
    bytes
        .extend_from_slice(b"Murale de l'\xe9t\xe9;Collectif A;Murale;2015;45.52;-73.58;Plateau\n");
    bytes.extend_from_slice(b"Fontaine;Inconnu;Fontaine;1920;45.51;-73.55;Ville-Marie\n");
    bytes.extend_from_slice(b"Sans lieu;X;Sculpture;2001;;;Rosemont\n");
    let path = dir.join("art-public-montreal.csv");
    std::fs::write(&path, bytes).unwrap();
    path
}

/// A running app with the unseen city imported through its inferred, completed mapping: the
/// app, its commands, the files' directory, the city's file and the import's reports.
async fn app_with_the_city() -> (
    crate::harness::TestApp,
    command_api::Commands,
    tempfile::TempDir,
    std::path::PathBuf,
    Vec<plinth::import::run::FileReport>,
) {
    let app = crate::harness::TestApp::spawn().await;
    let (commands, dir, city, reports) = import_the_city(&app).await;
    (app, commands, dir, city, reports)
}

/// The unseen city imported into `app` from the command line: its commands, the files'
/// directory, the city's file and the import's reports.
async fn import_the_city(
    app: &crate::harness::TestApp,
) -> (
    command_api::Commands,
    tempfile::TempDir,
    std::path::PathBuf,
    Vec<plinth::import::run::FileReport>,
) {
    use plinth::import::run::{import_with, ImportOptions};
    let commands = command_api::Commands::new(app.db.pool.clone());
    let (dir, city) = the_city_with_its_mapping();
    let reports = import_with(
        &commands,
        std::slice::from_ref(&city),
        &ImportOptions::default(),
        false,
    )
    .await
    .unwrap();
    (commands, dir, city, reports)
}

/// The unseen city's file in a directory of its own, beside its inferred mapping as a person
/// completed it: the directory and the file.
fn the_city_with_its_mapping() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let city = unseen_city_csv(dir.path());
    infer_completed(&city);
    (dir, city)
}

/// Infers `file`'s mapping beside it, completed as a person would.
fn infer_completed(file: &std::path::Path) {
    let (written, inferred) = plinth::import::run::infer_beside(file).unwrap();
    complete(&written, inferred.mapping);
}

/// Fills in what inference leaves to a person and writes the mapping back.
fn complete(written: &std::path::Path, mut mapping: plinth::import::mapping::Mapping) {
    mapping.dataset.place = "Montréal".into();
    if mapping.dataset.licence.is_empty() {
        mapping.dataset.licence = "CC BY 4.0".into();
        mapping.dataset.attribution = "Ville de Montréal".into();
        mapping.dataset.source_url = "https://donnees.montreal.ca/".into();
    }
    std::fs::write(written, toml::to_string(&mapping).unwrap()).unwrap();
}

async fn feedback_events(db: &TestDb) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM es.events WHERE aggregate_type = 'feedback'")
        .fetch_one(&db.pool)
        .await
        .unwrap()
}

async fn events(db: &TestDb) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM es.events")
        .fetch_one(&db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_unseen_citys_file_imports_with_its_inferred_mapping_after_a_dry_run_and_only_once() {
    use plinth::import::run::{import_with, infer_beside, ImportOptions};
    let db = TestDb::new().await;
    let commands = command_api::Commands::new(db.pool.clone());
    let dir = tempfile::tempdir().unwrap();
    let file = unseen_city_csv(dir.path());
    let files = vec![file.clone()];

    let (written, inferred) = infer_beside(&file).unwrap();
    assert_eq!(
        written,
        dir.path().join("art-public-montreal.csv.mapping.toml")
    );
    assert!(
        infer_beside(&file).is_err(),
        "a second --infer never overwrites"
    );
    // Licence, attribution, place and source are not in the file: the import says so.
    let err = import_with(&commands, &files, &ImportOptions::default(), false)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("[dataset]"), "{err}");
    assert_eq!(events(&db).await, 0);

    complete(&written, inferred.mapping);

    let report = dir.path().join("report.csv");
    let dry = ImportOptions {
        dry_run: true,
        outcomes: Some(report.clone()),
        ..Default::default()
    };
    let planned = import_with(&commands, &files, &dry, false).await.unwrap();
    assert_eq!(planned[0].artworks_created, 3);
    assert_eq!(
        planned[0].artists_created, 2,
        "Marie Roy and Collectif A; Inconnu is nobody"
    );
    assert_eq!(planned[0].rejects.len(), 1);
    assert_eq!(events(&db).await, 0, "a dry run writes nothing");
    let report = std::fs::read_to_string(&report).unwrap();
    assert!(report.contains(",Le Phare,new,"), "{report}");
    assert!(
        report.contains(",rejected,row 4: missing coordinates"),
        "{report}"
    );

    let done = imported(&commands, &files).await;
    assert_eq!((done[0].artworks_created, done[0].artists_created), (3, 2));
    let (title, provenance): (String, serde_json::Value) = sqlx::query_as(
        "SELECT payload->'ArtworkImported'->>'title', payload->'ArtworkImported'->'provenance' \
         FROM es.events WHERE aggregate_type = 'artwork' AND payload->'ArtworkImported'->>'title' LIKE 'Murale%'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(title, "Murale de l'été");
    assert_eq!(provenance["dataset"], "art-public-montreal");
    assert_eq!(provenance["licence"], "CC BY 4.0");
    assert_eq!(provenance["place"], "Montréal");
    // Three artworks, two artists, and the run itself with its source and counts.
    let written_events = events(&db).await;
    assert_eq!(written_events, 6);
    let run: serde_json::Value = sqlx::query_scalar(
        "SELECT payload->'ImportRunRecorded' FROM es.events WHERE aggregate_type = 'import_run' \
            AND aggregate_id = $1",
    )
    .bind(done[0].run_id.unwrap().to_string())
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(run["file"], "art-public-montreal.csv");
    assert_eq!(run["licence"], "CC BY 4.0");
    assert_eq!(
        (&run["artworks_new"], &run["artists_new"], &run["rejected"]),
        (&json!(3), &json!(2), &json!(1))
    );

    let again = imported(&commands, &files).await;
    assert_eq!(
        (again[0].artworks_created, again[0].artworks_unchanged),
        (0, 3)
    );
    assert_eq!(
        events(&db).await,
        written_events + 1,
        "a second run writes only its own record"
    );
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_second_source_of_the_same_city_is_linked_to_the_artworks_plinth_already_has() {
    use plinth::import::run::{import_with, ImportOptions};
    let (app, commands, dir, _, _) = app_with_the_city().await;
    crate::harness::wait_projected(&app.db.pool).await;

    // OpenStreetMap has the lighthouse sculpture 8 m away under a longer name but by the same
    // artist, the fountain 30 m away under a longer name, and a statue the city lacks.
    let osm = dir.path().join("montreal-overpass.json");
    std::fs::write(
        &osm,
        r#"{"elements": [
            {"type": "node", "id": 11, "lat": 45.50177, "lon": -73.56725,
             "tags": {"tourism": "artwork", "artwork_type": "sculpture", "name": "Le grand phare",
                      "artist_name": "Marie Roy", "wikidata": "Q1"}},
            {"type": "node", "id": 12, "lat": 45.53, "lon": -73.60,
             "tags": {"tourism": "artwork", "artwork_type": "statue", "name": "Nelligan"}},
            {"type": "node", "id": 13, "lat": 45.51027, "lon": -73.55,
             "tags": {"tourism": "artwork", "artwork_type": "fountain",
                      "name": "Fontaine de la place"}}
        ]}"#,
    )
    .unwrap();
    infer_completed(&osm);
    let files = std::slice::from_ref(&osm);
    let dry = ImportOptions {
        dry_run: true,
        ..Default::default()
    };
    let planned = import_with(&commands, files, &dry, false).await.unwrap();
    let report = &planned[0];
    assert_eq!(
        (
            report.artworks_created,
            report.artworks_linked,
            report.likely_duplicates
        ),
        (2, 1, 1)
    );
    assert_eq!(
        (report.artists_created, report.artists_linked),
        (0, 1),
        "Marie Roy is the city's artist, credited as such"
    );
    let outcome = |source_id: &str| {
        report
            .outcomes
            .iter()
            .find(|o| o.source_id.ends_with(source_id))
            .unwrap_or_else(|| panic!("no outcome for {source_id}"))
            .clone()
    };
    let phare = outcome("11");
    assert_eq!(phare.outcome, "linked");
    assert!(
        phare.reason.starts_with("the same as \"Le Phare\""),
        "{}",
        phare.reason
    );
    let fountain = outcome("13");
    assert_eq!(fountain.outcome, "new");
    assert!(
        fountain
            .reason
            .starts_with("likely the same as \"Fontaine\""),
        "{}",
        fountain.reason
    );
    assert_eq!(outcome("12").reason, "");
    let summary = plinth::import::run::summary(&planned);
    assert!(summary.contains("1 linked to ones Plinth had"), "{summary}");
    assert_eq!(feedback_events(&app.db).await, 0, "a dry run asks nobody");

    let done = imported(&commands, files).await;
    assert_eq!((done[0].artworks_created, done[0].artworks_linked), (2, 1));
    assert_eq!((done[0].artists_created, done[0].artists_linked), (0, 1));
    // The unsure one is put to the moderators as a proposed merge, once.
    assert_eq!(feedback_events(&app.db).await, 1);
    crate::harness::wait_projected(&app.db.pool).await;

    // One lighthouse on the map, which shows both sources.
    let (_, _, near) = app
        .get("/api/artworks/nearby?lat=45.5017&lon=-73.5673&radius=200&limit=50")
        .await;
    let near = near["data"]["artworks"].as_array().unwrap().clone();
    let titles: Vec<&str> = near.iter().map(|a| a["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Le Phare"], "{near:?}");
    let id = near[0]["id"].as_str().unwrap();
    let (_, _, detail) = app.get(&format!("/api/artworks/{id}")).await;
    let detail = &detail["data"];
    assert_eq!(detail["provenance"]["dataset"], "art-public-montreal");
    let also = detail["also_from"].as_array().unwrap();
    assert_eq!(also.len(), 1, "{detail}");
    assert_eq!(also[0]["dataset"], "montreal-overpass");
    assert_eq!(
        detail["tags"]["wikidata_id"], "Q1",
        "what the linked record adds comes with it"
    );
    let (_, _, artists) = app.get("/api/artists?search=Marie%20Roy").await;
    let artists = artists["data"]["artists"].as_array().unwrap().clone();
    assert_eq!(artists.len(), 1, "one Marie Roy: {artists:?}");

    // A second run of both sources writes nothing but its own records.
    let before = events(&app.db).await;
    let city = dir.path().join("art-public-montreal.csv");
    let again = imported(&commands, &[city, osm]).await;
    for r in &again {
        assert_eq!(
            (
                r.artworks_created,
                r.artworks_linked,
                r.artworks_changed,
                r.artists_created
            ),
            (0, 0, 0, 0),
            "{}",
            r.file
        );
    }
    assert_eq!(events(&app.db).await, before + 2);
    assert_eq!(feedback_events(&app.db).await, 1);
    app.stop().await;
}

/// Two sources of one city in one run, the second naming every artwork of the first: each
/// artwork once, with both provenances, though the read side has not seen the first file yet.
#[tokio::test]
async fn two_sources_in_one_run_give_each_artwork_once() {
    let db = TestDb::new().await;
    let commands = command_api::Commands::new(db.pool.clone());
    let (dir, city) = the_city_with_its_mapping();
    let osm = dir.path().join("montreal.geojson");
    std::fs::write(
        &osm,
        r#"{"type": "FeatureCollection", "features": [
            {"type": "Feature", "id": "n1", "geometry": {"type": "Point", "coordinates": [-73.5673, 45.50175]},
             "properties": {"tourism": "artwork", "name": "Le Phare"}},
            {"type": "Feature", "id": "n2", "geometry": {"type": "Point", "coordinates": [-73.58005, 45.52]},
             "properties": {"tourism": "artwork", "name": "Murale de l'été"}},
            {"type": "Feature", "id": "n3", "geometry": {"type": "Point", "coordinates": [-73.55, 45.51003]},
             "properties": {"tourism": "artwork", "name": "Fontaine"}}
        ]}"#,
    )
    .unwrap();
    infer_completed(&osm);
    let done = imported(&commands, &[city, osm]).await;
    let counts: Vec<(usize, usize)> = done
        .iter()
        .map(|r| (r.artworks_created, r.artworks_linked))
        .collect();
    assert_eq!(counts, [(3, 0), (0, 3)]);
    // Each OpenStreetMap record points at the city's artwork, which took its source.
    let merged: Vec<(String, String)> = sqlx::query_as(
        "SELECT e.aggregate_id, e.payload->'ArtworkMerged'->>'into' FROM es.events e \
          WHERE e.event_type = 'ArtworkMerged' ORDER BY 1",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(merged.len(), 3);
    let city_ids: std::collections::BTreeSet<String> = sqlx::query_scalar(
        "SELECT aggregate_id FROM es.events WHERE event_type = 'ArtworkImported' \
            AND payload->'ArtworkImported'->'provenance'->>'dataset' = 'art-public-montreal'",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let targets: std::collections::BTreeSet<String> =
        merged.into_iter().map(|(_, into)| into).collect();
    assert_eq!(targets, city_ids);
    db.drop_db().await;
}

/// Uploads `bytes` as `name` to the Import tab's call, as `token`.
async fn upload(
    app: &crate::harness::TestApp,
    token: &str,
    name: &str,
    bytes: Vec<u8>,
    query: &str,
) -> (u16, serde_json::Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned());
    let form = reqwest::multipart::Form::new().part("file", part);
    let path = format!("/api/admin/imports{query}");
    let (status, _, body) = crate::fixtures::post_multipart(app, &path, token, form).await;
    (status, body)
}

/// Uploads `bytes` as a newer file of the source of import run `run`, as `token`, and checks it
/// was taken: the answer.
async fn upload_newer(
    app: &crate::harness::TestApp,
    token: &str,
    bytes: Vec<u8>,
    run: &str,
) -> serde_json::Value {
    let query = format!("?previous_run={run}");
    let (status, body) = upload(app, token, "newer.csv", bytes, &query).await;
    assert_eq!(status, 201, "{body}");
    body
}

/// `files` imported with the default options, without progress bars.
async fn imported(
    commands: &command_api::Commands,
    files: &[std::path::PathBuf],
) -> Vec<plinth::import::run::FileReport> {
    use plinth::import::run::{import_with, ImportOptions};
    import_with(commands, files, &ImportOptions::default(), false)
        .await
        .unwrap()
}

/// Runs a dry run or an import of `upload` with `mapping`: its status and its lines.
async fn run_lines(
    app: &crate::harness::TestApp,
    token: &str,
    upload: &str,
    step: &str,
    mapping: &serde_json::Value,
) -> (u16, Vec<serde_json::Value>) {
    let path = format!("/api/admin/imports/{upload}/{step}");
    let body = json!({ "mapping": mapping });
    let res = app.post_raw(&path, &[("X-User-Token", token)], &body).await;
    let status = res.status().as_u16();
    let text = res.text().await.unwrap();
    let lines = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (status, lines)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_admin_uploads_a_city_file_dry_runs_and_imports_it_from_the_browser_calls() {
    use crate::accounts::{anonymous_token, sign_in};
    let app = crate::submissions::spawn().await;
    let admin = crate::submissions::moderator(&app).await;
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(unseen_city_csv(dir.path())).unwrap();

    // Visitors and users are refused before the file is read.
    let visitor = anonymous_token(&app).await;
    let (user, _, _) = sign_in(&app, "someone@plinth.test", &visitor, 1).await;
    assert_eq!(
        upload(&app, &visitor, "a.csv", bytes.clone(), "").await.0,
        401
    );
    assert_eq!(upload(&app, &user, "a.csv", bytes.clone(), "").await.0, 403);
    let (status, body) = upload(&app, &admin, "empty.csv", Vec::new(), "").await;
    assert_eq!(
        (status, &body["details"]["field"]),
        (400, &json!("file")),
        "{body}"
    );

    let (status, body) = upload(&app, &admin, "art-public-montreal.csv", bytes, "").await;
    assert_eq!(status, 201, "{body}");
    let preview = &body["data"];
    assert_eq!(preview["records"], 4);
    assert_eq!(preview["encoding"], "windows-1252");
    assert_eq!(preview["mapping"]["fields"]["title"], "Titre");
    assert_eq!(preview["mapping"]["coordinates"]["lat"], "Latitude");
    assert!(preview["notes"]["fields.title"]
        .as_str()
        .unwrap()
        .contains("Titre"));
    assert_eq!(preview["sample"][0]["Titre"], "Le Phare");
    let id = preview["upload_id"].as_str().unwrap().to_owned();

    // The proposed mapping lacks the place and the licence: refused, naming what is missing.
    let mut mapping = preview["mapping"].clone();
    let (status, lines) = run_lines(&app, &admin, &id, "dry-run", &mapping).await;
    assert_eq!(
        (status, &lines[0]["details"]["field"]),
        (400, &json!("mapping"))
    );
    assert!(
        lines[0]["message"].as_str().unwrap().contains("place"),
        "{lines:?}"
    );
    mapping["dataset"]["place"] = json!("Montréal");
    let (status, lines) = run_lines(&app, &admin, &id, "dry-run", &mapping).await;
    assert_eq!(status, 400);
    assert!(
        lines[0]["message"].as_str().unwrap().contains("licence"),
        "{lines:?}"
    );
    mapping["dataset"]["licence"] = json!("CC BY 4.0");
    mapping["dataset"]["attribution"] = json!("Ville de Montréal");
    mapping["dataset"]["source_url"] = json!("https://donnees.montreal.ca/");
    let unknown = "00000000-0000-7000-8000-000000000000";
    assert_eq!(
        run_lines(&app, &admin, unknown, "dry-run", &mapping)
            .await
            .0,
        404
    );

    let before = events(&app.db).await;
    let (status, lines) = run_lines(&app, &admin, &id, "dry-run", &mapping).await;
    assert_eq!(status, 200);
    let report = &lines.last().unwrap()["report"];
    assert_eq!(
        (&report["artworks_new"], &report["rejected"]),
        (&json!(3), &json!(1)),
        "{lines:?}"
    );
    assert_eq!(report["dry_run"], true);
    assert_eq!(report["outcomes"][0]["outcome"], "rejected");
    // Progress counts the records read, the rejected one too.
    assert!(
        lines.iter().any(|l| l["progress"]["total"] == 4),
        "{lines:?}"
    );
    assert_eq!(events(&app.db).await, before, "a dry run writes nothing");

    let (status, lines) = run_lines(&app, &admin, &id, "apply", &mapping).await;
    assert_eq!(status, 200);
    let report = &lines.last().unwrap()["report"];
    assert_eq!(report["artworks_new"], 3, "{lines:?}");
    let run = report["run_id"].as_str().unwrap().to_owned();
    let phare = find_by(&report["outcomes"], "title", "Le Phare");
    assert_eq!(
        (&phare["lat"], &phare["lon"]),
        (&json!(45.5017), &json!(-73.5673))
    );

    // The run is in the audit, by the admin; the artworks are on the list, from their source.
    wait_projected(&app.db.pool).await;
    let (status, audit) = app
        .get_as(&admin, "/api/admin/audit?entity_type=import_run", None)
        .await;
    assert_eq!(status, 200, "{audit}");
    let entry = &audit["data"]["entries"][0];
    assert_eq!(entry["entity_id"], json!(run), "{audit}");
    assert_eq!(entry["actor"]["role"], "admin", "{audit}");
    let (status, list) = app.get_as(&visitor, "/api/artworks", None).await;
    assert_eq!(status, 200);
    let mut titles = strs(&list["data"]["artworks"], "title");
    titles.sort_unstable();
    assert_eq!(titles, ["Fontaine", "Le Phare", "Murale de l'été"]);
    assert_eq!(
        list["data"]["artworks"][0]["provenance"]["place"],
        "Montréal"
    );

    // A newer file of the same source is read with that run's mapping.
    let newer = std::fs::read(unseen_city_csv(dir.path())).unwrap();
    let body = upload_newer(&app, &admin, newer, &run).await;
    assert_eq!(body["data"]["from_run"], json!(run));
    assert_eq!(body["data"]["mapping"]["dataset"]["licence"], "CC BY 4.0");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_newer_file_of_the_same_source_becomes_changes_in_history_credited_to_the_dataset() {
    use plinth::import::run::{import_with, ImportOptions};
    let (app, commands, _dir, city, first) = app_with_the_city().await;
    let files = vec![city.clone()];
    let fontaine = first[0]
        .outcomes
        .iter()
        .find(|o| o.title == "Fontaine")
        .unwrap()
        .source_id
        .clone();

    // The city's newer file: the fountain's year corrected, and the mural gone.
    let text = std::fs::read(&city).unwrap();
    let latin: String = text.iter().map(|&b| char::from(b)).collect();
    let newer: String = latin
        .replace(";1920;", ";1921;")
        .lines()
        .filter(|l| !l.starts_with("Murale"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&city, encoding_of_latin(&newer)).unwrap();
    let dry = ImportOptions {
        dry_run: true,
        ..Default::default()
    };
    let planned = import_with(&commands, &files, &dry, false).await.unwrap();
    let counts = |r: &plinth::import::run::FileReport| {
        (r.artworks_created, r.artworks_changed, r.artworks_unchanged)
    };
    assert_eq!(counts(&planned[0]), (0, 1, 1));
    let mural = first[0]
        .outcomes
        .iter()
        .find(|o| o.title.starts_with("Murale"))
        .unwrap()
        .source_id
        .clone();
    assert_eq!(planned[0].gone, std::slice::from_ref(&mural));
    assert_eq!(feedback_events(&app.db).await, 0, "a dry run asks nobody");

    let done = imported(&commands, &files).await;
    assert_eq!(counts(&done[0]), (0, 1, 1));
    // The mural is put to the moderators as missing, once however often the file is imported;
    // it stays on the map until they decide.
    assert_eq!(done[0].gone, [mural]);
    let (kind, note): (String, String) = sqlx::query_as(
        "SELECT payload->'FeedbackSent'->>'issue_type', payload->'FeedbackSent'->>'note' \
           FROM es.events WHERE aggregate_type = 'feedback'",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(kind, "missing");
    assert!(
        note.starts_with("No longer in art-public-montreal"),
        "{note}"
    );
    let again = imported(&commands, &files).await;
    assert_eq!(counts(&again[0]), (0, 0, 2));
    assert_eq!(feedback_events(&app.db).await, 1);

    let id = domain::ArtworkId::for_import("art-public-montreal", &fontaine).to_string();
    let (status, _, hist) = app
        .get_with(&format!("/api/artworks/{id}/history"), &[])
        .await;
    assert_eq!(status, 200, "{hist}");
    let entry = &hist["data"]["entries"][0];
    assert_eq!(entry["kind"], "source_updated", "{hist}");
    assert_eq!(entry["actor"]["source"], "import");
    assert_eq!(entry["actor"]["display_name"], "art-public-montreal");
    assert_eq!(entry["revertible"], true, "{entry}");
    let change = &entry["changes"][0];
    assert_eq!(change["field"], "tags", "{entry}");
    assert_eq!(change["before"]["year"], "1920", "{entry}");
    assert_eq!(change["after"]["year"], "1921", "{entry}");
    app.stop().await;
}

/// `text` back in Windows-1252, as the city publishes it.
fn encoding_of_latin(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect()
}

/// A newer artists file of the same source: the artist whose biography the source rewrote is
/// updated (credited to the dataset, as `ArtistUpdatedFromSource`), the rest write nothing, and
/// the same file again changes nothing.
#[tokio::test]
async fn a_newer_artists_file_updates_what_the_source_changed() {
    use plinth::import::run::import_files;
    let db = TestDb::new().await;
    let commands = command_api::Commands::new(db.pool.clone());
    let file = crate::harness::dataset("vancouver-artists.json");
    let first = import_files(&commands, std::slice::from_ref(&file), false)
        .await
        .unwrap();
    assert_eq!(first[0].artists_created, 610);

    let dir = tempfile::tempdir().unwrap();
    let newer = dir.path().join("vancouver-artists.json");
    let mut artists: Vec<serde_json::Value> =
        serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    artists[0]["biography"] = json!("Kirsty Robbins works on public mosaics.");
    std::fs::write(&newer, serde_json::to_vec(&artists).unwrap()).unwrap();
    let done = import_files(&commands, std::slice::from_ref(&newer), false)
        .await
        .unwrap();
    assert_eq!(
        (
            done[0].artists_created,
            done[0].artists_changed,
            done[0].artists_unchanged
        ),
        (0, 1, 609)
    );
    let (id, changes, source): (String, serde_json::Value, String) = sqlx::query_as(
        "SELECT aggregate_id, payload->'ArtistUpdatedFromSource'->'changes', metadata->>'source' \
           FROM es.events WHERE event_type = 'ArtistUpdatedFromSource'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(
        id,
        domain::ArtistId::for_import("vancouver", "6").to_string()
    );
    assert_eq!(changes.as_array().unwrap().len(), 1, "{changes}");
    assert_eq!(changes[0]["field"], "biography");
    assert_eq!(changes[0]["new"], "Kirsty Robbins works on public mosaics.");
    assert_eq!(source, "import");

    let again = import_files(&commands, &[newer], false).await.unwrap();
    assert_eq!(
        (again[0].artists_changed, again[0].artists_unchanged),
        (0, 610)
    );
    db.drop_db().await;
}

/// The runs list of the Import tab: `GET /api/admin/imports` as `token`.
async fn runs_as(
    app: &crate::harness::TestApp,
    token: &str,
    query: &str,
) -> (u16, serde_json::Value) {
    app.get_as(token, &format!("/api/admin/imports{query}"), None)
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_import_runs_are_listed_to_admins_newest_first_with_their_counts_page_by_page() {
    use crate::accounts::{anonymous_token, sign_in};
    let app = crate::submissions::spawn().await;
    let admin = crate::submissions::moderator(&app).await;

    // Visitors and users are refused before anything is read, a limit that cannot be read too.
    let visitor = anonymous_token(&app).await;
    let (user, _, _) = sign_in(&app, "someone@plinth.test", &visitor, 1).await;
    assert_eq!(runs_as(&app, &visitor, "?limit=x").await.0, 401);
    assert_eq!(runs_as(&app, &user, "?limit=x").await.0, 403);
    let (status, body) = runs_as(&app, &admin, "").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"],
        json!({ "runs": [], "limit": 20, "next": null }),
        "{body}"
    );
    for bad in ["?limit=0", "?limit=101", "?limit=x", "?before=x"] {
        let (status, body) = runs_as(&app, &admin, bad).await;
        assert_eq!(status, 400, "{bad}: {body}");
    }

    // One run from the command line, then a newer file of the same source from the browser,
    // read with the first run's mapping.
    let (_commands, _dir, city, first) = import_the_city(&app).await;
    let first = &first[0];
    let first_run = first.run_id.unwrap().to_string();
    let bytes = std::fs::read(&city).unwrap();
    let body = upload_newer(&app, &admin, bytes, &first_run).await;
    // Each column's values are counted as the file is read.
    assert_eq!(
        body["data"]["column_values"]["Catégorie"],
        json!({ "filled": 4, "distinct": 3, "more": false, "top": [
            { "value": "Sculpture", "count": 2 },
            { "value": "Murale", "count": 1 },
            { "value": "Fontaine", "count": 1 },
        ] }),
        "{body}"
    );
    assert_eq!(body["data"]["column_values"]["Latitude"]["filled"], 3);
    let upload_id = body["data"]["upload_id"].as_str().unwrap().to_owned();
    let mapping = body["data"]["mapping"].clone();
    let (status, lines) = run_lines(&app, &admin, &upload_id, "apply", &mapping).await;
    assert_eq!(status, 200);
    let second = lines.last().unwrap()["report"].clone();
    let second_run = second["run_id"].as_str().unwrap().to_owned();

    let (status, body) = runs_as(&app, &admin, "").await;
    assert_eq!(status, 200, "{body}");
    let runs = body["data"]["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2, "{body}");
    assert_eq!(body["data"]["next"], json!(null));
    let (newer, older) = (&runs[0], &runs[1]);
    assert_eq!(newer["run_id"], json!(second_run));
    assert_eq!(older["run_id"], json!(first_run));
    assert!(newer["recorded_at"].as_str() >= older["recorded_at"].as_str());
    // The browser's run is the admin's; the command line's nobody's.
    assert!(newer["run_by"].is_string(), "{newer}");
    assert_eq!(older["run_by"], json!(null));
    let dataset = older["dataset"].as_str().unwrap().to_owned();
    assert_eq!(
        older,
        &json!({
            "run_id": first_run,
            "recorded_at": older["recorded_at"],
            "run_by": null,
            "file": "art-public-montreal.csv",
            "dataset": dataset,
            "dataset_name": older["dataset_name"],
            "licence": "CC BY 4.0",
            "attribution": "Ville de Montréal",
            "source_url": "https://donnees.montreal.ca/",
            "records_read": 4,
            "artworks_new": 3,
            "artworks_linked": 0,
            "artworks_changed": 0,
            "artworks_unchanged": 0,
            "artists_new": first.artists_created,
            "artists_unchanged": first.artists_unchanged,
            "artists_linked": 0,
            "rejected": 1,
            "likely_duplicates": 0,
            "gone": 0,
            "has_mapping": true,
        })
    );
    assert_eq!(newer["file"], "newer.csv");
    assert_eq!(newer["dataset"], json!(dataset));
    for key in [
        "records_read",
        "artworks_new",
        "artworks_linked",
        "artworks_changed",
        "artworks_unchanged",
        "artists_new",
        "artists_unchanged",
        "artists_linked",
        "rejected",
        "likely_duplicates",
    ] {
        assert_eq!(newer[key], second[key], "{key}: {newer} {second}");
    }
    assert_eq!(
        (&newer["artworks_new"], &newer["artworks_unchanged"]),
        (&json!(0), &json!(3))
    );
    assert_eq!(newer["has_mapping"], true);

    // Page by page: one run each, the cursor of the first page leading to the second.
    let (status, page) = runs_as(&app, &admin, "?limit=1").await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["data"]["runs"].as_array().unwrap().len(), 1);
    assert_eq!(page["data"]["runs"][0]["run_id"], json!(second_run));
    let next = page["data"]["next"].as_str().unwrap().to_owned();
    let (status, page) = runs_as(&app, &admin, &format!("?limit=1&before={next}")).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["data"]["runs"].as_array().unwrap().len(), 1);
    assert_eq!(page["data"]["runs"][0]["run_id"], json!(first_run));
    assert_eq!(page["data"]["next"], json!(null));
    app.stop().await;
}
