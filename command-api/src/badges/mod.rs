//! Badge definitions, as admins write them, one use case a file: `define`, `change` (and
//! reactivate), `deactivate`; every change a `BadgeDefinition` event with the admin as actor.
//! The catalogue every instance starts with and the awarder that follows events are in
//! `process::badges`.

pub mod change;
pub mod deactivate;
pub mod define;

pub use change::BadgeChange;
pub use define::NewBadge;
