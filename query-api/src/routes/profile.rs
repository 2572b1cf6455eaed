//! The caller's profile, profile-name checks, and public profiles.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::ProfileName;
use platform::http::{ok, ApiError, MinPosition, PathId, Query};
use platform::identity::{Caller, SignedIn};
use projectors::accounts::read::{profile as load_profile, Profile};
use projectors::badges::read::AwardDto;
use projectors::lists::read::ListSummary;
use projectors::submissions::read::{contributions, ApprovedCounts, StatusCounts};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::routes::respond::{checked_after, consistent, private, private_ok, with_consistency};
use crate::state::QueryState;

const READS: &[&str] = &["accounts", "submissions", "badges", "lists"];

/// What the caller has done.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Statistics {
    /// Their submissions of every kind (edits too), by state.
    pub submissions: StatusCounts,
    /// What of it was approved.
    pub approved: ApprovedCounts,
    /// Badges held.
    pub badges: i64,
}

/// `GET /api/me/profile`: the profile with the caller's statistics.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MyProfile {
    #[serde(flatten)]
    pub profile: Profile,
    pub statistics: Statistics,
}

/// `GET /api/me/profile`.
#[utoipa::path(get, path = "/api/me/profile", tag = "me",
    responses(
        (status = 200, description = "The signed-in caller's profile", body = platform::http::Envelope<MyProfile>),
        SignedIn))]
pub async fn get_profile(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let (caller, caught_up) =
        checked_after(&state, caller, min, READS, Caller::require_account).await?;
    let profile = load_profile(&state.pool, &caller).await?;
    let identities = projectors::accounts::read::identities_of(&state.pool, profile.uuid).await?;
    let (submissions, approved) = contributions(&state.pool, &identities).await?;
    let badges = projectors::badges::read::awards_of(&state.pool, profile.uuid)
        .await?
        .len();
    let statistics = Statistics {
        submissions,
        approved,
        badges: i64::try_from(badges).unwrap_or(i64::MAX),
    };
    Ok(private_ok(
        MyProfile {
            profile,
            statistics,
        },
        caught_up,
    ))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ProfileCheckParams {
    pub profile_name: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProfileCheck {
    pub profile_name: String,
    /// The name follows the rules (3–20 ASCII letters, digits and inner dashes; not reserved).
    pub valid: bool,
    /// Valid and not taken by another account (names differing in case are the same name).
    pub available: bool,
    /// Why not, when it is not available.
    pub message: Option<String>,
}

/// `GET /api/me/profile-check?profile_name=`.
#[utoipa::path(get, path = "/api/me/profile-check", tag = "me", params(ProfileCheckParams),
    responses(
        (status = 200, description = "Whether the name may be used", body = platform::http::Envelope<ProfileCheck>),
        SignedIn))]
pub async fn check_profile_name(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Query(p): Query<ProfileCheckParams>,
) -> Result<Response, ApiError> {
    let account = caller.require_account()?;
    let raw = p.profile_name.unwrap_or_default();
    let shown: String = raw.trim().chars().take(64).collect();
    let check = match ProfileName::parse(&raw) {
        Err(e) => ProfileCheck {
            profile_name: shown,
            valid: false,
            available: false,
            message: Some(e.to_string()),
        },
        Ok(name) => {
            let owner = platform::identity::profile_name_holder(&state.pool, &name.key()).await?;
            let available = owner.is_none_or(|o| o == account.account_id);
            ProfileCheck {
                profile_name: name.as_str().to_owned(),
                valid: true,
                available,
                message: (!available).then(|| domain::account::PROFILE_NAME_TAKEN.to_owned()),
            }
        }
    };
    Ok(private(ok(check).into_response()))
}

/// What anyone may see of an account that chose a profile name. Never an e-mail or a credential.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PublicProfile {
    pub uuid: Uuid,
    pub profile_name: String,
    /// Member since.
    pub created_at: DateTime<Utc>,
    /// Badges held, newest award first.
    pub badges: Vec<AwardDto>,
    /// What of their work was approved.
    pub contributions: ApprovedCounts,
    /// Their public lists.
    pub lists: Vec<ListSummary>,
}

/// `GET /api/users/{id}`.
#[utoipa::path(get, path = "/api/users/{id}", tag = "users",
    params(("id" = Uuid, Path, description = "The account uuid")),
    responses(
        (status = 200, description = "The public profile", body = platform::http::Envelope<PublicProfile>),
        (status = 404, description = "'User not found' (also when the account has no profile name)", body = platform::http::ErrorBody)))]
pub async fn get_user(
    State(state): State<QueryState>,
    PathId(id): PathId,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let caught_up = consistent(&state, min, READS).await;
    let row = projectors::accounts::read::public_profile(&state.pool, id).await?;
    let (profile_name, created_at) =
        row.ok_or_else(|| ApiError::NotFound("User not found".into()))?;
    let identities = projectors::accounts::read::identities_of(&state.pool, id).await?;
    let (_, contributions) = contributions(&state.pool, &identities).await?;
    let badges = projectors::badges::read::awards_of(&state.pool, id).await?;
    let lists = projectors::lists::read::public_of(&state.pool, &identities).await?;
    Ok(with_consistency(
        ok(PublicProfile {
            uuid: id,
            profile_name,
            created_at,
            badges,
            contributions,
            lists,
        }),
        caught_up,
    ))
}
