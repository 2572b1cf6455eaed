//! The caller's notifications (signed in only, SPEC §6): a page of them and the unread count.

use std::collections::HashMap;

use axum::extract::State;
use axum::response::Response;
use platform::http::{ApiError, MinPosition, Query};
use platform::identity::SignedIn;
use projectors::notifications::read::{self as notifications, NotificationDto};
use serde::Serialize;

use crate::routes::params::{bool_param, int_param};
use crate::routes::respond::{identities_after, private_ok};
use crate::state::QueryState;

const READS: &[&str] = &["notifications", "accounts"];
/// SPEC §9: 20 by default; a client keeps at most 50.
const DEFAULT_LIMIT: u32 = 20;
const MAX_LIMIT: u32 = 50;
const MAX_OFFSET: u32 = 10_000;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NotificationPage {
    /// Newest first.
    pub notifications: Vec<NotificationDto>,
    /// How many match (all, or the unread ones with `unread_only`).
    pub total: i64,
}

/// `GET /api/me/notifications?limit&offset&unread_only`.
#[utoipa::path(get, path = "/api/me/notifications", tag = "me",
    params(
        ("limit" = Option<u32>, Query, description = "1 to 50 (default 20)"),
        ("offset" = Option<u32>, Query, description = "0 to 10000 (default 0)"),
        ("unread_only" = Option<bool>, Query, description = "Only those not dismissed"),
    ),
    responses(
        (status = 200, body = platform::http::Envelope<NotificationPage>),
        (status = 400, body = platform::http::ErrorBody),
        SignedIn))]
pub async fn my_notifications(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Query(q): Query<HashMap<String, String>>,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    let get = |k: &str| q.get(k).map(String::as_str);
    let limit = int_param("limit", get("limit"), DEFAULT_LIMIT, 1, MAX_LIMIT)?;
    let offset = int_param("offset", get("offset"), 0, 0, MAX_OFFSET)?;
    let unread_only = bool_param("unread_only", get("unread_only"))?;
    let (identities, caught_up) = identities_after(&state, &caller, min, READS).await?;
    let (notifications, total) = notifications::page(
        &state.pool,
        &identities,
        unread_only,
        i64::from(limit),
        i64::from(offset),
    )
    .await?;
    Ok(private_ok(
        NotificationPage {
            notifications,
            total,
        },
        caught_up,
    ))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UnreadCount {
    pub unread_count: i64,
}

/// `GET /api/me/notifications/unread-count`.
#[utoipa::path(get, path = "/api/me/notifications/unread-count", tag = "me",
    responses(
        (status = 200, body = platform::http::Envelope<UnreadCount>),
        SignedIn))]
pub async fn unread_count(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    let (identities, caught_up) = identities_after(&state, &caller, min, READS).await?;
    let unread_count = notifications::unread_count(&state.pool, &identities).await?;
    Ok(private_ok(UnreadCount { unread_count }, caught_up))
}
