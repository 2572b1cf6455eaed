//! Saved lists end to end: the system lists every identity has, one's own lists with their
//! limits, privacy (a private list is a 404 to anyone else, changes by others a 403), the
//! system lists' rules, what was saved anonymously kept once the identity is claimed, a merged
//! duplicate read as the artwork kept, and a replay that gives the same rows.

use crate::accounts::{anonymous_token, sign_in};
use crate::fixtures::{assert_field, assert_message, strings, strs};
use crate::harness::{assert_replay_keeps, TestApp};
use crate::submissions::{moderator, spawn};
use reqwest::Method;
use serde_json::{json, Value};

/// Imports a public artwork; answers its id and the import's position.
async fn artwork(app: &TestApp, source_id: &str, title: &str) -> (String, String) {
    let commands = command_api::Commands::new(app.db.pool.clone());
    let record = crate::harness::vancouver_artwork(source_id, title, &[]);
    let id = record.id.to_string();
    let pos = crate::harness::import_artwork(&commands, record).await;
    (id, pos.to_string())
}

/// The caller's lists once `pos` is read: (kind, name, item_count) and the id of each.
async fn my_lists(
    app: &TestApp,
    token: &str,
    pos: Option<&str>,
) -> Vec<(String, String, i64, String)> {
    let (status, body) = app.get_as(token, "/api/me/lists", pos).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["lists"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["kind"].as_str().unwrap().to_owned(),
                l["name"].as_str().unwrap().to_owned(),
                l["item_count"].as_i64().unwrap(),
                l["id"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The ids of list `list`'s artworks as `token` reads them once `pos` is read.
async fn items_of(app: &TestApp, token: &str, list: &str, pos: &str) -> Vec<String> {
    let (status, body) = app
        .get_as(token, &format!("/api/lists/{list}"), Some(pos))
        .await;
    assert_eq!(status, 200, "{body}");
    item_ids(&body)
}

/// Sends `body` to `list`'s items with `method` as `token` and checks it was done: the position.
async fn change_items(
    app: &TestApp,
    method: Method,
    token: &str,
    list: &str,
    body: Value,
) -> String {
    let path = format!("/api/lists/{list}/items");
    let (status, pos, _) = app.send_as(method, token, &path, body).await;
    assert_eq!(status, 200);
    pos
}

/// [`change_items`], answering the list's items read after it.
async fn items_after(
    app: &TestApp,
    method: Method,
    token: &str,
    list: &str,
    body: Value,
) -> Vec<String> {
    let pos = change_items(app, method, token, list, body).await;
    items_of(app, token, list, &pos).await
}

fn item_ids(body: &Value) -> Vec<String> {
    strings(&body["data"]["items"], "id")
}

#[tokio::test]
async fn lists_are_saved_private_to_their_owner_and_kept_when_the_identity_is_claimed() {
    let app = spawn().await;
    let (mural, _) = artwork(&app, "lists-1", "Blue Wall").await;
    let (statue, imported) = artwork(&app, "lists-2", "Bronze Crane").await;
    let owner = anonymous_token(&app).await;
    let other = anonymous_token(&app).await;

    // Given: every identity has Loved, Visited and Want to see, empty, before saving anything.
    let lists = my_lists(&app, &owner, Some(&imported)).await;
    let kinds: Vec<(&str, &str, i64)> = lists
        .iter()
        .map(|(k, n, c, _)| (k.as_str(), n.as_str(), *c))
        .collect();
    assert_eq!(
        kinds,
        [
            ("loved", "Loved", 0),
            ("visited", "Visited", 0),
            ("want_to_see", "Want to see", 0)
        ]
    );
    let loved = lists[0].3.clone();
    let (status, empty) = app
        .get_as(&owner, &format!("/api/lists/{loved}"), None)
        .await;
    assert_eq!(status, 200, "{empty}");
    assert_eq!(empty["data"]["items"], json!([]));

    // When the mural is loved (twice: once counts) and a list of one's own is made.
    let items = format!("/api/lists/{loved}/items");
    for _ in 0..2 {
        let (status, _, body) = app
            .post_as(&owner, &items, json!({"artwork_id": mural}))
            .await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, pos, body) = app
        .post_as(&owner, "/api/lists", json!({"name": "  Walk   on Sunday "}))
        .await;
    assert_eq!(status, 201, "{body}");
    let own = body["data"]["id"].as_str().unwrap().to_owned();
    let own_items = format!("/api/lists/{own}/items");
    let mut last = pos;
    for art in [&mural, &statue] {
        let (status, pos, body) = app
            .post_as(&owner, &own_items, json!({"artwork_id": art}))
            .await;
        assert_eq!(status, 200, "{body}");
        last = pos;
    }

    // Then: counts, the list's artworks most recently saved first, the saved counts.
    let lists = my_lists(&app, &owner, Some(&last)).await;
    assert_eq!(lists[0].2, 1, "Loved holds the mural once");
    assert_eq!(
        (lists[3].0.as_str(), lists[3].1.as_str(), lists[3].2),
        ("custom", "Walk on Sunday", 2)
    );
    let (status, body) = app
        .get_as(&owner, &format!("/api/lists/{own}"), Some(&last))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(item_ids(&body), [statue.clone(), mural.clone()]);
    assert_eq!(body["data"]["pagination"]["total"], 2);
    assert_eq!(body["data"]["list"]["owned"], true);
    let mural_saved = format!("/api/artworks/{mural}/saved");
    let (_, saved) = app.get_as(&owner, &mural_saved, Some(&last)).await;
    assert_eq!(
        saved["data"]["lists"][0],
        json!({"kind": "loved", "list_id": loved, "count": 1, "mine": true})
    );
    assert_eq!(saved["data"]["in_lists"], json!([own]));
    let (_, theirs) = app.get_as(&other, &mural_saved, Some(&last)).await;
    assert_eq!(
        (
            &theirs["data"]["lists"][0]["count"],
            &theirs["data"]["lists"][0]["mine"]
        ),
        (&json!(1), &json!(false))
    );

    // Refused: a private list to someone else (404 to read, 403 to change); the limits.
    let (status, body) = app.get_as(&other, &format!("/api/lists/{own}"), None).await;
    assert_message(status, &body, 404, "List not found");
    let (status, _, body) = app
        .post_as(&other, &own_items, json!({"artwork_id": mural}))
        .await;
    assert_message(status, &body, 403, "Only its owner can change a list");
    let (status, _, _) = app
        .delete_as(&other, &format!("/api/lists/{own}"), json!({}))
        .await;
    assert_eq!(status, 403);
    for (name, message) in [
        ("   ", "A list name is required"),
        (
            &"x".repeat(101)[..],
            "A list name must be at most 100 characters",
        ),
    ] {
        let (status, _, body) = app
            .post_as(&owner, "/api/lists", json!({"name": name}))
            .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(
            (body["details"]["field"].as_str(), body["message"].as_str()),
            (Some("name"), Some(message))
        );
    }
    let (status, _, body) = app
        .delete_as(&owner, &own_items, json!({"artwork_ids": []}))
        .await;
    assert_field(status, &body, 400, "artwork_ids");
    let many: Vec<String> = (0..101).map(|_| uuid::Uuid::now_v7().to_string()).collect();
    let (status, _, body) = app
        .delete_as(&owner, &own_items, json!({"artwork_ids": many}))
        .await;
    assert_message(
        status,
        &body,
        400,
        "At most 100 artworks can be removed at once",
    );
    let (status, _, body) = app
        .post_as(
            &owner,
            &own_items,
            json!({"artwork_id": uuid::Uuid::now_v7()}),
        )
        .await;
    assert_message(status, &body, 404, "Artwork not found");
    for (method, path) in [
        (Method::PATCH, format!("/api/lists/{loved}")),
        (Method::DELETE, format!("/api/lists/{loved}")),
    ] {
        let (status, _, body) = app
            .send_as(method, &owner, &path, json!({"name": "Liked"}))
            .await;
        assert_message(status, &body, 400, "Loved cannot be renamed or deleted");
    }

    // A public list is seen by anyone; renamed; an artwork removed; deleted, it is gone.
    let (status, pos, _) = app
        .patch_as(
            &owner,
            &format!("/api/lists/{own}"),
            json!({"name": "Sunday walk", "public": true}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, body) = app
        .get_as(&other, &format!("/api/lists/{own}"), Some(&pos))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            &body["data"]["list"]["name"],
            &body["data"]["list"]["owned"]
        ),
        (&json!("Sunday walk"), &json!(false))
    );
    let removed = json!({"artwork_ids": [statue]});
    let items = items_after(&app, Method::DELETE, &owner, &own, removed).await;
    assert_eq!(items, vec![mural.clone()]);

    // When the anonymous owner signs in: the account's Loved holds what was loved before.
    let (session, _, signed) = sign_in(&app, "lister@plinth.test", &owner, 1).await;
    let lists = my_lists(&app, &session, Some(&signed)).await;
    let account_loved = lists[0].3.clone();
    assert_ne!(account_loved, loved, "the account's own Loved");
    assert_eq!(lists[0].2, 1);
    assert!(lists.iter().any(|l| l.3 == own), "own lists are kept too");
    let added = json!({"artwork_id": statue});
    let items = items_after(&app, Method::POST, &session, &account_loved, added).await;
    assert_eq!(items, [statue.clone(), mural.clone()]);
    // Removing from it removes from the identity's list that held it.
    let removed = json!({"artwork_ids": [mural]});
    let items = items_after(&app, Method::DELETE, &session, &account_loved, removed).await;
    assert_eq!(items, vec![statue.clone()]);

    // A duplicate merged into another artwork is read as the artwork kept.
    let modr = moderator(&app).await;
    let merge = format!("/api/artworks/{statue}/merge");
    let (status, pos, body) = app
        .post_as(
            &modr,
            &merge,
            json!({"into": mural, "reason": "Same crane"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let items = items_of(&app, &session, &account_loved, &pos).await;
    assert_eq!(items, vec![mural.clone()]);

    let (status, pos, _) = app
        .delete_as(&session, &format!("/api/lists/{own}"), json!({}))
        .await;
    assert_eq!(status, 200);
    let (status, _) = app
        .get_as(&session, &format!("/api/lists/{own}"), Some(&pos))
        .await;
    assert_eq!(status, 404);

    assert_replay_keeps(&app.db.pool, &["lists", "list_items"]).await;
}

#[tokio::test]
async fn a_list_is_walked_nearest_first_as_json_and_as_gpx() {
    // Given three artworks along a street, saved out of order to a public list.
    let app = spawn().await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    let mut ids = Vec::new();
    let mut last = String::new();
    for (n, lat) in [(1, 49.2840), (2, 49.2820), (3, 49.2830)] {
        let mut record =
            crate::harness::vancouver_artwork(&format!("tour-{n}"), &format!("Stop & {n}"), &[]);
        record.location = domain::Location::parse(lat, -123.1207).unwrap();
        ids.push(record.id.to_string());
        last = crate::harness::import_artwork(&commands, record)
            .await
            .to_string();
    }
    let walker = anonymous_token(&app).await;
    let (status, _, body) = app
        .post_as(
            &walker,
            "/api/lists",
            json!({"name": "Street <walk>", "public": true}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let list = body["data"]["id"].as_str().unwrap().to_owned();
    app.get_as(&walker, "/api/me/lists", Some(&last)).await;
    for id in &ids {
        let added = json!({"artwork_id": id});
        last = change_items(&app, Method::POST, &walker, &list, added).await;
    }

    // When the tour starts south of them: south to north, with its length.
    let tour = format!("/api/lists/{list}/tour?start=49.2810,-123.1207");
    let (status, body) = app.get_as(&walker, &tour, Some(&last)).await;
    assert_eq!(status, 200, "{body}");
    let order = strs(&body["data"]["stops"], "id");
    assert_eq!(order, [ids[1].as_str(), ids[2].as_str(), ids[0].as_str()]);
    let distance = body["data"]["distance_m"].as_f64().unwrap();
    let straight = domain::geo::haversine_m(49.2810, -123.1207, 49.2840, -123.1207);
    assert!(
        (distance - straight).abs() < 1.0,
        "{distance} vs {straight}"
    );

    // As GPX: by Accept and at .gpx, names escaped; anyone may walk a public list.
    let stranger = anonymous_token(&app).await;
    let (status, headers, _) = app
        .get_with(
            &tour,
            &[
                ("X-User-Token", &stranger),
                ("Accept", "application/gpx+xml"),
            ],
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "application/gpx+xml");
    let resp = app
        .client
        .get(format!(
            "{}/api/lists/{list}/tour.gpx?start=49.2810,-123.1207",
            app.base
        ))
        .header("X-User-Token", &stranger)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let gpx = resp.text().await.unwrap();
    assert!(gpx.starts_with("<?xml"), "{gpx}");
    assert!(gpx.contains("<name>Street &lt;walk&gt;</name>"), "{gpx}");
    assert_eq!(gpx.matches("<wpt ").count(), 3, "{gpx}");
    assert_eq!(gpx.matches("<rtept ").count(), 4, "{gpx}");
    assert!(gpx.contains("Stop &amp; 2"), "{gpx}");

    // A bad start is a 400 naming it.
    let (status, body) = app
        .get_as(
            &walker,
            &format!("/api/lists/{list}/tour?start=north"),
            None,
        )
        .await;
    assert_field(status, &body, 400, "start");
}
