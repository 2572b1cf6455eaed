//! What only artwork edits have: credit per field, a moderator's revert of a change, and two
//! edits of one field approved at the same moment.

use super::{
    approve_applying, approve_with, change, decided, history, propose, rename, Scene, ARTWORK,
};
use crate::accounts::signed_in;
use crate::fixtures::Refusal::{self, Field, Message, Status};
use crate::fixtures::{assert_posts_refused, sql_value, strs};
use crate::harness::{assert_replay_keeps, TestApp};
use crate::submissions::{moderator, spawn};
use serde_json::{json, Value};

/// The refusal of a revert of a change that set no field.
const UNREVERTIBLE: Refusal = Message(400, "This change cannot be reverted");

/// Given an edit approved in part: the editor is credited with the fields it set, by display
/// name, with the approving moderator; the dataset with the fields the import set; a cleared
/// field is nobody's.
#[tokio::test]
async fn an_approved_edit_credits_its_fields_to_the_editor_and_the_rest_to_the_dataset() {
    let Scene {
        app,
        id: artwork,
        editor,
        modr,
        anon,
        ..
    } = Scene::new(
        ARTWORK,
        "credit-1",
        "Blue Wall",
        "credit-editor@plinth.test",
    )
    .await;
    let detail = ARTWORK.detail(&artwork);
    let (edit, _) = propose(
        &app,
        ARTWORK,
        &editor,
        &artwork,
        json!([
            change("title", json!("Blue Wall"), json!("The Blue Wall")),
            change("description", json!("Painted in one summer."), Value::Null),
            change(
                "tags",
                json!({"material": "paint"}),
                json!({"material": "concrete"})
            ),
        ]),
    )
    .await;
    let fields = ["title", "description"];
    let (applied, _) = approve_applying(&app, ARTWORK, &modr, &edit, &fields).await;
    // Straight after the approval, with its position: the history and the credit wait for the
    // read models they name people from, so the edit's contributor is named at once.
    let (status, page) = app
        .get_as(&anon, &format!("{detail}/history"), Some(&applied))
        .await;
    assert_eq!(status, 200, "{page}");
    let edited = &page["data"]["entries"][0];
    assert_eq!(edited["submission_id"], json!(edit));
    let credit_name = edited["contributor"].as_str().unwrap().to_owned();
    let (status, credit) = app
        .get_as(&anon, &format!("{detail}/contributors"), Some(&applied))
        .await;
    assert_eq!(status, 200, "{credit}");
    let (_, review) = app
        .get_as(&modr, &ARTWORK.review(&edit), Some(&applied))
        .await;
    assert_eq!(review["data"]["status"], "approved");
    let (_, now) = app.get_as(&anon, &detail, Some(&applied)).await;
    assert_eq!(now["data"]["title"], "The Blue Wall");
    assert_eq!(history(&app, ARTWORK, &artwork, &anon).await[0], *edited);

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
            &json!(crate::harness::vancouver().name.as_ref()),
            &Value::Null
        )
    );
    assert_eq!(field("description"), None);
    assert_eq!(field("tag:material").unwrap()["by"], kind["by"]);
    let names = strs(&credit["data"]["contributors"], "display_name");
    assert!(names.contains(&credit_name.as_str()), "{names:?}");
    app.stop().await;
}

/// Has `modr` revert artwork `artwork` with `body` (the change, a reason, a scope) and checks it
/// was done: the answer, and the title `reader` reads after it.
async fn reverted(
    app: &TestApp,
    modr: &str,
    reader: &str,
    artwork: &str,
    body: Value,
) -> (Value, Value) {
    let (pos, answer) = decided(app, modr, &ARTWORK.revert(artwork), body).await;
    let (_, now) = app
        .get_as(reader, &ARTWORK.detail(artwork), Some(&pos))
        .await;
    (answer, now["data"]["title"].clone())
}

