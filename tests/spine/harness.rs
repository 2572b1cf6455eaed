//! Test harness: fresh databases, private JetStream streams, and the app on a random port.

use async_nats::jetstream;
use platform::bus::BusConfig;
use projectors::{ProjectorOptions, ProjectorRuntime};
use serde_json::Value;
use sqlx::PgPool;
use std::path::PathBuf;
use std::time::Duration;
use tokio::task::JoinHandle;
use uuid::Uuid;

/// The photo worker's render budget in tests: the default `PHOTO_RENDER_BUDGET_MB`.
pub const RENDER_BUDGET: u64 = 384 * 1024 * 1024;

/// The server tests create their databases on (`TEST_DATABASE_URL`, without a database name).
pub fn pg_server() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
}

pub fn nats_url() -> String {
    std::env::var("TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into())
}

pub struct TestDb {
    pub pool: PgPool,
    pub name: String,
}

impl TestDb {
    pub async fn new() -> Self {
        let name = format!("plinth_t_{}", Uuid::new_v4().simple());
        let admin = platform::db::connect(&format!("{}/postgres", pg_server()), 2)
            .await
            .expect("PostgreSQL must run for integration tests (see README: make test)");
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&admin)
            .await
            .unwrap();
        admin.close().await;
        let pool = platform::db::connect(&format!("{}/{name}", pg_server()), 40)
            .await
            .unwrap();
        platform::db::migrate(&pool).await.unwrap();
        Self { pool, name }
    }

    pub async fn drop_db(self) {
        // Bounded, then FORCE: a follower still holding a connection must not hang the test.
        let _ = tokio::time::timeout(Duration::from_secs(3), self.pool.close()).await;
        let admin = platform::db::connect(&format!("{}/postgres", pg_server()), 2)
            .await
            .unwrap();
        let _ = sqlx::query(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ))
        .execute(&admin)
        .await;
    }
}

pub struct TestBus {
    pub js: jetstream::Context,
    pub bus: BusConfig,
}

impl TestBus {
    pub async fn new() -> Self {
        let js = platform::bus::connect(&nats_url())
            .await
            .expect("NATS with JetStream must run for integration tests (see README: make test)");
        let bus = BusConfig::isolated(&Uuid::new_v4().simple().to_string()[..12]);
        platform::bus::ensure_stream(&js, &bus).await.unwrap();
        Self { js, bus }
    }

    pub async fn delete(&self) {
        let _ = self.js.delete_stream(&self.bus.stream).await;
    }
}

pub fn test_options() -> ProjectorOptions {
    ProjectorOptions {
        batch: 200,
        ack_wait: Duration::from_secs(2),
        max_failures: 3,
        backoff: Duration::from_millis(10),
        max_backoff: Duration::from_millis(500),
        heal_after: Duration::from_secs(3),
        restart_poll: Duration::from_millis(100),
    }
}

pub fn runtime(db: &TestDb, bus: &TestBus) -> ProjectorRuntime {
    ProjectorRuntime {
        pool: db.pool.clone(),
        js: bus.js.clone(),
        bus: bus.bus.clone(),
        options: test_options(),
    }
}

pub fn spawn_relay(db: &TestDb, bus: &TestBus) -> JoinHandle<anyhow::Result<()>> {
    let relay = command_api::Relay::new(db.pool.clone(), bus.js.clone(), bus.bus.clone());
    tokio::spawn(relay.run())
}

/// A fresh database and stream with a relay publishing the one's events to the other, for a
/// test that runs projectors itself; [`tear_down`] ends it.
pub async fn relayed() -> (TestDb, TestBus, JoinHandle<anyhow::Result<()>>) {
    let db = TestDb::new().await;
    let bus = TestBus::new().await;
    let relay = spawn_relay(&db, &bus);
    (db, bus, relay)
}

