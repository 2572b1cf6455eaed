//! `artwork`'s given/when/then tests, a table of named cases per command.
//!
//! Longer than ~500 lines on purpose: one aggregate's cases, each command's accepted and refused
//! ones side by side.

use super::*;
use crate::ids::ActorId;
use crate::source::FromSource;
use crate::testing::{after, changed, check_all, vancouver, Imports};
use crate::visit::{Condition, Note};
use cqrs_es::DomainEvent;
use serde_json::json;
use std::collections::BTreeMap;
use uuid::Uuid;

type Case = crate::testing::Case<Artwork>;

fn record(source_id: &str) -> ImportedArtwork {
    ImportedArtwork {
        id: ArtworkId::for_import("vancouver", source_id),
        title: Title::parse("Solo").unwrap(),
        description: Some(LongText::parse("An abstract sculpture.").unwrap()),
        artwork_type: ArtworkType::Sculpture,
        location: Location::parse(49.293313, -123.133965).unwrap(),
        tags: Tags::parse(BTreeMap::from([("material".into(), "metal".into())])).unwrap(),
        artist_ids: vec![ArtistId::for_import("vancouver", "103")],
        status: ArtworkStatus::Approved,
        provenance: vancouver(source_id),
    }
}

/// Record 27 changed by `change`.
fn record_with(change: impl FnOnce(&mut ImportedArtwork)) -> ImportedArtwork {
    changed(record("27"), change)
}

fn import(r: &ImportedArtwork) -> ArtworkCommand {
    ArtworkCommand::ImportArtwork(Box::new(r.clone()))
}

fn imported(r: &ImportedArtwork) -> ArtworkEvent {
    ArtworkEvent::ArtworkImported {
        title: r.title.clone(),
        description: r.description.clone(),
        artwork_type: r.artwork_type,
        location: r.location,
        tags: r.tags.clone(),
        artist_ids: r.artist_ids.clone(),
        status: r.status,
        provenance: r.provenance.clone(),
    }
}

/// Record 27 imported, the history most cases start from.
fn imported_27() -> ArtworkEvent {
    imported(&record("27"))
}

/// A newer version of record 27: retitled and with its material changed at the source.
fn newer(r: &ImportedArtwork) -> ImportedArtwork {
    let mut n = r.clone();
    n.title = Title::parse("Solo (1986)").unwrap();
    n.tags = Tags::parse(BTreeMap::from([("material".into(), "stone".into())])).unwrap();
    n
}

fn updated(changes: Vec<FieldEdit>, n: &ImportedArtwork) -> ArtworkEvent {
    ArtworkEvent::ArtworkUpdatedFromSource {
        changes,
        source: Box::new(SourceFields::of(n)),
    }
}

fn title_edit(old: &str, new: &str) -> FieldEdit {
    FieldEdit::Title {
        old: Title::parse(old).unwrap(),
        new: Title::parse(new).unwrap(),
    }
}

fn tag(key: &str, old: Option<&str>, new: Option<&str>) -> FieldEdit {
    FieldEdit::Tag {
        key: key.into(),
        old: old.map(str::to_owned),
        new: new.map(str::to_owned),
    }
}

#[tokio::test]
async fn importing() {
    let r = record("27");
    let n = newer(&r);
    let retitled = title_edit("Solo", "Solo (1986)");
    let material = tag("material", Some("metal"), Some("stone"));
    let shared = Imports {
        import,
        imported,
        provenance: |r| &mut r.provenance,
        record: r.clone(),
        newer: (
            n.clone(),
            updated(vec![retitled.clone(), material.clone()], &n),
        ),
        // The title stays the community's; the material, which nobody changed, follows.
        kept: (
            edited(9, vec![title_edit("Solo", "Solo, by the harbour")]),
            n.clone(),
            updated(vec![material.clone()], &n),
        ),
        mismatch: |r| ArtworkError::SourceMismatch(r.id),
        bad_source_url: ArtworkError::BadSourceUrl,
    };
    check_all(shared.cases().into_iter().chain([
        Case {
            name: "import fails when an artist is credited twice",
            given: vec![],
            when: import(&record_with(|r| r.artist_ids.push(r.artist_ids[0]))),
            then: Err(ArtworkError::DuplicateArtist),
        },
        Case {
            name: "import fails with too many artists",
            given: vec![],
            when: import(&record_with(|r| {
                r.artist_ids = (0..=MAX_ARTISTS_PER_ARTWORK)
                    .map(|i| ArtistId::for_import("vancouver", &i.to_string()))
                    .collect();
            })),
            then: Err(ArtworkError::TooManyArtists),
        },
    ]))
    .await;
}

