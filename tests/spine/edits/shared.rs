//! The scenarios artworks and artists share, each written once and run for both subjects.

use super::{
    approve_applying, approve_with, change, changes, field_names, history, problems, rename, Scene,
    Subject,
};
use crate::accounts::signed_in;
use crate::fixtures::assert_message;
use crate::harness::assert_replay_keeps;
use serde_json::{json, Value};

super::for_each_subject!(
    an_edit_is_checked_proposed_reviewed_and_applied_in_part,
    a_stale_edit_needs_the_moderators_say_so_and_a_rejection_its_reason,
);

async fn an_edit_is_checked_proposed_reviewed_and_applied_in_part(subject: Subject) {
    let (source_id, email) = (subject.source_id("edit-1"), subject.email("editor"));
    let Scene {
        app,
        id,
        imported,
        editor,
        modr,
        anon,
    } = Scene::new(subject, &source_id, "Blue Wall", &email).await;
    let (name, (text, seeded)) = (subject.name_field, subject.text_field);
    // The name changed, the text cleared, and one more field the approval will leave out.
    let (extra, extra_read) = (subject.extra_change(), subject.extra.1);
    let good = json!({
        "edits": [
            change(name, json!("Blue Wall"), json!("The Blue Wall")),
            change(text, json!(seeded), Value::Null),
            extra.clone(),
        ],
        "note": "The plaque says so"
    });
    let read: Vec<String> = [name, text]
        .iter()
        .chain(extra_read)
        .map(|f| f.to_string())
        .collect();

    // Anonymous callers cannot propose or check edits.
    for path in [subject.edit(&id), subject.validate(&id)] {
        let (status, _, _) = app.post_as(&anon, &path, good.clone()).await;
        assert_eq!(status, 401, "{path}");
    }

    // The check reads the changes as the server will (an artwork's tags split per key).
    let (status, _, check) = app
        .post_as(&editor, &subject.validate(&id), good.clone())
        .await;
    assert_eq!(
        (status, &check["data"]["valid"]),
        (200, &json!(true)),
        "{check}"
    );
    assert_eq!(field_names(&check["data"]["edits"]), read);
    // A cleared name, a stale old value and an unknown field are each named.
    let (stale_field, stale) = subject.stale_change();
    let (_, _, bad) = app
        .post_as(
            &editor,
            &subject.validate(&id),
            json!({"edits": [
                change(name, json!("Blue Wall"), Value::Null),
                stale.clone(),
                change("colour", Value::Null, json!("blue")),
            ]}),
        )
        .await;
    assert_eq!(bad["data"]["valid"], false);
    let found = problems(&bad);
    for (field, message) in [
        (name, format!("{name} is required")),
        ("colour", "Unknown field: colour".to_owned()),
        (
            stale_field,
            "changed since you opened it; reload to see it".to_owned(),
        ),
    ] {
        assert!(
            found.contains(&(field.to_owned(), message)),
            "{field}: {found:?}"
        );
    }

    // Proposing: nothing changed is refused, a stale old value is a conflict naming it, a
    // cleared name a field error, an unknown subject a 404.
    let edit_path = subject.edit(&id);
    let (status, _, body) = app
        .post_as(
            &editor,
            &edit_path,
            json!({"edits": [change(name, json!("Blue Wall"), json!("Blue Wall"))]}),
        )
        .await;
    assert_message(status, &body, 400, "Change at least one field");
    let (status, _, body) = app
        .post_as(&editor, &edit_path, json!({"edits": [stale]}))
        .await;
    assert_eq!(status, 409, "{body}");
    let conflict = format!(
        "This {} changed since you opened it ({stale_field})",
        subject.word
    );
    assert!(
        body["message"].as_str().unwrap().starts_with(&conflict),
        "{body}"
    );
    let (status, _, body) = app
        .post_as(
            &editor,
            &edit_path,
            json!({"edits": [change(name, json!("Blue Wall"), Value::Null)]}),
        )
        .await;
    assert_eq!(
        (status, &body["details"]["field"]),
        (400, &json!(name)),
        "{body}"
    );
    let missing = uuid::Uuid::now_v7().to_string();
    let (status, _, body) = app
        .post_as(&editor, &subject.edit(&missing), good.clone())
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            404,
            Some(format!("{} with ID {missing} not found", subject.noun).as_str())
        )
    );

    // When the edit is proposed, the proposer sees it pending; nobody else does.
    let (status, proposed, body) = app.post_as(&editor, &edit_path, good).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        (&body["data"]["status"], &body["data"][subject.id_key]),
        (&json!("pending"), &json!(id))
    );
    assert_eq!(field_names(&body["data"]["edits"]), read);
    let edit = body["data"]["id"].as_str().unwrap().to_owned();
    let (_, pending) = app
        .get_as(&editor, &subject.pending(&id), Some(&proposed))
        .await;
    let mine = &pending["data"]["edits"][0];
    assert_eq!(mine["id"], edit.as_str());
    assert_eq!(mine["note"], "The plaque says so");
    assert_eq!(field_names(&mine["edits"]), read);
    let (_, others) = app.get_as(&anon, &subject.pending(&id), None).await;
    assert_eq!(others["data"]["edits"], json!([]));

    // The review: moderators only; each field before, proposed and now.
    let (status, _) = app.get_as(&editor, &subject.queue(), Some(&proposed)).await;
    assert_eq!(status, 403);
    let (status, queue) = app.get_as(&modr, &subject.queue(), Some(&proposed)).await;
    assert_eq!(status, 200, "{queue}");
    assert_eq!(queue["data"]["total"], 1);
    let row = &queue["data"]["edits"][0];
    assert_eq!(
        (&row["id"], &row[subject.queue_name_key], &row["stale"]),
        (&json!(edit), &json!("Blue Wall"), &json!(false))
    );
    let (_, review) = app.get_as(&modr, &subject.review(&edit), None).await;
    assert_eq!(review["data"]["status"], "pending");
    let cleared = &review["data"]["fields"][1];
    assert_eq!(
        (
            &cleared["field_name"],
            &cleared["before"],
            &cleared["proposed"],
            &cleared["current"],
            &cleared["stale"]
        ),
        (
            &json!(text),
            &json!(seeded),
            &Value::Null,
            &json!(seeded),
            &json!(false)
        )
    );
    // The other subject's review does not know it.
    let (status, _) = app
        .get_as(&modr, &subject.other().review(&edit), None)
        .await;
    assert_eq!(status, 404);

    // Approving the name and the text only; deciding twice is a conflict.
    let approve = subject.approve(&edit);
    let (status, _, body) = app.post_as(&editor, &approve, json!({})).await;
    assert_eq!(status, 403, "{body}");
    let (status, _, body) = app.post_as(&modr, &approve, subject.applying(&[])).await;
    assert_message(status, &body, 400, "Choose at least one field to apply");
    let (applied, body) = approve_applying(&app, subject, &modr, &edit, &[name, text]).await;
    assert_eq!(
        (&body["data"]["applied"], &body["data"][subject.id_key]),
        (&json!([name, text]), &json!(id))
    );
    let (status, _, body) = app.post_as(&modr, &approve, json!({})).await;
    assert_message(status, &body, 409, "This submission was already approved");

    // Then the subject has the new name, no text and the field left out as it was.
    let (_, now) = app
        .get_as(&anon, &subject.detail(&id), Some(&applied))
        .await;
    assert_eq!(now["data"][name], "The Blue Wall");
    assert_eq!(now["data"][text], Value::Null);
    assert_eq!(
        now["data"][extra["field_name"].as_str().unwrap()],
        extra["field_value_old"],
        "{now}"
    );
    let (_, pending) = app
        .get_as(&editor, &subject.pending(&id), Some(&applied))
        .await;
    assert_eq!(pending["data"]["edits"], json!([]));

    // The history names the editor and both field changes; as of the import, the old values.
    let entries = history(&app, subject, &id, &anon).await;
    let edited = &entries[0];
    assert_eq!(
        (&edited["kind"], &edited["submission_id"]),
        (&json!("edited"), &json!(edit))
    );
    // The approving moderator wrote it; the editor is credited by display name only.
    assert_eq!(edited["actor"]["role"], "admin");
    let contributor = edited["contributor"].as_str().unwrap();
    assert!(
        contributor.starts_with("Anonymous (") && !contributor.contains('@'),
        "{contributor}"
    );
    assert_eq!(edited["revertible"], subject.revertible);
    let fields = changes(edited);
    assert_eq!(
        fields,
        [
            (name, &json!("Blue Wall"), &json!("The Blue Wall")),
            (text, &json!(seeded), &Value::Null),
        ]
    );
    let import = &entries[1];
    assert_eq!(
        (&import["kind"], &import["id"]),
        (&json!("imported"), &json!(imported))
    );
    let (_, then) = app
        .get_as(
            &anon,
            &format!("{}?as_of={imported}", subject.detail(&id)),
            None,
        )
        .await;
    assert_eq!(then["data"][name], "Blue Wall");
    assert_eq!(then["data"][text], seeded);

    // Replaying every read model from the store gives the same rows and the same history.
    assert_replay_keeps(&app.db.pool, subject.read_models).await;
    assert_eq!(history(&app, subject, &id, &anon).await, entries);
    app.stop().await;
}

