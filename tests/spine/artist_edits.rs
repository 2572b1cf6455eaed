//! Edits of an artist's fields and proposals of new artists: proposed by a signed-in user (set,
//! change, clear), checked without writing, reviewed field by field against the artist now,
//! approved in part or rejected, shown in the artist's history and "as of", and found by alias.

use crate::accounts::{anonymous_token, sign_in};
use crate::harness::{assert_replay_keeps, TestApp};
use crate::submissions::{get_as, moderator, post_json, spawn};
use domain::text::{LongText, PersonName};
use serde_json::{json, Value};

/// An imported artist with a biography, a country and a website; answers its id and the
/// position of its import.
async fn artist(app: &TestApp, source_id: &str, name: &str) -> (String, String) {
    let commands = command_api::Commands::new(app.db.pool.clone());
    let record = domain::ImportedArtist {
        id: domain::ArtistId::for_import("vancouver", source_id),
        name: PersonName::parse(name).unwrap(),
        biography: Some(LongText::parse("Works in steel.").unwrap()),
        country: Some("Canada".into()),
        website: Some("https://old.example".into()),
        provenance: domain::Provenance {
            dataset: "vancouver".into(),
            dataset_name: plinth::import::parse::vancouver::DATASET.name.into(),
            licence: "OGL-Vancouver".into(),
            attribution: "Contains information licensed under the Open Government Licence".into(),
            source_id: source_id.into(),
            source_url: None,
        },
    };
    let id = record.id.to_string();
    let pos = commands
        .artist(
            &id,
            domain::ArtistCommand::ImportArtist(Box::new(record)),
            &domain::EventMetadata::system(domain::EventSource::Import, uuid::Uuid::now_v7()),
        )
        .await
        .unwrap()
        .unwrap();
    (id, pos.to_string())
}

/// A signed-in user who is not a moderator.
async fn user(app: &TestApp, email: &str) -> String {
    let device = anonymous_token(app).await;
    sign_in(app, email, &device, 1).await.0
}

fn change(field: &str, old: Value, new: Value) -> Value {
    json!({"field_name": field, "field_value_old": old, "field_value_new": new})
}