#[test]
fn an_update_from_the_source_can_be_reverted() {
    let r = record("27");
    let n = newer(&r);
    let events = vec![
        imported(&r),
        updated(vec![title_edit("Solo", "Solo (1986)")], &n),
    ];
    let undo = revert_of(&events, 2, RevertScope::Change).unwrap();
    assert_eq!(undo, vec![title_edit("Solo (1986)", "Solo")]);
}

fn approved(submission: u128) -> ApprovedArtwork {
    ApprovedArtwork {
        submission_id: SubmissionId(Uuid::from_u128(submission)),
        title: Title::parse("Digital Orca").unwrap(),
        description: None,
        artwork_type: ArtworkType::Sculpture,
        location: Location::parse(49.2891, -123.1167).unwrap(),
        tags: Tags::default(),
        artist_ids: vec![ArtistId::for_name("Douglas Coupland")],
        photos: vec![photo()],
    }
}

fn photo() -> Photo {
    Photo {
        key: crate::photo::PhotoKey::new(),
        width: 400,
        height: 300,
        exif: crate::photo::ExifSummary::default(),
    }
}

fn visit(submission: u128) -> Visit {
    Visit {
        submission_id: SubmissionId(Uuid::from_u128(submission)),
        visitor: ActorId(Uuid::from_u128(8)),
        condition: Some(Condition::Damaged),
        note: Note::parse("Graffiti on the base").unwrap(),
        photos: vec![photo()],
        visited_at: chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap(),
    }
}

fn record_visit(v: &Visit) -> ArtworkCommand {
    ArtworkCommand::RecordVisit(Box::new(v.clone()))
}

fn visit_recorded(v: &Visit) -> ArtworkEvent {
    ArtworkEvent::VisitRecorded(Box::new(v.clone()))
}

fn add_photos(submission: u128, photos: Vec<Photo>, location: Option<Location>) -> ArtworkCommand {
    ArtworkCommand::AddPhotos {
        submission_id: SubmissionId(Uuid::from_u128(submission)),
        photos,
        location,
    }
}

#[tokio::test]
async fn creating_and_adding_photos_and_visits() {
    let a = approved(1);
    let created = ArtworkEvent::ArtworkCreated(Box::new(a.clone()));
    let photos = vec![photo()];
    let to = Location::parse(49.2935, -123.1339).unwrap();
    let v = visit(3);
    check_all([
        Case {
            name: "an approved proposal creates the artwork",
            given: vec![],
            when: ArtworkCommand::CreateFromSubmission(Box::new(a.clone())),
            then: Ok(vec![created.clone()]),
        },
        Case {
            name: "creating again for the same submission changes nothing",
            given: vec![created],
            when: ArtworkCommand::CreateFromSubmission(Box::new(a)),
            then: Ok(vec![]),
        },
        Case {
            name: "creating over an existing artwork is refused",
            given: vec![imported_27()],
            when: ArtworkCommand::CreateFromSubmission(Box::new(approved(1))),
            then: Err(ArtworkError::AlreadyExists),
        },
        Case {
            name: "creating with an artist twice is refused",
            given: vec![],
            when: ArtworkCommand::CreateFromSubmission(Box::new({
                let mut a = approved(1);
                a.artist_ids.push(a.artist_ids[0]);
                a
            })),
            then: Err(ArtworkError::DuplicateArtist),
        },
        Case {
            name: "linked photos are added and the artwork moves when asked",
            given: vec![imported_27()],
            when: add_photos(2, photos.clone(), Some(to)),
            then: Ok(vec![
                ArtworkEvent::ArtworkMoved {
                    submission_id: SubmissionId(Uuid::from_u128(2)),
                    location: to,
                },
                ArtworkEvent::PhotosAdded {
                    submission_id: SubmissionId(Uuid::from_u128(2)),
                    photos,
                },
            ]),
        },
        Case {
            name: "adding the same submission's photos twice changes nothing",
            given: vec![
                imported_27(),
                ArtworkEvent::PhotosAdded {
                    submission_id: SubmissionId(Uuid::from_u128(2)),
                    photos: vec![photo()],
                },
            ],
            when: add_photos(2, vec![photo()], None),
            then: Ok(vec![]),
        },
        Case {
            name: "photos cannot be added to an artwork that does not exist",
            given: vec![],
            when: add_photos(2, vec![photo()], None),
            then: Err(ArtworkError::NotFound),
        },
        Case {
            name: "an approved visit goes into the logbook",
            given: vec![imported_27()],
            when: record_visit(&v),
            then: Ok(vec![visit_recorded(&v)]),
        },
        Case {
            name: "an approved visit goes into the logbook once",
            given: vec![imported_27(), visit_recorded(&v)],
            when: record_visit(&v),
            then: Ok(vec![]),
        },
        Case {
            name: "a visit to an artwork that does not exist is refused",
            given: vec![],
            when: record_visit(&visit(3)),
            then: Err(ArtworkError::NotFound),
        },
    ])
    .await;
}

