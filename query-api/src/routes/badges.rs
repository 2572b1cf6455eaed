//! The badge catalogue with award counts, and the caller's badges.

use axum::extract::State;
use axum::response::Response;
use platform::http::{ok, ApiError, MinPosition};
use platform::identity::SignedIn;
use projectors::badges::read::{self as badges, AwardDto, BadgeDto};
use serde::Serialize;

use crate::routes::respond::{consistent, private_ok, with_consistency};
use crate::state::QueryState;

const READS: &[&str] = &["badges"];

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BadgeCatalogue {
    /// Active badges, oldest definitions first, each with how many accounts hold it.
    pub badges: Vec<BadgeDto>,
}

/// `GET /api/badges`.
#[utoipa::path(get, path = "/api/badges", tag = "badges",
    responses((status = 200, description = "The badges one can earn", body = platform::http::Envelope<BadgeCatalogue>)))]
pub async fn all_badges(
    State(state): State<QueryState>,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let caught_up = consistent(&state, min, READS).await;
    let badges = badges::catalogue(&state.pool, false).await?;
    Ok(with_consistency(ok(BadgeCatalogue { badges }), caught_up))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MyBadges {
    /// Newest award first, each as the badge looked when awarded.
    pub badges: Vec<AwardDto>,
}

/// `GET /api/me/badges`.
#[utoipa::path(get, path = "/api/me/badges", tag = "me",
    responses(
        (status = 200, description = "The badges the caller holds", body = platform::http::Envelope<MyBadges>),
        SignedIn))]
pub async fn my_badges(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let account = caller.require_account()?;
    let caught_up = consistent(&state, min, READS).await;
    let badges = badges::awards_of(&state.pool, account.account_id).await?;
    Ok(private_ok(MyBadges { badges }, caught_up))
}
