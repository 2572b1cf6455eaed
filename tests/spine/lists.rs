//! Saved lists end to end: the system lists every identity has, one's own lists with their
//! limits, privacy (a private list is a 404 to anyone else, changes by others a 403), the
//! system lists' rules, what was saved anonymously kept once the identity is claimed, a merged
//! duplicate read as the artwork kept, and a replay that gives the same rows.

use crate::accounts::{anonymous_token, sign_in};
use crate::harness::{assert_replay_keeps, TestApp};
use crate::submissions::{get_as, moderator, post_json, spawn};
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

/// A request with a JSON body as `token`: status, `X-Event-Position` (empty when none), body.
async fn send(
    app: &TestApp,
    method: Method,
    token: &str,
    path: &str,
    body: Value,
) -> (u16, String, Value) {
    let (status, headers, body) = app.send(method, path, Some(token), Some(body)).await;
    let pos = headers
        .get("x-event-position")
        .map(|p| p.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, pos, body)
}

/// The caller's lists once `pos` is read: (kind, name, item_count) and the id of each.
async fn my_lists(
    app: &TestApp,
    token: &str,
    pos: Option<&str>,
) -> Vec<(String, String, i64, String)> {
    let (status, body) = get_as(app, "/api/me/lists", token, pos).await;
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

fn item_ids(body: &Value) -> Vec<String> {
    body["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap().to_owned())
        .collect()
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
    let (status, empty) = get_as(&app, &format!("/api/lists/{loved}"), &owner, None).await;
    assert_eq!(status, 200, "{empty}");
    assert_eq!(empty["data"]["items"], json!([]));

    // When the mural is loved (twice: once counts) and a list of one's own is made.
    let items = format!("/api/lists/{loved}/items");
    for _ in 0..2 {
        let (status, _, body) = send(
            &app,
            Method::POST,
            &owner,
            &items,
            json!({"artwork_id": mural}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, pos, body) = post_json(
        &app,
        &owner,
        "/api/lists",
        json!({"name": "  Walk   on Sunday "}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let own = body["data"]["id"].as_str().unwrap().to_owned();
    let own_items = format!("/api/lists/{own}/items");
    let mut last = pos;
    for art in [&mural, &statue] {
        let (status, pos, body) = send(
            &app,
            Method::POST,
            &owner,
            &own_items,
            json!({"artwork_id": art}),
        )
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
    let (status, body) = get_as(&app, &format!("/api/lists/{own}"), &owner, Some(&last)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(item_ids(&body), [statue.clone(), mural.clone()]);
    assert_eq!(body["data"]["pagination"]["total"], 2);
    assert_eq!(body["data"]["list"]["owned"], true);
    let (_, saved) = get_as(
        &app,
        &format!("/api/artworks/{mural}/saved"),
        &owner,
        Some(&last),
    )
    .await;
    assert_eq!(
        saved["data"]["lists"][0],
        json!({"kind": "loved", "list_id": loved, "count": 1, "mine": true})
    );
    assert_eq!(saved["data"]["in_lists"], json!([own]));
    let (_, theirs) = get_as(
        &app,
        &format!("/api/artworks/{mural}/saved"),
        &other,
        Some(&last),
    )
    .await;
    assert_eq!(
        (
            &theirs["data"]["lists"][0]["count"],
            &theirs["data"]["lists"][0]["mine"]
        ),
        (&json!(1), &json!(false))
    );

    // Refused: a private list to someone else (404 to read, 403 to change); the limits.
    let (status, body) = get_as(&app, &format!("/api/lists/{own}"), &other, None).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (404, Some("List not found"))
    );
    let (status, _, body) = send(
        &app,
        Method::POST,
        &other,
        &own_items,
        json!({"artwork_id": mural}),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (403, Some("Only its owner can change a list"))
    );
    let (status, _, _) = send(
        &app,
        Method::DELETE,
        &other,
        &format!("/api/lists/{own}"),
        json!({}),
    )
    .await;
    assert_eq!(status, 403);
    for (name, message) in [
        ("   ", "A list name is required"),
        (
            &"x".repeat(101)[..],
            "A list name must be at most 100 characters",
        ),
    ] {
        let (status, _, body) = post_json(&app, &owner, "/api/lists", json!({"name": name})).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(
            (body["details"]["field"].as_str(), body["message"].as_str()),
            (Some("name"), Some(message))
        );
    }
    let (status, _, body) = send(
        &app,
        Method::DELETE,
        &owner,
        &own_items,
        json!({"artwork_ids": []}),
    )
    .await;
    assert_eq!(
        (status, body["details"]["field"].as_str()),
        (400, Some("artwork_ids"))
    );
    let many: Vec<String> = (0..101).map(|_| uuid::Uuid::now_v7().to_string()).collect();
    let (status, _, body) = send(
        &app,
        Method::DELETE,
        &owner,
        &own_items,
        json!({"artwork_ids": many}),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("At most 100 artworks can be removed at once"))
    );
    let (status, _, body) = send(
        &app,
        Method::POST,
        &owner,
        &own_items,
        json!({"artwork_id": uuid::Uuid::now_v7()}),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (404, Some("Artwork not found"))
    );
    for (method, path) in [
        (Method::PATCH, format!("/api/lists/{loved}")),
        (Method::DELETE, format!("/api/lists/{loved}")),
    ] {
        let (status, _, body) = send(&app, method, &owner, &path, json!({"name": "Liked"})).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Loved cannot be renamed or deleted"))
        );
    }

    // A public list is seen by anyone; renamed; an artwork removed; deleted, it is gone.
    let (status, pos, _) = send(
        &app,
        Method::PATCH,
        &owner,
        &format!("/api/lists/{own}"),
        json!({"name": "Sunday walk", "public": true}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = get_as(&app, &format!("/api/lists/{own}"), &other, Some(&pos)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            &body["data"]["list"]["name"],
            &body["data"]["list"]["owned"]
        ),
        (&json!("Sunday walk"), &json!(false))
    );
    let (status, pos, _) = send(
        &app,
        Method::DELETE,
        &owner,
        &own_items,
        json!({"artwork_ids": [statue]}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, body) = get_as(&app, &format!("/api/lists/{own}"), &owner, Some(&pos)).await;
    assert_eq!(item_ids(&body), vec![mural.clone()]);

    // When the anonymous owner signs in: the account's Loved holds what was loved before.
    let (session, _, signed) = sign_in(&app, "lister@plinth.test", &owner, 1).await;
    let lists = my_lists(&app, &session, Some(&signed)).await;
    let account_loved = lists[0].3.clone();
    assert_ne!(account_loved, loved, "the account's own Loved");
    assert_eq!(lists[0].2, 1);
    assert!(lists.iter().any(|l| l.3 == own), "own lists are kept too");
    let (status, pos, _) = send(
        &app,
        Method::POST,
        &session,
        &format!("/api/lists/{account_loved}/items"),
        json!({"artwork_id": statue}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, body) = get_as(
        &app,
        &format!("/api/lists/{account_loved}"),
        &session,
        Some(&pos),
    )
    .await;
    assert_eq!(item_ids(&body), [statue.clone(), mural.clone()]);
    // Removing from it removes from the identity's list that held it.
    let (status, pos, _) = send(
        &app,
        Method::DELETE,
        &session,
        &format!("/api/lists/{account_loved}/items"),
        json!({"artwork_ids": [mural]}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, body) = get_as(
        &app,
        &format!("/api/lists/{account_loved}"),
        &session,
        Some(&pos),
    )
    .await;
    assert_eq!(item_ids(&body), vec![statue.clone()]);

    // A duplicate merged into another artwork is read as the artwork kept.
    let modr = moderator(&app).await;
    let (status, pos, body) = post_json(
        &app,
        &modr,
        &format!("/api/artworks/{statue}/merge"),
        json!({"into": mural, "reason": "Same crane"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, body) = get_as(
        &app,
        &format!("/api/lists/{account_loved}"),
        &session,
        Some(&pos),
    )
    .await;
    assert_eq!(item_ids(&body), vec![mural.clone()]);

    let (status, pos, _) = send(
        &app,
        Method::DELETE,
        &session,
        &format!("/api/lists/{own}"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = get_as(&app, &format!("/api/lists/{own}"), &session, Some(&pos)).await;
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
    let (status, _, body) = post_json(
        &app,
        &walker,
        "/api/lists",
        json!({"name": "Street <walk>", "public": true}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let list = body["data"]["id"].as_str().unwrap().to_owned();
    get_as(&app, "/api/me/lists", &walker, Some(&last)).await;
    for id in &ids {
        let (status, pos, _) = send(
            &app,
            Method::POST,
            &walker,
            &format!("/api/lists/{list}/items"),
            json!({"artwork_id": id}),
        )
        .await;
        assert_eq!(status, 200);
        last = pos;
    }

    // When the tour starts south of them: south to north, with its length.
    let tour = format!("/api/lists/{list}/tour?start=49.2810,-123.1207");
    let (status, body) = get_as(&app, &tour, &walker, Some(&last)).await;
    assert_eq!(status, 200, "{body}");
    let order: Vec<&str> = body["data"]["stops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
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
    let (status, body) = get_as(
        &app,
        &format!("/api/lists/{list}/tour?start=north"),
        &walker,
        None,
    )
    .await;
    assert_eq!(
        (status, body["details"]["field"].as_str()),
        (400, Some("start"))
    );
}
