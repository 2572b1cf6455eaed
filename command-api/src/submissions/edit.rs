//! Use cases: a signed-in user proposes changes to an artwork's fields (an edit submission), or
//! asks whether a proposal would be accepted without recording it. Both read the changes the
//! same way ([`Submissions::check_edit`]): each field parsed into value objects, each old value
//! compared with the artwork's (a changed one is stale), the artists named checked, and the
//! aggregates' own rules run on the would-be state without writing.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use domain::edit::Edited;
use domain::edit::MAX_EDITS;
use domain::{
    Artwork, ArtworkEditProposal, ArtworkId, ArtworkStatus, FieldEdit, Note, Submission,
    SubmissionCommand, SubmissionError, SubmissionId, SubmissionStatus,
};
use platform::identity::Caller;
use platform::position::EventPosition;
use projectors::submissions::edits::FieldEditDto;
use uuid::Uuid;

use super::form::FieldError;
use super::submit::SubmitError;
use super::{EditCheck, EditItem, EditReceipt, EditRequest, Submissions};

/// What reading a proposal found.
struct Checked {
    edits: Vec<FieldEdit>,
    note: Option<Note>,
    errors: Vec<FieldError>,
    /// Fields whose old value is not the artwork's now.
    stale: Vec<String>,
}

impl Submissions {
    /// Reads `req` against artwork `artwork_id` as it is now; `ArtworkNotFound` unless it is
    /// public.
    async fn check_edit(
        &self,
        caller: &Caller,
        artwork_id: Uuid,
        req: EditRequest,
    ) -> Result<Checked, SubmitError> {
        let (artwork, _) = self
            .commands
            .state::<Artwork>(&artwork_id.to_string())
            .await
            .map_err(|e| SubmitError::Store(anyhow::anyhow!(e.to_string())))?;
        if !artwork.exists || artwork.status == Some(ArtworkStatus::Pending) {
            return Err(SubmitError::ArtworkNotFound(artwork_id));
        }
        let (mut edits, note, mut errors) = read_request(&req, |item| {
            FieldEdit::parse(
                &item.field_name,
                &item.field_value_old,
                &item.field_value_new,
            )
        });
        // A field sent unchanged is not a change; one left changes nothing at all.
        edits.retain(|e| !e.changes_nothing());
        if errors.is_empty() {
            errors.extend(self.check_artists(&edits).await?);
        }
        let stale = edits
            .iter()
            .filter(|e| artwork.is_stale(e))
            .map(FieldEdit::field_name)
            .collect();
        if errors.is_empty() {
            // The aggregates' rules, on state that is not kept: the proposal as filed, and the
            // artwork with every change made (tag and artist limits).
            let proposal = ArtworkEditProposal {
                submitter: caller.actor(),
                artwork_id: ArtworkId(artwork_id),
                edits: edits.clone(),
                note: note.clone(),
            };
            let sink = EventSink::default();
            if let Err(e) = Submission::default()
                .handle(
                    SubmissionCommand::ProposeArtworkEdit(Box::new(proposal)),
                    &(),
                    &sink,
                )
                .await
            {
                errors.push(FieldError::new(rule_field(&e), e.to_string()));
            }
            let sink = EventSink::default();
            let mut trial = artwork.clone();
            let apply = domain::ArtworkCommand::ApplyEdit {
                submission_id: SubmissionId::new(),
                edits: edits.clone(),
                overwrite_stale: true,
            };
            if let Err(e) = trial.handle(apply, &(), &sink).await {
                let field = match &e {
                    domain::ArtworkError::Invalid(i) => i.field.clone(),
                    _ => "artists".to_owned(),
                };
                if !matches!(e, domain::ArtworkError::EmptyEdit) {
                    errors.push(FieldError::new(&field, e.to_string()));
                }
            }
        }
        Ok(Checked {
            edits,
            note,
            errors,
            stale,
        })
    }

