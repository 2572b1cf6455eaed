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
        self.pool.close().await;
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

pub fn spawn_projectors(db: &TestDb, bus: &TestBus) -> Vec<JoinHandle<anyhow::Result<()>>> {
    let rt = runtime(db, bus);
    projectors::all()
        .into_iter()
        .map(|p| {
            let rt = rt.clone();
            tokio::spawn(async move { rt.run(p).await })
        })
        .collect()
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

/// Waits until every projector has applied every event of the types it reads.
pub async fn wait_projected(pool: &PgPool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let behind: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM rm.projector_checkpoints c \
             WHERE EXISTS (SELECT 1 FROM es.events e \
                WHERE (e.tx_id, e.global_position) > (c.tx_id, c.position))",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        let registered: i64 = sqlx::query_scalar("SELECT count(*) FROM rm.projector_checkpoints")
            .fetch_one(pool)
            .await
            .unwrap();
        if behind == 0 && registered as usize == projectors::all().len() {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "projectors did not catch up in 60 s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Every row of a read-model table as JSON, in id order.
pub async fn table(pool: &PgPool, table: &str) -> Vec<Value> {
    sqlx::query_scalar(&format!("SELECT to_jsonb(t) FROM rm.{table} t ORDER BY id"))
        .fetch_all(pool)
        .await
        .unwrap()
}

/// The app (query API + relay + projectors) on a random port over a fresh database and stream.
pub struct TestApp {
    pub base: String,
    pub geo: std::sync::Arc<query_api::geo::GeoIndex>,
    pub db: TestDb,
    pub bus: TestBus,
    pub client: reqwest::Client,
    tasks: Vec<JoinHandle<anyhow::Result<()>>>,
    server: JoinHandle<()>,
}

impl TestApp {
    pub async fn spawn() -> Self {
        let db = TestDb::new().await;
        let bus = TestBus::new().await;
        let mut tasks = vec![spawn_relay(&db, &bus)];
        tasks.extend(spawn_projectors(&db, &bus));
        let geo = query_api::geo::GeoIndex::start(db.pool.clone());
        let state = query_api::QueryState {
            pool: db.pool.clone(),
            positions: query_api::Positions::start(db.pool.clone()).await.unwrap(),
            geo: geo.clone(),
            js: Some(bus.js.clone()),
            bus: bus.bus.clone(),
            product_name: "Plinth".into(),
            client: query_api::state::ClientConfig {
                product_name: "Plinth".into(),
                ..Default::default()
            },
        };
        let app = plinth::app::api_app(query_api::router(state));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Self {
            base,
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
        let state = query_api::QueryState {
            pool: self.db.pool.clone(),
            positions: query_api::Positions::start(self.db.pool.clone())
                .await
                .unwrap(),
            geo: query_api::geo::GeoIndex::inactive(),
            js: Some(self.bus.js.clone()),
            bus: self.bus.bus.clone(),
            product_name: "Plinth".into(),
            client: Default::default(),
        };
        let app = plinth::app::api_app(query_api::router(state));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        (base, server)
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

    pub async fn stop(self) {
        for t in &self.tasks {
            t.abort();
        }
        self.server.abort();
        self.bus.delete().await;
        self.db.drop_db().await;
    }
}

/// An artwork record as the Vancouver importer would make it, for tests that write one.
pub fn vancouver_artwork(
    source_id: &str,
    title: &str,
    artist_source_ids: &[&str],
) -> domain::artwork::ImportedArtwork {
    plinth::import::run::artwork_record(
        &plinth::import::parse::vancouver::DATASET,
        &plinth::import::ImportedArtwork {
            source_id: source_id.into(),
            title: title.into(),
            description: None,
            artwork_type: "mural".into(),
            lat: 49.2827,
            lon: -123.1207,
            tags: Default::default(),
            artist_source_ids: artist_source_ids.iter().map(|s| s.to_string()).collect(),
            presence: plinth::import::Presence::InPlace,
            source_url: None,
        },
        &mut vec![],
    )
    .unwrap()
}

/// Executes the import of `record` and returns the position its command wrote.
pub async fn import_artwork(
    commands: &command_api::Commands,
    record: domain::artwork::ImportedArtwork,
) -> platform::position::EventPosition {
    let metadata = domain::EventMetadata::system(domain::EventSource::Import, Uuid::now_v7());
    let id = record.id.to_string();
    commands
        .artwork(
            &id,
            domain::ArtworkCommand::ImportArtwork(Box::new(record)),
            &metadata,
        )
        .await
        .unwrap()
        .expect("the command wrote an event")
}
