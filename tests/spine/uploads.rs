//! Issue 15's upload hardening, end to end: photos too large to process are refused before
//! they are decoded, a process takes a bounded number of uploads at once (503 + Retry-After
//! beyond), uploads no recorded submission owns are collected, and a stopping process finishes
//! the uploads and renders in flight within a bounded grace.

use crate::accounts::anonymous_token;
use crate::fixtures::{sql_scalar, sql_value};
use crate::harness::TestApp;
use command_api::media::{
    BUSY_RETRY_AFTER_SECS, MAX_UPLOADS, MAX_UPLOADS_PER_CLIENT, ORPHAN_AFTER,
};
use domain::PhotoKey;
use media::testing::{phone_jpeg, with_claimed_size, PhoneJpeg};
use platform::storage::upload_path;
use reqwest::multipart::{Form, Part};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use uuid::Uuid;

const LAT: f64 = 49.2712;
const LON: f64 = -123.1340;
const BOUNDARY: &str = "plinth-test-boundary";

fn photo(width: u32, height: u32) -> Vec<u8> {
    phone_jpeg(&PhoneJpeg::new(width, height, LAT, LON))
}

/// A new-artwork form at `lat` with one photo.
fn upload_form(bytes: Vec<u8>, lat: f64) -> Form {
    Form::new()
        .text("lat", lat.to_string())
        .text("lon", LON.to_string())
        .text("title", "Upload test")
        .part(
            "photos",
            Part::bytes(bytes)
                .file_name("p.jpg")
                .mime_str("image/jpeg")
                .unwrap(),
        )
}

async fn post_photo(app: &TestApp, token: &str, bytes: Vec<u8>) -> reqwest::Response {
    post_keyed(app, token, bytes, None, LAT).await
}

async fn post_keyed(
    app: &TestApp,
    token: &str,
    bytes: Vec<u8>,
    key: Option<&str>,
    lat: f64,
) -> reqwest::Response {
    let form = upload_form(bytes, lat);
    let mut request = app
        .client
        .post(format!("{}/api/logbook", app.base))
        .header("X-User-Token", token);
    if let Some(k) = key {
        request = request.header("Idempotency-Key", k);
    }
    request.multipart(form).send().await.unwrap()
}

/// A `POST /api/logbook` sent by hand, held open: its photo part goes whole, so the server
/// accepts the photo, and then the body stops partway through a text field until
/// [`HeldUpload::finish`] sends the rest (or the stream is dropped, cutting it off).
struct HeldUpload {
    stream: TcpStream,
    rest: Vec<u8>,
}

impl HeldUpload {
    async fn start(addr: SocketAddr, token: &str, photo: &[u8]) -> HeldUpload {
        Self::start_with(addr, token, photo, "").await
    }

    /// As [`HeldUpload::start`], with `extra` header lines (each ending in CRLF).
    async fn start_with(addr: SocketAddr, token: &str, photo: &[u8], extra: &str) -> HeldUpload {
        let mut head = Vec::new();
        for (name, value) in [
            ("lat", LAT.to_string()),
            ("lon", LON.to_string()),
            ("title", "Held upload".to_owned()),
        ] {
            head.extend_from_slice(
                format!(
                    "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
                )
                .as_bytes(),
            );
        }
        head.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"photos\"; filename=\"p.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
            )
            .as_bytes(),
        );
        head.extend_from_slice(photo);
        head.extend_from_slice(
            format!(
                "\r\n--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"notes\"\r\n\r\nSeen "
            )
            .as_bytes(),
        );
        let rest = format!("on a walk\r\n--{BOUNDARY}--\r\n").into_bytes();
        let request = format!(
            "POST /api/logbook HTTP/1.1\r\nHost: {addr}\r\nX-User-Token: {token}\r\n{extra}\
             Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            head.len() + rest.len()
        );
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(request.as_bytes()).await.unwrap();
        stream.write_all(&head).await.unwrap();
        stream.flush().await.unwrap();
        HeldUpload { stream, rest }
    }

    /// Waits, sending nothing more, for the server to answer or close: the answer's status, or
    /// none when the connection was closed without one.
    async fn answer_without_finishing(mut self, within: Duration) -> Option<u16> {
        let mut answer = Vec::new();
        let read = tokio::time::timeout(within, self.stream.read_to_end(&mut answer))
            .await
            .unwrap_or_else(|_| panic!("neither answered nor closed within {within:?}"));
        if read.is_err() && answer.is_empty() {
            return None;
        }
        String::from_utf8_lossy(&answer)
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
    }

    /// Sends the rest of the body; answers the status and the body of the response.
    async fn finish(mut self) -> (u16, String) {
        self.stream.write_all(&self.rest).await.unwrap();
        let mut answer = Vec::new();
        tokio::time::timeout(
            Duration::from_secs(30),
            self.stream.read_to_end(&mut answer),
        )
        .await
        .expect("no answer within 30 s")
        .unwrap();
        let answer = String::from_utf8_lossy(&answer).into_owned();
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("not an HTTP answer: {answer}"));
        let body = answer
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_owned())
            .unwrap_or_default();
        (status, body)
    }
}

