//! Wiring the processes: connecting to (or starting) PostgreSQL and NATS, running the relay and
//! the projectors under supervision, and building the HTTP app.
//!
//! Kept in one file on purpose: it is the one place the processes are put together, read top to
//! bottom in the order they start; each part it wires lives in its own crate.

use crate::local::{LocalNats, LocalPostgres};
use anyhow::Context;
use async_nats::jetstream;
use axum::http::{HeaderName, Request};
use axum::response::IntoResponse;
use axum::Router;
use platform::backoff::Backoff;
use platform::bus::BusConfig;
use platform::config::Config;
use projectors::{ProjectorOptions, ProjectorRuntime};
use sqlx::PgPool;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;

/// Database pool size for one process.
const POOL_SIZE: u32 = 32;
/// Largest request body any route accepts (a logbook post with ten photos); JSON bodies are held
/// to axum's 2 MB default by their extractors.
const BODY_LIMIT: usize = command_api::routes::UPLOAD_BODY_LIMIT;
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// How often the write side prunes rate-limit counts and expired links.
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(10 * 60);
/// Uploads of up to 150 MB need longer on a phone's connection.
const UPLOAD_TIMEOUT: Duration = Duration::from_secs(600);

/// A 408 in the error envelope when a request takes longer than its route allows.
async fn timeout(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let path = req.uri().path();
    let limit = if path == "/api/logbook" || path.starts_with("/api/admin/imports") {
        UPLOAD_TIMEOUT
    } else {
        REQUEST_TIMEOUT
    };
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(r) => r,
        Err(_) => (
            axum::http::StatusCode::REQUEST_TIMEOUT,
            axum::Json(serde_json::json!({
                "success": false,
                "error": "TIMEOUT",
                "message": "Request timeout",
                "timestamp": chrono::Utc::now().to_rfc3339(),
            })),
        )
            .into_response(),
    }
}

/// The backing services of one process, with the private ones it started (stopped on drop).
pub struct Services {
    pub pool: PgPool,
    pub js: jetstream::Context,
    pub bus: BusConfig,
    pub local_postgres: Option<LocalPostgres>,
    pub local_nats: Option<LocalNats>,
}

impl Services {
    /// Connects to `DATABASE_URL` / `NATS_URL`, or starts private instances under the data dir
    /// when they are unset, then runs migrations.
    pub async fn start(config: &Config) -> anyhow::Result<Self> {
        let mut local_postgres = None;
        let database_url = match &config.database_url {
            Some(u) => u.clone(),
            None => {
                let pg = LocalPostgres::start(&config.data_dir.join("postgres"), "plinth")
                    .await
                    .context("starting the private PostgreSQL (or set DATABASE_URL)")?;
                let url = pg.url();
                local_postgres = Some(pg);
                url
            }
        };
        let mut local_nats = None;
        let nats_url = match &config.nats_url {
            Some(u) => u.clone(),
            None => {
                let n = LocalNats::start(&config.data_dir.join("nats"))
                    .await
                    .context("starting the private nats-server (or set NATS_URL)")?;
                let url = n.url();
                local_nats = Some(n);
                url
            }
        };
        let pool = platform::db::connect(&database_url, POOL_SIZE)
            .await
            .context("connecting to PostgreSQL (DATABASE_URL)")?;
        platform::db::migrate(&pool)
            .await
            .context("running migrations")?;
        let js = platform::bus::connect(&nats_url)
            .await
            .context("connecting to NATS (NATS_URL)")?;
        let bus = BusConfig::default();
        platform::bus::ensure_stream(&js, &bus)
            .await
            .context("creating the JetStream event stream")?;
        Ok(Self {
            pool,
            js,
            bus,
            local_postgres,
            local_nats,
        })
    }

    pub async fn stop(&mut self) {
        // Bounded: a task still holding a connection must not keep the process from exiting.
        if tokio::time::timeout(Duration::from_secs(5), self.pool.close())
            .await
            .is_err()
        {
            tracing::warn!("database connections still in use after 5 s; exiting anyway");
        }
        if let Some(n) = &mut self.local_nats {
            if let Err(e) = n.stop().await {
                tracing::warn!(error = ?e, "stopping the private nats-server");
            }
        }
        if let Some(pg) = &mut self.local_postgres {
            if let Err(e) = pg.stop().await {
                tracing::warn!(error = ?e, "stopping the private PostgreSQL");
            }
        }
    }
}

