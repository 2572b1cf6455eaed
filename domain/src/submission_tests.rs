//! `submission`'s given/when/then tests.

use super::*;
use uuid::Uuid;

/// The reviewer's approval, as `reviewer()` (the author's identities not among theirs).
fn approve(approval: Approval) -> SubmissionCommand {
    SubmissionCommand::Approve {
        reviewer: reviewer(),
        reviewer_identities: vec![reviewer().into()],
        approval,
    }
}

/// A new artwork as `edited()` says.
fn create_as_edited() -> Approval {
    Approval::CreateArtwork {
        artwork_id: ArtworkId::new(),
        fields: Box::new(edited()),
    }
}
use crate::photo::{ExifSummary, PhotoKey};
use cqrs_es::test::TestFramework;
use std::collections::BTreeMap;

type Harness = TestFramework<Submission>;

fn photo() -> Photo {
    Photo {
        key: PhotoKey::new(),
        width: 4000,
        height: 3000,
        exif: ExifSummary {
            latitude: Some(49.2827),
            longitude: Some(-123.1207),
            ..ExifSummary::default()
        },
    }
}

fn author() -> ActorId {
    ActorId(Uuid::from_u128(7))
}

fn proposal() -> NewArtworkProposal {
    NewArtworkProposal {
        submitter: author(),
        location: Location::parse(49.2827, -123.1207).unwrap(),
        title: Some(Title::parse("Digital Orca").unwrap()),
        description: None,
        artwork_type: ArtworkType::Sculpture,
        tags: Tags::parse(BTreeMap::from([("material".into(), "metal".into())])).unwrap(),
        artist_names: vec![PersonName::parse("Douglas Coupland").unwrap()],
        note: Note::parse("Next to the convention centre").unwrap(),
        photos: vec![photo()],
    }
}

fn visit() -> VisitReport {
    VisitReport {
        submitter: author(),
        artwork_id: ArtworkId(Uuid::from_u128(42)),
        location: Location::parse(49.2827, -123.1207).unwrap(),
        condition: Some(Condition::Good),
        note: Note::parse("Freshly cleaned").unwrap(),
        photos: vec![photo()],
        visited_at: chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap(),
    }
}

fn proposed(p: &NewArtworkProposal) -> SubmissionEvent {
    SubmissionEvent::ArtworkProposed(Box::new(p.clone()))
}

fn reviewer() -> AccountId {
    AccountId(Uuid::from_u128(99))
}

/// The proposal as a moderator approved it, retitled and moved.
fn edited() -> ApprovedFields {
    ApprovedFields {
        title: Title::parse("Digital Orca (1)").unwrap(),
        description: Some(LongText::parse("Pixelated whale").unwrap()),
        artwork_type: ArtworkType::Sculpture,
        location: Location::parse(49.2890, -123.1170).unwrap(),
        tags: Tags::default(),
    }
}

/// The submission's state after `events`.
fn state(events: Vec<SubmissionEvent>) -> Submission {
    let mut s = Submission::default();
    for e in events {
        s.apply(e);
    }
    s
}

fn approved(id: ArtworkId, outcome: ApprovalOutcome) -> SubmissionEvent {
    SubmissionEvent::SubmissionApproved {
        reviewer: reviewer(),
        artwork_id: id,
        outcome,
        location_override: None,
        fields: None,
        applied: None,
        overwrite_stale: false,
    }
}

// ---- ProposeArtwork

#[tokio::test]
async fn proposing_an_artwork_records_it_pending() {
    let p = proposal();
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::ProposeArtwork(Box::new(p.clone())))
        .await
        .then_expect_events(vec![proposed(&p)]);
}

#[tokio::test]
async fn a_proposal_without_photos_is_refused() {
    let mut p = proposal();
    p.photos.clear();
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::ProposeArtwork(Box::new(p)))
        .await
        .then_expect_error(SubmissionError::PhotoRequired);
}

