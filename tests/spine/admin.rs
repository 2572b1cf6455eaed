//! Admin: every call refused to visitors (401) and to users and moderators (403); permissions
//! granted and revoked with a reason take effect on the next request and show in the audit,
//! which is the event store (filters narrow, pages stay put, an artwork's audit is its stream);
//! statistics agree with the database; badges are managed as events.

use crate::accounts::{anonymous_token, sign_in};
use crate::fixtures::{reject, strs};
use crate::harness::{wait_projected, TestApp};
use crate::submissions::{approve, moderator, propose, spawn, Proposed};
use reqwest::Method;
use serde_json::{json, Value};

const READS: [&str; 6] = [
    "/api/admin/permissions",
    "/api/admin/audit",
    "/api/admin/statistics",
    "/api/admin/badges",
    "/api/admin/replay",
    "/api/admin/audit/entity/account/00000000-0000-0000-0000-000000000000",
];

async fn user_uuid(app: &TestApp, session: &str) -> String {
    let (status, me) = app.get_as(session, "/api/me/profile", None).await;
    assert_eq!(status, 200, "{me}");
    me["data"]["uuid"].as_str().unwrap().to_owned()
}

async fn grant(
    app: &TestApp,
    admin: &str,
    user: &str,
    permission: &str,
    verb: &str,
) -> (u16, Value) {
    let (status, _, body) = app.post_as(admin,
        &format!("/api/admin/permissions/{verb}"),
        json!({"user_uuid": user, "permission": permission, "reason": format!("{verb} for the test")}),
    )
    .await;
    (status, body)
}

#[tokio::test]
async fn roles_are_checked_and_changed_at_once_and_audited() {
    let app = spawn().await;
    let admin = moderator(&app).await; // the bootstrap admin (ADMIN_EMAILS)
    let visitor = anonymous_token(&app).await;
    let (user, _, _) = sign_in(&app, "helper@plinth.test", &anonymous_token(&app).await, 1).await;
    let helper = user_uuid(&app, &user).await;

    // Visitors 401, users 403, admins 200 on every admin read.
    for path in READS {
        let (status, _) = app.get_as(&visitor, path, None).await;
        assert_eq!(status, 401, "{path}");
        let (status, _) = app.get_as(&user, path, None).await;
        assert_eq!(status, 403, "{path}");
    }
    for path in &READS[..5] {
        let (status, body) = app.get_as(&admin, path, None).await;
        assert_eq!(status, 200, "{path}: {body}");
    }
    let (status, _) = grant(&app, &user, &helper, "moderator", "grant").await;
    assert_eq!(status, 403);

    // A reason is required.
    let (status, _, body) = app
        .post_as(
            &admin,
            "/api/admin/permissions/grant",
            json!({"user_uuid": helper, "permission": "moderator", "reason": " "}),
        )
        .await;
    assert_eq!(
        (status, &body["details"]["field"]),
        (400, &json!("reason")),
        "{body}"
    );

    // Granted: the very next request has the role (no position waited for).
    let (status, body) = grant(&app, &admin, &helper, "moderator", "grant").await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = app.get_as(&user, "/api/review/queue", None).await;
    assert_eq!(status, 200, "moderator at once");
    // Moderators still may not administer.
    let (status, _) = app.get_as(&user, "/api/admin/audit", None).await;
    assert_eq!(status, 403);

    // The grant is in the audit with its reason and actor; the type filter narrows.
    let (status, page) = app
        .get_as(
            &admin,
            "/api/admin/audit?action_type=PermissionGranted&type=account",
            None,
        )
        .await;
    assert_eq!(status, 200, "{page}");
    let entries = page["data"]["entries"].as_array().unwrap();
    let ours: Vec<&Value> = entries
        .iter()
        .filter(|e| e["entity_id"] == helper.as_str())
        .collect();
    assert_eq!(ours.len(), 1, "{page}");
    assert_eq!(ours[0]["reason"], "grant for the test");
    assert_eq!(ours[0]["actor"]["role"], "admin");
    assert_eq!(ours[0]["source"], "web");
    assert!(entries
        .iter()
        .all(|e| e["event_type"] == "PermissionGranted" && e["entity_type"] == "account"));

    // Revoked: gone at once. The last admin cannot give up admin.
    let (status, body) = grant(&app, &admin, &helper, "moderator", "revoke").await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = app.get_as(&user, "/api/review/queue", None).await;
    assert_eq!(status, 403, "revoked at once");
    let (status, body) = grant(&app, &admin, &helper, "moderator", "revoke").await;
    assert_eq!(status, 409, "{body}");
    wait_projected(&app.db.pool).await;
    let me = user_uuid(&app, &admin).await;
    let (status, body) = grant(&app, &admin, &me, "admin", "revoke").await;
    assert_eq!(status, 409, "{body}");

    // Permissions: searchable, and filtered by role.
    let (_, list) = app
        .get_as(&admin, "/api/admin/permissions?search=HELPER@", None)
        .await;
    let accounts = list["data"]["accounts"].as_array().unwrap();
    assert_eq!(accounts.len(), 1, "{list}");
    assert_eq!(accounts[0]["permissions"], json!([]));
    let (_, list) = app
        .get_as(&admin, "/api/admin/permissions?permission=admin", None)
        .await;
    let admins = strs(&list["data"]["accounts"], "user_uuid");
    assert_eq!(admins, [me.as_str()]);
}