fn edited(submission: u128, changes: Vec<FieldEdit>) -> ArtworkEvent {
    ArtworkEvent::ArtworkEdited {
        submission_id: SubmissionId(Uuid::from_u128(submission)),
        changes,
    }
}

fn apply_edit(submission: u128, edits: Vec<FieldEdit>, overwrite_stale: bool) -> ArtworkCommand {
    ArtworkCommand::ApplyEdit {
        submission_id: SubmissionId(Uuid::from_u128(submission)),
        edits,
        overwrite_stale,
    }
}

fn reason() -> Reason {
    Reason::parse("Vandalised title").unwrap()
}

fn revert(reverted: i64, changes: Vec<FieldEdit>) -> ArtworkCommand {
    ArtworkCommand::Revert {
        reverted,
        reason: reason(),
        changes,
    }
}

fn reverted(reverted: i64, changes: Vec<FieldEdit>) -> ArtworkEvent {
    ArtworkEvent::ArtworkReverted {
        reverted,
        reason: reason(),
        changes,
    }
}

#[tokio::test]
async fn applying_an_edit() {
    let changes = vec![
        title_edit("Solo", "Solo II"),
        FieldEdit::Description {
            old: Some(LongText::parse("An abstract sculpture.").unwrap()),
            new: None,
        },
        tag("material", Some("metal"), None),
    ];
    let retitled = vec![imported_27(), edited(5, vec![title_edit("Solo", "Duo")])];
    let a = ArtistId::for_import("vancouver", "103");
    check_all([
        Case {
            name: "an approved edit changes and clears fields",
            given: vec![imported_27()],
            when: apply_edit(5, changes.clone(), false),
            then: Ok(vec![edited(5, changes)]),
        },
        Case {
            name: "a stale edit is refused",
            given: retitled.clone(),
            when: apply_edit(6, vec![title_edit("Solo", "Trio")], false),
            then: Err(ArtworkError::Stale(vec!["title".into()])),
        },
        Case {
            name: "an overwritten stale edit records the value it really replaced",
            given: retitled.clone(),
            when: apply_edit(6, vec![title_edit("Solo", "Trio")], true),
            then: Ok(vec![edited(6, vec![title_edit("Duo", "Trio")])]),
        },
        Case {
            name: "an edit is applied once",
            given: retitled.clone(),
            when: apply_edit(5, vec![title_edit("Solo", "Duo")], false),
            then: Ok(vec![]),
        },
        Case {
            name: "an empty edit is refused",
            given: retitled,
            when: apply_edit(6, vec![], false),
            then: Err(ArtworkError::EmptyEdit),
        },
        Case {
            name: "an edit of nothing is refused",
            given: vec![],
            when: apply_edit(6, vec![title_edit("Solo", "Duo")], false),
            then: Err(ArtworkError::NotFound),
        },
        Case {
            name: "an edit linking an artist twice is refused",
            given: vec![imported_27()],
            when: apply_edit(
                5,
                vec![FieldEdit::Artists {
                    old: vec![a],
                    new: vec![a, a],
                }],
                false,
            ),
            then: Err(ArtworkError::DuplicateArtist),
        },
    ])
    .await;
}

