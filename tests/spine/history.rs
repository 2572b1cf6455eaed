//! An artwork's history and its state "as of" a moment, rebuilt from its events: who changed
//! what, newest first, and the artwork before a change; the latest state equals the read model.

use crate::accounts::anonymous_token;
use crate::fixtures::{approved, approved_visit, find_by, strs};
use crate::submissions::{moderator, propose, spawn, Proposed};
use serde_json::{json, Value};

/// A GET as `token`, without waiting for any position (history reads the event store).
async fn read(app: &crate::harness::TestApp, token: &str, path: &str) -> (u16, Value) {
    app.get_as(token, path, None).await
}

#[tokio::test]
async fn history_lists_every_change_newest_first_and_as_of_rebuilds_the_artwork() {
    // Given an artwork created by approving a proposal, then a visit to it approved.
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let Proposed { id, .. } = propose(&app, &anon, "Digital Orca").await;
    let modr = moderator(&app).await;
    let title = json!({"overrides": {"title": "Digital Orca (Coupland)"}});
    let proposal = approved(&app, &modr, id, title).await;
    let artwork = proposal.artwork.clone();
    // A visit goes to an artwork the public can see: wait until it can.
    let detail = format!("/api/artworks/{artwork}");
    let (status, _) = app.get_as(&anon, &detail, Some(&proposal.position)).await;
    assert_eq!(status, 200);
    let visitor = anonymous_token(&app).await;
    let notes = Some("Someone painted the fins");
    let visit = approved_visit(&app, &visitor, &modr, &artwork, notes).await;
    let pos = visit.position.clone();

    // When its history is read: both changes, newest first, each with its submission.
    let (status, hist) = read(&app, &anon, &format!("/api/artworks/{artwork}/history")).await;
    assert_eq!(status, 200, "{hist}");
    let entries = hist["data"]["entries"].as_array().unwrap().clone();
    assert_eq!(hist["data"]["pagination"]["total"], 2);
    let kinds: Vec<&str> = entries
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["visit_recorded", "created"]);
    let (visited, created) = (&entries[0], &entries[1]);
    assert_eq!(visited["submission_id"], visit.submission.as_str());
    assert_eq!(visited["note"], "Someone painted the fins");
    assert_eq!(visited["photos_added"], 1);
    assert_eq!(visited["changes"], json!([]), "a visit changes no field");
    assert_eq!(created["submission_id"], proposal.submission.as_str());
    assert_eq!(created["sequence"], 1);
    let title = find_by(&created["changes"], "field", "title");
    assert_eq!(
        (&title["before"], &title["after"]),
        (&Value::Null, &json!("Digital Orca (Coupland)"))
    );
    // Who: the approving moderator (an admin, through ADMIN_EMAILS), by display name only: the
    // role, as they chose no profile name.
    assert_eq!(created["actor"]["role"], "admin");
    assert_eq!(created["actor"]["source"], "web");
    assert_eq!(created["actor"]["display_name"], "Admin");

    // Pages: the second page of one is the creation.
    let (_, page2) = read(
        &app,
        &anon,
        &format!("/api/artworks/{artwork}/history?page=2&limit=1"),
    )
    .await;
    assert_eq!(page2["data"]["entries"][0]["kind"], "created");
    assert_eq!(page2["data"]["entries"].as_array().unwrap().len(), 1);

    // As of the creation: no logbook yet and only the proposal's photo.
    let as_of = |entry: &Value| format!("{detail}?as_of={}", entry["id"].as_str().unwrap());
    let (status, then) = read(&app, &anon, &as_of(created)).await;
    assert_eq!(status, 200, "{then}");
    assert_eq!(then["data"]["title"], "Digital Orca (Coupland)");
    assert_eq!(then["data"]["logbook"], json!([]));
    assert_eq!(then["data"]["photos"].as_array().unwrap().len(), 1);

    // As of the last change: exactly what the read model answers now.
    let (_, now) = app.get_as(&anon, &detail, Some(&pos)).await;
    let (_, latest) = read(&app, &anon, &as_of(visited)).await;
    assert_eq!(latest["data"], now["data"]);
    assert_eq!(latest["data"]["logbook"].as_array().unwrap().len(), 1);

    // Before it existed it is not found; a malformed moment is a 400 naming the parameter; an
    // unknown artwork has no history.
    let (status, _) = read(
        &app,
        &anon,
        &format!("/api/artworks/{artwork}?as_of=2001-01-01T00:00:00Z"),
    )
    .await;
    assert_eq!(status, 404);
    let (status, bad) = read(
        &app,
        &anon,
        &format!("/api/artworks/{artwork}?as_of=yesterday"),
    )
    .await;
    assert_eq!(status, 400, "{bad}");
    assert_eq!(bad["details"]["field"], "as_of", "{bad}");
    let (status, _) = read(
        &app,
        &anon,
        "/api/artworks/0190a5b0-0000-7000-8000-000000000000/history",
    )
    .await;
    assert_eq!(status, 404);
    app.stop().await;
}

#[tokio::test]
async fn an_imported_artwork_credits_its_dataset_and_lists_every_field_it_set() {
    let app = spawn().await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    let record =
        crate::harness::vancouver_artwork("history-1", "Gate to the Northwest Passage", &[]);
    let id = record.id.to_string();
    crate::harness::import_artwork(&commands, record).await;

    let (status, _, hist) = app
        .get_with(&format!("/api/artworks/{id}/history"), &[])
        .await;
    assert_eq!(status, 200, "{hist}");
    let entry = &hist["data"]["entries"][0];
    assert_eq!(entry["kind"], "imported");
    assert_eq!(entry["actor"]["role"], "system");
    assert_eq!(entry["actor"]["source"], "import");
    assert_eq!(
        entry["actor"]["display_name"],
        crate::harness::vancouver().name.as_ref()
    );
    let fields = strs(&entry["changes"], "field");
    assert_eq!(
        fields,
        [
            "title",
            "artwork_type",
            "status",
            "location",
            "tags",
            "artists"
        ]
    );
    assert_eq!(entry["submission_id"], Value::Null);
    app.stop().await;
}