#[tokio::test]
async fn a_proposal_with_eleven_photos_is_refused() {
    let mut p = proposal();
    p.photos = (0..=MAX_PHOTOS_PER_SUBMISSION).map(|_| photo()).collect();
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::ProposeArtwork(Box::new(p)))
        .await
        .then_expect_error(SubmissionError::TooManyPhotos);
}

#[tokio::test]
async fn a_proposal_with_the_same_photo_twice_is_refused() {
    let mut p = proposal();
    p.photos.push(p.photos[0].clone());
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::ProposeArtwork(Box::new(p)))
        .await
        .then_expect_error(SubmissionError::DuplicatePhoto);
}

#[tokio::test]
async fn a_proposal_naming_too_many_artists_is_refused() {
    let mut p = proposal();
    p.artist_names = (0..=MAX_PROPOSED_ARTISTS)
        .map(|i| PersonName::parse(&format!("Artist {i}")).unwrap())
        .collect();
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::ProposeArtwork(Box::new(p)))
        .await
        .then_expect_error(SubmissionError::TooManyArtists);
}

#[tokio::test]
async fn a_submission_id_cannot_be_used_twice() {
    let p = proposal();
    Harness::with(())
        .given(vec![proposed(&p)])
        .when_async(SubmissionCommand::ProposeArtwork(Box::new(p)))
        .await
        .then_expect_error(SubmissionError::AlreadySubmitted);
}

// ---- LogVisit

#[tokio::test]
async fn logging_a_visit_records_it_pending() {
    let v = visit();
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::LogVisit(Box::new(v.clone())))
        .await
        .then_expect_events(vec![SubmissionEvent::VisitLogged(Box::new(v))]);
}

#[tokio::test]
async fn a_visit_with_only_a_note_is_accepted() {
    let mut v = visit();
    v.photos.clear();
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::LogVisit(Box::new(v.clone())))
        .await
        .then_expect_events(vec![SubmissionEvent::VisitLogged(Box::new(v))]);
}

#[tokio::test]
async fn a_visit_without_photo_or_note_is_refused() {
    let mut v = visit();
    v.photos.clear();
    v.note = None;
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::LogVisit(Box::new(v)))
        .await
        .then_expect_error(SubmissionError::EmptyVisit);
}

#[tokio::test]
async fn a_visit_with_eleven_photos_is_refused() {
    let mut v = visit();
    v.photos = (0..=MAX_PHOTOS_PER_SUBMISSION).map(|_| photo()).collect();
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::LogVisit(Box::new(v)))
        .await
        .then_expect_error(SubmissionError::TooManyPhotos);
}

#[tokio::test]
async fn a_visit_cannot_reuse_a_submission_id() {
    let v = visit();
    Harness::with(())
        .given(vec![proposed(&proposal())])
        .when_async(SubmissionCommand::LogVisit(Box::new(v)))
        .await
        .then_expect_error(SubmissionError::AlreadySubmitted);
}

// ---- Approve

#[tokio::test]
async fn approving_a_proposal_as_new_names_the_new_artwork() {
    let id = ArtworkId(Uuid::from_u128(5));
    Harness::with(())
        .given(vec![proposed(&proposal())])
        .when_async(SubmissionCommand::Approve {
            reviewer: reviewer(),
            reviewer_identities: vec![reviewer().into()],
            approval: Approval::CreateArtwork {
                artwork_id: id,
                fields: Box::new(edited()),
            },
        })
        .await
        .then_expect_events(vec![SubmissionEvent::SubmissionApproved {
            reviewer: reviewer(),
            artwork_id: id,
            outcome: ApprovalOutcome::Created,
            location_override: None,
            fields: Some(Box::new(edited())),
            applied: None,
            overwrite_stale: false,
        }]);
}

#[tokio::test]
async fn approving_a_proposal_as_a_known_artwork_links_it() {
    let id = ArtworkId(Uuid::from_u128(6));
    let moved = Some(Location::parse(49.28, -123.12).unwrap());
    Harness::with(())
        .given(vec![proposed(&proposal())])
        .when_async(SubmissionCommand::Approve {
            reviewer: reviewer(),
            reviewer_identities: vec![reviewer().into()],
            approval: Approval::LinkArtwork {
                artwork_id: id,
                location_override: moved,
            },
        })
        .await
        .then_expect_events(vec![SubmissionEvent::SubmissionApproved {
            reviewer: reviewer(),
            artwork_id: id,
            outcome: ApprovalOutcome::Linked,
            location_override: moved,
            fields: None,
            applied: None,
            overwrite_stale: false,
        }]);
}

