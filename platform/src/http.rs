//! The HTTP contract shared by both APIs (DESIGN §6): the success envelope, one error type whose
//! body is `{success:false, error, message, details?, timestamp}`, and extractors whose
//! rejections use that same body.

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{FromRequestParts, OptionalFromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chrono::{SecondsFormat, Utc};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use uuid::Uuid;

pub const EVENT_POSITION_HEADER: &str = "x-event-position";
pub const MIN_POSITION_HEADER: &str = "x-min-position";

/// The envelope's timestamp: now, in RFC 3339 with milliseconds.
pub fn now() -> String {
    Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// `{success: true, data, message, timestamp}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Envelope<T> {
    pub success: bool,
    pub data: T,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub timestamp: String,
}

pub fn ok<T: Serialize>(data: T) -> Json<Envelope<T>> {
    Json(Envelope {
        success: true,
        data,
        message: None,
        timestamp: now(),
    })
}

/// The body of every error response (documentation; `ApiError` builds it).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Always false.
    pub success: bool,
    /// VALIDATION_ERROR, INVALID_TOKEN, NOT_FOUND, CONFLICT, UNAUTHORIZED, SESSION_ENDED,
    /// FORBIDDEN, RATE_LIMITED, REQUEST_TIMEOUT, SERVICE_UNAVAILABLE or INTERNAL_ERROR.
    pub error: String,
    pub message: String,
    /// `{field}` for validation errors, `{reference_id}` for internal ones.
    #[schema(value_type = Option<Object>)]
    pub details: Option<Value>,
    pub timestamp: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Bad input: 400 with `VALIDATION_ERROR` and, where known, the field.
    #[error("{message}")]
    Validation {
        message: String,
        field: Option<String>,
    },
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("Authentication required")]
    Unauthorized,
    /// 401 `SESSION_ENDED`: a write under a session that was signed out, revoked or expired.
    #[error("Your sign-in has ended. Sign in again to continue.")]
    SessionEnded,
    #[error("{0}")]
    Forbidden(String),
    #[error("{message}")]
    RateLimited {
        retry_after_secs: u64,
        message: String,
    },
    /// A sign-in link or code that is unknown, used, expired or wrong: 400 `INVALID_TOKEN`.
    #[error("{0}")]
    InvalidToken(String),
    /// 413 `PAYLOAD_TOO_LARGE`: an upload over its size limit.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// 415 `UNSUPPORTED_MEDIA_TYPE`: an upload that is not an accepted image by its content.
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// 408 `REQUEST_TIMEOUT`: a request body that stopped arriving.
    #[error("{0}")]
    RequestTimeout(String),
    #[error("{0}")]
    Unavailable(String),
    /// 503 `SERVICE_UNAVAILABLE` with `Retry-After`: this process is at a load limit.
    #[error("{message}")]
    Busy {
        retry_after_secs: u64,
        message: String,
    },
    /// Logged with its cause; the client sees only a reference id.
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// 429 with `Retry-After` and a message saying how long to wait.
    pub fn rate_limited(retry_after_secs: u64, what: &str) -> Self {
        let minutes = retry_after_secs.div_ceil(60);
        let wait = if retry_after_secs < 60 {
            format!("{retry_after_secs} seconds")
        } else if minutes == 1 {
            "1 minute".to_owned()
        } else {
            format!("{minutes} minutes")
        };
        ApiError::RateLimited {
            retry_after_secs,
            message: format!("Too many {what}. Try again in {wait}."),
        }
    }

    pub fn validation(field: &str, message: impl Into<String>) -> Self {
        ApiError::Validation {
            message: message.into(),
            field: Some(field.to_owned()),
        }
    }

    pub fn internal(e: impl Into<anyhow::Error>) -> Self {
        ApiError::Internal(e.into())
    }

    /// The error code the envelope carries (`VALIDATION_ERROR`, `CONFLICT`, …).
    pub fn code(&self) -> &'static str {
        self.parts().1
    }

    fn parts(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::Validation { .. } => (StatusCode::BAD_REQUEST, "VALIDATION_ERROR"),
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, "NOT_FOUND"),
            ApiError::Conflict(_) => (StatusCode::CONFLICT, "CONFLICT"),
            ApiError::Unauthorized => (StatusCode::UNAUTHORIZED, "UNAUTHORIZED"),
            ApiError::SessionEnded => (StatusCode::UNAUTHORIZED, "SESSION_ENDED"),
            ApiError::Forbidden(_) => (StatusCode::FORBIDDEN, "FORBIDDEN"),
            ApiError::RateLimited { .. } => (StatusCode::TOO_MANY_REQUESTS, "RATE_LIMITED"),
            ApiError::InvalidToken(_) => (StatusCode::BAD_REQUEST, "INVALID_TOKEN"),
            ApiError::PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "PAYLOAD_TOO_LARGE"),
            ApiError::UnsupportedMediaType(_) => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "UNSUPPORTED_MEDIA_TYPE")
            }
            ApiError::RequestTimeout(_) => (StatusCode::REQUEST_TIMEOUT, "REQUEST_TIMEOUT"),
            ApiError::Unavailable(_) | ApiError::Busy { .. } => {
                (StatusCode::SERVICE_UNAVAILABLE, "SERVICE_UNAVAILABLE")
            }
            ApiError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "INTERNAL_ERROR"),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::Internal(e.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.parts();
        let mut body = json!({
            "success": false,
            "error": code,
            "message": self.to_string(),
            "timestamp": now(),
        });
        match &self {
            ApiError::Validation {
                field: Some(field), ..
            } => {
                body["details"] = json!({ "field": field });
            }
            ApiError::Internal(cause) => {
                let reference = Uuid::now_v7();
                tracing::error!(error.reference = %reference, error = ?cause, "request failed");
                body["message"] = Value::from("An unexpected error occurred");
                body["details"] = json!({ "reference_id": reference });
            }
            _ => {}
        }
        let mut response = (status, Json(body)).into_response();
        if let ApiError::RateLimited {
            retry_after_secs, ..
        }
        | ApiError::Busy {
            retry_after_secs, ..
        } = self
        {
            if let Ok(v) = HeaderValue::from_str(&retry_after_secs.to_string()) {
                response.headers_mut().insert("retry-after", v);
            }
        }
        response
    }
}