/// Runs `what` for good: each run a future `attempt` makes, the next one after a failure (NATS or
/// Postgres away) or an end, with [`Backoff`].
fn spawn_restarting<F>(
    what: &'static str,
    mut attempt: impl FnMut() -> F + Send + 'static,
) -> tokio::task::JoinHandle<()>
where
    F: Future<Output = anyhow::Result<()>> + Send,
{
    tokio::spawn(async move {
        let mut backoff = Backoff::new(Duration::from_millis(250), Duration::from_secs(10));
        loop {
            backoff.run_starts();
            if let Err(e) = attempt().await {
                let retry_in_ms = backoff.next().as_millis() as u64;
                tracing::warn!(error = ?e, retry_in_ms, "{what} stopped; restarting");
            }
            backoff.pause().await;
        }
    })
}

/// Runs the relay, restarting it after failures (NATS or Postgres away) with backoff.
pub fn spawn_relay(
    pool: PgPool,
    js: jetstream::Context,
    bus: BusConfig,
) -> tokio::task::JoinHandle<()> {
    spawn_restarting("relay", move || {
        command_api::Relay::new(pool.clone(), js.clone(), bus.clone()).run()
    })
}

/// Runs the approval follower (see `command_api::process::approvals`), restarting it after failures.
pub fn spawn_approval_follower(follower: command_api::ApprovalFollower) -> JoinHandle<()> {
    let follower = Arc::new(follower);
    spawn_restarting("approval follower", move || {
        let follower = follower.clone();
        async move { follower.run().await }
    })
}

/// Runs the badge awarder (see `command_api::process::badges`), restarting it after failures.
pub fn spawn_badge_awarder(awarder: command_api::BadgeAwarder) -> JoinHandle<()> {
    let awarder = Arc::new(awarder);
    spawn_restarting("badge awarder", move || {
        let awarder = awarder.clone();
        async move { awarder.run().await }
    })
}

/// Runs every projector from one feed ([`ProjectorRuntime::supervise_all`]): each retried after
/// transient failures, a poisoned one stopped alone until an admin restarts it.
pub fn spawn_projectors(
    pool: &PgPool,
    js: &jetstream::Context,
    bus: &BusConfig,
) -> tokio::task::JoinHandle<()> {
    let runtime = ProjectorRuntime {
        pool: pool.clone(),
        js: js.clone(),
        bus: bus.clone(),
        options: ProjectorOptions::default(),
    };
    tokio::spawn(async move { runtime.supervise_all(projectors::all()).await })
}

/// The `/api` router with the cross-cutting layers: request ids, tracing, panics as 500s in the
/// error envelope, a body limit and a timeout.
pub fn api_app(api: Router) -> Router {
    let request_id = HeaderName::from_static("x-request-id");
    Router::new()
        .nest(
            "/api",
            api.fallback(platform::http::not_found)
                .method_not_allowed_fallback(platform::http::method_not_allowed),
        )
        .layer(tower_http::limit::RequestBodyLimitLayer::new(BODY_LIMIT))
        .layer(axum::middleware::from_fn(timeout))
        .layer(CatchPanicLayer::custom(|_| {
            platform::http::ApiError::Internal(anyhow::anyhow!("handler panicked")).into_response()
        }))
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(
            TraceLayer::new_for_http().make_span_with(|req: &Request<_>| {
                let id = req
                    .headers()
                    .get("x-request-id")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("-");
                // The path only: query strings can carry personal data.
                tracing::info_span!("http", method = %req.method(), path = %req.uri().path(), request.id = %id)
            }),
        )
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
}