    /// Artists an edit links that the registry does not know.
    async fn check_artists(&self, edits: &[FieldEdit]) -> Result<Vec<FieldError>, SubmitError> {
        let Some(FieldEdit::Artists { new, .. }) = edits
            .iter()
            .find(|e| matches!(e, FieldEdit::Artists { .. }))
        else {
            return Ok(Vec::new());
        };
        let ids: Vec<Uuid> = new.iter().map(|a| a.0).collect();
        let known = projectors::artists::read::names(self.pool(), &ids).await?;
        Ok(ids
            .iter()
            .filter(|id| !known.contains_key(id))
            .map(|id| FieldError::new("artists", format!("Unknown artist {id}")))
            .collect())
    }

    /// Whether `req` would be accepted, and how the server reads it; nothing is written.
    pub async fn validate_edit(
        &self,
        caller: &Caller,
        artwork_id: Uuid,
        req: EditRequest,
    ) -> Result<EditCheck, SubmitError> {
        let c = self.check_edit(caller, artwork_id, req).await?;
        Ok(edit_check(
            c.errors,
            &c.stale,
            c.edits.iter().map(FieldEditDto::from).collect(),
        ))
    }

    /// Records the caller's proposal as a pending edit submission.
    pub async fn propose_edit(
        &self,
        caller: &Caller,
        artwork_id: Uuid,
        req: EditRequest,
    ) -> Result<(EditReceipt, Option<EventPosition>), SubmitError> {
        let c = self.check_edit(caller, artwork_id, req).await?;
        if let Some(e) = c.errors.into_iter().next() {
            return Err(e.into());
        }
        if !c.stale.is_empty() {
            return Err(SubmitError::StaleEdit(c.stale));
        }
        let id = SubmissionId::new();
        let receipt = EditReceipt {
            id: id.0,
            status: SubmissionStatus::Pending,
            artwork_id,
            edits: c.edits.iter().map(FieldEditDto::from).collect(),
        };
        let proposal = ArtworkEditProposal {
            submitter: caller.actor(),
            artwork_id: ArtworkId(artwork_id),
            edits: c.edits,
            note: c.note,
        };
        let position = self
            .commands
            .submission(
                &id.to_string(),
                SubmissionCommand::ProposeArtworkEdit(Box::new(proposal)),
                &caller.metadata(),
            )
            .await
            .map_err(SubmitError::Command)?;
        Ok((receipt, position))
    }
}

/// The field a proposal rule concerns.
pub(super) fn rule_field(e: &SubmissionError) -> &'static str {
    match e {
        SubmissionError::NoteTooLong => "note",
        SubmissionError::NameRequired => "name",
        _ => "edits",
    }
}

/// Reads a proposal's changes (at most [`MAX_EDITS`] items, each by `parse`) and its note;
/// every problem comes back by field, beside what could be read.
pub(super) fn read_request<T>(
    req: &EditRequest,
    parse: impl Fn(&EditItem) -> Result<Vec<T>, domain::EditError>,
) -> (Vec<T>, Option<Note>, Vec<FieldError>) {
    let mut errors = Vec::new();
    if req.edits.len() > MAX_EDITS {
        errors.push(FieldError::new(
            "edits",
            SubmissionError::TooManyEdits.to_string(),
        ));
    }
    let mut edits = Vec::new();
    for item in req.edits.iter().take(MAX_EDITS) {
        match parse(item) {
            Ok(parsed) => edits.extend(parsed),
            Err(e) => errors.push(FieldError::new(&e.field, e.message)),
        }
    }
    let note = match Note::parse(req.note.as_deref().unwrap_or("")) {
        Ok(n) => n,
        Err(e) => {
            errors.push(FieldError::new("note", e.to_string()));
            None
        }
    };
    (edits, note, errors)
}

/// What `validate` answers for a proposal read as `edits` with these problems (stale fields
/// among them).
pub(super) fn edit_check(
    mut errors: Vec<FieldError>,
    stale: &[String],
    edits: Vec<FieldEditDto>,
) -> EditCheck {
    errors.extend(
        stale
            .iter()
            .map(|f| FieldError::new(f, "changed since you opened it; reload to see it")),
    );
    EditCheck {
        valid: errors.is_empty(),
        errors: errors.into_iter().map(Into::into).collect(),
        edits,
    }
}
