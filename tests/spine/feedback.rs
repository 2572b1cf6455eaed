//! Feedback: anyone sends it (validated, the subject must exist, rate limited); moderators see
//! the queue, archive, or resolve with a note told to the sender; resolving a report that an
//! artwork is missing removes the artwork, which keeps its page and history.

use crate::accounts::{anonymous_token, sign_in};
use crate::fixtures::{app_with_moderator, approved_proposal, sql_scalar, Sent};
use crate::harness::{assert_replay_keeps, TestApp};
use crate::submissions::spawn;
use serde_json::{json, Value};

/// Sends feedback `body` as `token`.
pub(crate) async fn send(app: &TestApp, token: &str, body: Value) -> Sent {
    app.post_as(token, "/api/feedback", body).await
}

/// Resolves feedback `id` as `token` with `body` (a note, and whether to remove the artwork).
pub(crate) async fn resolve(app: &TestApp, token: &str, id: &str, body: Value) -> Sent {
    let path = format!("/api/moderation/feedback/{id}/resolve");
    app.post_as(token, &path, body).await
}

async fn queue(app: &TestApp, token: &str, query: &str, pos: &str) -> (u16, Value) {
    app.get_as(
        token,
        &format!("/api/moderation/feedback{query}"),
        Some(pos),
    )
    .await
}

/// The app, a moderator's session, and an approved artwork titled `title`.
async fn approved_artwork(title: &str) -> (TestApp, String, String) {
    let (app, author, modr) = app_with_moderator().await;
    let artwork = approved_proposal(&app, &author, &modr, title).await.artwork;
    (app, modr, artwork)
}

