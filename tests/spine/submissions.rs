//! Contributions end to end against the real services: logbook posts with real phone-like JPEGs,
//! the photo pipeline and what it serves, the review calls and their errors, and the effects of
//! approval on artworks, their logbook, search and "my submissions".

use crate::accounts::{anonymous_token, sign_in};
use crate::fixtures::{
    app_with_moderator, assert_field, assert_message, post_multipart, reject, review, sql_scalar,
    sql_value, strs,
};
use crate::harness::{AppOptions, TestApp, RENDER_BUDGET};
use media::testing::{has_metadata, phone_jpeg, PhoneJpeg};
use reqwest::multipart::{Form, Part};
use reqwest::Method;
use serde_json::{json, Value};
use std::time::Duration;

const MODERATOR: &str = "moderator@plinth.test";
/// The Vancouver Convention Centre's west plaza.
pub(crate) const LAT: f64 = 49.28915;
pub(crate) const LON: f64 = -123.11722;

pub(crate) fn jpeg_part(bytes: Vec<u8>, name: &str) -> Part {
    Part::bytes(bytes)
        .file_name(name.to_owned())
        .mime_str("image/jpeg")
        .unwrap()
}

pub(crate) fn phone(lat: f64, lon: f64) -> Vec<u8> {
    phone_jpeg(&PhoneJpeg::new(640, 480, lat, lon))
}

