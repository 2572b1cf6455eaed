//! Edit proposals, one path for artworks and artists (and artists the registry does not have
//! yet): a signed-in user proposes changes to a subject's fields or asks whether they would be
//! accepted (`propose`); a moderator approves all or some fields (`approve`, whose effect is
//! `crate::submissions`' carry-out) or rejects (`reject`), from the review queue of the
//! subject's kind. What differs by subject is the aggregate's own rules and how it is held,
//! behind [`Subject`].

pub mod approve;
pub mod propose;
pub mod reject;

pub use approve::EditApproved;
pub use propose::{check, run as propose, Checked, ProposeError, Proposed, Target};

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use domain::edit::Edited;
use domain::{
    ActorId, Artist, ArtistEditProposal, ArtistFieldEdit, ArtistId, Artwork, ArtworkCommand,
    ArtworkEditProposal, ArtworkError, ArtworkId, ArtworkStatus, FieldChange, FieldEdit, Filing,
    Note, SubmissionCommand, SubmissionId,
};
use sqlx::PgPool;
use uuid::Uuid;

use crate::artwork_locks::{ArtworkLocks, Hold};
use crate::submissions::approve::hold_artwork;
use crate::submissions::{ApproveError, FieldError, Submissions};

/// A proposal as filed: who, which subject, the changes and why.
pub struct Proposal<C> {
    pub submitter: ActorId,
    pub subject_id: Uuid,
    pub edits: Vec<C>,
    pub note: Option<Note>,
    /// An artist the registry does not have yet (its changes are from nothing).
    pub new: bool,
}

/// An aggregate edit proposals change: how a proposal of its changes is filed, and the rules
/// its own state puts on them.
pub trait Subject:
    Aggregate<Services = ()> + Edited<Edit = Self::Change> + Default + Clone
{
    type Change: FieldChange;

    /// Whether edits may be proposed to it as it is (it exists, and is public).
    fn editable(&self) -> bool;

    /// The command that files `proposal`.
    fn proposal(proposal: Proposal<Self::Change>) -> SubmissionCommand;

    /// The proposal of this subject a filed submission holds: the subject's id and the changes
    /// (`None` for any other submission).
    fn proposed(filing: &Filing) -> Option<(Uuid, &[Self::Change])>;

    /// Takes the subject alone until the locks are released, and reads its state under them;
    /// refused (the locks released) when it no longer takes changes.
    fn hold(
        submissions: &Submissions,
        id: Uuid,
    ) -> impl std::future::Future<Output = Result<(ArtworkLocks, Self), ApproveError>> + Send;

    /// What the changes name that the registry does not know, by field (an artwork's artists).
    fn unknown_references(
        pool: &PgPool,
        changes: &[Self::Change],
    ) -> impl std::future::Future<Output = Result<Vec<FieldError>, sqlx::Error>> + Send;

    /// What the aggregate's rules refuse in it with every change made (nothing is kept).
    fn trial(
        &self,
        changes: &[Self::Change],
    ) -> impl std::future::Future<Output = Vec<FieldError>> + Send;
}

impl Subject for Artwork {
    type Change = FieldEdit;

    fn editable(&self) -> bool {
        self.exists && self.status != Some(ArtworkStatus::Pending)
    }

    fn proposal(p: Proposal<FieldEdit>) -> SubmissionCommand {
        SubmissionCommand::ProposeArtworkEdit(Box::new(ArtworkEditProposal {
            submitter: p.submitter,
            artwork_id: ArtworkId(p.subject_id),
            edits: p.edits,
            note: p.note,
        }))
    }

    fn proposed(filing: &Filing) -> Option<(Uuid, &[FieldEdit])> {
        match filing {
            Filing::Edit(e) => Some((e.artwork_id.0, &e.edits)),
            _ => None,
        }
    }

    async fn hold(
        submissions: &Submissions,
        id: Uuid,
    ) -> Result<(ArtworkLocks, Self), ApproveError> {
        hold_artwork(submissions.commands(), ArtworkId(id), Hold::Exclusive).await
    }

    async fn unknown_references(
        pool: &PgPool,
        changes: &[FieldEdit],
    ) -> Result<Vec<FieldError>, sqlx::Error> {
        let Some(FieldEdit::Artists { new, .. }) = changes
            .iter()
            .find(|e| matches!(e, FieldEdit::Artists { .. }))
        else {
            return Ok(Vec::new());
        };
        let ids: Vec<Uuid> = new.iter().map(|a| a.0).collect();
        let known = projectors::artists::read::names(pool, &ids).await?;
        Ok(ids
            .iter()
            .filter(|id| !known.contains_key(id))
            .map(|id| FieldError::new("artists", format!("Unknown artist {id}")))
            .collect())
    }

    async fn trial(&self, changes: &[FieldEdit]) -> Vec<FieldError> {
        let apply = ArtworkCommand::ApplyEdit {
            submission_id: SubmissionId::new(),
            edits: changes.to_vec(),
            overwrite_stale: true,
        };
        match self.clone().handle(apply, &(), &EventSink::default()).await {
            Ok(()) | Err(ArtworkError::EmptyEdit) => Vec::new(),
            Err(ArtworkError::Invalid(i)) => vec![FieldError::new(&i.field, i.message)],
            Err(e) => vec![FieldError::new("artists", e.to_string())],
        }
    }
}

impl Subject for Artist {
    type Change = ArtistFieldEdit;

    fn editable(&self) -> bool {
        self.exists
    }

    fn proposal(p: Proposal<ArtistFieldEdit>) -> SubmissionCommand {
        SubmissionCommand::ProposeArtistEdit(Box::new(ArtistEditProposal {
            submitter: p.submitter,
            artist_id: ArtistId(p.subject_id),
            edits: p.edits,
            note: p.note,
            new_artist: p.new,
        }))
    }

    fn proposed(filing: &Filing) -> Option<(Uuid, &[ArtistFieldEdit])> {
        match filing {
            Filing::ArtistEdit(e) => Some((e.artist_id.0, &e.edits)),
            _ => None,
        }
    }

    async fn hold(
        submissions: &Submissions,
        id: Uuid,
    ) -> Result<(ArtworkLocks, Self), ApproveError> {
        let store = |e: String| ApproveError::Store(anyhow::anyhow!(e));
        let locks = ArtworkLocks::take_artist(submissions.pool(), ArtistId(id))
            .await
            .map_err(|e| store(e.to_string()))?;
        match submissions
            .commands()
            .state::<Artist>(&id.to_string())
            .await
        {
            Ok((artist, _)) => Ok((locks, artist)),
            Err(e) => {
                locks.release().await;
                Err(store(e.to_string()))
            }
        }
    }

    async fn unknown_references(
        _pool: &PgPool,
        _changes: &[ArtistFieldEdit],
    ) -> Result<Vec<FieldError>, sqlx::Error> {
        Ok(Vec::new())
    }

    async fn trial(&self, changes: &[ArtistFieldEdit]) -> Vec<FieldError> {
        match self.with_changes(changes) {
            Err(domain::ArtistError::Invalid(i)) => vec![FieldError::new(&i.field, i.message)],
            _ => Vec::new(),
        }
    }
}
