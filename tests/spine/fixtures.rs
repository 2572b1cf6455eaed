//! Typed request helpers and fixtures the spine tests share: JSON and multipart requests, review
//! verdicts, the checks of a refused request, fields read from arrays, roles granted as an
//! operator does, approved proposals and visits, and single values read with SQL.

use crate::accounts::anonymous_token;
use crate::harness::TestApp;
use crate::submissions::{
    approve, jpeg_part, moderator, phone, position, propose, spawn, Proposed, LAT, LON,
};
use reqwest::header::HeaderMap;
use reqwest::multipart::Form;
use reqwest::Method;
use serde_json::{json, Value};
use sqlx::postgres::{PgRow, Postgres};
use std::time::Duration;

/// A JSON request's answer: its status, its `X-Event-Position` (empty when none) and its body.
pub(crate) type Sent = (u16, String, Value);

impl TestApp {
    /// A GET as `token`; with `min`, one that has read that position (asked again while stale).
    ///
    /// A read waits for the position 2 s at most and then answers marked stale, so a stale
    /// answer (a loaded machine) is asked again, for 30 s at most.
    pub(crate) async fn get_as(&self, token: &str, path: &str, min: Option<&str>) -> (u16, Value) {
        let mut headers = vec![("X-User-Token", token)];
        if let Some(m) = min {
            headers.push(("X-Min-Position", m));
        }
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let (status, answer, body) = self.get_with(path, &headers).await;
            let stale = answer
                .get("x-read-consistency")
                .is_some_and(|v| v == "stale");
            if !stale || min.is_none() || tokio::time::Instant::now() > deadline {
                return (status, body);
            }
        }
    }

    /// A JSON request as `token`: its status, its `X-Event-Position` (empty when none) and body.
    pub(crate) async fn send_as(
        &self,
        method: Method,
        token: &str,
        path: &str,
        body: Value,
    ) -> Sent {
        let (status, headers, body) = self.send(method, path, Some(token), Some(body)).await;
        let pos = headers
            .get("x-event-position")
            .map(|p| p.to_str().unwrap().to_owned())
            .unwrap_or_default();
        (status, pos, body)
    }

    /// [`TestApp::send_as`] with POST.
    pub(crate) async fn post_as(&self, token: &str, path: &str, body: Value) -> Sent {
        self.send_as(Method::POST, token, path, body).await
    }

    /// [`TestApp::send_as`] with PATCH.
    pub(crate) async fn patch_as(&self, token: &str, path: &str, body: Value) -> Sent {
        self.send_as(Method::PATCH, token, path, body).await
    }

    /// [`TestApp::send_as`] with PUT.
    pub(crate) async fn put_as(&self, token: &str, path: &str, body: Value) -> Sent {
        self.send_as(Method::PUT, token, path, body).await
    }

    /// [`TestApp::send_as`] with DELETE.
    pub(crate) async fn delete_as(&self, token: &str, path: &str, body: Value) -> Sent {
        self.send_as(Method::DELETE, token, path, body).await
    }
}

/// Serves `router` on `listener` as `plinth serve` does, each handler told its caller's address.
pub(crate) fn serve_with_peers(
    listener: tokio::net::TcpListener,
    router: axum::Router,
) -> tokio::task::JoinHandle<()> {
    let service = router.into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, service).await.unwrap() })
}

/// A multipart POST of `form` to `path` as `token`: its status, headers and JSON body.
pub(crate) async fn post_multipart(
    app: &TestApp,
    path: &str,
    token: &str,
    form: Form,
) -> (u16, HeaderMap, Value) {
    let resp = app
        .client
        .post(format!("{}{path}", app.base))
        .header("X-User-Token", token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    let headers = resp.headers().clone();
    (status, headers, resp.json().await.unwrap_or(Value::Null))
}

/// A moderator's `verdict` (`approve` or `reject`) on submission `id`, with `body`.
pub(crate) async fn review(
    app: &TestApp,
    token: &str,
    verdict: &str,
    id: &str,
    body: Value,
) -> (u16, HeaderMap, Value) {
    let path = format!("/api/review/{verdict}/{id}");
    app.send(Method::POST, &path, Some(token), Some(body)).await
}

/// Rejects submission `id` as `token`, giving `reason`.
pub(crate) async fn reject(
    app: &TestApp,
    token: &str,
    id: &str,
    reason: &str,
) -> (u16, HeaderMap, Value) {
    review(app, token, "reject", id, json!({ "reason": reason })).await
}

/// Asserts that a request answered `expected` with the body's `message`.
#[track_caller]
pub(crate) fn assert_message(status: u16, body: &Value, expected: u16, message: &str) {
    assert_eq!(
        (status, body["message"].as_str()),
        (expected, Some(message)),
        "{body}"
    );
}

/// Asserts that a request answered `expected` with the body's details naming `field`.
#[track_caller]
pub(crate) fn assert_field(status: u16, body: &Value, expected: u16, field: &str) {
    assert_eq!(
        (status, body["details"]["field"].as_str()),
        (expected, Some(field)),
        "{body}"
    );
}

/// What a refused request must answer: a status, alone or with the message or field it names.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Refusal {
    /// The status alone.
    Status(u16),
    /// The status and the body's message.
    Message(u16, &'static str),
    /// The status and the field the body's details name.
    Field(u16, &'static str),
}

impl Refusal {
    /// Asserts that `status` and `body` are this refusal; `case` names the request when not.
    #[track_caller]
    pub(crate) fn assert(self, status: u16, body: &Value, case: &str) {
        match self {
            Refusal::Status(expected) => assert_eq!(status, expected, "{case}: {body}"),
            Refusal::Message(expected, message) => {
                let answer = (status, body["message"].as_str());
                assert_eq!(answer, (expected, Some(message)), "{case}: {body}");
            }
            Refusal::Field(expected, field) => {
                let answer = (status, body["details"]["field"].as_str());
                assert_eq!(answer, (expected, Some(field)), "{case}: {body}");
            }
        }
    }
}

/// POSTs each body of `cases` to `path` as its token and asserts its refusal, naming the case.
pub(crate) async fn assert_posts_refused<T: AsRef<str>>(
    app: &TestApp,
    path: &str,
    cases: impl IntoIterator<Item = (T, Value, Refusal)>,
) {
    for (n, (token, body, refusal)) in cases.into_iter().enumerate() {
        let case = format!("case {n}: POST {path} {body}");
        let (status, _, answer) = app.post_as(token.as_ref(), path, body).await;
        refusal.assert(status, &answer, &case);
    }
}

/// The string `field` of every object in the array `list`.
pub(crate) fn strs<'a>(list: &'a Value, field: &str) -> Vec<&'a str> {
    let items = list
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {list}"));
    items.iter().map(|v| v[field].as_str().unwrap()).collect()
}

