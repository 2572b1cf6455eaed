//! Accounts end to end against the real services: magic links through a real SMTP server,
//! sessions, claiming, profile names, preferences, roles, and the security properties of
//! DESIGN §5.

use crate::fixtures::{assert_field, assert_message, set_permission, sql_scalar, sql_value, Sent};
use crate::harness::{link_and_code, AppOptions, TestApp};
use domain::Permission;
use reqwest::Method;
use serde_json::{json, Value};

/// A fresh anonymous token, minted by `GET /api/auth/status`.
pub(crate) async fn anonymous_token(app: &TestApp) -> String {
    let (status, headers, body) = app.get("/api/auth/status").await;
    assert_eq!(status, 200);
    let token = headers["x-user-token"].to_str().unwrap().to_owned();
    assert_eq!(body["data"]["user_token"], token.as_str());
    assert_eq!(body["data"]["is_anonymous"], true);
    token
}

async fn request_link(
    app: &TestApp,
    email: &str,
    token: Option<&str>,
) -> (u16, reqwest::header::HeaderMap, Value) {
    app.send(
        Method::POST,
        "/api/auth/request-magic-link",
        token,
        Some(json!({ "email": email })),
    )
    .await
}

async fn verify(
    app: &TestApp,
    body: Value,
    token: Option<&str>,
) -> (u16, reqwest::header::HeaderMap, Value) {
    app.send(
        Method::POST,
        "/api/auth/verify-magic-link",
        token,
        Some(body),
    )
    .await
}

/// Requests a sign-in mail for `email` (its `n`-th) without a device: its link and its code.
async fn mailed_link(app: &TestApp, email: &str, n: usize) -> (String, String) {
    request_link(app, email, None).await;
    link_and_code(&app.smtp.wait_for(email, n).await)
}

/// A code that is not `code`.
fn wrong_code(code: &str) -> &'static str {
    if code == "000000" {
        "000001"
    } else {
        "000000"
    }
}

/// Signs in as `email` from the device holding `token` (the `n`-th mail to that address) and
/// returns the session token and the verify answer.
pub(crate) async fn sign_in(
    app: &TestApp,
    email: &str,
    token: &str,
    n: usize,
) -> (String, Value, String) {
    let (status, _, _) = request_link(app, email, Some(token)).await;
    assert_eq!(status, 200);
    let mail = app.smtp.wait_for(email, n).await;
    let (link, _) = link_and_code(&mail);
    let (status, headers, body) = verify(app, json!({ "token": link }), Some(token)).await;
    assert_eq!(status, 200, "{body}");
    let session = headers["x-user-token"].to_str().unwrap().to_owned();
    let position = headers["x-event-position"].to_str().unwrap().to_owned();
    (session, body["data"].clone(), position)
}

/// A signed-in admin's session (`plinth admin grant` before the first sign-in); `email` must be
/// the test's own.
pub(crate) async fn admin_session(app: &TestApp, email: &str) -> String {
    set_permission(app, email, Permission::Admin, true).await;
    signed_in(app, email).await
}

/// The session of `email` signed in for the first time from a new device (a user, unless the
/// address was granted a role before).
pub(crate) async fn signed_in(app: &TestApp, email: &str) -> String {
    signed_up(app, email).await.0
}

/// [`signed_in`] with the verify answer and its position, as [`sign_in`] answers them.
pub(crate) async fn signed_up(app: &TestApp, email: &str) -> (String, Value, String) {
    let device = anonymous_token(app).await;
    sign_in(app, email, &device, 1).await
}

/// Changes the caller's profile with `body`.
pub(crate) async fn set_profile(app: &TestApp, token: &str, body: Value) -> Sent {
    app.patch_as(token, "/api/me/profile", body).await
}

/// Replaces the caller's preferences with `body`.
async fn set_preferences(app: &TestApp, token: &str, body: Value) -> Sent {
    app.put_as(token, "/api/me/preferences", body).await
}

pub(crate) async fn status_of(
    app: &TestApp,
    token: &str,
    min: Option<&str>,
) -> (reqwest::header::HeaderMap, Value) {
    let mut headers = vec![("X-User-Token", token)];
    if let Some(m) = min {
        headers.push(("X-Min-Position", m));
    }
    let (status, h, body) = app.get_with("/api/auth/status", &headers).await;
    assert_eq!(status, 200);
    (h, body["data"].clone())
}

