//! Issue 27's availability controls, end to end: a walking tour of a full list runs off the
//! runtime (the process keeps answering while four are worked out), list writes and preference
//! changes are rate-limited per identity and per client, an identity has at most 100 lists even
//! when it creates them all at once, and the streams that grow by toggling are snapshotted.

use crate::accounts::{anonymous_token, signed_in, signed_up};
use crate::fixtures::{sql_scalar, sql_value, strs};
use crate::harness::{wait_projected, TestApp};
use command_api::commands::SNAPSHOT_EVERY;
use command_api::lists::{MAX_LISTS_PER_IDENTITY, WRITES};
use domain::{ActorId, ArtworkId, EventMetadata, EventSource, ListCommand, ListEvent, ListKind};
use reqwest::Method;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use uuid::Uuid;

/// A request as `token`: status, `Retry-After` (when given) and body.
async fn write(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> (u16, Option<u64>, Value) {
    let (status, headers, body) = app.send(method, path, Some(token), body).await;
    let retry_after = headers
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
    (status, retry_after, body)
}

/// Asserts a refusal is a 429 that says when to come back (within the hour's window).
fn assert_rate_limited(answer: &(u16, Option<u64>, Value)) {
    let (status, retry_after, body) = answer;
    assert_eq!(*status, 429, "{body}");
    assert_eq!(body["error"], "RATE_LIMITED", "{body}");
    let secs = retry_after.expect("a 429 says when to come back");
    assert!((1..=3600).contains(&secs), "Retry-After: {secs}");
}

/// Imports one public artwork; answers its id.
async fn artwork(app: &TestApp, source_id: &str) -> String {
    let commands = command_api::Commands::new(app.db.pool.clone());
    let record = crate::harness::vancouver_artwork(source_id, "Throttle test", &[]);
    let id = record.id.to_string();
    crate::harness::import_artwork(&commands, record).await;
    wait_projected(&app.db.pool).await;
    id
}

async fn create_list(app: &TestApp, token: &str, name: &str) -> (u16, Option<u64>, Value) {
    write(
        app,
        Method::POST,
        "/api/lists",
        token,
        Some(json!({ "name": name })),
    )
    .await
}

#[tokio::test]
async fn list_writes_beyond_the_identitys_and_the_clients_hourly_budget_are_refused_with_429() {
    let app = TestApp::spawn().await;
    let art = artwork(&app, "throttle-1").await;
    let first = anonymous_token(&app).await;
    let (status, _, body) = create_list(&app, &first, "Mine").await;
    assert_eq!(status, 201, "{body}");
    let list = body["data"]["id"].as_str().unwrap().to_owned();

    // When one identity sends every kind of list write at once, 150 of them after its first.
    let mut tasks = Vec::new();
    for n in 0..150 {
        let app_base = (app.client.clone(), app.base.clone());
        let (token, list, art) = (first.clone(), list.clone(), art.clone());
        tasks.push(tokio::spawn(async move {
            let (client, base) = app_base;
            let (method, path, body) = match n % 5 {
                0 => (
                    Method::POST,
                    "/api/lists".to_owned(),
                    json!({"name": format!("L{n}")}),
                ),
                1 => (
                    Method::POST,
                    format!("/api/lists/{list}/items"),
                    json!({"artwork_id": art}),
                ),
                2 => (
                    Method::DELETE,
                    format!("/api/lists/{list}/items"),
                    json!({"artwork_ids": [art]}),
                ),
                3 => (
                    Method::PATCH,
                    format!("/api/lists/{list}"),
                    json!({"public": n % 2 == 0}),
                ),
                _ => (
                    Method::DELETE,
                    format!("/api/lists/{}", Uuid::now_v7()),
                    json!(null),
                ),
            };
            let mut req = client
                .request(method, format!("{base}{path}"))
                .header("X-User-Token", &token);
            if !body.is_null() {
                req = req.json(&body);
            }
            let resp = req.send().await.unwrap();
            let status = resp.status().as_u16();
            let retry_after = resp
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
            (
                status,
                retry_after,
                resp.json::<Value>().await.unwrap_or(Value::Null),
            )
        }));
    }
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.unwrap());
    }

    // Then exactly the budget's share is judged (whatever the answer), the rest are told 429.
    let limited: Vec<_> = answers.iter().filter(|a| a.0 == 429).collect();
    let judged = answers.len() - limited.len();
    assert_eq!(judged as i64, WRITES.per_identity.max - 1, "{answers:?}");
    for a in &limited {
        assert_rate_limited(a);
    }
    assert!(
        answers.iter().all(|a| a.0 != 500),
        "a write failed: {answers:?}"
    );
    let (status, _, _) = create_list(&app, &first, "One more").await;
    assert_eq!(status, 429);

    // And the client's budget holds across identities: a second identity spends its own budget
    // (the client's count goes on), a third gets only what the client has left.
    let second = anonymous_token(&app).await;
    let (status, _, body) = create_list(&app, &second, "Theirs").await;
    assert_eq!(status, 201, "{body}");
    let theirs = body["data"]["id"].as_str().unwrap().to_owned();
    for n in 1..WRITES.per_identity.max {
        let (status, _, body) = write(
            &app,
            Method::PATCH,
            &format!("/api/lists/{theirs}"),
            &second,
            Some(json!({"public": n % 2 == 1})),
        )
        .await;
        assert_eq!(status, 200, "write {n}: {body}");
    }
    let third = anonymous_token(&app).await;
    let left = WRITES.per_client.max - 2 * WRITES.per_identity.max;
    for n in 0..left {
        let (status, _, body) = create_list(&app, &third, &format!("T{n}")).await;
        assert_eq!(status, 201, "write {n}: {body}");
    }
    assert_rate_limited(&create_list(&app, &third, "Over the client's budget").await);
    app.stop().await;
}