/// How long readiness waits for the database.
const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// Liveness and readiness for orchestrators, outside `/api`: `GET /healthz` answers while the
/// process serves HTTP (no I/O, so a slow database never gets a live process restarted);
/// `GET /readyz` answers 200 when PostgreSQL answers within 2 s and NATS is connected, else 503
/// naming what is missing (no error text).
pub fn probes(pool: PgPool, js: jetstream::Context) -> Router {
    use axum::http::StatusCode;
    use axum::routing::get;
    let nats = js.client();
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route(
            "/readyz",
            get(move || {
                let pool = pool.clone();
                let nats = nats.clone();
                async move {
                    let db = tokio::time::timeout(
                        READY_TIMEOUT,
                        sqlx::query_scalar::<_, i32>("SELECT 1").fetch_one(&pool),
                    )
                    .await
                    .is_ok_and(|r| r.is_ok());
                    let bus = nats.connection_state() == async_nats::connection::State::Connected;
                    match (db, bus) {
                        (true, true) => (StatusCode::OK, "ready"),
                        (false, _) => (StatusCode::SERVICE_UNAVAILABLE, "not ready: database"),
                        (true, false) => (StatusCode::SERVICE_UNAVAILABLE, "not ready: nats"),
                    }
                }
            }),
        )
}

/// Every answer of a process, web app and `/api` alike, with the security headers
/// (`platform::headers`): the outermost layer, so it sees what every handler answered.
pub fn secured(app: Router, config: &Config) -> Router {
    let headers = platform::headers::SecurityHeaders::from_config(config);
    app.layer(axum::middleware::from_fn_with_state(
        headers,
        platform::headers::security_headers,
    ))
}

/// Serves the built web app (`webapp/dist`): files as they are, hashed assets cached for a year,
/// and the app's `index.html` for every other path so client routes work on reload. With the
/// read side's state (`pages`), that page carries each public page's own
/// head, a path that is nothing answers 404, and `robots.txt` and the sitemap are served
/// (`query_api::web`); without it, every other path is the plain `index.html`.
pub fn with_web_app(
    app: Router,
    dir: &std::path::Path,
    pages: Option<query_api::QueryState>,
) -> Router {
    use axum::http::HeaderValue;
    use tower_http::services::{ServeDir, ServeFile};
    use tower_http::set_header::SetResponseHeaderLayer;
    let index = dir.join("index.html");
    let Ok(html) = std::fs::read_to_string(&index) else {
        tracing::warn!(dir = %dir.display(), "web app not built (run `npm run build` in webapp/): serving the API only");
        return app.layer(compression());
    };
    let assets = Router::new()
        .nest_service("/assets", ServeDir::new(dir.join("assets")))
        .layer(SetResponseHeaderLayer::overriding(
            axum::http::header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ));
    // Without it (logged), every other path is the plain index.html, as before.
    let web = pages.and_then(|query| query_api::web::Web::new(query, &html));
    let files = tower::ServiceBuilder::new().layer(SetResponseHeaderLayer::if_not_present(
        axum::http::header::CACHE_CONTROL,
        HeaderValue::from_static("no-cache"),
    ));
    let app = app.merge(assets);
    let app = match web {
        Some(web) => app.fallback_service(
            files.service(
                ServeDir::new(dir)
                    .append_index_html_on_directories(false)
                    .fallback(query_api::web::router(web)),
            ),
        ),
        None => {
            app.fallback_service(files.service(ServeDir::new(dir).fallback(ServeFile::new(index))))
        }
    };
    app.layer(compression())
}

/// gzip or brotli, as the client accepts: JSON and the JS bundle shrink about 4x. Streamed
/// progress (`application/x-ndjson`) goes as it is, so each line reaches the browser when sent.
fn compression(
) -> tower_http::compression::CompressionLayer<impl tower_http::compression::Predicate> {
    use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
    tower_http::compression::CompressionLayer::new().compress_when(
        DefaultPredicate::new().and(NotForContentType::const_new("application/x-ndjson")),
    )
}

