//! Who is calling (DESIGN §5). Every request's `X-User-Token` is resolved here, on the server,
//! for every route that needs to know:
//!
//! - a token whose hash is a live session is that account, with the permissions its `Account`
//!   event stream holds (the source of truth, never a read model that may lag);
//! - a token whose hash is a revoked or expired session grants nothing: a read gets a fresh
//!   anonymous token as if none had been sent; a write that asked for a live session
//!   ([`LiveSessionRequired`]) is refused with 401 `SESSION_ENDED`, so what someone sends believing
//!   they are signed in never lands under a stranger's new anonymous identity;
//! - any other well-formed token is an anonymous identity derived from its hash;
//! - a missing or malformed token (a public uuid included) gets a fresh anonymous token, returned
//!   in the `X-User-Token` response header by [`Caller::respond`].

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::{ActorRole, EventMetadata, EventSource};
use sqlx::PgPool;
use std::collections::BTreeMap;
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
use uuid::Uuid;

use crate::auth::{UserToken, USER_TOKEN_HEADER};
use crate::http::ApiError;

/// A signed-in caller's account, as its live session shows it.
#[derive(Debug, Clone)]
pub struct AccountSession {
    pub account_id: Uuid,
    pub email: String,
    pub created_at: DateTime<Utc>,
    /// Active permissions (`admin`, `moderator`), sorted.
    pub permissions: Vec<String>,
}

#[derive(Debug, Clone)]
pub enum CallerKind {
    Anonymous { id: Uuid },
    Account(AccountSession),
}

#[derive(Debug, Clone)]
pub struct Caller {
    pub token: UserToken,
    /// True when the request carried no usable token and this one was made for it.
    pub minted: bool,
    /// True when the presented token was a session that has been signed out, revoked or has
    /// expired (and `token` is a fresh anonymous one).
    pub session_ended: bool,
    pub kind: CallerKind,
    /// `X-Request-Id`, for event metadata.
    pub request_id: Uuid,
}

impl Caller {
    /// The actor id events record: the account uuid, or the anonymous identity.
    pub fn actor_id(&self) -> Uuid {
        match &self.kind {
            CallerKind::Anonymous { id } => *id,
            CallerKind::Account(a) => a.account_id,
        }
    }

    pub fn account(&self) -> Option<&AccountSession> {
        match &self.kind {
            CallerKind::Account(a) => Some(a),
            CallerKind::Anonymous { .. } => None,
        }
    }

    /// The anonymous identity, when the caller is not signed in.
    /// [`Self::actor_id`] as the domain's typed id.
    pub fn actor(&self) -> domain::ActorId {
        domain::ActorId(self.actor_id())
    }

    pub fn anonymous_id(&self) -> Option<Uuid> {
        match &self.kind {
            CallerKind::Anonymous { id } => Some(*id),
            CallerKind::Account(_) => None,
        }
    }

    fn has(&self, permission: &str) -> bool {
        self.account()
            .is_some_and(|a| a.permissions.iter().any(|p| p == permission))
    }

    pub fn is_admin(&self) -> bool {
        self.has("admin")
    }

    /// Moderators review; admins may do whatever moderators may.
    pub fn is_moderator(&self) -> bool {
        self.has("moderator") || self.is_admin()
    }

    pub fn role(&self) -> ActorRole {
        if self.is_admin() {
            ActorRole::Admin
        } else if self.is_moderator() {
            ActorRole::Moderator
        } else if self.account().is_some() {
            ActorRole::User
        } else {
            ActorRole::Anonymous
        }
    }

    /// 401 unless signed in.
    pub fn require_account(&self) -> Result<&AccountSession, ApiError> {
        self.account().ok_or(ApiError::Unauthorized)
    }

    /// 401 when anonymous, 403 when signed in without the moderator or admin permission.
    pub fn require_moderator(&self) -> Result<&AccountSession, ApiError> {
        self.require_permission(self.is_moderator(), "Moderator")
    }

    /// 401 when anonymous, 403 when signed in without the admin permission.
    pub fn require_admin(&self) -> Result<&AccountSession, ApiError> {
        self.require_permission(self.is_admin(), "Admin")
    }