#[tokio::test]
async fn approving_a_visit_logs_it_to_its_artwork() {
    let v = visit();
    Harness::with(())
        .given(vec![SubmissionEvent::VisitLogged(Box::new(v.clone()))])
        .when_async(approve(Approval::LogVisit))
        .await
        .then_expect_events(vec![SubmissionEvent::SubmissionApproved {
            reviewer: reviewer(),
            artwork_id: v.artwork_id,
            outcome: ApprovalOutcome::Logged,
            location_override: None,
            fields: None,
            applied: None,
            overwrite_stale: false,
        }]);
}

#[tokio::test]
async fn approve_fails_when_the_reviewer_speaks_for_the_author() {
    // The author signed in later as a moderator: the anonymous identity is now theirs.
    Harness::with(())
        .given(vec![proposed(&proposal())])
        .when_async(SubmissionCommand::Approve {
            reviewer: reviewer(),
            reviewer_identities: vec![reviewer().into(), author()],
            approval: Approval::LinkArtwork {
                artwork_id: ArtworkId::new(),
                location_override: None,
            },
        })
        .await
        .then_expect_error(SubmissionError::OwnSubmission);
}

#[tokio::test]
async fn approve_fails_when_the_reviewer_is_the_author() {
    Harness::with(())
        .given(vec![SubmissionEvent::VisitLogged(Box::new(visit()))])
        .when_async(SubmissionCommand::Approve {
            reviewer: AccountId(author().0),
            reviewer_identities: vec![],
            approval: Approval::LogVisit,
        })
        .await
        .then_expect_error(SubmissionError::OwnSubmission);
}

#[tokio::test]
async fn a_visit_cannot_be_approved_as_a_new_artwork() {
    Harness::with(())
        .given(vec![SubmissionEvent::VisitLogged(Box::new(visit()))])
        .when_async(approve(create_as_edited()))
        .await
        .then_expect_error(SubmissionError::WrongApproval(SubmissionKind::Logbook));
}

#[tokio::test]
async fn a_proposal_cannot_be_approved_as_a_visit() {
    Harness::with(())
        .given(vec![proposed(&proposal())])
        .when_async(approve(Approval::LogVisit))
        .await
        .then_expect_error(SubmissionError::WrongApproval(SubmissionKind::NewArtwork));
}

#[tokio::test]
async fn approving_twice_is_refused() {
    let id = ArtworkId(Uuid::from_u128(5));
    Harness::with(())
        .given(vec![
            proposed(&proposal()),
            SubmissionEvent::SubmissionApproved {
                reviewer: reviewer(),
                artwork_id: id,
                outcome: ApprovalOutcome::Created,
                location_override: None,
                fields: None,
                applied: None,
                overwrite_stale: false,
            },
        ])
        .when_async(approve(create_as_edited()))
        .await
        .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Approved));
}

#[tokio::test]
async fn approving_a_submission_that_does_not_exist_is_refused() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(approve(Approval::LogVisit))
        .await
        .then_expect_error(SubmissionError::NotFound);
}

// ---- Reject

#[tokio::test]
async fn rejecting_records_the_reason() {
    let reason = Reason::parse("Not public art").unwrap();
    Harness::with(())
        .given(vec![proposed(&proposal())])
        .when_async(SubmissionCommand::Reject {
            reviewer: reviewer(),
            reason: reason.clone(),
        })
        .await
        .then_expect_events(vec![SubmissionEvent::SubmissionRejected {
            reviewer: reviewer(),
            reason,
        }]);
}