/// Ends a test that ran its own relay and `tasks`: stops them, deletes the stream and drops the
/// database.
pub async fn tear_down<T>(
    tasks: impl IntoIterator<Item = JoinHandle<T>>,
    relay: JoinHandle<anyhow::Result<()>>,
    bus: TestBus,
    db: TestDb,
) {
    for t in tasks {
        t.abort();
    }
    relay.abort();
    bus.delete().await;
    db.drop_db().await;
}

pub fn spawn_projectors(db: &TestDb, bus: &TestBus) -> Vec<JoinHandle<anyhow::Result<()>>> {
    supervise_all(&runtime(db, bus))
        .into_iter()
        .map(|t| tokio::spawn(async move { t.await.map_err(anyhow::Error::from) }))
        .collect()
}

/// Every projector under `rt`, from one feed, supervised as `plinth serve` runs them.
pub fn supervise_all(rt: &ProjectorRuntime) -> Vec<JoinHandle<()>> {
    let rt = rt.clone();
    vec![tokio::spawn(async move {
        rt.supervise_all(projectors::all()).await
    })]
}

/// Imports Vancouver's artists (610 of them, no artworks).
pub async fn import_vancouver_artists(commands: &command_api::Commands) {
    plinth::import::run::import_files(commands, &[dataset("vancouver-artists.json")], false)
        .await
        .unwrap();
}

pub fn dataset(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("datasets/public-art")
        .join(name)
}

pub fn all_datasets() -> Vec<PathBuf> {
    [
        "vancouver-artists.json",
        "vancouver.json",
        "cambridge-ma.geojson",
        "new-york-city-parks-monuments.csv",
        "new-york-city-dot-art.csv",
        "san-francisco.csv",
    ]
    .iter()
    .map(|f| dataset(f))
    .collect()
}

/// How long a wait on the projectors or a consumer may go without progress before it fails.
pub const STALL: Duration = Duration::from_secs(60);

/// Waits until every projector has applied every event of the types it reads. It fails only
/// when the projectors stop moving for [`STALL`]: on a loaded machine catching up on every
/// dataset may take longer than that, but never without progress.
/// What an unconfigured instance tells the web app ("Plinth", the public basemap).
pub fn unconfigured_client() -> query_api::state::ClientConfig {
    query_api::state::ClientConfig::from_config(
        &platform::config::Config::from_lookup(|_| None).unwrap(),
    )
}

