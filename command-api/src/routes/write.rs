//! What every write handler starts from: the state, the caller, and the caller as the actor its
//! use case takes (`crate::actor`). The guard runs first and the actor is built before the body
//! is read, so a visitor lacking a role gets its 401 or 403 before any 400 about the body. The
//! actors stay plain data: only this module knows they come from an HTTP request.

use std::future::Future;
use std::marker::PhantomData;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use domain::AccountId;
use platform::http::{ApiError, ClientIp};
use platform::identity::{self, Caller, Moderator, SignedIn};

use super::CommandState;
use crate::actor::{Admin, Device, Holder, Reviewer, Sender};

/// A write call: `G` lets the caller through (or answers 401/403), `A` is who the use case acts
/// for. `Write<Sender>` is anyone writing; `Write<Reviewer, Moderator>` a moderator deciding.
pub struct Write<A, G = Caller> {
    pub state: CommandState,
    pub caller: Caller,
    pub actor: A,
    guard: PhantomData<G>,
}

impl<A: Acting, G: Guard> FromRequestParts<CommandState> for Write<A, G> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &CommandState) -> Result<Self, ApiError> {
        if !A::SIGNS_IN_OR_OUT {
            parts.extensions.insert(identity::LiveSessionRequired);
        }
        let caller = G::from_request_parts(parts, state).await?.into_caller();
        let actor = A::act(&caller, parts, state).await?;
        Ok(Self {
            state: state.clone(),
            caller,
            actor,
            guard: PhantomData,
        })
    }
}

/// Lets a caller through, or refuses it (`platform::identity`'s guards, or anyone).
pub trait Guard: FromRequestParts<CommandState, Rejection = ApiError> {
    fn into_caller(self) -> Caller;
}

impl Guard for Caller {
    fn into_caller(self) -> Caller {
        self
    }
}

/// `platform::identity`'s guards, each the caller it let through.
macro_rules! caller_guards {
    ($($guard:ty),+) => {$(
        impl Guard for $guard {
            fn into_caller(self) -> Caller {
                self.0
            }
        }
    )+};
}

caller_guards!(SignedIn, Moderator, identity::Admin);

/// An actor a use case takes, built from the caller (and the request, for the client address).
pub trait Acting: Sized {
    /// Whether the write signs in or out, and so may come under a session that has ended. Every
    /// other write refuses one (401 `SESSION_ENDED`) rather than act for a new anonymous visitor.
    const SIGNS_IN_OR_OUT: bool = false;

    fn act<'a>(
        caller: &'a Caller,
        parts: &'a mut Parts,
        state: &'a CommandState,
    ) -> impl Future<Output = Result<Self, ApiError>> + Send + 'a;
}

/// An actor that is the caller and the client it writes from (the rate-limit bucket of its
/// address).
trait FromClient {
    /// [`Acting::SIGNS_IN_OR_OUT`].
    const SIGNS_IN_OR_OUT: bool = false;
    fn from_client(caller: &Caller, client: String) -> Self;
}

impl<T: FromClient + 'static> Acting for T {
    const SIGNS_IN_OR_OUT: bool = T::SIGNS_IN_OR_OUT;
    async fn act(
        caller: &Caller,
        parts: &mut Parts,
        state: &CommandState,
    ) -> Result<Self, ApiError> {
        let ip = ClientIp::from_request_parts(parts, state).await?;
        Ok(T::from_client(caller, ip.bucket()))
    }
}

/// The caller as the sender of a write.
impl FromClient for Sender {
    fn from_client(caller: &Caller, client: String) -> Self {
        Sender {
            actor: caller.actor(),
            account: caller.account().map(|a| AccountId(a.account_id)),
            client,
            metadata: caller.metadata(),
        }
    }
}

/// The caller as a device signing in or out.
impl FromClient for Device {
    const SIGNS_IN_OR_OUT: bool = true;
    fn from_client(caller: &Caller, client: String) -> Self {
        Device {
            token: caller.token.clone(),
            holder: match caller.account() {
                Some(a) => Holder::Account {
                    id: AccountId(a.account_id),
                    email: a.email.clone(),
                },
                None => Holder::Anonymous(caller.actor()),
            },
            client,
            metadata: caller.metadata(),
        }
    }
}

/// The caller as a reviewer: 401 when anonymous, 403 without the moderator permission.
impl Acting for Reviewer {
    async fn act(caller: &Caller, _: &mut Parts, state: &CommandState) -> Result<Self, ApiError> {
        let account_id = AccountId(caller.require_moderator()?.account_id);
        Ok(Reviewer {
            account_id,
            identities: caller.identities(state.submissions.pool()).await?,
            metadata: caller.metadata(),
        })
    }
}

/// The caller as an admin deciding: 401 when anonymous, 403 without the admin permission.
impl Acting for Admin {
    async fn act(caller: &Caller, _: &mut Parts, _: &CommandState) -> Result<Self, ApiError> {
        Ok(Admin {
            account_id: AccountId(caller.require_admin()?.account_id),
            metadata: caller.metadata(),
        })
    }
}
