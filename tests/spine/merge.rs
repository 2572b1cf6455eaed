//! Merging a duplicate into the record kept, and undoing it: photos, logbook and the tags the
//! target lacked move and come back, counts conserved; the duplicate points at the target while
//! merged; both histories say so.

use crate::fixtures::Refusal::{Field, Message, Status};
use crate::fixtures::{
    app_with_moderator, approved_proposal, approved_visit, assert_message, assert_posts_refused,
    strs,
};
use crate::harness::TestApp;
use serde_json::{json, Value};

/// The artwork's photos, logbook entries and tags as the detail answers them, once `pos` is read.
async fn contents(app: &TestApp, token: &str, id: &str, pos: &str) -> (usize, usize, Value, Value) {
    let (status, body) = app
        .get_as(token, &format!("/api/artworks/{id}"), Some(pos))
        .await;
    assert_eq!(status, 200, "{body}");
    let d = &body["data"];
    (
        d["photos"].as_array().unwrap().len(),
        d["logbook"].as_array().unwrap().len(),
        d["tags"].clone(),
        d.clone(),
    )
}

#[tokio::test]
async fn a_merge_moves_photos_logbook_and_missing_tags_and_unmerge_gives_them_back() {
    // Given a duplicate made from a proposal (one photo, material metal) with an approved visit
    // (one more photo, a logbook entry), and an imported record of the same work with no tags.
    let (app, anon, modr) = app_with_moderator().await;
    let proposal = approved_proposal(&app, &anon, &modr, "Orca duplicate").await;
    let source = proposal.artwork.clone();
    contents(&app, &anon, &source, &proposal.position).await;
    let notes = Some("Seen from the seawall");
    let visit = approved_visit(&app, &anon, &modr, &source, notes).await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    let record = crate::harness::vancouver_artwork("merge-1", "Digital Orca", &[]);
    let target = record.id.to_string();
    let imported = crate::harness::import_artwork(&commands, record)
        .await
        .to_string();
    let (photos, logbook, tags, _) = contents(&app, &anon, &source, &visit.position).await;
    assert_eq!(
        (photos, logbook, &tags),
        (2, 1, &json!({"material": "metal"}))
    );
    let (photos, logbook, tags, _) = contents(&app, &anon, &target, &imported).await;
    assert_eq!((photos, logbook, &tags), (0, 0, &json!({})));

    // Refused: not a moderator, no reason, into itself, into nothing, unmerging what is not
    // merged.
    let merge = format!("/api/artworks/{source}/merge");
    let nowhere = "0190a5b0-0000-7000-8000-000000000000";
    let itself = Message(400, "An artwork cannot be merged into itself");
    let cases = [
        (&anon, json!({"into": target, "reason": "dup"}), Status(401)),
        (&modr, json!({"into": target}), Field(400, "reason")),
        (&modr, json!({"into": source, "reason": "dup"}), itself),
        (
            &modr,
            json!({"into": nowhere, "reason": "dup"}),
            Status(404),
        ),
    ];
    assert_posts_refused(&app, &merge, cases).await;
    let unmerge = format!("/api/artworks/{source}/unmerge");
    let (status, _, body) = app
        .post_as(&modr, &unmerge, json!({"reason": "oops"}))
        .await;
    assert_message(status, &body, 400, "This artwork is not merged");

    // When the duplicate is merged into the record kept.
    let same_orca = json!({"into": target, "reason": "Same orca"});
    let (status, merged, body) = app.post_as(&modr, &merge, same_orca.clone()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (&body["data"]["photos"], &body["data"]["logbook_entries"]),
        (&json!(2), &json!(1))
    );
    // Then the target has its photos, its logbook entry and the tag it lacked...
    let (photos, logbook, tags, _) = contents(&app, &anon, &target, &merged).await;
    assert_eq!(
        (photos, logbook, &tags),
        (2, 1, &json!({"material": "metal"}))
    );
    // ...the duplicate points at it and is no longer listed...
    let (_, _, _, dup) = contents(&app, &anon, &source, &merged).await;
    assert_eq!(
        (&dup["status"], &dup["merged_into"]),
        (&json!("merged"), &json!(target))
    );
    let (_, list) = app
        .get_as(&anon, "/api/artworks?limit=100", Some(&merged))
        .await;
    let listed = strs(&list["data"]["artworks"], "id");
    assert!(
        listed.contains(&target.as_str()) && !listed.contains(&source.as_str()),
        "{listed:?}"
    );
    // ...a second merge elsewhere is refused, the same one changes nothing, and merging into a
    // duplicate is refused.
    let (status, _, _) = app.post_as(&modr, &merge, same_orca).await;
    assert_eq!(status, 200);
    let (_, _, body) = app
        .post_as(
            &modr,
            &format!("/api/artworks/{target}/merge"),
            json!({"into": source, "reason": "x"}),
        )
        .await;
    assert_eq!(
        body["message"],
        "That artwork was itself merged into another; merge into that one"
    );
    // ...and both histories say so.
    let (_, hist) = app
        .get_as(&anon, &format!("/api/artworks/{target}/history"), None)
        .await;
    let newest = &hist["data"]["entries"][0];
    assert_eq!(
        (&newest["kind"], &newest["other_artwork"], &newest["reason"]),
        (&json!("merged_in"), &json!(source), &json!("Same orca"))
    );
    let (_, hist) = app
        .get_as(&anon, &format!("/api/artworks/{source}/history"), None)
        .await;
    assert_eq!(hist["data"]["entries"][0]["kind"], "merged");
    // The photos stay credited to who sent them (the proposal's and the visit's, both by the
    // anonymous contributor), with the merging moderator as who made them current here.
    let (_, credit) = app
        .get_as(&anon, &format!("/api/artworks/{target}/contributors"), None)
        .await;
    let batches: Vec<(&Value, &Value, &Value)> = credit["data"]["photos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (&p["submission_id"], &p["photos"], &p["by"]))
        .collect();
    assert_eq!(batches.len(), 2, "{credit}");
    for (submission, n, by) in &batches {
        assert!(
            [json!(proposal.submission), json!(visit.submission)].contains(submission),
            "{credit}"
        );
        assert_eq!(n, &&json!(1));
        assert!(by.as_str().unwrap().starts_with("Anonymous ("), "{credit}");
    }
    assert_eq!(
        credit["data"]["photos"][0]["approved_by"],
        newest["actor"]["display_name"]
    );

    // When it is unmerged, each artwork is as it was.
    let (status, back, body) = app
        .post_as(&modr, &unmerge, json!({"reason": "Two orcas after all"}))
        .await;
    assert_eq!(status, 200, "{body}");
    let (photos, logbook, tags, _) = contents(&app, &anon, &target, &back).await;
    assert_eq!((photos, logbook, &tags), (0, 0, &json!({})));
    let (photos, logbook, tags, again) = contents(&app, &anon, &source, &back).await;
    assert_eq!(
        (photos, logbook, &tags),
        (2, 1, &json!({"material": "metal"}))
    );
    assert_eq!(
        (&again["status"], &again["merged_into"]),
        (&json!("approved"), &Value::Null)
    );
    // The latest "as of" of each equals the read model.
    for id in [&source, &target] {
        let (_, hist) = app
            .get_as(&anon, &format!("/api/artworks/{id}/history"), None)
            .await;
        let last = hist["data"]["entries"][0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let (_, then) = app
            .get_as(&anon, &format!("/api/artworks/{id}?as_of={last}"), None)
            .await;
        let (_, now) = app
            .get_as(&anon, &format!("/api/artworks/{id}"), Some(&back))
            .await;
        assert_eq!(then["data"], now["data"], "{id}");
    }
    app.stop().await;
}
