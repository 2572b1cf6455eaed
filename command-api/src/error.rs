//! The one place the write side's use-case errors become HTTP answers: a missing artwork is a
//! 404 because a use case said `ArtworkNotFound`, a decided submission a 409 because the
//! aggregate said `AlreadyDecided`.

use domain::{ArtistError, ArtworkError, ListError, SubmissionError};
use media::photos::PhotoError;
use platform::http::ApiError;

use crate::artworks::ModerationError;
use crate::commands::CommandError;
use crate::edits::ProposeError;
use crate::lists::ListUseError;
use crate::media::UploadError;
use crate::notifications::DismissError;
use crate::submissions::{
    ApproveError, BatchItemError, CarryOutError, CloseError, FieldError, SubmitError, NOT_AN_IMAGE,
    TOO_LARGE,
};

impl From<FieldError> for ApiError {
    fn from(e: FieldError) -> Self {
        ApiError::Validation {
            message: e.message,
            field: Some(e.field),
        }
    }
}

/// A submission's rule, as the status and field it concerns.
fn submission_rule(e: SubmissionError) -> ApiError {
    let field = match e {
        SubmissionError::NotFound => return ApiError::NotFound(e.to_string()),
        SubmissionError::AlreadyDecided(_) => return ApiError::Conflict(e.to_string()),
        SubmissionError::NotAuthor | SubmissionError::OwnSubmission => {
            return ApiError::Forbidden(e.to_string())
        }
        SubmissionError::PhotoRequired
        | SubmissionError::TooManyPhotos
        | SubmissionError::DuplicatePhoto => Some("photos"),
        SubmissionError::EmptyVisit | SubmissionError::NoteTooLong => Some("notes"),
        SubmissionError::ReasonRequired | SubmissionError::ReasonTooLong => Some("reason"),
        SubmissionError::TooManyArtists => Some("artists"),
        SubmissionError::EmptyEdit
        | SubmissionError::TooManyEdits
        | SubmissionError::DuplicateField(_)
        | SubmissionError::NoFieldChosen => Some("edits"),
        SubmissionError::NotInEdit(_) => Some("apply_to_artwork"),
        SubmissionError::NameRequired => Some("name"),
        SubmissionError::NotNew => Some("edits"),
        SubmissionError::AlreadySubmitted | SubmissionError::WrongApproval(_) => None,
    };
    ApiError::Validation {
        message: e.to_string(),
        field: field.map(str::to_owned),
    }
}

/// A command the store did not carry out: its rule as `rule` answers it, a write that met
/// another one a 409, the store failing a 500. Every caller names its rule's answer, so a new
/// refusal cannot slip through as a 400.
fn command<E: std::error::Error>(e: CommandError<E>, rule: impl FnOnce(E) -> ApiError) -> ApiError {
    match e {
        CommandError::Rejected(r) => rule(r),
        CommandError::Conflict => ApiError::Conflict(e.to_string()),
        CommandError::Store(s) => ApiError::Internal(anyhow::anyhow!(s)),
    }
}

/// A submission command's outcome; its rules as [`submission_rule`] says.
fn submission_command(e: CommandError<SubmissionError>) -> ApiError {
    command(e, submission_rule)
}

/// An artwork's rule: a missing artwork is a 404, a change that meets a value changed since a
/// 409, any other refusal a validation error naming its field where it has one.
pub(crate) fn artwork_command(e: CommandError<ArtworkError>) -> ApiError {
    command(e, artwork_rule)
}

