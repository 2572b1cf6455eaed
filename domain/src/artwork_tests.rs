//! `artwork`'s given/when/then tests.

use super::*;
use crate::ids::ActorId;
use crate::visit::{Condition, Note};
use cqrs_es::test::TestFramework;
use serde_json::json;
use std::collections::BTreeMap;
use uuid::Uuid;

type Harness = TestFramework<Artwork>;

fn provenance(source_id: &str) -> Provenance {
    Provenance {
        dataset: "vancouver".into(),
        dataset_name: "Vancouver Public Art Registry".into(),
        licence: "Open Government Licence – Vancouver".into(),
        attribution: "Contains information licensed under the Open Government Licence – Vancouver"
            .into(),
        source_id: source_id.into(),
        source_url: None,
        place: None,
    }
}

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
        provenance: provenance(source_id),
    }
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

#[tokio::test]
async fn import_records_a_new_artwork() {
    let r = record("27");
    Harness::with(())
        .given_no_previous_events()
        .when_async(ArtworkCommand::ImportArtwork(Box::new(r.clone())))
        .await
        .then_expect_events(vec![imported(&r)]);
}

#[tokio::test]
async fn import_fails_with_a_source_url_that_is_not_http() {
    let mut r = record("27");
    r.provenance.source_url = Some("data:text/html,<script>alert(1)</script>".into());
    Harness::with(())
        .given_no_previous_events()
        .when_async(ArtworkCommand::ImportArtwork(Box::new(r)))
        .await
        .then_expect_error(ArtworkError::BadSourceUrl);
}

#[tokio::test]
async fn import_accepts_an_https_source_url() {
    let mut r = record("27");
    r.provenance.source_url =
        Some("https://opendata.vancouver.ca/explore/dataset/public-art/".into());
    Harness::with(())
        .given_no_previous_events()
        .when_async(ArtworkCommand::ImportArtwork(Box::new(r.clone())))
        .await
        .then_expect_events(vec![imported(&r)]);
}