#[tokio::test]
async fn rejecting_a_rejected_submission_is_refused() {
    let reason = Reason::parse("Blurry").unwrap();
    Harness::with(())
        .given(vec![
            proposed(&proposal()),
            SubmissionEvent::SubmissionRejected {
                reviewer: reviewer(),
                reason: reason.clone(),
            },
        ])
        .when_async(SubmissionCommand::Reject {
            reviewer: reviewer(),
            reason,
        })
        .await
        .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Rejected));
}

#[tokio::test]
async fn rejecting_a_withdrawn_submission_is_refused() {
    Harness::with(())
        .given(vec![
            proposed(&proposal()),
            SubmissionEvent::SubmissionWithdrawn { by: author() },
        ])
        .when_async(SubmissionCommand::Reject {
            reviewer: reviewer(),
            reason: Reason::parse("Duplicate").unwrap(),
        })
        .await
        .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Withdrawn));
}

#[test]
fn notes_are_optional_and_bounded() {
    assert_eq!(Note::parse("   "), Ok(None));
    assert_eq!(
        Note::parse(&"x".repeat(MAX_NOTE_CHARS + 1)),
        Err(NoteTooLong)
    );
}

// ---- Withdraw

#[tokio::test]
async fn its_author_can_withdraw_a_pending_submission() {
    Harness::with(())
        .given(vec![proposed(&proposal())])
        .when_async(SubmissionCommand::Withdraw {
            identities: vec![ActorId(Uuid::from_u128(1)), author()],
        })
        .await
        .then_expect_events(vec![SubmissionEvent::SubmissionWithdrawn { by: author() }]);
}

#[tokio::test]
async fn someone_else_cannot_withdraw_it() {
    Harness::with(())
        .given(vec![proposed(&proposal())])
        .when_async(SubmissionCommand::Withdraw {
            identities: vec![ActorId(Uuid::from_u128(1))],
        })
        .await
        .then_expect_error(SubmissionError::NotAuthor);
}

#[tokio::test]
async fn a_decided_submission_cannot_be_withdrawn() {
    let id = ArtworkId(Uuid::from_u128(5));
    Harness::with(())
        .given(vec![
            proposed(&proposal()),
            SubmissionEvent::SubmissionApproved {
                reviewer: reviewer(),
                artwork_id: id,
                outcome: ApprovalOutcome::Created,
                location_override: None,
                fields: None,
                applied: None,
                overwrite_stale: false,
            },
        ])
        .when_async(SubmissionCommand::Withdraw {
            identities: vec![author()],
        })
        .await
        .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Approved));
}

// ---- ErasePhotoMetadata

#[tokio::test]
async fn its_author_can_erase_the_photo_metadata_even_after_approval() {
    Harness::with(())
        .given(vec![
            proposed(&proposal()),
            SubmissionEvent::SubmissionApproved {
                reviewer: reviewer(),
                artwork_id: ArtworkId(Uuid::from_u128(5)),
                outcome: ApprovalOutcome::Created,
                location_override: None,
                fields: None,
                applied: None,
                overwrite_stale: false,
            },
        ])
        .when_async(SubmissionCommand::ErasePhotoMetadata {
            identities: vec![author()],
        })
        .await
        .then_expect_events(vec![SubmissionEvent::PhotoMetadataErased { by: author() }]);
}

#[tokio::test]
async fn erasing_the_photo_metadata_twice_records_nothing_more() {
    Harness::with(())
        .given(vec![
            proposed(&proposal()),
            SubmissionEvent::PhotoMetadataErased { by: author() },
        ])
        .when_async(SubmissionCommand::ErasePhotoMetadata {
            identities: vec![author()],
        })
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn someone_else_cannot_erase_the_photo_metadata() {
    Harness::with(())
        .given(vec![proposed(&proposal())])
        .when_async(SubmissionCommand::ErasePhotoMetadata {
            identities: vec![reviewer().into()],
        })
        .await
        .then_expect_error(SubmissionError::NotAuthor);
}

#[tokio::test]
async fn erasing_the_metadata_of_no_submission_fails() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::ErasePhotoMetadata {
            identities: vec![author()],
        })
        .await
        .then_expect_error(SubmissionError::NotFound);
}

// ---- The approval's effect