/// Asks for a sign-in link in the languages `accept` names; the answer's body.
async fn request_link_in(app: &TestApp, email: &str, accept: &str) -> Value {
    let headers = [("Accept-Language", accept)];
    let body = json!({ "email": email });
    let resp = app
        .post_raw("/api/auth/request-magic-link", &headers, &body)
        .await;
    assert_eq!(resp.status(), 200);
    resp.json().await.unwrap()
}

/// The web app sends its interface's language; the mail and the answer follow it.
#[tokio::test]
async fn the_mail_is_written_in_the_language_the_request_asks_for() {
    let app = TestApp::spawn().await;
    let email = "amelie@example.org";
    let body = request_link_in(&app, email, "fr-CA,fr;q=0.9,en;q=0.8").await;
    let message = body["data"]["message"].as_str().unwrap();
    assert!(message.starts_with("Consultez vos courriels"), "{message}");
    assert!(message.contains(email), "{message}");

    let mail = platform::mail::decode_quoted_printable(&app.smtp.wait_for(email, 1).await);
    assert!(mail.contains("Ouvrez ce lien pour continuer"), "{mail}");
    assert!(
        mail.contains("un compte Plinth avec cette adresse"),
        "{mail}"
    );
    assert!(
        !mail.contains("Create your") && !mail.contains("Open this link"),
        "{mail}"
    );
    assert!(
        mail.contains(&format!("{}/verify?token=", app.base)),
        "{mail}"
    );
    let code: String = mail
        .split("fenêtre de connexion\u{a0}: ")
        .nth(1)
        .map(|rest| rest.chars().take(6).collect())
        .unwrap_or_default();
    assert!(
        code.len() == 6 && code.chars().all(|c| c.is_ascii_digit()),
        "{mail}"
    );

    // Without the header, or with languages this site does not speak: English.
    let other = "bob@example.org";
    request_link_in(&app, other, "de-DE,de;q=0.9").await;
    let mail = app.smtp.wait_for(other, 1).await;
    assert!(
        mail.contains("Subject: Create your Plinth account"),
        "{mail}"
    );
    app.stop().await;
}

#[tokio::test]
async fn the_mail_arrives_and_its_link_works_once() {
    let app = TestApp::spawn().await;
    let device = anonymous_token(&app).await;
    let email = "ada@example.org";
    let (status, _, body) = request_link(&app, "  Ada@Example.org ", Some(&device)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["success"], true);
    assert_eq!(body["data"]["is_signup"], true);

    let mail = app.smtp.wait_for(email, 1).await;
    assert!(
        mail.contains("Subject: Create your Plinth account"),
        "{mail}"
    );
    assert!(
        mail.contains(&format!("{}/verify?token=", app.base)),
        "{mail}"
    );
    let (link, code) = link_and_code(&mail);
    assert_eq!(link.len(), 64);
    assert!(code.bytes().all(|b| b.is_ascii_digit()) && code.len() == 6);

    let (status, headers, body) = verify(&app, json!({ "token": link }), Some(&device)).await;
    assert_eq!(status, 200, "{body}");
    let d = &body["data"];
    assert_eq!(d["success"], true);
    assert_eq!(d["message"], "Login successful");
    assert_eq!(d["is_new_account"], true);
    assert_eq!(d["uuid_replaced"], true);
    assert_eq!(d["user"]["email"], email);
    let session = headers["x-user-token"].to_str().unwrap();
    assert_ne!(session, device);
    assert!(headers.contains_key("x-event-position"));

    let (_, s) = status_of(&app, session, None).await;
    assert_eq!(s["is_authenticated"], true);
    assert_eq!(s["is_anonymous"], false);
    assert_eq!(s["user"]["uuid"], d["user"]["uuid"]);
    assert_eq!(s["user"]["email"], email);

    // Single use: the same link again, and the code of the same mail, both fail.
    let (status, _, body) = verify(&app, json!({ "token": link }), None).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "INVALID_TOKEN");
    assert_eq!(body["message"], "Failed to verify magic link");
    let (status, _, _) = verify(&app, json!({ "email": email, "code": code }), None).await;
    assert_eq!(status, 400);

    // A second sign-in of the same address is not a new account.
    let other_device = anonymous_token(&app).await;
    let (_, again, _) = sign_in(&app, email, &other_device, 2).await;
    assert_eq!(again["is_new_account"], false);
    assert_eq!(again["user"]["uuid"], d["user"]["uuid"]);
    let second = app.smtp.wait_for(email, 2).await;
    assert!(second.contains("Subject: Sign in to Plinth"), "{second}");
    app.stop().await;
}

