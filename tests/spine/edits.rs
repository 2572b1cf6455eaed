//! Edits of an artwork's fields: proposed by a signed-in user (set, change, clear), checked
//! without writing, reviewed field by field against the artwork now, approved in part or
//! rejected, shown in the history, and undone by a moderator's revert.

use crate::accounts::{anonymous_token, sign_in};
use crate::harness::{assert_replay_keeps, TestApp};
use crate::submissions::{get_as, moderator, post_json, spawn};
use domain::text::LongText;
use serde_json::{json, Value};

/// An imported artwork with a description and a material, public; answers its id and the
/// position of its import.
async fn artwork(app: &TestApp, source_id: &str, title: &str) -> (String, String) {
    let commands = command_api::Commands::new(app.db.pool.clone());
    let mut record = crate::harness::vancouver_artwork(source_id, title, &[]);
    record.description = Some(LongText::parse("Painted in one summer.").unwrap());
    record.tags =
        domain::Tags::parse([("material".to_owned(), "paint".to_owned())].into()).unwrap();
    let id = record.id.to_string();
    let pos = crate::harness::import_artwork(&commands, record).await;
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

/// Retitles `from` → `to` as `token`; answers the edit's id and position.
async fn propose_title(
    app: &TestApp,
    token: &str,
    artwork: &str,
    from: &str,
    to: &str,
) -> (String, String) {
    let (status, pos, body) = post_json(
        app,
        token,
        &format!("/api/artwork/{artwork}/edit"),
        json!({"edits": [change("title", json!(from), json!(to))]}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    (body["data"]["id"].as_str().unwrap().to_owned(), pos)
}

#[tokio::test]
async fn an_edit_is_checked_proposed_reviewed_and_applied_in_part() {
    let app = spawn().await;
    let (artwork, imported) = artwork(&app, "edit-1", "Blue Wall").await;
    let editor = user(&app, "editor@plinth.test").await;
    let modr = moderator(&app).await;
    let detail = format!("/api/artworks/{artwork}");
    let (status, _) = get_as(&app, &detail, &editor, Some(&imported)).await;
    assert_eq!(status, 200);
    let edit_path = format!("/api/artwork/{artwork}/edit");
    let good = json!({
        "edits": [
            change("title", json!("Blue Wall"), json!("The Blue Wall")),
            change("description", json!("Painted in one summer."), Value::Null),
            change("tags", json!({"material": "paint"}), json!({"material": "concrete", "year": "1999"})),
        ],
        "note": "The plaque says so"
    });

    // Anonymous callers cannot propose or check edits.
    let anon = anonymous_token(&app).await;
    let (status, _, _) = post_json(&app, &anon, &edit_path, good.clone()).await;
    assert_eq!(status, 401);

    // The check reads the changes as the server will, and writes nothing.
    let (status, _, check) = post_json(
        &app,
        &editor,
        &format!("{edit_path}/validate"),
        good.clone(),
    )
    .await;
    assert_eq!(status, 200, "{check}");
    assert_eq!(check["data"]["valid"], true, "{check}");
    let names: Vec<&str> = check["data"]["edits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["title", "description", "tag:material", "tag:year"]);
    // A cleared title, a stale old value and an unknown field are each named.
    let (_, _, bad) = post_json(
        &app,
        &editor,
        &format!("{edit_path}/validate"),
        json!({"edits": [
            change("title", json!("Blue Wall"), Value::Null),
            change("artwork_type", json!("statue"), json!("mosaic")),
            change("colour", Value::Null, json!("blue")),
        ]}),
    )
    .await;
    assert_eq!(bad["data"]["valid"], false);
    let problems: Vec<(&str, &str)> = bad["data"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap(), e["message"].as_str().unwrap()))
        .collect();
    assert!(
        problems.contains(&("title", "title is required")),
        "{problems:?}"
    );
    assert!(
        problems.contains(&("colour", "Unknown field: colour")),
        "{problems:?}"
    );

    // Proposing: nothing changed is refused, a stale old value is a conflict, a cleared title a
    // field error.
    let (status, _, body) = post_json(
        &app,
        &editor,
        &edit_path,
        json!({"edits": [change("title", json!("Blue Wall"), json!("Blue Wall"))]}),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("Change at least one field"))
    );
    let (status, _, body) = post_json(
        &app,
        &editor,
        &edit_path,
        json!({"edits": [change("artwork_type", json!("statue"), json!("mosaic"))]}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("artwork_type"),
        "{body}"
    );
    let (status, _, body) = post_json(
        &app,
        &editor,
        &edit_path,
        json!({"edits": [change("title", json!("Blue Wall"), Value::Null)]}),
    )
    .await;
    assert_eq!(
        (status, &body["details"]["field"]),
        (400, &json!("title")),
        "{body}"
    );

    // When the edit is proposed, the proposer sees it pending.
    let (status, proposed, body) = post_json(&app, &editor, &edit_path, good).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["status"], "pending");
    let edit = body["data"]["id"].as_str().unwrap().to_owned();
    let (_, pending) = get_as(
        &app,
        &format!("/api/artwork/{artwork}/pending-edits"),
        &editor,
        Some(&proposed),
    )
    .await;
    assert_eq!(pending["data"]["edits"][0]["id"], edit.as_str());
    assert_eq!(pending["data"]["edits"][0]["note"], "The plaque says so");
    assert_eq!(
        pending["data"]["edits"][0]["edits"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    let (_, others) = get_as(
        &app,
        &format!("/api/artwork/{artwork}/pending-edits"),
        &anon,
        None,
    )
    .await;
    assert_eq!(others["data"]["edits"], json!([]));

    // The review: moderators only; each field before, proposed and now.
    let (status, _) = get_as(&app, "/api/review/artwork-edits", &editor, Some(&proposed)).await;
    assert_eq!(status, 403);
    let (status, queue) = get_as(&app, "/api/review/artwork-edits", &modr, Some(&proposed)).await;
    assert_eq!(status, 200, "{queue}");
    assert_eq!(queue["data"]["total"], 1);
    let row = &queue["data"]["edits"][0];
    assert_eq!(
        (&row["id"], &row["artwork_title"], &row["stale"]),
        (&json!(edit), &json!("Blue Wall"), &json!(false))
    );
    let (_, review) = get_as(
        &app,
        &format!("/api/review/artwork-edits/{edit}"),
        &modr,
        None,
    )
    .await;
    let description = &review["data"]["fields"][1];
    assert_eq!(description["field_name"], "description");
    assert_eq!(description["before"], "Painted in one summer.");
    assert_eq!(description["proposed"], Value::Null);
    assert_eq!(description["current"], "Painted in one summer.");
    assert_eq!(description["stale"], false);

    // Approving the title and the description only.
    let approve = format!("/api/review/artwork-edits/{edit}/approve");
    let (status, _, body) = post_json(&app, &modr, &approve, json!({"apply_to_artwork": []})).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("Choose at least one field to apply"))
    );
    let (status, applied, body) = post_json(
        &app,
        &modr,
        &approve,
        json!({"apply_to_artwork": ["title", "description"]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["applied"], json!(["title", "description"]));
    let (status, _, body) = post_json(&app, &modr, &approve, json!({})).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (409, Some("This submission was already approved"))
    );

    // Then the artwork has the new title, no description and its old material.
    let (_, now) = get_as(&app, &detail, &anon, Some(&applied)).await;
    assert_eq!(now["data"]["title"], "The Blue Wall");
    assert_eq!(now["data"]["description"], Value::Null);
    assert_eq!(now["data"]["tags"]["material"], "paint");
    let (_, pending) = get_as(
        &app,
        &format!("/api/artwork/{artwork}/pending-edits"),
        &editor,
        Some(&applied),
    )
    .await;
    assert_eq!(pending["data"]["edits"], json!([]));

    // The history names the editor and both field changes; as of the import, the old title.
    let (_, hist) = get_as(&app, &format!("{detail}/history"), &anon, None).await;
    let entries = hist["data"]["entries"].as_array().unwrap();
    let edited = &entries[0];
    assert_eq!(
        (&edited["kind"], &edited["submission_id"]),
        (&json!("edited"), &json!(edit))
    );
    // The approving moderator wrote it; the editor is credited by display name only.
    assert_eq!(edited["actor"]["role"], "admin");
    let credit_name = edited["contributor"].as_str().unwrap().to_owned();
    assert!(
        credit_name.starts_with("Anonymous (") && !credit_name.contains('@'),
        "{credit_name}"
    );
    assert_eq!(edited["revertible"], true);
    let fields: Vec<(&str, &Value, &Value)> = edited["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["field"].as_str().unwrap(), &c["before"], &c["after"]))
        .collect();
    assert_eq!(
        fields,
        [
            ("title", &json!("Blue Wall"), &json!("The Blue Wall")),
            (
                "description",
                &json!("Painted in one summer."),
                &Value::Null
            )
        ]
    );
    // Credit: the title is the editor's, approved by the moderator; the type is the dataset's;
    // the cleared description is nobody's.
    let (status, credit) = get_as(&app, &format!("{detail}/contributors"), &anon, None).await;
    assert_eq!(status, 200, "{credit}");
    let field = |name: &str| {
        credit["data"]["fields"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["field"] == name)
            .cloned()
    };
    let title = field("title").unwrap();
    assert_eq!(title["by"], json!(credit_name));
    assert_eq!(title["approved_by"], edited["actor"]["display_name"]);
    assert_eq!(title["change"], edited["id"]);
    let kind = field("artwork_type").unwrap();
    assert_eq!(
        (&kind["by"], &kind["approved_by"]),
        (
            &json!(plinth::import::parse::vancouver::DATASET.name),
            &Value::Null
        )
    );
    assert_eq!(field("description"), None);
    assert_eq!(field("tag:material").unwrap()["by"], kind["by"]);
    let names: Vec<&str> = credit["data"]["contributors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["display_name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&credit_name.as_str()), "{names:?}");
    let import_id = entries[1]["id"].as_str().unwrap();
    let (_, then) = get_as(&app, &format!("{detail}?as_of={import_id}"), &anon, None).await;
    assert_eq!(then["data"]["title"], "Blue Wall");
    assert_eq!(then["data"]["description"], "Painted in one summer.");
    app.stop().await;
}

#[tokio::test]
async fn a_stale_edit_needs_the_moderators_say_so_and_a_rejection_its_reason() {
    let app = spawn().await;
    let (artwork, imported) = artwork(&app, "edit-2", "Orca").await;
    let first = user(&app, "first@plinth.test").await;
    let second = user(&app, "second@plinth.test").await;
    let modr = moderator(&app).await;
    let (status, _) = get_as(
        &app,
        &format!("/api/artworks/{artwork}"),
        &first,
        Some(&imported),
    )
    .await;
    assert_eq!(status, 200);
    // Given two edits of the title made against the same value, the first approved.
    let (a, _) = propose_title(&app, &first, &artwork, "Orca", "Digital Orca").await;
    let (b, _) = propose_title(&app, &second, &artwork, "Orca", "Pixel Orca").await;
    let (status, applied, _) = post_json(
        &app,
        &modr,
        &format!("/api/review/artwork-edits/{a}/approve"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200);

    // The second shows as stale, and approving it takes the moderator's say-so.
    let (_, review) = get_as(
        &app,
        &format!("/api/review/artwork-edits/{b}"),
        &modr,
        Some(&applied),
    )
    .await;
    let title = &review["data"]["fields"][0];
    assert_eq!(
        (&title["current"], &title["stale"]),
        (&json!("Digital Orca"), &json!(true))
    );
    let approve = format!("/api/review/artwork-edits/{b}/approve");
    let (status, _, body) = post_json(&app, &modr, &approve, json!({})).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"]
        .as_str()
        .unwrap()
        .starts_with("These fields changed since the edit was proposed: title"));
    let (status, applied, _) =
        post_json(&app, &modr, &approve, json!({"overwrite_stale": true})).await;
    assert_eq!(status, 200);
    let (_, now) = get_as(
        &app,
        &format!("/api/artworks/{artwork}"),
        &first,
        Some(&applied),
    )
    .await;
    assert_eq!(now["data"]["title"], "Pixel Orca");
    // The history says what the overwrite really replaced.
    let (_, hist) = get_as(
        &app,
        &format!("/api/artworks/{artwork}/history"),
        &first,
        None,
    )
    .await;
    assert_eq!(
        hist["data"]["entries"][0]["changes"][0]["before"],
        "Digital Orca"
    );

    // A rejection needs a reason, is kept with it, and is final.
    let (c, _) = propose_title(&app, &first, &artwork, "Pixel Orca", "Orca!!!").await;
    let reject = format!("/api/review/artwork-edits/{c}/reject");
    let (status, _, _) = post_json(&app, &modr, &reject, json!({})).await;
    assert_eq!(status, 400);
    let (status, rejected, _) = post_json(
        &app,
        &modr,
        &reject,
        json!({"reason": "Not what the plaque says"}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, review) = get_as(
        &app,
        &format!("/api/review/artwork-edits/{c}"),
        &modr,
        Some(&rejected),
    )
    .await;
    assert_eq!(
        (&review["data"]["status"], &review["data"]["reason"]),
        (&json!("rejected"), &json!("Not what the plaque says"))
    );
    let (status, _, _) = post_json(
        &app,
        &modr,
        &format!("/api/review/artwork-edits/{c}/approve"),
        json!({}),
    )
    .await;
    assert_eq!(status, 409);
    // A moderator's own edit is someone else's to approve; a user cannot decide at all.
    let (own, _) = propose_title(&app, &modr, &artwork, "Pixel Orca", "Orca (1)").await;
    let (status, _, _) = post_json(
        &app,
        &modr,
        &format!("/api/review/artwork-edits/{own}/approve"),
        json!({}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _, _) = post_json(
        &app,
        &first,
        &format!("/api/review/artwork-edits/{own}/reject"),
        json!({"reason": "no"}),
    )
    .await;
    assert_eq!(status, 403);
    app.stop().await;
}

#[tokio::test]
async fn a_revert_undoes_a_change_and_a_revert_of_it_restores_the_change() {
    let app = spawn().await;
    let (artwork, imported) = artwork(&app, "edit-3", "Gate").await;
    let editor = user(&app, "editor@plinth.test").await;
    let modr = moderator(&app).await;
    let detail = format!("/api/artworks/{artwork}");
    let (status, _) = get_as(&app, &detail, &editor, Some(&imported)).await;
    assert_eq!(status, 200);
    let (edit, _) = propose_title(&app, &editor, &artwork, "Gate", "Gate to the Northwest").await;
    let (status, _, _) = post_json(
        &app,
        &modr,
        &format!("/api/review/artwork-edits/{edit}/approve"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let history = |token: String| {
        let app = &app;
        let path = format!("{detail}/history");
        async move { get_as(app, &path, &token, None).await.1["data"]["entries"].clone() }
    };
    let entries = history(editor.clone()).await;
    let (edited, import) = (
        entries[0]["id"].as_str().unwrap().to_owned(),
        entries[1]["id"].as_str().unwrap().to_owned(),
    );
    let revert = format!("{detail}/revert");

    // Only moderators revert, with a reason, changes that set fields.
    let (status, _, _) = post_json(
        &app,
        &editor,
        &revert,
        json!({"change": edited, "reason": "wrong"}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _, body) = post_json(&app, &modr, &revert, json!({"change": edited})).await;
    assert_eq!((status, &body["details"]["field"]), (400, &json!("reason")));
    let (status, _, body) = post_json(
        &app,
        &modr,
        &revert,
        json!({"change": import, "reason": "no"}),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("This change cannot be reverted"))
    );
    let (status, _, _) = post_json(
        &app,
        &modr,
        &revert,
        json!({"change": "1-1", "reason": "no"}),
    )
    .await;
    assert_eq!(status, 404);

    // When the edit is reverted, the old title is back and the history says who and why.
    let (status, reverted, body) = post_json(
        &app,
        &modr,
        &revert,
        json!({"change": edited, "reason": "Vandalism"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["changes"][0]["field_value_new"], "Gate");
    let (_, now) = get_as(&app, &detail, &editor, Some(&reverted)).await;
    assert_eq!(now["data"]["title"], "Gate");
    let entries = history(editor.clone()).await;
    let undo = &entries[0];
    assert_eq!(
        (&undo["kind"], &undo["reason"], &undo["reverts"]),
        (&json!("reverted"), &json!("Vandalism"), &json!(edited))
    );
    assert_eq!(undo["actor"]["role"], "admin");
    assert_eq!(undo["revertible"], true);
    // Reverting the edit again finds its field changed since.
    let (status, _, _) = post_json(
        &app,
        &modr,
        &revert,
        json!({"change": edited, "reason": "again"}),
    )
    .await;
    assert_eq!(status, 409);

    // Reverting the revert restores the edit.
    let undo_id = undo["id"].as_str().unwrap().to_owned();
    let (status, restored, _) = post_json(
        &app,
        &modr,
        &revert,
        json!({"change": undo_id, "reason": "It was right"}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, now) = get_as(&app, &detail, &editor, Some(&restored)).await;
    assert_eq!(now["data"]["title"], "Gate to the Northwest");
    // And going back to the import undoes everything since.
    let (status, back, _) = post_json(
        &app,
        &modr,
        &revert,
        json!({"change": import, "reason": "Start over", "scope": "since"}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, now) = get_as(&app, &detail, &editor, Some(&back)).await;
    assert_eq!(now["data"]["title"], "Gate");
    let entries = history(editor.clone()).await;
    assert_eq!(entries.as_array().unwrap().len(), 5);

    // Replaying every read model from the store gives the same rows and the same history.
    assert_replay_keeps(&app.db.pool, &["artworks", "artwork_edits"]).await;
    assert_eq!(history(editor).await, entries);
    app.stop().await;
}

/// Two edits of one field made against the same value and approved at the same moment: one is
/// applied, the other is refused as stale (409) and left pending for a moderator to decide
/// again — never "approved, nothing applied". The edited artwork is held alone from each
/// approval's check to its effect.
#[tokio::test]
async fn edits_of_one_field_approved_at_once_apply_one_and_leave_the_other_reviewable() {
    let app = spawn().await;
    let modr = moderator(&app).await;
    let (first, second) = (
        user(&app, "racer1@plinth.test").await,
        user(&app, "racer2@plinth.test").await,
    );
    let mut races = Vec::new();
    for n in 0..5 {
        let (artwork, _) = artwork(&app, &format!("race-{n}"), "Red Wall").await;
        let (a, _) = propose_title(&app, &first, &artwork, "Red Wall", "Red Wall I").await;
        let (b, _) = propose_title(&app, &second, &artwork, "Red Wall", "Red Wall II").await;
        races.push((artwork, a, b));
    }
    // Every approval of every race in flight at once.
    let approvals = races
        .iter()
        .flat_map(|(_, a, b)| [a.clone(), b.clone()])
        .map(|edit| {
            let (app, modr) = (&app, &modr);
            async move {
                let path = format!("/api/review/artwork-edits/{edit}/approve");
                post_json(app, modr, &path, json!({})).await
            }
        });
    let answers = futures::future::join_all(approvals).await;
    for (n, (artwork, a, b)) in races.iter().enumerate() {
        let (one, other) = (&answers[2 * n], &answers[2 * n + 1]);
        let mut statuses = [one.0, other.0];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "race {n}: {one:?} {other:?}");
        let (refused, body, won) = if one.0 == 409 {
            (a, &one.2, "Red Wall II")
        } else {
            (b, &other.2, "Red Wall I")
        };
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("These fields changed since the edit was proposed: title"),
            "{body}"
        );
        // The refused edit recorded no decision: it is still pending, to be decided again.
        let decided: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM es.events WHERE aggregate_id = $1
                AND event_type IN ('SubmissionApproved', 'SubmissionRejected')",
        )
        .bind(refused)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
        assert_eq!(decided, 0, "race {n}: the refused edit was decided");
        let (artwork_state, _) = command_api::Commands::new(app.db.pool.clone())
            .state::<domain::Artwork>(artwork)
            .await
            .unwrap();
        assert_eq!(
            artwork_state.title.as_ref().map(|t| t.as_str()),
            Some(won),
            "race {n}"
        );
    }
    app.stop().await;
}