/// Builds the query API's state (read-your-writes tracker included). Creates the read models'
/// tables first, so reads answer (empty) before the projectors have run.
pub async fn query_state(
    services: &Services,
    config: &Config,
) -> anyhow::Result<query_api::QueryState> {
    projectors::prepare_all(&services.pool).await?;
    let index = search_index(config).await?;
    Ok(query_api::QueryState::new(query_api::state::Shared {
        search: query_api::search::SearchService::start(services.pool.clone(), index),
        pool: services.pool.clone(),
        positions: query_api::Positions::start(services.pool.clone()).await?,
        geo: query_api::geo::GeoIndex::start(services.pool.clone()),
        encoded: Arc::new(query_api::encoded::EncodedArtworks::new(
            config.artwork_cache_bytes,
        )),
        js: Some(services.js.clone()),
        bus: services.bus.clone(),
        mailer: Some(mailer(config)?),
        storage: storage(config)?,
        image_signing: Default::default(),
        product_name: config.product_name.clone(),
        public_url: config.public_url.clone(),
        data_terms: query_api::export::Terms {
            licence: config.data_licence.clone(),
            attribution: config.data_attribution.clone(),
        },
        client: query_api::state::ClientConfig::from_config(config),
        status_cache: Default::default(),
        places: Arc::new(query_api::recent::Recent::new(query_api::PLACES_TTL)),
    }))
}

/// The configured search backend: Tantivy under `<data dir>/search` (default), or Meilisearch.
pub async fn search_index(config: &Config) -> anyhow::Result<Arc<dyn search::SearchIndex>> {
    Ok(match config.search_backend {
        platform::config::SearchBackend::Tantivy => {
            let dir = config.data_dir.join("search");
            std::fs::create_dir_all(&dir).with_context(|| {
                format!("creating the search index directory {}", dir.display())
            })?;
            Arc::new(
                search::TantivyIndex::open(&dir)
                    .with_context(|| format!("opening the search index in {}", dir.display()))?,
            )
        }
        platform::config::SearchBackend::Meilisearch => {
            let url = config.meili_url.as_deref().ok_or_else(|| {
                anyhow::anyhow!("MEILI_URL: required when SEARCH_BACKEND=meilisearch")
            })?;
            Arc::new(
                search::MeiliIndex::connect(url, config.meili_api_key.as_deref(), "plinth")
                    .await
                    .context("connecting to Meilisearch (MEILI_URL)")?,
            )
        }
    })
}

/// SMTP when `SMTP_URL` is set, else the outbox under the data dir.
pub fn mailer(config: &Config) -> anyhow::Result<platform::mail::Mailer> {
    platform::mail::Mailer::new(
        config.smtp_url.as_deref(),
        &config.mail_from,
        &config.data_dir,
    )
}

/// Identity's write side: accounts, permissions and sign-in mail.
pub fn accounts(
    commands: command_api::Commands,
    config: &Config,
) -> anyhow::Result<command_api::Accounts> {
    let settings = command_api::AuthSettings {
        public_url: config.public_url.clone(),
        product_name: config.product_name.clone(),
        admin_emails: config.admin_emails.clone(),
    };
    Ok(command_api::Accounts::new(
        commands,
        mailer(config)?,
        settings,
    ))
}

/// Builds the write API's state: accounts, and submissions with the photo worker (started here).
pub fn command_state(
    services: &Services,
    config: &Config,
) -> anyhow::Result<command_api::CommandState> {
    let commands = command_api::Commands::new(services.pool.clone());
    let media = command_api::Media::start(
        services.pool.clone(),
        storage(config)?,
        config.render_budget_bytes,
    );
    let accounts = accounts(commands.clone(), config)?;
    command_api::housekeeping::spawn(services.pool.clone(), HOUSEKEEPING_EVERY);
    Ok(command_api::CommandState {
        accounts,
        commands: commands.clone(),
        replays: command_api::replays::Replays::new(commands.pool().clone()),
        submissions: command_api::Submissions::new(commands, media),
    })
}

/// Photo storage: `STORAGE_URL`, or files under the data dir.
pub fn storage(config: &Config) -> anyhow::Result<Arc<platform::storage::Storage>> {
    Ok(Arc::new(platform::storage::Storage::from_config(
        config.storage_url.as_deref(),
        &config.data_dir,
    )?))
}