fn artwork_rule(rule: ArtworkError) -> ApiError {
    let field = match &rule {
        ArtworkError::NotFound | ArtworkError::UnknownChange => {
            return ApiError::NotFound(rule.to_string())
        }
        ArtworkError::Stale(_)
        | ArtworkError::ChangedSince(_)
        | ArtworkError::AlreadyMerged(_)
        | ArtworkError::AlreadyExists
        | ArtworkError::SourceMismatch(_)
        // A merge's state, or content for a duplicate merged away: 409, never "approved,
        // nothing applied".
        | ArtworkError::MergedAway
        | ArtworkError::HoldsDuplicates
        | ArtworkError::MergedDuplicate(_) => return ApiError::Conflict(rule.to_string()),
        ArtworkError::Invalid(i) => return ApiError::validation(&i.field, i.message.clone()),
        ArtworkError::TooManyArtists | ArtworkError::DuplicateArtist => Some("artists"),
        ArtworkError::BadSourceUrl => Some("source_url"),
        ArtworkError::EmptyEdit
        | ArtworkError::NothingToRevert
        | ArtworkError::MergeIntoItself
        | ArtworkError::NotMerged => None,
    };
    ApiError::Validation {
        message: rule.to_string(),
        field: field.map(str::to_owned),
    }
}

/// An artist's rule, as for artworks: missing 404, stale 409, else a validation error.
fn artist_command(e: CommandError<ArtistError>) -> ApiError {
    command(e, |rule| {
        let field = match &rule {
            ArtistError::NotFound => return ApiError::NotFound(rule.to_string()),
            ArtistError::Stale(_) | ArtistError::SourceMismatch(_) => {
                return ApiError::Conflict(rule.to_string())
            }
            ArtistError::Invalid(i) => return ApiError::validation(&i.field, i.message.clone()),
            ArtistError::NameRequired => Some("name"),
            ArtistError::CountryTooLong => Some("country"),
            ArtistError::BadWebsite => Some("website"),
            ArtistError::BadSourceUrl => Some("source_url"),
            ArtistError::EmptyEdit => None,
        };
        ApiError::Validation {
            message: rule.to_string(),
            field: field.map(str::to_owned),
        }
    })
}

/// The `index`-th photo of a post (from 1), refused.
fn photo_error(e: UploadError, index: usize) -> ApiError {
    match e {
        UploadError::Photo(PhotoError::NotAnImage) => {
            ApiError::UnsupportedMediaType(NOT_AN_IMAGE.into())
        }
        UploadError::Photo(PhotoError::TooLarge { .. }) => {
            ApiError::PayloadTooLarge(TOO_LARGE.into())
        }
        UploadError::Photo(PhotoError::TooManyPixels { width, height }) => {
            ApiError::PayloadTooLarge(format!(
                "Photo {index} is too large to process ({width} × {height} pixels; at most {} megapixels)",
                media::photos::MAX_PIXELS / 1_000_000
            ))
        }
        UploadError::OverBudget { width, height } => ApiError::PayloadTooLarge(format!(
            "Photo {index} needs more memory to process than this server allows ({width} × {height} pixels); send it as a JPEG or at a smaller size"
        )),
        UploadError::Photo(PhotoError::Corrupt(_)) => {
            ApiError::validation("photos", format!("Photo {index} could not be read"))
        }
        UploadError::Internal(e) => ApiError::Internal(e),
    }
}

impl From<SubmitError> for ApiError {
    fn from(e: SubmitError) -> Self {
        match e {
            SubmitError::RateLimited { retry_after_secs } => {
                ApiError::rate_limited(retry_after_secs, "submissions")
            }
            SubmitError::Field(f) => f.into(),
            SubmitError::Photo { index, error } => photo_error(error, index),
            SubmitError::ArtworkNotFound(_) => ApiError::NotFound(e.to_string()),
            SubmitError::Command(c) => submission_command(c),
            SubmitError::Store(e) => ApiError::Internal(e),
        }
    }
}

impl From<CarryOutError> for ApiError {
    fn from(e: CarryOutError) -> Self {
        match e {
            CarryOutError::NoApproval(_) => ApiError::NotFound(e.to_string()),
            CarryOutError::Submission(c) => submission_command(c),
            CarryOutError::Artwork(c) => artwork_command(c),
            CarryOutError::Artist(c) => artist_command(c),
            CarryOutError::Store(e) => ApiError::Internal(e),
        }
    }
}