    /// 401 when anonymous, 403 ("`what` permission required") when signed in but not `held`.
    fn require_permission(&self, held: bool, what: &str) -> Result<&AccountSession, ApiError> {
        let a = self.require_account()?;
        if held {
            Ok(a)
        } else {
            Err(ApiError::Forbidden(format!("{what} permission required")))
        }
    }

    /// Metadata for the events this caller's request writes.
    pub fn metadata(&self) -> EventMetadata {
        EventMetadata {
            actor_id: self.actor_id().to_string(),
            actor_role: self.role(),
            request_id: self.request_id,
            correlation_id: self.request_id,
            causation_id: None,
            source: EventSource::Web,
            time: Utc::now(),
        }
    }

    /// The same caller re-read (permissions included) when `waited` for `X-Min-Position`, so
    /// a grant the client has seen is in force.
    pub async fn refreshed(self, pool: &PgPool, waited: bool) -> Result<Caller, sqlx::Error> {
        if self.minted || !waited {
            return Ok(self);
        }
        resolve(pool, Some(self.token), self.request_id).await
    }

    /// Adds the minted token to a response, so the client adopts it.
    pub fn respond(&self, resp: impl IntoResponse) -> Response {
        let mut r = resp.into_response();
        if self.minted {
            if let Ok(v) = HeaderValue::from_str(self.token.expose()) {
                r.headers_mut().insert(USER_TOKEN_HEADER, v);
            }
        }
        r
    }
}

/// account id, e-mail, created at, live, active permissions
type SessionRow = (Uuid, String, DateTime<Utc>, bool, Vec<String>);

/// Resolves a presented token (see the module documentation).
pub async fn resolve(
    pool: &PgPool,
    presented: Option<UserToken>,
    request_id: Uuid,
) -> Result<Caller, sqlx::Error> {
    let anonymous = |token: UserToken, minted: bool, session_ended: bool| Caller {
        kind: CallerKind::Anonymous {
            id: token.anonymous_id(),
        },
        token,
        minted,
        session_ended,
        request_id,
    };
    let Some(token) = presented else {
        return Ok(anonymous(UserToken::generate(), true, false));
    };
    // Permissions come from the Account stream itself, not from the accounts read model: a
    // revoked role must not outlive the revocation because a projector is behind or stopped.
    // The stream's last grant or revoke of each permission decides (primary-key lookup of one
    // account's handful of events).
    let row: Option<SessionRow> = sqlx::query_as(
        "SELECT s.account_id, a.email, a.created_at,
                s.revoked_at IS NULL AND s.expires_at > now(),
                coalesce((SELECT array_agg(p.permission ORDER BY p.permission)
                            FROM (SELECT DISTINCT ON (permission)
                                         e.payload -> e.event_type ->> 'permission' AS permission,
                                         e.event_type
                                    FROM es.events e
                                   WHERE e.aggregate_type = $2
                                     AND e.aggregate_id = s.account_id::text
                                     AND e.event_type IN ('PermissionGranted', 'PermissionRevoked')
                                   ORDER BY permission, e.sequence DESC) p
                           WHERE p.event_type = 'PermissionGranted'), '{}')
           FROM auth.sessions s
           JOIN auth.accounts a USING (account_id)
          WHERE s.token_hash = $1",
    )
    .bind(token.hash().as_slice())
    .bind(<domain::Account as cqrs_es::Aggregate>::TYPE)
    .fetch_optional(pool)
    .await?;
    Ok(match row {
        None => anonymous(token, false, false),
        Some((_, _, _, false, _)) => anonymous(UserToken::generate(), true, true),
        Some((account_id, email, created_at, true, permissions)) => Caller {
            token,
            minted: false,
            session_ended: false,
            kind: CallerKind::Account(AccountSession {
                account_id,
                email,
                created_at,
                permissions,
            }),
            request_id,
        },
    })
}

/// Put in a request's extensions before the caller is extracted: a token naming a session that
/// has ended is refused (401 `SESSION_ENDED`) instead of being taken as a new anonymous visitor.
/// Every write but signing in and out asks for it (`command_api::routes::write`).
#[derive(Debug, Clone, Copy)]
pub struct LiveSessionRequired;

