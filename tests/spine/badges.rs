//! Badges awarded from events by the badge process manager: once per account, the award told
//! as one notification; never twice when events are delivered again or the read models are
//! replayed; retroactively when a badge is defined; anonymous work earns once it is claimed.

use std::time::Duration;

use crate::accounts::{anonymous_token, set_profile, sign_in, signed_in};
use crate::edits::{approve_with, change, ARTWORK};
use crate::fixtures::{approved_visit, strings};
use crate::harness::{assert_replay_keeps, consumer_idle, import_artwork, wait_projected, TestApp};
use crate::submissions::{approve, moderator, propose, spawn, Proposed};
use command_api::{BadgeAwarder, Commands};
use domain::badge::{badge_id, BadgeKey, BadgeLook};
use domain::{BadgeCommand, BadgeRule, EventMetadata, EventSource};
use serde_json::{json, Value};
use tokio::task::JoinHandle;
use uuid::Uuid;

const DEADLINE: Duration = Duration::from_secs(30);

/// A test's app with its catalogue seeded and the awarder started, as `plinth serve` does, and a
/// moderator's session.
pub(crate) async fn spawn_awarding() -> (TestApp, BadgeAwarder, JoinHandle<()>, String) {
    let app = spawn().await;
    let commands = Commands::new(app.db.pool.clone());
    command_api::process::badges::seed_catalogue(&commands)
        .await
        .unwrap();
    let awarder = BadgeAwarder::new(commands, app.bus.js.clone(), app.bus.bus.clone());
    let running = awarder.clone();
    let task = tokio::spawn(async move {
        running.run().await.unwrap();
    });
    let modr = moderator(&app).await;
    (app, awarder, task, modr)
}