#[tokio::test]
async fn the_code_works_once_and_wrong_codes_kill_the_code_not_the_link() {
    let app = TestApp::spawn().await;
    let email = "grace@example.org";
    let (link, code) = mailed_link(&app, email, 1).await;
    let wrong = wrong_code(&code);

    let (status, _, body) = verify(&app, json!({ "email": email, "code": "12ab" }), None).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "VALIDATION_ERROR");
    for _ in 0..5 {
        let (status, _, body) = verify(&app, json!({ "email": email, "code": wrong }), None).await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], "Failed to verify magic link");
    }
    // Five wrong guesses: even the right code no longer works …
    let (status, _, _) = verify(&app, json!({ "email": email, "code": code }), None).await;
    assert_eq!(status, 400);
    // … but whoever guessed has not locked the owner out: the link still signs in.
    let (status, headers, body) = verify(&app, json!({ "token": link }), None).await;
    assert_eq!(status, 200, "{body}");
    assert!(headers.contains_key("x-user-token"));

    let (_, code) = mailed_link(&app, email, 2).await;
    let (status, headers, body) = verify(
        &app,
        json!({ "email": "Grace@Example.org", "code": code }),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(headers.contains_key("x-user-token"));
    let (status, _, _) = verify(&app, json!({ "email": email, "code": code }), None).await;
    assert_eq!(status, 400);
    app.stop().await;
}

#[tokio::test]
async fn a_day_of_wrong_codes_locks_the_code_for_the_address_and_the_link_still_works() {
    let app = TestApp::spawn().await;
    let email = "locked@example.org";
    // Each link allows five wrong codes; the address allows 20 a day across its links.
    let mut wrong_codes = 0;
    for n in 1..=4 {
        let (_, code) = mailed_link(&app, email, n).await;
        let wrong = wrong_code(&code);
        for _ in 0..5 {
            let (status, _, body) =
                verify(&app, json!({ "email": email, "code": wrong }), None).await;
            assert_eq!(status, 400, "{body}");
            wrong_codes += 1;
        }
    }
    assert_eq!(wrong_codes, 20);
    let (link, code) = mailed_link(&app, email, 5).await;
    // The right code of a fresh link is refused for the rest of the day …
    let (status, headers, body) = verify(&app, json!({ "email": email, "code": code }), None).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["error"], "RATE_LIMITED");
    assert!(headers.contains_key("retry-after"));
    // … and the link signs in.
    let (status, _, body) = verify(&app, json!({ "token": link }), None).await;
    assert_eq!(status, 200, "{body}");
    app.stop().await;
}

