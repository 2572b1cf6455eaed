//! The gallery through edits: a signed-in user proposes a main photo and hides another; once a
//! moderator approves, the detail shows the main photo first and the hidden one nowhere (not in
//! the gallery, the logbook or at its public URL), history and "as of" say so, search leads with
//! the main photo, a revert shows the photo again, and a replay keeps every row.

use crate::accounts::signed_in;
use crate::edits::{approve_with, change, ARTWORK};
use crate::fixtures::{
    app_with_moderator, approved_proposal, approved_visit, find_by, strings, strs,
};
use crate::harness::{assert_replay_keeps, TestApp};
use serde_json::{json, Value};

fn keys(photos: &Value) -> Vec<String> {
    strings(photos, "key")
}

/// Whether the read model shows `photo` on any artwork.
async fn shows(app: &TestApp, photo: &str) -> bool {
    projectors::artworks::read::shows_photo(&app.db.pool, photo)
        .await
        .unwrap()
}

/// The artwork as the detail answers once `pos` is read.
async fn detail(app: &TestApp, token: &str, id: &str, pos: &str) -> Value {
    let path = format!("/api/artworks/{id}");
    let (status, body) = app.get_as(token, &path, Some(pos)).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

#[tokio::test]
async fn an_edit_chooses_the_main_photo_and_hides_one_everywhere_until_reverted() {
    // Given an artwork made from a proposal (one photo) and an approved visit (one more photo,
    // newest, so first).
    let (app, anon, modr) = app_with_moderator().await;
    let proposal = approved_proposal(&app, &anon, &modr, "Gallery Orca").await;
    let artwork = proposal.artwork;
    detail(&app, &anon, &artwork, &proposal.position).await;
    let notes = Some("Fresh paint on the fins");
    let visit = approved_visit(&app, &anon, &modr, &artwork, notes).await;
    let before = detail(&app, &anon, &artwork, &visit.position).await;
    let order = keys(&before["photos"]);
    assert_eq!(order.len(), 2);
    let (visit_photo, first_photo) = (order[0].clone(), order[1].clone());
    assert_eq!(
        (&before["main_photo"], &before["hidden_photos"]),
        (&Value::Null, &json!([]))
    );
    assert_eq!(
        keys(&before["logbook"][0]["photos"]),
        vec![visit_photo.clone()]
    );
    assert!(shows(&app, &visit_photo).await);

    // Refused: hiding the photo also chosen as main, and a photo that is not the artwork's.
    let editor = signed_in(&app, "gallery-editor@plinth.test").await;
    let validate = format!("/api/artwork/{artwork}/edit/validate");
    let (status, _, body) = app
        .post_as(
            &editor,
            &validate,
            json!({"edits": [
                change("main_photo", Value::Null, json!(first_photo)),
                change("hidden_photos", json!([]), json!([first_photo])),
            ]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["valid"], false, "{body}");
    assert_eq!(
        body["data"]["errors"][0],
        json!({"field": "hidden_photos", "message": "The main photo cannot be hidden"})
    );
    let stranger = "0190a5b00000700080000000000000aa";
    let (status, _, body) = app
        .post_as(
            &editor,
            &format!("/api/artwork/{artwork}/edit"),
            json!({"edits": [change("main_photo", Value::Null, json!(stranger))]}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["details"]["field"], "main_photo", "{body}");

    // When the older photo is made the main one and the visit's photo hidden, and approved.
    let (status, _, body) = app
        .post_as(
            &editor,
            &format!("/api/artwork/{artwork}/edit"),
            json!({"edits": [
            change("main_photo", Value::Null, json!(first_photo)),
            change("hidden_photos", json!([]), json!([visit_photo])),
        ], "note": "The visit photo shows a passer-by"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let edit = body["data"]["id"].as_str().unwrap().to_owned();
    let apply = json!({"apply_to_artwork": true});
    let (pos, _) = approve_with(&app, ARTWORK, &modr, &edit, apply).await;

    // Then the main photo leads, the hidden one is nowhere public.
    let after = detail(&app, &anon, &artwork, &pos).await;
    assert_eq!(keys(&after["photos"]), vec![first_photo.clone()]);
    assert_eq!(after["main_photo"], json!(first_photo));
    assert_eq!(after["hidden_photos"], json!([visit_photo]));
    assert_eq!(after["logbook"][0]["photos"], json!([]), "{after}");
    assert!(!shows(&app, &visit_photo).await);
    let (status, _, _) = app
        .get(&format!("/api/images/thumbnail/{visit_photo}"))
        .await;
    assert_eq!(status, 404, "a hidden photo is not served");

    // The history names both fields; "as of" the edit equals the read model.
    let (status, hist) = app
        .get_as(&anon, &format!("/api/artworks/{artwork}/history"), None)
        .await;
    assert_eq!(status, 200, "{hist}");
    let edited = &hist["data"]["entries"][0];
    assert_eq!(edited["kind"], "edited");
    let fields = strs(&edited["changes"], "field");
    assert_eq!(fields, ["main_photo", "hidden_photos"]);
    assert_eq!(edited["revertible"], true);
    let as_of = format!(
        "/api/artworks/{artwork}?as_of={}",
        edited["id"].as_str().unwrap()
    );
    let (_, then) = app.get_as(&anon, &as_of, None).await;
    assert_eq!(then["data"], after);

    // Search leads with the main photo.
    let (status, found) = app
        .get_as(&anon, "/api/search?q=Gallery%20Orca", Some(&pos))
        .await;
    assert_eq!(status, 200, "{found}");
    let hit = find_by(&found["data"]["results"], "id", &artwork);
    assert!(
        hit.to_string().contains(&first_photo) && !hit.to_string().contains(&visit_photo),
        "{hit}"
    );

    // When a moderator reverts the edit: no main photo, nothing hidden, both photos back.
    let reason = "The passer-by is not recognisable";
    let revert = json!({"change": edited["id"], "reason": reason, "scope": "change"});
    let (status, pos, body) = app
        .post_as(&modr, &format!("/api/artworks/{artwork}/revert"), revert)
        .await;
    assert_eq!(status, 200, "{body}");
    let reverted = detail(&app, &anon, &artwork, &pos).await;
    assert_eq!(reverted["main_photo"], Value::Null);
    assert_eq!(reverted["hidden_photos"], json!([]));
    let mut shown = keys(&reverted["photos"]);
    shown.sort();
    let mut all = vec![first_photo, visit_photo.clone()];
    all.sort();
    assert_eq!(shown, all);
    assert_eq!(
        keys(&reverted["logbook"][0]["photos"]),
        vec![visit_photo.clone()]
    );
    assert!(shows(&app, &visit_photo).await);

    assert_replay_keeps(&app.db.pool, &["artworks", "artwork_visits"]).await;
}