fn addr_of(app: &TestApp) -> SocketAddr {
    app.base.trim_start_matches("http://").parse().unwrap()
}

/// The write API over `app`'s database on a port of its own, behind one trusted proxy (so a
/// request names its client in `X-Forwarded-For`), taking uploads through `media`.
async fn serve_behind_a_proxy(
    app: &TestApp,
    media: command_api::Media,
) -> (SocketAddr, tokio::task::JoinHandle<()>) {
    let config = platform::config::Config::from_lookup(|k| {
        (k == "TRUSTED_PROXY_HOPS").then(|| "1".to_owned())
    })
    .unwrap();
    let mut command = app.command.clone();
    command.submissions =
        command_api::Submissions::new(command_api::Commands::new(app.db.pool.clone()), media);
    let router = plinth::app::api_app(plinth::app::api_routes(None, Some(command), &config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = crate::fixtures::serve_with_peers(listener, router);
    (addr, server)
}

/// The header line that names `client` to [`serve_behind_a_proxy`]'s server.
fn from_client(client: &str) -> String {
    format!("X-Forwarded-For: {client}\r\n")
}

/// A whole `POST /api/logbook` from `client` to [`serve_behind_a_proxy`]'s server.
async fn post_from(
    addr: SocketAddr,
    token: &str,
    client: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let form = upload_form(bytes, LAT);
    reqwest::Client::new()
        .post(format!("http://{addr}/api/logbook"))
        .header("X-User-Token", token)
        .header("X-Forwarded-For", client)
        .multipart(form)
        .send()
        .await
        .unwrap()
}

/// Waits until `n` uploads are stored (rows and files): the requests that carry them are
/// inside the handler, each holding its upload slot.
async fn wait_for_stored_uploads(app: &TestApp, n: usize) -> Vec<PhotoKey> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let keys: Vec<Uuid> = sqlx::query_scalar(
            "SELECT key FROM media.photos WHERE status <> 'deleted' ORDER BY created_at",
        )
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
        let mut stored = 0;
        for k in &keys {
            if app
                .storage
                .get(&upload_path(PhotoKey(*k)))
                .await
                .unwrap()
                .is_some()
            {
                stored += 1;
            }
        }
        if stored >= n {
            return keys.into_iter().map(PhotoKey).collect();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{stored} of {n} uploads stored after 30 s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn status_of(app: &TestApp, key: PhotoKey) -> String {
    let sql = "SELECT status FROM media.photos WHERE key = $1";
    sql_value(app, sql, key.0).await
}

async fn backdate(app: &TestApp, keys: &[PhotoKey]) {
    let ids: Vec<Uuid> = keys.iter().map(|k| k.0).collect();
    sqlx::query(
        "UPDATE media.photos SET created_at = now() - make_interval(secs => $2) WHERE key = ANY($1)",
    )
    .bind(&ids)
    .bind(ORPHAN_AFTER.as_secs_f64() + 60.0)
    .execute(&app.db.pool)
    .await
    .unwrap();
}

async fn has_upload(app: &TestApp, key: PhotoKey) -> bool {
    app.storage.get(&upload_path(key)).await.unwrap().is_some()
}

#[tokio::test]
async fn a_100_megapixel_photo_is_refused_with_413_before_it_is_stored() {
    let app = TestApp::spawn().await;
    let anon = anonymous_token(&app).await;
    let bomb = with_claimed_size(photo(64, 64), 10_000, 10_000);
    let resp = post_photo(&app, &anon, bomb).await;
    assert_eq!(resp.status().as_u16(), 413);
    let body: Value = resp.json().await.unwrap();
    assert_eq!(body["error"], "PAYLOAD_TOO_LARGE");
    assert_eq!(
        body["message"],
        "Photo 1 is too large to process (10000 × 10000 pixels; at most 50 megapixels)"
    );
    let rows: i64 = sql_scalar(&app, "SELECT count(*) FROM media.photos").await;
    assert_eq!(rows, 0);
    // A photo within the limit goes through.
    assert_eq!(post_photo(&app, &anon, photo(320, 240)).await.status(), 201);
    app.stop().await;
}

#[tokio::test]
async fn a_photo_whose_render_alone_exceeds_the_budget_is_refused_before_it_is_stored() {
    // Given a worker with a 40 MiB render budget (32 MiB of it the fixed overhead).
    let app = TestApp::spawn().await;
    let media = command_api::Media::start(app.db.pool.clone(), app.storage.clone(), 40 << 20);
    let uploader = Uuid::new_v4();
    // When a photo whose upright render needs 2 × 2000 × 1500 × 3 bytes more is offered.
    let turned = phone_jpeg(&PhoneJpeg {
        orientation: 6,
        ..PhoneJpeg::new(2000, 1500, LAT, LON)
    });
    let refused = media.accept(turned.into(), uploader).await;
    // Then it is refused as over the budget, naming its size, and nothing is kept of it.
    assert!(
        matches!(
            refused,
            Err(command_api::media::UploadError::OverBudget {
                width: 1500,
                height: 2000
            })
        ),
        "{refused:?}"
    );
    let sql = "SELECT count(*) FROM media.photos WHERE uploaded_by = $1";
    let rows: i64 = sql_value(&app, sql, uploader).await;
    assert_eq!(rows, 0);
    // And a photo that fits is taken.
    let small = media.accept(photo(320, 240).into(), uploader).await;
    assert!(small.is_ok(), "{:?}", small.err());
    app.stop().await;
}

#[tokio::test]
async fn uploads_beyond_the_process_limit_are_answered_503_with_retry_after() {
    let app = TestApp::spawn().await;
    let anon = anonymous_token(&app).await;
    let small = photo(160, 120);
    // Held by several clients, each within its share.
    let (addr, server) = serve_behind_a_proxy(&app, app.media.clone()).await;
    let mut held = Vec::new();
    for n in 0..MAX_UPLOADS {
        let client = format!("198.51.100.{}", n / MAX_UPLOADS_PER_CLIENT + 1);
        held.push(HeldUpload::start_with(addr, &anon, &small, &from_client(&client)).await);
    }
    wait_for_stored_uploads(&app, MAX_UPLOADS).await;

    let resp = post_from(addr, &anon, "203.0.113.9", small.clone()).await;
    assert_eq!(resp.status().as_u16(), 503);
    assert_eq!(
        resp.headers()["retry-after"].to_str().unwrap(),
        BUSY_RETRY_AFTER_SECS.to_string()
    );
    let body: Value = resp.json().await.unwrap();
    assert_eq!(body["error"], "SERVICE_UNAVAILABLE");
    // A client over its hourly budget is told so (429), not refused a slot: it is admitted
    // before a slot is taken, so a client over its budget never holds one.
    sqlx::query(
        "INSERT INTO auth.rate_events (bucket)
         SELECT 'submit:ip:203.0.113.77' FROM generate_series(1, 60)",
    )
    .execute(&app.db.pool)
    .await
    .unwrap();
    let resp = post_from(addr, &anon, "203.0.113.77", small.clone()).await;
    assert_eq!(resp.status().as_u16(), 429);
    assert!(resp.headers().contains_key("retry-after"));

    // One held upload finishes: it is recorded, and its slot is free for the next.
    let first = held.remove(0);
    let (status, body) = first.finish().await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        post_from(addr, &anon, "203.0.113.9", small).await.status(),
        201
    );
    for h in held {
        assert_eq!(h.finish().await.0, 201);
    }
    server.abort();
    app.stop().await;
}

#[tokio::test]
async fn one_client_holds_at_most_its_share_of_the_upload_slots_while_others_still_upload() {
    let app = TestApp::spawn().await;
    let (addr, server) = serve_behind_a_proxy(&app, app.media.clone()).await;
    let (mine, theirs) = (anonymous_token(&app).await, anonymous_token(&app).await);
    let small = photo(160, 120);

    // Given one IPv4 client and one IPv6 /64 each holding their share of slots with slow bodies.
    let mut held = Vec::new();
    for client in ["198.51.100.1", "2001:db8:1:2::1"] {
        for _ in 0..MAX_UPLOADS_PER_CLIENT {
            held.push(HeldUpload::start_with(addr, &mine, &small, &from_client(client)).await);
        }
    }
    wait_for_stored_uploads(&app, 2 * MAX_UPLOADS_PER_CLIENT).await;

    // When they ask for one more (the /64 from another of its addresses): 503 + Retry-After.
    for client in ["198.51.100.1", "2001:db8:1:2::ffff"] {
        let resp = post_from(addr, &mine, client, small.clone()).await;
        assert_eq!(resp.status().as_u16(), 503, "{client}");
        assert_eq!(
            resp.headers()["retry-after"].to_str().unwrap(),
            BUSY_RETRY_AFTER_SECS.to_string()
        );
        let body: Value = resp.json().await.unwrap();
        assert_eq!(body["error"], "SERVICE_UNAVAILABLE");
    }
    // Then another client's upload still goes through.
    let resp = post_from(addr, &theirs, "198.51.100.2", small.clone()).await;
    assert_eq!(resp.status().as_u16(), 201);

    // And once the slow ones finish, the client has its share back.
    for h in held {
        assert_eq!(h.finish().await.0, 201);
    }
    let resp = post_from(addr, &mine, "198.51.100.1", small).await;
    assert_eq!(resp.status().as_u16(), 201);
    server.abort();
    app.stop().await;
}

#[tokio::test]
async fn an_upload_whose_body_stalls_is_dropped_and_its_slot_freed() {
    let app = TestApp::spawn().await;
    let idle = Duration::from_secs(2);
    let media = app.media.clone().with_upload_idle_timeout(idle);
    let (addr, server) = serve_behind_a_proxy(&app, media).await;
    let anon = anonymous_token(&app).await;
    let small = photo(160, 120);
    let client = "198.51.100.1";

    // Given a client's whole share held by bodies that stop partway.
    let mut held = Vec::new();
    for _ in 0..MAX_UPLOADS_PER_CLIENT {
        held.push(HeldUpload::start_with(addr, &anon, &small, &from_client(client)).await);
    }
    let keys = wait_for_stored_uploads(&app, MAX_UPLOADS_PER_CLIENT).await;
    let resp = post_from(addr, &anon, client, small.clone()).await;
    assert_eq!(resp.status().as_u16(), 503, "the share is held");

    // When they send nothing more: each is answered 408 (or its connection closed).
    for h in held {
        let status = h.answer_without_finishing(Duration::from_secs(30)).await;
        assert!(matches!(status, None | Some(408)), "{status:?}");
    }
    // Then the slots are free again, and the stalled posts' photos are deleted.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let resp = post_from(addr, &anon, client, small.clone()).await;
        if resp.status().as_u16() == 201 {
            break;
        }
        assert_eq!(resp.status().as_u16(), 503);
        assert!(
            tokio::time::Instant::now() < deadline,
            "the stalled uploads' slots were not freed"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for k in keys {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while status_of(&app, k).await != "deleted" {
            assert!(
                tokio::time::Instant::now() < deadline,
                "a stalled post's photo was kept"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    server.abort();
    app.stop().await;
}

#[tokio::test]
async fn uploads_no_recorded_submission_owns_are_collected_with_their_files() {
    let app = TestApp::spawn().await;
    let anon = anonymous_token(&app).await;
    let uploader = Uuid::now_v7();

    // Given: an upload whose request ended before any submission (a crash, say), one reserved
    // for a submission that was never recorded, one still young, and one a recorded submission
    // owns — all but the young one older than the collector waits.
    let media = &app.media;
    let accept = || async move { media.accept(photo(160, 120).into(), uploader).await };
    let never_reserved = accept().await.unwrap().key;
    let unrecorded = accept().await.unwrap().key;
    app.media
        .reserve(&[unrecorded], Uuid::now_v7())
        .await
        .unwrap();
    let young = accept().await.unwrap().key;
    let resp = post_photo(&app, &anon, photo(160, 120)).await;
    assert_eq!(resp.status().as_u16(), 201);
    let body: Value = resp.json().await.unwrap();
    let owned = PhotoKey(
        body["data"]["photos"][0]["key"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap(),
    );
    backdate(&app, &[never_reserved, unrecorded, owned]).await;

    // When the collector runs.
    let collected = app.media.collect_orphans(ORPHAN_AFTER).await.unwrap();

    // Then the two orphans are gone, files and all; the young and the owned stay.
    assert_eq!(collected, 2);
    for k in [never_reserved, unrecorded] {
        assert_eq!(status_of(&app, k).await, "deleted");
        assert!(!has_upload(&app, k).await);
    }
    assert_ne!(status_of(&app, young).await, "deleted");
    assert!(has_upload(&app, young).await);
    assert_ne!(status_of(&app, owned).await, "deleted");
    assert!(has_upload(&app, owned).await);
    // Running again finds nothing more.
    assert_eq!(app.media.collect_orphans(ORPHAN_AFTER).await.unwrap(), 0);
    app.stop().await;
}

#[tokio::test]
async fn an_upload_cut_off_mid_request_leaves_no_files_after_the_collector() {
    let app = TestApp::spawn().await;
    let anon = anonymous_token(&app).await;
    let held = HeldUpload::start(addr_of(&app), &anon, &photo(320, 240)).await;
    let keys = wait_for_stored_uploads(&app, 1).await;
    // The client goes away partway through the body.
    drop(held);
    backdate(&app, &keys).await;
    app.media.collect_orphans(ORPHAN_AFTER).await.unwrap();
    for k in keys {
        assert_eq!(status_of(&app, k).await, "deleted");
        assert!(!has_upload(&app, k).await);
    }
    app.stop().await;
}

#[tokio::test]
async fn a_stopping_server_finishes_the_upload_and_render_in_flight_within_its_grace() {
    let app = TestApp::spawn().await;
    let anon = anonymous_token(&app).await;
    let config = platform::config::Config::from_lookup(|_| None).unwrap();
    let serve = |grace: Duration| {
        let router = plinth::app::api_app(plinth::app::api_routes(
            None,
            Some(app.command.clone()),
            &config,
        ));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            let server = tokio::spawn(plinth::app::serve_until(
                listener,
                router,
                async move {
                    let _ = stopped.await;
                },
                grace,
            ));
            (addr, stop, server)
        }
    };

    // The grace is a bound: a request that does not finish is given up on when it ends.
    let (addr, stop, server) = serve(Duration::from_millis(500)).await;
    let _stuck = HeldUpload::start(addr, &anon, &photo(160, 120)).await;
    wait_for_stored_uploads(&app, 1).await;
    stop.send(()).unwrap();
    let finished = tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("the server did not stop within 10 s of a 0.5 s grace")
        .unwrap()
        .unwrap();
    assert!(!finished);

    // An upload is in flight when the stop comes.
    let (addr, stop, server) = serve(Duration::from_secs(20)).await;
    let held = HeldUpload::start(addr, &anon, &photo(1_600, 1_200)).await;
    let keys = wait_for_stored_uploads(&app, 2).await;
    let key = keys[1];
    stop.send(()).unwrap();
    // New connections are refused once the stop is taken…
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(addr).await.is_ok() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "still taking connections 10 s after the stop"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // …while the one in flight finishes and is recorded.
    let (status, body) = held.finish().await;
    assert_eq!(status, 201, "{body}");
    assert!(server.await.unwrap().unwrap(), "a request was cut off");

    // The render the post queued is finished before the drain returns.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let sql =
            "SELECT claimed_at IS NOT NULL OR status = 'ready' FROM media.photos WHERE key = $1";
        let started: bool = sql_value(&app, sql, key.0).await;
        if started {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the render never started"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(app.media.drain(Duration::from_secs(30)).await, 0);
    assert_eq!(status_of(&app, key).await, "ready");
    app.stop().await;
}

async fn submissions_recorded(app: &TestApp) -> i64 {
    let sql =
        "SELECT count(DISTINCT aggregate_id) FROM es.events WHERE aggregate_type = 'submission'";
    sql_scalar(app, sql).await
}

#[tokio::test]
async fn a_retry_with_the_same_idempotency_key_gets_the_first_answer() {
    let app = TestApp::spawn().await;
    let anon = anonymous_token(&app).await;
    let small = photo(160, 120);

    // The first request is recorded; its retry is answered the same, and records nothing.
    let first = post_keyed(&app, &anon, small.clone(), Some("post-1"), LAT).await;
    assert_eq!(first.status().as_u16(), 201);
    let first_position = first.headers()["x-event-position"].clone();
    assert!(first.headers().get("idempotent-replayed").is_none());
    let first: Value = first.json().await.unwrap();
    let retry = post_keyed(&app, &anon, small.clone(), Some("post-1"), LAT).await;
    assert_eq!(retry.status().as_u16(), 201);
    assert_eq!(retry.headers()["idempotent-replayed"], "true");
    assert_eq!(retry.headers()["x-event-position"], first_position);
    let retry: Value = retry.json().await.unwrap();
    assert_eq!(retry, first);
    assert_eq!(submissions_recorded(&app).await, 1);
    let photos: i64 = sql_scalar(&app, "SELECT count(*) FROM media.photos").await;
    assert_eq!(photos, 1, "the retry's photo was stored");

    // Keys are per identity, and another key is another request.
    let other = anonymous_token(&app).await;
    let theirs = post_keyed(&app, &other, small.clone(), Some("post-1"), LAT).await;
    assert_eq!(theirs.status().as_u16(), 201);
    let theirs: Value = theirs.json().await.unwrap();
    assert_ne!(theirs["data"]["id"], first["data"]["id"]);
    let second = post_keyed(&app, &anon, small.clone(), Some("post-2"), LAT).await;
    assert_eq!(second.status().as_u16(), 201);
    assert_eq!(submissions_recorded(&app).await, 3);

    // A malformed key is refused.
    let bad = post_keyed(&app, &anon, small.clone(), Some("has space"), LAT).await;
    assert_eq!(bad.status().as_u16(), 400);

    // A refused request gives its key up: the corrected retry runs.
    let refused = post_keyed(&app, &anon, small.clone(), Some("post-3"), 123.0).await;
    assert_eq!(refused.status().as_u16(), 400);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let resp = post_keyed(&app, &anon, small.clone(), Some("post-3"), LAT).await;
        match resp.status().as_u16() {
            201 => break,
            // The refused request's key is given up just after its answer.
            409 => assert!(
                tokio::time::Instant::now() < deadline,
                "post-3 never given up"
            ),
            other => panic!("retry after a refusal answered {other}"),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(submissions_recorded(&app).await, 4);

    // While the first request with a key runs, a retry is told 409; after it, the answer.
    let held =
        HeldUpload::start_with(addr_of(&app), &anon, &small, "Idempotency-Key: post-4\r\n").await;
    let before =
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM media.photos WHERE status <> 'deleted'")
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
    wait_for_stored_uploads(&app, usize::try_from(before).unwrap() + 1).await;
    let during = post_keyed(&app, &anon, small.clone(), Some("post-4"), LAT).await;
    assert_eq!(during.status().as_u16(), 409);
    let (status, body) = held.finish().await;
    assert_eq!(status, 201, "{body}");
    let held_answer: Value = serde_json::from_str(&body).unwrap();
    let after = post_keyed(&app, &anon, small, Some("post-4"), LAT).await;
    assert_eq!(after.status().as_u16(), 201);
    let after: Value = after.json().await.unwrap();
    assert_eq!(after, held_answer);
    assert_eq!(submissions_recorded(&app).await, 5);
    app.stop().await;
}

#[tokio::test]
async fn the_owner_migration_finds_each_photos_submission_from_its_events() {
    let app = TestApp::spawn().await;
    let anon = anonymous_token(&app).await;
    let resp = post_photo(&app, &anon, photo(160, 120)).await;
    assert_eq!(resp.status().as_u16(), 201);
    let body: Value = resp.json().await.unwrap();
    let id: Uuid = body["data"]["id"].as_str().unwrap().parse().unwrap();
    let key: Uuid = body["data"]["photos"][0]["key"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    // As before the migration: no owner recorded.
    sqlx::query("UPDATE media.photos SET submission_id = NULL")
        .execute(&app.db.pool)
        .await
        .unwrap();
    let migration = include_str!("../../platform/migrations/0007_photo_owner.sql");
    let backfill = migration
        .split(';')
        .map(|s| {
            s.lines()
                .filter(|l| !l.trim_start().starts_with("--"))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .find(|s| s.trim_start().starts_with("UPDATE"))
        .expect("the migration's backfill");
    sqlx::query(&backfill).execute(&app.db.pool).await.unwrap();
    let sql = "SELECT submission_id FROM media.photos WHERE key = $1";
    let owner: Option<Uuid> = sql_value(&app, sql, key).await;
    assert_eq!(owner, Some(id));
    app.stop().await;
}

/// A render that takes its process down leaves its claim to run out; the claim that finds the
/// last try spent that way fails the photo instead of taking it up forever, and a photo with
/// tries to spare is taken up again.
#[tokio::test]
async fn a_render_that_keeps_killing_its_process_is_failed_when_its_tries_are_spent() {
    let app = TestApp::spawn().await;
    let (spent, spare) = (Uuid::new_v4(), Uuid::new_v4());
    for (key, attempts) in [(spent, 3), (spare, 1)] {
        // Claimed `attempts` times, the last claim's lease long over (its process died).
        sqlx::query(
            "INSERT INTO media.photos (key, uploaded_by, bytes, format, attempts, claimed_at)
             VALUES ($1, $2, 10, 'jpeg', $3, now() - interval '1 hour')",
        )
        .bind(key)
        .bind(Uuid::new_v4())
        .bind(attempts)
        .execute(&app.db.pool)
        .await
        .unwrap();
    }
    app.media.process(PhotoKey(spent)).await.unwrap();
    let row: (String, i32, Option<String>) =
        sqlx::query_as("SELECT status, attempts, error FROM media.photos WHERE key = $1")
            .bind(spent)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
    assert_eq!(row.0, "failed");
    assert_eq!(row.1, 3, "not claimed again");
    assert!(row.2.unwrap().contains("never finished"));

    // The other is claimed again (its upload is gone here, so that try fails, and not silently).
    assert!(app.media.process(PhotoKey(spare)).await.is_err());
    let row: (String, i32) =
        sqlx::query_as("SELECT status, attempts FROM media.photos WHERE key = $1")
            .bind(spare)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
    assert_eq!(row, ("uploaded".to_owned(), 2));
    app.stop().await;
}
