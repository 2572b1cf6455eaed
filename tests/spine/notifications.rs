//! Notifications of submissions' outcomes: exactly one per approval or rejection, addressed to
//! who sent it (anonymous work's reach the account that claims it), seen one by one with the
//! unread count never below zero, someone else's a 404, signed-out callers a 401; redelivered
//! events and a replay give the same rows.

use crate::accounts::{anonymous_token, sign_in, signed_in};
use crate::fixtures::{
    app_with_moderator, approved_proposal, assert_field, reject, review, sql_scalar,
};
use crate::harness::{assert_replay_keeps, TestApp};
use crate::submissions::{moderator, position, propose, spawn, Proposed};
use projectors::Projector;
use serde_json::{json, Value};

async fn unread(app: &TestApp, token: &str, pos: &str) -> i64 {
    let (status, body) = app
        .get_as(token, "/api/me/notifications/unread-count", Some(pos))
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["unread_count"].as_i64().unwrap()
}

async fn notifications(app: &TestApp, token: &str, query: &str, pos: &str) -> Value {
    let path = format!("/api/me/notifications{query}");
    let (status, body) = app.get_as(token, &path, Some(pos)).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn count_rows(app: &TestApp) -> i64 {
    sql_scalar(app, "SELECT count(*) FROM rm.notifications").await
}

#[tokio::test]
async fn each_outcome_is_told_once_to_its_sender_and_seen_once() {
    // Given an anonymous proposal, approved.
    let (app, anon, modr) = app_with_moderator().await;
    let told = approved_proposal(&app, &anon, &modr, "Told Orca").await;
    let (first, artwork) = (told.submission, told.artwork);

    // Signed out, there are no notifications to read.
    let (status, _) = app.get_as(&anon, "/api/me/notifications", None).await;
    assert_eq!(status, 401);

    // When its sender signs in from that device: the approval, linking to the artwork.
    let (session, _, signed) = sign_in(&app, "told@plinth.test", &anon, 1).await;
    let page = notifications(&app, &session, "", &signed).await;
    assert_eq!(page["total"], 1, "{page}");
    let approved = page["notifications"][0].clone();
    assert_eq!(
        (
            &approved["type"],
            &approved["title"],
            &approved["is_dismissed"]
        ),
        (
            &json!("submission_approved"),
            &json!("Submission approved"),
            &json!(false)
        )
    );
    assert_eq!(approved["link"], json!(format!("/artwork/{artwork}")));
    assert_eq!(approved["submission_id"], json!(first));
    assert_eq!(unread(&app, &session, &signed).await, 1);

    // A second proposal, rejected with a reason: told newest first, with the reason.
    let Proposed { id: second, .. } = propose(&app, &session, "Untold Orca").await;
    let (status, headers, body) = reject(&app, &modr, &second, "Not public art").await;
    assert_eq!(status, 200, "{body}");
    let page = notifications(&app, &session, "", &position(&headers)).await;
    assert_eq!(page["total"], 2, "{page}");
    let rejected = &page["notifications"][0];
    assert_eq!(rejected["type"], "submission_rejected");
    assert_eq!(
        rejected["message"],
        "Your new artwork was not accepted: Not public art"
    );
    let rejected_id = rejected["id"].as_str().unwrap().to_owned();
    let approved_id = approved["id"].as_str().unwrap().to_owned();

    // Seen one by one: the count drops by one each time, never below zero.
    let stranger = signed_in(&app, "stranger@plinth.test").await;
    let mark = |id: &str, verb: &str| format!("/api/me/notifications/{id}/{verb}");
    let dismiss = mark(&approved_id, "dismiss");
    let (status, _, _) = app.post_as(&stranger, &dismiss, json!({})).await;
    assert_eq!(status, 404, "someone else's notification");
    let mut counts = Vec::new();
    for (id, verb) in [
        (&approved_id, "dismiss"),
        (&approved_id, "dismiss"),
        (&rejected_id, "read"),
        (&rejected_id, "read"),
    ] {
        let (status, pos, body) = app.post_as(&session, &mark(id, verb), json!({})).await;
        assert_eq!(status, 200, "{body}");
        let pos = if pos.is_empty() { signed.clone() } else { pos };
        counts.push(unread(&app, &session, &pos).await);
    }
    assert_eq!(counts, [1, 1, 0, 0]);
    let read = mark(&approved_id, "read");
    let (status, _, _) = app.post_as(&anon, &read, json!({})).await;
    assert_eq!(status, 401);
    let unseen = notifications(&app, &session, "?unread_only=true", &signed).await;
    assert_eq!(
        (&unseen["total"], &unseen["notifications"]),
        (&json!(0), &json!([]))
    );

    // Redelivered: the submissions' events applied again change nothing.
    crate::harness::wait_projected(&app.db.pool).await;
    let before = count_rows(&app).await;
    let mut events = Vec::new();
    for id in [&first, &second] {
        events.extend(
            platform::eventlog::stream_of(&app.db.pool, "submission", id)
                .await
                .unwrap(),
        );
    }
    let mut tx = app.db.pool.begin().await.unwrap();
    sqlx::query("SET LOCAL search_path = rm, public")
        .execute(&mut *tx)
        .await
        .unwrap();
    projectors::notifications::NotificationsProjector
        .apply(&mut tx, &events)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!((before, count_rows(&app).await), (2, 2));

    assert_replay_keeps(&app.db.pool, &["notifications", "notification_sources"]).await;
}

#[tokio::test]
async fn a_page_of_notifications_is_seen_at_once_all_or_none() {
    // Given a signed-in person told of three outcomes (two rejections, one approval).
    let app = spawn().await;
    let session = signed_in(&app, "seen-all@plinth.test").await;
    let modr = moderator(&app).await;
    let mut last = String::new();
    for (title, verdict) in [
        ("Seen A", "reject"),
        ("Seen B", "reject"),
        ("Seen C", "approve"),
    ] {
        let Proposed { id, .. } = propose(&app, &session, title).await;
        let reason = json!({"reason": "Not public art"});
        let (status, headers, body) = review(&app, &modr, verdict, &id, reason).await;
        assert_eq!(status, 200, "{body}");
        last = position(&headers);
    }
    let page = notifications(&app, &session, "", &last).await;
    let ids: Vec<Value> = page["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["id"].clone())
        .collect();
    assert_eq!((ids.len(), unread(&app, &session, &last).await), (3, 3));
    let read = "/api/me/notifications/read";

    // When a call names one that is not theirs among them: none is marked.
    let stranger = signed_in(&app, "seen-stranger@plinth.test").await;
    let (status, _, _) = app.post_as(&stranger, read, json!({ "ids": ids })).await;
    assert_eq!(status, 404);
    let (status, _, body) = app.post_as(&session, read, json!({ "ids": [] })).await;
    assert_field(status, &body, 400, "ids");
    let (status, _, _) = app
        .post_as(&anonymous_token(&app).await, read, json!({"ids": ids}))
        .await;
    assert_eq!(status, 401);
    assert_eq!(unread(&app, &session, &last).await, 3);

    // When the page is seen: every one at once, and again changes nothing.
    let (status, pos, body) = app.post_as(&session, read, json!({ "ids": ids })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(unread(&app, &session, &pos).await, 0);
    let (status, again, _) = app.post_as(&session, read, json!({ "ids": ids })).await;
    assert_eq!(status, 200);
    let sql = "SELECT count(*) FROM es.events WHERE event_type = 'NotificationDismissed'";
    let events: i64 = sql_scalar(&app, sql).await;
    assert_eq!(events, 3, "seen once each (again: {again:?})");
    app.stop().await;
}
