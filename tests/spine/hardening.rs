//! Issue 15's sign-in and authorization hardening, end to end: a link is looked at before it
//! signs in, claiming asks, a moderator cannot approve their own work, and a revoked role is
//! refused at once even while the accounts projector is stopped.

use crate::accounts::{anonymous_token, sign_in, signed_in};
use crate::fixtures::{post_multipart, set_permission, sql_scalar, sql_value};
use crate::harness::{link_and_code, AppOptions, TestApp};
use crate::submissions::jpeg_part;
use domain::Permission;
use media::testing::{phone_jpeg, PhoneJpeg};
use reqwest::multipart::Form;
use reqwest::Method;
use serde_json::{json, Value};
use std::time::Duration;

const LAT: f64 = 49.2901;
const LON: f64 = -123.1334;

/// Proposes an artwork with one photo as `token`: its id, and its photo as the receipt gave it.
async fn propose_with_photo(app: &TestApp, token: &str, title: &str) -> (String, Value) {
    let photo = phone_jpeg(&PhoneJpeg::new(320, 240, LAT, LON));
    let form = Form::new()
        .text("lat", LAT.to_string())
        .text("lon", LON.to_string())
        .text("title", title.to_owned())
        .text("artwork_type", "mural")
        .part("photos", jpeg_part(photo, "wall.jpg"));
    let (status, _, body) = post_multipart(app, "/api/logbook", token, form).await;
    assert_eq!(status, 201, "{body}");
    let photo = body["data"]["photos"][0].clone();
    (body["data"]["id"].as_str().unwrap().to_owned(), photo)
}

async fn propose(app: &TestApp, token: &str, title: &str) -> String {
    propose_with_photo(app, token, title).await.0
}

async fn post(app: &TestApp, path: &str, token: &str, body: Value) -> (u16, Value) {
    let (status, _, body) = app.post_as(token, path, body).await;
    (status, body)
}

async fn get(app: &TestApp, path: &str, token: &str, min: Option<&str>) -> (u16, Value) {
    let mut headers = vec![("X-User-Token", token)];
    if let Some(m) = min {
        headers.push(("X-Min-Position", m));
    }
    let (status, _, body) = app.get_with(path, &headers).await;
    (status, body)
}

/// `POST /api/auth/magic-link/inspect` of `token` from the device holding `device`.
async fn inspect(app: &TestApp, device: &str, token: &str) -> (u16, Value) {
    let body = json!({ "token": token });
    post(app, "/api/auth/magic-link/inspect", device, body).await
}

/// Asks for a sign-in link to `email` from the device holding `device`; answers the mailed link.
async fn mailed_link(app: &TestApp, device: &str, email: &str) -> String {
    let (status, _, _) = app
        .post_as(
            device,
            "/api/auth/request-magic-link",
            json!({ "email": email }),
        )
        .await;
    assert_eq!(status, 200);
    link_and_code(&app.smtp.wait_for(email, 1).await).0
}