#[tokio::test]
async fn a_revert_undoes_one_change_and_a_revert_of_the_revert_restores_it() {
    let mut history = vec![imported_27(), edited(5, vec![title_edit("Solo", "Duo")])];
    let back = revert_of(&history, 2, RevertScope::Change).unwrap();
    assert_eq!(back, vec![title_edit("Duo", "Solo")]);
    Case {
        name: "a revert undoes one change",
        given: history.clone(),
        when: revert(2, back.clone()),
        then: Ok(vec![reverted(2, back.clone())]),
    }
    .check()
    .await;
    history.push(reverted(2, back));
    let again = revert_of(&history, 3, RevertScope::Change).unwrap();
    assert_eq!(again, vec![title_edit("Solo", "Duo")]);
    Case {
        name: "a revert of the revert restores it",
        given: history,
        when: revert(3, again.clone()),
        then: Ok(vec![reverted(3, again)]),
    }
    .check()
    .await;
}

#[tokio::test]
async fn a_revert_is_refused_when_a_later_change_touched_the_field() {
    let history = vec![
        imported_27(),
        edited(5, vec![title_edit("Solo", "Duo")]),
        edited(6, vec![title_edit("Duo", "Trio")]),
    ];
    let back = revert_of(&history, 2, RevertScope::Change).unwrap();
    Case {
        name: "a revert is refused when a later change touched the field",
        given: history.clone(),
        when: revert(2, back),
        then: Err(ArtworkError::ChangedSince("title".into())),
    }
    .check()
    .await;
    // Going back to the point right after the import undoes both.
    assert_eq!(
        revert_of(&history, 1, RevertScope::Since).unwrap(),
        vec![title_edit("Trio", "Solo")]
    );
}

#[tokio::test]
async fn only_field_changes_can_be_reverted() {
    let history = vec![imported_27(), visit_recorded(&visit(3))];
    // (what is reverted, how far, the refusal)
    let refused = [
        (1, RevertScope::Change, ArtworkError::NothingToRevert),
        (2, RevertScope::Change, ArtworkError::NothingToRevert),
        (3, RevertScope::Change, ArtworkError::UnknownChange),
        (2, RevertScope::Since, ArtworkError::NothingToRevert),
    ];
    for (position, scope, error) in refused {
        assert_eq!(
            revert_of(&history, position, scope),
            Err(error),
            "reverting {position} ({scope:?})"
        );
    }
    check_all([
        Case {
            name: "a visit is not reverted",
            given: history.clone(),
            when: revert(2, vec![]),
            then: Err(ArtworkError::NothingToRevert),
        },
        Case {
            name: "a change the artwork does not have is not reverted",
            given: history,
            when: revert(9, vec![title_edit("Solo", "Duo")]),
            then: Err(ArtworkError::UnknownChange),
        },
    ])
    .await;
}

fn id(n: u128) -> ArtworkId {
    ArtworkId(Uuid::from_u128(n))
}

fn absorption(from: u128, tags: Vec<FieldEdit>) -> Absorption {
    Absorption {
        this: None,
        from: id(from),
        reason: reason(),
        photos: vec![SubmissionPhotos {
            submission_id: SubmissionId(Uuid::from_u128(70)),
            photos: vec![photo()],
        }],
        visits: vec![visit(71)],
        tags,
    }
}

fn absorbed(a: Absorption) -> ArtworkEvent {
    ArtworkEvent::ArtworkAbsorbed(Box::new(a))
}

/// What the target of `absorption(from, …)` gives back when that duplicate is unmerged.
fn released(from: u128, tags: Vec<FieldEdit>) -> ArtworkEvent {
    ArtworkEvent::ArtworkReleased {
        from: id(from),
        reason: reason(),
        photo_submissions: vec![SubmissionId(Uuid::from_u128(70))],
        visits: vec![SubmissionId(Uuid::from_u128(71))],
        tags,
    }
}

fn merge(this: u128, into: u128) -> ArtworkCommand {
    ArtworkCommand::MergeInto {
        this: id(this),
        into: id(into),
        reason: reason(),
    }
}

fn merged(into: u128) -> ArtworkEvent {
    ArtworkEvent::ArtworkMerged {
        into: id(into),
        reason: reason(),
    }
}

