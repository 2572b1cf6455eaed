//! Plinth's domain: aggregates, their commands and events, and the value objects they are made
//! of. Pure: no IO crates, so every rule here is testable with the cqrs-es test harness alone.

#[macro_use]
mod aggregate;
#[macro_use]
mod checked;
#[macro_use]
pub mod vocabulary;

pub mod account;
pub mod area;
pub mod artist;
pub mod artist_edit;
pub mod artwork;
pub mod artwork_type;
pub mod award;
pub mod badge;
pub mod edit;
pub mod feedback;
pub mod gap;
pub mod geo;
pub mod ids;
pub mod import_run;
pub mod inbox;
pub mod list;
pub mod merge;
pub mod metadata;
pub mod photo;
pub mod provenance;
pub mod reason;
pub mod similarity;
mod source;
pub mod submission;
pub mod tags;
#[cfg(test)]
mod testing;
pub mod text;
pub mod tour;
pub mod visit;

pub use account::{
    Account, AccountCommand, AccountError, AccountEvent, EmailAddress, EmailError, Permission,
    PreferenceValue, Preferences, PreferencesError, ProfileName, ProfileNameError,
};
pub use area::{AreaError, AreaMap, AreaMapCommand, AreaMapEvent, BoundaryFile};
pub use artist::{Artist, ArtistCommand, ArtistError, ArtistEvent, ImportedArtist};
pub use artist_edit::ArtistFieldEdit;
pub use artwork::{
    revert_of, Absorption, ApprovedArtwork, Artwork, ArtworkCommand, ArtworkError, ArtworkEvent,
    ArtworkStatus, ArtworkType, ImportedArtwork, RevertScope, SourceFields, Visit,
};
pub use award::{Award, AwardCommand, AwardError, AwardEvent, BadgeAwards};
pub use badge::{
    BadgeCommand, BadgeDefinition, BadgeError, BadgeEvent, BadgeRule, ContributorCounts,
};
pub use edit::{EditError, FieldChange, FieldEdit};
pub use feedback::{
    Feedback, FeedbackCommand, FeedbackError, FeedbackEvent, FeedbackStatus, IssueType, Subject,
};
pub use gap::Gap;
pub use geo::{Latitude, Location, Longitude};
pub use ids::{AccountId, ActorId, ArtistId, ArtworkId, ListId, SubmissionId};
pub use import_run::{
    ImportRun, ImportRunCommand, ImportRunError, ImportRunEvent, ImportRunRecord,
};
pub use list::{List, ListCommand, ListError, ListEvent, ListKind, ListName};
pub use metadata::{ActorRole, EventMetadata, EventSource};
pub use photo::{ExifSummary, Photo, PhotoKey, PhotoSize};
pub use provenance::Provenance;
pub use submission::{
    Approval, ApprovalEffect, ApprovalOutcome, ApprovedFields, ArtistEditProposal,
    ArtworkEditProposal, Condition, Filed, Filing, NewArtworkProposal, Note, Reason,
    RecordedApproval, Review, Submission, SubmissionCommand, SubmissionError, SubmissionEvent,
    SubmissionKind, SubmissionStatus, VisitReport,
};
pub use tags::{TagError, Tags};
pub use vocabulary::{EditSubject, EntityType, ReplayJobState};
