//! The write side: executing commands against aggregates in the event store, one use case a
//! file under each resource (`accounts`, `artworks`, `badges`, `edits`, `feedback`, `lists`,
//! `notifications`, `submissions`), who acts (`actor`), identity's security state, the HTTP
//! write routes and their idempotency keys (`routes`), housekeeping, the bulk append used for synthetic data, the relay
//! that publishes stored events to JetStream, and the follower that sees every approval through.

pub mod accounts;
pub mod actor;
pub mod areas;
pub mod artwork_locks;
pub mod artworks;
pub mod badges;
pub mod bulk;
pub mod commands;
pub mod edits;
mod error;
pub mod feedback;
pub mod housekeeping;
pub mod lists;
pub mod media;
pub mod notifications;
pub mod process;
pub mod relay;
pub mod replays;
pub mod routes;
pub mod submissions;

pub use accounts::{Accounts, AuthSettings};
pub use commands::{CommandError, Commands};
pub use media::Media;
pub use process::approvals::ApprovalFollower;
pub use process::badges::BadgeAwarder;
pub use relay::Relay;
pub use routes::{router, CommandState};
pub use submissions::Submissions;