#[tokio::test]
async fn merging_a_duplicate_away() {
    check_all([
        Case {
            name: "a duplicate is merged",
            given: vec![imported_27()],
            when: merge(1, 2),
            then: Ok(vec![merged(2)]),
        },
        Case {
            name: "a duplicate is never merged into itself",
            given: vec![imported_27()],
            when: merge(1, 1),
            then: Err(ArtworkError::MergeIntoItself),
        },
        Case {
            name: "a duplicate is merged once",
            given: vec![imported_27(), merged(2)],
            when: merge(1, 2),
            then: Ok(vec![]),
        },
        Case {
            name: "a merged duplicate is not merged elsewhere",
            given: vec![imported_27(), merged(2)],
            when: merge(1, 3),
            then: Err(ArtworkError::AlreadyMerged(id(2))),
        },
        Case {
            // B took A's content (A → B): A's unmerge must find its content on B.
            name: "an artwork holding merged duplicates is not merged away",
            given: vec![imported_27(), absorbed(absorption(1, vec![]))],
            when: merge(2, 3),
            then: Err(ArtworkError::HoldsDuplicates),
        },
        Case {
            // B took A's content and gave it back (A unmerged).
            name: "an artwork whose duplicates were all unmerged can be merged away",
            given: vec![
                imported_27(),
                absorbed(absorption(1, vec![])),
                released(1, vec![]),
            ],
            when: merge(2, 3),
            then: Ok(vec![merged(3)]),
        },
    ])
    .await;
}

#[tokio::test]
async fn content_for_an_artwork_merged_away() {
    let refused = ArtworkError::MergedDuplicate(id(2));
    let unmerged = ArtworkEvent::ArtworkUnmerged {
        from: id(2),
        reason: reason(),
        status: ArtworkStatus::Approved,
    };
    let v = visit(6);
    check_all([
        Case {
            name: "photos for an artwork merged away are refused",
            given: vec![imported_27(), merged(2)],
            when: add_photos(5, vec![photo()], None),
            then: Err(refused.clone()),
        },
        Case {
            name: "a visit for an artwork merged away is refused",
            given: vec![imported_27(), merged(2)],
            when: record_visit(&visit(6)),
            then: Err(refused.clone()),
        },
        Case {
            name: "an edit for an artwork merged away is refused",
            given: vec![imported_27(), merged(2)],
            when: apply_edit(7, vec![title_edit("Solo", "Duo")], false),
            then: Err(refused),
        },
        Case {
            // Its merge moved the visit; the approval's effect carried out again does nothing.
            name: "a visit recorded before the merge is still done when carried out again",
            given: vec![imported_27(), visit_recorded(&visit(6)), merged(2)],
            when: record_visit(&visit(6)),
            then: Ok(vec![]),
        },
        Case {
            name: "an unmerged artwork takes content again",
            given: vec![imported_27(), merged(2), unmerged],
            when: record_visit(&v),
            then: Ok(vec![visit_recorded(&v)]),
        },
    ])
    .await;
}

#[tokio::test]
async fn a_target_takes_photos_logbook_and_only_the_tags_it_lacks() {
    let mut command = absorption(
        1,
        vec![
            tag("material", None, Some("bronze")),
            tag("year", None, Some("1936")),
        ],
    );
    command.this = Some(id(2));
    // The same photos and visits, with only the tag the target lacked.
    let mut event = command.clone();
    event.this = None;
    event.tags = vec![tag("year", None, Some("1936"))];
    let mut itself = command.clone();
    itself.this = Some(id(1));
    let absorb = |a: &Absorption| ArtworkCommand::Absorb(Box::new(a.clone()));
    check_all([
        Case {
            name: "a target takes photos, logbook and only the tags it lacks",
            given: vec![imported_27()],
            when: absorb(&command),
            then: Ok(vec![absorbed(event.clone())]),
        },
        Case {
            name: "a target takes nothing twice",
            given: vec![imported_27(), absorbed(event)],
            when: absorb(&command),
            then: Ok(vec![]),
        },
        Case {
            name: "an artwork does not absorb itself",
            given: vec![imported_27()],
            when: absorb(&itself),
            then: Err(ArtworkError::MergeIntoItself),
        },
        Case {
            name: "an artwork merged away absorbs nothing",
            given: vec![imported_27(), merged(3)],
            when: absorb(&command),
            then: Err(ArtworkError::MergedAway),
        },
    ])
    .await;
}

#[tokio::test]
async fn a_missing_artwork_is_removed_once_and_stays_on_record() {
    let remove = ArtworkCommand::Remove {
        reason: reason(),
        feedback: Uuid::from_u128(5),
    };
    let removed = ArtworkEvent::ArtworkRemoved {
        reason: reason(),
        feedback: Uuid::from_u128(5),
    };
    check_all([
        Case {
            name: "a missing artwork is removed",
            given: vec![imported_27()],
            when: remove.clone(),
            then: Ok(vec![removed.clone()]),
        },
        Case {
            name: "a missing artwork is removed once",
            given: vec![imported_27(), removed],
            when: remove.clone(),
            then: Ok(vec![]),
        },
        Case {
            name: "an artwork that does not exist is not removed",
            given: vec![],
            when: remove.clone(),
            then: Err(ArtworkError::NotFound),
        },
        Case {
            name: "an artwork merged away is not removed",
            given: vec![imported_27(), merged(2)],
            when: remove,
            then: Err(ArtworkError::MergedAway),
        },
    ])
    .await;
}

