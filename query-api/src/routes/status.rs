//! `GET /api/status`: is each part up, for everyone — cheap (computed at most every few seconds,
//! whoever asks) and free of internal detail. `GET /api/admin/status`: each component's latency
//! and errors, the relay's and each projector's position, lag and last error, for admins. A
//! missing optional service degrades the answer; it never fails the call.

use async_nats::jetstream::consumer::pull;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use platform::eventlog;
use platform::http::ok;
use platform::position::EventPosition;
use serde::Serialize;
use std::time::{Duration, Instant};

use crate::state::QueryState;
use platform::identity::Admin;
use std::sync::Arc;

/// How long one public answer is served to everyone.
const PUBLIC_TTL: Duration = Duration::from_secs(5);

/// The last public answer and when it was made; its lock also makes concurrent askers wait for
/// one computation instead of each running the checks.
#[derive(Clone, Default)]
pub struct StatusCache(Arc<tokio::sync::Mutex<Option<(Instant, StatusCode, PublicStatus)>>>);

/// The public answer: up or not, per part. No error text, lag or position.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublicStatus {
    /// `ok` or `degraded`.
    pub status: &'static str,
    pub product_name: String,
    pub version: &'static str,
    pub components: PublicComponents,
    pub projectors: Vec<PublicProjector>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublicComponents {
    pub database: Health,
    pub nats: Health,
    pub mail: Health,
    pub storage: Health,
    pub search: PublicSearch,
    pub geo_index: Health,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Health {
    /// `ok`, `loading` or `down`.
    pub status: &'static str,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublicSearch {
    pub status: &'static str,
    /// `tantivy` or `meilisearch`.
    pub backend: &'static str,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublicProjector {
    pub name: String,
    /// `ok`; `degraded` while its last batch failed (it retries); `stopped` on an event
    /// whose projection keeps failing, until an admin restarts it.
    pub status: &'static str,
    /// Nothing waits for it: no event in the store or message in JetStream it has not applied.
    pub caught_up: bool,
}

impl PublicStatus {
    fn of(r: &StatusReport) -> Self {
        let health = |c: &Component| Health { status: c.status };
        Self {
            status: r.status,
            product_name: r.product_name.clone(),
            version: r.version,
            components: PublicComponents {
                database: health(&r.components.database),
                nats: health(&r.components.nats),
                mail: health(&r.components.mail),
                storage: health(&r.components.storage),
                search: PublicSearch {
                    status: r.components.search.status,
                    backend: r.components.search.backend,
                },
                geo_index: Health {
                    status: r.components.geo_index.status,
                },
            },
            projectors: r
                .projectors
                .iter()
                .map(|p| PublicProjector {
                    name: p.name.clone(),
                    status: p.status,
                    caught_up: p.lag_events == 0 && p.pending.unwrap_or(0) == 0,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StatusReport {
    pub status: &'static str,
    pub product_name: String,
    pub version: &'static str,
    pub components: Components,
    pub relay: Option<RelayStatus>,
    pub projectors: Vec<ProjectorStatus>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Components {
    pub database: Component,
    pub nats: Component,
    /// SMTP answers (or, without SMTP_URL, the outbox directory is writable).
    pub mail: Component,
    /// Photo storage answers a write, read and delete.
    pub storage: Component,
    pub search: SearchStatus,
    pub geo_index: GeoStatus,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SearchStatus {
    /// `ok`, `loading` (first sync not done), or `down` (backend failing).
    pub status: &'static str,
    /// `tantivy` or `meilisearch`.
    pub backend: &'static str,
    pub documents: Option<u64>,
    pub position: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GeoStatus {
    /// `ok` once loaded; `loading` while nearby is answered from PostgreSQL.
    pub status: &'static str,
    pub artworks: usize,
    pub position: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Component {
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latency_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RelayStatus {
    pub position: String,
    pub published: i64,
    pub head: String,
    /// Events stored but not yet published.
    pub lag_events: i64,
    /// The oldest open transaction that has written (or holds a transaction id): the relay
    /// publishes nothing newer than it until it ends. Reported, and the whole status degraded,
    /// once it is older than 30 s.
    pub holding_transaction: Option<OpenTransaction>,
}

/// A transaction holding the relay back.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OpenTransaction {
    /// Its server process, for `pg_terminate_backend` when it must go.
    pub pid: i32,
    pub age_secs: f64,
    /// `active`, `idle in transaction`, …
    pub state: Option<String>,
}

/// An open transaction older than this holding the relay is reported.
const LONG_TRANSACTION_SECS: f64 = 30.0;

/// The oldest transaction in this database holding a transaction id, if it is at least
/// `min_age_secs` old.
pub async fn oldest_open_transaction(
    pool: &sqlx::PgPool,
    min_age_secs: f64,
) -> Option<OpenTransaction> {
    let row: Option<(i32, f64, Option<String>)> = sqlx::query_as(
        "SELECT pid, extract(epoch FROM clock_timestamp() - xact_start)::float8, state
           FROM pg_stat_activity
          WHERE datname = current_database()
            AND backend_xid IS NOT NULL AND xact_start IS NOT NULL
          ORDER BY xact_start LIMIT 1",
    )
    .fetch_optional(pool)
    .await
    .ok()
    .flatten();
    row.filter(|(_, age, _)| *age >= min_age_secs)
        .map(|(pid, age_secs, state)| OpenTransaction {
            pid,
            age_secs,
            state,
        })
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProjectorStatus {
    pub name: String,
    pub position: String,
    pub applied: i64,
    /// Messages JetStream holds for this projector that it has not acknowledged.
    pub pending: Option<u64>,
    /// Events in the store after its position.
    pub lag_events: i64,
    pub last_error: Option<String>,
    pub status: &'static str,
    /// The event it stopped at (`Type/id#sequence at tx:position`), when stopped.
    pub stopped_event: Option<String>,
}

/// Lag counts stop here: beyond it the number is only "large".
const LAG_CAP: i64 = 1_000_000;
const NATS_TIMEOUT: Duration = Duration::from_secs(2);

async fn events_after(state: &QueryState, p: EventPosition) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT count(*) FROM (SELECT 1 FROM es.events \
         WHERE (tx_id, global_position) > ($1, $2) LIMIT $3) t",
    )
    .bind(p.tx)
    .bind(p.pos)
    .bind(LAG_CAP)
    .fetch_one(&state.pool)
    .await
}

async fn nats_pending(state: &QueryState, consumer: &str) -> Option<u64> {
    let js = state.js.as_ref()?;
    let work = async {
        let stream = js.get_stream(&state.bus.stream).await.ok()?;
        let mut c = stream.get_consumer::<pull::Config>(consumer).await.ok()?;
        let info = c.info().await.ok()?;
        Some(info.num_pending + info.num_ack_pending as u64)
    };
    tokio::time::timeout(NATS_TIMEOUT, work)
        .await
        .ok()
        .flatten()
}

impl Component {
    fn down(error: &str) -> Self {
        Component {
            status: "down",
            latency_ms: None,
            error: Some(error.to_owned()),
        }
    }
}

/// Times one health check, bounded by `NATS_TIMEOUT`.
async fn probe(check: impl std::future::Future<Output = Result<(), String>>) -> Component {
    let t = Instant::now();
    match tokio::time::timeout(NATS_TIMEOUT, check).await {
        Ok(Ok(())) => Component {
            status: "ok",
            latency_ms: Some(t.elapsed().as_secs_f64() * 1000.0),
            error: None,
        },
        Ok(Err(e)) => Component::down(&e),
        Err(_) => Component::down("timed out"),
    }
}

#[utoipa::path(get, path = "/api/status", tag = "status",
    responses(
        (status = 200, description = "Up or not, per part; the same answer for everyone for a few seconds", body = platform::http::Envelope<PublicStatus>),
        (status = 503, description = "The database does not answer", body = platform::http::Envelope<PublicStatus>),
    ))]
pub async fn get_status(State(state): State<QueryState>) -> Response {
    let mut cached = state.status_cache.0.lock().await;
    let fresh = cached
        .as_ref()
        .filter(|(at, _, _)| at.elapsed() < PUBLIC_TTL)
        .map(|(_, code, public)| (*code, public.clone()));
    let (code, public) = match fresh {
        Some(hit) => hit,
        None => {
            let (code, full) = report(&state).await;
            let public = PublicStatus::of(&full);
            *cached = Some((Instant::now(), code, public.clone()));
            (code, public)
        }
    };
    drop(cached);
    let mut r = (code, ok(public)).into_response();
    r.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("public, max-age=5"),
    );
    r
}

/// `GET /api/admin/status`: the whole report, for admins.
#[utoipa::path(get, path = "/api/admin/status", tag = "status",
    responses(
        (status = 200, body = platform::http::Envelope<StatusReport>),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not an admin", body = platform::http::ErrorBody),
        (status = 503, description = "The database does not answer", body = platform::http::Envelope<StatusReport>),
    ))]
pub async fn get_admin_status(
    State(state): State<QueryState>,
    Admin(caller): Admin,
) -> Result<Response, platform::http::ApiError> {
    caller.require_admin()?;
    let (code, full) = report(&state).await;
    let mut r = (code, ok(full)).into_response();
    r.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    Ok(r)
}

/// Every check, run now.
async fn report(state: &QueryState) -> (StatusCode, StatusReport) {
    let state = state.clone();
    let started = Instant::now();
    let db = sqlx::query_scalar::<_, i32>("SELECT 1")
        .fetch_one(&state.pool)
        .await;
    let database = match db {
        Ok(_) => Component {
            status: "ok",
            latency_ms: Some(started.elapsed().as_secs_f64() * 1000.0),
            error: None,
        },
        Err(e) => Component {
            status: "down",
            latency_ms: None,
            error: Some(e.to_string()),
        },
    };
    let nats = match &state.js {
        None => Component::down("not connected"),
        Some(js) => {
            probe(async {
                js.get_stream(&state.bus.stream)
                    .await
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            })
            .await
        }
    };
    let mail = match &state.mailer {
        None => Component::down("not configured in this process"),
        Some(m) => probe(m.health()).await,
    };
    let storage = probe(state.storage.health()).await;

    let search = {
        let index = state.search.index();
        let health = tokio::time::timeout(NATS_TIMEOUT, index.health()).await;
        let error = match health {
            Ok(Ok(())) => state.search.last_error(),
            Ok(Err(e)) => Some(e.to_string()),
            Err(_) => Some("timed out".into()),
        };
        SearchStatus {
            status: if error.is_some() {
                "down"
            } else if state.search.is_ready() {
                "ok"
            } else {
                "loading"
            },
            backend: index.backend(),
            documents: index.doc_count().await.ok(),
            position: state.search.position().to_string(),
            error,
        }
    };

    let mut relay = None;
    let mut projectors = Vec::new();
    if database.status == "ok" {
        let head = eventlog::head(&state.pool).await.unwrap_or_default();
        let relay_row: Option<(i64, i64, i64)> = sqlx::query_as(
            "SELECT tx_id, position, published FROM es.relay_checkpoints WHERE name = $1",
        )
        .bind(format!("relay:{}", state.bus.stream))
        .fetch_optional(&state.pool)
        .await
        .ok()
        .flatten();
        if let Some((tx, pos, published)) = relay_row {
            let p = EventPosition::new(tx, pos);
            relay = Some(RelayStatus {
                position: p.to_string(),
                published,
                head: head.to_string(),
                lag_events: events_after(&state, p).await.unwrap_or(-1),
                holding_transaction: oldest_open_transaction(&state.pool, LONG_TRANSACTION_SECS)
                    .await,
            });
        }
        let rows = projectors::checkpoints::statuses(&state.pool)
            .await
            .unwrap_or_default();
        for projectors::checkpoints::CheckpointRow {
            name,
            tx_id,
            position,
            applied,
            last_error,
            stopped,
            stopped_event,
        } in rows
        {
            let p = EventPosition::new(tx_id, position);
            projectors.push(ProjectorStatus {
                pending: nats_pending(&state, &name).await,
                lag_events: events_after(&state, p).await.unwrap_or(-1),
                status: if stopped {
                    "stopped"
                } else if last_error.is_some() {
                    "degraded"
                } else {
                    "ok"
                },
                stopped_event,
                position: p.to_string(),
                name,
                applied,
                last_error,
            });
        }
    }
    let healthy = database.status == "ok"
        && nats.status == "ok"
        && mail.status == "ok"
        && storage.status == "ok"
        && search.status != "down"
        && projectors.iter().all(|p| p.status == "ok")
        && relay
            .as_ref()
            .is_none_or(|r| r.holding_transaction.is_none());
    let report = StatusReport {
        status: if healthy { "ok" } else { "degraded" },
        product_name: state.product_name.clone(),
        version: env!("CARGO_PKG_VERSION"),
        components: Components {
            database,
            nats,
            mail,
            storage,
            search,
            geo_index: GeoStatus {
                status: if state.geo.is_ready() {
                    "ok"
                } else {
                    "loading"
                },
                artworks: state.geo.len(),
                position: state.geo.position().to_string(),
            },
        },
        relay,
        projectors,
    };
    // Degraded is still an answer: 200 with the details; only a dead database is a 503.
    let code = if report.components.database.status == "ok" {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (code, report)
}

/// `GET /api/config`: the instance's name and map settings for the web app.
#[utoipa::path(get, path = "/api/config", tag = "status",
    responses((status = 200, body = platform::http::Envelope<crate::state::ClientConfig>)))]
pub async fn get_config(State(state): State<QueryState>) -> Response {
    ok(state.client.clone()).into_response()
}
