//! Use case: a moderator approves a pending submission, then its effect is carried out on the
//! artworks (see `carry_out.rs`). The submission is loaded once: the approval is chosen from
//! its state, the aggregate applies its rules, and the state after the approval gives the
//! effect without reading the stream again.

use domain::text::{LongText, Title};
use domain::{
    Approval, ApprovedFields, Artwork, ArtworkId, ArtworkType, Filing, Location, Submission,
    SubmissionCommand, SubmissionError, SubmissionStatus, Tags,
};
use platform::position::EventPosition;
use uuid::Uuid;

use super::carry_out::{carry_out, CarryOutError};
use super::form::{artwork_type, FieldError};
use super::{ApproveRequest, Decided, Overrides, Reviewer, Submissions};
use crate::artwork_locks::{ArtworkLocks, Hold};
use crate::commands::{CommandError, Commands};

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
            .map(|t| Tags::parse(t).map_err(|e| FieldError::new(&e.field(), e.to_string())))
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

/// Approves a pending submission and carries out its effect on the artwork. An existing
/// artwork it adds to (a link, a visit, an edit) is held from its check to the effect
/// ([`hold_artwork`]), so a merge cannot come between them.
pub async fn run(
    submissions: &Submissions,
    reviewer: &Reviewer,
    id: Uuid,
    req: ApproveRequest,
) -> Result<(Decided, Option<EventPosition>), ApproveError> {
    ArtworkLocks::releasing(async |held| holding(submissions, reviewer, id, req, held).await).await
}

/// [`run`], leaving the artwork's lock, once taken, in `held`.
async fn holding(
    submissions: &Submissions,
    reviewer: &Reviewer,
    id: Uuid,
    req: ApproveRequest,
    held: &mut Option<ArtworkLocks>,
) -> Result<(Decided, Option<EventPosition>), ApproveError> {
    let choice = Choice::parse(req);
    let commands = submissions.commands();
    let decision = commands
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
                                title: c.title.or_else(|| p.title.clone()).ok_or_else(|| {
                                    FieldError::new(
                                        "title",
                                        "A title is required to create the artwork",
                                    )
                                })?,
                                description: c.description.unwrap_or_else(|| p.description.clone()),
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
                                hold_artwork(commands, artwork_id, Hold::Shared).await?;
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
                        *held = Some(hold_artwork(commands, v.artwork_id, Hold::Shared).await?.0);
                        Approval::LogVisit
                    }
                    // An edit approved here applies every field; choosing some is
                    // `crate::edits::approve`'s.
                    Some(edit @ (Filing::Edit(_) | Filing::ArtistEdit(_))) => {
                        if let Filing::Edit(e) = edit {
                            *held = Some(
                                hold_artwork(commands, e.artwork_id, Hold::Exclusive)
                                    .await?
                                    .0,
                            );
                        }
                        Approval::ApplyEdit {
                            fields: edit.edited_fields(),
                            overwrite_stale: false,
                        }
                    }
                    None => return Err(CommandError::Rejected(SubmissionError::NotFound).into()),
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
    let (effected, position) = carry_out(
        commands,
        id,
        &decision.state,
        decision.sequence,
        &reviewer.metadata,
    )
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

/// Holds existing `artwork` (shared, or alone for an edit) until the caller releases the lock,
/// and answers its state read under the lock, once its rule says it still takes content: one
/// merged away refuses (409) before a decision is recorded. A merge of the artwork waits for
/// the hold, so a decision and its effect never straddle a merge ("approved, nothing applied",
/// or content left on a hidden duplicate).
pub(crate) async fn hold_artwork(
    commands: &Commands,
    artwork: ArtworkId,
    hold: Hold,
) -> Result<(ArtworkLocks, Artwork), ApproveError> {
    let locks = ArtworkLocks::take(commands.pool(), &[artwork], hold)
        .await
        .map_err(|e| ApproveError::Store(e.into()))?;
    let open = match commands.state::<Artwork>(&artwork.to_string()).await {
        Ok((state, _)) => match state.takes_content() {
            Ok(()) => Ok(state),
            Err(rule) => Err(CommandError::Rejected(rule).into()),
        },
        Err(e) => Err(e.into()),
    };
    match open {
        Ok(state) => Ok((locks, state)),
        Err(e) => {
            locks.release().await;
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(json: serde_json::Value) -> Result<Choice, FieldError> {
        Choice::parse(serde_json::from_value(json).unwrap())
    }

    fn refused_field(json: serde_json::Value) -> String {
        match choice(json) {
            Err(e) => e.field,
            Ok(_) => panic!("accepted"),
        }
    }

    #[test]
    fn no_body_creates_the_artwork_as_proposed() {
        let Ok(Choice::Create(c)) = choice(serde_json::json!({})) else {
            panic!("not a plain creation");
        };
        assert!(c.title.is_none() && c.description.is_none() && c.location.is_none());
        assert!(c.artwork_type.is_none() && c.tags.is_none());
    }

    #[test]
    fn a_link_names_its_artwork_and_may_move_it() {
        let id = Uuid::from_u128(7);
        let Ok(Choice::Link {
            artwork_id,
            location,
        }) = choice(serde_json::json!({
            "action": "link", "artwork_id": id, "overrides": {"lat": 49.28, "lon": -123.12}
        }))
        else {
            panic!("not a link");
        };
        assert_eq!(artwork_id, ArtworkId(id));
        assert_eq!(location.map(|l| (l.lat(), l.lon())), Some((49.28, -123.12)));
        assert_eq!(
            refused_field(serde_json::json!({"action": "link"})),
            "artwork_id"
        );
    }

    #[test]
    fn corrections_keep_blank_titles_and_clear_blank_descriptions() {
        let Ok(Choice::Create(c)) = choice(serde_json::json!({
            "overrides": {"title": "  ", "description": " ", "artwork_type": "mural"}
        })) else {
            panic!("not a creation");
        };
        assert!(c.title.is_none(), "a blank title keeps the proposal's");
        assert_eq!(c.description, Some(None), "a blank description clears it");
        assert_eq!(c.artwork_type, Some(ArtworkType::Mural));
    }

    #[test]
    fn malformed_choices_name_their_field() {
        assert_eq!(
            refused_field(serde_json::json!({"action": "merge"})),
            "action"
        );
        assert_eq!(
            refused_field(serde_json::json!({"overrides": {"lat": 49.0}})),
            "overrides"
        );
        assert_eq!(
            refused_field(serde_json::json!({"overrides": {"lat": 91.0, "lon": 0.0}})),
            "overrides"
        );
        assert_eq!(
            refused_field(serde_json::json!({"overrides": {"artwork_type": "spaceship"}})),
            "artwork_type"
        );
    }
}