pub async fn wait_projected(pool: &PgPool) {
    let mut deadline = tokio::time::Instant::now() + STALL;
    let mut last_applied = -1i64;
    loop {
        let (behind, registered, applied): (i64, i64, i64) = sqlx::query_as(
            "SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM es.events e \
                        WHERE (e.tx_id, e.global_position) > (c.tx_id, c.position))), \
                    count(*), coalesce(sum(c.applied), 0)::int8 \
               FROM rm.projector_checkpoints c",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if behind == 0 && registered as usize == projectors::all().len() {
            return;
        }
        if applied != last_applied {
            last_applied = applied;
            deadline = tokio::time::Instant::now() + STALL;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "projectors made no progress for {STALL:?} ({behind} behind, {registered} registered)"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the durable consumer `name` has answered every message of the test's stream it
/// reads (duplicates and redeliveries included).
pub async fn consumer_idle(bus: &TestBus, name: &str) {
    let deadline = tokio::time::Instant::now() + STALL;
    loop {
        let mut stream = bus.js.get_stream(&bus.bus.stream).await.unwrap();
        let last = stream.info().await.unwrap().state.last_sequence;
        let mut consumer: jetstream::consumer::PullConsumer =
            stream.get_consumer(name).await.unwrap();
        let info = consumer.info().await.unwrap();
        // A filtered consumer is never given the stream's other messages, so only an
        // unfiltered one can be held to the stream's last sequence.
        let unfiltered =
            info.config.filter_subject.is_empty() && info.config.filter_subjects.is_empty();
        if info.num_pending == 0
            && info.num_ack_pending == 0
            && (!unfiltered || info.ack_floor.stream_sequence >= last)
        {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "consumer {name} did not answer every message: {info:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every row of a read-model table as JSON, in the order of their text (tables need no `id`).
pub async fn table(pool: &PgPool, table: &str) -> Vec<Value> {
    sqlx::query_scalar(&format!(
        "SELECT to_jsonb(t) FROM rm.{table} t ORDER BY to_jsonb(t)::text"
    ))
    .fetch_all(pool)
    .await
    .unwrap()
}

/// Replays every read model from the event store once the live projectors have caught up, and
/// asserts that `tables` hold the same rows after as before.
pub async fn assert_replay_keeps(pool: &PgPool, tables: &[&str]) {
    wait_projected(pool).await;
    let mut before = Vec::with_capacity(tables.len());
    for t in tables {
        before.push(table(pool, t).await);
    }
    for p in projectors::all() {
        projectors::replay::replay(pool, p.as_ref(), |_| {})
            .await
            .unwrap();
    }
    for (t, rows) in tables.iter().zip(before) {
        assert_eq!(table(pool, t).await, rows, "rm.{t} after a replay");
    }
}

/// A real SMTP server for one test: Python's aiosmtpd (installed by
/// `deploy/local/test-services.sh`, found through `TEST_SMTP_PYTHON`) on a free port, storing
/// each message in a Maildir. Stopped on drop.
pub struct SmtpSink {
    pub port: u16,
    pub dir: PathBuf,
    child: std::process::Child,
}

impl SmtpSink {
    pub async fn start() -> Self {
        let python = std::env::var("TEST_SMTP_PYTHON").unwrap_or_else(|_| {
            format!(
                "{}/.cache/plinth/venv-smtp/bin/python",
                std::env::var("HOME").unwrap_or_default()
            )
        });
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir = std::env::temp_dir().join(format!("plinth-smtp-{}", Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        let child = std::process::Command::new(&python)
            .args(["-m", "aiosmtpd", "-n", "-l"])
            .arg(format!("127.0.0.1:{port}"))
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(dir.join("maildir"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start aiosmtpd with {python} ({e}): run deploy/local/test-services.sh"
                )
            });
        // Owned at once, so Drop stops it whatever happens next.
        let sink = Self { port, dir, child };
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return sink;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("aiosmtpd did not listen on {port}");
    }

    /// Stops the server (the mail service goes away; its Maildir stays until drop).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every message received so far, raw.
    pub fn messages(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.dir.join("maildir/new")) else {
            return Vec::new();
        };
        // In arrival order: Maildir names do not sort by time within a second.
        let mut files: Vec<_> = entries
            .filter_map(|e| e.ok())
            .map(|e| {
                let t = e.metadata().and_then(|m| m.modified()).ok();
                (t, e.path())
            })
            .collect();
        files.sort();
        let files: Vec<PathBuf> = files.into_iter().map(|(_, p)| p).collect();
        files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect()
    }

    /// Waits for the `n`-th message (1-based) to `to` and returns it.
    pub async fn wait_for(&self, to: &str, n: usize) -> String {
        for _ in 0..200 {
            let mine: Vec<String> = self
                .messages()
                .into_iter()
                .filter(|m| {
                    m.lines()
                        .any(|l| l.eq_ignore_ascii_case(&format!("To: {to}")))
                })
                .collect();
            if mine.len() >= n {
                return mine[n - 1].clone();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no mail #{n} to {to} arrived");
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The sign-in link token and the 6-digit code of a sign-in mail.
pub fn link_and_code(mail: &str) -> (String, String) {
    let mail = platform::mail::decode_quoted_printable(mail);
    let token = mail
        .split("verify?token=")
        .nth(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_hexdigit())
                .collect::<String>()
        })
        .expect("the mail has a link");
    let code = mail
        .split("sign-in dialog: ")
        .nth(1)
        .map(|rest| rest.chars().take(6).collect::<String>())
        .expect("the mail has a code");
    (token, code)
}

/// Settings a test app may change.
#[derive(Default)]
pub struct AppOptions {
    pub admin_emails: Vec<String>,
}

/// The app (both APIs + relay + projectors, mail to a real SMTP sink) on a random port over a
/// fresh database and stream.
pub struct TestApp {
    pub base: String,
    pub smtp: SmtpSink,
    pub search: std::sync::Arc<query_api::search::SearchService>,
    /// The Tantivy index's directory (removed on drop).
    pub search_dir: tempfile::TempDir,
    /// The web app's page the server fills in (removed on drop).
    pub _web_dir: tempfile::TempDir,
    /// Photo storage's directory (removed on drop).
    pub media_dir: tempfile::TempDir,
    pub storage: std::sync::Arc<platform::storage::Storage>,
    pub accounts: command_api::Accounts,
    /// The write side's state, for tests that serve it themselves (graceful shutdown).
    pub command: command_api::CommandState,
    pub media: command_api::Media,
    pub geo: std::sync::Arc<query_api::geo::GeoIndex>,
    pub db: TestDb,
    pub bus: TestBus,
    pub client: reqwest::Client,
    tasks: Vec<JoinHandle<anyhow::Result<()>>>,
    server: JoinHandle<()>,
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(AppOptions::default()).await
    }

    pub async fn spawn_with(options: AppOptions) -> Self {
        let db = TestDb::new().await;
        let bus = TestBus::new().await;
        // As the query API's start does: the read models exist before the first request.
        projectors::prepare_all(&db.pool).await.unwrap();
        let mut tasks = vec![spawn_relay(&db, &bus)];
        tasks.extend(spawn_projectors(&db, &bus));
        let geo = query_api::geo::GeoIndex::start(db.pool.clone());
        let smtp = SmtpSink::start().await;
        let mailer = platform::mail::Mailer::new(
            Some(&smtp.url()),
            "Plinth <no-reply@plinth.test>",
            &std::env::temp_dir(),
        )
        .unwrap();
        let search_dir = tempfile::tempdir().unwrap();
        let index: std::sync::Arc<dyn search::SearchIndex> =
            std::sync::Arc::new(search::TantivyIndex::open(search_dir.path()).unwrap());
        let search = query_api::search::SearchService::start(db.pool.clone(), index);
        let media_dir = tempfile::tempdir().unwrap();
        let storage = std::sync::Arc::new(
            platform::storage::Storage::from_config(None, media_dir.path()).unwrap(),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let state = query_api::QueryState::new(query_api::state::Shared {
            // Made afresh on every read: each test sees what it just wrote.
            places: std::sync::Arc::new(query_api::recent::Recent::new(std::time::Duration::ZERO)),
            storage: storage.clone(),
            image_signing: Default::default(),
            search: search.clone(),
            pool: db.pool.clone(),
            positions: query_api::Positions::start(db.pool.clone()).await.unwrap(),
            geo: geo.clone(),
            encoded: Default::default(),
            js: Some(bus.js.clone()),
            bus: bus.bus.clone(),
            mailer: Some(mailer.clone()),
            product_name: "Plinth".into(),
            public_url: base.clone(),
            data_terms: test_terms(),
            client: unconfigured_client(),
            status_cache: Default::default(),
        });
        let commands = command_api::Commands::new(db.pool.clone());
        let media = command_api::Media::start(db.pool.clone(), storage.clone(), RENDER_BUDGET);
        let accounts = command_api::Accounts::new(
            commands.clone(),
            mailer,
            command_api::AuthSettings {
                public_url: base.clone(),
                product_name: "Plinth".into(),
                admin_emails: options.admin_emails,
            },
        );
        let command = command_api::CommandState {
            accounts: accounts.clone(),
            commands: commands.clone(),
            replays: command_api::replays::Replays::new(commands.pool().clone()),
            submissions: command_api::Submissions::new(commands, media.clone()),
        };
        let config = platform::config::Config::from_lookup(|_| None).unwrap();
        // The web app's page as the server finds it built (the source `index.html` has the
        // same head), so pages answer with their own heads.
        let web_dir = tempfile::tempdir().unwrap();
        std::fs::copy(
            concat!(env!("CARGO_MANIFEST_DIR"), "/webapp/index.html"),
            web_dir.path().join("index.html"),
        )
        .unwrap();
        let pages = Some(state.clone());
        // As `plinth serve` answers: the security headers outermost.
        let app = plinth::app::secured(
            plinth::app::with_web_app(
                plinth::app::api_app(plinth::app::api_routes(
                    Some(state),
                    Some(command.clone()),
                    &config,
                )),
                web_dir.path(),
                pages,
            ),
            &config,
        );
        let server = tokio::spawn(async move {
            axum::serve(
                listener,
                app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
            )
            .await
            .unwrap();
        });
        Self {
            base,
            smtp,
            search,
            search_dir,
            media_dir,
            _web_dir: web_dir,
            storage,
            accounts,
            command,
            media,
            geo,
            db,
            bus,
            client: reqwest::Client::new(),
            tasks,
            server,
        }
    }

    /// Imports every demo file and waits until the read models have it all.
    pub async fn with_demo_data() -> Self {
        let app = Self::spawn().await;
        let commands = command_api::Commands::new(app.db.pool.clone());
        plinth::import::run::import_files(&commands, &all_datasets(), false)
            .await
            .unwrap();
        wait_projected(&app.db.pool).await;
        let cp = projectors::runtime::checkpoint(&app.db.pool, "artworks")
            .await
            .unwrap();
        assert!(app.geo.wait_for(cp).await, "the geo model did not catch up");
        app
    }

    /// A second read API over the same database whose nearby always comes from PostgreSQL.
    pub async fn spawn_sql_only_api(&self) -> (String, JoinHandle<()>) {
        let state = query_api::QueryState::new(query_api::state::Shared {
            // Made afresh on every read: each test sees what it just wrote.
            places: std::sync::Arc::new(query_api::recent::Recent::new(std::time::Duration::ZERO)),
            storage: self.storage.clone(),
            image_signing: Default::default(),
            search: self.search.clone(),
            pool: self.db.pool.clone(),
            positions: query_api::Positions::start(self.db.pool.clone())
                .await
                .unwrap(),
            geo: query_api::geo::GeoIndex::inactive(),
            encoded: Default::default(),
            js: Some(self.bus.js.clone()),
            bus: self.bus.bus.clone(),
            mailer: None,
            product_name: "Plinth".into(),
            public_url: "http://127.0.0.1".into(),
            data_terms: test_terms(),
            client: unconfigured_client(),
            status_cache: Default::default(),
        });
        let config = platform::config::Config::from_lookup(|_| None).unwrap();
        let app = plinth::app::api_app(plinth::app::api_routes(Some(state), None, &config));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        (base, server)
    }

    /// A plain GET of `url` (no token, no JSON): the response itself, for its headers and text.
    pub async fn get_url(&self, url: &str) -> reqwest::Response {
        self.client.get(url).send().await.unwrap()
    }

    /// [`TestApp::get_url`] of `path` on this app.
    pub async fn get_raw(&self, path: &str) -> reqwest::Response {
        self.get_url(&format!("{}{path}", self.base)).await
    }

    /// A POST of `body` to `path` with `headers`: the response itself, for an answer that is not
    /// one JSON value or a request that needs headers of its own.
    pub async fn post_raw(
        &self,
        path: &str,
        headers: &[(&str, &str)],
        body: &Value,
    ) -> reqwest::Response {
        let mut req = self.client.post(format!("{}{path}", self.base)).json(body);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        req.send().await.unwrap()
    }

    pub async fn get(&self, path: &str) -> (u16, reqwest::header::HeaderMap, Value) {
        self.get_with(path, &[]).await
    }

    pub async fn get_with(
        &self,
        path: &str,
        headers: &[(&str, &str)],
    ) -> (u16, reqwest::header::HeaderMap, Value) {
        let mut req = self.client.get(format!("{}{}", self.base, path));
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        let body = resp.json::<Value>().await.unwrap_or(Value::Null);
        (status, headers, body)
    }

    /// Sends a request with JSON body (or none) and optional token; answers status, headers, body.
    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, reqwest::header::HeaderMap, Value) {
        let mut req = self
            .client
            .request(method, format!("{}{}", self.base, path));
        if let Some(t) = token {
            req = req.header("X-User-Token", t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        let body = resp.json::<Value>().await.unwrap_or(Value::Null);
        (status, headers, body)
    }

    pub async fn stop(self) {
        for t in &self.tasks {
            t.abort();
        }
        self.server.abort();
        self.bus.delete().await;
        self.db.drop_db().await;
    }
}

/// An artwork record as the Vancouver importer would make it, for tests that write one: a mural
/// downtown with no tags.
pub fn vancouver_artwork(
    source_id: &str,
    title: &str,
    artist_source_ids: &[&str],
) -> domain::artwork::ImportedArtwork {
    vancouver_artwork_at(
        source_id,
        title,
        "mural",
        (49.2827, -123.1207),
        &[],
        artist_source_ids,
    )
}

/// [`vancouver_artwork`] of `artwork_type` at (`lat`, `lon`), with `tags`.
pub fn vancouver_artwork_at(
    source_id: &str,
    title: &str,
    artwork_type: &str,
    (lat, lon): (f64, f64),
    tags: &[(&str, &str)],
    artist_source_ids: &[&str],
) -> domain::artwork::ImportedArtwork {
    vancouver_record(plinth::import::ImportedArtwork {
        source_id: source_id.into(),
        title: title.into(),
        description: None,
        artwork_type: artwork_type.into(),
        lat,
        lon,
        tags: tags
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        artist_source_ids: artist_source_ids.iter().map(|s| s.to_string()).collect(),
        presence: plinth::import::Presence::InPlace,
        source_url: None,
    })
}

/// The Vancouver registry, as its built-in mapping names it.
pub fn vancouver() -> plinth::import::Dataset {
    plinth::import::mapping::builtin("vancouver.json")
        .expect("the built-in mapping of vancouver.json")
        .dataset()
}

/// The licence and attribution of contributions in tests' exports.
pub fn test_terms() -> query_api::export::Terms {
    query_api::export::Terms {
        licence: "CC0-1.0".into(),
        attribution: "Plinth test contributors".into(),
    }
}

/// A record of Vancouver's dataset as the importer makes it.
pub fn vancouver_record(
    record: plinth::import::ImportedArtwork,
) -> domain::artwork::ImportedArtwork {
    plinth::import::run::artwork_record(&vancouver(), &record, &mut vec![]).unwrap()
}

/// Executes the import of `record` and returns the position its command wrote.
pub async fn import_artwork(
    commands: &command_api::Commands,
    record: domain::artwork::ImportedArtwork,
) -> platform::position::EventPosition {
    try_import_artwork(commands, record)
        .await
        .unwrap()
        .expect("the command wrote an event")
}

/// [`import_artwork`], answering the command's failure (a database away, say).
pub async fn try_import_artwork(
    commands: &command_api::Commands,
    record: domain::artwork::ImportedArtwork,
) -> Result<
    Option<platform::position::EventPosition>,
    command_api::CommandError<domain::ArtworkError>,
> {
    let metadata = domain::EventMetadata::system(domain::EventSource::Import, Uuid::now_v7());
    let id = record.id.to_string();
    commands
        .execute::<domain::Artwork>(
            &id,
            domain::ArtworkCommand::ImportArtwork(Box::new(record)),
            &metadata,
        )
        .await
}