#[tokio::test]
async fn import_of_an_already_imported_record_changes_nothing() {
    let r = record("27");
    Harness::with(())
        .given(vec![imported(&r)])
        .when_async(ArtworkCommand::ImportArtwork(Box::new(r)))
        .await
        .then_expect_events(vec![]);
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

#[tokio::test]
async fn a_newer_record_of_the_same_source_changes_what_the_source_changed() {
    let r = record("27");
    let n = newer(&r);
    let title = FieldEdit::Title {
        old: r.title.clone(),
        new: n.title.clone(),
    };
    let material = FieldEdit::Tag {
        key: "material".into(),
        old: r.tags.get("material").map(str::to_owned),
        new: n.tags.get("material").map(str::to_owned),
    };
    Harness::with(())
        .given(vec![imported(&r)])
        .when_async(ArtworkCommand::ImportArtwork(Box::new(n.clone())))
        .await
        .then_expect_events(vec![updated(vec![title.clone(), material], &n)]);
    // The same newer record again changes nothing.
    let material = FieldEdit::Tag {
        key: "material".into(),
        old: r.tags.get("material").map(str::to_owned),
        new: n.tags.get("material").map(str::to_owned),
    };
    Harness::with(())
        .given(vec![imported(&r), updated(vec![title, material], &n)])
        .when_async(ArtworkCommand::ImportArtwork(Box::new(n)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn a_newer_record_keeps_what_the_community_changed_since() {
    let r = record("27");
    let n = newer(&r);
    let ours = Title::parse("Solo, by the harbour").unwrap();
    let community = edited(
        9,
        vec![FieldEdit::Title {
            old: r.title.clone(),
            new: ours,
        }],
    );
    let material = FieldEdit::Tag {
        key: "material".into(),
        old: r.tags.get("material").map(str::to_owned),
        new: n.tags.get("material").map(str::to_owned),
    };
    // The title stays the community's; the material, which nobody changed, follows the source.
    Harness::with(())
        .given(vec![imported(&r), community])
        .when_async(ArtworkCommand::ImportArtwork(Box::new(n.clone())))
        .await
        .then_expect_events(vec![updated(vec![material], &n)]);
}

#[test]
fn an_update_from_the_source_can_be_reverted() {
    let r = record("27");
    let n = newer(&r);
    let title = FieldEdit::Title {
        old: r.title.clone(),
        new: n.title.clone(),
    };
    let events = vec![imported(&r), updated(vec![title], &n)];
    let undo = revert_of(&events, 2, RevertScope::Change).unwrap();
    assert_eq!(
        undo,
        vec![FieldEdit::Title {
            old: n.title.clone(),
            new: r.title.clone(),
        }]
    );
}

#[tokio::test]
async fn import_fails_when_the_id_belongs_to_another_source() {
    let first = record("27");
    let other = record("28");
    Harness::with(())
        .given(vec![imported(&first)])
        .when_async(ArtworkCommand::ImportArtwork(Box::new(other.clone())))
        .await
        .then_expect_error(ArtworkError::SourceMismatch(other.id));
}

#[tokio::test]
async fn import_fails_when_an_artist_is_credited_twice() {
    let mut r = record("27");
    r.artist_ids.push(r.artist_ids[0]);
    Harness::with(())
        .given_no_previous_events()
        .when_async(ArtworkCommand::ImportArtwork(Box::new(r)))
        .await
        .then_expect_error(ArtworkError::DuplicateArtist);
}

#[tokio::test]
async fn import_fails_with_too_many_artists() {
    let mut r = record("27");
    r.artist_ids = (0..=MAX_ARTISTS_PER_ARTWORK)
        .map(|i| ArtistId::for_import("vancouver", &i.to_string()))
        .collect();
    Harness::with(())
        .given_no_previous_events()
        .when_async(ArtworkCommand::ImportArtwork(Box::new(r)))
        .await
        .then_expect_error(ArtworkError::TooManyArtists);
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

#[tokio::test]
async fn an_approved_proposal_creates_the_artwork() {
    let a = approved(1);
    Harness::with(())
        .given_no_previous_events()
        .when_async(ArtworkCommand::CreateFromSubmission(Box::new(a.clone())))
        .await
        .then_expect_events(vec![ArtworkEvent::ArtworkCreated(Box::new(a))]);
}

#[tokio::test]
async fn creating_again_for_the_same_submission_changes_nothing() {
    let a = approved(1);
    Harness::with(())
        .given(vec![ArtworkEvent::ArtworkCreated(Box::new(a.clone()))])
        .when_async(ArtworkCommand::CreateFromSubmission(Box::new(a)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn creating_over_an_existing_artwork_is_refused() {
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(ArtworkCommand::CreateFromSubmission(Box::new(approved(1))))
        .await
        .then_expect_error(ArtworkError::AlreadyExists);
}

#[tokio::test]
async fn creating_with_an_artist_twice_is_refused() {
    let mut a = approved(1);
    a.artist_ids.push(a.artist_ids[0]);
    Harness::with(())
        .given_no_previous_events()
        .when_async(ArtworkCommand::CreateFromSubmission(Box::new(a)))
        .await
        .then_expect_error(ArtworkError::DuplicateArtist);
}

#[tokio::test]
async fn linked_photos_are_added_and_the_artwork_moves_when_asked() {
    let photos = vec![photo()];
    let to = Location::parse(49.2935, -123.1339).unwrap();
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(ArtworkCommand::AddPhotos {
            submission_id: SubmissionId(Uuid::from_u128(2)),
            photos: photos.clone(),
            location: Some(to),
        })
        .await
        .then_expect_events(vec![
            ArtworkEvent::ArtworkMoved {
                submission_id: SubmissionId(Uuid::from_u128(2)),
                location: to,
            },
            ArtworkEvent::PhotosAdded {
                submission_id: SubmissionId(Uuid::from_u128(2)),
                photos,
            },
        ]);
}

#[tokio::test]
async fn adding_the_same_submissions_photos_twice_changes_nothing() {
    Harness::with(())
        .given(vec![
            imported(&record("27")),
            ArtworkEvent::PhotosAdded {
                submission_id: SubmissionId(Uuid::from_u128(2)),
                photos: vec![photo()],
            },
        ])
        .when_async(ArtworkCommand::AddPhotos {
            submission_id: SubmissionId(Uuid::from_u128(2)),
            photos: vec![photo()],
            location: None,
        })
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn photos_cannot_be_added_to_an_artwork_that_does_not_exist() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(ArtworkCommand::AddPhotos {
            submission_id: SubmissionId(Uuid::from_u128(2)),
            photos: vec![photo()],
            location: None,
        })
        .await
        .then_expect_error(ArtworkError::NotFound);
}

#[tokio::test]
async fn an_approved_visit_goes_into_the_logbook_once() {
    let v = visit(3);
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(ArtworkCommand::RecordVisit(Box::new(v.clone())))
        .await
        .then_expect_events(vec![ArtworkEvent::VisitRecorded(Box::new(v.clone()))]);
    Harness::with(())
        .given(vec![
            imported(&record("27")),
            ArtworkEvent::VisitRecorded(Box::new(v.clone())),
        ])
        .when_async(ArtworkCommand::RecordVisit(Box::new(v)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn a_visit_to_an_artwork_that_does_not_exist_is_refused() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(ArtworkCommand::RecordVisit(Box::new(visit(3))))
        .await
        .then_expect_error(ArtworkError::NotFound);
}

fn title_edit(old: &str, new: &str) -> FieldEdit {
    FieldEdit::Title {
        old: Title::parse(old).unwrap(),
        new: Title::parse(new).unwrap(),
    }
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

#[tokio::test]
async fn an_approved_edit_changes_and_clears_fields() {
    let changes = vec![
        title_edit("Solo", "Solo II"),
        FieldEdit::Description {
            old: Some(LongText::parse("An abstract sculpture.").unwrap()),
            new: None,
        },
        FieldEdit::Tag {
            key: "material".into(),
            old: Some("metal".into()),
            new: None,
        },
    ];
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(apply_edit(5, changes.clone(), false))
        .await
        .then_expect_events(vec![edited(5, changes)]);
}

#[tokio::test]
async fn a_stale_edit_is_refused_unless_the_moderator_overwrites() {
    let history = vec![
        imported(&record("27")),
        edited(5, vec![title_edit("Solo", "Duo")]),
    ];
    Harness::with(())
        .given(history.clone())
        .when_async(apply_edit(6, vec![title_edit("Solo", "Trio")], false))
        .await
        .then_expect_error(ArtworkError::Stale(vec!["title".into()]));
    // Overwritten, the change records the value it really replaced.
    Harness::with(())
        .given(history)
        .when_async(apply_edit(6, vec![title_edit("Solo", "Trio")], true))
        .await
        .then_expect_events(vec![edited(6, vec![title_edit("Duo", "Trio")])]);
}

#[tokio::test]
async fn an_edit_is_applied_once_and_never_empty_or_to_nothing() {
    let history = vec![
        imported(&record("27")),
        edited(5, vec![title_edit("Solo", "Duo")]),
    ];
    Harness::with(())
        .given(history.clone())
        .when_async(apply_edit(5, vec![title_edit("Solo", "Duo")], false))
        .await
        .then_expect_events(vec![]);
    Harness::with(())
        .given(history)
        .when_async(apply_edit(6, vec![], false))
        .await
        .then_expect_error(ArtworkError::EmptyEdit);
    Harness::with(())
        .given_no_previous_events()
        .when_async(apply_edit(6, vec![title_edit("Solo", "Duo")], false))
        .await
        .then_expect_error(ArtworkError::NotFound);
}

#[tokio::test]
async fn an_edit_linking_an_artist_twice_is_refused() {
    let a = ArtistId::for_import("vancouver", "103");
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(apply_edit(
            5,
            vec![FieldEdit::Artists {
                old: vec![a],
                new: vec![a, a],
            }],
            false,
        ))
        .await
        .then_expect_error(ArtworkError::DuplicateArtist);
}

#[tokio::test]
async fn a_revert_undoes_one_change_and_a_revert_of_the_revert_restores_it() {
    let mut history = vec![
        imported(&record("27")),
        edited(5, vec![title_edit("Solo", "Duo")]),
    ];
    let back = revert_of(&history, 2, RevertScope::Change).unwrap();
    assert_eq!(back, vec![title_edit("Duo", "Solo")]);
    let reverted = ArtworkEvent::ArtworkReverted {
        reverted: 2,
        reason: reason(),
        changes: back.clone(),
    };
    Harness::with(())
        .given(history.clone())
        .when_async(ArtworkCommand::Revert {
            reverted: 2,
            reason: reason(),
            changes: back,
        })
        .await
        .then_expect_events(vec![reverted.clone()]);
    history.push(reverted);
    let again = revert_of(&history, 3, RevertScope::Change).unwrap();
    assert_eq!(again, vec![title_edit("Solo", "Duo")]);
    Harness::with(())
        .given(history)
        .when_async(ArtworkCommand::Revert {
            reverted: 3,
            reason: reason(),
            changes: again.clone(),
        })
        .await
        .then_expect_events(vec![ArtworkEvent::ArtworkReverted {
            reverted: 3,
            reason: reason(),
            changes: again,
        }]);
}

#[tokio::test]
async fn a_revert_is_refused_when_a_later_change_touched_the_field() {
    let history = vec![
        imported(&record("27")),
        edited(5, vec![title_edit("Solo", "Duo")]),
        edited(6, vec![title_edit("Duo", "Trio")]),
    ];
    let back = revert_of(&history, 2, RevertScope::Change).unwrap();
    Harness::with(())
        .given(history.clone())
        .when_async(ArtworkCommand::Revert {
            reverted: 2,
            reason: reason(),
            changes: back,
        })
        .await
        .then_expect_error(ArtworkError::ChangedSince("title".into()));
    // Going back to the point right after the import undoes both.
    assert_eq!(
        revert_of(&history, 1, RevertScope::Since).unwrap(),
        vec![title_edit("Trio", "Solo")]
    );
}

#[tokio::test]
async fn only_field_changes_can_be_reverted() {
    let history = vec![
        imported(&record("27")),
        ArtworkEvent::VisitRecorded(Box::new(visit(3))),
    ];
    assert_eq!(
        revert_of(&history, 1, RevertScope::Change),
        Err(ArtworkError::NothingToRevert)
    );
    assert_eq!(
        revert_of(&history, 2, RevertScope::Change),
        Err(ArtworkError::NothingToRevert)
    );
    assert_eq!(
        revert_of(&history, 3, RevertScope::Change),
        Err(ArtworkError::UnknownChange)
    );
    assert_eq!(
        revert_of(&history, 2, RevertScope::Since),
        Err(ArtworkError::NothingToRevert)
    );
    Harness::with(())
        .given(history.clone())
        .when_async(ArtworkCommand::Revert {
            reverted: 2,
            reason: reason(),
            changes: vec![],
        })
        .await
        .then_expect_error(ArtworkError::NothingToRevert);
    Harness::with(())
        .given(history)
        .when_async(ArtworkCommand::Revert {
            reverted: 9,
            reason: reason(),
            changes: vec![title_edit("Solo", "Duo")],
        })
        .await
        .then_expect_error(ArtworkError::UnknownChange);
}

fn id(n: u128) -> ArtworkId {
    ArtworkId(Uuid::from_u128(n))
}

fn tag(key: &str, old: Option<&str>, new: Option<&str>) -> FieldEdit {
    FieldEdit::Tag {
        key: key.into(),
        old: old.map(str::to_owned),
        new: new.map(str::to_owned),
    }
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

#[tokio::test]
async fn a_duplicate_is_merged_once_and_never_into_itself() {
    let merged = ArtworkEvent::ArtworkMerged {
        into: id(2),
        reason: reason(),
    };
    let merge = |into: u128| ArtworkCommand::MergeInto {
        this: id(1),
        into: id(into),
        reason: reason(),
    };
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(merge(2))
        .await
        .then_expect_events(vec![merged.clone()]);
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(merge(1))
        .await
        .then_expect_error(ArtworkError::MergeIntoItself);
    Harness::with(())
        .given(vec![imported(&record("27")), merged.clone()])
        .when_async(merge(2))
        .await
        .then_expect_events(vec![]);
    Harness::with(())
        .given(vec![imported(&record("27")), merged])
        .when_async(merge(3))
        .await
        .then_expect_error(ArtworkError::AlreadyMerged(id(2)));
}

#[tokio::test]
async fn an_artwork_holding_merged_duplicates_is_not_merged_away() {
    // Given B, which took A's content (A → B).
    let holds_a = vec![
        imported(&record("27")),
        ArtworkEvent::ArtworkAbsorbed(Box::new(absorption(1, vec![]))),
    ];
    // When B is merged into C, then it is refused: A's unmerge must find its content on B.
    Harness::with(())
        .given(holds_a)
        .when_async(ArtworkCommand::MergeInto {
            this: id(2),
            into: id(3),
            reason: reason(),
        })
        .await
        .then_expect_error(ArtworkError::HoldsDuplicates);
}

#[tokio::test]
async fn an_artwork_whose_duplicates_were_all_unmerged_can_be_merged_away() {
    // Given B, which took A's content and gave it back (A unmerged).
    let released = ArtworkEvent::ArtworkReleased {
        from: id(1),
        reason: reason(),
        photo_submissions: vec![SubmissionId(Uuid::from_u128(70))],
        visits: vec![SubmissionId(Uuid::from_u128(71))],
        tags: vec![],
    };
    // When B is merged into C, then it is.
    Harness::with(())
        .given(vec![
            imported(&record("27")),
            ArtworkEvent::ArtworkAbsorbed(Box::new(absorption(1, vec![]))),
            released,
        ])
        .when_async(ArtworkCommand::MergeInto {
            this: id(2),
            into: id(3),
            reason: reason(),
        })
        .await
        .then_expect_events(vec![ArtworkEvent::ArtworkMerged {
            into: id(3),
            reason: reason(),
        }]);
}

fn merged_into_2() -> Vec<ArtworkEvent> {
    vec![
        imported(&record("27")),
        ArtworkEvent::ArtworkMerged {
            into: id(2),
            reason: reason(),
        },
    ]
}

#[tokio::test]
async fn photos_a_visit_or_an_edit_for_an_artwork_merged_away_are_refused() {
    let refused = ArtworkError::MergedDuplicate(id(2));
    Harness::with(())
        .given(merged_into_2())
        .when_async(ArtworkCommand::AddPhotos {
            submission_id: SubmissionId(Uuid::from_u128(5)),
            photos: vec![photo()],
            location: None,
        })
        .await
        .then_expect_error(refused.clone());
    Harness::with(())
        .given(merged_into_2())
        .when_async(ArtworkCommand::RecordVisit(Box::new(visit(6))))
        .await
        .then_expect_error(refused.clone());
    Harness::with(())
        .given(merged_into_2())
        .when_async(apply_edit(7, vec![title_edit("Solo", "Duo")], false))
        .await
        .then_expect_error(refused);
}

#[tokio::test]
async fn a_visit_recorded_before_the_merge_is_still_done_when_carried_out_again() {
    // Given a visit recorded, then the artwork merged away (its merge moved the visit).
    let mut history = vec![
        imported(&record("27")),
        ArtworkEvent::VisitRecorded(Box::new(visit(6))),
    ];
    history.extend(merged_into_2().into_iter().skip(1));
    // When the approval's effect is carried out again, then nothing happens, no error.
    Harness::with(())
        .given(history)
        .when_async(ArtworkCommand::RecordVisit(Box::new(visit(6))))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn an_unmerged_artwork_takes_content_again() {
    let mut history = merged_into_2();
    history.push(ArtworkEvent::ArtworkUnmerged {
        from: id(2),
        reason: reason(),
        status: ArtworkStatus::Approved,
    });
    let v = visit(6);
    Harness::with(())
        .given(history)
        .when_async(ArtworkCommand::RecordVisit(Box::new(v.clone())))
        .await
        .then_expect_events(vec![ArtworkEvent::VisitRecorded(Box::new(v))]);
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
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(ArtworkCommand::Absorb(Box::new(command.clone())))
        .await
        .then_expect_events(vec![ArtworkEvent::ArtworkAbsorbed(Box::new(event.clone()))]);
    // Again: nothing twice.
    Harness::with(())
        .given(vec![
            imported(&record("27")),
            ArtworkEvent::ArtworkAbsorbed(Box::new(event)),
        ])
        .when_async(ArtworkCommand::Absorb(Box::new(command.clone())))
        .await
        .then_expect_events(vec![]);
    // Not into itself, nor into an artwork merged away.
    let mut itself = command.clone();
    itself.this = Some(id(1));
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(ArtworkCommand::Absorb(Box::new(itself)))
        .await
        .then_expect_error(ArtworkError::MergeIntoItself);
    Harness::with(())
        .given(vec![
            imported(&record("27")),
            ArtworkEvent::ArtworkMerged {
                into: id(3),
                reason: reason(),
            },
        ])
        .when_async(ArtworkCommand::Absorb(Box::new(command)))
        .await
        .then_expect_error(ArtworkError::MergedAway);
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
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(remove.clone())
        .await
        .then_expect_events(vec![removed.clone()]);
    Harness::with(())
        .given(vec![imported(&record("27")), removed])
        .when_async(remove.clone())
        .await
        .then_expect_events(vec![]);
    Harness::with(())
        .given_no_previous_events()
        .when_async(remove.clone())
        .await
        .then_expect_error(ArtworkError::NotFound);
    Harness::with(())
        .given(vec![
            imported(&record("27")),
            ArtworkEvent::ArtworkMerged {
                into: id(2),
                reason: reason(),
            },
        ])
        .when_async(remove)
        .await
        .then_expect_error(ArtworkError::MergedAway);
}

#[tokio::test]
async fn unmerging_restores_the_duplicate_and_gives_back_what_moved() {
    Harness::with(())
        .given(vec![
            imported(&record("27")),
            ArtworkEvent::ArtworkMerged {
                into: id(2),
                reason: reason(),
            },
        ])
        .when_async(ArtworkCommand::Unmerge { reason: reason() })
        .await
        .then_expect_events(vec![ArtworkEvent::ArtworkUnmerged {
            from: id(2),
            reason: reason(),
            status: ArtworkStatus::Approved,
        }]);
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(ArtworkCommand::Unmerge { reason: reason() })
        .await
        .then_expect_error(ArtworkError::NotMerged);
    // The target gives back the photos and visits; a tag changed since stays.
    let absorbed = absorption(
        1,
        vec![
            tag("year", None, Some("1936")),
            tag("era", None, Some("modern")),
        ],
    );
    Harness::with(())
        .given(vec![
            imported(&record("27")),
            ArtworkEvent::ArtworkAbsorbed(Box::new(absorbed)),
            edited(9, vec![tag("era", Some("modern"), Some("postmodern"))]),
        ])
        .when_async(ArtworkCommand::Release {
            from: id(1),
            reason: reason(),
        })
        .await
        .then_expect_events(vec![ArtworkEvent::ArtworkReleased {
            from: id(1),
            reason: reason(),
            photo_submissions: vec![SubmissionId(Uuid::from_u128(70))],
            visits: vec![SubmissionId(Uuid::from_u128(71))],
            tags: vec![tag("year", Some("1936"), None)],
        }]);
    Harness::with(())
        .given(vec![imported(&record("27"))])
        .when_async(ArtworkCommand::Release {
            from: id(1),
            reason: reason(),
        })
        .await
        .then_expect_error(ArtworkError::NotMerged);
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

#[tokio::test]
async fn an_edit_makes_a_photo_the_main_one_and_hides_another() {
    let (given, first, second) = with_two_photos();
    let changes = vec![
        FieldEdit::MainPhoto {
            old: None,
            new: Some(second),
        },
        FieldEdit::HiddenPhotos {
            old: vec![],
            new: vec![first],
        },
    ];
    Harness::with(())
        .given(given)
        .when_async(apply_edit(5, changes.clone(), false))
        .await
        .then_expect_events(vec![edited(5, changes)]);
}

#[tokio::test]
async fn a_photo_not_the_artworks_or_a_hidden_main_photo_is_refused() {
    let (given, first, _) = with_two_photos();
    let stranger = PhotoKey::new();
    Harness::with(())
        .given(given.clone())
        .when_async(apply_edit(
            5,
            vec![FieldEdit::MainPhoto {
                old: None,
                new: Some(stranger),
            }],
            false,
        ))
        .await
        .then_expect_error(photo_error(
            "main_photo",
            "That photo is not one of this artwork's",
        ));
    Harness::with(())
        .given(given)
        .when_async(apply_edit(
            5,
            vec![
                FieldEdit::MainPhoto {
                    old: None,
                    new: Some(first),
                },
                FieldEdit::HiddenPhotos {
                    old: vec![],
                    new: vec![first],
                },
            ],
            false,
        ))
        .await
        .then_expect_error(photo_error(
            "hidden_photos",
            "The main photo cannot be hidden",
        ));
}

#[tokio::test]
async fn hiding_against_a_changed_gallery_is_stale_and_a_revert_shows_the_photo_again() {
    let (mut history, first, second) = with_two_photos();
    let hide = FieldEdit::HiddenPhotos {
        old: vec![],
        new: vec![first],
    };
    history.push(edited(5, vec![hide.clone()]));
    Harness::with(())
        .given(history.clone())
        .when_async(apply_edit(
            6,
            vec![FieldEdit::HiddenPhotos {
                old: vec![],
                new: vec![second],
            }],
            false,
        ))
        .await
        .then_expect_error(ArtworkError::Stale(vec!["hidden_photos".into()]));
    let back = revert_of(&history, 2, RevertScope::Change).unwrap();
    assert_eq!(back, vec![hide.inverse()]);
}

#[test]
fn photos_given_back_by_an_unmerge_leave_the_arrangement() {
    let absorbed = absorption(1, vec![]);
    let moved = absorbed.photos[0].photos[0].key;
    let mut artwork = Artwork::default();
    for e in [
        imported(&record("27")),
        ArtworkEvent::ArtworkAbsorbed(Box::new(absorbed)),
        edited(
            9,
            vec![FieldEdit::MainPhoto {
                old: None,
                new: Some(moved),
            }],
        ),
    ] {
        artwork.apply(e);
    }
    assert_eq!(artwork.main_photo, Some(moved));
    artwork.apply(ArtworkEvent::ArtworkReleased {
        from: id(1),
        reason: reason(),
        photo_submissions: vec![SubmissionId(Uuid::from_u128(70))],
        visits: vec![SubmissionId(Uuid::from_u128(71))],
        tags: vec![],
    });
    assert_eq!(artwork.main_photo, None);
    assert!(!artwork.has_photo(moved));
}

#[test]
fn what_an_artwork_carries_counts_merges_in_and_out() {
    let a = approved(1);
    let events = vec![
        ArtworkEvent::ArtworkCreated(Box::new(a.clone())),
        ArtworkEvent::VisitRecorded(Box::new(visit(3))),
        ArtworkEvent::ArtworkAbsorbed(Box::new(absorption(5, vec![]))),
    ];
    let (photos, visits) = carried(&events, &[]);
    assert_eq!(photos.len(), 2);
    assert_eq!(visits.len(), 2);
    let mut all = events;
    all.push(ArtworkEvent::ArtworkReleased {
        from: id(5),
        reason: reason(),
        photo_submissions: vec![SubmissionId(Uuid::from_u128(70))],
        visits: vec![SubmissionId(Uuid::from_u128(71))],
        tags: vec![],
    });
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
    let e = imported(&record("27"));
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
    let mut pending = record("27");
    pending.status = ArtworkStatus::Pending;
    let removed = ArtworkEvent::ArtworkRemoved {
        reason: reason(),
        feedback: Uuid::from_u128(5),
    };
    let merged = ArtworkEvent::ArtworkMerged {
        into: id(2),
        reason: reason(),
    };
    // (what happened, takes a visit, can be listed)
    let cases = [
        ("in place", vec![imported(&record("27"))], true, true),
        (
            "removed",
            vec![imported(&record("27")), removed],
            false,
            true,
        ),
        ("never created", vec![], false, false),
        ("pending", vec![imported(&pending)], false, false),
        (
            "merged away",
            vec![imported(&record("27")), merged],
            false,
            false,
        ),
    ];
    for (what, events, visits, listable) in cases {
        let mut artwork = Artwork::default();
        for e in events {
            artwork.apply(e);
        }
        assert_eq!(artwork.takes_visits(), visits, "{what}: visits");
        assert_eq!(artwork.listable(), listable, "{what}: lists");
    }
}

#[test]
fn a_point_the_store_kept_to_fewer_digits_is_the_same_point() {
    let mut r = record("27");
    r.location = Location::parse(37.737792999999996, -122.475662).unwrap();
    let mut stored = Artwork::default();
    stored.apply(imported(&r));
    stored.source.as_mut().unwrap().location = Location::parse(37.737793, -122.475662).unwrap();
    assert!(stored.source_update(&r).is_none());
    r.location = Location::parse(37.7378, -122.475662).unwrap();
    assert!(
        stored.source_update(&r).is_some(),
        "a moved point is a change"
    );
}