#[tokio::test]
async fn an_identity_creating_150_lists_at_once_ends_with_exactly_100() {
    let app = TestApp::spawn().await;
    let token = anonymous_token(&app).await;

    let mut tasks = Vec::new();
    for n in 0..150 {
        let (client, base, token) = (app.client.clone(), app.base.clone(), token.clone());
        tasks.push(tokio::spawn(async move {
            let resp = client
                .post(format!("{base}/api/lists"))
                .header("X-User-Token", &token)
                .json(&json!({ "name": format!("List {n}") }))
                .send()
                .await
                .unwrap();
            let status = resp.status().as_u16();
            (status, resp.json::<Value>().await.unwrap_or(Value::Null))
        }));
    }
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.unwrap());
    }
    let count = |s: u16| answers.iter().filter(|a| a.0 == s).count() as i64;
    let odd: Vec<_> = answers
        .iter()
        .filter(|a| ![201, 409, 429].contains(&a.0))
        .collect();
    assert!(odd.is_empty(), "{odd:?}");
    // 120 were within the hour's budget; of those, 100 made a list and 20 were told why not.
    assert_eq!(count(201), MAX_LISTS_PER_IDENTITY, "{answers:?}");
    assert_eq!(count(409), WRITES.per_identity.max - MAX_LISTS_PER_IDENTITY);
    assert_eq!(count(429), 150 - WRITES.per_identity.max);
    let refused = answers.iter().find(|a| a.0 == 409).unwrap();
    assert_eq!(
        refused.1["message"],
        "You have 100 lists; delete one to make another"
    );
    let sql = "SELECT count(*) FROM es.events WHERE aggregate_type = 'list' AND event_type = 'ListCreated'";
    let created: i64 = sql_scalar(&app, sql).await;
    assert_eq!(created, MAX_LISTS_PER_IDENTITY);
    app.stop().await;
}