#[tokio::test]
async fn feedback_is_validated_and_worked_by_moderators() {
    // Given an approved artwork and a visitor.
    let (app, modr, artwork) = approved_artwork("Missing Orca").await;
    let visitor = anonymous_token(&app).await;

    // Bad input is refused with the field named; an unknown subject is a 404.
    for (body, field) in [
        (
            json!({"subject_type": "artwork", "subject_id": artwork, "issue_type": "missing", "note": "   "}),
            "note",
        ),
        (
            json!({"subject_type": "artwork", "subject_id": artwork, "issue_type": "missing", "note": "x".repeat(1001)}),
            "note",
        ),
        (
            json!({"subject_type": "artwork", "subject_id": artwork, "issue_type": "spam", "note": "hi"}),
            "issue_type",
        ),
        (
            json!({"subject_type": "user", "subject_id": artwork, "issue_type": "comment", "note": "hi"}),
            "subject_type",
        ),
    ] {
        let (status, _, answer) = send(&app, &visitor, body).await;
        assert_eq!(status, 400, "{answer}");
        assert_eq!(answer["details"]["field"], field, "{answer}");
    }
    let (status, _, answer) = send(
        &app,
        &visitor,
        json!({"subject_type": "artwork", "subject_id": uuid::Uuid::now_v7(), "issue_type": "comment", "note": "hi"}),
    )
    .await;
    assert_eq!(
        (status, &answer["message"]),
        (404, &json!("Artwork not found"))
    );

    // When the visitor reports it missing (the note trimmed) and sends a general comment.
    let (status, _, answer) = send(
        &app,
        &visitor,
        json!({"subject_type": "artwork", "subject_id": artwork, "issue_type": "missing",
               "note": "  The artwork is missing  ", "user_token": visitor}),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    let report = answer["data"]["id"].as_str().unwrap().to_owned();
    let (status, sent, answer) = send(
        &app,
        &visitor,
        json!({"subject_type": "general", "issue_type": "comment", "note": "Lovely site"}),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    let comment = answer["data"]["id"].as_str().unwrap().to_owned();

    // Then only moderators see the queue.
    let (status, _) = queue(&app, &visitor, "", &sent).await;
    assert_eq!(status, 401);
    let (user, _, _) = sign_in(&app, "plain@plinth.test", &anonymous_token(&app).await, 1).await;
    let (status, _) = queue(&app, &user, "", &sent).await;
    assert_eq!(status, 403);
    let (status, page) = queue(&app, &modr, "?issue_type=missing", &sent).await;
    assert_eq!(status, 200, "{page}");
    let items = page["data"]["feedback"].as_array().unwrap();
    assert_eq!(items.len(), 1, "{page}");
    assert_eq!(items[0]["id"], report);
    assert_eq!(items[0]["note"], "The artwork is missing");
    assert_eq!(items[0]["subject_title"], "Missing Orca");
    assert_eq!(items[0]["from_account"], false);
    assert_eq!(
        page["data"]["counts"],
        json!({"open": 2, "archived": 0, "resolved": 0})
    );
    let (status, _) = queue(&app, &modr, "?status=closed", &sent).await;
    assert_eq!(status, 400);

    // Archiving the comment (by a moderator, once); removing needs a missing-artwork report.
    let removed = json!({"note": "Thanks", "remove_artwork": true});
    let (status, _, answer) = resolve(&app, &modr, &comment, removed).await;
    assert_eq!(status, 400, "{answer}");
    let archive = format!("/api/moderation/feedback/{comment}/archive");
    for (n, (token, expected)) in [(&user, 403), (&modr, 200), (&modr, 409)]
        .into_iter()
        .enumerate()
    {
        let (status, _, answer) = app.post_as(token, &archive, json!({})).await;
        assert_eq!(status, expected, "archive #{n}: {answer}");
    }

    // Resolving the report as removed: the artwork leaves the map but keeps its page.
    let note = "Confirmed gone: the site is a building lot";
    let removed = json!({"note": note, "remove_artwork": true});
    let (status, pos, answer) = resolve(&app, &modr, &report, removed).await;
    assert_eq!(status, 200, "{answer}");
    let (status, page) = queue(&app, &modr, "?status=resolved", &pos).await;
    assert_eq!(status, 200);
    assert_eq!(page["data"]["feedback"][0]["removed_artwork"], artwork);
    assert_eq!(
        page["data"]["counts"],
        json!({"open": 0, "archived": 1, "resolved": 1})
    );
    let (status, detail) = app
        .get_as(&visitor, &format!("/api/artworks/{artwork}"), Some(&pos))
        .await;
    assert_eq!(status, 200, "{detail}");
    assert_eq!(detail["data"]["status"], "removed");
    let history_path = format!("/api/artworks/{artwork}/history");
    let (_, history) = app.get_as(&visitor, &history_path, Some(&pos)).await;
    let kinds: Vec<&str> = history["data"]["entries"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["kind"].as_str()).collect())
        .unwrap_or_default();
    assert!(kinds.contains(&"removed"), "{history}");
    let (lat, lon) = (crate::submissions::LAT, crate::submissions::LON);
    let map = format!("/api/artworks/nearby?lat={lat}&lon={lon}&radius=500");
    let (_, nearby) = app.get_as(&visitor, &map, Some(&pos)).await;
    assert!(
        !nearby.to_string().contains(&artwork),
        "a removed artwork is not on the default map: {nearby}"
    );
    let removed_layer = format!("{map}&minimal=true&status=removed");
    let (status, layer) = app.get_as(&visitor, &removed_layer, Some(&pos)).await;
    assert_eq!(status, 200, "{layer}");
    assert!(
        layer.to_string().contains(&artwork),
        "it is on the removed layer: {layer}"
    );

    // The sender, once signed in on that device, is told.
    let (session, _, signed) = sign_in(&app, "reporter@plinth.test", &visitor, 1).await;
    let (status, told) = app
        .get_as(&session, "/api/me/notifications", Some(&signed))
        .await;
    assert_eq!(status, 200, "{told}");
    let resolved: Vec<&Value> = told["data"]["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["type"] == "feedback_resolved")
        .collect();
    assert_eq!(resolved.len(), 1, "{told}");
    assert_eq!(resolved[0]["link"], format!("/artwork/{artwork}"));
    assert!(resolved[0]["message"]
        .as_str()
        .unwrap()
        .contains("marked as removed"));

    assert_replay_keeps(
        &app.db.pool,
        &[
            "feedback",
            "notifications",
            "notification_sources",
            "artworks",
        ],
    )
    .await;
}

#[tokio::test]
async fn feedback_is_limited_per_identity() {
    let app = spawn().await;
    let visitor = anonymous_token(&app).await;
    for i in 0..10 {
        let (status, _, answer) = send(
            &app,
            &visitor,
            json!({"subject_type": "general", "issue_type": "comment", "note": format!("Note {i}")}),
        )
        .await;
        assert_eq!(status, 201, "{answer}");
    }
    let resp = app
        .client
        .post(format!("{}/api/feedback", app.base))
        .header("X-User-Token", &visitor)
        .json(&json!({"subject_type": "general", "issue_type": "comment", "note": "One more"}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 429);
    let retry: u64 = resp.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry > 0 && retry <= 3600, "{retry}");
}

/// Resolving a missing-artwork report is decided by the Feedback aggregate, not the queue's
/// read model: with the feedback projector stopped the report is still found, resolved and its
/// artwork removed; two moderators resolving it at once make one decision.
#[tokio::test]
async fn resolving_with_removal_is_decided_by_the_aggregate_once_while_the_queue_lags() {
    let (app, modr, artwork) = approved_artwork("Vanished Heron").await;

    // Given the feedback projector stopped: its checkpoint row is held, so no batch commits.
    let mut stopper = app.db.pool.begin().await.unwrap();
    sqlx::query("SELECT 1 FROM rm.projector_checkpoints WHERE name = 'feedback' FOR UPDATE")
        .execute(&mut *stopper)
        .await
        .unwrap();
    let visitor = anonymous_token(&app).await;
    let (status, _, body) = send(
        &app,
        &visitor,
        json!({"subject_type": "artwork", "subject_id": artwork, "issue_type": "missing", "note": "Gone since spring"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let report = body["data"]["id"].as_str().unwrap().to_owned();

    // When two moderators resolve it with removal at the same moment …
    let gone = json!({"note": "Confirmed gone", "remove_artwork": true});
    let (a, b) = futures::future::join(
        resolve(&app, &modr, &report, gone.clone()),
        resolve(&app, &modr, &report, gone),
    )
    .await;
    // … one decision is recorded, the other is refused as decided (or as a conflict).
    let statuses = [a.0, b.0];
    assert!(statuses.contains(&200), "{a:?} {b:?}");
    assert!(
        statuses.iter().all(|s| [200, 409].contains(s)),
        "{a:?} {b:?}"
    );
    for (stream, event) in [(&report, "FeedbackResolved"), (&artwork, "ArtworkRemoved")] {
        let recorded: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM es.events WHERE aggregate_id = $1 AND event_type = $2",
        )
        .bind(stream)
        .bind(event)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
        assert_eq!(recorded, 1, "{event}");
    }
    // The queue's read model had not seen the report: the premise held.
    let queued: i64 = sql_scalar(&app, "SELECT count(*) FROM rm.feedback").await;
    assert_eq!(queued, 0);
    stopper.rollback().await.unwrap();
    app.stop().await;
}