#[test]
fn an_approval_as_new_creates_the_artwork_as_edited_with_the_proposals_photos() {
    let p = proposal();
    let sid = SubmissionId(Uuid::from_u128(1));
    let aid = ArtworkId(Uuid::from_u128(5));
    let s = state(vec![
        proposed(&p),
        SubmissionEvent::SubmissionApproved {
            reviewer: reviewer(),
            artwork_id: aid,
            outcome: ApprovalOutcome::Created,
            location_override: None,
            fields: Some(Box::new(edited())),
            applied: None,
            overwrite_stale: false,
        },
    ]);
    let e = edited();
    assert_eq!(
        s.approval_effect(sid),
        Some(ApprovalEffect::Create {
            artwork_id: aid,
            artwork: Box::new(ApprovedArtwork {
                submission_id: sid,
                title: e.title,
                description: e.description,
                artwork_type: e.artwork_type,
                location: e.location,
                tags: e.tags,
                artist_ids: vec![],
                photos: p.photos.clone(),
            }),
            artist_names: p.artist_names.clone(),
        })
    );
}

#[test]
fn an_approval_recorded_without_fields_creates_the_proposal_as_submitted() {
    let p = proposal();
    let aid = ArtworkId(Uuid::from_u128(5));
    let s = state(vec![proposed(&p), approved(aid, ApprovalOutcome::Created)]);
    let Some(ApprovalEffect::Create { artwork, .. }) =
        s.approval_effect(SubmissionId(Uuid::from_u128(1)))
    else {
        panic!("no create effect");
    };
    assert_eq!(Some(artwork.title), p.title);
    assert_eq!(artwork.location, p.location);
    assert_eq!(artwork.tags, p.tags);
}

#[test]
fn a_link_moves_the_known_artwork_only_when_the_moderator_said_so() {
    let p = proposal();
    let sid = SubmissionId(Uuid::from_u128(1));
    let aid = ArtworkId(Uuid::from_u128(6));
    let moved = Some(Location::parse(49.28, -123.12).unwrap());
    let s = state(vec![
        proposed(&p),
        SubmissionEvent::SubmissionApproved {
            reviewer: reviewer(),
            artwork_id: aid,
            outcome: ApprovalOutcome::Linked,
            location_override: moved,
            fields: None,
            applied: None,
            overwrite_stale: false,
        },
    ]);
    assert_eq!(
        s.approval_effect(sid),
        Some(ApprovalEffect::Link {
            artwork_id: aid,
            submission_id: sid,
            photos: p.photos.clone(),
            location: moved,
        })
    );
}

#[test]
fn an_approved_visit_goes_into_its_artworks_logbook() {
    let v = visit();
    let sid = SubmissionId(Uuid::from_u128(1));
    let s = state(vec![
        SubmissionEvent::VisitLogged(Box::new(v.clone())),
        approved(v.artwork_id, ApprovalOutcome::Logged),
    ]);
    assert_eq!(
        s.approval_effect(sid),
        Some(ApprovalEffect::Visit {
            artwork_id: v.artwork_id,
            visit: Box::new(Visit {
                submission_id: sid,
                visitor: v.submitter,
                condition: v.condition,
                note: v.note.clone(),
                photos: v.photos.clone(),
                visited_at: v.visited_at,
            }),
        })
    );
}

#[test]
fn only_an_approved_submission_has_an_effect() {
    let sid = SubmissionId(Uuid::from_u128(1));
    assert_eq!(
        state(vec![proposed(&proposal())]).approval_effect(sid),
        None
    );
    let rejected = state(vec![
        proposed(&proposal()),
        SubmissionEvent::SubmissionRejected {
            reviewer: reviewer(),
            reason: Reason::parse("Blurry").unwrap(),
        },
    ]);
    assert_eq!(rejected.approval_effect(sid), None);
}

#[test]
fn approvals_stored_before_fields_were_kept_still_read() {
    let aid = ArtworkId(Uuid::from_u128(5));
    let old = serde_json::json!({"SubmissionApproved": {
        "reviewer": reviewer(), "artwork_id": aid, "outcome": "created",
        "location_override": null
    }});
    assert_eq!(
        serde_json::from_value::<SubmissionEvent>(old).unwrap(),
        approved(aid, ApprovalOutcome::Created)
    );
}