/// A new-artwork form at (`LAT`, `LON`) with one phone photo.
fn proposal(title: &str) -> Form {
    Form::new()
        .text("lat", LAT.to_string())
        .text("lon", LON.to_string())
        .text("type", "new_artwork")
        .text("title", title.to_owned())
        .text("artwork_type", "sculpture")
        .text("tags", r#"{"material":"metal"}"#)
        .text("artists", r#"["Douglas Coupland"]"#)
        .text("notes", "A pixelated orca by the water")
        .part("photos", jpeg_part(phone(LAT, LON), "orca.jpg"))
}

/// A logbook post of `form` as `token`: its status, headers and body.
pub(crate) async fn post_form(
    app: &TestApp,
    token: &str,
    form: Form,
) -> (u16, reqwest::header::HeaderMap, Value) {
    post_multipart(app, "/api/logbook", token, form).await
}

/// An accepted proposal: its id, its first photo's key and the response's headers.
pub(crate) struct Proposed {
    pub(crate) id: String,
    photo: String,
    /// The first photo as the receipt gave it (its URLs signed for the author).
    photo_urls: Value,
    headers: reqwest::header::HeaderMap,
}

/// Posts `proposal(title)` as `token` and checks that it was accepted.
pub(crate) async fn propose(app: &TestApp, token: &str, title: &str) -> Proposed {
    let (status, headers, body) = post_form(app, token, proposal(title)).await;
    assert_eq!(status, 201, "{body}");
    Proposed {
        id: body["data"]["id"].as_str().unwrap().to_owned(),
        photo: body["data"]["photos"][0]["key"]
            .as_str()
            .unwrap()
            .to_owned(),
        photo_urls: body["data"]["photos"][0].clone(),
        headers,
    }
}

/// The path of artwork `id`'s detail.
fn detail_of(id: &str) -> String {
    format!("/api/artworks/{id}")
}

pub(crate) fn position(headers: &reqwest::header::HeaderMap) -> String {
    headers["x-event-position"].to_str().unwrap().to_owned()
}

/// A moderator's session, its role in force (as a client that has seen the sign-in would).
pub(crate) async fn moderator(app: &TestApp) -> String {
    let anon = anonymous_token(app).await;
    let (session, _, pos) = sign_in(app, MODERATOR, &anon, 1).await;
    let (status, _) = app.get_as(&session, "/api/review/stats", Some(&pos)).await;
    assert_eq!(status, 200);
    session
}

pub(crate) async fn spawn() -> TestApp {
    TestApp::spawn_with(AppOptions {
        admin_emails: vec![MODERATOR.to_owned()],
    })
    .await
}

/// Waits until the photo's variants are stored, and answers the image responses by size,
/// fetched at the URLs an answer gave for it (`photo` is a `PhotoDto`).
async fn served(app: &TestApp, photo: &Value) -> Vec<(String, reqwest::Response)> {
    let mut out = Vec::new();
    let key = photo["key"].as_str().unwrap();
    for (size, field) in [
        ("thumbnail", "thumbnail_url"),
        ("medium", "medium_url"),
        ("large", "large_url"),
        ("original", "url"),
    ] {
        let url = format!("{}{}", app.base, photo[field].as_str().unwrap());
        let mut tries = 0;
        loop {
            let r = app.client.get(&url).send().await.unwrap();
            if r.status() == 200 {
                out.push((size.to_owned(), r));
                break;
            }
            tries += 1;
            assert!(tries < 200, "{size} of {key} never appeared");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    out
}

/// Approves submission `id` as `token`, with `body`.
pub(crate) async fn approve(
    app: &TestApp,
    token: &str,
    id: &str,
    body: Value,
) -> (u16, reqwest::header::HeaderMap, Value) {
    review(app, token, "approve", id, body).await
}

/// Submission `id` as moderator `modr` reviews it, once `pos` (if any) is read.
async fn under_review(app: &TestApp, modr: &str, id: &str, pos: Option<&str>) -> Value {
    let path = format!("/api/review/submission/{id}");
    let (status, body) = app.get_as(modr, &path, pos).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["submission"].clone()
}

/// Withdraws submission `id` as `token`: the answer's status and body.
async fn withdraw(app: &TestApp, token: &str, id: &str) -> (u16, Value) {
    let path = format!("/api/submissions/{id}/withdraw");
    let (status, _, body) = app.send(Method::POST, &path, Some(token), None).await;
    (status, body)
}

#[tokio::test]
async fn an_anonymous_proposal_is_pending_for_its_author_at_once_and_served_without_metadata() {
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let form = proposal("Digital Orca").part(
        "photos",
        jpeg_part(
            phone_jpeg(&PhoneJpeg {
                orientation: 6,
                ..PhoneJpeg::new(800, 600, LAT, LON)
            }),
            "turned.jpg",
        ),
    );
    let (status, headers, body) = post_form(&app, &anon, form).await;
    assert_eq!(status, 201, "{body}");
    let receipt = &body["data"];
    assert_eq!(receipt["status"], "pending");
    assert_eq!(receipt["submission_type"], "new_artwork");
    assert_eq!(receipt["photos"].as_array().unwrap().len(), 2);
    // Orientation 6 turns the stored 800 × 600 into a portrait.
    assert_eq!(receipt["photos"][1]["width"], 600);
    assert_eq!(receipt["photos"][1]["height"], 800);

    // Read-your-writes: the author sees it, pending, first in the queue.
    let (status, mine) = app
        .get_as(&anon, "/api/me/submissions", Some(&position(&headers)))
        .await;
    assert_eq!(status, 200);
    let s = &mine["data"]["submissions"][0];
    assert_eq!(s["id"], receipt["id"]);
    assert_eq!(s["status"], "pending");
    assert_eq!(s["queue_position"], 1);
    assert_eq!(s["title"], "Digital Orca");
    assert_eq!(s["artists"], json!(["Douglas Coupland"]));
    assert_eq!(
        s["photos"][0]["exif"]["make"], "Plinthcam",
        "the author sees their EXIF"
    );
    assert!((s["photos"][0]["exif"]["latitude"].as_f64().unwrap() - LAT).abs() < 1e-4);

    // Another visitor sees nothing of it.
    let other = anonymous_token(&app).await;
    let (_, theirs) = app.get_as(&other, "/api/me/submissions", None).await;
    assert_eq!(theirs["data"]["total"], 0);

    // Every served size of every photo: a JPEG with no metadata, within its size, cacheable by
    // the author's browser alone while it is in review.
    for photo in receipt["photos"].as_array().unwrap() {
        let key = photo["key"].as_str().unwrap();
        for (size, r) in served(&app, photo).await {
            assert_eq!(r.headers()["content-type"], "image/jpeg");
            let cache = r.headers()["cache-control"].to_str().unwrap().to_owned();
            assert!(cache.starts_with("private, max-age="), "{cache}");
            let etag = r.headers()["etag"].to_str().unwrap().to_owned();
            let bytes = r.bytes().await.unwrap();
            assert_eq!(
                has_metadata(&bytes),
                Vec::<String>::new(),
                "{size} of {key}"
            );
            assert!(
                !bytes.windows(9).any(|w| w == b"Plinthcam"),
                "{size} carries the camera make"
            );
            assert!(
                exif::Reader::new()
                    .read_from_container(&mut std::io::Cursor::new(&bytes[..]))
                    .is_err(),
                "{size} has EXIF"
            );
            let img = image::load_from_memory(&bytes).unwrap();
            let edge = img.width().max(img.height());
            let max = match size.as_str() {
                "thumbnail" => 400,
                "medium" => 1024,
                _ => 2048,
            };
            assert!(edge <= max, "{size} is {edge} px");
            if photo["height"].as_u64() > photo["width"].as_u64() {
                assert!(img.height() > img.width(), "{size} is not upright");
            }
            let field = if size == "original" {
                "url".to_owned()
            } else {
                format!("{size}_url")
            };
            let again = app
                .client
                .get(format!("{}{}", app.base, photo[&field].as_str().unwrap()))
                .header("If-None-Match", &etag)
                .send()
                .await
                .unwrap();
            assert_eq!(again.status(), 304);
        }
    }
    app.stop().await;
}

/// The status and `Cache-Control` of `path` (relative to the API's base), fetched without a token.
async fn fetch_image(app: &TestApp, path: &str) -> (u16, String) {
    let r = app.get_raw(path).await;
    let cache = r
        .headers()
        .get("cache-control")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (r.status().as_u16(), cache)
}

#[tokio::test]
async fn a_photo_in_review_is_served_only_at_signed_urls_until_an_artwork_shows_it() {
    // Given an anonymous proposal with a photo, its variants made.
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let Proposed {
        id,
        photo: key,
        photo_urls,
        ..
    } = propose(&app, &anon, "Signed Mural").await;
    let signed = photo_urls["thumbnail_url"].as_str().unwrap().to_owned();
    assert!(
        signed.starts_with(&format!("/api/images/thumbnail/{key}?expires="))
            && signed.contains("&sig="),
        "{signed}"
    );
    served(&app, &photo_urls).await;

    // Then its plain URL is unknown to anyone, a forged or altered signature too.
    let plain = format!("/api/images/thumbnail/{key}");
    assert_eq!(fetch_image(&app, &plain).await.0, 404);
    let (query_expires, sig) = signed
        .split_once("?expires=")
        .unwrap()
        .1
        .split_once("&sig=")
        .unwrap();
    let expires: i64 = query_expires.parse().unwrap();
    let forged = format!("{plain}?expires={expires}&sig={}", "0".repeat(32));
    assert_eq!(fetch_image(&app, &forged).await.0, 404);
    let longer = format!("{plain}?expires={}&sig={sig}", expires + 3600);
    assert_eq!(fetch_image(&app, &longer).await.0, 404);
    let other_size = format!("/api/images/original/{key}?expires={expires}&sig={sig}");
    assert_eq!(fetch_image(&app, &other_size).await.0, 404);
    // And a URL signed by this deployment whose time is over is refused as expired.
    let signer = media::images::UrlSigner::load(&app.db.pool).await.unwrap();
    let old = signer.url(
        domain::PhotoSize::Thumbnail,
        &key,
        chrono::Utc::now() - chrono::Duration::hours(3),
    );
    let (status, _) = fetch_image(&app, &old).await;
    assert_eq!(status, 403);

    // And moderators' answers carry signed URLs that serve it.
    let modr = moderator(&app).await;
    let theirs = under_review(&app, &modr, &id, None).await["photos"][0]["medium_url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(theirs.contains("&sig="), "{theirs}");
    let (status, cache) = fetch_image(&app, &theirs).await;
    assert_eq!(status, 200);
    assert!(cache.starts_with("private, max-age="), "{cache}");

    // When it is approved, the artwork shows the photo at its plain URL, public and immutable.
    let (status, headers, body) = approve(&app, &modr, &id, json!({})).await;
    assert_eq!(status, 200, "{body}");
    let artwork = body["data"]["artwork_id"].as_str().unwrap().to_owned();
    let (_, shown) = app
        .get_as(&anon, &detail_of(&artwork), Some(&position(&headers)))
        .await;
    assert_eq!(shown["data"]["photos"][0]["thumbnail_url"], plain.as_str());
    assert_eq!(
        fetch_image(&app, &plain).await,
        (200, "public, max-age=31536000, immutable".to_owned())
    );
    app.stop().await;
}

#[tokio::test]
async fn bad_posts_are_refused_with_the_right_codes_and_leave_no_files() {
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let photo = || jpeg_part(phone(LAT, LON), "p.jpg");

    let mut eleven = Form::new().text("lat", "49.28").text("lon", "-123.1");
    for _ in 0..11 {
        eleven = eleven.part("photos", photo());
    }
    let (status, _, body) = post_form(&app, &anon, eleven).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("VALIDATION_ERROR"))
    );
    assert_eq!(body["details"]["field"], "photos");
    assert_eq!(body["message"], "At most 10 photos can be added");

    // 15 MB and one byte, starting like a JPEG.
    let mut big = vec![0xFF, 0xD8, 0xFF, 0xE0];
    big.resize(15 * 1024 * 1024 + 1, 0);
    let form = Form::new()
        .text("lat", "49.28")
        .text("lon", "-123.1")
        .part("photos", jpeg_part(big, "big.jpg"));
    let (status, _, body) = post_form(&app, &anon, form).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (413, Some("PAYLOAD_TOO_LARGE"))
    );
    assert_eq!(body["message"], "Each photo must be at most 15 MB");

    // A text file named and typed as a JPEG.
    let form = Form::new().text("lat", "49.28").text("lon", "-123.1").part(
        "photos",
        jpeg_part(b"just some text, not a picture".to_vec(), "fake.jpg"),
    );
    let (status, _, body) = post_form(&app, &anon, form).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (415, Some("UNSUPPORTED_MEDIA_TYPE"))
    );

    for (lat, lon, field) in [
        ("95", "-123.1", "lat"),
        ("49.2", "-181", "lon"),
        ("abc", "1", "lat"),
        ("", "1", "lat"),
    ] {
        let form = Form::new()
            .text("lat", lat)
            .text("lon", lon)
            .part("photos", photo());
        let (status, _, body) = post_form(&app, &anon, form).await;
        assert_eq!(status, 400, "{lat},{lon}: {body}");
        assert_eq!(body["details"]["field"], field);
    }

    let form = Form::new().text("lat", "49.28").text("lon", "-123.1");
    let (status, _, body) = post_form(&app, &anon, form).await;
    assert_message(status, &body, 400, "Add at least one photo");

    let ghost = uuid::Uuid::now_v7();
    let form = Form::new()
        .text("lat", "49.28")
        .text("lon", "-123.1")
        .text("artworkId", ghost.to_string())
        .part("photos", photo());
    let (status, _, body) = post_form(&app, &anon, form).await;
    assert_eq!(status, 404);
    assert_eq!(
        body["message"],
        format!("Artwork with ID {ghost} not found")
    );

    let form = Form::new()
        .text("lat", "49.28")
        .text("lon", "-123.1")
        .text("tags", "[1]")
        .part("photos", photo());
    let (status, _, body) = post_form(&app, &anon, form).await;
    assert_field(status, &body, 400, "tags");

    // Nothing refused was recorded, and no upload was kept.
    let (_, mine) = app.get_as(&anon, "/api/me/submissions", None).await;
    assert_eq!(mine["data"]["total"], 0);
    let sql = "SELECT count(*) FROM media.photos WHERE status <> 'deleted'";
    let live: i64 = sql_scalar(&app, sql).await;
    assert_eq!(live, 0);
    let uploads = app.media_dir.path().join("media/uploads");
    let left = std::fs::read_dir(&uploads).map(|d| d.count()).unwrap_or(0);
    assert_eq!(left, 0, "uploads left in {}", uploads.display());
    app.stop().await;
}

#[tokio::test]
async fn review_calls_are_for_moderators_only() {
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let user = sign_in(&app, "someone@plinth.test", &anon, 1).await.0;
    let id = uuid::Uuid::now_v7();
    for (who, token, status) in [
        ("anonymous", anon.as_str(), 401),
        ("user", user.as_str(), 403),
    ] {
        for path in [
            "/api/review/queue",
            "/api/review/stats",
            &format!("/api/review/submission/{id}"),
        ] {
            let (s, _) = app.get_as(token, path, None).await;
            assert_eq!(s, status, "{who} GET {path}");
        }
        let (s, _, _) = approve(&app, token, &id.to_string(), json!({})).await;
        assert_eq!(s, status, "{who} approve");
        let (s, _, _) = reject(&app, token, &id.to_string(), "no").await;
        assert_eq!(s, status, "{who} reject");
        let (s, _, _) = app
            .put_as(
                token,
                "/api/review/batch",
                json!({"batch": [{"id": id, "action": "approve"}]}),
            )
            .await;
        assert_eq!(s, status, "{who} batch");
    }
    app.stop().await;
}

#[tokio::test]
async fn approval_creates_the_artwork_once_and_a_visit_goes_into_its_logbook() {
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let Proposed { id, photo: key, .. } = propose(&app, &anon, "Digital Orca").await;
    let modr = moderator(&app).await;

    let (status, queue) = app
        .get_as(&modr, "/api/review/queue?type=new_artwork", None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(queue["data"]["submissions"][0]["id"], id.as_str());
    assert!(queue["data"]["submissions"][0]["submitter"]["display_name"]
        .as_str()
        .unwrap()
        .starts_with("Anonymous ("));
    let (_, stats) = app.get_as(&modr, "/api/review/stats", None).await;
    assert_eq!(stats["data"]["pending"], 1);
    assert_eq!(stats["data"]["pending_by_type"]["new_artwork"], 1);

    // Approving without a title to create is refused before anything is recorded.
    let (status, headers, body) = approve(
        &app,
        &modr,
        &id,
        json!({"overrides": {"title": "Digital Orca (Coupland)"}}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "approved");
    let artwork = body["data"]["artwork_id"].as_str().unwrap().to_owned();
    let pos = position(&headers);

    // Deciding twice is a conflict, with no second effect.
    let (status, _, body) = approve(&app, &modr, &id, json!({})).await;
    assert_eq!((status, body["error"].as_str()), (409, Some("CONFLICT")));
    assert_eq!(body["message"], "This submission was already approved");
    let (status, _, _) = reject(&app, &modr, &id, "late").await;
    assert_eq!(status, 409);
    let sql = "SELECT count(*) FROM es.events WHERE aggregate_type = 'artwork' AND event_type = 'ArtworkCreated'";
    let created: i64 = sql_scalar(&app, sql).await;
    assert_eq!(created, 1);
    // The artwork's creation names the approval as its cause.
    let sql =
        "SELECT metadata FROM es.events WHERE aggregate_type = 'artwork' AND aggregate_id = $1";
    let meta: Value = sql_value(&app, sql, &artwork).await;
    let sql = "SELECT max(sequence) FROM es.events WHERE aggregate_type = 'submission' AND aggregate_id = $1";
    let seq: i64 = sql_value(&app, sql, &id).await;
    assert_eq!(
        meta["causation_id"],
        domain::metadata::event_id("submission", &id, seq).to_string()
    );

    // It is on the detail page with the override, its artist and its photo; on the map; found.
    let (status, detail) = app
        .get_as(&anon, &format!("/api/artworks/{artwork}"), Some(&pos))
        .await;
    assert_eq!(status, 200, "{detail}");
    let d = &detail["data"];
    assert_eq!(d["title"], "Digital Orca (Coupland)");
    assert_eq!(d["status"], "approved");
    assert_eq!(d["artists"][0]["name"], "Douglas Coupland");
    assert_eq!(d["tags"]["material"], "metal");
    assert_eq!(d["photos"][0]["key"], key.as_str());
    assert!(
        d["photos"][0].get("exif").is_none(),
        "public photos carry no EXIF"
    );
    let (_, near) = app
        .get_as(
            &anon,
            &format!("/api/artworks/nearby?lat={LAT}&lon={LON}&radius=50"),
            Some(&pos),
        )
        .await;
    assert_eq!(
        near["data"]["artworks"][0]["id"],
        artwork.as_str(),
        "{near}"
    );
    let (_, found) = app
        .get_as(&anon, "/api/search?q=digtal%20orca", Some(&pos))
        .await;
    assert_eq!(
        found["data"]["results"][0]["id"],
        artwork.as_str(),
        "{found}"
    );

    // The author sees the approval, linked to the artwork.
    let (_, mine) = app.get_as(&anon, "/api/me/submissions", Some(&pos)).await;
    let s = &mine["data"]["submissions"][0];
    assert_eq!(
        (s["status"].as_str(), s["artwork_id"].as_str()),
        (Some("approved"), Some(artwork.as_str()))
    );
    assert_eq!(s["queue_position"], Value::Null);

    // A visit with a photo and a note, approved, is in the artwork's logbook.
    let visitor = anonymous_token(&app).await;
    let form = Form::new()
        .text("lat", LAT.to_string())
        .text("lon", LON.to_string())
        .text("artworkId", artwork.clone())
        .text("condition", "damaged")
        .text("notes", "Someone painted the fins")
        .part("photos", jpeg_part(phone(LAT, LON), "visit.jpg"));
    let (status, headers, body) = post_form(&app, &visitor, form).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["submission_type"], "logbook");
    let visit_pos = position(&headers);
    let visit = body["data"]["id"].as_str().unwrap().to_owned();
    // Logging the visit ticked Visited, at the position the answer gave.
    let (_, lists) = app
        .get_as(&visitor, "/api/me/lists", Some(&visit_pos))
        .await;
    let visited = lists["data"]["lists"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["kind"] == "visited")
        .unwrap_or_else(|| panic!("no Visited list: {lists}"));
    assert_eq!(visited["item_count"], 1, "{lists}");
    let (_, items) = app
        .get_as(
            &visitor,
            &format!("/api/lists/{}", visited["id"].as_str().unwrap()),
            Some(&visit_pos),
        )
        .await;
    assert_eq!(items["data"]["items"][0]["id"], artwork.as_str(), "{items}");
    let visit_photo = body["data"]["photos"][0]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    let review = under_review(&app, &modr, &visit, Some(&visit_pos)).await;
    assert_eq!(review["condition"], "damaged");
    assert_eq!(review["artwork_title"], "Digital Orca (Coupland)");
    let (status, headers, _) = approve(&app, &modr, &visit, json!({})).await;
    assert_eq!(status, 200);
    let (_, detail) = app
        .get_as(&anon, &detail_of(&artwork), Some(&position(&headers)))
        .await;
    let entry = &detail["data"]["logbook"][0];
    assert_eq!(entry["note"], "Someone painted the fins");
    assert_eq!(entry["condition"], "damaged");
    assert_eq!(entry["photos"][0]["key"], visit_photo.as_str());
    assert_eq!(
        detail["data"]["photos"][0]["key"],
        visit_photo.as_str(),
        "newest photo first"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_proposal_near_a_known_artwork_lists_it_and_can_be_linked_to_it() {
    let (app, anon, modr) = app_with_moderator().await;
    let first = propose(&app, &anon, "Digital Orca").await;
    let (_, headers, body) = approve(&app, &modr, &first.id, json!({})).await;
    let artwork = body["data"]["artwork_id"].as_str().unwrap().to_owned();
    // Wait until the artworks read model has it (the duplicate check reads it).
    let _ = app
        .get_as(&anon, &detail_of(&artwork), Some(&position(&headers)))
        .await;

    let form = Form::new()
        .text("lat", (LAT + 0.0001).to_string())
        .text("lon", LON.to_string())
        .text("title", "Digital Orka")
        .text("artwork_type", "sculpture")
        .part("photos", jpeg_part(phone(LAT, LON), "again.jpg"));
    let (status, _, body) = post_form(&app, &anon, form).await;
    assert_eq!(status, 201);
    let nearby = &body["data"]["nearby"][0];
    assert_eq!(nearby["id"], artwork.as_str());
    assert!(nearby["distance_m"].as_f64().unwrap() < 15.0);
    assert!(
        nearby["similarity"].as_f64().unwrap() >= domain::similarity::LIKELY_DUPLICATE,
        "{nearby}"
    );
    let second = body["data"]["id"].as_str().unwrap().to_owned();
    let photo = body["data"]["photos"][0]["key"]
        .as_str()
        .unwrap()
        .to_owned();

    let (status, _, body) = approve(&app, &modr, &second, json!({"action": "link"})).await;
    assert_field(status, &body, 400, "artwork_id");
    let (status, headers, body) = approve(
        &app,
        &modr,
        &second,
        json!({"action": "link", "artwork_id": artwork}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["artwork_id"], artwork.as_str());
    let (_, detail) = app
        .get_as(&anon, &detail_of(&artwork), Some(&position(&headers)))
        .await;
    let keys = strs(&detail["data"]["photos"], "key");
    assert_eq!(keys.len(), 2);
    assert_eq!(keys[0], photo);
    app.stop().await;
}

#[tokio::test]
async fn rejection_deletes_the_photos_and_tells_the_author_why() {
    let (app, anon, modr) = app_with_moderator().await;
    let Proposed {
        id,
        photo: key,
        photo_urls,
        ..
    } = propose(&app, &anon, "Not art").await;
    served(&app, &photo_urls).await;

    let (status, _, body) = reject(&app, &modr, &id, " ").await;
    assert_message(status, &body, 400, "A reason is required");
    let (status, headers, _) = reject(&app, &modr, &id, "A parking sign").await;
    assert_eq!(status, 200);
    for size in ["thumbnail", "medium", "large", "original"] {
        let (status, _, _) = app.get(&format!("/api/images/{size}/{key}")).await;
        assert_eq!(status, 404, "{size} still served");
    }
    let uploads = app.media_dir.path().join("media/uploads");
    assert_eq!(std::fs::read_dir(&uploads).unwrap().count(), 0);
    let (_, mine) = app
        .get_as(&anon, "/api/me/submissions", Some(&position(&headers)))
        .await;
    let s = &mine["data"]["submissions"][0];
    assert_eq!(
        (s["status"].as_str(), s["reason"].as_str()),
        (Some("rejected"), Some("A parking sign"))
    );
    let (status, _, _) = reject(&app, &modr, &id, "again").await;
    assert_eq!(status, 409);
    app.stop().await;
}

#[tokio::test]
async fn a_batch_decides_each_item_on_its_own() {
    let (app, anon, modr) = app_with_moderator().await;
    let mut ids = Vec::new();
    for title in ["One", "Two", "Three"] {
        ids.push(propose(&app, &anon, title).await.id);
    }
    let (status, _, body) = app
        .put_as(
            &modr,
            "/api/review/batch",
            json!({"batch": [
                {"id": ids[0], "action": "approve"},
                {"id": ids[1], "action": "reject", "reason": "Duplicate"},
                {"id": ids[2], "action": "reject"},
                {"id": ids[0], "action": "approve"},
            ]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let d = &body["data"];
    assert_eq!(
        (
            d["approved"].as_u64(),
            d["rejected"].as_u64(),
            d["failed"].as_u64()
        ),
        (Some(1), Some(1), Some(2))
    );
    assert_eq!(d["results"][2]["error"], "VALIDATION_ERROR");
    assert_eq!(d["results"][3]["error"], "CONFLICT");
    let (status, _, _) = app
        .put_as(&modr, "/api/review/batch", json!({"batch": []}))
        .await;
    assert_eq!(status, 400);
    app.stop().await;
}

#[tokio::test]
async fn only_the_author_withdraws_and_signing_in_keeps_earlier_submissions() {
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let first = propose(&app, &anon, "Mine").await.id;
    let second = propose(&app, &anon, "Also mine").await.id;

    let stranger = anonymous_token(&app).await;
    let (status, _) = withdraw(&app, &stranger, &first).await;
    assert_eq!(status, 403);
    let (status, body) = withdraw(&app, &anon, &first).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "withdrawn");

    // Signing in claims the anonymous identity: its submissions stay the account's.
    let (session, _, pos) = sign_in(&app, "author@plinth.test", &anon, 1).await;
    let (_, mine) = app
        .get_as(&session, "/api/me/submissions", Some(&pos))
        .await;
    let ids = strs(&mine["data"]["submissions"], "id");
    assert_eq!(ids, vec![second.as_str(), first.as_str()]);
    let (status, _) = withdraw(&app, &session, &second).await;
    assert_eq!(
        status, 200,
        "the account withdraws what its anonymous identity sent"
    );
    app.stop().await;
}

/// Every event of `aggregate_type`/`id`, as (event type, metadata), in order.
async fn events_of(app: &TestApp, aggregate_type: &str, id: &str) -> Vec<(String, Value)> {
    platform::eventlog::stream_of(&app.db.pool, aggregate_type, id)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.event_type, e.metadata))
        .collect()
}

#[tokio::test]
async fn an_approval_cut_off_before_its_effect_is_carried_out_by_the_follower() {
    use domain::{Approval, ApprovedFields, ArtworkId, SubmissionCommand};
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let cut_off = propose(&app, &anon, "Crown Fountain").await.id;

    // Given an approval recorded by a request that died before carrying out its effect.
    let commands = command_api::Commands::new(app.db.pool.clone());
    let artwork = ArtworkId::new();
    let approver =
        domain::EventMetadata::system(domain::EventSource::Web, uuid::Uuid::from_u128(0xC0FFEE));
    commands
        .execute::<domain::Submission>(
            &cut_off,
            SubmissionCommand::Approve {
                reviewer: domain::AccountId(uuid::Uuid::now_v7()),
                reviewer_identities: vec![],
                approval: Approval::CreateArtwork {
                    artwork_id: artwork,
                    fields: Box::new(ApprovedFields {
                        title: domain::text::Title::parse("Crown Fountain (edited)").unwrap(),
                        description: None,
                        artwork_type: domain::ArtworkType::Fountain,
                        location: domain::Location::parse(LAT, LON).unwrap(),
                        tags: domain::Tags::default(),
                    }),
                },
            },
            &approver,
        )
        .await
        .unwrap();
    assert!(events_of(&app, "artwork", &artwork.to_string())
        .await
        .is_empty());
    // And one approved through the API, whose request carried its effect out itself.
    let modr = moderator(&app).await;
    let whole = propose(&app, &anon, "Digital Orca").await.id;
    let (status, _, body) = approve(&app, &modr, &whole, json!({})).await;
    assert_eq!(status, 200, "{body}");
    let whole_artwork = body["data"]["artwork_id"].as_str().unwrap().to_owned();

    // When the follower runs.
    let follower = command_api::ApprovalFollower {
        grace: Duration::ZERO,
        ..command_api::ApprovalFollower::new(
            commands.clone(),
            app.bus.js.clone(),
            app.bus.bus.clone(),
        )
    };
    let task = tokio::spawn(async move { follower.run().await });

    // Then the cut-off approval's artwork is created, as edited, caused by the approval.
    let mut tries = 0;
    let created = loop {
        let events = events_of(&app, "artwork", &artwork.to_string()).await;
        if !events.is_empty() {
            break events;
        }
        tries += 1;
        assert!(tries < 300, "the follower never carried the approval out");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(created.len(), 1);
    let (event_type, meta) = &created[0];
    assert_eq!(event_type, "ArtworkCreated");
    assert_eq!(meta["source"], "process-manager");
    assert_eq!(meta["correlation_id"], approver.correlation_id.to_string());
    assert_eq!(
        meta["causation_id"],
        domain::metadata::event_id("submission", &cut_off, 2).to_string()
    );
    let mut tries = 0;
    let detail = loop {
        let (status, detail) = app
            .get_as(&anon, &format!("/api/artworks/{artwork}"), None)
            .await;
        if status == 200 {
            break detail;
        }
        tries += 1;
        assert!(tries < 300, "the created artwork was never readable");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(detail["data"]["title"], "Crown Fountain (edited)");
    assert_eq!(detail["data"]["artists"][0]["name"], "Douglas Coupland");

    // And once it has seen every approval, the whole one still has its one creation.
    crate::harness::consumer_idle(&app.bus, command_api::process::approvals::CONSUMER).await;
    let events = events_of(&app, "artwork", &whole_artwork).await;
    assert_eq!(events.len(), 1, "{events:?}");
    task.abort();
}

#[tokio::test]
async fn a_photo_the_worker_gives_up_on_is_failed_and_moderators_are_told() {
    let app = spawn().await;
    // The worker: an upload whose file has gone cannot be rendered; after its attempts it is
    // marked failed (and never served).
    let media = command_api::Media::start(app.db.pool.clone(), app.storage.clone(), RENDER_BUDGET);
    let accepted = media
        .accept(phone(LAT, LON).into(), uuid::Uuid::now_v7())
        .await
        .unwrap();
    let key = accepted.key;
    app.storage
        .delete(&platform::storage::upload_path(key))
        .await
        .unwrap();
    let status = |key: domain::PhotoKey| {
        let pool = app.db.pool.clone();
        async move {
            sqlx::query_scalar::<_, String>("SELECT status FROM media.photos WHERE key = $1")
                .bind(key.0)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    // The worker's own retries (2 s apart) may take some of the three attempts.
    let mut calls = 0;
    while status(key).await == "uploaded" {
        calls += 1;
        assert!(
            calls <= 3,
            "still not failed after {calls} attempts of ours"
        );
        // Past the lease a retry would wait for.
        sqlx::query("UPDATE media.photos SET claimed_at = NULL WHERE key = $1")
            .bind(key.0)
            .execute(&app.db.pool)
            .await
            .unwrap();
        if let Err(e) = media.process(key).await {
            assert_eq!(e.to_string(), "the upload is missing from storage");
        }
    }
    let sql = "SELECT attempts FROM media.photos WHERE key = $1";
    let attempts: i32 = sql_value(&app, sql, key.0).await;
    assert_eq!(attempts, 3);
    assert_eq!(status(key).await, "failed");

    // The review detail and the author's list name a submission's photo the worker gave up on.
    let anon = anonymous_token(&app).await;
    let Proposed {
        id,
        photo,
        photo_urls,
        headers,
    } = propose(&app, &anon, "Digital Orca").await;
    served(&app, &photo_urls).await;
    let modr = moderator(&app).await;
    let pos = position(&headers);
    let review = under_review(&app, &modr, &id, Some(&pos)).await;
    assert_eq!(review["unprocessable_photos"], json!([]));
    sqlx::query("UPDATE media.photos SET status = 'failed' WHERE key = $1")
        .bind(uuid::Uuid::parse_str(&photo).unwrap())
        .execute(&app.db.pool)
        .await
        .unwrap();
    let review = under_review(&app, &modr, &id, None).await;
    assert_eq!(review["unprocessable_photos"], json!([photo]));
    let (_, mine) = app.get_as(&anon, "/api/me/submissions", None).await;
    assert_eq!(
        mine["data"]["submissions"][0]["unprocessable_photos"],
        json!([photo])
    );
}

/// Records the statements sqlx sends (their summaries, from its `sqlx::query` events) inside
/// spans named `measured`.
mod round_trips {
    use std::sync::{Arc, Mutex, OnceLock};
    use tracing::field::{Field, Visit};
    use tracing::span::{Attributes, Id};
    use tracing_subscriber::layer::{Context, Layer};
    use tracing_subscriber::prelude::*;
    use tracing_subscriber::registry::LookupSpan;

    type Log = Arc<Mutex<Vec<String>>>;

    struct Recorder;

    struct Summary(Option<String>);

    impl Visit for Summary {
        fn record_str(&mut self, field: &Field, value: &str) {
            if field.name() == "summary" {
                self.0 = Some(value.to_owned());
            }
        }

        fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
            if field.name() == "summary" {
                self.0 = Some(format!("{value:?}").trim_matches('"').to_owned());
            }
        }
    }

    impl<S: tracing::Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Recorder {
        fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
            if attrs.metadata().name() == "measured" {
                if let Some(span) = ctx.span(id) {
                    span.extensions_mut().insert(Log::default());
                }
            }
        }

        fn on_event(&self, event: &tracing::Event<'_>, ctx: Context<'_, S>) {
            if event.metadata().target() != "sqlx::query" {
                return;
            }
            let Some(scope) = ctx.event_scope(event) else {
                return;
            };
            for span in scope {
                if let Some(log) = span.extensions().get::<Log>() {
                    let mut summary = Summary(None);
                    event.record(&mut summary);
                    log.lock().unwrap().push(summary.0.unwrap_or_default());
                }
            }
        }
    }

    /// Runs `f` inside a `measured` span: its answer, and the statements it sent, in order.
    pub async fn measure<T>(f: impl std::future::Future<Output = T>) -> (T, Vec<String>) {
        static INSTALLED: OnceLock<()> = OnceLock::new();
        INSTALLED.get_or_init(|| {
            tracing_subscriber::registry().with(Recorder).init();
        });
        let span = tracing::info_span!("measured");
        let out = tracing::Instrument::instrument(f, span.clone()).await;
        let log = span
            .with_subscriber(|(id, dispatch)| {
                dispatch
                    .downcast_ref::<tracing_subscriber::Registry>()
                    .and_then(|r| r.span(id))
                    .and_then(|s| s.extensions().get::<Log>().cloned())
            })
            .flatten()
            .expect("the measured span is recorded");
        let statements = log.lock().unwrap().clone();
        (out, statements)
    }
}

#[tokio::test]
async fn an_approval_reads_its_submission_once_and_sends_eleven_statements() {
    // Given a pending proposal naming a new artist, and a moderator who did not write it.
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let Proposed { id, .. } = propose(&app, &anon, "Counted Mural").await;
    let account = domain::AccountId(uuid::Uuid::new_v4());
    let reviewer = command_api::submissions::Reviewer {
        account_id: account,
        identities: vec![account.into()],
        metadata: domain::EventMetadata::system(domain::EventSource::Web, uuid::Uuid::new_v4()),
    };
    // When it is approved through the use case over a pool that logs its statements (the
    // application's pools do not: request values must not reach the logs).
    let logged = {
        use sqlx::ConnectOptions;
        let url = format!("{}/{}", crate::harness::pg_server(), app.db.name);
        let options = url
            .parse::<sqlx::postgres::PgConnectOptions>()
            .unwrap()
            .log_statements(log::LevelFilter::Debug);
        sqlx::postgres::PgPoolOptions::new()
            .max_connections(2)
            .connect_with(options)
            .await
            .unwrap()
    };
    let submissions = command_api::Submissions::new(
        command_api::Commands::new(logged.clone()),
        command_api::Media::start(logged.clone(), app.storage.clone(), RENDER_BUDGET),
    );
    let (approved, statements) = round_trips::measure(command_api::submissions::approve::run(
        &submissions,
        &reviewer,
        uuid::Uuid::parse_str(&id).unwrap(),
        command_api::submissions::ApproveRequest::default(),
    ))
    .await;
    // Then the artwork is created, and these are all the statements it took (each write's
    // BEGIN is sent unlogged): the submission's events read once and its approval written;
    // the artist looked up by name, its (empty) stream read and its creation written; the new
    // artwork's (empty) stream read, its creation written, and its position read for
    // X-Event-Position.
    let (decided, _) = approved.unwrap();
    assert_eq!(decided.status, domain::SubmissionStatus::Approved);
    assert!(decided.artwork_id.is_some());
    let kinds: Vec<&str> = statements
        .iter()
        .map(
            |s| match s.split_whitespace().take(2).collect::<Vec<_>>()[..] {
                ["SELECT", "aggregate_type,"] => "read stream",
                ["INSERT", "INTO"] => "append",
                ["COMMIT"] => "commit",
                ["SELECT", "id"] => "artist by name",
                ["SELECT", "tx_id,"] => "position",
                _ => s.as_str(),
            },
        )
        .collect();
    assert_eq!(
        kinds,
        [
            "read stream",
            "append",
            "commit",
            "artist by name",
            "read stream",
            "append",
            "commit",
            "read stream",
            "append",
            "commit",
            "position"
        ],
        "{statements:#?}"
    );
    logged.close().await;
    app.stop().await;
}

#[tokio::test]
async fn the_published_tag_schema_is_what_a_post_is_held_to_and_a_refusal_names_the_tag() {
    // Given the tag schema the forms are built from (cacheable: it changes only with a release).
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let resp = app.get_raw("/api/tags/schema").await;
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["cache-control"], "public, max-age=3600");
    let schema: Value = resp.json().await.unwrap();
    let material = schema["data"]["tags"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["key"] == "material")
        .unwrap()
        .clone();
    assert_eq!(material["kind"]["type"], "enum");
    assert_eq!(material["category"], "physical_properties");
    let offered: Vec<String> = material["kind"]["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect();

    // When a post names a value the schema offers, and one it does not.
    let with_material = |value: &str| {
        proposal("Tagged Orca").text("tags", json!({ "material": value }).to_string())
    };
    let (status, _, body) = post_form(&app, &anon, with_material(&offered[0])).await;
    assert_eq!(status, 201, "{body}");
    let (status, _, body) = post_form(&app, &anon, with_material("steel")).await;

    // Then the first is taken, and the second refused on that detail, in words.
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["details"]["field"], "tag:material");
    assert_eq!(
        body["message"],
        format!("Material must be one of: {}", offered.join(", "))
    );
    app.stop().await;
}
