#![expect(
    clippy::unwrap_used,
    reason = "a test fails at once, and says where, when its setup breaks"
)]
//! Runs the private PostgreSQL and NATS servers from the system's binaries
//! (`apt-get install postgresql nats-server`); never skipped.

use std::path::{Path, PathBuf};

use plinth::local::{LocalNats, LocalPostgres};
use sqlx::postgres::PgPoolOptions;

/// A unique directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> Self {
        let path = std::env::temp_dir().join(format!(
            "plinth-{tag}-{}-{:016x}",
            std::process::id(),
            rand::random::<u64>()
        ));
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether nothing listens on 127.0.0.1:`port`. A connection from `port` to
/// itself is TCP's self-connect (the kernel gave the client that very port,
/// which it may when nothing listens there), not a listener.
async fn port_is_closed(port: u16) -> bool {
    match tokio::net::TcpStream::connect(("127.0.0.1", port)).await {
        Err(_) => true,
        Ok(stream) => stream.local_addr().unwrap().port() == port,
    }
}

async fn connect(url: &str) -> sqlx::PgPool {
    PgPoolOptions::new()
        .max_connections(2)
        .connect(url)
        .await
        .unwrap()
}

#[tokio::test]
async fn postgres_starts_restarts_on_same_port_and_keeps_data() {
    // Declared first so it is removed after the server has stopped.
    let tmp = TempDir::new("pg");
    let dir = tmp.path().join("postgres");

    let mut pg = LocalPostgres::start(&dir, "plinth_test").await.unwrap();
    let url = pg.url();
    let port = pg.port();
    assert_eq!(
        url,
        format!("postgres://postgres@127.0.0.1:{port}/plinth_test")
    );

    let pool = connect(&url).await;
    let one: i32 = sqlx::query_scalar("SELECT 1")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(one, 1);
    sqlx::query("CREATE TABLE kept (v TEXT NOT NULL)")
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO kept VALUES ('hello')")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    pg.stop().await.unwrap();
    pg.stop().await.unwrap(); // idempotent
    assert!(port_is_closed(port).await, "PostgreSQL still listening");

    // Restart in the same directory: same port, data kept.
    let mut pg = LocalPostgres::start(&dir, "plinth_test").await.unwrap();
    assert_eq!(pg.url(), url);
    let pool = connect(&url).await;
    let kept: String = sqlx::query_scalar("SELECT v FROM kept")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(kept, "hello");
    pool.close().await;

    // Starting again while it runs re-attaches (no second server), and a
    // second database gets created.
    let mut again = LocalPostgres::start(&dir, "plinth_other").await.unwrap();
    assert_eq!(
        again.url(),
        format!("postgres://postgres@127.0.0.1:{port}/plinth_other")
    );
    let pool = connect(&again.url()).await;
    let one: i32 = sqlx::query_scalar("SELECT 1")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(one, 1);
    pool.close().await;
    again.stop().await.unwrap();
    pg.stop().await.unwrap(); // already stopped through the other handle: fine
    assert!(port_is_closed(port).await, "PostgreSQL still listening");
}

#[tokio::test]
async fn postgres_is_stopped_on_drop() {
    let tmp = TempDir::new("pgdrop");
    let pg = LocalPostgres::start(&tmp.path().join("postgres"), "plinth")
        .await
        .unwrap();
    let port = pg.port();
    assert!(!port_is_closed(port).await);
    drop(pg);
    assert!(port_is_closed(port).await, "PostgreSQL still listening");
}

#[tokio::test]
async fn nats_runs_jetstream_and_stops() {
    use async_nats::jetstream::{self, stream};

    let tmp = TempDir::new("nats");
    let dir = tmp.path().join("nats");

    let mut nats = LocalNats::start(&dir).await.unwrap();
    let port = nats.port();
    assert_eq!(nats.url(), format!("nats://127.0.0.1:{port}"));

    let client = async_nats::connect(nats.url()).await.unwrap();
    // JetStream is on: the account info API answers without an error. (Raw
    // request: `Context::query_account` of async-nats 0.51 expects fields that
    // nats-server < 2.10, e.g. Debian 12's 2.9, does not send.)
    let reply = client.request("$JS.API.INFO", "".into()).await.unwrap();
    let info: serde_json::Value = serde_json::from_slice(&reply.payload).unwrap();
    assert!(info.get("error").is_none(), "JetStream error: {info}");
    assert!(info.get("limits").is_some(), "not an account info: {info}");
    let js = jetstream::new(client);
    js.create_stream(stream::Config {
        name: "LOCALTEST".to_owned(),
        subjects: vec!["localtest.>".to_owned()],
        ..Default::default()
    })
    .await
    .unwrap();
    js.publish("localtest.a", "hello".into())
        .await
        .unwrap()
        .await
        .unwrap();
    drop(js);

    nats.stop().await.unwrap();
    nats.stop().await.unwrap(); // idempotent
    assert!(port_is_closed(port).await, "nats-server still listening");

    // Restart: same port, stream and message kept.
    let mut nats = LocalNats::start(&dir).await.unwrap();
    assert_eq!(nats.port(), port);
    let js = jetstream::new(async_nats::connect(nats.url()).await.unwrap());
    let mut stream = js.get_stream("LOCALTEST").await.unwrap();
    assert_eq!(stream.info().await.unwrap().state.messages, 1);
    drop(stream);
    drop(js);

    nats.stop().await.unwrap();
    assert!(port_is_closed(port).await, "nats-server still listening");
}