/// The code limits are counted and decided in one locked step before a code is compared: a
/// burst of wrong codes in flight at once is judged no more often than they allow, and a link
/// from the mail still signs in from the same client once they are spent.
#[tokio::test]
async fn a_burst_of_wrong_codes_is_judged_only_as_often_as_the_limits_allow_and_the_link_still_works(
) {
    let app = TestApp::spawn().await;
    let emails = [
        "burst1@example.org",
        "burst2@example.org",
        "burst3@example.org",
    ];
    let mut links = Vec::new();
    let mut wrong = Vec::new();
    for email in emails {
        let (link, code) = mailed_link(&app, email, 1).await;
        links.push(link);
        wrong.push(wrong_code(&code));
    }
    // 210 wrong codes for three addresses from one client, all in flight at once.
    let tries = (0..210).map(|i| {
        let body = json!({ "email": emails[i % 3], "code": wrong[i % 3] });
        let app = &app;
        async move { (i % 3, verify(app, body, None).await) }
    });
    let answers = futures::future::join_all(tries).await;
    let mut judged = [0; 3];
    for (address, (status, headers, body)) in &answers {
        match status {
            400 => {
                assert_eq!(body["message"], "Failed to verify magic link");
                judged[*address] += 1;
            }
            429 => assert!(headers.contains_key("retry-after"), "{body}"),
            other => panic!("a wrong code answered {other}: {body}"),
        }
    }
    // 30 failed verifications per client per 15 minutes, 20 wrong codes per address a day.
    assert_eq!(judged.iter().sum::<usize>(), 30, "{judged:?}");
    assert!(judged.iter().all(|n| *n <= 20), "{judged:?}");
    // The client's failures are spent: a bad link is refused …
    let bad = "f".repeat(64);
    let (status, _, body) = verify(&app, json!({ "token": bad }), None).await;
    assert_eq!(status, 429, "{body}");
    // … and a genuine link is looked at and signs in from the same client all the same.
    let (status, _, body) = app
        .send(
            Method::POST,
            "/api/auth/magic-link/inspect",
            None,
            Some(json!({ "token": links[0] })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["email"], emails[0]);
    let (status, headers, body) = verify(&app, json!({ "token": links[0] }), None).await;
    assert_eq!(status, 200, "{body}");
    assert!(headers.contains_key("x-user-token"));
    app.stop().await;
}

#[tokio::test]
async fn an_expired_link_fails() {
    let app = TestApp::spawn().await;
    let email = "expired@example.org";
    let (link, code) = mailed_link(&app, email, 1).await;
    // The expiry is one hour from the request.
    let sql = "SELECT extract(epoch FROM expires_at - created_at)::float8 FROM auth.link_tokens WHERE email = $1";
    let ttl: f64 = sql_value(&app, sql, email).await;
    assert_eq!(ttl.round(), 3600.0);
    sqlx::query("UPDATE auth.link_tokens SET expires_at = now() - interval '1 second'")
        .execute(&app.db.pool)
        .await
        .unwrap();
    let (status, _, body) = verify(&app, json!({ "token": link }), None).await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "Failed to verify magic link");
    let (status, _, _) = verify(&app, json!({ "email": email, "code": code }), None).await;
    assert_eq!(status, 400);
    app.stop().await;
}

#[tokio::test]
async fn email_rules_are_checked_on_the_server() {
    let app = TestApp::spawn().await;
    for (email, message) in [
        ("", "Email address is required"),
        ("   ", "Email address is required"),
        ("nope", "Please enter a valid email address"),
        ("a b@example.org", "Please enter a valid email address"),
    ] {
        let (status, _, body) = request_link(&app, email, None).await;
        assert_eq!(status, 400, "{email}");
        assert_eq!(body["error"], "VALIDATION_ERROR");
        assert_eq!(body["message"], message);
        assert_eq!(body["details"]["field"], "email");
    }
    let long = format!("{}@example.org", "a".repeat(243));
    let (status, _, _) = request_link(&app, &long, None).await;
    assert_eq!(status, 400);
    let (status, _, body) = app
        .send(
            Method::POST,
            "/api/auth/request-magic-link",
            None,
            Some(json!({})),
        )
        .await;
    assert_message(status, &body, 400, "Email address is required");
    app.stop().await;
}

#[tokio::test]
async fn limits_per_address_and_per_client_answer_429_with_retry_after() {
    let app = TestApp::spawn().await;
    for _ in 0..5 {
        let (status, _, _) = request_link(&app, "busy@example.org", None).await;
        assert_eq!(status, 200);
    }
    let (status, headers, body) = request_link(&app, "busy@example.org", None).await;
    assert_eq!(status, 429);
    assert_eq!(body["error"], "RATE_LIMITED");
    let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=3600).contains(&retry), "{retry}");
    assert!(
        body["message"].as_str().unwrap().starts_with("Too many"),
        "{body}"
    );

    // Per client: 20 requests an hour from one address, whatever the e-mail (the refused one
    // above counted too: the client limit is checked first).
    for i in 0..14 {
        let (status, _, _) = request_link(&app, &format!("u{i}@example.org"), None).await;
        assert_eq!(status, 200, "request {i}");
    }
    let (status, headers, _) = request_link(&app, "one-more@example.org", None).await;
    assert_eq!(status, 429);
    assert!(headers.contains_key("retry-after"));
    app.stop().await;
}