async fn a_stale_edit_needs_the_moderators_say_so_and_a_rejection_its_reason(subject: Subject) {
    let (source_id, email) = (subject.source_id("edit-2"), subject.email("first"));
    let Scene {
        app,
        id,
        editor: first,
        modr,
        ..
    } = Scene::new(subject, &source_id, "Orca", &email).await;
    let second = signed_in(&app, &subject.email("second")).await;
    let name = subject.name_field;
    // Given two renames made against the same name, the first approved.
    let (a, _) = rename(&app, subject, &first, &id, "Orca", "Digital Orca").await;
    let (b, _) = rename(&app, subject, &second, &id, "Orca", "Pixel Orca").await;
    let (applied, _) = approve_with(&app, subject, &modr, &a, json!({})).await;

    // The second shows as stale, and approving it takes the moderator's say-so.
    let (_, queue) = app.get_as(&modr, &subject.queue(), Some(&applied)).await;
    let row = &queue["data"]["edits"][0];
    assert_eq!(
        (&queue["data"]["total"], &row["id"], &row["stale"]),
        (&json!(1), &json!(b), &json!(true)),
        "{queue}"
    );
    let (_, review) = app.get_as(&modr, &subject.review(&b), Some(&applied)).await;
    let field = &review["data"]["fields"][0];
    assert_eq!(
        (&field["field_name"], &field["current"], &field["stale"]),
        (&json!(name), &json!("Digital Orca"), &json!(true))
    );
    let approve = subject.approve(&b);
    let (status, _, body) = app.post_as(&modr, &approve, json!({})).await;
    assert_eq!(status, 409, "{body}");
    let refusal = format!("These fields changed since the edit was proposed: {name}");
    assert!(
        body["message"].as_str().unwrap().starts_with(&refusal),
        "{body}"
    );
    let (status, applied, _) = app
        .post_as(&modr, &approve, json!({"overwrite_stale": true}))
        .await;
    assert_eq!(status, 200);
    let (_, now) = app
        .get_as(&first, &subject.detail(&id), Some(&applied))
        .await;
    assert_eq!(now["data"][name], "Pixel Orca");
    // The history says what the overwrite really replaced.
    let entries = history(&app, subject, &id, &first).await;
    assert_eq!(entries[0]["changes"][0]["before"], "Digital Orca");

    // A rejection needs a reason, is kept with it, and is final.
    let (c, _) = rename(&app, subject, &first, &id, "Pixel Orca", "Orca!!!").await;
    let reject = subject.reject(&c);
    for no_reason in [json!({}), json!({"reason": ""})] {
        let (status, _, body) = app.post_as(&modr, &reject, no_reason).await;
        assert_message(status, &body, 400, "A reason is required");
    }
    super::reject(&app, subject, &modr, &c, "Not what the plaque says").await;
    let (status, _, _) = app.post_as(&modr, &subject.approve(&c), json!({})).await;
    assert_eq!(status, 409);
    // A moderator's own edit is someone else's to approve; a user cannot decide at all.
    let (own, _) = rename(&app, subject, &modr, &id, "Pixel Orca", "Orca (1)").await;
    let (status, _, _) = app.post_as(&modr, &subject.approve(&own), json!({})).await;
    assert_eq!(status, 403);
    let (status, _, _) = app
        .post_as(&first, &subject.reject(&own), json!({"reason": "no"}))
        .await;
    assert_eq!(status, 403);
    app.stop().await;
}