#[test]
fn stored_event_shapes_are_stable() {
    let id = ArtworkId(Uuid::from_u128(5));
    let e = SubmissionEvent::SubmissionApproved {
        reviewer: reviewer(),
        artwork_id: id,
        outcome: ApprovalOutcome::Linked,
        location_override: None,
        fields: None,
        applied: None,
        overwrite_stale: false,
    };
    let v = serde_json::to_value(&e).unwrap();
    assert_eq!(v["SubmissionApproved"]["outcome"], "linked");
    assert_eq!(v["SubmissionApproved"]["artwork_id"], id.to_string());
    assert_eq!(serde_json::from_value::<SubmissionEvent>(v).unwrap(), e);

    let p = proposed(&proposal());
    assert_eq!(p.event_type(), "ArtworkProposed");
    let v = serde_json::to_value(&p).unwrap();
    assert_eq!(v["ArtworkProposed"]["artwork_type"], "sculpture");
    assert_eq!(v["ArtworkProposed"]["artist_names"][0], "Douglas Coupland");
    assert_eq!(serde_json::from_value::<SubmissionEvent>(v).unwrap(), p);
}

fn edit_proposal(edits: Vec<FieldEdit>) -> ArtworkEditProposal {
    ArtworkEditProposal {
        submitter: author(),
        artwork_id: ArtworkId(Uuid::from_u128(42)),
        edits,
        note: None,
    }
}

fn two_changes() -> Vec<FieldEdit> {
    vec![
        FieldEdit::Title {
            old: Title::parse("Solo").unwrap(),
            new: Title::parse("Solo II").unwrap(),
        },
        FieldEdit::Description {
            old: Some(LongText::parse("Old words").unwrap()),
            new: None,
        },
    ]
}

fn edit_proposed() -> SubmissionEvent {
    SubmissionEvent::ArtworkEditProposed(Box::new(edit_proposal(two_changes())))
}

fn apply(fields: &[&str]) -> Approval {
    Approval::ApplyEdit {
        fields: fields.iter().map(|f| (*f).to_owned()).collect(),
        overwrite_stale: false,
    }
}

#[tokio::test]
async fn an_edit_is_proposed_with_its_changes() {
    let e = edit_proposal(two_changes());
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::ProposeArtworkEdit(Box::new(e.clone())))
        .await
        .then_expect_events(vec![SubmissionEvent::ArtworkEditProposed(Box::new(e))]);
}

#[tokio::test]
async fn an_empty_or_idle_edit_is_refused() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::ProposeArtworkEdit(Box::new(
            edit_proposal(vec![]),
        )))
        .await
        .then_expect_error(SubmissionError::EmptyEdit);
    let same = FieldEdit::Title {
        old: Title::parse("Solo").unwrap(),
        new: Title::parse("Solo").unwrap(),
    };
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::ProposeArtworkEdit(Box::new(
            edit_proposal(vec![same]),
        )))
        .await
        .then_expect_error(SubmissionError::EmptyEdit);
}

#[tokio::test]
async fn an_edit_changing_a_field_twice_is_refused() {
    let mut changes = two_changes();
    changes.push(changes[0].clone());
    Harness::with(())
        .given_no_previous_events()
        .when_async(SubmissionCommand::ProposeArtworkEdit(Box::new(
            edit_proposal(changes),
        )))
        .await
        .then_expect_error(SubmissionError::DuplicateField("title".into()));
}

