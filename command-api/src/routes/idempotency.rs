//! `Idempotency-Key` on write requests (issue 15): a client that retries a request after a
//! dropped connection or a timeout sends the same key, and gets the first request's answer
//! instead of a second submission.
//!
//! Keys are scoped to the caller's identity. The first request claims the key; a retry while
//! it runs is told 409; once it succeeded its answer (status, body, event position) is kept for
//! [`KEEP`] and replayed. A request that fails, or whose client goes away before it finishes,
//! gives its key up, so a retry runs again. A claim left by a process that died is taken over
//! after [`STALE`].

use std::time::Duration;

use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use platform::http::{ApiError, EVENT_POSITION_HEADER};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

/// The request header.
pub const HEADER: &str = "idempotency-key";
/// Set on a replayed answer.
pub const REPLAYED_HEADER: &str = "idempotent-replayed";
/// How long a succeeded request's answer is replayed.
pub const KEEP: Duration = Duration::from_secs(24 * 3600);
/// A claim this old whose request never finished belongs to a process that died.
pub const STALE: Duration = Duration::from_secs(15 * 60);
const MAX_KEY_LEN: usize = 255;

/// The request's key, if it sent one: 1–255 visible ASCII characters.
pub fn key_from(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(raw) = headers.get(HEADER) else {
        return Ok(None);
    };
    let bad = || {
        ApiError::validation(
            "Idempotency-Key",
            "Idempotency-Key must be 1 to 255 visible ASCII characters",
        )
    };
    let key = raw.to_str().map_err(|_| bad())?;
    if key.is_empty() || key.len() > MAX_KEY_LEN || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad());
    }
    Ok(Some(key.to_owned()))
}

/// What a request with a key does.
pub enum Begin {
    /// It runs: the first with this key (or the first since the key was given up).
    Run(Claim),
    /// It answers what the first request answered.
    Replay(Response),
}

/// Claims `key` for `actor`, or answers why not: the first request's answer to replay, or 409
/// while that request runs.
pub async fn begin(pool: &PgPool, actor: Uuid, key: &str) -> Result<Begin, ApiError> {
    let claimed: Option<bool> = sqlx::query_scalar(
        "INSERT INTO api.idempotency_keys AS k (actor_id, key) VALUES ($1, $2)
         ON CONFLICT (actor_id, key) DO UPDATE
            SET started_at = now(), status = NULL, body = NULL, position = NULL
          WHERE (k.status IS NULL AND k.started_at < now() - make_interval(secs => $3))
             OR k.started_at < now() - make_interval(secs => $4)
         RETURNING true",
    )
    .bind(actor)
    .bind(key)
    .bind(STALE.as_secs_f64())
    .bind(KEEP.as_secs_f64())
    .fetch_optional(pool)
    .await?;
    if claimed.is_some() {
        return Ok(Begin::Run(Claim {
            pool: pool.clone(),
            actor,
            key: key.to_owned(),
            done: false,
        }));
    }
    let first: Option<(Option<i16>, Option<Value>, Option<String>)> = sqlx::query_as(
        "SELECT status, body, position FROM api.idempotency_keys WHERE actor_id = $1 AND key = $2",
    )
    .bind(actor)
    .bind(key)
    .fetch_optional(pool)
    .await?;
    match first {
        Some((Some(status), Some(body), position)) => {
            Ok(Begin::Replay(replay(status, body, position.as_deref())))
        }
        // In flight, or given up between the two statements: the client retries either way.
        _ => Err(ApiError::Conflict(
            "A request with this Idempotency-Key is still being processed".into(),
        )),
    }
}

fn replay(status: i16, body: Value, position: Option<&str>) -> Response {
    let status = u16::try_from(status)
        .ok()
        .and_then(|s| StatusCode::from_u16(s).ok())
        .unwrap_or(StatusCode::OK);
    let mut r = (status, Json(body)).into_response();
    let headers = r.headers_mut();
    headers.insert(REPLAYED_HEADER, HeaderValue::from_static("true"));
    if let Some(v) = position.and_then(|p| HeaderValue::from_str(p).ok()) {
        headers.insert(EVENT_POSITION_HEADER, v);
    }
    r
}

/// A claimed key: [`Claim::complete`] keeps the answer; dropped without it, the key is given up.
pub struct Claim {
    pool: PgPool,
    actor: Uuid,
    key: String,
    done: bool,
}

impl Claim {
    /// Keeps a succeeded request's answer for replay.
    pub async fn complete(
        mut self,
        status: StatusCode,
        body: &Value,
        position: Option<&str>,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE api.idempotency_keys SET status = $3, body = $4, position = $5
              WHERE actor_id = $1 AND key = $2",
        )
        .bind(self.actor)
        .bind(&self.key)
        .bind(i16::try_from(status.as_u16()).unwrap_or(200))
        .bind(body)
        .bind(position)
        .execute(&self.pool)
        .await?;
        self.done = true;
        Ok(())
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        // The request failed or was cut off: give the key up so a retry runs again.
        let (pool, actor, key) = (self.pool.clone(), self.actor, std::mem::take(&mut self.key));
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(async move {
                let released = sqlx::query(
                    "DELETE FROM api.idempotency_keys
                      WHERE actor_id = $1 AND key = $2 AND status IS NULL",
                )
                .bind(actor)
                .bind(&key)
                .execute(&pool)
                .await;
                if let Err(e) = released {
                    tracing::warn!(error = %e, "could not give up an idempotency key");
                }
            });
        }
    }
}

/// Forgets answers older than [`KEEP`]; answers the rows deleted.
pub async fn prune(pool: &PgPool) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(
        "DELETE FROM api.idempotency_keys WHERE started_at < now() - make_interval(secs => $1)",
    )
    .bind(KEEP.as_secs_f64())
    .execute(pool)
    .await?
    .rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(value: &[u8]) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(HEADER, HeaderValue::from_bytes(value).unwrap());
        h
    }

    #[test]
    fn a_key_is_one_to_255_visible_ascii_characters() {
        assert_eq!(key_from(&HeaderMap::new()).unwrap(), None);
        assert_eq!(
            key_from(&headers(b"3f2b-retry-1")).unwrap().as_deref(),
            Some("3f2b-retry-1")
        );
        assert!(key_from(&headers(&[b'k'; 255])).is_ok());
        for bad in [&b""[..], &[b'k'; 256], b"has space", b"caf\xc3\xa9"] {
            let e = key_from(&headers(bad)).unwrap_err();
            assert_eq!(e.code(), "VALIDATION_ERROR", "{bad:?}");
        }
    }
}
