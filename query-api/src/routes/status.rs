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
use std::time::{Duration, Instant};

use crate::health::*;
use crate::state::QueryState;
use platform::identity::Admin;

/// An open transaction older than this holding the relay is reported.
const LONG_TRANSACTION_SECS: f64 = 30.0;

/// Lag counts stop here: beyond it the number is only "large".
const LAG_CAP: i64 = 1_000_000;
const NATS_TIMEOUT: Duration = Duration::from_secs(2);

async fn events_after(state: &QueryState, p: EventPosition) -> Result<i64, sqlx::Error> {
    eventlog::count_after(&state.pool, p, LAG_CAP).await
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
        (status = 503, description = "The database does not answer", body = platform::http::Envelope<StatusReport>),
        Admin))]
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
    let started = Instant::now();
    let db = platform::db::ping(&state.pool).await;
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
        let relay_row =
            eventlog::relay_checkpoint(&state.pool, &format!("relay:{}", state.bus.stream))
                .await
                .ok()
                .flatten();
        if let Some((p, published)) = relay_row {
            relay = Some(RelayStatus {
                position: p.to_string(),
                published,
                head: head.to_string(),
                lag_events: events_after(state, p).await.unwrap_or(-1),
                holding_transaction: platform::db::oldest_open_transaction(
                    &state.pool,
                    LONG_TRANSACTION_SECS,
                )
                .await,
            });
        }
        let rows = projectors::checkpoints::statuses(&state.pool)
            .await
            .unwrap_or_default();
        // One feed serves every projector: what it has not taken yet is pending for each.
        let pending = nats_pending(state, projectors::feed::FEED).await;
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
                pending,
                lag_events: events_after(state, p).await.unwrap_or(-1),
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
        memory: crate::health::MemoryStatus::now(&state.geo, &state.encoded),
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
