//! The moderators' feedback queue.

use axum::extract::State;
use axum::response::Response;
use platform::http::{ApiError, MinPosition, Query};
use platform::identity::{Caller, Moderator};
use projectors::feedback::read::{self as feedback, FeedbackCounts, FeedbackDto};
use serde::{Deserialize, Serialize};

use crate::routes::params::{page_limit, word_param};
use crate::routes::respond::{checked_after, private_ok};
use crate::state::QueryState;

const READS: &[&str] = &["feedback", "artworks", "artists", "accounts"];
const DEFAULT_LIMIT: u32 = 20;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct FeedbackParams {
    /// open (default), archived or resolved.
    #[param(value_type = Option<domain::FeedbackStatus>)]
    status: Option<String>,
    /// Both when absent.
    #[param(value_type = Option<domain::IssueType>)]
    issue_type: Option<String>,
    /// From 1 (default 1).
    page: Option<String>,
    /// 1 to 100 (default 20).
    limit: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FeedbackPage {
    /// Open feedback oldest first; decided feedback newest decision first.
    pub feedback: Vec<FeedbackDto>,
    /// How many match the filters.
    pub total: i64,
    pub page: u32,
    pub limit: u32,
    /// All feedback per state, for the tabs.
    pub counts: FeedbackCounts,
}

/// `GET /api/moderation/feedback?status&issue_type&page&limit` (moderators).
#[utoipa::path(get, path = "/api/moderation/feedback", tag = "moderation",
    params(FeedbackParams),
    responses(
        (status = 200, body = platform::http::Envelope<FeedbackPage>),
        (status = 400, body = platform::http::ErrorBody),
        Moderator))]
pub async fn feedback_queue(
    State(state): State<QueryState>,
    Moderator(caller): Moderator,
    min: Option<MinPosition>,
    Query(p): Query<FeedbackParams>,
) -> Result<Response, ApiError> {
    let (_, caught_up) =
        checked_after(&state, caller, min, READS, Caller::require_moderator).await?;
    let (page, limit) = page_limit(p.page.as_deref(), p.limit.as_deref(), DEFAULT_LIMIT)?;
    let status = word_param(
        "status",
        p.status.as_deref(),
        "open",
        |s| domain::FeedbackStatus::parse(s).is_some(),
        "status must be open, archived or resolved",
    )?;
    let issue_type = p.issue_type.as_deref().filter(|t| !t.is_empty());
    if let Some(t) = issue_type {
        domain::IssueType::read(t)
            .map_err(|e| ApiError::validation("issue_type", e.to_string()))?;
    }
    let offset = i64::from(page - 1) * i64::from(limit);
    let (items, total) =
        feedback::page(&state.pool, status, issue_type, i64::from(limit), offset).await?;
    let counts = feedback::counts(&state.pool).await?;
    Ok(private_ok(
        FeedbackPage {
            feedback: items,
            total,
            page,
            limit,
            counts,
        },
        caught_up,
    ))
}
