//! Who a use case acts for, as plain data: the route builds it from the request's caller
//! (`crate::routes`), so no HTTP or session type reaches a use case.

use domain::{AccountId, ActorId, EventMetadata};
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