#[tokio::test]
async fn unmerging_restores_the_duplicate_and_gives_back_what_moved() {
    let release = ArtworkCommand::Release {
        from: id(1),
        reason: reason(),
    };
    let absorbed_with_tags = absorption(
        1,
        vec![
            tag("year", None, Some("1936")),
            tag("era", None, Some("modern")),
        ],
    );
    check_all([
        Case {
            name: "unmerging restores the duplicate",
            given: vec![imported_27(), merged(2)],
            when: ArtworkCommand::Unmerge { reason: reason() },
            then: Ok(vec![ArtworkEvent::ArtworkUnmerged {
                from: id(2),
                reason: reason(),
                status: ArtworkStatus::Approved,
            }]),
        },
        Case {
            name: "an artwork not merged is not unmerged",
            given: vec![imported_27()],
            when: ArtworkCommand::Unmerge { reason: reason() },
            then: Err(ArtworkError::NotMerged),
        },
        Case {
            name: "the target gives back the photos and visits; a tag changed since stays",
            given: vec![
                imported_27(),
                absorbed(absorbed_with_tags),
                edited(9, vec![tag("era", Some("modern"), Some("postmodern"))]),
            ],
            when: release.clone(),
            then: Ok(vec![released(1, vec![tag("year", Some("1936"), None)])]),
        },
        Case {
            name: "a target gives back nothing it did not take",
            given: vec![imported_27()],
            when: release,
            then: Err(ArtworkError::NotMerged),
        },
    ])
    .await;
}

/// An artwork created with two photos, and their keys.
fn with_two_photos() -> (Vec<ArtworkEvent>, PhotoKey, PhotoKey) {
    let mut a = approved(1);
    a.photos.push(photo());
    let (first, second) = (a.photos[0].key, a.photos[1].key);
    (
        vec![ArtworkEvent::ArtworkCreated(Box::new(a))],
        first,
        second,
    )
}

fn main_photo(new: PhotoKey) -> FieldEdit {
    FieldEdit::MainPhoto {
        old: None,
        new: Some(new),
    }
}

fn hide(new: Vec<PhotoKey>) -> FieldEdit {
    FieldEdit::HiddenPhotos { old: vec![], new }
}

#[tokio::test]
async fn arranging_the_photos() {
    let (given, first, second) = with_two_photos();
    let mut hidden = given.clone();
    hidden.push(edited(5, vec![hide(vec![first])]));
    let changes = vec![main_photo(second), hide(vec![first])];
    check_all([
        Case {
            name: "an edit makes a photo the main one and hides another",
            given: given.clone(),
            when: apply_edit(5, changes.clone(), false),
            then: Ok(vec![edited(5, changes)]),
        },
        Case {
            name: "a photo not the artwork's is refused",
            given: given.clone(),
            when: apply_edit(5, vec![main_photo(PhotoKey::new())], false),
            then: Err(photo_error(
                "main_photo",
                "That photo is not one of this artwork's",
            )),
        },
        Case {
            name: "a hidden main photo is refused",
            given,
            when: apply_edit(5, vec![main_photo(first), hide(vec![first])], false),
            then: Err(photo_error(
                "hidden_photos",
                "The main photo cannot be hidden",
            )),
        },
        Case {
            name: "hiding against a changed gallery is stale",
            given: hidden.clone(),
            when: apply_edit(6, vec![hide(vec![second])], false),
            then: Err(ArtworkError::Stale(vec!["hidden_photos".into()])),
        },
    ])
    .await;
    let back = revert_of(&hidden, 2, RevertScope::Change).unwrap();
    assert_eq!(
        back,
        vec![hide(vec![first]).inverse()],
        "a revert shows it again"
    );
}