impl From<ProposeError> for ApiError {
    fn from(e: ProposeError) -> Self {
        match e {
            ProposeError::NotFound(..) => ApiError::NotFound(e.to_string()),
            ProposeError::Field(f) => f.into(),
            ProposeError::Stale(..) => ApiError::Conflict(e.to_string()),
            ProposeError::Command(c) => submission_command(c),
            ProposeError::Store(e) => ApiError::Internal(e),
        }
    }
}

impl From<ApproveError> for ApiError {
    fn from(e: ApproveError) -> Self {
        match e {
            ApproveError::Field(f) => f.into(),
            ApproveError::ArtworkNotFound(_) => ApiError::NotFound(e.to_string()),
            ApproveError::EditNotFound(_) => ApiError::NotFound(e.to_string()),
            ApproveError::Stale(_) => ApiError::Conflict(e.to_string()),
            ApproveError::Command(c) => submission_command(c),
            ApproveError::CarryOut(c) => c.into(),
            ApproveError::Store(e) => ApiError::Internal(e),
        }
    }
}

impl From<ModerationError> for ApiError {
    fn from(e: ModerationError) -> Self {
        match e {
            ModerationError::Field(f) => f.into(),
            ModerationError::ArtworkNotFound(_) => ApiError::NotFound(e.to_string()),
            ModerationError::Command(c) => artwork_command(c),
            ModerationError::Store(e) => ApiError::Internal(e),
        }
    }
}

impl From<CloseError> for ApiError {
    fn from(e: CloseError) -> Self {
        match e {
            CloseError::Field(f) => f.into(),
            CloseError::EditNotFound(_) => ApiError::NotFound(e.to_string()),
            CloseError::Command(c) => submission_command(c),
            CloseError::Store(e) => ApiError::Internal(e),
        }
    }
}

impl From<BatchItemError> for ApiError {
    fn from(e: BatchItemError) -> Self {
        match e {
            BatchItemError::Approve(e) => e.into(),
            BatchItemError::Reject(e) => e.into(),
            BatchItemError::Action(e) => e.into(),
        }
    }
}

impl From<ListUseError> for ApiError {
    fn from(e: ListUseError) -> Self {
        let rule = match e {
            ListUseError::Rule(rule) => rule,
            ListUseError::ArtworkNotFound => return ApiError::NotFound(e.to_string()),
            ListUseError::Conflict | ListUseError::TooManyLists => {
                return ApiError::Conflict(e.to_string())
            }
            ListUseError::RateLimited { retry_after_secs } => {
                return ApiError::rate_limited(retry_after_secs, "list changes")
            }
            ListUseError::Store(inner) => return ApiError::Internal(inner),
        };
        let field = match rule {
            ListError::NotFound => return ApiError::NotFound(rule.to_string()),
            ListError::NotOwner => return ApiError::Forbidden(rule.to_string()),
            ListError::AlreadyExists | ListError::Full => {
                return ApiError::Conflict(rule.to_string())
            }
            ListError::NameRequired | ListError::NameTooLong => Some("name"),
            ListError::NothingToRemove | ListError::TooManyToRemove => Some("artwork_ids"),
            ListError::SystemList(_) => None,
        };
        ApiError::Validation {
            message: rule.to_string(),
            field: field.map(str::to_owned),
        }
    }
}

impl From<DismissError> for ApiError {
    fn from(e: DismissError) -> Self {
        match e {
            DismissError::NotFound => ApiError::NotFound(e.to_string()),
            DismissError::Count => ApiError::validation("ids", e.to_string()),
            DismissError::Command(c) => command(c, |rule| match rule {
                domain::inbox::InboxError::NotYours => ApiError::NotFound(rule.to_string()),
            }),
            DismissError::Store(s) => ApiError::Internal(s.into()),
        }
    }
}

