//! The one test that must see every log line of the server: tokens appear in no event, log line
//! or read model. Its own test binary, so the process-wide log subscriber it installs never races
//! other tests' threads (a global subscriber set while other tests register callsites can hang).
#![expect(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test fails at once, and says where, when its setup breaks"
)]

#[path = "../spine/harness.rs"]
#[expect(
    dead_code,
    reason = "this suite uses a few of the spine harness's helpers"
)]
mod harness;

use harness::{link_and_code, TestApp};
use reqwest::Method;
use serde_json::json;
use std::sync::{Arc, Mutex};

/// A writer that keeps every log line in memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Every log line of this test binary from now on, at debug level and above. Global on purpose:
/// a thread-scoped subscriber misses events while other tests run in parallel.
fn capture_logs() -> Captured {
    static CAPTURED: std::sync::OnceLock<Captured> = std::sync::OnceLock::new();
    CAPTURED
        .get_or_init(|| {
            let captured = Captured::default();
            let writer = captured.clone();
            let subscriber = tracing_subscriber::fmt()
                .with_env_filter(tracing_subscriber::EnvFilter::new("debug"))
                .with_writer(move || writer.clone())
                .with_ansi(false)
                .finish();
            tracing::subscriber::set_global_default(subscriber).unwrap();
            captured
        })
        .clone()
}

#[tokio::test]
async fn tokens_appear_in_no_event_log_line_or_read_model() {
    let captured = capture_logs();
    let app = TestApp::spawn().await;
    let (_, headers, _) = app.get("/api/auth/status").await;
    let device = headers["x-user-token"].to_str().unwrap().to_owned();
    let email = "secret@example.org";
    app.send(
        Method::POST,
        "/api/auth/request-magic-link",
        Some(&device),
        Some(json!({ "email": email })),
    )
    .await;
    let (link, code) = link_and_code(&app.smtp.wait_for(email, 1).await);
    let (_, headers, _) = app
        .send(
            Method::POST,
            "/api/auth/verify-magic-link",
            Some(&device),
            Some(json!({ "token": link })),
        )
        .await;
    let session = headers["x-user-token"].to_str().unwrap().to_owned();
    let position = headers["x-event-position"].to_str().unwrap().to_owned();
    let (_, _, body) = app
        .send(Method::POST, "/api/auth/logout", Some(&session), None)
        .await;
    let fresh = body["data"]["new_user_token"].as_str().unwrap().to_owned();
    app.get_with(
        "/api/auth/status",
        &[("X-User-Token", &session), ("X-Min-Position", &position)],
    )
    .await;
    harness::wait_projected(&app.db.pool).await;

    let secrets = [
        ("link token", link.as_str()),
        ("session token", session.as_str()),
        ("anonymous token", device.as_str()),
        ("new anonymous token", fresh.as_str()),
    ];
    // Every row of every table in every schema, as text.
    let tables: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_schema::text, table_name::text FROM information_schema.tables
          WHERE table_schema IN ('es', 'rm', 'auth') AND table_type = 'BASE TABLE'",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert!(tables.len() >= 10, "{tables:?}");
    let mut everything = String::new();
    for (schema, table) in &tables {
        let rows: Vec<String> = sqlx::query_scalar(&format!(
            "SELECT coalesce(string_agg(t::text, '\n'), '') FROM {schema}.{table} t"
        ))
        .fetch_all(&app.db.pool)
        .await
        .unwrap();
        everything.push_str(&rows.concat());
    }
    assert!(
        everything.contains("AccountSignedUp"),
        "the scan reads the event store"
    );
    for (what, secret) in secrets {
        assert!(
            !everything.contains(secret),
            "the {what} is stored in clear"
        );
    }
    let code_line = format!("\"{code}\"");
    assert!(
        !everything.contains(&code_line),
        "the code is stored in clear"
    );
    // The address is in the Account stream and the auth schema only, never in metadata or rm.
    let leaks: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM es.events WHERE metadata::text LIKE '%secret@%'
            OR (aggregate_type <> 'account' AND payload::text LIKE '%secret@%')",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(leaks, 0);

    let logs = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(
        logs.contains("signed in"),
        "the capture sees the server's logs"
    );
    for (what, secret) in secrets {
        assert!(!logs.contains(secret), "the {what} is in a log line");
    }
    app.stop().await;
}
