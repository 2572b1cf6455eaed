//! Use case: a signed-in user proposes changes to a subject's fields (an edit submission), or
//! asks whether a proposal would be accepted without recording it ([`check`]). Both read the
//! changes the same way: each field parsed into value objects, each old value compared with the
//! aggregate's (a changed one is stale), what they name checked, and the aggregates' own rules
//! run on the would-be state without writing.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use domain::edit::MAX_EDITS;
use domain::{
    EditSubject, FieldChange, Note, Submission, SubmissionError, SubmissionId, SubmissionStatus,
};
use platform::position::EventPosition;
use projectors::submissions::edits::FieldEditDto;
use uuid::Uuid;

use super::{Proposal, Subject};
use crate::actor::Sender;
use crate::commands::{CommandError, Commands};
use crate::submissions::{EditCheck, EditItem, EditRequest, FieldError};

/// Which subject a proposal is about.
#[derive(Debug, Clone, Copy)]
pub enum Target {
    /// One the registry has.
    Known(Uuid),
    /// One to be created by the proposal's approval (artists only).
    New,
}

#[derive(Debug, thiserror::Error)]
pub enum ProposeError {
    /// The subject is not in the registry, or not public yet.
    #[error("{} with ID {} not found", title(*.0), .1)]
    NotFound(EditSubject, Uuid),
    #[error(transparent)]
    Field(#[from] FieldError),
    /// Fields whose old value is no longer the subject's.
    #[error("This {} changed since you opened it ({}). Reload to see the current values.", .0, .1.join(", "))]
    Stale(EditSubject, Vec<String>),
    #[error(transparent)]
    Command(#[from] CommandError<SubmissionError>),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

crate::commands::sqlx_is_store!(ProposeError);

/// "Artwork" or "Artist".
fn title(subject: EditSubject) -> &'static str {
    match subject {
        EditSubject::Artwork => "Artwork",
        EditSubject::Artist => "Artist",
    }
}

/// What reading a proposal found.
pub struct Checked<C> {
    /// The subject's id (a fresh one for a new artist).
    pub subject_id: Uuid,
    pub edits: Vec<C>,
    pub note: Option<Note>,
    pub errors: Vec<FieldError>,
    /// Fields whose old value is not the subject's now.
    pub stale: Vec<String>,
}

impl<C: FieldChange> Checked<C> {
    /// What `validate` answers: valid, and every problem by field (stale fields among them).
    pub fn answer(self) -> EditCheck {
        let stale = self
            .stale
            .iter()
            .map(|f| FieldError::new(f, "changed since you opened it; reload to see it"));
        let errors: Vec<FieldError> = self.errors.into_iter().chain(stale).collect();
        EditCheck {
            valid: errors.is_empty(),
            errors: errors.into_iter().map(Into::into).collect(),
            edits: self.edits.iter().map(FieldEditDto::of).collect(),
        }
    }
}

/// What proposing recorded.
#[derive(Debug)]
pub struct Proposed {
    /// The edit submission's id.
    pub id: Uuid,
    pub status: SubmissionStatus,
    /// The subject edited, or the id a new artist gets once approved.
    pub subject_id: Uuid,
    pub edits: Vec<FieldEditDto>,
}

/// Reads `req` against `target` as it is now (an empty subject for a new one); nothing is
/// written. `NotFound` unless the subject takes edits.
pub async fn check<S: Subject>(
    commands: &Commands,
    sender: &Sender,
    target: Target,
    req: EditRequest,
) -> Result<Checked<S::Change>, ProposeError> {
    let subject = <S::Change as FieldChange>::SUBJECT;
    let (subject_id, state) = match target {
        Target::Known(id) => {
            let (state, _) = commands
                .state::<S>(&id.to_string())
                .await
                .map_err(|e| ProposeError::Store(anyhow::anyhow!(e.to_string())))?;
            if !state.editable() {
                return Err(ProposeError::NotFound(subject, id));
            }
            (id, state)
        }
        Target::New => (Uuid::now_v7(), S::default()),
    };
    let (mut edits, note, mut errors) = read_request::<S::Change>(&req);
    // A field sent unchanged is not a change; one left changes nothing at all.
    edits.retain(|e| !e.changes_nothing());
    if errors.is_empty() {
        errors.extend(S::unknown_references(commands.pool(), &edits).await?);
    }
    let stale = edits
        .iter()
        .filter(|e| state.is_stale(e))
        .map(FieldChange::field_name)
        .collect();
    if errors.is_empty() {
        // The aggregates' rules, on state that is not kept: the proposal as filed, and the
        // subject with every change made.
        let proposal = S::proposal(Proposal {
            submitter: sender.actor,
            subject_id,
            edits: edits.clone(),
            note: note.clone(),
            new: matches!(target, Target::New),
        });
        let sink = EventSink::default();
        if let Err(e) = Submission::default().handle(proposal, &(), &sink).await {
            errors.push(FieldError::new(rule_field(&e), e.to_string()));
        }
        errors.extend(state.trial(&edits).await);
    }
    Ok(Checked {
        subject_id,
        edits,
        note,
        errors,
        stale,
    })
}

/// Records the sender's proposal as a pending edit submission, after [`check`]: its first
/// problem refuses it, and so does any stale field.
pub async fn run<S: Subject>(
    commands: &Commands,
    sender: &Sender,
    target: Target,
    req: EditRequest,
) -> Result<(Proposed, Option<EventPosition>), ProposeError> {
    let c = check::<S>(commands, sender, target, req).await?;
    if let Some(e) = c.errors.into_iter().next() {
        return Err(e.into());
    }
    if !c.stale.is_empty() {
        return Err(ProposeError::Stale(
            <S::Change as FieldChange>::SUBJECT,
            c.stale,
        ));
    }
    let id = SubmissionId::new();
    let proposed = Proposed {
        id: id.0,
        status: SubmissionStatus::Pending,
        subject_id: c.subject_id,
        edits: c.edits.iter().map(FieldEditDto::of).collect(),
    };
    let command = S::proposal(Proposal {
        submitter: sender.actor,
        subject_id: c.subject_id,
        edits: c.edits,
        note: c.note,
        new: matches!(target, Target::New),
    });
    let position = commands
        .execute::<domain::Submission>(&id.to_string(), command, &sender.metadata)
        .await?;
    Ok((proposed, position))
}

/// The field a proposal rule concerns.
fn rule_field(e: &SubmissionError) -> &'static str {
    match e {
        SubmissionError::NoteTooLong => "note",
        SubmissionError::NameRequired => "name",
        _ => "edits",
    }
}

/// Reads a proposal's changes (at most [`MAX_EDITS`] items) and its note; every problem comes
/// back by field, beside what could be read.
fn read_request<C: FieldChange>(req: &EditRequest) -> (Vec<C>, Option<Note>, Vec<FieldError>) {
    let mut errors = Vec::new();
    if req.edits.len() > MAX_EDITS {
        errors.push(FieldError::new(
            "edits",
            SubmissionError::TooManyEdits.to_string(),
        ));
    }
    let mut edits = Vec::new();
    for EditItem {
        field_name,
        field_value_old,
        field_value_new,
    } in req.edits.iter().take(MAX_EDITS)
    {
        match C::parse(field_name, field_value_old, field_value_new) {
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
