//! Who a use case acts for, as plain data: the route builds it from the request's caller
//! (`crate::routes`), so no HTTP or session type reaches a use case.

use domain::{AccountId, ActorId, EventMetadata};
use platform::auth::UserToken;
use sqlx::PgPool;

/// Anyone writing: the identity the event names, its account when signed in, the client it came
/// from (its rate-limit bucket) and the metadata its events are recorded with.
#[derive(Debug, Clone)]
pub struct Sender {
    pub actor: ActorId,
    pub account: Option<AccountId>,
    pub client: String,
    pub metadata: EventMetadata,
}

impl Sender {
    /// Every identity the sender speaks for: itself and the anonymous ones its account claimed.
    pub async fn identities(&self, pool: &PgPool) -> Result<Vec<ActorId>, sqlx::Error> {
        platform::identity::identities_of(pool, self.actor, self.account.map(|a| a.0)).await
    }
}

/// A moderator deciding: its account, every identity it speaks for (an author among them may
/// not be approved by it), and the metadata its decisions are recorded with.
#[derive(Debug, Clone)]
pub struct Reviewer {
    pub account_id: AccountId,
    pub identities: Vec<ActorId>,
    pub metadata: EventMetadata,
}

/// An admin deciding: its account and the metadata its decisions are recorded with.
#[derive(Debug, Clone)]
pub struct Admin {
    pub account_id: AccountId,
    pub metadata: EventMetadata,
}

/// A device signing in or out: the token it holds, what that token is now, the client it came
/// from (its rate-limit bucket) and the metadata its events are recorded with.
#[derive(Debug, Clone)]
pub struct Device {
    pub token: UserToken,
    pub holder: Holder,
    pub client: String,
    pub metadata: EventMetadata,
}

/// What a device's token is: a session of an account (with the account's address), or an
/// anonymous identity.
#[derive(Debug, Clone)]
pub enum Holder {
    Account { id: AccountId, email: String },
    Anonymous(ActorId),
}

impl Device {
    /// The anonymous identity the device holds, when it is not signed in.
    pub fn anonymous(&self) -> Option<ActorId> {
        match &self.holder {
            Holder::Anonymous(id) => Some(*id),
            Holder::Account { .. } => None,
        }
    }

    /// Whether the device holds a session of an account.
    pub fn signed_in(&self) -> bool {
        matches!(self.holder, Holder::Account { .. })
    }
}