#[tokio::test]
async fn the_audit_is_the_event_store_and_statistics_agree_with_it() {
    let app = spawn().await;
    let admin = moderator(&app).await;
    let author = anonymous_token(&app).await;
    let mut artwork = String::new();
    for i in 0..3 {
        let Proposed { id, .. } = propose(&app, &author, &format!("Audited {i}")).await;
        if i < 2 {
            let (status, _, body) = approve(&app, &admin, &id, json!({})).await;
            assert_eq!(status, 200, "{body}");
            artwork = body["data"]["artwork_id"].as_str().unwrap().to_owned();
        } else {
            let (status, _, body) = reject(&app, &admin, &id, "Not public art").await;
            assert_eq!(status, 200, "{body}");
        }
    }
    wait_projected(&app.db.pool).await;

    // Decisions filter: approvals only, then rejections only, each with its reason.
    let (_, page) = app
        .get_as(&admin, "/api/admin/audit?decision=approved", None)
        .await;
    assert_eq!(page["data"]["total"], 2, "{page}");
    let (_, page) = app
        .get_as(&admin, "/api/admin/audit?decision=rejected", None)
        .await;
    assert_eq!(page["data"]["total"], 1, "{page}");
    assert_eq!(page["data"]["entries"][0]["reason"], "Not public art");
    let (status, _) = app
        .get_as(&admin, "/api/admin/audit?decision=maybe", None)
        .await;
    assert_eq!(status, 400);
    // Dates: nothing before today's start, everything from it.
    let (_, page) = app
        .get_as(&admin, "/api/admin/audit?endDate=2000-01-01", None)
        .await;
    assert_eq!(page["data"]["total"], 0);

    // Pages are stable while events arrive: page 2 of a pinned listing is unchanged.
    let (_, first) = app.get_as(&admin, "/api/admin/audit?limit=3", None).await;
    let as_of = first["data"]["as_of"].as_str().unwrap().to_owned();
    let pinned = format!("/api/admin/audit?limit=3&page=2&as_of={as_of}");
    let (_, before) = app.get_as(&admin, &pinned, None).await;
    let _ = propose(&app, &author, "Late arrival").await;
    let (_, after) = app.get_as(&admin, &pinned, None).await;
    assert_eq!(before["data"]["entries"], after["data"]["entries"]);
    assert_eq!(before["data"]["total"], first["data"]["total"]);

    // An artwork's audit is its event stream, and its state at its first event.
    let stream = platform::eventlog::stream_of(&app.db.pool, "artwork", &artwork)
        .await
        .unwrap();
    let audited = format!("/api/admin/audit/entity/artwork/{artwork}");
    let (status, audit) = app.get_as(&admin, &audited, None).await;
    assert_eq!(status, 200, "{audit}");
    let events = audit["data"]["events"].as_array().unwrap();
    assert_eq!(events.len(), stream.len());
    for (shown, stored) in events.iter().zip(&stream) {
        assert_eq!(shown["payload"], stored.payload);
        assert_eq!(shown["event_type"], stored.event_type.as_str());
    }
    assert_eq!(audit["data"]["state"]["title"], "Audited 1");
    let first_position = stream[0].event_position().to_string();
    let as_of = format!("{audited}?as_of={first_position}");
    let (_, then) = app.get_as(&admin, &as_of, None).await;
    assert_eq!(then["data"]["state"]["title"], "Audited 1");
    assert_eq!(then["data"]["events"][0]["applied"], true);

    // Statistics agree with counts taken from the database.
    let (status, stats) = app
        .get_as(&admin, "/api/admin/statistics?days=7", None)
        .await;
    assert_eq!(status, 200, "{stats}");
    let count = |sql: &'static str| {
        let pool = app.db.pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    let s = &stats["data"];
    assert_eq!(
        s["artworks"]["approved"],
        count("SELECT count(*) FROM rm.artworks WHERE status = 'approved'").await
    );
    assert_eq!(
        s["accounts"],
        count("SELECT count(*) FROM rm.accounts").await
    );
    assert_eq!(s["submissions_by_status"]["approved"], 2);
    assert_eq!(s["submissions_by_status"]["rejected"], 1);
    assert_eq!(s["decisions"], 3);
    assert_eq!(s["active_contributors"], 1);
    let days = s["per_day"].as_array().unwrap();
    assert_eq!(days.len(), 7);
    let today = &days[6];
    assert_eq!(
        (&today["approved"], &today["rejected"]),
        (&json!(2), &json!(1))
    );
    let (status, _) = app
        .get_as(&admin, "/api/admin/statistics?days=0", None)
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn admins_manage_badges_as_events() {
    let app = spawn().await;
    let admin = moderator(&app).await;
    let badge = json!({
        "badge_key": "night_owl",
        "title": "Night owl",
        "description": "Logged a visit.",
        "icon_emoji": "🦉",
        "rule": {"kind": "visits", "at_least": 1}
    });
    let (status, _, body) = app
        .post_as(&admin, "/api/admin/badges", badge.clone())
        .await;
    assert_eq!(status, 201, "{body}");
    let id = body["data"]["badge_id"].as_str().unwrap().to_owned();
    let (status, _, body) = app.post_as(&admin, "/api/admin/badges", badge).await;
    assert_eq!(status, 409, "{body}");
    let (status, _, body) = app
        .post_as(
            &admin,
            "/api/admin/badges",
            json!({"badge_key": "bad key!", "title": "x", "description": "y", "icon_emoji": "z",
               "rule": {"kind": "visits", "at_least": 1}}),
        )
        .await;
    assert_eq!(
        (status, &body["details"]["field"]),
        (400, &json!("badge_key")),
        "{body}"
    );

    // Deactivated: kept in the admin list, gone from the public catalogue.
    let (status, _, body) = app
        .send(
            Method::DELETE,
            &format!("/api/admin/badges/{id}"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    wait_projected(&app.db.pool).await;
    let (_, all) = app.get_as(&admin, "/api/admin/badges", None).await;
    let ours = all["data"]["badges"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["badge_id"] == id.as_str())
        .cloned()
        .unwrap();
    assert_eq!(ours["active"], false);
    let (_, public) = app.get_as(&admin, "/api/badges", None).await;
    assert!(!public.to_string().contains("night_owl"));

    // Changed and reactivated in one call; every change is in the audit.
    let (status, _, body) = app
        .put_as(
            &admin,
            &format!("/api/admin/badges/{id}"),
            json!({"title": "Night owl", "description": "Logged two visits.",
                        "icon_emoji": "🦉", "rule": {"kind": "visits", "at_least": 2},
                        "active": true}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, audit) = app
        .get_as(&admin, &format!("/api/admin/audit/entity/badge/{id}"), None)
        .await;
    let kinds = strs(&audit["data"]["events"], "event_type");
    assert_eq!(
        kinds,
        [
            "BadgeDefined",
            "BadgeDeactivated",
            "BadgeUpdated",
            "BadgeReactivated"
        ]
    );
    assert_eq!(audit["data"]["state"]["active"], true);
}

#[tokio::test]
async fn a_replay_from_the_admin_page_leaves_every_read_model_as_it_was() {
    let app = spawn().await;
    let admin = moderator(&app).await;
    let author = anonymous_token(&app).await;
    let Proposed { id, .. } = propose(&app, &author, "Replayed Orca").await;
    let (status, _, body) = approve(&app, &admin, &id, json!({})).await;
    assert_eq!(status, 200, "{body}");
    let (user, _, _) = sign_in(&app, "visitor@plinth.test", &anonymous_token(&app).await, 1).await;
    wait_projected(&app.db.pool).await;

    let (status, _, _) = app.post_as(&user, "/api/admin/replay", json!({})).await;
    assert_eq!(status, 403);
    let (status, _, body) = app
        .post_as(&admin, "/api/admin/replay", json!({"projector": "nope"}))
        .await;
    assert_eq!(status, 404, "{body}");
    let (status, _, body) = app.post_as(&admin, "/api/admin/replay", json!({})).await;
    assert_eq!(status, 202, "{body}");
    assert_eq!(body["data"]["job"]["state"], "running");

    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(120);
    let job = loop {
        let (status, body) = app.get_as(&admin, "/api/admin/replay", None).await;
        assert_eq!(status, 200, "{body}");
        let job = body["data"]["job"].clone();
        if job["state"] != "running" {
            break job;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "replay still running: {job}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert_eq!(job["state"], "done", "{job}");
    assert_eq!(job["differences"], 0, "{job}");
    let results = job["results"].as_array().unwrap();
    assert_eq!(results.len(), projectors::all().len());
    assert!(results.iter().all(|r| r["events"].as_u64().unwrap() > 0
        && r["tables"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["same"] == true || t["table"] == "search_meta")));
    // The search index's bookkeeping differs by design, and says so; nothing else is expected.
    let tables: Vec<&Value> = results
        .iter()
        .flat_map(|r| r["tables"].as_array().unwrap())
        .collect();
    for t in &tables {
        match (t["table"].as_str().unwrap(), t["same"].as_bool().unwrap()) {
            ("search_meta", false) => assert!(
                t["expected"].as_str().unwrap().starts_with("Expected: "),
                "{t}"
            ),
            _ => assert_eq!(t["expected"], Value::Null, "{t}"),
        }
    }
    assert!(
        tables
            .iter()
            .any(|t| t["table"] == "search_meta" && t["same"] == false),
        "a replay starts a new index generation: {job}"
    );
    // Still consistent with a fresh replay of the harness's own.
    crate::harness::assert_replay_keeps(&app.db.pool, &["artworks", "submissions", "accounts"])
        .await;
}

#[tokio::test]
async fn one_replay_runs_at_a_time_over_every_process_and_one_left_by_a_stopped_process_gives_way()
{
    let app = spawn().await;
    let admin = moderator(&app).await;
    wait_projected(&app.db.pool).await;
    // Given a replay another process is running (it wrote its progress just now).
    let other = uuid::Uuid::now_v7();
    let job = |id: uuid::Uuid, state: &str| {
        json!({"id": id, "projectors": ["artworks"], "requested_by": id,
               "started_at": chrono::Utc::now(), "finished_at": null, "state": state,
               "current": "artworks", "events_done": 3, "events_total": 10, "results": [],
               "error": null, "differences": 0})
    };
    sqlx::query(
        "INSERT INTO rm.replay_jobs (id, requested_by, started_at, state, job)
         VALUES ($1, $1, now(), 'running', $2)",
    )
    .bind(other)
    .bind(job(other, "running"))
    .execute(&app.db.pool)
    .await
    .unwrap();
    // Then any process shows its progress, and a new one is refused.
    let (status, body) = app.get_as(&admin, "/api/admin/replay", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["job"]["id"], json!(other));
    assert_eq!(body["data"]["job"]["events_done"], 3);
    let (status, _, body) = app.post_as(&admin, "/api/admin/replay", json!({})).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["message"],
        "A replay is running; wait for it to finish"
    );

    // Given that process stopped: nothing written for longer than the heartbeat allows.
    sqlx::query(
        "UPDATE rm.replay_jobs SET updated_at = now() - interval '10 minutes' WHERE id = $1",
    )
    .bind(other)
    .execute(&app.db.pool)
    .await
    .unwrap();
    // When an admin starts a replay, then it starts and the abandoned job is marked failed.
    let (status, _, body) = app
        .post_as(
            &admin,
            "/api/admin/replay",
            json!({"projector": "artworks"}),
        )
        .await;
    assert_eq!(status, 202, "{body}");
    let started = body["data"]["job"]["id"].clone();
    assert_ne!(started, json!(other));
    let (state, error): (String, Option<String>) =
        sqlx::query_as("SELECT state, job->>'error' FROM rm.replay_jobs WHERE id = $1")
            .bind(other)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
    assert_eq!(state, "failed");
    assert_eq!(
        error.as_deref(),
        Some("abandoned: the process running it stopped")
    );
    // And the new job runs to its end, seen through the read API.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let (status, body) = app.get_as(&admin, "/api/admin/replay", None).await;
        assert_eq!(status, 200, "{body}");
        let job = &body["data"]["job"];
        assert_eq!(job["id"], started);
        if job["state"] != "running" {
            assert_eq!(job["state"], "done", "{job}");
            assert_eq!(job["projectors"], json!(["artworks"]));
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "replay still running: {job}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// The last-admin rule is decided from the Account streams under one lock: two admins revoking
/// each other at once, or one revoking the other and then at once themselves, always leave an
/// admin — round after round.
#[tokio::test]
async fn admins_revoking_each_other_at_once_always_leave_an_admin() {
    let app = spawn().await;
    let first = moderator(&app).await; // the bootstrap admin (ADMIN_EMAILS)
    let (second, _, _) = sign_in(&app, "second@plinth.test", &anonymous_token(&app).await, 1).await;
    let ids = [
        user_uuid(&app, &first).await,
        user_uuid(&app, &second).await,
    ];
    let sessions = [first, second];
    for round in 0..8 {
        // Both admins again (whichever lost it last round gets it back from the one left).
        let holder = admins(&app).await;
        assert_eq!(holder.len(), 1, "round {round}: {holder:?}");
        let by = usize::from(holder[0] != ids[0]);
        let other = 1 - by;
        let (status, body) = grant(&app, &sessions[by], &ids[other], "admin", "grant").await;
        assert_eq!(status, 200, "{body}");
        let answers = if round % 2 == 0 {
            // Each revokes the other.
            futures::future::join(
                grant(&app, &sessions[0], &ids[1], "admin", "revoke"),
                grant(&app, &sessions[1], &ids[0], "admin", "revoke"),
            )
            .await
        } else {
            // One revokes the other and, at the same moment, themselves.
            futures::future::join(
                grant(&app, &sessions[by], &ids[other], "admin", "revoke"),
                grant(&app, &sessions[by], &ids[by], "admin", "revoke"),
            )
            .await
        };
        let statuses = [answers.0 .0, answers.1 .0];
        assert!(
            statuses.contains(&200) && statuses.iter().all(|s| [200, 403, 409].contains(s)),
            "round {round}: {answers:?}"
        );
        assert_eq!(admins(&app).await.len(), 1, "round {round}: {answers:?}");
    }
    app.stop().await;
}

/// The accounts whose Account stream last granted `admin` (the source of truth).
async fn admins(app: &TestApp) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT aggregate_id FROM (
             SELECT DISTINCT ON (aggregate_id) aggregate_id, event_type FROM es.events
              WHERE event_type IN ('PermissionGranted', 'PermissionRevoked')
                AND payload -> event_type ->> 'permission' = 'admin'
              ORDER BY aggregate_id, sequence DESC) last
          WHERE event_type = 'PermissionGranted'",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_badge_that_does_not_exist_is_not_found() {
    let app = spawn().await;
    let admin = moderator(&app).await;
    let path = format!("/api/admin/badges/{}", uuid::Uuid::now_v7());
    let change = json!({"title": "Night owl", "description": "Logged a visit.",
                        "icon_emoji": "🦉", "rule": {"kind": "visits", "at_least": 1}});
    for (method, body) in [(Method::PUT, Some(change)), (Method::DELETE, None)] {
        let (status, _, answer) = app.send(method.clone(), &path, Some(&admin), body).await;
        assert_eq!(
            (status, &answer["error"], &answer["message"]),
            (404, &json!("NOT_FOUND"), &json!("Badge not found")),
            "{method} {answer}"
        );
    }
    app.stop().await;
}