impl From<crate::feedback::FeedbackUseError> for ApiError {
    fn from(e: crate::feedback::FeedbackUseError) -> Self {
        use crate::feedback::FeedbackUseError as E;
        use domain::FeedbackError as R;
        match e {
            E::Rule(R::Invalid { field, message }) => ApiError::Validation {
                message,
                field: Some(field.to_owned()),
            },
            E::Rule(R::NotFound) | E::ArtworkNotFound | E::ArtistNotFound => {
                ApiError::NotFound(e.to_string())
            }
            E::Rule(R::AlreadyDecided(_) | R::AlreadySent) | E::Conflict | E::Artwork(_) => {
                ApiError::Conflict(e.to_string())
            }
            E::Rule(R::NotAMissingArtwork) => ApiError::validation("remove_artwork", e.to_string()),
            E::RateLimited { retry_after_secs } => {
                ApiError::rate_limited(retry_after_secs, "feedback messages")
            }
            E::Store(inner) => ApiError::Internal(inner),
        }
    }
}

impl From<crate::accounts::IdentityError> for ApiError {
    fn from(e: crate::accounts::IdentityError) -> Self {
        use crate::accounts::{IdentityError as E, VERIFY_FAILED};
        match e {
            E::Invalid { field, message } => ApiError::validation(field, message),
            E::NotSignedIn => ApiError::Unauthorized,
            E::LinkFailed => ApiError::InvalidToken(VERIFY_FAILED.into()),
            E::NameTaken => ApiError::Conflict(e.to_string()),
            E::RateLimited {
                retry_after_secs,
                what,
            } => ApiError::rate_limited(retry_after_secs, what),
            E::Account(c) => command(c, |rule| match rule {
                domain::AccountError::NotFound => ApiError::NotFound(rule.to_string()),
                domain::AccountError::EmailMismatch | domain::AccountError::NotHeld(_) => {
                    ApiError::Validation {
                        message: rule.to_string(),
                        field: None,
                    }
                }
            }),
            E::Store(inner) => ApiError::Internal(inner),
        }
    }
}

impl From<crate::accounts::PermissionError> for ApiError {
    fn from(e: crate::accounts::PermissionError) -> Self {
        use crate::accounts::PermissionError as E;
        match e {
            E::Invalid { field, message } => ApiError::validation(field, message),
            E::NoSuchUser => ApiError::NotFound(e.to_string()),
            E::NotHeld(_) | E::LastAdmin | E::Conflict => ApiError::Conflict(e.to_string()),
            E::Store(inner) => ApiError::Internal(inner),
        }
    }
}

/// A badge definition's rule: the field it concerns, a missing badge a 404, a key taken a 409.
pub(crate) fn badge_command(e: CommandError<domain::BadgeError>) -> ApiError {
    use domain::BadgeError as B;
    command(e, |rule| match rule {
        B::Invalid { field, message } => ApiError::validation(field, message),
        B::NotFound => ApiError::NotFound(rule.to_string()),
        B::AlreadyDefined => ApiError::Conflict(rule.to_string()),
    })
}

