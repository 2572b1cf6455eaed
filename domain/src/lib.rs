//! Plinth's domain: aggregates, their commands and events, and the value objects they are made
//! of. Pure: no IO crates, so every rule here is testable with the cqrs-es test harness alone.

pub mod account;
pub mod artist;
pub mod artwork;
pub mod geo;
pub mod ids;
pub mod metadata;
pub mod provenance;
pub mod tags;
pub mod text;

pub use account::{
    Account, AccountCommand, AccountError, AccountEvent, EmailAddress, EmailError, Permission,
    PreferenceValue, Preferences, PreferencesError, ProfileName, ProfileNameError,
};
pub use artist::{Artist, ArtistCommand, ArtistError, ArtistEvent, ImportedArtist};
pub use artwork::{
    Artwork, ArtworkCommand, ArtworkError, ArtworkEvent, ArtworkStatus, ArtworkType,
    ImportedArtwork,
};
pub use geo::{Latitude, Location, Longitude};
pub use ids::{ArtistId, ArtworkId};
pub use metadata::{ActorRole, EventMetadata, EventSource};
pub use provenance::Provenance;
pub use tags::{TagError, Tags};
