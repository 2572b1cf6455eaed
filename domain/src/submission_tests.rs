//! `submission`'s given/when/then tests, a table of named cases per command.
//!
//! Longer than ~500 lines on purpose: one aggregate's cases, each command's accepted and refused
//! ones side by side.

use super::*;
use crate::photo::{ExifSummary, PhotoKey};
use crate::testing::{after, check_all};
use cqrs_es::DomainEvent;
use serde_json::json;
use std::collections::BTreeMap;
use uuid::Uuid;

type Case = crate::testing::Case<Submission>;

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

fn reviewer() -> AccountId {
    AccountId(Uuid::from_u128(99))
}

fn artwork(n: u128) -> ArtworkId {
    ArtworkId(Uuid::from_u128(n))
}

fn submission(n: u128) -> SubmissionId {
    SubmissionId(Uuid::from_u128(n))
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

/// `proposal()` changed by `change`.
fn proposal_with(change: impl FnOnce(&mut NewArtworkProposal)) -> NewArtworkProposal {
    let mut p = proposal();
    change(&mut p);
    p
}

fn visit() -> VisitReport {
    VisitReport {
        submitter: author(),
        artwork_id: artwork(42),
        location: Location::parse(49.2827, -123.1207).unwrap(),
        condition: Some(Condition::Good),
        note: Note::parse("Freshly cleaned").unwrap(),
        photos: vec![photo()],
        visited_at: chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap(),
    }
}

/// `visit()` changed by `change`.
fn visit_with(change: impl FnOnce(&mut VisitReport)) -> VisitReport {
    let mut v = visit();
    change(&mut v);
    v
}

/// More photos than one submission may carry.
fn too_many_photos() -> Vec<Photo> {
    (0..=MAX_PHOTOS_PER_SUBMISSION).map(|_| photo()).collect()
}

fn propose(p: NewArtworkProposal) -> SubmissionCommand {
    SubmissionCommand::ProposeArtwork(Box::new(p))
}

fn proposed(p: &NewArtworkProposal) -> SubmissionEvent {
    SubmissionEvent::ArtworkProposed(Box::new(p.clone()))
}

fn log(v: VisitReport) -> SubmissionCommand {
    SubmissionCommand::LogVisit(Box::new(v))
}

fn logged(v: VisitReport) -> SubmissionEvent {
    SubmissionEvent::VisitLogged(Box::new(v))
}

/// The reviewer's approval, as `reviewer()` (the author's identities not among theirs).
fn approve(approval: Approval) -> SubmissionCommand {
    SubmissionCommand::Approve {
        reviewer: reviewer(),
        reviewer_identities: vec![reviewer().into()],
        approval,
    }
}

/// The approval of a reviewer who is also the author (an identity of theirs).
fn approve_own(approval: Approval) -> SubmissionCommand {
    SubmissionCommand::Approve {
        reviewer: reviewer(),
        reviewer_identities: vec![reviewer().into(), author()],
        approval,
    }
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

/// A new artwork as `edited()` says.
fn create_as_edited() -> Approval {
    Approval::CreateArtwork {
        artwork_id: ArtworkId::new(),
        fields: Box::new(edited()),
    }
}

/// Where a moderator moved a proposal linked to a known artwork.
fn moved() -> Option<Location> {
    Some(Location::parse(49.28, -123.12).unwrap())
}

/// An approval by `reviewer()` with nothing overridden, chosen or edited.
fn approved(id: ArtworkId, outcome: ApprovalOutcome) -> SubmissionEvent {
    approved_as(id, outcome, None, None)
}

/// An approval by `reviewer()` that moved the artwork or set its fields.
fn approved_as(
    id: ArtworkId,
    outcome: ApprovalOutcome,
    location_override: Option<Location>,
    fields: Option<ApprovedFields>,
) -> SubmissionEvent {
    SubmissionEvent::SubmissionApproved {
        reviewer: reviewer(),
        artwork_id: id,
        outcome,
        location_override,
        fields: fields.map(Box::new),
        applied: None,
        overwrite_stale: false,
    }
}

fn rejected(reason: &str) -> SubmissionEvent {
    SubmissionEvent::SubmissionRejected {
        reviewer: reviewer(),
        reason: Reason::parse(reason).unwrap(),
    }
}

fn reject(reason: &str) -> SubmissionCommand {
    SubmissionCommand::Reject {
        reviewer: reviewer(),
        reason: Reason::parse(reason).unwrap(),
    }
}

#[tokio::test]
async fn proposing_an_artwork() {
    let p = proposal();
    check_all([
        Case {
            name: "proposing an artwork records it pending",
            given: vec![],
            when: propose(p.clone()),
            then: Ok(vec![proposed(&p)]),
        },
        Case {
            name: "a proposal without photos is refused",
            given: vec![],
            when: propose(proposal_with(|p| p.photos.clear())),
            then: Err(SubmissionError::PhotoRequired),
        },
        Case {
            name: "a proposal with eleven photos is refused",
            given: vec![],
            when: propose(proposal_with(|p| p.photos = too_many_photos())),
            then: Err(SubmissionError::TooManyPhotos),
        },
        Case {
            name: "a proposal with the same photo twice is refused",
            given: vec![],
            when: propose(proposal_with(|p| p.photos.push(p.photos[0].clone()))),
            then: Err(SubmissionError::DuplicatePhoto),
        },
        Case {
            name: "a proposal naming too many artists is refused",
            given: vec![],
            when: propose(proposal_with(|p| {
                p.artist_names = (0..=MAX_PROPOSED_ARTISTS)
                    .map(|i| PersonName::parse(&format!("Artist {i}")).unwrap())
                    .collect();
            })),
            then: Err(SubmissionError::TooManyArtists),
        },
        Case {
            name: "a submission id cannot be used twice",
            given: vec![proposed(&p)],
            when: propose(p.clone()),
            then: Err(SubmissionError::AlreadySubmitted),
        },
    ])
    .await;
}

#[tokio::test]
async fn logging_a_visit() {
    let v = visit();
    let only_a_note = visit_with(|v| v.photos.clear());
    check_all([
        Case {
            name: "logging a visit records it pending",
            given: vec![],
            when: log(v.clone()),
            then: Ok(vec![logged(v)]),
        },
        Case {
            name: "a visit with only a note is accepted",
            given: vec![],
            when: log(only_a_note.clone()),
            then: Ok(vec![logged(only_a_note)]),
        },
        Case {
            name: "a visit without photo or note is refused",
            given: vec![],
            when: log(visit_with(|v| {
                v.photos.clear();
                v.note = None;
            })),
            then: Err(SubmissionError::EmptyVisit),
        },
        Case {
            name: "a visit with eleven photos is refused",
            given: vec![],
            when: log(visit_with(|v| v.photos = too_many_photos())),
            then: Err(SubmissionError::TooManyPhotos),
        },
        Case {
            name: "a visit cannot reuse a submission id",
            given: vec![proposed(&proposal())],
            when: log(visit()),
            then: Err(SubmissionError::AlreadySubmitted),
        },
    ])
    .await;
}

#[tokio::test]
async fn approving() {
    check_all([
        Case {
            name: "approving a proposal as new names the new artwork",
            given: vec![proposed(&proposal())],
            when: approve(Approval::CreateArtwork {
                artwork_id: artwork(5),
                fields: Box::new(edited()),
            }),
            then: Ok(vec![approved_as(
                artwork(5),
                ApprovalOutcome::Created,
                None,
                Some(edited()),
            )]),
        },
        Case {
            name: "approving a proposal as a known artwork links it",
            given: vec![proposed(&proposal())],
            when: approve(Approval::LinkArtwork {
                artwork_id: artwork(6),
                location_override: moved(),
            }),
            then: Ok(vec![approved_as(
                artwork(6),
                ApprovalOutcome::Linked,
                moved(),
                None,
            )]),
        },
        Case {
            name: "approving a visit logs it to its artwork",
            given: vec![logged(visit())],
            when: approve(Approval::LogVisit),
            then: Ok(vec![approved(visit().artwork_id, ApprovalOutcome::Logged)]),
        },
        Case {
            // The author signed in later as a moderator: the anonymous identity is now theirs.
            name: "approve fails when the reviewer speaks for the author",
            given: vec![proposed(&proposal())],
            when: approve_own(Approval::LinkArtwork {
                artwork_id: ArtworkId::new(),
                location_override: None,
            }),
            then: Err(SubmissionError::OwnSubmission),
        },
        Case {
            name: "approve fails when the reviewer is the author",
            given: vec![logged(visit())],
            when: SubmissionCommand::Approve {
                reviewer: AccountId(author().0),
                reviewer_identities: vec![],
                approval: Approval::LogVisit,
            },
            then: Err(SubmissionError::OwnSubmission),
        },
        Case {
            name: "a visit cannot be approved as a new artwork",
            given: vec![logged(visit())],
            when: approve(create_as_edited()),
            then: Err(SubmissionError::WrongApproval(SubmissionKind::Logbook)),
        },
        Case {
            name: "a proposal cannot be approved as a visit",
            given: vec![proposed(&proposal())],
            when: approve(Approval::LogVisit),
            then: Err(SubmissionError::WrongApproval(SubmissionKind::NewArtwork)),
        },
        Case {
            name: "approving twice is refused",
            given: vec![
                proposed(&proposal()),
                approved(artwork(5), ApprovalOutcome::Created),
            ],
            when: approve(create_as_edited()),
            then: Err(SubmissionError::AlreadyDecided(SubmissionStatus::Approved)),
        },
        Case {
            name: "approving a submission that does not exist is refused",
            given: vec![],
            when: approve(Approval::LogVisit),
            then: Err(SubmissionError::NotFound),
        },
    ])
    .await;
}

#[tokio::test]
async fn rejecting() {
    check_all([
        Case {
            name: "rejecting records the reason",
            given: vec![proposed(&proposal())],
            when: reject("Not public art"),
            then: Ok(vec![rejected("Not public art")]),
        },
        Case {
            name: "rejecting a rejected submission is refused",
            given: vec![proposed(&proposal()), rejected("Blurry")],
            when: reject("Blurry"),
            then: Err(SubmissionError::AlreadyDecided(SubmissionStatus::Rejected)),
        },
        Case {
            name: "rejecting a withdrawn submission is refused",
            given: vec![
                proposed(&proposal()),
                SubmissionEvent::SubmissionWithdrawn { by: author() },
            ],
            when: reject("Duplicate"),
            then: Err(SubmissionError::AlreadyDecided(SubmissionStatus::Withdrawn)),
        },
    ])
    .await;
}

#[test]
fn notes_are_optional_and_bounded() {
    assert_eq!(Note::parse("   "), Ok(None));
    assert_eq!(
        Note::parse(&"x".repeat(MAX_NOTE_CHARS + 1)),
        Err(NoteTooLong)
    );
}

#[tokio::test]
async fn withdrawing() {
    check_all([
        Case {
            name: "its author can withdraw a pending submission",
            given: vec![proposed(&proposal())],
            when: SubmissionCommand::Withdraw {
                identities: vec![ActorId(Uuid::from_u128(1)), author()],
            },
            then: Ok(vec![SubmissionEvent::SubmissionWithdrawn { by: author() }]),
        },
        Case {
            name: "someone else cannot withdraw it",
            given: vec![proposed(&proposal())],
            when: SubmissionCommand::Withdraw {
                identities: vec![ActorId(Uuid::from_u128(1))],
            },
            then: Err(SubmissionError::NotAuthor),
        },
        Case {
            name: "a decided submission cannot be withdrawn",
            given: vec![
                proposed(&proposal()),
                approved(artwork(5), ApprovalOutcome::Created),
            ],
            when: SubmissionCommand::Withdraw {
                identities: vec![author()],
            },
            then: Err(SubmissionError::AlreadyDecided(SubmissionStatus::Approved)),
        },
    ])
    .await;
}

#[tokio::test]
async fn erasing_the_photo_metadata() {
    let erase = |identities| SubmissionCommand::ErasePhotoMetadata { identities };
    let erased = SubmissionEvent::PhotoMetadataErased { by: author() };
    check_all([
        Case {
            name: "its author can erase the photo metadata even after approval",
            given: vec![
                proposed(&proposal()),
                approved(artwork(5), ApprovalOutcome::Created),
            ],
            when: erase(vec![author()]),
            then: Ok(vec![erased.clone()]),
        },
        Case {
            name: "erasing the photo metadata twice records nothing more",
            given: vec![proposed(&proposal()), erased],
            when: erase(vec![author()]),
            then: Ok(vec![]),
        },
        Case {
            name: "someone else cannot erase the photo metadata",
            given: vec![proposed(&proposal())],
            when: erase(vec![reviewer().into()]),
            then: Err(SubmissionError::NotAuthor),
        },
        Case {
            name: "erasing the metadata of no submission fails",
            given: vec![],
            when: erase(vec![author()]),
            then: Err(SubmissionError::NotFound),
        },
    ])
    .await;
}

// ---- The approval's effect

#[test]
fn an_approval_as_new_creates_the_artwork_as_edited_with_the_proposals_photos() {
    let p = proposal();
    let (sid, aid) = (submission(1), artwork(5));
    let s: Submission = after([
        proposed(&p),
        approved_as(aid, ApprovalOutcome::Created, None, Some(edited())),
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
    let s: Submission = after([proposed(&p), approved(artwork(5), ApprovalOutcome::Created)]);
    let Some(ApprovalEffect::Create { artwork, .. }) = s.approval_effect(submission(1)) else {
        panic!("no create effect");
    };
    assert_eq!(Some(artwork.title), p.title);
    assert_eq!(artwork.location, p.location);
    assert_eq!(artwork.tags, p.tags);
}

#[test]
fn a_link_moves_the_known_artwork_only_when_the_moderator_said_so() {
    let p = proposal();
    let (sid, aid) = (submission(1), artwork(6));
    let s: Submission = after([
        proposed(&p),
        approved_as(aid, ApprovalOutcome::Linked, moved(), None),
    ]);
    assert_eq!(
        s.approval_effect(sid),
        Some(ApprovalEffect::Link {
            artwork_id: aid,
            submission_id: sid,
            photos: p.photos.clone(),
            location: moved(),
        })
    );
}

#[test]
fn an_approved_visit_goes_into_its_artworks_logbook() {
    let v = visit();
    let sid = submission(1);
    let s: Submission = after([
        logged(v.clone()),
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
    let sid = submission(1);
    let pending: Submission = after([proposed(&proposal())]);
    assert_eq!(pending.approval_effect(sid), None);
    let rejected: Submission = after([proposed(&proposal()), rejected("Blurry")]);
    assert_eq!(rejected.approval_effect(sid), None);
}

#[test]
fn approvals_stored_before_fields_were_kept_still_read() {
    let aid = artwork(5);
    let old = json!({"SubmissionApproved": {
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
    let id = artwork(5);
    let e = approved(id, ApprovalOutcome::Linked);
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

// ---- Artwork edits

fn edit_proposal(edits: Vec<FieldEdit>) -> ArtworkEditProposal {
    ArtworkEditProposal {
        submitter: author(),
        artwork_id: artwork(42),
        edits,
        note: None,
    }
}

fn propose_edit(edits: Vec<FieldEdit>) -> SubmissionCommand {
    SubmissionCommand::ProposeArtworkEdit(Box::new(edit_proposal(edits)))
}

fn title_edit(old: &str, new: &str) -> FieldEdit {
    FieldEdit::Title {
        old: Title::parse(old).unwrap(),
        new: Title::parse(new).unwrap(),
    }
}

fn two_changes() -> Vec<FieldEdit> {
    vec![
        title_edit("Solo", "Solo II"),
        FieldEdit::Description {
            old: Some(LongText::parse("Old words").unwrap()),
            new: None,
        },
    ]
}

fn edit_proposed() -> SubmissionEvent {
    SubmissionEvent::ArtworkEditProposed(Box::new(edit_proposal(two_changes())))
}

/// An edit of artwork 42 approved for its description only.
fn description_edit_approved() -> SubmissionEvent {
    SubmissionEvent::SubmissionApproved {
        reviewer: reviewer(),
        artwork_id: artwork(42),
        outcome: ApprovalOutcome::Edited,
        location_override: None,
        fields: None,
        applied: Some(vec!["description".into()]),
        overwrite_stale: false,
    }
}

fn apply(fields: &[&str]) -> Approval {
    Approval::ApplyEdit {
        fields: fields.iter().map(|f| (*f).to_owned()).collect(),
        overwrite_stale: false,
    }
}

#[tokio::test]
async fn proposing_and_approving_an_artwork_edit() {
    let twice = {
        let mut changes = two_changes();
        changes.push(changes[0].clone());
        changes
    };
    check_all([
        Case {
            name: "an edit is proposed with its changes",
            given: vec![],
            when: propose_edit(two_changes()),
            then: Ok(vec![edit_proposed()]),
        },
        Case {
            name: "an empty edit is refused",
            given: vec![],
            when: propose_edit(vec![]),
            then: Err(SubmissionError::EmptyEdit),
        },
        Case {
            name: "an idle edit is refused",
            given: vec![],
            when: propose_edit(vec![title_edit("Solo", "Solo")]),
            then: Err(SubmissionError::EmptyEdit),
        },
        Case {
            name: "an edit changing a field twice is refused",
            given: vec![],
            when: propose_edit(twice),
            then: Err(SubmissionError::DuplicateField("title".into())),
        },
        Case {
            name: "an edit is approved for some of its fields",
            given: vec![edit_proposed()],
            when: approve(apply(&["description"])),
            then: Ok(vec![description_edit_approved()]),
        },
        Case {
            name: "an edit approval must choose a field",
            given: vec![edit_proposed()],
            when: approve(apply(&[])),
            then: Err(SubmissionError::NoFieldChosen),
        },
        Case {
            name: "an edit approval must choose fields of the edit",
            given: vec![edit_proposed()],
            when: approve(apply(&["tag:year"])),
            then: Err(SubmissionError::NotInEdit("tag:year".into())),
        },
        Case {
            name: "an edit is not approved as a visit",
            given: vec![edit_proposed()],
            when: approve(Approval::LogVisit),
            then: Err(SubmissionError::WrongApproval(SubmissionKind::ArtworkEdit)),
        },
        Case {
            name: "an edit is decided once",
            given: vec![edit_proposed(), rejected("Not a better title")],
            when: approve(apply(&["title"])),
            then: Err(SubmissionError::AlreadyDecided(SubmissionStatus::Rejected)),
        },
    ])
    .await;
}

#[test]
fn an_edit_approved_for_some_fields_applies_those_only() {
    let s: Submission = after([edit_proposed(), description_edit_approved()]);
    let id = submission(1);
    assert_eq!(
        s.approval_effect(id),
        Some(ApprovalEffect::Edit {
            artwork_id: artwork(42),
            submission_id: id,
            edits: vec![two_changes()[1].clone()],
            overwrite_stale: false,
        })
    );
}

// ---- Artist edits and new artists

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
    artist_proposal(
        false,
        &[
            ("biography", json!("Old words"), json!("New words")),
            ("website", json!("https://old.example"), json!(null)),
        ],
    )
}

fn new_artist() -> ArtistEditProposal {
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

/// `artist_edit()` approved for its website.
fn website_approved(overwrite_stale: bool) -> SubmissionEvent {
    SubmissionEvent::ArtistEditApproved {
        reviewer: reviewer(),
        artist_id: artist_edit().artist_id,
        applied: vec!["website".into()],
        overwrite_stale,
    }
}

#[tokio::test]
async fn proposing_an_artist_edit_or_a_new_artist() {
    check_all([
        Case {
            name: "an artist edit is proposed with its changes",
            given: vec![],
            when: propose_artist(artist_edit()),
            then: Ok(vec![artist_proposed(artist_edit())]),
        },
        Case {
            name: "an empty artist edit is refused",
            given: vec![],
            when: propose_artist(artist_proposal(false, &[])),
            then: Err(SubmissionError::EmptyEdit),
        },
        Case {
            name: "an idle artist edit is refused",
            given: vec![],
            when: propose_artist(artist_proposal(
                false,
                &[("country", json!("Peru"), json!("Peru"))],
            )),
            then: Err(SubmissionError::EmptyEdit),
        },
        Case {
            name: "a new artist is proposed as changes from nothing",
            given: vec![],
            when: propose_artist(new_artist()),
            then: Ok(vec![artist_proposed(new_artist())]),
        },
        Case {
            name: "a new artist without a name is refused",
            given: vec![],
            when: propose_artist(artist_proposal(
                true,
                &[("country", json!(null), json!("Peru"))],
            )),
            then: Err(SubmissionError::NameRequired),
        },
        Case {
            name: "a new artist with old values is refused",
            given: vec![],
            when: propose_artist(artist_proposal(
                true,
                &[("name", json!("Old"), json!("Jane"))],
            )),
            then: Err(SubmissionError::NotNew),
        },
    ])
    .await;
}

#[test]
fn an_artist_edit_and_a_new_artist_are_filed_as_such() {
    let kind = |p| {
        after::<Submission>([artist_proposed(p)])
            .filing()
            .map(Filing::kind)
    };
    assert_eq!(kind(artist_edit()), Some(SubmissionKind::ArtistEdit));
    assert_eq!(kind(new_artist()), Some(SubmissionKind::NewArtist));
}

#[tokio::test]
async fn approving_an_artist_edit() {
    check_all([
        Case {
            name: "an artist edit is approved for some of its fields",
            given: vec![artist_proposed(artist_edit())],
            when: approve(apply(&["website"])),
            then: Ok(vec![website_approved(false)]),
        },
        Case {
            name: "an artist edit approval must choose a field",
            given: vec![artist_proposed(artist_edit())],
            when: approve(apply(&[])),
            then: Err(SubmissionError::NoFieldChosen),
        },
        Case {
            name: "an artist edit approval must choose fields of the edit",
            given: vec![artist_proposed(artist_edit())],
            when: approve(apply(&["name"])),
            then: Err(SubmissionError::NotInEdit("name".into())),
        },
        Case {
            name: "an artist edit is not approved as a visit",
            given: vec![artist_proposed(artist_edit())],
            when: approve(Approval::LogVisit),
            then: Err(SubmissionError::WrongApproval(SubmissionKind::ArtistEdit)),
        },
        Case {
            name: "a new artist cannot be approved without its name",
            given: vec![artist_proposed(new_artist())],
            when: approve(apply(&["birth_year"])),
            then: Err(SubmissionError::NameRequired),
        },
        Case {
            name: "an artist edit is decided once",
            given: vec![artist_proposed(artist_edit()), website_approved(false)],
            when: approve(apply(&["website"])),
            then: Err(SubmissionError::AlreadyDecided(SubmissionStatus::Approved)),
        },
        Case {
            name: "an artist edit is never approved by its author",
            given: vec![artist_proposed(artist_edit())],
            when: approve_own(apply(&["website"])),
            then: Err(SubmissionError::OwnSubmission),
        },
    ])
    .await;
}

#[test]
fn an_artist_edit_approved_for_some_fields_applies_those_only() {
    let e = artist_edit();
    let s: Submission = after([artist_proposed(e.clone()), website_approved(true)]);
    let id = submission(5);
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