/// The badge keys `session` holds, once `done` says they are all there (or the deadline passes).
pub(crate) async fn badges_until(
    app: &TestApp,
    session: &str,
    done: impl Fn(&[String]) -> bool,
) -> Vec<String> {
    let deadline = tokio::time::Instant::now() + DEADLINE;
    loop {
        let (status, body) = app.get_as(session, "/api/me/badges", None).await;
        assert_eq!(status, 200, "{body}");
        let keys = strings(&body["data"]["badges"], "badge_key");
        if done(&keys) || tokio::time::Instant::now() >= deadline {
            return keys;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until the awarder has answered every event on the bus.
pub(crate) async fn awarder_idle(app: &TestApp) {
    wait_projected(&app.db.pool).await;
    consumer_idle(&app.bus, command_api::process::badges::CONSUMER).await;
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

async fn awards_recorded(app: &TestApp) -> i64 {
    count(
        app,
        "SELECT count(*) FROM es.events WHERE event_type = 'BadgeAwarded'",
    )
    .await
}

async fn notifications_of(app: &TestApp, session: &str) -> Vec<Value> {
    let (status, body) = app
        .get_as(session, "/api/me/notifications?limit=50", None)
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["notifications"].as_array().unwrap().clone()
}

#[tokio::test]
async fn an_approval_earns_the_first_contribution_badge_once() {
    // Given the catalogue and the awarder, and a signed-in contributor.
    let (app, awarder, task, modr) = spawn_awarding().await;
    let session = signed_in(&app, "badger@plinth.test").await;
    // Signing up verifies an e-mail address: that badge comes first.
    let keys = badges_until(&app, &session, |k| k.iter().any(|k| k == "email_verified")).await;
    assert_eq!(keys, ["email_verified"]);

    // When a moderator approves their proposal (a new artwork with one photo).
    let Proposed { id, .. } = propose(&app, &session, "Badge Orca").await;
    let (status, _, body) = approve(&app, &modr, &id, json!({})).await;
    assert_eq!(status, 200, "{body}");

    // Then they hold the first-contribution and first-photo badges, each told once.
    let mut keys = badges_until(&app, &session, |k| k.len() >= 3).await;
    keys.sort();
    assert_eq!(keys, ["email_verified", "first_contribution", "photo_1"]);
    awarder_idle(&app).await;
    let told = notifications_of(&app, &session).await;
    let kinds = |t: &str| told.iter().filter(|n| n["type"] == t).count();
    assert_eq!(
        (kinds("submission_approved"), kinds("badge_awarded")),
        (1, 3),
        "{told:?}"
    );
    let first = told
        .iter()
        .find(|n| n["title"] == "Badge earned: First contribution")
        .unwrap_or_else(|| panic!("{told:?}"));
    assert_eq!(first["link"], "/profile/badges");
    assert_eq!(first["badge"]["badge_key"], "first_contribution");
    assert_eq!(first["badge"]["icon_emoji"], "🌱");

    // The catalogue counts the award; the public profile shows it with the approved work.
    let (status, body) = app.get_as(&session, "/api/badges", None).await;
    assert_eq!(status, 200, "{body}");
    let catalogue = body["data"]["badges"].as_array().unwrap();
    let held_by = |key: &str| {
        catalogue
            .iter()
            .find(|b| b["badge_key"] == key)
            .map(|b| b["award_count"].clone())
    };
    assert_eq!(held_by("first_contribution"), Some(json!(1)));
    assert_eq!(held_by("contributor_5"), Some(json!(0)));
    let (status, me) = app.get_as(&session, "/api/me/profile", None).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(
        me["data"]["statistics"],
        json!({
            "submissions": {"pending": 0, "approved": 1, "rejected": 0, "withdrawn": 0},
            "approved": {"total": 1, "artworks": 1, "photos": 1, "visits": 0, "edits": 0},
            "badges": 3
        })
    );

    // When every event is delivered again.
    let before = (
        awards_recorded(&app).await,
        count(&app, "SELECT count(*) FROM rm.notifications").await,
    );
    let events = platform::eventlog::read_after(
        &app.db.pool,
        platform::position::EventPosition::new(0, 0),
        10_000,
    )
    .await
    .unwrap();
    for e in &events {
        awarder.follow(std::slice::from_ref(e)).await;
    }
    // And all of them again, as one batch.
    let answers = awarder.follow(&events).await;
    assert_eq!(answers.len(), events.len());
    assert!(answers
        .iter()
        .all(|a| matches!(a, async_nats::jetstream::AckKind::Ack)));
    awarder_idle(&app).await;

    // Then nothing more is awarded or told, and replaying the read models keeps them.
    let after = (
        awards_recorded(&app).await,
        count(&app, "SELECT count(*) FROM rm.notifications").await,
    );
    assert_eq!(before, after);
    assert_eq!(before.0, 4, "the moderator's e-mail badge and three");
    assert_replay_keeps(
        &app.db.pool,
        &[
            "badges",
            "badge_awards",
            "notifications",
            "notification_sources",
        ],
    )
    .await;
    task.abort();
}

#[tokio::test]
async fn a_new_badge_is_awarded_to_everyone_who_already_earned_it() {
    // Given one contributor with an approved proposal and one without.
    let (app, awarder, task, modr) = spawn_awarding().await;
    let worker = signed_in(&app, "worker@plinth.test").await;
    let idler = signed_in(&app, "idler@plinth.test").await;
    let Proposed { id, .. } = propose(&app, &worker, "Retro Orca").await;
    let (status, _, body) = approve(&app, &modr, &id, json!({})).await;
    assert_eq!(status, 200, "{body}");
    badges_until(&app, &worker, |k| {
        k.iter().any(|k| k == "first_contribution")
    })
    .await;

    // When an admin defines a badge for one approved contribution with a photo.
    let key = BadgeKey::parse("retro_test").unwrap();
    let md = EventMetadata::system(EventSource::AdminCli, Uuid::now_v7());
    awarder
        .commands
        .execute::<domain::BadgeDefinition>(
            &badge_id(&key).to_string(),
            BadgeCommand::Define {
                key,
                look: BadgeLook::parse("Retro", "Awarded after the fact.", "⏪").unwrap(),
                rule: BadgeRule::Photos { at_least: 1 },
            },
            &md,
        )
        .await
        .unwrap();

    // Then the one who qualifies holds it, the other does not.
    let keys = badges_until(&app, &worker, |k| k.iter().any(|k| k == "retro_test")).await;
    assert!(keys.iter().any(|k| k == "retro_test"), "{keys:?}");
    awarder_idle(&app).await;
    let keys = badges_until(&app, &idler, |_| true).await;
    assert_eq!(keys, ["email_verified"]);

    // A deactivated badge leaves the catalogue; its awards stay.
    let retro = badge_id(&BadgeKey::parse("retro_test").unwrap()).to_string();
    awarder
        .commands
        .execute::<domain::BadgeDefinition>(&retro, BadgeCommand::Deactivate, &md)
        .await
        .unwrap();
    wait_projected(&app.db.pool).await;
    let (_, body) = app.get_as(&worker, "/api/badges", None).await;
    assert!(
        !body["data"]["badges"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["badge_key"] == "retro_test"),
        "{body}"
    );
    let keys = badges_until(&app, &worker, |_| true).await;
    assert!(keys.iter().any(|k| k == "retro_test"), "{keys:?}");
    task.abort();
}

#[tokio::test]
async fn anonymous_work_earns_badges_once_claimed() {
    // Given an anonymous proposal, approved: no account, so no award yet.
    let (app, _awarder, task, modr) = spawn_awarding().await;
    let device = anonymous_token(&app).await;
    let Proposed { id, .. } = propose(&app, &device, "Unclaimed Orca").await;
    let (status, _, body) = approve(&app, &modr, &id, json!({})).await;
    assert_eq!(status, 200, "{body}");
    awarder_idle(&app).await;
    assert_eq!(awards_recorded(&app).await, 1, "only the moderator's");

    // When the contributor signs in from that device, claiming the work.
    let (session, _, _) = sign_in(&app, "claimer@plinth.test", &device, 1).await;

    // Then the account earns what the claimed work is worth.
    let mut keys = badges_until(&app, &session, |k| k.len() >= 3).await;
    keys.sort();
    assert_eq!(keys, ["email_verified", "first_contribution", "photo_1"]);

    // And its public profile shows them once it has a name.
    let named = json!({"profile_name": "claimer"});
    let (status, _, body) = set_profile(&app, &session, named).await;
    assert_eq!(status, 200, "{body}");
    let account = {
        let (_, me) = app.get_as(&session, "/api/me/profile", None).await;
        me["data"]["uuid"].as_str().unwrap().to_owned()
    };
    let deadline = tokio::time::Instant::now() + DEADLINE;
    let profile = loop {
        let (status, body) = app
            .get_as(&device, &format!("/api/users/{account}"), None)
            .await;
        if status == 200 || tokio::time::Instant::now() >= deadline {
            break body;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(
        profile["data"]["badges"].as_array().map(Vec::len),
        Some(3),
        "{profile}"
    );
    assert_eq!(
        profile["data"]["contributions"],
        json!({"total": 1, "artworks": 1, "photos": 1, "visits": 0, "edits": 0})
    );
    assert_eq!(profile["data"]["lists"], json!([]));
    task.abort();
}

/// Proposes `edits` to `artwork` as `session` and has `modr` apply them.
async fn approved_edit(app: &TestApp, session: &str, modr: &str, artwork: &str, edits: Value) {
    let (edit, _) = crate::edits::propose(app, ARTWORK, session, artwork, edits).await;
    let apply = json!({"apply_to_artwork": true});
    approve_with(app, ARTWORK, modr, &edit, apply).await;
}

#[tokio::test]
async fn filling_an_artworks_gaps_earns_the_gap_filler_badge_and_other_changes_do_not_count() {
    // Given an imported artwork with only a title: type "other", no year, no artist, no photo.
    let (app, _awarder, task, modr) = spawn_awarding().await;
    let commands = Commands::new(app.db.pool.clone());
    let record = crate::harness::vancouver_artwork_at(
        "gap-filler-1",
        "Gap Orca",
        "other",
        (49.2611, -123.1139),
        &[],
        &[],
    );
    let artwork = record.id.to_string();
    import_artwork(&commands, record).await;
    let session = signed_in(&app, "gap-filler@plinth.test").await;

    // When their edit giving it a year (and a new title, which fills nothing) is applied.
    let edits = json!([
        change("title", json!("Gap Orca"), json!("Gap Orca II")),
        change("tag:year", Value::Null, json!("1975")),
    ]);
    approved_edit(&app, &session, &modr, &artwork, edits).await;

    // Then that is one gap filled, and earns the gap filler badge.
    let keys = badges_until(&app, &session, |k| k.iter().any(|k| k == "gap_filler")).await;
    assert!(keys.iter().any(|k| k == "gap_filler"), "{keys:?}");

    // When they log two visits with a photo each, and change the year again.
    approved_visit(&app, &session, &modr, &artwork, None).await;
    approved_visit(&app, &session, &modr, &artwork, None).await;
    let edits = json!([change("tag:year", json!("1975"), json!("1976"))]);
    approved_edit(&app, &session, &modr, &artwork, edits).await;
    awarder_idle(&app).await;

    // Then only the first photo filled a gap; the second photo and the new year did not.
    let filled: Vec<String> = sqlx::query_scalar(
        "SELECT gap FROM rm.artwork_gaps_filled WHERE artwork_id = $1::text::uuid
          ORDER BY filled_at",
    )
    .bind(&artwork)
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(filled, ["year", "photo"]);
    let (_, me) = app.get_as(&session, "/api/me/profile", None).await;
    let account = me["data"]["uuid"]
        .as_str()
        .unwrap_or_else(|| panic!("{me}"));
    let counts = projectors::badges::read::counts(
        &app.db.pool,
        Some(&[account.parse().unwrap()]),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    assert_eq!(counts[0].1.gaps_filled, 2, "{counts:?}");
    let keys = badges_until(&app, &session, |_| true).await;
    assert!(!keys.iter().any(|k| k == "gap_filler_10"), "{keys:?}");

    // A replay of the read models keeps what was filled.
    assert_replay_keeps(&app.db.pool, &["artwork_gaps_filled"]).await;
    task.abort();
}