#[tokio::test]
async fn an_edit_is_approved_for_some_of_its_fields() {
    Harness::with(())
        .given(vec![edit_proposed()])
        .when_async(approve(apply(&["description"])))
        .await
        .then_expect_events(vec![SubmissionEvent::SubmissionApproved {
            reviewer: reviewer(),
            artwork_id: ArtworkId(Uuid::from_u128(42)),
            outcome: ApprovalOutcome::Edited,
            location_override: None,
            fields: None,
            applied: Some(vec!["description".into()]),
            overwrite_stale: false,
        }]);
    let s = state(vec![
        edit_proposed(),
        SubmissionEvent::SubmissionApproved {
            reviewer: reviewer(),
            artwork_id: ArtworkId(Uuid::from_u128(42)),
            outcome: ApprovalOutcome::Edited,
            location_override: None,
            fields: None,
            applied: Some(vec!["description".into()]),
            overwrite_stale: false,
        },
    ]);
    let id = SubmissionId(Uuid::from_u128(1));
    assert_eq!(
        s.approval_effect(id),
        Some(ApprovalEffect::Edit {
            artwork_id: ArtworkId(Uuid::from_u128(42)),
            submission_id: id,
            edits: vec![two_changes()[1].clone()],
            overwrite_stale: false,
        })
    );
}

#[tokio::test]
async fn an_edit_approval_must_choose_fields_of_the_edit() {
    Harness::with(())
        .given(vec![edit_proposed()])
        .when_async(approve(apply(&[])))
        .await
        .then_expect_error(SubmissionError::NoFieldChosen);
    Harness::with(())
        .given(vec![edit_proposed()])
        .when_async(approve(apply(&["tag:year"])))
        .await
        .then_expect_error(SubmissionError::NotInEdit("tag:year".into()));
    Harness::with(())
        .given(vec![edit_proposed()])
        .when_async(approve(Approval::LogVisit))
        .await
        .then_expect_error(SubmissionError::WrongApproval(SubmissionKind::ArtworkEdit));
}

#[tokio::test]
async fn an_edit_is_decided_once() {
    Harness::with(())
        .given(vec![
            edit_proposed(),
            SubmissionEvent::SubmissionRejected {
                reviewer: reviewer(),
                reason: Reason::parse("Not a better title").unwrap(),
            },
        ])
        .when_async(approve(apply(&["title"])))
        .await
        .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Rejected));
}

fn artist_proposal(
    new_artist: bool,
    edits: &[(&str, serde_json::Value, serde_json::Value)],
) -> ArtistEditProposal {
    ArtistEditProposal {
        submitter: author(),
        artist_id: ArtistId(Uuid::from_u128(43)),
        edits: edits
            .iter()
            .flat_map(|(f, old, new)| ArtistFieldEdit::parse(f, old, new).unwrap())
            .collect(),
        note: None,
        new_artist,
    }
}

fn artist_edit() -> ArtistEditProposal {
    use serde_json::json;
    artist_proposal(
        false,
        &[
            ("biography", json!("Old words"), json!("New words")),
            ("website", json!("https://old.example"), json!(null)),
        ],
    )
}

fn new_artist() -> ArtistEditProposal {
    use serde_json::json;
    artist_proposal(
        true,
        &[
            ("name", json!(null), json!("Jane Doe")),
            ("birth_year", json!(null), json!(1950)),
        ],
    )
}

fn propose_artist(p: ArtistEditProposal) -> SubmissionCommand {
    SubmissionCommand::ProposeArtistEdit(Box::new(p))
}

fn artist_proposed(p: ArtistEditProposal) -> SubmissionEvent {
    SubmissionEvent::ArtistEditProposed(Box::new(p))
}

#[tokio::test]
async fn an_artist_edit_is_proposed_with_its_changes() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(propose_artist(artist_edit()))
        .await
        .then_expect_events(vec![artist_proposed(artist_edit())]);
    assert_eq!(
        state(vec![artist_proposed(artist_edit())])
            .filing()
            .map(Filing::kind),
        Some(SubmissionKind::ArtistEdit)
    );
}

#[tokio::test]
async fn an_empty_or_idle_artist_edit_is_refused() {
    use serde_json::json;
    Harness::with(())
        .given_no_previous_events()
        .when_async(propose_artist(artist_proposal(false, &[])))
        .await
        .then_expect_error(SubmissionError::EmptyEdit);
    Harness::with(())
        .given_no_previous_events()
        .when_async(propose_artist(artist_proposal(
            false,
            &[("country", json!("Peru"), json!("Peru"))],
        )))
        .await
        .then_expect_error(SubmissionError::EmptyEdit);
}

