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

/// Checks the server behind `pool` answers a query.
async fn assert_answers(pool: &sqlx::PgPool) {
    let one: i32 = sqlx::query_scalar("SELECT 1")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(one, 1);
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
    assert_answers(&pool).await;
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
    assert_answers(&pool).await;
    pool.close().await;
    again.stop().await.unwrap();
    pg.stop().await.unwrap(); // already stopped through the other handle: fine
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

/// Either private server, as the lifecycle tests below drive it.
trait Local: Sized {
    /// Its name in a failed check ("… still listening").
    const NAME: &'static str;
    /// The start of a test's temporary folder's name.
    const TAG: &'static str;
    /// Its folder in that one.
    const DIR: &'static str;
    async fn start_in(dir: &Path) -> Self;
    fn listens_on(&self) -> u16;
    fn address(&self) -> String;
    fn owns(&self) -> bool;
    /// As if `plinth` had been killed: the server runs on, its owner lock is gone.
    fn leave_running(self);
    async fn stop_now(&mut self);
    /// Connects as a client does and checks the server answers.
    async fn reach(&self);
}

/// [`Local`] for one server type: its names, how it starts in a folder, and how a client checks
/// that it answers at its URL; the rest are its own methods.
macro_rules! local {
    ($ty:ident {
        name: $name:literal,
        tag: $tag:literal,
        dir: $dir:literal,
        start: |$folder:ident| $start:expr,
        reach: |$url:ident| $reach:block $(,)?
    }) => {
        impl Local for $ty {
            const NAME: &'static str = $name;
            const TAG: &'static str = $tag;
            const DIR: &'static str = $dir;

            async fn start_in($folder: &Path) -> Self {
                $start
            }

            fn listens_on(&self) -> u16 {
                self.port()
            }

            fn address(&self) -> String {
                self.url()
            }

            fn owns(&self) -> bool {
                self.is_owner()
            }

            fn leave_running(self) {
                self.detach();
            }

            async fn stop_now(&mut self) {
                self.stop().await.unwrap();
            }

            async fn reach(&self) {
                let $url = self.url();
                $reach
            }
        }
    };
}

local!(LocalPostgres {
    name: "PostgreSQL",
    tag: "pg",
    dir: "postgres",
    start: |folder| LocalPostgres::start(folder, "plinth").await.unwrap(),
    reach: |url| {
        let pool = connect(&url).await;
        assert_answers(&pool).await;
        pool.close().await;
    },
});

local!(LocalNats {
    name: "nats-server",
    tag: "nats",
    dir: "nats",
    start: |folder| LocalNats::start(folder).await.unwrap(),
    reach: |url| {
        let client = async_nats::connect(url).await.unwrap();
        client.flush().await.unwrap();
    },
});

/// Starts `S`, drops the handle, and checks nothing listens any more.
async fn stopped_on_drop<S: Local>() {
    let tmp = TempDir::new(&format!("{}drop", S::TAG));
    let server = S::start_in(&tmp.path().join(S::DIR)).await;
    let port = server.listens_on();
    assert!(!port_is_closed(port).await);
    drop(server);
    assert!(port_is_closed(port).await, "{} still listening", S::NAME);
}

/// A server a killed `plinth` left running is taken over on the next start: owned, on the
/// remembered port, answering, and stopped by its new owner.
async fn left_running_by_a_killed_plinth_is_taken_over<S: Local>() {
    let tmp = TempDir::new(&format!("{}stale", S::TAG));
    let dir = tmp.path().join(S::DIR);
    let stale = S::start_in(&dir).await;
    let port = stale.listens_on();
    stale.leave_running();

    let mut server = S::start_in(&dir).await;
    assert!(server.owns(), "a leftover server is adopted");
    assert_eq!(server.listens_on(), port, "remembered port not reused");
    server.reach().await;
    server.stop_now().await;
    assert!(port_is_closed(port).await, "{} still listening", S::NAME);
}

/// A second handle on a server a live process owns (in production another process, e.g.
/// `plinth admin grant`) is attached to it, and stopping that handle leaves the server running.
async fn owned_by_a_live_process_is_attached_and_left_running<S: Local>() {
    let tmp = TempDir::new(&format!("{}shared", S::TAG));
    let dir = tmp.path().join(S::DIR);
    let mut owner = S::start_in(&dir).await;
    assert!(owner.owns());

    let mut guest = S::start_in(&dir).await;
    assert!(!guest.owns());
    assert_eq!(guest.address(), owner.address());
    guest.reach().await;
    guest.stop_now().await;
    drop(guest);

    // The owner's server was not stopped by the guest.
    owner.reach().await;
    let port = owner.listens_on();
    owner.stop_now().await;
    assert!(port_is_closed(port).await, "{} still listening", S::NAME);
}

/// A test of each server for each scenario: `<scenario>::postgres` and `<scenario>::nats`.
macro_rules! for_each_server {
    ($($scenario:ident),* $(,)?) => {$(
        mod $scenario {
            use plinth::local::{LocalNats, LocalPostgres};

            #[tokio::test]
            async fn postgres() {
                super::$scenario::<LocalPostgres>().await;
            }

            #[tokio::test]
            async fn nats() {
                super::$scenario::<LocalNats>().await;
            }
        }
    )*};
}

for_each_server!(
    stopped_on_drop,
    left_running_by_a_killed_plinth_is_taken_over,
    owned_by_a_live_process_is_attached_and_left_running,
);
