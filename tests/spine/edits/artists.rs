//! What only artist edits have: aliases (found by search) and years (checked against each
//! other), and new artists proposed with `POST /api/artists` and created by their approval.

use super::{
    approve_applying, change, changes, field_names, history, problems, reject, Scene, ARTIST,
};
use crate::accounts::{anonymous_token, signed_in};
use crate::fixtures::assert_message;
use crate::submissions::{moderator, spawn};
use serde_json::{json, Value};

#[tokio::test]
async fn an_artists_aliases_and_years_are_checked_applied_and_found() {
    let Scene {
        app,
        id: artist,
        imported,
        editor,
        modr,
        anon,
    } = Scene::new(
        ARTIST,
        "artist-edit-1",
        "Ken Lum",
        "artist-editor@plinth.test",
    )
    .await;
    let detail = ARTIST.detail(&artist);

    // Years are checked against each other, as the proposal would set them.
    let (_, _, order) = app
        .post_as(
            &editor,
            &ARTIST.validate(&artist),
            json!({"edits": [
                change("death_year", Value::Null, json!(1900)),
                change("birth_year", Value::Null, json!(1956)),
            ]}),
        )
        .await;
    assert_eq!(order["data"]["valid"], false);
    assert_eq!(
        problems(&order),
        [(
            "death_year".to_owned(),
            "death_year must not be before birth_year".to_owned()
        )]
    );

    // Proposed: aliases set, the website cleared, a birth year and a longer biography.
    let longer = "Works in steel and glass.";
    let edits = json!({
        "edits": [
            change("aliases", Value::Null, json!(["K. Lum", "Kenneth Lum"])),
            change("website", json!("https://old.example"), Value::Null),
            change("birth_year", Value::Null, json!(1956)),
            change("biography", json!("Works in steel."), json!(longer)),
        ],
        "note": "From the catalogue"
    });
    let (status, proposed, body) = app.post_as(&editor, &ARTIST.edit(&artist), edits).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        field_names(&body["data"]["edits"]),
        ["aliases", "website", "birth_year", "biography"]
    );
    let edit = body["data"]["id"].as_str().unwrap().to_owned();
    let (_, queue) = app.get_as(&modr, &ARTIST.queue(), Some(&proposed)).await;
    let row = &queue["data"]["edits"][0];
    assert_eq!(
        (&row["id"], &row["artist_name"], &row["new_artist"]),
        (&json!(edit), &json!("Ken Lum"), &json!(false))
    );
    let (_, review) = app.get_as(&modr, &ARTIST.review(&edit), None).await;
    let website = &review["data"]["fields"][1];
    assert_eq!(
        (
            &website["field_name"],
            &website["before"],
            &website["proposed"],
            &website["current"]
        ),
        (
            &json!("website"),
            &json!("https://old.example"),
            &Value::Null,
            &json!("https://old.example")
        )
    );

    // Approving the aliases and the website only.
    let fields = ["aliases", "website"];
    let (applied, body) = approve_applying(&app, ARTIST, &modr, &edit, &fields).await;
    assert_eq!(body["data"]["applied"], json!(["aliases", "website"]));

    // The artist has the aliases, no website, the old biography and no birth year.
    let (_, now) = app.get_as(&anon, &detail, Some(&applied)).await;
    assert_eq!(now["data"]["aliases"], json!(["K. Lum", "Kenneth Lum"]));
    assert_eq!(now["data"]["website"], Value::Null);
    assert_eq!(now["data"]["biography"], "Works in steel.");
    assert_eq!(now["data"]["birth_year"], Value::Null);
    // Found by an alias.
    let (_, found) = app
        .get_as(&anon, "/api/artists?search=kenneth", Some(&applied))
        .await;
    assert_eq!(found["data"]["artists"][0]["id"], json!(artist), "{found}");

    // The history has both field changes (no aliases were an empty list); as of the import,
    // the old website and no aliases.
    let entries = history(&app, ARTIST, &artist, &anon).await;
    assert_eq!(
        (&entries[0]["kind"], &entries[0]["submission_id"]),
        (&json!("edited"), &json!(edit))
    );
    let fields = changes(&entries[0]);
    assert_eq!(
        fields,
        [
            ("aliases", &json!([]), &json!(["K. Lum", "Kenneth Lum"])),
            ("website", &json!("https://old.example"), &Value::Null),
        ]
    );
    assert_eq!(
        (&entries[1]["kind"], &entries[1]["id"]),
        (&json!("imported"), &json!(imported))
    );
    let (_, then) = app
        .get_as(&anon, &format!("{detail}?as_of={imported}"), None)
        .await;
    assert_eq!(then["data"]["website"], "https://old.example");
    assert_eq!(then["data"]["aliases"], json!([]));
    app.stop().await;
}