#[test]
fn photos_given_back_by_an_unmerge_leave_the_arrangement() {
    let absorbed_photos = absorption(1, vec![]);
    let moved = absorbed_photos.photos[0].photos[0].key;
    let mut artwork: Artwork = after([
        imported_27(),
        absorbed(absorbed_photos),
        edited(9, vec![main_photo(moved)]),
    ]);
    assert_eq!(artwork.main_photo, Some(moved));
    artwork.apply(released(1, vec![]));
    assert_eq!(artwork.main_photo, None);
    assert!(!artwork.has_photo(moved));
}

#[test]
fn what_an_artwork_carries_counts_merges_in_and_out() {
    let a = approved(1);
    let events = vec![
        ArtworkEvent::ArtworkCreated(Box::new(a.clone())),
        visit_recorded(&visit(3)),
        absorbed(absorption(5, vec![])),
    ];
    let (photos, visits) = carried(&events, &[]);
    assert_eq!(photos.len(), 2);
    assert_eq!(visits.len(), 2);
    let mut all = events;
    all.push(released(5, vec![]));
    let (photos, visits) = carried(&all, &[]);
    assert_eq!((photos.len(), visits.len()), (1, 1));
    assert_eq!(photos[0].submission_id, a.submission_id);
}

#[test]
fn photos_hidden_on_a_duplicate_stay_behind_when_it_is_merged() {
    let (events, first, second) = with_two_photos();
    let (photos, _) = carried(&events, &[first]);
    let keys: Vec<PhotoKey> = photos
        .iter()
        .flat_map(|p| p.photos.iter().map(|ph| ph.key))
        .collect();
    assert_eq!(keys, [second]);
    let (photos, _) = carried(&events, &[first, second]);
    assert!(
        photos.is_empty(),
        "a submission with nothing shown moves nothing"
    );
}

#[test]
fn stored_event_shape_is_stable() {
    let e = imported_27();
    assert_eq!(e.event_type(), "ArtworkImported");
    let v = serde_json::to_value(&e).unwrap();
    let body = &v["ArtworkImported"];
    assert_eq!(body["title"], "Solo");
    assert_eq!(body["artwork_type"], "sculpture");
    assert_eq!(body["location"]["lat"], 49.293313);
    assert_eq!(body["status"], "approved");
    assert_eq!(body["provenance"]["source_id"], "27");
    let back: ArtworkEvent = serde_json::from_value(v).unwrap();
    assert_eq!(back, e);
}

#[test]
fn the_inverse_undoes_and_staleness_compares_with_the_artwork() {
    let e =
        crate::edit::FieldEdit::parse("tag:material", &json!("bronze"), &json!("stone")).unwrap();
    let e = e.into_iter().next().unwrap();
    let mut artwork = Artwork::default();
    assert!(artwork.is_stale(&e));
    artwork.tags = Tags::parse([("material".to_owned(), "bronze".to_owned())].into()).unwrap();
    assert!(!artwork.is_stale(&e));
    let back = e.clone().inverse();
    assert_eq!(back.values(), (json!("stone"), json!("bronze")));
    assert_eq!(back.inverse(), e);
}

#[test]
fn visits_go_to_an_artwork_in_place_and_lists_take_any_the_public_sees() {
    let pending = record_with(|r| r.status = ArtworkStatus::Pending);
    let removed = ArtworkEvent::ArtworkRemoved {
        reason: reason(),
        feedback: Uuid::from_u128(5),
    };
    // (what happened, takes a visit, can be listed)
    let cases = [
        ("in place", vec![imported_27()], true, true),
        ("removed", vec![imported_27(), removed], false, true),
        ("never created", vec![], false, false),
        ("pending", vec![imported(&pending)], false, false),
        ("merged away", vec![imported_27(), merged(2)], false, false),
    ];
    for (what, events, visits, listable) in cases {
        let artwork: Artwork = after(events);
        assert_eq!(artwork.takes_visits(), visits, "{what}: visits");
        assert_eq!(artwork.listable(), listable, "{what}: lists");
    }
}

#[test]
fn a_point_the_store_kept_to_fewer_digits_is_the_same_point() {
    let mut r = record("27");
    r.location = Location::parse(37.737792999999996, -122.475662).unwrap();
    let mut stored: Artwork = after([imported(&r)]);
    stored.source.as_mut().unwrap().location = Location::parse(37.737793, -122.475662).unwrap();
    assert!(stored.updated_by(SourceFields::of(&r)).is_none());
    r.location = Location::parse(37.7378, -122.475662).unwrap();
    assert!(
        stored.updated_by(SourceFields::of(&r)).is_some(),
        "a moved point is a change"
    );
}