/// Extracts the caller; any state that holds the pool will do.
impl<S> FromRequestParts<S> for Caller
where
    PgPool: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let presented = parts
            .headers
            .get(USER_TOKEN_HEADER)
            .and_then(|v| v.to_str().ok())
            .and_then(UserToken::parse);
        let request_id = parts
            .headers
            .get("x-request-id")
            .and_then(|v| v.to_str().ok())
            .and_then(|s| Uuid::parse_str(s).ok())
            .unwrap_or_else(Uuid::now_v7);
        if let Some(used) = parts.extensions.get::<crate::headers::TokenUse>() {
            used.mark();
        }
        let pool = PgPool::from_ref(state);
        let caller = resolve(&pool, presented, request_id).await?;
        if caller.session_ended && parts.extensions.get::<LiveSessionRequired>().is_some() {
            return Err(ApiError::SessionEnded);
        }
        Ok(caller)
    }
}

/// Extractors that refuse a caller lacking a role before anything else of the request is read,
/// its body above all: put one before the body in a handler's arguments, so a visitor learns
/// nothing of a guarded route's body from a 400 where 401 or 403 is due. Each documents its own
/// refusals: name it in a route's OpenAPI `responses(…)` instead of repeating them.
macro_rules! guard {
    ($(#[$doc:meta])* $name:ident, $require:ident, [$(($status:literal, $why:literal)),+]) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $name(pub Caller);

        impl<S> FromRequestParts<S> for $name
        where
            PgPool: FromRef<S>,
            S: Send + Sync,
        {
            type Rejection = ApiError;

            async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
                let caller = Caller::from_request_parts(parts, state).await?;
                caller.$require()?;
                Ok(Self(caller))
            }
        }

        impl utoipa::IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<utoipa::openapi::Response>> {
                BTreeMap::from([$(($status.to_owned(), refused($why))),+])
            }
        }
    };
}

/// A refusal as the OpenAPI document has it: its reason and the error body.
fn refused(why: &str) -> RefOr<utoipa::openapi::Response> {
    let body = Ref::from_schema_name(<crate::http::ErrorBody as utoipa::ToSchema>::name());
    ResponseBuilder::new()
        .description(why)
        .content(
            "application/json",
            ContentBuilder::new().schema(Some(body)).build(),
        )
        .build()
        .into()
}

guard!(
    /// A signed-in caller (401 otherwise).
    SignedIn,
    require_account,
    [("401", "Not signed in")]
);
guard!(
    /// A moderator or admin (401 when anonymous, 403 otherwise).
    Moderator,
    require_moderator,
    [("401", "Not signed in"), ("403", "Not a moderator")]
);
guard!(
    /// An admin (401 when anonymous, 403 otherwise).
    Admin,
    require_admin,
    [("401", "Not signed in"), ("403", "Not an admin")]
);

impl Caller {
    /// The identities the caller speaks for: itself and, signed in, the anonymous identities its
    /// account claimed — from `auth.identity_claims`, written in the sign-in's own step, so a
    /// decision (self-approval, ownership) never waits on or trusts a read model.
    pub async fn identities(&self, pool: &PgPool) -> Result<Vec<domain::ActorId>, sqlx::Error> {
        identities_of(pool, self.actor(), self.account().map(|a| a.account_id)).await
    }
}

/// `actor` and, for a signed-in `account`, the anonymous identities it claimed, from
/// `auth.identity_claims`: what [`Caller::identities`] answers.
pub async fn identities_of(
    pool: &PgPool,
    actor: domain::ActorId,
    account: Option<Uuid>,
) -> Result<Vec<domain::ActorId>, sqlx::Error> {
    let mut ids = vec![actor];
    if let Some(account) = account {
        let claimed: Vec<Uuid> = sqlx::query_scalar(
            "SELECT anonymous_id FROM auth.identity_claims WHERE account_id = $1",
        )
        .bind(account)
        .fetch_all(pool)
        .await?;
        ids.extend(claimed.into_iter().map(domain::ActorId));
    }
    Ok(ids)
}

/// The account holding the profile name with this key (`auth.profile_names`), if any.
pub async fn profile_name_holder(pool: &PgPool, key: &str) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT account_id FROM auth.profile_names WHERE name_key = $1",
        key
    )
    .fetch_optional(pool)
    .await
}