#[tokio::test]
async fn is_signup_never_reveals_whether_an_address_has_an_account() {
    let app = TestApp::spawn().await;
    let owner_device = anonymous_token(&app).await;
    let (session, _, _) = sign_in(&app, "known@example.org", &owner_device, 1).await;

    // A stranger gets the same answer for a known and an unknown address.
    let stranger = anonymous_token(&app).await;
    let (_, _, known) = request_link(&app, "known@example.org", Some(&stranger)).await;
    let (_, _, unknown) = request_link(&app, "unknown@example.org", Some(&stranger)).await;
    assert_eq!(known["data"]["is_signup"], true);
    assert_eq!(unknown["data"]["is_signup"], true);
    let strip = |v: &Value, e: &str| v["data"]["message"].as_str().unwrap().replace(e, "<email>");
    assert_eq!(
        strip(&known, "known@example.org"),
        strip(&unknown, "unknown@example.org")
    );

    // The account's own session, and the anonymous identity it claimed, know it.
    let (_, _, mine) = request_link(&app, "known@example.org", Some(&session)).await;
    assert_eq!(mine["data"]["is_signup"], false);
    let (_, _, device) = request_link(&app, "known@example.org", Some(&owner_device)).await;
    assert_eq!(device["data"]["is_signup"], false);
    app.stop().await;
}

#[tokio::test]
async fn a_public_uuid_used_as_a_token_grants_nothing() {
    let app = TestApp::spawn().await;
    let (session, answer, _) = signed_up(&app, "uuid@example.org").await;
    let uuid = answer["user"]["uuid"].as_str().unwrap().to_owned();
    let (headers, s) = status_of(&app, &uuid, None).await;
    assert_eq!(s["is_authenticated"], false);
    assert_ne!(s["user"]["uuid"], uuid.as_str());
    assert!(
        headers.contains_key("x-user-token"),
        "a new anonymous token is minted"
    );
    let (status, _, _) = app
        .send(Method::GET, "/api/me/profile", Some(&uuid), None)
        .await;
    assert_eq!(status, 401);
    // A token-shaped value that is no session is only an (empty) anonymous identity.
    let (status, _, _) = app
        .send(Method::GET, "/api/me/profile", Some(&"0".repeat(64)), None)
        .await;
    assert_eq!(status, 401);
    let (status, _, _) = app
        .send(Method::GET, "/api/me/profile", Some(&session), None)
        .await;
    assert_eq!(status, 200);
    app.stop().await;
}

/// The session `email` signed in with and then signed out of, with the sign-out's answer.
async fn signed_out(app: &TestApp, email: &str) -> (String, reqwest::header::HeaderMap, Value) {
    let session = signed_in(app, email).await;
    let (status, headers, body) = app
        .send(Method::POST, "/api/auth/logout", Some(&session), None)
        .await;
    assert_eq!(status, 200, "{body}");
    (session, headers, body)
}

#[tokio::test]
async fn a_revoked_session_grants_nothing() {
    let app = TestApp::spawn().await;
    let (session, headers, body) = signed_out(&app, "bye@example.org").await;
    assert_eq!(body["data"]["success"], true);
    let fresh = body["data"]["new_user_token"].as_str().unwrap();
    assert_eq!(headers["x-user-token"].to_str().unwrap(), fresh);
    assert_ne!(fresh, session);

    let (headers, s) = status_of(&app, &session, None).await;
    assert_eq!(s["is_authenticated"], false);
    assert_ne!(
        s["user_token"],
        session.as_str(),
        "the dead token is replaced"
    );
    assert!(headers.contains_key("x-user-token"));
    for (method, path, body) in [
        (Method::GET, "/api/me/profile", None),
        (
            Method::PATCH,
            "/api/me/profile",
            Some(json!({ "profile_name": "ghost" })),
        ),
        (
            Method::PUT,
            "/api/me/preferences",
            Some(json!({ "theme": "bauhaus" })),
        ),
        (
            Method::GET,
            "/api/me/profile-check?profile_name=ghost",
            None,
        ),
    ] {
        let (status, _, _) = app.send(method, path, Some(&session), body).await;
        assert_eq!(status, 401, "{path}");
    }
    let (_, s) = status_of(&app, fresh, None).await;
    assert_eq!(s["is_anonymous"], true);
    app.stop().await;
}

