//! Use cases: a signed-in user proposes changes to an artist's fields, or an artist the
//! registry does not have (changes from nothing to a fresh id), or asks whether a proposal would
//! be accepted without recording it. Read as artwork edits are (`edit.rs`): each field parsed
//! into value objects, each old value compared with the artist's (a changed one is stale), and
//! the aggregates' rules run on the would-be state without writing.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use domain::edit::Edited;
use domain::{
    Artist, ArtistEditProposal, ArtistFieldEdit, ArtistId, Note, Submission, SubmissionCommand,
    SubmissionId, SubmissionStatus,
};
use platform::identity::Caller;
use platform::position::EventPosition;
use projectors::submissions::edits::FieldEditDto;
use uuid::Uuid;

use super::edit::{edit_check, read_request, rule_field};
use super::form::FieldError;
use super::submit::SubmitError;
use super::{ArtistEditReceipt, EditCheck, EditRequest, Submissions};

/// Which artist a proposal is about.
#[derive(Debug, Clone, Copy)]
pub enum ArtistTarget {
    /// A known artist.
    Known(Uuid),
    /// An artist to be created.
    New,
}

/// What reading a proposal found.
struct Checked {
    artist_id: ArtistId,
    edits: Vec<ArtistFieldEdit>,
    note: Option<Note>,
    errors: Vec<FieldError>,
    /// Fields whose old value is not the artist's now.
    stale: Vec<String>,
}

impl Checked {
    fn dtos(&self) -> Vec<FieldEditDto> {
        self.edits.iter().map(FieldEditDto::from).collect()
    }
}

impl Submissions {
    /// Reads `req` against the artist as it is now (an empty one for a new artist).
    async fn check_artist_edit(
        &self,
        caller: &Caller,
        target: ArtistTarget,
        req: EditRequest,
    ) -> Result<Checked, SubmitError> {
        let (artist_id, artist) = match target {
            ArtistTarget::Known(id) => {
                let (artist, _) = self
                    .commands
                    .state::<Artist>(&id.to_string())
                    .await
                    .map_err(|e| SubmitError::Store(anyhow::anyhow!(e.to_string())))?;
                if !artist.exists {
                    return Err(SubmitError::ArtistNotFound(id));
                }
                (ArtistId(id), artist)
            }
            ArtistTarget::New => (ArtistId::new(), Artist::default()),
        };
        let (mut edits, note, mut errors) = read_request(&req, |item| {
            ArtistFieldEdit::parse(
                &item.field_name,
                &item.field_value_old,
                &item.field_value_new,
            )
            .map(|e| vec![e])
        });
        edits.retain(|e| !e.changes_nothing());
        let stale = edits
            .iter()
            .filter(|e| artist.is_stale(e))
            .map(|e| e.field_name().to_owned())
            .collect();
        if errors.is_empty() {
            let proposal = ArtistEditProposal {
                submitter: caller.actor(),
                artist_id,
                edits: edits.clone(),
                note: note.clone(),
                new_artist: matches!(target, ArtistTarget::New),
            };
            let sink = EventSink::default();
            if let Err(e) = Submission::default()
                .handle(
                    SubmissionCommand::ProposeArtistEdit(Box::new(proposal)),
                    &(),
                    &sink,
                )
                .await
            {
                errors.push(FieldError::new(rule_field(&e), e.to_string()));
            }
            if let Err(domain::ArtistError::Invalid(i)) = artist.with_changes(&edits) {
                errors.push(FieldError::new(&i.field, i.message));
            }
        }
        Ok(Checked {
            artist_id,
            edits,
            note,
            errors,
            stale,
        })
    }

    /// Whether `req` would be accepted, and how the server reads it; nothing is written.
    pub async fn validate_artist_edit(
        &self,
        caller: &Caller,
        target: ArtistTarget,
        req: EditRequest,
    ) -> Result<EditCheck, SubmitError> {
        let c = self.check_artist_edit(caller, target, req).await?;
        let edits = c.dtos();
        Ok(edit_check(c.errors, &c.stale, edits))
    }

    /// Records the caller's proposal as a pending artist edit (or new artist) submission.
    pub async fn propose_artist_edit(
        &self,
        caller: &Caller,
        target: ArtistTarget,
        req: EditRequest,
    ) -> Result<(ArtistEditReceipt, Option<EventPosition>), SubmitError> {
        let c = self.check_artist_edit(caller, target, req).await?;
        if let Some(e) = c.errors.first() {
            return Err(e.clone().into());
        }
        if !c.stale.is_empty() {
            return Err(SubmitError::StaleArtistEdit(c.stale));
        }
        let id = SubmissionId::new();
        let receipt = ArtistEditReceipt {
            id: id.0,
            status: SubmissionStatus::Pending,
            artist_id: c.artist_id.0,
            edits: c.dtos(),
        };
        let proposal = ArtistEditProposal {
            submitter: caller.actor(),
            artist_id: c.artist_id,
            edits: c.edits,
            note: c.note,
            new_artist: matches!(target, ArtistTarget::New),
        };
        let position = self
            .commands
            .submission(
                &id.to_string(),
                SubmissionCommand::ProposeArtistEdit(Box::new(proposal)),
                &caller.metadata(),
            )
            .await
            .map_err(SubmitError::Command)?;
        Ok((receipt, position))
    }
}
