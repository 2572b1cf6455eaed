//! Use case: a moderator approves a pending submission, then its effect is carried out on the
//! artworks (see `carry_out.rs`). The submission is loaded once: the approval is chosen from
//! its state, the aggregate applies its rules, and the state after the approval gives the
//! effect without reading the stream again.

use domain::text::{LongText, Title};
use domain::{
    Approval, ApprovedFields, ArtworkId, ArtworkType, Filing, Location, Submission,
    SubmissionCommand, SubmissionError, SubmissionStatus, Tags,
};
use platform::position::EventPosition;
use uuid::Uuid;

use super::carry_out::CarryOutError;
use super::form::{artwork_type, FieldError};
use super::{ApproveRequest, Decided, Overrides, Reviewer, Submissions};
use crate::artwork_locks::{ArtworkLocks, Hold};
use crate::commands::CommandError;

#[derive(Debug, thiserror::Error)]
pub enum ApproveError {
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error("Artwork with ID {0} not found")]
    ArtworkNotFound(Uuid),
    #[error("Edit {0} not found")]
    EditNotFound(Uuid),
    /// Chosen fields of an edit that changed since it was proposed.
    #[error("{}", domain::ArtworkError::Stale(.0.clone()))]
    Stale(Vec<String>),
    #[error(transparent)]
    Command(#[from] CommandError<SubmissionError>),
    #[error(transparent)]
    CarryOut(#[from] CarryOutError),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

impl From<CommandError<domain::ArtworkError>> for ApproveError {
    fn from(e: CommandError<domain::ArtworkError>) -> Self {
        ApproveError::CarryOut(CarryOutError::Artwork(e))
    }
}

/// What the moderator chose, well formed.
enum Choice {
    Create(Corrections),
    Link {
        artwork_id: ArtworkId,
        location: Option<Location>,
    },
}

/// A moderator's corrections to a proposal before it becomes an artwork; `None` keeps the
/// proposal's value (a blank description clears it).
struct Corrections {
    title: Option<Title>,
    description: Option<Option<LongText>>,
    artwork_type: Option<ArtworkType>,
    tags: Option<Tags>,
    location: Option<Location>,
}

impl Corrections {
    fn parse(o: Overrides) -> Result<Self, FieldError> {
        let location = match (o.lat, o.lon) {
            (Some(lat), Some(lon)) => Some(
                Location::parse(lat, lon)
                    .map_err(|e| FieldError::new("overrides", e.to_string()))?,
            ),
            (None, None) => None,
            _ => {
                return Err(FieldError::new(
                    "overrides",
                    "Give both lat and lon to move the artwork",
                ))
            }
        };
        let title = match o.title.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            Some(t) => Some(Title::parse(t).map_err(|e| FieldError::new("title", e.to_string()))?),
            None => None,
        };
        let description = match o.description.as_deref().map(str::trim) {
            Some("") => Some(None),
            Some(d) => {
                Some(Some(LongText::parse(d).map_err(|e| {
                    FieldError::new("description", e.to_string())
                })?))
            }
            None => None,
        };
        let artwork_type = o
            .artwork_type
            .as_deref()
            .map(|t| artwork_type(Some(t)))
            .transpose()?;
        let tags = o
            .tags
            .map(|t| Tags::parse(t).map_err(|e| FieldError::new("tags", e.to_string())))
            .transpose()?;
        Ok(Self {
            title,
            description,
            artwork_type,
            tags,
            location,
        })
    }
}

impl Choice {
    fn parse(req: ApproveRequest) -> Result<Self, FieldError> {
        let corrections = Corrections::parse(req.overrides.unwrap_or_default())?;
        match req.action.as_deref().unwrap_or("create") {
            "create" => Ok(Choice::Create(corrections)),
            "link" => Ok(Choice::Link {
                artwork_id: ArtworkId(req.artwork_id.ok_or_else(|| {
                    FieldError::new("artwork_id", "artwork_id is required to link")
                })?),
                location: corrections.location,
            }),
            _ => Err(FieldError::new("action", "action must be create or link")),
        }
    }
}

impl Submissions {
    /// Approves a pending submission and carries out its effect on the artwork. An existing
    /// artwork it adds to (a link, a visit, an edit) is held from its check to the effect
    /// (`hold_artwork`), so a merge cannot come between them.
    pub async fn approve(
        &self,
        reviewer: &Reviewer,
        id: Uuid,
        req: ApproveRequest,
    ) -> Result<(Decided, Option<EventPosition>), ApproveError> {
        let mut held = None;
        let approved = self.approve_holding(reviewer, id, req, &mut held).await;
        if let Some(locks) = held {
            locks.release().await;
        }
        approved
    }

    /// [`Self::approve`], leaving the artwork's lock, once taken, in `held`.
    async fn approve_holding(
        &self,
        reviewer: &Reviewer,
        id: Uuid,
        req: ApproveRequest,
        held: &mut Option<ArtworkLocks>,
    ) -> Result<(Decided, Option<EventPosition>), ApproveError> {
        let choice = Choice::parse(req);
        let decision = self
            .commands
            .decide(
                &id.to_string(),
                &reviewer.metadata,
                |s: Submission| async move {
                    // The aggregate's rule first: a decided submission is a conflict, whatever the
                    // moderator asked for.
                    s.pending().map_err(CommandError::Rejected)?;
                    let approval = match s.filing() {
                        Some(Filing::Proposal(p)) => match choice? {
                            Choice::Create(c) => Approval::CreateArtwork {
                                artwork_id: ArtworkId::new(),
                                fields: Box::new(ApprovedFields {
                                    title: c.title.or_else(|| p.title.clone()).ok_or_else(
                                        || {
                                            FieldError::new(
                                                "title",
                                                "A title is required to create the artwork",
                                            )
                                        },
                                    )?,
                                    description: c
                                        .description
                                        .unwrap_or_else(|| p.description.clone()),
                                    artwork_type: c.artwork_type.unwrap_or(p.artwork_type),
                                    location: c.location.unwrap_or(p.location),
                                    tags: c.tags.unwrap_or_else(|| p.tags.clone()),
                                }),
                            },
                            Choice::Link {
                                artwork_id,
                                location,
                            } => {
                                let (locks, artwork) =
                                    self.hold_artwork(artwork_id, Hold::Shared).await?;
                                *held = Some(locks);
                                if !artwork.exists {
                                    return Err(ApproveError::ArtworkNotFound(artwork_id.0));
                                }
                                Approval::LinkArtwork {
                                    artwork_id,
                                    location_override: location,
                                }
                            }
                        },
                        // A visit goes into its artwork's logbook; `action` is for proposals.
                        Some(Filing::Visit(v)) => {
                            *held = Some(self.hold_artwork(v.artwork_id, Hold::Shared).await?.0);
                            Approval::LogVisit
                        }
                        // An edit approved here applies every field; choosing some is
                        // `crate::edits::approve`'s.
                        Some(edit @ (Filing::Edit(_) | Filing::ArtistEdit(_))) => {
                            if let Filing::Edit(e) = edit {
                                *held =
                                    Some(self.hold_artwork(e.artwork_id, Hold::Exclusive).await?.0);
                            }
                            Approval::ApplyEdit {
                                fields: edit.edited_fields(),
                                overwrite_stale: false,
                            }
                        }
                        None => {
                            return Err(CommandError::Rejected(SubmissionError::NotFound).into())
                        }
                    };
                    let command = SubmissionCommand::Approve {
                        reviewer: reviewer.account_id,
                        reviewer_identities: reviewer.identities.clone(),
                        approval,
                    };
                    Ok((s, command))
                },
            )
            .await?;
        let (effected, position) = self
            .carry_out(id, &decision.state, decision.sequence, &reviewer.metadata)
            .await?;
        Ok((
            Decided {
                id,
                status: SubmissionStatus::Approved,
                artwork_id: effected.artwork_id(),
                artist_id: effected.artist_id(),
            },
            position,
        ))
    }
}