#[tokio::test]
async fn a_link_is_looked_at_without_signing_in_and_claims_only_when_asked() {
    let app = TestApp::spawn().await;
    let device = anonymous_token(&app).await;
    propose(&app, &device, "Device Mural").await;
    let email = "careful@example.org";
    let link = mailed_link(&app, &device, email).await;

    // Given a link, looking at it says whom it signs in as and what this device would bring
    // (the submission is counted from the read model: wait until it is there).
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let seen = loop {
        let (status, body) = inspect(&app, &device, &link).await;
        assert_eq!(status, 200, "{body}");
        if body["data"]["anonymous_submissions"] == 1 || tokio::time::Instant::now() > deadline {
            break body;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(
        seen["data"],
        json!({
            "success": true, "email": email, "is_new_account": true, "anonymous_submissions": 1,
            "anonymous_work": 1
        })
    );
    // … and changes nothing: the device is still anonymous, no account exists, the link lives.
    let (_, status) = get(&app, "/api/auth/status", &device, None).await;
    assert_eq!(status["data"]["is_anonymous"], true);
    let accounts: i64 = sql_scalar(&app, "SELECT count(*) FROM auth.accounts").await;
    assert_eq!(accounts, 0);

    // When the person signs in but keeps the device's work apart, nothing is claimed.
    let (status, headers, body) = app
        .send(
            Method::POST,
            "/api/auth/verify-magic-link",
            Some(&device),
            Some(json!({ "token": link, "claim_anonymous_work": false })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["uuid_replaced"], false);
    let session = headers["x-user-token"].to_str().unwrap().to_owned();
    let position = headers["x-event-position"].to_str().unwrap().to_owned();
    let (_, mine) = get(&app, "/api/me/submissions", &session, Some(&position)).await;
    assert_eq!(mine["data"]["pagination"]["total"], 0, "{mine}");
    let claims: i64 = sql_scalar(&app, "SELECT count(*) FROM auth.identity_claims").await;
    assert_eq!(claims, 0);

    // A used link cannot be looked at again.
    let (status, body) = inspect(&app, &device, &link).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "INVALID_TOKEN");
    assert_eq!(body["message"], "Failed to verify magic link");
    let (status, _) = inspect(&app, &device, "not-a-token").await;
    assert_eq!(status, 400);
    app.stop().await;
}

#[tokio::test]
async fn a_moderator_cannot_approve_their_own_submission() {
    cannot_approve_own_submission(false).await;
}

/// The claim that makes a submission one's own is read where sign-in wrote it, not from the
/// accounts read model: with that projector stopped, the claimed work is still refused.
#[tokio::test]
async fn a_moderator_cannot_approve_their_own_submission_while_the_accounts_projector_is_stopped() {
    cannot_approve_own_submission(true).await;
}

async fn cannot_approve_own_submission(accounts_projector_stopped: bool) {
    let moderator = "self-approver@plinth.test";
    let app = TestApp::spawn_with(AppOptions {
        admin_emails: vec![moderator.to_owned()],
    })
    .await;
    // An anonymous proposal, and then the same device signs in as a moderator, claiming it.
    let device = anonymous_token(&app).await;
    let id = propose(&app, &device, "My Own Mural").await;
    // The accounts projector stopped: its checkpoint row is held, so no batch commits.
    let mut stopper = app.db.pool.begin().await.unwrap();
    if accounts_projector_stopped {
        sqlx::query("SELECT 1 FROM rm.projector_checkpoints WHERE name = 'accounts' FOR UPDATE")
            .execute(&mut *stopper)
            .await
            .unwrap();
    }
    let (session, answer, position) = sign_in(&app, moderator, &device, 1).await;
    assert_eq!(answer["uuid_replaced"], true);
    let (status, _) = get(&app, "/api/review/stats", &session, Some(&position)).await;
    assert_eq!(status, 200);

    let (status, body) = post(
        &app,
        &format!("/api/review/approve/{id}"),
        &session,
        json!({ "action": "create" }),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["error"], "FORBIDDEN");
    assert_eq!(
        body["message"],
        "A moderator cannot approve their own submission"
    );
    let (status, body) = get(
        &app,
        &format!("/api/review/submission/{id}"),
        &session,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["submission"]["status"], "pending", "{body}");
    if accounts_projector_stopped {
        let claims: i64 = sql_scalar(&app, "SELECT count(*) FROM rm.account_identities").await;
        assert_eq!(
            claims, 0,
            "the read model had not seen the claim: the premise held"
        );
    }
    stopper.rollback().await.unwrap();
    app.stop().await;
}

async fn projected_permission(app: &TestApp, account: uuid::Uuid) -> Option<bool> {
    sqlx::query_scalar(
        "SELECT is_active FROM rm.account_permissions WHERE account_id = $1 AND permission = 'moderator'",
    )
    .bind(account)
    .fetch_optional(&app.db.pool)
    .await
    .unwrap()
}

async fn wait_projected_permission(app: &TestApp, account: uuid::Uuid, active: bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while projected_permission(app, account).await != Some(active) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the accounts projector never showed moderator = {active}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_revoked_moderator_is_refused_while_the_accounts_projector_is_stopped() {
    let app = TestApp::spawn().await;
    let email = "revoked@plinth.test";
    let (account, _) = set_permission(&app, email, Permission::Moderator, true).await;
    let session = signed_in(&app, email).await;
    // The grant is in force at once, without waiting for any read model.
    let (status, _) = get(&app, "/api/review/stats", &session, None).await;
    assert_eq!(status, 200);
    wait_projected_permission(&app, account, true).await;

    // Given the accounts projector stopped: its checkpoint row is held, so no batch commits.
    let mut stopper = app.db.pool.begin().await.unwrap();
    sqlx::query("SELECT 1 FROM rm.projector_checkpoints WHERE name = 'accounts' FOR UPDATE")
        .execute(&mut *stopper)
        .await
        .unwrap();

    // When the role is revoked …
    set_permission(&app, email, Permission::Moderator, false).await;
    // … the very next request is refused, though the read model still says moderator.
    let (status, body) = get(&app, "/api/review/stats", &session, None).await;
    assert_eq!(status, 403, "{body}");
    let (_, me) = get(&app, "/api/auth/status", &session, None).await;
    assert_eq!(me["data"]["is_moderator"], false, "{me}");
    assert_eq!(projected_permission(&app, account).await, Some(true));

    // Once the projector runs again it catches up (the test's premise held).
    stopper.rollback().await.unwrap();
    wait_projected_permission(&app, account, false).await;
    app.stop().await;
}

fn assert_security_headers(h: &reqwest::header::HeaderMap, what: &str) {
    let csp = h
        .get("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no Content-Security-Policy"))
        .to_str()
        .unwrap();
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert_eq!(h["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(h["x-frame-options"], "DENY", "{what}");
    assert_eq!(
        h["referrer-policy"], "strict-origin-when-cross-origin",
        "{what}"
    );
}

#[tokio::test]
async fn html_api_and_image_answers_carry_the_security_headers() {
    let app = TestApp::spawn().await;
    // API: an answer that minted a token is private and varies by it.
    let resp = app.get_raw("/api/auth/status").await;
    let h = resp.headers().clone();
    assert_security_headers(&h, "/api/auth/status");
    assert!(h["content-security-policy"]
        .to_str()
        .unwrap()
        .starts_with("default-src 'none'"));
    assert!(h.contains_key("x-user-token"));
    let cache = h["cache-control"].to_str().unwrap();
    assert!(
        cache.contains("no-store") || cache.starts_with("private"),
        "{cache}"
    );
    // Served as `plinth serve` serves it, the answer also varies by its compression.
    let vary: Vec<&str> = h
        .get_all("vary")
        .iter()
        .flat_map(|v| v.to_str().unwrap().split(','))
        .map(str::trim)
        .collect();
    assert!(vary.contains(&"X-User-Token"), "{vary:?}");
    // Plain http: no HSTS.
    assert!(!h.contains_key("strict-transport-security"));

    // An image: the author's own photo, once its variants exist.
    let device = anonymous_token(&app).await;
    let (_, photo) = propose_with_photo(&app, &device, "Headers Mural").await;
    let thumbnail = photo["thumbnail_url"].as_str().unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let image = loop {
        let resp = app
            .client
            .get(format!("{}{thumbnail}", app.base))
            .header("X-User-Token", &device)
            .send()
            .await
            .unwrap();
        if resp.status() == 200 || tokio::time::Instant::now() > deadline {
            break resp;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(image.status(), 200);
    assert_security_headers(image.headers(), "an image");

    // HTML: the web app's shell, with its own policy and HSTS behind https.
    let web = tempfile::tempdir().unwrap();
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><title>t</title>",
    )
    .unwrap();
    let config = platform::config::Config::from_lookup(|k| {
        (k == "PUBLIC_URL").then(|| "https://art.example.org".to_owned())
    })
    .unwrap();
    let router = plinth::app::secured(
        plinth::app::with_web_app(axum::Router::new(), web.path(), None),
        &config,
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    for path in ["/", "/artwork/some-id"] {
        let resp = app.get_url(&format!("http://{addr}{path}")).await;
        assert_eq!(resp.status(), 200, "{path}");
        let h = resp.headers();
        assert!(h["content-type"].to_str().unwrap().starts_with("text/html"));
        assert_security_headers(h, path);
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(
            csp.starts_with("default-src 'self'; script-src 'self';"),
            "{csp}"
        );
        assert!(csp.contains("worker-src 'self' blob:"), "{csp}");
        assert_eq!(
            h["strict-transport-security"],
            "max-age=31536000; includeSubDomains"
        );
    }
    server.abort();
    app.stop().await;
}

#[tokio::test]
async fn housekeeping_prunes_old_rate_limit_counts_and_dead_links_and_keeps_live_ones() {
    let app = TestApp::spawn().await;
    sqlx::query(
        "INSERT INTO auth.rate_events (bucket, at) VALUES
           ('link:ip:198.51.100.1', now() - interval '25 hours'),
           ('link:ip:198.51.100.1', now() - interval '2 minutes')",
    )
    .execute(&app.db.pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO auth.link_tokens (token_hash, email, code_hash, expires_at) VALUES
           ('\\x01', 'old@example.org', '\\x01', now() - interval '2 days'),
           ('\\x02', 'live@example.org', '\\x02', now() + interval '1 hour')",
    )
    .execute(&app.db.pool)
    .await
    .unwrap();

    let pruned = command_api::housekeeping::prune(&app.db.pool)
        .await
        .unwrap();

    assert_eq!(pruned, 2);
    let counts: i64 = sql_scalar(&app, "SELECT count(*) FROM auth.rate_events").await;
    assert_eq!(counts, 1);
    let links: Vec<String> = sqlx::query_scalar("SELECT email FROM auth.link_tokens")
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(links, vec!["live@example.org".to_owned()]);
    app.stop().await;
}

#[tokio::test]
async fn an_author_has_the_gps_and_camera_of_their_photos_erased() {
    let app = TestApp::spawn().await;
    let author = anonymous_token(&app).await;
    let (id, _) = propose_with_photo(&app, &author, "Located Mural").await;

    // The author sees what their photo's EXIF said …
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let exif = loop {
        let (_, mine) = get(&app, "/api/me/submissions", &author, None).await;
        let exif = mine["data"]["submissions"][0]["photos"][0]["exif"].clone();
        if !exif.is_null() || tokio::time::Instant::now() > deadline {
            break exif;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(
        (exif["latitude"].as_f64().unwrap() - LAT).abs() < 1e-4,
        "{exif}"
    );
    assert_eq!(exif["make"], "Plinthcam");
    // … which the event store never held: its events keep only orientation and size.
    let sql =
        "SELECT payload FROM es.events WHERE aggregate_id = $1 AND event_type = 'ArtworkProposed'";
    let payload: Value = sql_value(&app, sql, &id).await;
    let stored = &payload["ArtworkProposed"]["photos"][0]["exif"];
    assert!(
        stored["latitude"].is_null() && stored["make"].is_null(),
        "{payload}"
    );
    assert_eq!(stored["width"], 320);

    // Nobody else may erase it.
    let stranger = anonymous_token(&app).await;
    let path = format!("/api/submissions/{id}/photo-metadata/erase");
    let (status, body) = post(&app, &path, &stranger, json!({})).await;
    assert_eq!(status, 403, "{body}");

    // The author may, and again harmlessly.
    for _ in 0..2 {
        let (status, body) = post(&app, &path, &author, json!({})).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["photos"], 1);
    }
    let (_, mine) = get(&app, "/api/me/submissions", &author, None).await;
    let exif = &mine["data"]["submissions"][0]["photos"][0]["exif"];
    for gone in ["latitude", "longitude", "dateTime", "make", "model"] {
        assert!(exif[gone].is_null(), "{gone}: {exif}");
    }
    assert_eq!(exif["width"], 320);
    let kept: Option<Value> = sql_scalar(&app, "SELECT exif FROM media.photos").await;
    assert_eq!(kept, None);
    let sql = "SELECT count(*) FROM es.events WHERE aggregate_id = $1 AND event_type = 'PhotoMetadataErased'";
    let erasures: i64 = sql_value(&app, sql, &id).await;
    assert_eq!(erasures, 1);
    app.stop().await;
}

#[tokio::test]
async fn the_public_status_says_what_is_up_and_only_admins_see_why() {
    let app = TestApp::spawn().await;
    let (status, headers, body) = app.get("/api/status").await;
    assert_eq!(status, 200, "{body}");
    let d = &body["data"];
    assert_eq!(d["product_name"], "Plinth");
    for c in ["database", "nats", "mail", "storage", "geo_index"] {
        let keys: Vec<&String> = d["components"][c].as_object().unwrap().keys().collect();
        assert_eq!(keys, vec!["status"], "{c}: {d}");
    }
    assert_eq!(d["components"]["search"]["backend"], "tantivy");
    assert!(d.get("relay").is_none(), "{d}");
    let projectors = d["projectors"].as_array().unwrap();
    assert!(!projectors.is_empty());
    for p in projectors {
        let mut keys: Vec<&String> = p.as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(keys, vec!["caught_up", "name", "status"], "{p}");
    }
    assert_eq!(headers["cache-control"], "public, max-age=5");
    // The same answer for a few seconds, whoever asks.
    let (_, _, again) = app.get("/api/status").await;
    assert_eq!(again["data"], body["data"]);

    // The details are for admins only.
    let (status, _, _) = app.get("/api/admin/status").await;
    assert_eq!(status, 401);
    let session = signed_in(&app, "someone@example.org").await;
    let (status, _) = get(&app, "/api/admin/status", &session, None).await;
    assert_eq!(status, 403);
    let admin = crate::accounts::admin_session(&app, "root@example.org").await;
    let (status, detail) = get(&app, "/api/admin/status", &admin, None).await;
    assert_eq!(status, 200);
    assert!(
        detail["data"]["components"]["database"]["latency_ms"].is_number(),
        "{detail}"
    );
    assert!(
        detail["data"]["projectors"][0]["lag_events"].is_number(),
        "{detail}"
    );
    app.stop().await;
}

async fn serve(router: axum::Router) -> (String, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let server = tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (base, server)
}

#[tokio::test]
async fn liveness_answers_without_io_and_readiness_names_what_is_missing() {
    let app = TestApp::spawn().await;
    let (base, server) = serve(plinth::app::probes(app.db.pool.clone(), app.bus.js.clone())).await;
    for (path, body) in [("/healthz", "ok"), ("/readyz", "ready")] {
        let resp = app.get_url(&format!("{base}{path}")).await;
        assert_eq!(resp.status(), 200, "{path}");
        assert_eq!(resp.text().await.unwrap(), body);
    }
    server.abort();

    // A database nobody answers at: alive, not ready.
    let dead = sqlx::postgres::PgPoolOptions::new()
        .acquire_timeout(Duration::from_millis(500))
        .connect_lazy("postgres://postgres@127.0.0.1:9/none")
        .unwrap();
    let (base, server) = serve(plinth::app::probes(dead, app.bus.js.clone())).await;
    let live = app.get_url(&format!("{base}/healthz")).await;
    assert_eq!(live.status(), 200);
    let ready = app.get_url(&format!("{base}/readyz")).await;
    assert_eq!(ready.status(), 503);
    assert_eq!(ready.text().await.unwrap(), "not ready: database");
    server.abort();
    app.stop().await;
}

/// A guarded route refuses a caller without its role before it reads anything else: a visitor
/// who sends a broken body or query gets 401 (and a signed-in member 403 from a moderators' or
/// admins' route), never a 400 that describes the body. Every route the OpenAPI document says
/// answers 401 or "Not a moderator" / "Not an admin" is tried, so a new one is covered.
#[tokio::test]
async fn every_guarded_route_checks_its_caller_before_it_reads_the_body_or_query() {
    let app = TestApp::spawn().await;
    let member = signed_in(&app, "member@example.org").await;
    let (status, _, doc) = app.get("/api/openapi.json").await;
    assert_eq!(status, 200);
    let id = uuid::Uuid::new_v4().to_string();
    let mut tried = 0;
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            let responses = &op["responses"];
            let forbidden = responses["403"]["description"].as_str().unwrap_or("");
            let role_only =
                forbidden.starts_with("Not a moderator") || forbidden.starts_with("Not an admin");
            if responses.get("401").is_none() && !role_only {
                continue;
            }
            // Path parameters filled in with something well formed; the query and body broken.
            let url = path
                .split('/')
                .map(|seg| match seg {
                    "{name}" => "search".to_owned(),
                    s if s.starts_with('{') => id.clone(),
                    s => s.to_owned(),
                })
                .collect::<Vec<_>>()
                .join("/");
            let url = format!("{}{url}?page=x&limit=-1&as_of=nonsense&days=zz", app.base);
            let method: Method = method.to_uppercase().parse().unwrap();
            let callers: &[(Option<&str>, u16)] = if role_only {
                &[(None, 401), (Some(member.as_str()), 403)]
            } else {
                &[(None, 401)]
            };
            for (token, expected) in callers {
                let mut req = app
                    .client
                    .request(method.clone(), &url)
                    .header("content-type", "application/json")
                    .body("{\"broken\": ");
                if let Some(t) = token {
                    req = req.header("X-User-Token", *t);
                }
                let resp = req.send().await.unwrap();
                let status = resp.status().as_u16();
                let body: Value = resp.json().await.unwrap_or(Value::Null);
                assert_eq!(
                    status,
                    *expected,
                    "{method} {path} as {}: {body}",
                    if token.is_some() {
                        "a member"
                    } else {
                        "a visitor"
                    }
                );
                assert_eq!(body["success"], false);
                tried += 1;
            }
        }
    }
    // Sanity: the document lists the guarded routes (admin, review, edits, me …).
    assert!(tried > 60, "only {tried} guarded calls found");
    app.stop().await;
}

/// The sign-in page asks before claiming whenever the device made anything anonymously — a
/// saved artwork or a feedback note count, not only submissions — read from the event store, so
/// work no read model has seen yet counts at once.
#[tokio::test]
async fn a_link_counts_every_kind_of_anonymous_work_at_once() {
    let app = TestApp::spawn().await;
    let device = anonymous_token(&app).await;
    let (status, body) = post(
        &app,
        "/api/lists",
        &device,
        json!({ "name": "Walk", "public": false }),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = post(
        &app,
        "/api/feedback",
        &device,
        json!({ "subject_type": "general", "issue_type": "comment", "note": "Lovely site" }),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let email = "lister@example.org";
    let link = mailed_link(&app, &device, email).await;
    let (status, body) = inspect(&app, &device, &link).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["anonymous_submissions"], 0);
    assert_eq!(body["data"]["anonymous_work"], 2, "{body}");
    // Another device has nothing to bring.
    let other = anonymous_token(&app).await;
    let (_, body) = inspect(&app, &other, &link).await;
    assert_eq!(body["data"]["anonymous_work"], 0, "{body}");
    app.stop().await;
}