#[tokio::test]
async fn a_write_under_an_ended_session_is_refused_not_taken_as_a_stranger() {
    let app = TestApp::spawn().await;
    let (session, _, _) = signed_out(&app, "ended@example.org").await;
    let events = || async {
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM es.events")
            .fetch_one(&app.db.pool)
            .await
            .unwrap()
    };
    let before = events().await;

    // Writes anyone may make, a signed-in one and a moderator's: each is refused as ended, not
    // made for a new anonymous visitor, and hands out no token.
    for (method, path, body) in [
        (Method::POST, "/api/lists", Some(json!({ "name": "Walk" }))),
        (
            Method::POST,
            "/api/feedback",
            Some(
                json!({ "subject_type": "artwork", "subject_id": uuid::Uuid::now_v7(),
                         "issue_type": "other", "note": "still signed in?" }),
            ),
        ),
        (
            Method::PATCH,
            "/api/me/profile",
            Some(json!({ "profile_name": "ghost" })),
        ),
        (
            Method::POST,
            &format!("/api/review/approve/{}", uuid::Uuid::now_v7()),
            None,
        ),
    ] {
        let (status, headers, body) = app.send(method, path, Some(&session), body).await;
        assert_eq!(status, 401, "{path}: {body}");
        assert_eq!(body["error"], "SESSION_ENDED", "{path}");
        assert_eq!(
            body["message"],
            "Your sign-in has ended. Sign in again to continue."
        );
        assert!(!headers.contains_key("x-user-token"), "{path}");
    }
    assert_eq!(events().await, before, "nothing was written");

    // Reading still works, as a visitor with a new token; signing out again and signing in
    // again from the ended session's device work too.
    let (headers, s) = status_of(&app, &session, None).await;
    assert_eq!(s["is_anonymous"], true);
    assert!(headers.contains_key("x-user-token"));
    let (status, _, _) = app
        .send(Method::POST, "/api/auth/logout", Some(&session), None)
        .await;
    assert_eq!(status, 200);
    let (again, data, _) = sign_in(&app, "ended@example.org", &session, 2).await;
    assert_eq!(data["user"]["email"], "ended@example.org", "{data}");
    let (status, _, body) = app
        .send(
            Method::POST,
            "/api/lists",
            Some(&again),
            Some(json!({ "name": "Walk" })),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    app.stop().await;
}

#[tokio::test]
async fn anonymous_work_is_claimed_on_sign_up_and_on_sign_in_from_a_second_device() {
    let app = TestApp::spawn().await;
    let first = anonymous_token(&app).await;
    let second = anonymous_token(&app).await;
    let (_, s1) = status_of(&app, &first, None).await;
    let (_, s2) = status_of(&app, &second, None).await;
    let (anon1, anon2) = (s1["user"]["uuid"].clone(), s2["user"]["uuid"].clone());

    let (_, up, _) = sign_in(&app, "two@example.org", &first, 1).await;
    assert_eq!(up["is_new_account"], true);
    assert_eq!(up["uuid_replaced"], true);
    let (_, inn, position) = sign_in(&app, "two@example.org", &second, 2).await;
    assert_eq!(inn["is_new_account"], false);
    assert_eq!(inn["uuid_replaced"], true);
    let account = up["user"]["uuid"].as_str().unwrap();

    // Each claim is an event of the account…
    let claimed: Vec<String> = sqlx::query_scalar(
        "SELECT payload->'AnonymousIdentityClaimed'->>'anonymous_id' FROM es.events
          WHERE aggregate_type = 'account' AND aggregate_id = $1
            AND event_type = 'AnonymousIdentityClaimed' ORDER BY sequence",
    )
    .bind(account)
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(
        claimed,
        vec![anon1.as_str().unwrap(), anon2.as_str().unwrap()]
    );
    // …and the read model maps both identities to it (read after the verify's position).
    let (_, _) = status_of(&app, &first, Some(&position)).await;
    let owners: Vec<(uuid::Uuid, uuid::Uuid)> = sqlx::query_as(
        "SELECT anonymous_id, account_id FROM rm.account_identities ORDER BY claimed_at",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(owners.len(), 2);
    assert!(owners.iter().all(|(_, a)| a.to_string() == account));

    // Another account cannot take over an identity already claimed.
    let (_, other, _) = sign_in(&app, "three@example.org", &first, 1).await;
    assert_eq!(other["uuid_replaced"], false);
    app.stop().await;
}

#[tokio::test]
async fn role_flags_come_from_the_server_only() {
    let app = TestApp::spawn().await;
    let (session, answer, _) = signed_up(&app, "mallory@example.org").await;
    let (status, _, body) = set_profile(
        &app,
        &session,
        json!({ "profile_name": "mallory", "is_admin": true, "permissions": ["admin"] }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["is_admin"], false);
    let (status, position, _) = set_preferences(
        &app,
        &session,
        json!({ "is_admin": true, "is_moderator": true }),
    )
    .await;
    assert_eq!(status, 200);
    assert!(!position.is_empty(), "the change has a position");
    let (_, _, body) = app
        .get_with(
            "/api/auth/status",
            &[
                ("X-User-Token", &session),
                ("X-User-Role", "admin"),
                ("X-Min-Position", &position),
            ],
        )
        .await;
    let s = &body["data"];
    assert_eq!(
        (
            s["is_admin"].clone(),
            s["is_moderator"].clone(),
            s["can_review"].clone()
        ),
        (json!(false), json!(false), json!(false))
    );

    // A moderator is made by an operator (`plinth admin grant`) and shows on status and profile.
    let (_, granted) =
        set_permission(&app, "mallory@example.org", Permission::Moderator, true).await;
    let granted = granted.unwrap();
    let (_, s) = status_of(&app, &session, Some(&granted)).await;
    assert_eq!(s["is_moderator"], true);
    assert_eq!(s["can_review"], true);
    assert_eq!(s["is_admin"], false);
    let (_, body) = app.get_as(&session, "/api/me/profile", None).await;
    assert_eq!(body["data"]["is_reviewer"], true);
    assert_eq!(
        body["data"]["debug"]["permissions"],
        json!([{ "permission": "moderator", "is_active": true }])
    );
    assert_eq!(body["data"]["uuid"], answer["user"]["uuid"]);

    let (_, revoked) =
        set_permission(&app, "mallory@example.org", Permission::Moderator, false).await;
    let (_, s) = status_of(&app, &session, Some(&revoked.unwrap())).await;
    assert_eq!(s["is_moderator"], false);
    let (_, body) = app.get_as(&session, "/api/me/profile", None).await;
    assert_eq!(
        body["data"]["debug"]["permissions"],
        json!([{ "permission": "moderator", "is_active": false }])
    );
    app.stop().await;
}

#[tokio::test]
async fn admin_emails_are_admins_from_their_first_sign_in() {
    let app = TestApp::spawn_with(AppOptions {
        admin_emails: vec!["boss@example.org".into()],
    })
    .await;
    let (session, _, position) = signed_up(&app, "Boss@example.org").await;
    let (_, s) = status_of(&app, &session, Some(&position)).await;
    assert_eq!(s["is_admin"], true);
    assert_eq!(s["is_moderator"], true);
    let (session, _, position) = signed_up(&app, "staff@example.org").await;
    let (_, s) = status_of(&app, &session, Some(&position)).await;
    assert_eq!(s["is_admin"], false);
    app.stop().await;
}

#[tokio::test]
async fn profile_names_are_checked_unique_and_public() {
    let app = TestApp::spawn().await;
    let (ada, a, _) = signed_up(&app, "ada.l@example.org").await;
    let bob = signed_in(&app, "bob@example.org").await;
    let ada_id = a["user"]["uuid"].as_str().unwrap().to_owned();

    let (status, body) = app.get_as(&ada, "/api/me/profile", None).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["profile_name"], Value::Null);
    assert_eq!(body["data"]["email"], "ada.l@example.org");
    // Without a profile name there is no public profile.
    let (status, _, body) = app.get(&format!("/api/users/{ada_id}")).await;
    assert_message(status, &body, 404, "User not found");

    let named = json!({ "profile_name": "Ada-L" });
    let (status, position, body) = set_profile(&app, &ada, named).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["profile_name"], "Ada-L");
    assert!(!position.is_empty(), "the change has a position");

    let check = |name: &'static str, token: String| {
        let app = &app;
        async move {
            let path = format!("/api/me/profile-check?profile_name={name}");
            let (status, body) = app.get_as(&token, &path, None).await;
            assert_eq!(status, 200);
            body["data"].clone()
        }
    };
    let c = check("ada-l", bob.clone()).await;
    assert_eq!(
        (c["valid"].clone(), c["available"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(c["message"], "That profile name is already taken");
    assert_eq!(
        check("ada-l", ada.clone()).await["available"],
        true,
        "one's own name is available"
    );
    let c = check("-bad", bob.clone()).await;
    assert_eq!(c["valid"], false);
    assert!(c["message"]
        .as_str()
        .unwrap()
        .contains("letters, digits and dashes"));
    assert_eq!(
        check("admin", bob.clone()).await["message"],
        "That profile name is reserved"
    );
    assert_eq!(check("bobby", bob.clone()).await["available"], true);
    let (status, _, _) = app.get("/api/me/profile-check?profile_name=bobby").await;
    assert_eq!(status, 401);

    let (status, _, body) = set_profile(&app, &bob, json!({ "profile_name": "ADA-L" })).await;
    assert_message(status, &body, 409, "That profile name is already taken");
    let (status, _, body) = set_profile(&app, &bob, json!({ "profile_name": "b" })).await;
    assert_field(status, &body, 400, "profile_name");

    let (status, _, body) = app
        .get_with(
            &format!("/api/users/{ada_id}"),
            &[("X-Min-Position", &position)],
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["profile_name"], "Ada-L");
    assert_eq!(body["data"]["badges"], json!([]));
    let text = body.to_string();
    assert!(
        !text.contains("example.org"),
        "no e-mail in a public profile: {text}"
    );
    let (status, _, _) = app
        .get(&format!("/api/users/{}", uuid::Uuid::new_v4()))
        .await;
    assert_eq!(status, 404);

    // A changed name frees the old one.
    let (status, _, _) = set_profile(&app, &ada, json!({ "profile_name": "Countess" })).await;
    assert_eq!(status, 200);
    assert_eq!(check("ada-l", bob.clone()).await["available"], true);
    app.stop().await;
}

#[tokio::test]
async fn preferences_are_validated_and_kept() {
    let app = TestApp::spawn().await;
    let device = anonymous_token(&app).await;
    let (session, _, _) = sign_in(&app, "prefs@example.org", &device, 1).await;
    let (status, _, _) = set_preferences(&app, &device, json!({ "theme": "bauhaus" })).await;
    assert_eq!(status, 401, "an anonymous identity has no preferences");
    let (status, position, body) = set_preferences(
        &app,
        &session,
        json!({ "theme": "bauhaus", "email_notifications": false, "zoom": 14 }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(!position.is_empty(), "the change has a position");
    let (_, _, body) = app
        .get_with(
            "/api/me/profile",
            &[("X-User-Token", &session), ("X-Min-Position", &position)],
        )
        .await;
    assert_eq!(
        body["data"]["preferences"],
        json!({ "email_notifications": false, "theme": "bauhaus", "zoom": 14.0 })
    );
    for bad in [
        json!({ "Theme": "x" }),
        json!({ "theme": "x".repeat(201) }),
        json!({ "nested": { "a": 1 } }),
        json!(["theme"]),
    ] {
        let (status, _, body) = set_preferences(&app, &session, bad.clone()).await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
    app.stop().await;
}

#[tokio::test]
async fn a_dead_mail_server_degrades_status_and_requests_are_still_answered() {
    let mut app = TestApp::spawn().await;
    let admin = admin_session(&app, "ops@example.org").await;
    app.smtp.kill();
    let (status, body) = app.get_as(&admin, "/api/admin/status", None).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["status"], "degraded");
    assert_eq!(body["data"]["components"]["mail"]["status"], "down");
    assert!(body["data"]["components"]["mail"]["error"].is_string());
    // Everyone sees that mail is down, and not why.
    let (status, _, body) = app.get("/api/status").await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["status"], "degraded");
    assert_eq!(
        body["data"]["components"]["mail"],
        json!({ "status": "down" })
    );
    // The request is still answered (the mail fails after the answer and is logged), and the
    // link it recorded is valid for a retry of the mail.
    let (status, _, body) = request_link(&app, "later@example.org", None).await;
    assert_eq!(status, 200, "{body}");
    let sql = "SELECT count(*) FROM auth.link_tokens WHERE email = 'later@example.org' AND used_at IS NULL";
    let live: i64 = sql_scalar(&app, sql).await;
    assert_eq!(live, 1);
    app.stop().await;
}