/// The `/api` routes of the given sides (both for `serve`), the OpenAPI document, and the
/// request extensions routes read (trusted proxy hops for client addresses).
pub fn api_routes(
    query: Option<query_api::QueryState>,
    command: Option<command_api::CommandState>,
    config: &Config,
) -> Router {
    let mut api = Router::new().route(
        "/openapi.json",
        axum::routing::get(crate::openapi::openapi_json),
    );
    if let Some(q) = query {
        api = api.merge(query_api::router(q));
    }
    if let Some(c) = command {
        let imports = importer::admin::ImportState::new(
            c.commands.clone(),
            c.submissions.media().storage().clone(),
        );
        api = api
            .merge(importer::admin::router(imports))
            .merge(command_api::router(c));
    }
    api.layer(axum::Extension(platform::http::TrustedProxyHops(
        config.trusted_proxy_hops,
    )))
}

/// How long a stopping process lets the requests in flight (uploads among them) finish.
pub const REQUEST_GRACE: Duration = Duration::from_secs(20);
/// How long a stopping process then lets the photo renders it runs finish (queued photos are
/// left for the next start). The two together stay within the 40 s the k8s manifests give.
pub const RENDER_GRACE: Duration = Duration::from_secs(15);

/// Serves `app` until `stop` resolves, then takes no new connections and lets the requests in
/// flight finish, for at most `grace`: a bounded graceful shutdown. Answers whether every
/// request finished.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    app: Router,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
    grace: Duration,
) -> std::io::Result<bool> {
    let (stopping, mut stopped) = tokio::sync::watch::channel(false);
    let signal = async move {
        stop.await;
        let _ = stopping.send(true);
    };
    let server = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(signal);
    let deadline = async move {
        let _ = stopped.wait_for(|s| *s).await;
        tracing::info!(
            grace_secs = grace.as_secs(),
            "stopping: finishing the requests in flight"
        );
        tokio::time::sleep(grace).await;
    };
    tokio::select! {
        served = async move { server.await } => served.map(|()| true),
        () = deadline => {
            tracing::warn!("stopping with requests unfinished after the grace period");
            Ok(false)
        }
    }
}

/// Resolves when the process is asked to stop (Ctrl-C or SIGTERM).
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower::ServiceExt;

    /// Found by fuzzing (issue 27): a path asked with a method it does not take was a 405 with
    /// an empty body; it is the error envelope, with `Allow`.
    #[tokio::test]
    async fn a_method_a_route_does_not_take_gets_the_error_envelope() {
        let api = Router::new().route("/lists/{id}", axum::routing::get(|| async { "list" }));
        let answer = api_app(api)
            .oneshot(
                Request::post("/api/lists/items")
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(answer.status(), 405);
        assert!(answer.headers().get("allow").is_some());
        let body = axum::body::to_bytes(answer.into_body(), 1 << 16)
            .await
            .unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["success"], false);
        assert_eq!(body["error"], "METHOD_NOT_ALLOWED");
        assert!(body["message"].is_string());
    }

    /// A browser always asks for compression; streamed progress must still arrive line by line
    /// and whole (a compressed stream lost its last line: the report).
    #[tokio::test]
    async fn streamed_lines_are_not_compressed_and_json_is() {
        let lines = || {
            let body = axum::body::Body::from_stream(futures::stream::iter(
                ["{\"a\":1}\n", "{\"b\":2}\n"].map(Ok::<_, std::convert::Infallible>),
            ));
            ([("content-type", "application/x-ndjson")], body)
        };
        let json = || async { axum::Json(serde_json::json!({"text": "x".repeat(4096)})) };
        let app = with_web_app(
            Router::new()
                .route("/lines", axum::routing::get(move || async move { lines() }))
                .route("/json", axum::routing::get(json)),
            std::path::Path::new("/nonexistent"),
            None,
        );
        let ask = |path: &str| {
            Request::get(path)
                .header("accept-encoding", "gzip, br")
                .body(axum::body::Body::empty())
                .unwrap()
        };
        let answer = app.clone().oneshot(ask("/lines")).await.unwrap();
        assert!(answer.headers().get("content-encoding").is_none());
        let body = axum::body::to_bytes(answer.into_body(), 1 << 16)
            .await
            .unwrap();
        assert_eq!(&body[..], b"{\"a\":1}\n{\"b\":2}\n");
        let answer = app.oneshot(ask("/json")).await.unwrap();
        assert!(answer.headers().get("content-encoding").is_some());
    }
}
