//! Contributions and their review, one use case per file, each a `run` function over plain
//! input: a logbook post (`submit`: `admit`, `accept_photo`, then `run`), a moderator's approval
//! (`approve`, whose effect on artworks is `carry_out`), rejection (`reject`), withdrawal
//! (`withdraw`), metadata erasure (`erase_metadata`), several decisions at once (`batch`). Each
//! takes the [`Submissions`] context and who acts ([`Sender`](crate::actor::Sender) or
//! [`Reviewer`]), returns its own error enum, and leaves HTTP to `crate::error`.

pub mod approve;
pub mod batch;
pub mod carry_out;
mod close;
mod dto;
pub mod erase_metadata;
mod form;
pub mod reject;
pub mod submit;
pub mod withdraw;

pub use approve::ApproveError;
pub use batch::{BatchItemError, BatchOutcome};
pub use carry_out::{CarryOutError, Effected};
pub use close::CloseError;
pub use dto::*;
pub use form::{FieldError, LogbookFields};
pub use submit::{SubmitError, POSTS};

pub use crate::actor::Reviewer;

use sqlx::PgPool;

use crate::commands::Commands;
use crate::media::Media;

/// Longest text field of a logbook post, in bytes (the description's 10 000 characters fit).
pub const MAX_TEXT_FIELD_BYTES: usize = 64 * 1024;
/// Most decisions one batch may carry.
pub const MAX_BATCH: usize = 50;

pub const TOO_LARGE: &str = "Each photo must be at most 15 MB";
pub const NOT_AN_IMAGE: &str = "Only JPEG, PNG and WebP images can be uploaded";

/// What the submissions' use cases work with: the aggregates' commands and the photos.
#[derive(Clone)]
pub struct Submissions {
    commands: Commands,
    media: Media,
}

impl Submissions {
    pub fn new(commands: Commands, media: Media) -> Self {
        Self { commands, media }
    }

    pub fn pool(&self) -> &PgPool {
        self.commands.pool()
    }

    pub fn commands(&self) -> &Commands {
        &self.commands
    }

    pub fn media(&self) -> &Media {
        &self.media
    }
}