#[tokio::test]
async fn a_revert_undoes_a_change_and_a_revert_of_it_restores_the_change() {
    let Scene {
        app,
        id: artwork,
        editor,
        modr,
        ..
    } = Scene::new(ARTWORK, "edit-3", "Gate", "reverted-editor@plinth.test").await;
    let (edit, _) = rename(
        &app,
        ARTWORK,
        &editor,
        &artwork,
        "Gate",
        "Gate to the Northwest",
    )
    .await;
    approve_with(&app, ARTWORK, &modr, &edit, json!({})).await;
    let entries = history(&app, ARTWORK, &artwork, &editor).await;
    let (edited, import) = (
        entries[0]["id"].as_str().unwrap().to_owned(),
        entries[1]["id"].as_str().unwrap().to_owned(),
    );
    let revert = ARTWORK.revert(&artwork);

    // Only moderators revert, with a reason, changes that set fields.
    let cases = [
        (
            &editor,
            json!({"change": edited, "reason": "wrong"}),
            Status(403),
        ),
        (&modr, json!({"change": edited}), Field(400, "reason")),
        (
            &modr,
            json!({"change": import, "reason": "no"}),
            UNREVERTIBLE,
        ),
        (&modr, json!({"change": "1-1", "reason": "no"}), Status(404)),
    ];
    assert_posts_refused(&app, &revert, cases).await;

    // When the edit is reverted, the old title is back and the history says who and why.
    let vandalism = json!({"change": edited, "reason": "Vandalism"});
    let (body, title) = reverted(&app, &modr, &editor, &artwork, vandalism).await;
    assert_eq!(body["data"]["changes"][0]["field_value_new"], "Gate");
    assert_eq!(title, "Gate");
    let entries = history(&app, ARTWORK, &artwork, &editor).await;
    let undo = &entries[0];
    assert_eq!(
        (&undo["kind"], &undo["reason"], &undo["reverts"]),
        (&json!("reverted"), &json!("Vandalism"), &json!(edited))
    );
    assert_eq!(undo["actor"]["role"], "admin");
    assert_eq!(undo["revertible"], true);
    // Reverting the edit again finds its field changed since.
    let (status, _, _) = app
        .post_as(&modr, &revert, json!({"change": edited, "reason": "again"}))
        .await;
    assert_eq!(status, 409);

    // Reverting the revert restores the edit.
    let undo_id = undo["id"].as_str().unwrap().to_owned();
    let restore = json!({"change": undo_id, "reason": "It was right"});
    let (_, title) = reverted(&app, &modr, &editor, &artwork, restore).await;
    assert_eq!(title, "Gate to the Northwest");
    // And going back to the import undoes everything since.
    let start_over = json!({"change": import, "reason": "Start over", "scope": "since"});
    let (_, title) = reverted(&app, &modr, &editor, &artwork, start_over).await;
    assert_eq!(title, "Gate");
    let entries = history(&app, ARTWORK, &artwork, &editor).await;
    assert_eq!(entries.as_array().unwrap().len(), 5);

    // Replaying every read model from the store gives the same rows and the same history.
    assert_replay_keeps(&app.db.pool, ARTWORK.read_models).await;
    assert_eq!(history(&app, ARTWORK, &artwork, &editor).await, entries);
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
        signed_in(&app, "racer1@plinth.test").await,
        signed_in(&app, "racer2@plinth.test").await,
    );
    let mut races = Vec::new();
    for n in 0..5 {
        let (artwork, _) = ARTWORK.seed(&app, &format!("race-{n}"), "Red Wall").await;
        let (a, _) = rename(&app, ARTWORK, &first, &artwork, "Red Wall", "Red Wall I").await;
        let (b, _) = rename(&app, ARTWORK, &second, &artwork, "Red Wall", "Red Wall II").await;
        races.push((artwork, a, b));
    }
    // Every approval of every race in flight at once.
    let approvals = races
        .iter()
        .flat_map(|(_, a, b)| [a.clone(), b.clone()])
        .map(|edit| {
            let (app, modr) = (&app, &modr);
            async move { app.post_as(modr, &ARTWORK.approve(&edit), json!({})).await }
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
        let sql = "SELECT count(*) FROM es.events WHERE aggregate_id = $1
                AND event_type IN ('SubmissionApproved', 'SubmissionRejected')";
        let decided: i64 = sql_value(&app, sql, refused).await;
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