fn problems(check: &Value) -> Vec<(String, String)> {
    check["data"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["field"].as_str().unwrap().to_owned(),
                e["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn an_artist_edit_is_checked_proposed_reviewed_and_applied_in_part() {
    let app = spawn().await;
    let (artist, imported) = artist(&app, "artist-edit-1", "Ken Lum").await;
    let editor = user(&app, "artist-editor@plinth.test").await;
    let modr = moderator(&app).await;
    let anon = anonymous_token(&app).await;
    let detail = format!("/api/artists/{artist}");
    let edit_path = format!("/api/artist/{artist}/edit");
    let good = json!({
        "edits": [
            change("aliases", Value::Null, json!(["K. Lum", "Kenneth Lum"])),
            change("website", json!("https://old.example"), Value::Null),
            change("birth_year", Value::Null, json!(1956)),
            change("biography", json!("Works in steel."), json!("Works in steel and glass.")),
        ],
        "note": "From the catalogue"
    });

    // Anonymous callers cannot propose or check artist edits.
    let (status, _, _) = post_json(&app, &anon, &edit_path, good.clone()).await;
    assert_eq!(status, 401);

    // The check reads the changes as the server will and names each problem by field.
    let (status, _, check) = post_json(
        &app,
        &editor,
        &format!("{edit_path}/validate"),
        good.clone(),
    )
    .await;
    assert_eq!(
        (status, &check["data"]["valid"]),
        (200, &json!(true)),
        "{check}"
    );
    let (_, _, bad) = post_json(
        &app,
        &editor,
        &format!("{edit_path}/validate"),
        json!({"edits": [
            change("name", json!("Ken Lum"), Value::Null),
            change("death_year", Value::Null, json!(1900)),
            change("birth_year", Value::Null, json!(1956)),
            change("colour", Value::Null, json!("blue")),
        ]}),
    )
    .await;
    assert_eq!(bad["data"]["valid"], false);
    let found = problems(&bad);
    for expected in [
        ("name", "name is required"),
        ("colour", "Unknown field: colour"),
    ] {
        assert!(
            found.contains(&(expected.0.into(), expected.1.into())),
            "{found:?}"
        );
    }
    let (_, _, order) = post_json(
        &app,
        &editor,
        &format!("{edit_path}/validate"),
        json!({"edits": [
            change("death_year", Value::Null, json!(1900)),
            change("birth_year", Value::Null, json!(1956)),
        ]}),
    )
    .await;
    assert_eq!(
        problems(&order),
        [(
            "death_year".to_owned(),
            "death_year must not be before birth_year".to_owned()
        )]
    );

    // Proposing against a value that changed is a conflict naming it; an unknown artist a 404.
    let (status, _, body) = post_json(
        &app,
        &editor,
        &edit_path,
        json!({"edits": [change("country", json!("France"), json!("Spain"))]}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("country"),
        "{body}"
    );
    let missing = uuid::Uuid::now_v7();
    let (status, _, body) = post_json(
        &app,
        &editor,
        &format!("/api/artist/{missing}/edit"),
        good.clone(),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            404,
            Some(format!("Artist with ID {missing} not found").as_str())
        )
    );

    // Proposed: the proposer sees it pending, nobody else does.
    let (status, proposed, body) = post_json(&app, &editor, &edit_path, good).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        (&body["data"]["status"], &body["data"]["artist_id"]),
        (&json!("pending"), &json!(artist))
    );
    let edit = body["data"]["id"].as_str().unwrap().to_owned();
    let pending_path = format!("/api/artist/{artist}/pending-edits");
    let (_, pending) = get_as(&app, &pending_path, &editor, Some(&proposed)).await;
    assert_eq!(pending["data"]["edits"][0]["id"], edit.as_str());
    assert_eq!(pending["data"]["edits"][0]["note"], "From the catalogue");
    let (_, others) = get_as(&app, &pending_path, &anon, None).await;
    assert_eq!(others["data"]["edits"], json!([]));

    // The review: moderators only; each field before, proposed and now.
    let (status, _) = get_as(&app, "/api/review/artist-edits", &editor, Some(&proposed)).await;
    assert_eq!(status, 403);
    let (status, queue) = get_as(&app, "/api/review/artist-edits", &modr, Some(&proposed)).await;
    assert_eq!(status, 200, "{queue}");
    assert_eq!(queue["data"]["total"], 1);
    let row = &queue["data"]["edits"][0];
    assert_eq!(
        (
            &row["id"],
            &row["artist_name"],
            &row["new_artist"],
            &row["stale"]
        ),
        (
            &json!(edit),
            &json!("Ken Lum"),
            &json!(false),
            &json!(false)
        )
    );
    let (_, review) = get_as(
        &app,
        &format!("/api/review/artist-edits/{edit}"),
        &modr,
        None,
    )
    .await;
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
    // An artwork edit's review does not know it.
    let (status, _) = get_as(
        &app,
        &format!("/api/review/artwork-edits/{edit}"),
        &modr,
        None,
    )
    .await;
    assert_eq!(status, 404);

    // Approving the aliases and the website only; deciding twice is a conflict.
    let approve = format!("/api/review/artist-edits/{edit}/approve");
    let (status, _, body) = post_json(&app, &editor, &approve, json!({})).await;
    assert_eq!(status, 403, "{body}");
    let (status, applied, body) = post_json(
        &app,
        &modr,
        &approve,
        json!({"apply_to_artist": ["aliases", "website"]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["applied"], json!(["aliases", "website"]));
    let (status, _, body) = post_json(&app, &modr, &approve, json!({})).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (409, Some("This submission was already approved"))
    );

    // The artist has the aliases, no website, the old biography and no birth year.
    let (_, now) = get_as(&app, &detail, &anon, Some(&applied)).await;
    assert_eq!(now["data"]["aliases"], json!(["K. Lum", "Kenneth Lum"]));
    assert_eq!(now["data"]["website"], Value::Null);
    assert_eq!(now["data"]["biography"], "Works in steel.");
    assert_eq!(now["data"]["birth_year"], Value::Null);
    // Found by an alias.
    let (_, found) = get_as(&app, "/api/artists?search=kenneth", &anon, Some(&applied)).await;
    assert_eq!(found["data"]["artists"][0]["id"], json!(artist), "{found}");

    // The history names the editor (display name only) and both field changes; as of the
    // import, the old website and no aliases.
    let history = |token: String| {
        let app = &app;
        let path = format!("{detail}/history");
        async move { get_as(app, &path, &token, None).await.1["data"]["entries"].clone() }
    };
    let entries = history(anon.clone()).await;
    let edited = &entries[0];
    assert_eq!(
        (&edited["kind"], &edited["submission_id"]),
        (&json!("edited"), &json!(edit))
    );
    let contributor = edited["contributor"].as_str().unwrap();
    assert!(
        contributor.starts_with("Anonymous (") && !contributor.contains('@'),
        "{contributor}"
    );
    let fields: Vec<(&str, &Value, &Value)> = edited["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["field"].as_str().unwrap(), &c["before"], &c["after"]))
        .collect();
    assert_eq!(
        fields,
        [
            ("aliases", &json!([]), &json!(["K. Lum", "Kenneth Lum"])),
            ("website", &json!("https://old.example"), &Value::Null),
        ]
    );
    assert_eq!(entries[1]["kind"], "imported");
    let (_, then) = get_as(
        &app,
        &format!("{detail}?as_of={}", entries[1]["id"].as_str().unwrap()),
        &anon,
        None,
    )
    .await;
    assert_eq!(then["data"]["website"], "https://old.example");
    assert_eq!(then["data"]["aliases"], json!([]));
    assert_eq!(imported, entries[1]["id"].as_str().unwrap());

    // A stale proposal needs the moderator's say-so; a rejection needs its reason.
    let (_, p1, body) = post_json(
        &app,
        &editor,
        &edit_path,
        json!({"edits": [change("country", json!("Canada"), json!("Peru"))]}),
    )
    .await;
    let first = body["data"]["id"].as_str().unwrap().to_owned();
    let (_, _, body) = post_json(
        &app,
        &editor,
        &edit_path,
        json!({"edits": [change("country", json!("Canada"), json!("Chile"))]}),
    )
    .await;
    let second = body["data"]["id"].as_str().unwrap().to_owned();
    let (status, done, _) = post_json(
        &app,
        &modr,
        &format!("/api/review/artist-edits/{first}/approve"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, queue) = get_as(&app, "/api/review/artist-edits", &modr, Some(&done)).await;
    assert_eq!(queue["data"]["edits"][0]["stale"], true, "{queue} {p1}");
    let second_approve = format!("/api/review/artist-edits/{second}/approve");
    let (status, _, body) = post_json(&app, &modr, &second_approve, json!({})).await;
    assert_eq!(status, 409, "{body}");
    let (status, _, body) = post_json(
        &app,
        &modr,
        &format!("/api/review/artist-edits/{second}/reject"),
        json!({"reason": ""}),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("A reason is required"))
    );
    let (status, overwritten, _) = post_json(
        &app,
        &modr,
        &second_approve,
        json!({"overwrite_stale": true}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, now) = get_as(&app, &detail, &anon, Some(&overwritten)).await;
    assert_eq!(now["data"]["country"], "Chile");
    // The record says what the overwrite really replaced.
    let entries = history(anon.clone()).await;
    assert_eq!(entries[0]["changes"][0]["before"], "Peru");

    // Replaying every read model from the store gives the same rows and the same history.
    assert_replay_keeps(&app.db.pool, &["artists", "artist_edits"]).await;
    assert_eq!(history(anon).await, entries);
    app.stop().await;
}

#[tokio::test]
async fn a_new_artist_is_proposed_and_created_by_its_approval() {
    let app = spawn().await;
    let editor = user(&app, "new-artist@plinth.test").await;
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
    let (status, _, _) = post_json(&app, &anon, "/api/artists", proposal.clone()).await;
    assert_eq!(status, 401);
    let (status, _, check) = post_json(
        &app,
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
    let (status, _, body) = post_json(
        &app,
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
    let (status, proposed, body) = post_json(&app, &editor, "/api/artists", proposal.clone()).await;
    assert_eq!(status, 201, "{body}");
    let artist = body["data"]["artist_id"].as_str().unwrap().to_owned();
    let edit = body["data"]["id"].as_str().unwrap().to_owned();
    let (status, _) = get_as(
        &app,
        &format!("/api/artists/{artist}"),
        &anon,
        Some(&proposed),
    )
    .await;
    assert_eq!(status, 404);
    let (_, queue) = get_as(&app, "/api/review/artist-edits", &modr, Some(&proposed)).await;
    let row = &queue["data"]["edits"][0];
    assert_eq!(
        (&row["artist_name"], &row["new_artist"]),
        (&json!("Marianne Nicolson"), &json!(true))
    );
    let (_, review) = get_as(
        &app,
        &format!("/api/review/artist-edits/{edit}"),
        &modr,
        None,
    )
    .await;
    assert_eq!(review["data"]["fields"][0]["current"], Value::Null);

    // A new artist is not approved without its name; with it, the artist exists.
    let approve = format!("/api/review/artist-edits/{edit}/approve");
    let (status, _, body) = post_json(
        &app,
        &modr,
        &approve,
        json!({"apply_to_artist": ["birth_year"]}),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("name is required"))
    );
    let (status, approved, body) = post_json(
        &app,
        &modr,
        &approve,
        json!({"apply_to_artist": ["name", "birth_year"]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["artist_id"], json!(artist));
    let (status, now) = get_as(
        &app,
        &format!("/api/artists/{artist}"),
        &anon,
        Some(&approved),
    )
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
    let (_, hist) = get_as(&app, &format!("/api/artists/{artist}/history"), &anon, None).await;
    let created = &hist["data"]["entries"][0];
    assert_eq!(
        (&created["kind"], &created["submission_id"]),
        (&json!("created"), &json!(edit))
    );
    assert!(created["contributor"]
        .as_str()
        .unwrap()
        .starts_with("Anonymous ("));

    // A rejected proposal leaves no artist, and says why.
    let (_, _, body) = post_json(&app, &editor, "/api/artists", proposal).await;
    let other = body["data"]["id"].as_str().unwrap().to_owned();
    let other_artist = body["data"]["artist_id"].as_str().unwrap().to_owned();
    let (status, rejected, _) = post_json(
        &app,
        &modr,
        &format!("/api/review/artist-edits/{other}/reject"),
        json!({"reason": "Already recorded"}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, review) = get_as(
        &app,
        &format!("/api/review/artist-edits/{other}"),
        &modr,
        Some(&rejected),
    )
    .await;
    assert_eq!(
        (&review["data"]["status"], &review["data"]["reason"]),
        (&json!("rejected"), &json!("Already recorded"))
    );
    let (status, _) = get_as(&app, &format!("/api/artists/{other_artist}"), &anon, None).await;
    assert_eq!(status, 404);

    // The proposer finds both among their edits, newest first, with their outcomes; nobody
    // else does.
    let (status, mine) = get_as(&app, "/api/me/edits", &editor, Some(&rejected)).await;
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
    let (_, theirs) = get_as(&app, "/api/me/edits", &anon, None).await;
    assert_eq!(theirs["data"]["edits"], json!([]));
    app.stop().await;
}