#[tokio::test]
async fn nats_is_stopped_on_drop() {
    let tmp = TempDir::new("natsdrop");
    let nats = LocalNats::start(&tmp.path().join("nats")).await.unwrap();
    let port = nats.port();
    assert!(!port_is_closed(port).await);
    drop(nats);
    assert!(port_is_closed(port).await, "nats-server still listening");
}

#[tokio::test]
async fn nats_left_running_by_a_killed_plinth_is_replaced() {
    let tmp = TempDir::new("natsstale");
    let dir = tmp.path().join("nats");
    let stale = LocalNats::start(&dir).await.unwrap();
    let port = stale.port();
    // As if `plinth` had been killed: the server runs on, its owner lock is gone.
    stale.detach();

    let mut nats = LocalNats::start(&dir).await.unwrap();
    assert_eq!(nats.port(), port, "remembered port not reused");
    async_nats::connect(nats.url()).await.unwrap();
    nats.stop().await.unwrap();
    assert!(port_is_closed(port).await, "nats-server still listening");
}

#[tokio::test]
async fn postgres_left_running_by_a_killed_plinth_is_reattached() {
    let tmp = TempDir::new("pgstale");
    let dir = tmp.path().join("postgres");
    let stale = LocalPostgres::start(&dir, "plinth").await.unwrap();
    let port = stale.port();
    stale.detach();

    let mut pg = LocalPostgres::start(&dir, "plinth").await.unwrap();
    assert!(pg.is_owner(), "a leftover server is adopted");
    assert_eq!(pg.port(), port);
    let pool = connect(&pg.url()).await;
    pool.close().await;
    pg.stop().await.unwrap();
    assert!(port_is_closed(port).await, "PostgreSQL still listening");
}

#[tokio::test]
async fn postgres_owned_by_a_live_process_is_attached_and_left_running() {
    let tmp = TempDir::new("pgshared");
    let dir = tmp.path().join("postgres");
    let mut owner = LocalPostgres::start(&dir, "plinth").await.unwrap();
    assert!(owner.is_owner());

    // A second handle (in production another process, e.g. `plinth admin grant`).
    let mut guest = LocalPostgres::start(&dir, "plinth").await.unwrap();
    assert!(!guest.is_owner());
    assert_eq!(guest.url(), owner.url());
    let pool = connect(&guest.url()).await;
    pool.close().await;
    guest.stop().await.unwrap();
    drop(guest);

    let pool = connect(&owner.url()).await;
    let one: i32 = sqlx::query_scalar("SELECT 1")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(one, 1, "the owner's server was stopped by a guest");
    pool.close().await;
    let port = owner.port();
    owner.stop().await.unwrap();
    assert!(port_is_closed(port).await, "PostgreSQL still listening");
}

#[tokio::test]
async fn nats_owned_by_a_live_process_is_attached_and_left_running() {
    let tmp = TempDir::new("natsshared");
    let dir = tmp.path().join("nats");
    let mut owner = LocalNats::start(&dir).await.unwrap();
    assert!(owner.is_owner());

    let mut guest = LocalNats::start(&dir).await.unwrap();
    assert!(!guest.is_owner());
    assert_eq!(guest.url(), owner.url());
    async_nats::connect(guest.url()).await.unwrap();
    guest.stop().await.unwrap();
    drop(guest);

    let client = async_nats::connect(owner.url()).await.unwrap();
    client.flush().await.unwrap();
    let port = owner.port();
    owner.stop().await.unwrap();
    assert!(port_is_closed(port).await, "nats-server still listening");
}