#[tokio::test]
async fn a_new_artist_is_proposed_as_changes_from_nothing() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(propose_artist(new_artist()))
        .await
        .then_expect_events(vec![artist_proposed(new_artist())]);
    assert_eq!(
        state(vec![artist_proposed(new_artist())])
            .filing()
            .map(Filing::kind),
        Some(SubmissionKind::NewArtist)
    );
}

#[tokio::test]
async fn a_new_artist_without_a_name_or_with_old_values_is_refused() {
    use serde_json::json;
    Harness::with(())
        .given_no_previous_events()
        .when_async(propose_artist(artist_proposal(
            true,
            &[("country", json!(null), json!("Peru"))],
        )))
        .await
        .then_expect_error(SubmissionError::NameRequired);
    Harness::with(())
        .given_no_previous_events()
        .when_async(propose_artist(artist_proposal(
            true,
            &[("name", json!("Old"), json!("Jane"))],
        )))
        .await
        .then_expect_error(SubmissionError::NotNew);
}

#[tokio::test]
async fn an_artist_edit_is_approved_for_some_of_its_fields() {
    let e = artist_edit();
    Harness::with(())
        .given(vec![artist_proposed(e.clone())])
        .when_async(approve(apply(&["website"])))
        .await
        .then_expect_events(vec![SubmissionEvent::ArtistEditApproved {
            reviewer: reviewer(),
            artist_id: e.artist_id,
            applied: vec!["website".into()],
            overwrite_stale: false,
        }]);
    let s = state(vec![
        artist_proposed(e.clone()),
        SubmissionEvent::ArtistEditApproved {
            reviewer: reviewer(),
            artist_id: e.artist_id,
            applied: vec!["website".into()],
            overwrite_stale: true,
        },
    ]);
    let id = SubmissionId(Uuid::from_u128(5));
    assert_eq!(
        s.approval_effect(id),
        Some(ApprovalEffect::ArtistEdit {
            artist_id: e.artist_id,
            submission_id: id,
            edits: vec![e.edits[1].clone()],
            overwrite_stale: true,
        })
    );
}

#[tokio::test]
async fn an_artist_edit_approval_must_choose_fields_of_the_edit() {
    Harness::with(())
        .given(vec![artist_proposed(artist_edit())])
        .when_async(approve(apply(&[])))
        .await
        .then_expect_error(SubmissionError::NoFieldChosen);
    Harness::with(())
        .given(vec![artist_proposed(artist_edit())])
        .when_async(approve(apply(&["name"])))
        .await
        .then_expect_error(SubmissionError::NotInEdit("name".into()));
    Harness::with(())
        .given(vec![artist_proposed(artist_edit())])
        .when_async(approve(Approval::LogVisit))
        .await
        .then_expect_error(SubmissionError::WrongApproval(SubmissionKind::ArtistEdit));
}

#[tokio::test]
async fn a_new_artist_cannot_be_approved_without_its_name() {
    Harness::with(())
        .given(vec![artist_proposed(new_artist())])
        .when_async(approve(apply(&["birth_year"])))
        .await
        .then_expect_error(SubmissionError::NameRequired);
}

#[tokio::test]
async fn an_artist_edit_is_decided_once_and_never_by_its_author() {
    let e = artist_edit();
    let approved = SubmissionEvent::ArtistEditApproved {
        reviewer: reviewer(),
        artist_id: e.artist_id,
        applied: vec!["website".into()],
        overwrite_stale: false,
    };
    Harness::with(())
        .given(vec![artist_proposed(e.clone()), approved])
        .when_async(approve(apply(&["website"])))
        .await
        .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Approved));
    Harness::with(())
        .given(vec![artist_proposed(e)])
        .when_async(SubmissionCommand::Approve {
            reviewer: reviewer(),
            reviewer_identities: vec![reviewer().into(), author()],
            approval: apply(&["website"]),
        })
        .await
        .then_expect_error(SubmissionError::OwnSubmission);
}