#[tokio::test]
async fn a_new_artist_is_proposed_and_created_by_its_approval() {
    let app = spawn().await;
    let editor = signed_in(&app, "new-artist@plinth.test").await;
    let modr = moderator(&app).await;
    let anon = anonymous_token(&app).await;
    let proposal = json!({
        "edits": [
            change("name", Value::Null, json!("Marianne Nicolson")),
            change("birth_year", Value::Null, json!(1969)),
            change("aliases", Value::Null, json!(["Marianne Nicolson (ʼMali)"])),
        ],
        "note": "Painted the pictograph on the cliff"
    });

    // Sign-in is required; a name is required; old values must be unset.
    let (status, _, _) = app.post_as(&anon, "/api/artists", proposal.clone()).await;
    assert_eq!(status, 401);
    let (status, _, check) = app
        .post_as(
            &editor,
            "/api/artists/validate",
            json!({"edits": [change("country", Value::Null, json!("Canada"))]}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        problems(&check),
        [("name".to_owned(), "name is required".to_owned())]
    );
    let (status, _, body) = app
        .post_as(
            &editor,
            "/api/artists",
            json!({"edits": [change("name", json!("Someone"), json!("Marianne"))]}),
        )
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            400,
            Some("A new artist is proposed with every old value unset")
        ),
        "{body}"
    );

    // Proposed: the artist has its id already, and is not public until approved.
    let (status, proposed, body) = app.post_as(&editor, "/api/artists", proposal.clone()).await;
    assert_eq!(status, 201, "{body}");
    let artist = body["data"]["artist_id"].as_str().unwrap().to_owned();
    let edit = body["data"]["id"].as_str().unwrap().to_owned();
    let (status, _) = app
        .get_as(&anon, &ARTIST.detail(&artist), Some(&proposed))
        .await;
    assert_eq!(status, 404);
    let (_, queue) = app.get_as(&modr, &ARTIST.queue(), Some(&proposed)).await;
    let row = &queue["data"]["edits"][0];
    assert_eq!(
        (&row["artist_name"], &row["new_artist"]),
        (&json!("Marianne Nicolson"), &json!(true))
    );
    let (_, review) = app.get_as(&modr, &ARTIST.review(&edit), None).await;
    assert_eq!(review["data"]["fields"][0]["current"], Value::Null);

    // A new artist is not approved without its name; with it, the artist exists.
    let approve = ARTIST.approve(&edit);
    let without_name = ARTIST.applying(&["birth_year"]);
    let (status, _, body) = app.post_as(&modr, &approve, without_name).await;
    assert_message(status, &body, 400, "name is required");
    let fields = ["name", "birth_year"];
    let (approved, body) = approve_applying(&app, ARTIST, &modr, &edit, &fields).await;
    assert_eq!(body["data"]["artist_id"], json!(artist));
    let (status, now) = app
        .get_as(&anon, &ARTIST.detail(&artist), Some(&approved))
        .await;
    assert_eq!(status, 200, "{now}");
    assert_eq!(
        (
            &now["data"]["name"],
            &now["data"]["birth_year"],
            &now["data"]["aliases"]
        ),
        (&json!("Marianne Nicolson"), &json!(1969), &json!([]))
    );
    let entries = history(&app, ARTIST, &artist, &anon).await;
    let created = &entries[0];
    assert_eq!(
        (&created["kind"], &created["submission_id"]),
        (&json!("created"), &json!(edit))
    );
    assert!(created["contributor"]
        .as_str()
        .unwrap()
        .starts_with("Anonymous ("));

    // A rejected proposal leaves no artist, and says why.
    let (_, _, body) = app.post_as(&editor, "/api/artists", proposal).await;
    let other = body["data"]["id"].as_str().unwrap().to_owned();
    let other_artist = body["data"]["artist_id"].as_str().unwrap().to_owned();
    let rejected = reject(&app, ARTIST, &modr, &other, "Already recorded").await;
    let (status, _) = app.get_as(&anon, &ARTIST.detail(&other_artist), None).await;
    assert_eq!(status, 404);

    // The proposer finds both among their edits, newest first, with their outcomes; nobody
    // else does.
    let (status, mine) = app.get_as(&editor, "/api/me/edits", Some(&rejected)).await;
    assert_eq!(status, 200, "{mine}");
    let rows: Vec<(&Value, &Value, &Value, &Value)> = mine["data"]["edits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (&e["id"], &e["submission_type"], &e["status"], &e["reason"]))
        .collect();
    assert_eq!(
        rows,
        [
            (
                &json!(other),
                &json!("new_artist"),
                &json!("rejected"),
                &json!("Already recorded")
            ),
            (
                &json!(edit),
                &json!("new_artist"),
                &json!("approved"),
                &Value::Null
            ),
        ]
    );
    assert_eq!(
        mine["data"]["edits"][1]["subject_name"],
        "Marianne Nicolson"
    );
    assert_eq!(
        mine["data"]["edits"][1]["applied"],
        json!(["name", "birth_year"])
    );
    assert_eq!(mine["data"]["pagination"]["total"], 2, "{mine}");
    let (_, theirs) = app.get_as(&anon, "/api/me/edits", None).await;
    assert_eq!(theirs["data"]["edits"], json!([]));
    app.stop().await;
}