/// [`strs`], owned.
pub(crate) fn strings(list: &Value, field: &str) -> Vec<String> {
    strs(list, field).into_iter().map(str::to_owned).collect()
}

/// The strings `a` and `b` of every object in the array `list`, as pairs.
pub(crate) fn string_pairs(list: &Value, a: &str, b: &str) -> Vec<(String, String)> {
    strings(list, a).into_iter().zip(strings(list, b)).collect()
}

/// The object in the array `list` whose `field` is `value`.
pub(crate) fn find_by<'a>(list: &'a Value, field: &str, value: &str) -> &'a Value {
    let items = list
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {list}"));
    let found = items.iter().find(|v| v[field] == value);
    found.unwrap_or_else(|| panic!("no {field} = {value} in {list}"))
}

/// Grants (`on`) or revokes `permission` for `email` as `plinth admin grant` does.
pub(crate) async fn set_permission(
    app: &TestApp,
    email: &str,
    permission: domain::Permission,
    on: bool,
) -> (uuid::Uuid, Option<String>) {
    let accounts = &app.accounts;
    let (account, pos) =
        command_api::accounts::permissions::by_email(accounts, email, permission, on)
            .await
            .unwrap();
    (account, pos.map(|p| p.to_string()))
}

/// The one value `sql` answers.
pub(crate) async fn sql_scalar<T>(app: &TestApp, sql: &str) -> T
where
    (T,): for<'r> sqlx::FromRow<'r, PgRow>,
    T: Send + Unpin,
{
    let query = sqlx::query_scalar(sql);
    query.fetch_one(&app.db.pool).await.unwrap()
}

/// The one value `sql` answers with `$1` bound to `arg`.
pub(crate) async fn sql_value<'q, T, A>(app: &TestApp, sql: &'q str, arg: A) -> T
where
    (T,): for<'r> sqlx::FromRow<'r, PgRow>,
    T: Send + Unpin,
    A: 'q + Send + sqlx::Encode<'q, Postgres> + sqlx::Type<Postgres>,
{
    let query = sqlx::query_scalar(sql).bind(arg);
    query.fetch_one(&app.db.pool).await.unwrap()
}

/// The app (its admins the moderators), a visitor's token and a moderator's session.
pub(crate) async fn app_with_moderator() -> (TestApp, String, String) {
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let modr = moderator(&app).await;
    (app, anon, modr)
}

/// An approved submission: its id, the artwork it made or went to, and the approval's position.
pub(crate) struct Approved {
    pub(crate) submission: String,
    pub(crate) artwork: String,
    pub(crate) position: String,
}

/// Approves submission `id` as `modr` with `body` and checks that it was.
pub(crate) async fn approved(app: &TestApp, modr: &str, id: String, body: Value) -> Approved {
    let (status, headers, answer) = approve(app, modr, &id, body).await;
    assert_eq!(status, 200, "{answer}");
    Approved {
        artwork: answer["data"]["artwork_id"].as_str().unwrap().to_owned(),
        position: position(&headers),
        submission: id,
    }
}

/// Proposes `title` as `author` and approves it as `modr`.
pub(crate) async fn approved_proposal(
    app: &TestApp,
    author: &str,
    modr: &str,
    title: &str,
) -> Approved {
    let Proposed { id, .. } = propose(app, author, title).await;
    approved(app, modr, id, json!({})).await
}

/// Records a visit to `artwork` as `visitor` (one photo, `notes` if any), approved by `modr`.
pub(crate) async fn approved_visit(
    app: &TestApp,
    visitor: &str,
    modr: &str,
    artwork: &str,
    notes: Option<&str>,
) -> Approved {
    let mut form = Form::new()
        .text("lat", LAT.to_string())
        .text("lon", LON.to_string())
        .text("artworkId", artwork.to_owned());
    if let Some(notes) = notes {
        form = form.text("notes", notes.to_owned());
    }
    let form = form.part("photos", jpeg_part(phone(LAT, LON), "visit.jpg"));
    let (status, _, body) = post_multipart(app, "/api/logbook", visitor, form).await;
    assert_eq!(status, 201, "{body}");
    let visit = body["data"]["id"].as_str().unwrap().to_owned();
    approved(app, modr, visit, json!({})).await
}