#[tokio::test]
async fn a_deleted_list_makes_room_for_another_and_system_lists_do_not_count() {
    let app = TestApp::spawn().await;
    let art = artwork(&app, "throttle-2").await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    let token = anonymous_token(&app).await;
    // The identity behind the token, from a list it makes.
    let (status, _, body) = create_list(&app, &token, "First").await;
    assert_eq!(status, 201, "{body}");
    let first = body["data"]["id"].as_str().unwrap().to_owned();
    let (list, _) = commands.state::<domain::List>(&first).await.unwrap();
    let owner = list.owner.unwrap();
    // Given 99 more, made without the API (its hourly budget is not what this is about).
    let md = EventMetadata::system(EventSource::Synthetic, Uuid::now_v7());
    for n in 1..MAX_LISTS_PER_IDENTITY {
        let command = ListCommand::Create {
            owner,
            name: domain::ListName::parse(&format!("L{n}")).unwrap(),
            public: false,
        };
        commands
            .execute::<domain::List>(&Uuid::now_v7().to_string(), command, &md)
            .await
            .unwrap();
    }
    // A saved artwork's system list is not one of them.
    let loved = domain::ListId::system(owner, ListKind::Loved).0;
    let (status, _, body) = write(
        &app,
        Method::POST,
        &format!("/api/lists/{loved}/items"),
        &token,
        Some(json!({"artwork_id": art})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, _, body) = create_list(&app, &token, "One too many").await;
    assert_eq!((status, body["error"].as_str()), (409, Some("CONFLICT")));
    // Deleting one makes room.
    let (status, _, body) = write(
        &app,
        Method::DELETE,
        &format!("/api/lists/{first}"),
        &token,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, _, body) = create_list(&app, &token, "Room again").await;
    assert_eq!(status, 201, "{body}");
    app.stop().await;
}

/// A write of one's own account: method, path, hourly limit, and its `n`-th body.
type AccountWrite = (Method, &'static str, i64, fn(i64) -> Value);

/// An account's own writes beyond its hourly budget are refused: preferences and profile names.
#[tokio::test]
async fn account_writes_beyond_the_accounts_hourly_budget_are_refused_with_429() {
    let app = TestApp::spawn().await;
    let session = signed_in(&app, "prefs-throttle@example.com").await;
    let writes: [AccountWrite; 2] = [
        (
            Method::PUT,
            "/api/me/preferences",
            command_api::accounts::PREFERENCES.per_identity.max,
            |n| json!({ "map_radius_km": n }),
        ),
        (
            Method::PATCH,
            "/api/me/profile",
            command_api::accounts::PROFILE_NAMES.per_identity.max,
            |n| json!({ "profile_name": format!("walker-{n}") }),
        ),
    ];
    for (method, path, limit, body) in writes {
        for n in 0..limit {
            let (status, _, answer) =
                write(&app, method.clone(), path, &session, Some(body(n))).await;
            assert_eq!(status, 200, "{path} change {n}: {answer}");
        }
        let over = write(&app, method, path, &session, Some(body(limit))).await;
        assert_rate_limited(&over);
    }
    app.stop().await;
}

/// The snapshot of aggregate `id` of type `kind`: (last sequence, snapshot number, payload).
async fn snapshot(app: &TestApp, kind: &str, id: &str) -> Option<(i64, i64, Value)> {
    sqlx::query_as(
        "SELECT last_sequence, current_snapshot, payload FROM es.snapshots
          WHERE aggregate_type = $1 AND aggregate_id = $2",
    )
    .bind(kind)
    .bind(id)
    .fetch_optional(&app.db.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn toggling_streams_are_loaded_from_a_snapshot_taken_every_100_events() {
    let app = TestApp::spawn().await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    let md = EventMetadata::system(EventSource::Synthetic, Uuid::now_v7());
    let owner = ActorId(Uuid::now_v7());
    let id = Uuid::now_v7().to_string();
    let art = ArtworkId(Uuid::now_v7());
    let create = ListCommand::Create {
        owner,
        name: domain::ListName::parse("Toggled").unwrap(),
        public: false,
    };
    commands
        .execute::<domain::List>(&id, create, &md)
        .await
        .unwrap();
    // 1 + 2 × 105 events: added, removed, added …
    for _ in 0..(SNAPSHOT_EVERY + 5) {
        let add = ListCommand::AddItem {
            identities: vec![owner],
            artwork_id: art,
            system: None,
        };
        commands
            .execute::<domain::List>(&id, add, &md)
            .await
            .unwrap();
        let remove = ListCommand::RemoveItems {
            identities: vec![owner],
            artwork_ids: vec![art],
        };
        commands
            .execute::<domain::List>(&id, remove, &md)
            .await
            .unwrap();
    }
    let (last, number, payload) = snapshot(&app, "list", &id).await.expect("a snapshot");
    assert_eq!((last, number), (2 * SNAPSHOT_EVERY as i64, 2));
    // The snapshot is the list as of that event (an even count: 1 created + adds and removes
    // in pairs, so the artwork was just added), and loading it with the events after gives the
    // whole stream's state.
    assert_eq!(payload["items"], json!([art.0]));
    let (state, sequence) = commands.state::<domain::List>(&id).await.unwrap();
    assert_eq!(sequence, 1 + 2 * (SNAPSHOT_EVERY as i64 + 5));
    assert!(state.items.is_empty());
    assert_eq!(state.owner, Some(owner));
    let events: Vec<String> = sqlx::query_scalar(
        "SELECT event_type FROM es.events WHERE aggregate_type = 'list' AND aggregate_id = $1
          ORDER BY sequence DESC LIMIT 1",
    )
    .bind(&id)
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(events, ["ItemsRemoved"]);

    // An account's preferences likewise.
    let (_, data, _) = signed_up(&app, "snapshots@example.com").await;
    let account = data["user"]["uuid"].as_str().unwrap().to_owned();
    let sql = "SELECT max(sequence) FROM es.events WHERE aggregate_type = 'account' AND aggregate_id = $1";
    let before: i64 = sql_value(&app, sql, &account).await;
    for n in 0..SNAPSHOT_EVERY {
        let preferences =
            serde_json::from_value(json!({ "theme": if n % 2 == 0 { "dark" } else { "light" } }))
                .unwrap();
        commands
            .execute::<domain::Account>(
                &account,
                domain::AccountCommand::SetPreferences { preferences },
                &md,
            )
            .await
            .unwrap();
    }
    let (last, _, payload) = snapshot(&app, "account", &account)
        .await
        .expect("a snapshot");
    assert_eq!(last, SNAPSHOT_EVERY as i64, "{before} events before");
    assert!(payload["preferences"].is_object(), "{payload}");
    app.stop().await;
}

/// Writes a public list of `stops` artworks as its events would be written (one statement,
/// rows as cqrs-es writes them): building it through the API would take 1,000 requests.
async fn full_list(app: &TestApp, stops: &[String]) -> String {
    let id = Uuid::now_v7().to_string();
    let md = EventMetadata::system(EventSource::Synthetic, Uuid::now_v7());
    let meta = serde_json::to_value(md.to_map()).unwrap();
    let mut events = vec![ListEvent::ListCreated {
        owner: ActorId(Uuid::now_v7()),
        kind: ListKind::Custom,
        name: domain::ListName::parse("Everything").unwrap(),
        public: true,
    }];
    events.extend(stops.iter().map(|a| ListEvent::ItemAdded {
        artwork_id: ArtworkId(a.parse().unwrap()),
    }));
    let types: Vec<&str> = events
        .iter()
        .map(|e| match e {
            ListEvent::ListCreated { .. } => "ListCreated",
            _ => "ItemAdded",
        })
        .collect();
    let payloads: Vec<Value> = events
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    let sequences: Vec<i64> = (1..=events.len() as i64).collect();
    sqlx::query(
        "INSERT INTO es.events (aggregate_type, aggregate_id, sequence, event_type, event_version,
                                payload, metadata)
         SELECT 'list', $1, u.seq, u.event_type, '1', u.payload, $4
           FROM UNNEST($2::bigint[], $3::text[], $5::jsonb[]) AS u(seq, event_type, payload)",
    )
    .bind(&id)
    .bind(&sequences)
    .bind(&types)
    .bind(&meta)
    .bind(&payloads)
    .execute(&app.db.pool)
    .await
    .unwrap();
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_process_answers_healthz_within_100_ms_while_four_full_tours_are_worked_out() {
    // Given a public list of 1,000 artworks (the most a list holds).
    let app = TestApp::spawn().await;
    plinth::seed::seed(&app.db.pool, domain::list::MAX_LIST_ITEMS, 27, false)
        .await
        .unwrap();
    let artworks: Vec<String> = sqlx::query_scalar(
        "SELECT aggregate_id FROM es.events WHERE aggregate_type = 'artwork' ORDER BY aggregate_id",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(artworks.len(), domain::list::MAX_LIST_ITEMS);
    let list = full_list(&app, &artworks).await;
    wait_projected(&app.db.pool).await;
    // The probes beside the API, on the same runtime (two workers, as on a two-core machine).
    let probes = plinth::app::probes(app.db.pool.clone(), app.bus.js.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let healthz = format!("http://{}/healthz", listener.local_addr().unwrap());
    let probe_server = tokio::spawn(async move {
        axum::serve(listener, probes).await.unwrap();
    });
    let ping = reqwest::Client::new();
    assert_eq!(ping.get(&healthz).send().await.unwrap().status(), 200);

    // When four tours from four starts (none cached) are asked at once, three times over.
    for round in 0..3 {
        let tours: Vec<_> = (0..4)
            .map(|n| {
                let url = format!(
                    "{}/api/lists/{list}/tour?start=49.{round}{n}00,-123.1{n}00",
                    app.base
                );
                let client = app.client.clone();
                tokio::spawn(async move {
                    let resp = client.get(url).send().await.unwrap();
                    let status = resp.status().as_u16();
                    (status, resp.json::<Value>().await.unwrap_or(Value::Null))
                })
            })
            .collect();

        // Then /healthz keeps answering at once while they are worked out.
        let mut slowest = Duration::ZERO;
        let mut polls = 0;
        while tours.iter().any(|t| !t.is_finished()) {
            let asked = Instant::now();
            let resp = tokio::time::timeout(Duration::from_secs(10), ping.get(&healthz).send())
                .await
                .expect("healthz answered within 10 s")
                .unwrap();
            assert_eq!(resp.status(), 200);
            slowest = slowest.max(asked.elapsed());
            polls += 1;
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert!(
            polls >= 3,
            "the tours ended before healthz was asked: {polls} polls"
        );
        assert!(
            slowest < Duration::from_millis(100),
            "healthz took {slowest:?} while tours ran (round {round}, {polls} polls)"
        );
        // And every tour walks all 1,000 stops once (or, with no permit free in time, says when
        // to come back).
        for t in tours {
            let (status, body) = t.await.unwrap();
            match status {
                200 => {
                    let mut seen = strs(&body["data"]["stops"], "id");
                    seen.sort_unstable();
                    assert_eq!(seen, artworks, "every stop once");
                }
                503 => assert_eq!(body["error"], "SERVICE_UNAVAILABLE"),
                other => panic!("a tour answered {other}: {body}"),
            }
        }
    }
    probe_server.abort();
    app.stop().await;
}

/// Edit proposals count against the same hourly budget as logbook posts, per client, and every
/// address of an IPv6 /64 is that one client: once other identities have used the /64's share,
/// a proposal from yet another of its addresses is refused, and one from another /64 is not.
#[tokio::test]
async fn edit_proposals_count_against_the_clients_budget_and_an_ipv6_64_is_one_client() {
    let app = TestApp::spawn().await;
    let art = artwork(&app, "throttle-edit").await;
    let editor = crate::accounts::signed_in(&app, "throttle-editor@plinth.test").await;
    // The write API behind one trusted proxy, so each request names its client.
    let config = platform::config::Config::from_lookup(|k| {
        (k == "TRUSTED_PROXY_HOPS").then(|| "1".to_owned())
    })
    .unwrap();
    let router = plinth::app::api_app(plinth::app::api_routes(
        None,
        Some(app.command.clone()),
        &config,
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = crate::fixtures::serve_with_peers(listener, router);
    let propose = |client: &'static str, title: &'static str| {
        let (editor, art) = (editor.clone(), art.clone());
        async move {
            let resp = reqwest::Client::new()
                .post(format!("http://{addr}/api/artwork/{art}/edit"))
                .header("X-User-Token", &editor)
                .header("X-Forwarded-For", client)
                .json(&json!({"edits": [{"field_name": "title",
                    "field_value_old": "Throttle test", "field_value_new": title}]}))
                .send()
                .await
                .unwrap();
            let status = resp.status().as_u16();
            let retry_after = resp
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
            (status, retry_after, resp.json::<Value>().await.unwrap())
        }
    };

    // Given the /64's share of the submissions budget used by other identities' posts.
    let budget = command_api::submissions::POSTS;
    let mut used = 0;
    while budget
        .admit(&app.db.pool, Uuid::now_v7(), "2001:db8:7:7::/64")
        .await
        .unwrap()
        .is_ok()
    {
        used += 1;
    }
    assert_eq!(used, budget.per_client.max);

    // When the editor proposes from another address of that /64: refused.
    assert_rate_limited(&propose("2001:db8:7:7:a:b:c:d", "Throttled").await);
    // From another /64 (and from an IPv4 client): recorded.
    let (status, _, body) = propose("2001:db8:7:8::1", "Elsewhere").await;
    assert_eq!(status, 201, "{body}");
    let (status, _, body) = propose("198.51.100.7", "Over IPv4").await;
    assert_eq!(status, 201, "{body}");
    server.abort();
    app.stop().await;
}
