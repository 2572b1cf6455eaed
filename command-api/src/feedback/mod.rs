//! Use cases on feedback, one a file: anyone sends a private note about an artwork, an artist
//! or the site (`send`); moderators put it aside (`archive`) or resolve it (`resolve`), and
//! resolving a report that an artwork is missing may remove the artwork, with the report as
//! the evidence. Each is one `run` function over plain input; HTTP stays in `crate::routes`
//! and `crate::error`.

pub mod archive;
pub mod resolve;
pub mod send;

pub use archive::ArchiveFeedback;
pub use resolve::ResolveFeedback;
pub use send::{SendFeedback, SENDS};

use domain::{ArtworkError, FeedbackError};

use crate::commands::CommandError;

#[derive(Debug, thiserror::Error)]
pub enum FeedbackUseError {
    #[error(transparent)]
    Rule(#[from] FeedbackError),
    #[error("Too many")]
    RateLimited { retry_after_secs: u64 },
    #[error("Artwork not found")]
    ArtworkNotFound,
    #[error("Artist not found")]
    ArtistNotFound,
    #[error("{0}")]
    Artwork(ArtworkError),
    #[error("the record was changed by someone else; reload and try again")]
    Conflict,
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

crate::commands::sqlx_is_store!(FeedbackUseError);

crate::commands::command_error_into!(FeedbackUseError: FeedbackError);

impl From<CommandError<ArtworkError>> for FeedbackUseError {
    fn from(e: CommandError<ArtworkError>) -> Self {
        match e {
            CommandError::Rejected(ArtworkError::NotFound) => FeedbackUseError::ArtworkNotFound,
            CommandError::Rejected(e) => FeedbackUseError::Artwork(e),
            CommandError::Conflict => FeedbackUseError::Conflict,
            CommandError::Store(s) => FeedbackUseError::Store(anyhow::anyhow!(s)),
        }
    }
}