/// `axum::extract::Query` with the error envelope.
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|q| Query(q.0))
            .map_err(|e: QueryRejection| ApiError::Validation {
                message: e
                    .body_text()
                    .replace("Failed to deserialize query string: ", ""),
                field: None,
            })
    }
}

/// A uuid path segment; anything else is a 400 naming the segment.
pub struct PathId(pub Uuid);

impl<S: Send + Sync> FromRequestParts<S> for PathId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let axum::extract::Path(raw): axum::extract::Path<String> =
            <axum::extract::Path<String> as FromRequestParts<S>>::from_request_parts(parts, state)
                .await
                .map_err(|e: PathRejection| ApiError::Validation {
                    message: e.body_text(),
                    field: Some("id".into()),
                })?;
        Uuid::parse_str(&raw)
            .map(PathId)
            .map_err(|_| ApiError::validation("id", "id must be a UUID"))
    }
}

/// The `X-Min-Position` a client asks reads to reflect; malformed values are a 400.
pub struct MinPosition(pub crate::position::EventPosition);

impl<S: Send + Sync> OptionalFromRequestParts<S> for MinPosition {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Option<Self>, ApiError> {
        let Some(raw) = parts.headers.get(MIN_POSITION_HEADER) else {
            return Ok(None);
        };
        raw.to_str()
            .ok()
            .and_then(|s| s.parse().ok())
            .map(|p| Some(MinPosition(p)))
            .ok_or_else(|| {
                ApiError::validation(
                    "X-Min-Position",
                    "X-Min-Position must look like <transaction>-<position>",
                )
            })
    }
}

/// Fallback for unknown `/api` paths.
pub async fn not_found() -> ApiError {
    ApiError::NotFound("No such API route".into())
}

/// Fallback for a known `/api` path asked with a method it does not take: 405 in the error
/// envelope (axum's own 405 has an empty body; its `Allow` header is kept).
pub async fn method_not_allowed() -> Response {
    let body = json!({
        "success": false,
        "error": "METHOD_NOT_ALLOWED",
        "message": "This route does not take that method",
        "timestamp": now(),
    });
    (StatusCode::METHOD_NOT_ALLOWED, Json(body)).into_response()
}

/// Adds `X-Event-Position` (the last position a command wrote) to a command's response, so the
/// client can read its own write with `X-Min-Position`.
pub fn with_position(
    resp: impl IntoResponse,
    position: Option<crate::position::EventPosition>,
) -> Response {
    let mut r = resp.into_response();
    if let Some(p) = position {
        if let Ok(v) = HeaderValue::from_str(&p.to_string()) {
            r.headers_mut().insert(EVENT_POSITION_HEADER, v);
        }
    }
    r
}

/// How many reverse proxies in front of the service append to `X-Forwarded-For`
/// (`TRUSTED_PROXY_HOPS`); 0 trusts none and uses the peer address. Added as a request extension.
#[derive(Debug, Clone, Copy, Default)]
pub struct TrustedProxyHops(pub usize);

/// The client's address, for rate limits. With `n` trusted proxies, the n-th address from the
/// right of `X-Forwarded-For` is the one the outermost trusted proxy saw; anything further left
/// is the client's own claim and is ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub std::net::IpAddr);