/// A boundary file's outcome: a bad file is a 400 naming its field; clearing when nothing is
/// loaded a 404.
pub(crate) fn area_command(e: CommandError<domain::AreaError>) -> ApiError {
    use domain::AreaError as A;
    command(e, |rule| match rule {
        A::Invalid { field, message } => ApiError::validation(field, message),
        A::NothingLoaded => ApiError::NotFound(rule.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_photo_over_the_memory_budget_is_told_how_to_get_through() {
        // Given an upload within the pixel limit whose render would not fit the budget.
        let refused = UploadError::OverBudget {
            width: 7000,
            height: 7000,
        };
        // When it is answered as the second photo of a post.
        let answer = photo_error(refused, 2);
        // Then it is a 413 that says why and what to send instead.
        assert!(
            matches!(&answer, ApiError::PayloadTooLarge(m) if m == "Photo 2 needs more memory to process than this server allows (7000 × 7000 pixels); send it as a JPEG or at a smaller size"),
            "{answer:?}"
        );
    }

    #[test]
    fn a_merge_in_the_way_is_a_conflict_that_says_what_to_do() {
        let into = domain::ArtworkId(uuid::Uuid::nil());
        for (rule, message) in [
            (
                ArtworkError::HoldsDuplicates,
                "This artwork holds merged duplicates; unmerge them first".to_owned(),
            ),
            (
                ArtworkError::MergedAway,
                "That artwork was itself merged into another; merge into that one".to_owned(),
            ),
            (
                ArtworkError::MergedDuplicate(into),
                format!("This artwork was merged into {into}; nothing more can be added to it (use that artwork, or unmerge this one first)"),
            ),
        ] {
            let answer = artwork_command(CommandError::Rejected(rule));
            assert!(
                matches!(&answer, ApiError::Conflict(m) if *m == message),
                "{answer:?}"
            );
        }
    }

    #[test]
    fn a_decided_submission_is_a_conflict_and_a_rule_names_its_field() {
        let decided = submission_command(CommandError::Rejected(SubmissionError::AlreadyDecided(
            domain::SubmissionStatus::Approved,
        )));
        assert!(
            matches!(&decided, ApiError::Conflict(m) if m == "This submission was already approved")
        );
        let note = submission_command(CommandError::Rejected(SubmissionError::NoteTooLong));
        assert!(matches!(note, ApiError::Validation { field: Some(f), .. } if f == "notes"));
        let missing = ApiError::from(SubmitError::ArtworkNotFound(uuid::Uuid::nil()));
        assert!(matches!(missing, ApiError::NotFound(_)));
    }

    #[test]
    fn a_missing_badge_is_not_found_and_a_taken_key_a_conflict() {
        let missing = badge_command(CommandError::Rejected(domain::BadgeError::NotFound));
        assert!(matches!(&missing, ApiError::NotFound(m) if m == "Badge not found"));
        let taken = badge_command(CommandError::Rejected(domain::BadgeError::AlreadyDefined));
        assert!(matches!(taken, ApiError::Conflict(_)));
    }

    #[test]
    fn an_artwork_or_artist_that_exists_already_is_a_conflict_not_bad_input() {
        let id = domain::ArtworkId(uuid::Uuid::nil());
        for rule in [
            ArtworkError::AlreadyExists,
            ArtworkError::SourceMismatch(id),
        ] {
            let answer = artwork_command(CommandError::Rejected(rule));
            assert!(matches!(answer, ApiError::Conflict(_)), "{answer:?}");
        }
        let artist = domain::ArtistId(uuid::Uuid::nil());
        let answer = artist_command(CommandError::Rejected(ArtistError::SourceMismatch(artist)));
        assert!(matches!(answer, ApiError::Conflict(_)), "{answer:?}");
    }

    #[test]
    fn an_artist_rule_names_its_field() {
        for (rule, field) in [
            (ArtistError::BadWebsite, "website"),
            (ArtistError::CountryTooLong, "country"),
            (ArtistError::NameRequired, "name"),
        ] {
            let answer = artist_command(CommandError::Rejected(rule));
            assert!(
                matches!(&answer, ApiError::Validation { field: Some(f), .. } if f == field),
                "{answer:?}"
            );
        }
    }

    #[test]
    fn a_write_that_met_another_is_a_conflict_whatever_the_aggregate() {
        let answer = artwork_command(CommandError::Conflict);
        assert!(matches!(answer, ApiError::Conflict(_)), "{answer:?}");
        let answer = badge_command(CommandError::Conflict);
        assert!(matches!(answer, ApiError::Conflict(_)), "{answer:?}");
    }
}
