//! Fuzzing the HTTP surface end to end (docs/SECURITY.md, "Fuzzing"): one app, and generated
//! requests at every route of its own OpenAPI document (so a new route is covered the day it is
//! documented): hostile query strings and path segments for every route, hostile JSON (and
//! non-JSON) bodies for every route that takes one, as an anonymous caller, a garbage token, a
//! device, a signed-in person and an admin (a moderator too), so the parsers behind the guards
//! are reached. Then `POST /api/logbook` with broken multipart forms and hostile photos. Every
//! answer must be below 500, and every 4xx the error envelope. The budgets are fixed.

use crate::accounts::{anonymous_token, sign_in, signed_in};
use crate::harness::{import_artwork, vancouver_artwork, wait_projected, AppOptions, TestApp};
use futures::StreamExt;
use media::testing::{phone_jpeg, png_claiming, with_app1, with_claimed_size, PhoneJpeg};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use reqwest::Method;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Generated requests per documented operation (callers taken in turn).
const CASES_PER_ROUTE: usize = 48;
/// Requests in flight at once.
const IN_FLIGHT: usize = 4;
/// Generated `POST /api/logbook` requests.
const LOGBOOK_CASES: usize = 160;

const ADMIN: &str = "fuzz-admin@plinth.test";

fn runner() -> TestRunner {
    TestRunner::new(Config {
        failure_persistence: None,
        ..Config::default()
    })
}

/// One value of `strategy`, drawn with `runner`'s random source (no shrinking: a failure is
/// reported with the whole request, which reproduces it).
fn draw<S: Strategy>(runner: &mut TestRunner, strategy: S) -> S::Value {
    strategy
        .new_tree(runner)
        .expect("strategies here never reject")
        .current()
}

/// Text a parameter or field may be given.
fn hostile_text() -> BoxedStrategy<String> {
    prop_oneof![
        4 => "\\PC{0,30}",
        2 => "[-+ .,:0-9eEinfaNTZ]{0,24}",
        2 => prop::sample::select(vec![
            "", " ", "0", "-1", "1", "-0", "1.5", "NaN", "inf", "-inf", "1e309", "-1e309",
            "99999999999999999999", "-9223372036854775809", "18446744073709551616", "true",
            "false", "null", "[]", "{}", "0-0", "1-1", "-1-1", "9223372036854775807-1",
            "2026-01-31T12:00:00Z", "2026-13-45T99:99:99Z", "+275760-09-13T00:00:00Z",
            "49.28,-123.12", "91,0", "0,181", ",", "NaN,NaN", "%", "%zz", "%FF%FE", "%00",
            "'; DROP TABLE x; --", "\\", "\"", "*", "~", "AND OR NOT", "title:(", "\"unclosed",
            "a*", "?", "^", "+-", "00000000-0000-0000-0000-000000000000",
            "thumbnail", "original", "artwork", "artist", "moderator", "admin", "pending",
            "approved", "removed", "rejected", "new_artwork", "logbook", "mural",
        ])
        .prop_map(str::to_owned),
        1 => ("[a-z0-9 ]", 2_000..20_000usize).prop_map(|(s, n)| s.repeat(n)),
    ]
    .boxed()
}

/// `s` with every byte outside `[A-Za-z0-9_-]` percent-encoded: a query value or path segment
/// that means exactly `s`.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'_' || b == b'-' {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// A documented operation: method, path template, its query and path parameters, and the
/// shape of its JSON body if it takes one.
#[derive(Debug, Clone)]
struct Operation {
    method: Method,
    path: String,
    query: Vec<String>,
    headers: Vec<String>,
    body: Option<Shape>,
    multipart: bool,
}

/// What a JSON schema asks for, as far as generating values goes.
#[derive(Debug, Clone)]
enum Shape {
    Object(Vec<(String, Shape)>),
    Array(Box<Shape>),
    Enum(Vec<Value>),
    String,
    Integer,
    Number,
    Boolean,
    Any,
}

fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(r) => doc
            .pointer(r.trim_start_matches('#'))
            .map(|s| resolve(doc, s))
            .unwrap_or(&Value::Null),
        None => schema,
    }
}

fn shape(doc: &Value, schema: &Value, depth: usize) -> Shape {
    let schema = resolve(doc, schema);
    if depth > 6 {
        return Shape::Any;
    }
    for combinator in ["allOf", "oneOf", "anyOf"] {
        if let Some(Value::Array(parts)) = schema.get(combinator) {
            let mut fields = Vec::new();
            for part in parts {
                match shape(doc, part, depth + 1) {
                    Shape::Object(f) => fields.extend(f),
                    Shape::Any => {}
                    // One of several shapes, not an object: the first such.
                    other if combinator != "allOf" && fields.is_empty() => return other,
                    _ => {}
                }
            }
            return Shape::Object(fields);
        }
    }
    if let Some(Value::Array(values)) = schema.get("enum") {
        return Shape::Enum(values.clone());
    }
    let ty = match schema.get("type") {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or("null")
            .to_owned(),
        _ if schema.get("properties").is_some() => "object".into(),
        _ => String::new(),
    };
    match ty.as_str() {
        "object" => Shape::Object(
            schema
                .get("properties")
                .and_then(Value::as_object)
                .map(|props| {
                    props
                        .iter()
                        .map(|(k, v)| (k.clone(), shape(doc, v, depth + 1)))
                        .collect()
                })
                .unwrap_or_default(),
        ),
        "array" => Shape::Array(Box::new(
            schema
                .get("items")
                .map(|i| shape(doc, i, depth + 1))
                .unwrap_or(Shape::Any),
        )),
        "string" => Shape::String,
        "integer" => Shape::Integer,
        "number" => Shape::Number,
        "boolean" => Shape::Boolean,
        _ => Shape::Any,
    }
}