impl ClientIp {
    /// `forwarded_for` holds every `X-Forwarded-For` line in the order received: a proxy may add
    /// its own line instead of appending to the last one, and the list is their concatenation.
    pub fn from_parts<'a>(
        peer: Option<std::net::IpAddr>,
        forwarded_for: impl IntoIterator<Item = &'a str>,
        hops: usize,
    ) -> Option<Self> {
        if hops > 0 {
            let addrs: Vec<&str> = forwarded_for
                .into_iter()
                .flat_map(|line| line.split(','))
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect();
            if let Some(a) = addrs
                .len()
                .checked_sub(hops)
                .and_then(|i| addrs.get(i))
                .and_then(|s| parse_forwarded_addr(s))
            {
                return Some(ClientIp(a));
            }
        }
        peer.map(ClientIp)
    }

    /// What rate limits count as one client: an IPv4 address, or an IPv6 /64 — one subscriber's
    /// prefix, inside which a host may take any address it likes.
    pub fn network(&self) -> std::net::IpAddr {
        use std::net::{IpAddr, Ipv6Addr};
        match self.0 {
            IpAddr::V4(a) => IpAddr::V4(a),
            IpAddr::V6(a) => match a.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => {
                    let s = a.segments();
                    IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
                }
            },
        }
    }

    /// [`ClientIp::network`] as a rate-limit bucket suffix (`203.0.113.7`, `2001:db8:1:2::/64`).
    pub fn bucket(&self) -> String {
        match self.network() {
            std::net::IpAddr::V4(a) => a.to_string(),
            std::net::IpAddr::V6(a) => format!("{a}/64"),
        }
    }
}

/// One `X-Forwarded-For` entry: an address, `ip:port`, `[v6]` or `[v6]:port` (proxies write all
/// of these); anything else (`unknown`, obfuscated names) is not an address.
fn parse_forwarded_addr(entry: &str) -> Option<std::net::IpAddr> {
    let entry = entry.trim().trim_matches('"');
    if let Ok(ip) = entry.parse() {
        return Some(ip);
    }
    if let Ok(sock) = entry.parse::<std::net::SocketAddr>() {
        return Some(sock.ip());
    }
    entry
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .and_then(|inner| inner.parse().ok())
}

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let peer = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|c| c.0.ip());
        let hops = parts
            .extensions
            .get::<TrustedProxyHops>()
            .copied()
            .unwrap_or_default()
            .0;
        let forwarded = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok());
        // Without a peer (in-process tests) everyone is one client: limits still apply.
        Ok(
            Self::from_parts(peer, forwarded, hops).unwrap_or(ClientIp(std::net::IpAddr::V4(
                std::net::Ipv4Addr::UNSPECIFIED,
            ))),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_ip_trusts_only_the_configured_proxies() {
        let peer: std::net::IpAddr = "10.0.0.9".parse().unwrap();
        let xff = ["6.6.6.6, 203.0.113.7, 10.0.0.2"];
        assert_eq!(ClientIp::from_parts(Some(peer), xff, 0).unwrap().0, peer);
        assert_eq!(
            ClientIp::from_parts(Some(peer), xff, 1)
                .unwrap()
                .0
                .to_string(),
            "10.0.0.2"
        );
        assert_eq!(
            ClientIp::from_parts(Some(peer), xff, 2)
                .unwrap()
                .0
                .to_string(),
            "203.0.113.7"
        );
        // More hops than entries: the list is not trusted.
        assert_eq!(ClientIp::from_parts(Some(peer), xff, 5).unwrap().0, peer);
    }

    #[test]
    fn every_forwarded_line_counts_and_ports_are_dropped() {
        let peer: std::net::IpAddr = "10.0.0.9".parse().unwrap();
        // Two lines: the second proxy started its own header line.
        let lines = ["6.6.6.6, 203.0.113.7:51234", "[2001:db8::5]:443"];
        let ip = |hops| {
            ClientIp::from_parts(Some(peer), lines, hops)
                .unwrap()
                .0
                .to_string()
        };
        assert_eq!(ip(1), "2001:db8::5");
        assert_eq!(ip(2), "203.0.113.7");
        assert_eq!(ip(3), "6.6.6.6");
        let bracketed = ClientIp::from_parts(Some(peer), ["[2001:db8::7]"], 1).unwrap();
        assert_eq!(bracketed.0.to_string(), "2001:db8::7");
        // Not an address: the peer is used.
        let unknown = ClientIp::from_parts(Some(peer), ["unknown"], 1).unwrap();
        assert_eq!(unknown.0, peer);
    }

    #[test]
    fn rate_limits_count_ipv6_by_its_64_prefix() {
        let a = ClientIp("2001:db8:aa:bb:1:2:3:4".parse().unwrap());
        let b = ClientIp("2001:db8:aa:bb:ffff::9".parse().unwrap());
        let other = ClientIp("2001:db8:aa:bc::1".parse().unwrap());
        assert_eq!(a.bucket(), "2001:db8:aa:bb::/64");
        assert_eq!(a.bucket(), b.bucket());
        assert_ne!(a.bucket(), other.bucket());
        assert_eq!(
            ClientIp("203.0.113.7".parse().unwrap()).bucket(),
            "203.0.113.7"
        );
        // An IPv4 client seen through an IPv6 socket is that IPv4 address.
        let mapped = ClientIp("::ffff:203.0.113.7".parse().unwrap());
        assert_eq!(mapped.bucket(), "203.0.113.7");
    }
}