/// Every operation of the served OpenAPI document.
fn operations(doc: &Value) -> Vec<Operation> {
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (m, op) in item.as_object().expect("path item") {
            let method = match m.as_str() {
                "get" => Method::GET,
                "post" => Method::POST,
                "put" => Method::PUT,
                "patch" => Method::PATCH,
                "delete" => Method::DELETE,
                _ => continue,
            };
            let params: Vec<(String, String)> = op["parameters"]
                .as_array()
                .map(|ps| {
                    ps.iter()
                        .map(|p| {
                            let p = resolve(doc, p);
                            (
                                p["name"].as_str().unwrap_or_default().to_owned(),
                                p["in"].as_str().unwrap_or_default().to_owned(),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            let of = |place: &str| -> Vec<String> {
                params
                    .iter()
                    .filter(|(_, p)| p == place)
                    .map(|(n, _)| n.clone())
                    .collect()
            };
            let content = &resolve(doc, &op["requestBody"])["content"];
            ops.push(Operation {
                method,
                path: path.clone(),
                query: of("query"),
                headers: of("header"),
                body: content
                    .get("application/json")
                    .map(|c| shape(doc, &c["schema"], 0)),
                multipart: content.get("multipart/form-data").is_some(),
            });
        }
    }
    ops
}

/// A JSON value of any shape.
fn any_json() -> BoxedStrategy<Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        hostile_text().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,12}", inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
    .boxed()
}

/// A value of `shape`'s type but hostile content, or (with `wrong`) often of another type.
fn shaped(shape: &Shape, wrong: bool) -> BoxedStrategy<Value> {
    let right = match shape {
        Shape::Object(fields) => {
            let fields: Vec<(String, BoxedStrategy<Value>)> = fields
                .iter()
                .map(|(k, s)| (k.clone(), shaped(s, wrong)))
                .collect();
            let strategies: Vec<BoxedStrategy<Option<(String, Value)>>> = fields
                .into_iter()
                .map(|(k, s)| {
                    prop::option::weighted(0.8, s.prop_map(move |v| (k.clone(), v))).boxed()
                })
                .collect();
            strategies
                .prop_map(|kvs| Value::Object(kvs.into_iter().flatten().collect()))
                .boxed()
        }
        Shape::Array(item) => prop::collection::vec(shaped(item, wrong), 0..6)
            .prop_map(Value::Array)
            .boxed(),
        Shape::Enum(values) if !values.is_empty() => prop::sample::select(values.clone()).boxed(),
        Shape::Integer => prop_oneof![
            any::<i64>().prop_map(|n| json!(n)),
            (-3i64..100_000).prop_map(|n| json!(n)),
            Just(json!(u64::MAX)),
            Just(json!(1.5)),
        ]
        .boxed(),
        Shape::Number => prop_oneof![
            any::<f64>().prop_map(|f| json!(f)),
            (-200.0..200.0f64).prop_map(|f| json!(f)),
            Just(json!(1e308)),
        ]
        .boxed(),
        Shape::Boolean => any::<bool>().prop_map(Value::Bool).boxed(),
        Shape::String | Shape::Enum(_) => prop_oneof![
            hostile_text().prop_map(Value::String),
            Just(json!(uuid::Uuid::new_v4().to_string())),
            Just(json!("someone@example.org")),
        ]
        .boxed(),
        Shape::Any => any_json(),
    };
    if wrong {
        prop_oneof![2 => right, 1 => any_json()].boxed()
    } else {
        right
    }
}

/// A request body and its content type (none: no header).
#[derive(Debug, Clone)]
struct Body {
    bytes: Vec<u8>,
    content_type: Option<&'static str>,
}

fn body_strategy(shape: &Shape) -> BoxedStrategy<Body> {
    let json = |v: &Value| serde_json::to_vec(v).unwrap_or_default();
    let as_json = move |bytes: Vec<u8>| Body {
        bytes,
        content_type: Some("application/json"),
    };
    prop_oneof![
        3 => shaped(shape, false).prop_map(move |v| as_json(json(&v))),
        3 => shaped(shape, true).prop_map(move |v| as_json(json(&v))),
        2 => any_json().prop_map(move |v| as_json(json(&v))),
        1 => prop::collection::vec(any::<u8>(), 0..512).prop_map(as_json),
        1 => (1usize..3_000, prop::bool::ANY).prop_map(move |(n, arrays)| {
            let (open, close) = if arrays { ("[", "]") } else { ("{\"a\":", "}") };
            as_json(format!("{}1{}", open.repeat(n), close.repeat(n)).into_bytes())
        }),
        1 => (shaped(shape, false), prop::sample::select(vec![
            None, Some("text/plain"), Some("application/x-www-form-urlencoded"),
            Some("application/json; charset=latin1"), Some("multipart/form-data"),
        ]))
        .prop_map(move |(v, content_type)| Body { bytes: json(&v), content_type }),
        1 => Just(as_json(Vec::new())),
    ]
    .boxed()
}

/// Ids a path may name: real ones (so handlers get past "not found") and any others.
struct Ids {
    real: Vec<String>,
}

fn path_value(runner: &mut TestRunner, ids: &Ids, name: &str) -> String {
    let known: Vec<String> = match name {
        "size" => ["thumbnail", "medium", "large", "original"]
            .map(String::from)
            .to_vec(),
        "key" => vec![uuid::Uuid::new_v4().simple().to_string()],
        "name" => ["artworks", "accounts", "no-such-projector"]
            .map(String::from)
            .to_vec(),
        "type" => ["artwork", "artist", "submission", "account", "list"]
            .map(String::from)
            .to_vec(),
        _ => {
            let mut ids = ids.real.clone();
            ids.push(uuid::Uuid::new_v4().to_string());
            ids
        }
    };
    let raw = if draw(runner, prop::bool::weighted(0.6)) {
        let i = draw(runner, 0..known.len());
        known[i].clone()
    } else {
        draw(runner, hostile_text())
    };
    let mut encoded = encode(&raw);
    // Within the client's URI limit; an empty segment would be another path.
    encoded.truncate(16 * 1024);
    while encoded.ends_with('%')
        || encoded.as_bytes().get(encoded.len().wrapping_sub(2)) == Some(&b'%')
    {
        encoded.pop();
    }
    if encoded.is_empty() {
        "x".into()
    } else {
        encoded
    }
}

fn query_string(runner: &mut TestRunner, names: &[String]) -> String {
    let mut names: Vec<String> = names.to_vec();
    names.extend(["page", "limit", "x", "as_of", "q"].map(String::from));
    let count = draw(runner, 0..6usize);
    let mut pairs = Vec::new();
    for _ in 0..count {
        let name = if draw(runner, prop::bool::weighted(0.85)) {
            let i = draw(runner, 0..names.len());
            names[i].clone()
        } else {
            draw(runner, "\\PC{0,10}")
        };
        let value = draw(runner, hostile_text());
        // Mostly encoded; sometimes raw, so stray `%`, `&`, `=` and `+` arrive as they are.
        let pair = if draw(runner, prop::bool::weighted(0.8)) {
            format!("{}={}", encode(&name), encode(&value))
        } else {
            format!("{name}={value}")
        };
        // Long enough to be hostile, short enough for the `http` crate's URI limit (client side).
        if pairs.iter().map(String::len).sum::<usize>() + pair.len() > 16 * 1024 {
            break;
        }
        pairs.push(pair);
    }
    pairs.join("&")
}

/// The callers requests are sent as.
struct Callers {
    device: String,
    person: String,
    admin: String,
}

impl Callers {
    /// The `i`-th caller in turn: none, a garbage token, a device, a person, an admin (twice:
    /// most guarded routes are moderators' and admins').
    fn token(&self, runner: &mut TestRunner, i: usize) -> (Option<String>, &'static str) {
        match i % 6 {
            0 => (None, "anonymous"),
            1 => (Some(draw(runner, "[!-~]{0,80}")), "garbage token"),
            2 => (Some(self.device.clone()), "device"),
            3 => (Some(self.person.clone()), "person"),
            _ => (Some(self.admin.clone()), "admin"),
        }
    }
}

struct Case {
    method: Method,
    url: String,
    token: Option<String>,
    caller: &'static str,
    headers: Vec<(String, String)>,
    body: Option<Body>,
}

impl Case {
    fn describe(&self) -> String {
        let body = self.body.as_ref().map(|b| {
            let text = String::from_utf8_lossy(&b.bytes);
            let cut: String = text.chars().take(300).collect();
            format!(" [{:?}] {cut}", b.content_type)
        });
        format!(
            "{} {} as {} {:?}{}",
            self.method,
            self.url.chars().take(400).collect::<String>(),
            self.caller,
            self.headers,
            body.unwrap_or_default()
        )
    }
}

/// Sends `case`; `Err` says what was wrong with the answer.
async fn send(client: &reqwest::Client, case: &Case) -> Result<u16, String> {
    let mut req = client.request(case.method.clone(), &case.url);
    if let Some(t) = &case.token {
        req = req.header("X-User-Token", t);
    }
    for (k, v) in &case.headers {
        req = req.header(k, v);
    }
    if let Some(b) = &case.body {
        if let Some(ct) = b.content_type {
            req = req.header("content-type", ct);
        }
        req = req.body(b.bytes.clone());
    }
    let resp = req
        .send()
        .await
        .map_err(|e| format!("no answer ({e}): {}", case.describe()))?;
    let status = resp.status().as_u16();
    let body = resp.bytes().await.unwrap_or_default();
    check_answer(status, &body).map_err(|why| format!("{why}: {}", case.describe()))?;
    Ok(status)
}

/// Below 500, and a 4xx is the envelope `{success: false, error, message}`.
fn check_answer(status: u16, body: &[u8]) -> Result<(), String> {
    if status >= 500 {
        return Err(format!(
            "{status} {}",
            String::from_utf8_lossy(&body[..body.len().min(300)])
        ));
    }
    if status >= 400 {
        let v: Value = serde_json::from_slice(body).map_err(|_| {
            format!(
                "{status} without the error envelope: {:?}",
                String::from_utf8_lossy(&body[..body.len().min(200)])
            )
        })?;
        let ok = v["success"] == false && v["error"].is_string() && v["message"].is_string();
        if !ok {
            return Err(format!("{status} with another body: {v}"));
        }
    }
    Ok(())
}

/// Routes whose success changes what later cases see (sessions ended, read models rebuilt,
/// lists deleted) run last.
fn disruptive(op: &Operation) -> u8 {
    if op.path == "/api/auth/logout" {
        3
    } else if op.path.starts_with("/api/admin/replay") || op.path.ends_with("/restart") {
        2
    } else if op.method == Method::DELETE {
        1
    } else {
        0
    }
}

/// Seeds what ids can name: an approved artwork, a person's pending proposal and list.
async fn seed(app: &TestApp, person: &str) -> Ids {
    let commands = command_api::Commands::new(app.db.pool.clone());
    let record = vancouver_artwork("fuzz-1", "Fuzzed Fountain", &[]);
    let artwork = record.id.to_string();
    import_artwork(&commands, record).await;
    let proposal = crate::submissions::propose(app, person, "Fuzz Mural")
        .await
        .id;
    let (_, _, list) = app
        .post_as(
            person,
            "/api/lists",
            json!({ "name": "Fuzz walk", "public": true }),
        )
        .await;
    let mut real = vec![artwork];
    real.push(proposal);
    if let Some(id) = list["data"]["id"].as_str() {
        real.push(id.to_owned());
    }
    wait_projected(&app.db.pool).await;
    Ids { real }
}

async fn callers(app: &TestApp) -> Callers {
    let device = anonymous_token(app).await;
    let person_device = anonymous_token(app).await;
    let (person, _, _) = sign_in(app, "fuzz-person@example.org", &person_device, 1).await;
    let admin_device = anonymous_token(app).await;
    let (admin, _, _) = sign_in(app, ADMIN, &admin_device, 1).await;
    Callers {
        device,
        person,
        admin,
    }
}

#[tokio::test]
async fn no_generated_request_to_any_route_gets_a_5xx_or_a_bare_4xx() {
    let app = TestApp::spawn_with(AppOptions {
        admin_emails: vec![ADMIN.to_owned()],
    })
    .await;
    let callers = callers(&app).await;
    let ids = seed(&app, &callers.person).await;
    let (_, _, doc) = app.get("/api/openapi.json").await;
    let mut ops = operations(&doc);
    assert!(
        ops.len() > 50,
        "the document lists {} operations",
        ops.len()
    );
    ops.sort_by_key(disruptive);

    let mut runner = runner();
    let mut failures = Vec::new();
    let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
    let (mut queries, mut bodies) = (0usize, 0usize);
    let started = std::time::Instant::now();
    for op in ops.iter().filter(|op| !op.multipart) {
        let mut cases = Vec::with_capacity(CASES_PER_ROUTE);
        for i in 0..CASES_PER_ROUTE {
            let mut path = String::new();
            for segment in op.path.split('/').skip(1) {
                path.push('/');
                match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                    Some(name) => path.push_str(&path_value(&mut runner, &ids, name)),
                    None => path.push_str(segment),
                }
            }
            let query = query_string(&mut runner, &op.query);
            let (token, caller) = callers.token(&mut runner, i);
            let mut headers = Vec::new();
            if draw(&mut runner, prop::bool::weighted(0.2)) {
                let value = draw(&mut runner, "[0-9]{0,3}-[0-9]{0,3}|[ -~]{0,20}");
                headers.push(("X-Min-Position".to_owned(), value));
            }
            if op.headers.iter().any(|h| h == "Idempotency-Key") {
                headers.push(("Idempotency-Key".into(), draw(&mut runner, "[!-~]{0,300}")));
            }
            let body = op
                .body
                .as_ref()
                .map(|shape| draw(&mut runner, body_strategy(shape)));
            if body.is_some() {
                bodies += 1;
            } else {
                queries += 1;
            }
            cases.push(Case {
                method: op.method.clone(),
                url: format!("{}{path}?{query}", app.base),
                token,
                caller,
                headers,
                body,
            });
        }
        let results: Vec<Result<u16, String>> = futures::stream::iter(cases.iter())
            .map(|c| send(&app.client, c))
            .buffer_unordered(IN_FLIGHT)
            .collect()
            .await;
        for r in results {
            match r {
                Ok(status) => *statuses.entry(status).or_default() += 1,
                Err(e) => failures.push(e),
            }
        }
    }
    // Edge bodies every body route gets once, as the admin: too large, too deep, not UTF-8.
    let edges: Vec<(&str, Vec<u8>)> = vec![
        ("3 MB string", {
            let mut b = b"{\"name\":\"".to_vec();
            b.extend(std::iter::repeat_n(b'x', 3 * 1024 * 1024));
            b.extend_from_slice(b"\"}");
            b
        }),
        ("nesting 100000 deep", {
            let mut b = vec![b'['; 100_000];
            b.extend(vec![b']'; 100_000]);
            b
        }),
        ("invalid UTF-8", b"{\"name\":\"\xff\xfe\xc3\"}".to_vec()),
    ];
    for op in ops.iter().filter(|op| op.body.is_some()) {
        for (what, bytes) in &edges {
            let path = op
                .path
                .split('/')
                .map(|s| {
                    if s.starts_with('{') {
                        ids.real[0].clone()
                    } else {
                        s.to_owned()
                    }
                })
                .collect::<Vec<_>>()
                .join("/");
            let case = Case {
                method: op.method.clone(),
                url: format!("{}{path}", app.base),
                token: Some(callers.admin.clone()),
                caller: "admin",
                headers: vec![],
                body: Some(Body {
                    bytes: bytes.clone(),
                    content_type: Some("application/json"),
                }),
            };
            bodies += 1;
            match send(&app.client, &case).await {
                Ok(status) => *statuses.entry(status).or_default() += 1,
                Err(e) => failures.push(format!("{what}: {e}")),
            }
        }
    }
    println!(
        "fuzzed {} operations: {queries} query/path cases, {bodies} body cases in {:.1} s; statuses {statuses:?}",
        ops.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} of {} requests failed:\n{}",
        failures.len(),
        queries + bodies,
        failures
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    app.stop().await;
}

/// A photo an upload may carry.
fn photo_strategy(valid: Vec<u8>) -> BoxedStrategy<Vec<u8>> {
    let v1 = valid.clone();
    let v2 = valid.clone();
    let v3 = valid.clone();
    prop_oneof![
        2 => Just(valid),
        2 => prop::collection::vec(any::<u8>(), 0..4096),
        1 => (any::<u16>(), any::<u16>())
            .prop_map(move |(w, h)| with_claimed_size(v1.clone(), w.max(1), h.max(1))),
        1 => (1u32..=u32::MAX / 2, 1u32..=u32::MAX / 2).prop_map(|(w, h)| png_claiming(w, h)),
        2 => prop::collection::vec(any::<u8>(), 0..2000)
            .prop_map(move |garbage| with_app1(&v2, b"Exif\0\0", &garbage)),
        2 => (0.0..1.0f64).prop_map(move |f| v3[..(v3.len() as f64 * f) as usize].to_vec()),
    ]
    .boxed()
}

/// One part of a generated form.
#[derive(Debug, Clone)]
struct Part {
    name: String,
    file_name: Option<String>,
    content_type: Option<String>,
    bytes: Vec<u8>,
}

fn text_part() -> BoxedStrategy<Part> {
    (
        prop::sample::select(vec![
            "lat",
            "lon",
            "type",
            "artworkId",
            "notes",
            "condition",
            "title",
            "artwork_type",
            "description",
            "tags",
            "artists",
            "photos",
            "unknown",
            "",
        ]),
        prop_oneof![
            hostile_text().prop_map(String::into_bytes),
            prop::collection::vec(any::<u8>(), 0..64),
            Just(b"{\"material\":\"bronze\"".to_vec()),
            Just(b"[\"A\",1,null,{}]".to_vec()),
        ],
    )
        .prop_map(|(name, bytes)| Part {
            name: name.to_owned(),
            file_name: None,
            content_type: None,
            bytes,
        })
        .boxed()
}

fn photo_part(valid: Vec<u8>) -> BoxedStrategy<Part> {
    (
        prop::sample::select(vec!["photos", "photos[]", "photo"]),
        prop::option::of("\\PC{0,40}"),
        prop::option::of(prop::sample::select(vec![
            "image/jpeg",
            "image/png",
            "text/html",
            "application/octet-stream",
            "image/svg+xml",
            "multipart/mixed; boundary=x",
            "\u{7f}",
        ])),
        photo_strategy(valid),
    )
        .prop_map(|(name, file_name, content_type, bytes)| Part {
            name: name.to_owned(),
            file_name,
            content_type: content_type.map(str::to_owned),
            bytes,
        })
        .boxed()
}

/// The raw multipart body of `parts` with `boundary`.
fn multipart_body(parts: &[Part], boundary: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for p in parts {
        out.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        let name = p.name.replace(['"', '\r', '\n'], "");
        let mut disposition = format!("Content-Disposition: form-data; name=\"{name}\"");
        if let Some(f) = &p.file_name {
            disposition.push_str(&format!(
                "; filename=\"{}\"",
                f.replace(['"', '\r', '\n'], "")
            ));
        }
        out.extend_from_slice(disposition.as_bytes());
        out.extend_from_slice(b"\r\n");
        if let Some(ct) = &p.content_type {
            out.extend_from_slice(format!("Content-Type: {ct}\r\n").as_bytes());
        }
        out.extend_from_slice(b"\r\n");
        out.extend_from_slice(&p.bytes);
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    out
}

/// How a generated form is sent: whole, cut short, with another boundary than it declares, or
/// declared as something other than a form.
#[derive(Debug, Clone)]
enum Framing {
    Whole,
    Truncated(f64),
    WrongBoundary,
    NoBoundary,
    ContentType(&'static str),
}

#[tokio::test]
async fn no_generated_logbook_upload_gets_a_5xx_or_a_bare_4xx() {
    let app = TestApp::spawn().await;
    let person = signed_in(&app, "fuzz-uploader@example.org").await;
    let valid = phone_jpeg(&PhoneJpeg::new(64, 48, 49.29, -123.13));
    let form = (
        prop::collection::vec(text_part(), 0..4),
        prop::collection::vec(photo_part(valid), 0..4),
        prop_oneof![
            4 => Just(Framing::Whole),
            2 => (0.0..1.0f64).prop_map(Framing::Truncated),
            1 => Just(Framing::WrongBoundary),
            1 => Just(Framing::NoBoundary),
            1 => prop::sample::select(vec!["application/json", "text/plain", "image/jpeg"])
                .prop_map(Framing::ContentType),
        ],
        // Signed in a quarter of the time: the person's hourly share (30) is not spent early.
        prop::bool::weighted(0.25),
        // Half the forms start with valid fields, so later parts reach the photo checks.
        prop::bool::ANY,
    );
    let mut runner = runner();
    let mut failures = Vec::new();
    let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
    let started = std::time::Instant::now();
    let mut client = app.client.clone();
    for i in 0..LOGBOOK_CASES + 3 {
        // The submission limits count per client address: a new loopback address every 40
        // posts keeps the cases reaching the form instead of the 429.
        if i % 40 == 0 {
            let local =
                std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 1, (i / 40) as u8 + 1));
            client = reqwest::Client::builder()
                .local_address(local)
                .build()
                .unwrap();
        }
        let (hostile, photos, framing, signed_in, valid_first) = draw(&mut runner, &form);
        let mut parts = Vec::new();
        if valid_first {
            for (name, value) in [("lat", "49.29"), ("lon", "-123.13"), ("title", "Fuzz")] {
                parts.push(Part {
                    name: name.into(),
                    file_name: None,
                    content_type: None,
                    bytes: value.as_bytes().to_vec(),
                });
            }
        }
        parts.extend(hostile);
        parts.extend(photos);
        let (body, content_type, what) = match i {
            // One photo over the size limit, one text field over its limit.
            LOGBOOK_CASES => {
                let big = Part {
                    name: "photos".into(),
                    file_name: Some("big.jpg".into()),
                    content_type: Some("image/jpeg".into()),
                    bytes: vec![0xFF; domain::photo::MAX_PHOTO_BYTES + 1],
                };
                (
                    multipart_body(&[big], "b0undary"),
                    "multipart/form-data; boundary=b0undary".to_owned(),
                    "a photo over the limit".to_owned(),
                )
            }
            // Regression (issue 27): a form without a boundary was axum's bare-text 400.
            n if n == LOGBOOK_CASES + 2 => (
                b"lat=49.29&lon=-123.13".to_vec(),
                "multipart/form-data".to_owned(),
                "a form without a boundary".to_owned(),
            ),
            n if n == LOGBOOK_CASES + 1 => {
                let long = Part {
                    name: "notes".into(),
                    file_name: None,
                    content_type: None,
                    bytes: vec![b'n'; 1024 * 1024],
                };
                (
                    multipart_body(&[long], "b0undary"),
                    "multipart/form-data; boundary=b0undary".to_owned(),
                    "a text field over the limit".to_owned(),
                )
            }
            _ => {
                let boundary = "fuzzb0undary";
                let mut body = multipart_body(&parts, boundary);
                let content_type = match framing {
                    Framing::Truncated(f) => {
                        body.truncate((body.len() as f64 * f) as usize);
                        format!("multipart/form-data; boundary={boundary}")
                    }
                    Framing::WrongBoundary => "multipart/form-data; boundary=other".to_owned(),
                    Framing::NoBoundary => "multipart/form-data".to_owned(),
                    Framing::ContentType(ct) => ct.to_owned(),
                    Framing::Whole => format!("multipart/form-data; boundary={boundary}"),
                };
                let what = format!(
                    "{framing:?}, parts {:?}",
                    parts
                        .iter()
                        .map(|p| (
                            p.name.clone(),
                            p.content_type.clone(),
                            p.bytes.len(),
                            String::from_utf8_lossy(&p.bytes[..p.bytes.len().min(40)]).into_owned()
                        ))
                        .collect::<Vec<_>>()
                );
                (body, content_type, what)
            }
        };
        let mut req = client
            .post(format!("{}/api/logbook", app.base))
            .header("content-type", content_type)
            .body(body);
        if signed_in {
            req = req.header("X-User-Token", &person);
        }
        let resp = match req.send().await {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("no answer ({e}): {what}"));
                continue;
            }
        };
        let status = resp.status().as_u16();
        let bytes = resp.bytes().await.unwrap_or_default();
        match check_answer(status, &bytes) {
            Ok(()) => *statuses.entry(status).or_default() += 1,
            Err(why) => failures.push(format!("{why}: {what}")),
        }
    }
    println!(
        "fuzzed POST /api/logbook: {} cases in {:.1} s; statuses {statuses:?}",
        LOGBOOK_CASES + 3,
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} uploads failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    app.stop().await;
}
