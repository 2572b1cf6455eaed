//! `artist`'s given/when/then tests.

use super::*;
use cqrs_es::test::TestFramework;
use serde_json::{json, Value};

type Harness = TestFramework<Artist>;

fn record(source_id: &str) -> ImportedArtist {
    ImportedArtist {
        id: ArtistId::for_import("vancouver", source_id),
        name: PersonName::parse("Natalie McHaffie").unwrap(),
        biography: Some(LongText::parse("Born in Deep River, Ontario.").unwrap()),
        country: Some("Canada".into()),
        website: None,
        provenance: Provenance {
            dataset: "vancouver".into(),
            dataset_name: "Vancouver Public Art Registry".into(),
            licence: "OGL-Vancouver".into(),
            attribution:
                "Contains information licensed under the Open Government Licence – Vancouver".into(),
            source_id: source_id.into(),
            source_url: None,
            place: None,
        },
    }
}

fn imported(r: &ImportedArtist) -> ArtistEvent {
    ArtistEvent::ArtistImported {
        name: r.name.clone(),
        biography: r.biography.clone(),
        country: r.country.clone(),
        website: r.website.clone(),
        provenance: Box::new(r.provenance.clone()),
    }
}

/// Given `given`, the artist is sent an import of `r`.
async fn importing(
    given: Vec<ArtistEvent>,
    r: ImportedArtist,
) -> cqrs_es::test::AggregateResultValidator<Artist> {
    Harness::with(())
        .given(given)
        .when_async(ArtistCommand::ImportArtist(Box::new(r)))
        .await
}

#[tokio::test]
async fn import_records_a_new_artist() {
    let r = record("103");
    importing(Vec::new(), r.clone())
        .await
        .then_expect_events(vec![imported(&r)]);
}

#[tokio::test]
async fn import_of_an_already_imported_artist_changes_nothing() {
    let r = record("103");
    importing(vec![imported(&r)], r)
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn a_newer_record_of_the_source_changes_what_the_source_changed() {
    let old = record("103");
    let mut newer = old.clone();
    newer.biography = Some(LongText::parse("Born in Deep River, Ontario, in 1951.").unwrap());
    newer.website = Some("https://example.org/mchaffie".into());
    importing(vec![imported(&old)], newer.clone())
        .await
        .then_expect_events(vec![ArtistEvent::ArtistUpdatedFromSource {
            changes: vec![
                ArtistFieldEdit::Biography {
                    old: old.biography.clone(),
                    new: newer.biography.clone(),
                },
                ArtistFieldEdit::Website {
                    old: None,
                    new: newer.website.clone(),
                },
            ],
            source: Box::new(ArtistSourceFields::of(&newer)),
        }]);
}

#[tokio::test]
async fn a_newer_record_keeps_what_the_community_changed_since() {
    let old = record("103");
    let mut newer = old.clone();
    newer.country = Some("Canada (Ontario)".into());
    newer.name = PersonName::parse("N. McHaffie").unwrap();
    let community = PersonName::parse("Natalie MacHaffie").unwrap();
    importing(
        vec![
            imported(&old),
            ArtistEvent::ArtistEdited {
                submission_id: SubmissionId(uuid::Uuid::from_u128(9)),
                changes: vec![ArtistFieldEdit::Name {
                    old: Some(old.name.clone()),
                    new: community,
                }],
            },
        ],
        newer.clone(),
    )
    .await
    .then_expect_events(vec![ArtistEvent::ArtistUpdatedFromSource {
        changes: vec![ArtistFieldEdit::Country {
            old: old.country.clone(),
            new: newer.country.clone(),
        }],
        source: Box::new(ArtistSourceFields::of(&newer)),
    }]);
}

#[tokio::test]
async fn the_same_record_after_a_source_update_changes_nothing() {
    let old = record("103");
    let mut newer = old.clone();
    newer.country = None;
    importing(
        vec![
            imported(&old),
            ArtistEvent::ArtistUpdatedFromSource {
                changes: vec![ArtistFieldEdit::Country {
                    old: old.country.clone(),
                    new: None,
                }],
                source: Box::new(ArtistSourceFields::of(&newer)),
            },
        ],
        newer,
    )
    .await
    .then_expect_events(vec![]);
}

#[tokio::test]
async fn a_newer_record_with_a_bad_website_is_refused() {
    let old = record("103");
    let mut newer = old.clone();
    newer.website = Some("ftp://example.org".into());
    importing(vec![imported(&old)], newer)
        .await
        .then_expect_error(ArtistError::BadWebsite);
}

#[tokio::test]
async fn import_fails_when_the_id_belongs_to_another_source() {
    let other = record("104");
    importing(vec![imported(&record("103"))], other.clone())
        .await
        .then_expect_error(ArtistError::SourceMismatch(other.id));
}

#[tokio::test]
async fn import_fails_with_a_website_that_is_not_http() {
    let mut r = record("103");
    r.website = Some("javascript:alert(1)".into());
    importing(Vec::new(), r)
        .await
        .then_expect_error(ArtistError::BadWebsite);
}

#[tokio::test]
async fn import_fails_with_a_source_url_that_is_not_http() {
    let mut r = record("103");
    r.provenance.source_url = Some("javascript:alert(document.cookie)".into());
    importing(Vec::new(), r)
        .await
        .then_expect_error(ArtistError::BadSourceUrl);
}

#[tokio::test]
async fn creating_an_artist_by_name_records_it() {
    let name = PersonName::parse("Jane Doe").unwrap();
    let submission_id = crate::ids::SubmissionId(uuid::Uuid::from_u128(3));
    Harness::with(())
        .given_no_previous_events()
        .when_async(ArtistCommand::CreateArtist {
            name: name.clone(),
            submission_id,
        })
        .await
        .then_expect_events(vec![ArtistEvent::ArtistCreated {
            name,
            submission_id,
        }]);
}

#[tokio::test]
async fn creating_an_artist_that_exists_changes_nothing() {
    let name = PersonName::parse("Jane Doe").unwrap();
    Harness::with(())
        .given(vec![ArtistEvent::ArtistCreated {
            name: name.clone(),
            submission_id: crate::ids::SubmissionId(uuid::Uuid::from_u128(3)),
        }])
        .when_async(ArtistCommand::CreateArtist {
            name,
            submission_id: crate::ids::SubmissionId(uuid::Uuid::from_u128(4)),
        })
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn import_fails_with_an_overlong_country() {
    let mut r = record("103");
    r.country = Some("x".repeat(101));
    importing(Vec::new(), r)
        .await
        .then_expect_error(ArtistError::CountryTooLong);
}

fn edit(field: &str, old: serde_json::Value, new: serde_json::Value) -> ArtistFieldEdit {
    ArtistFieldEdit::parse(field, &old, &new).unwrap().remove(0)
}

fn apply(edits: Vec<ArtistFieldEdit>, overwrite_stale: bool) -> ArtistCommand {
    ArtistCommand::ApplyEdit {
        submission_id: SubmissionId(uuid::Uuid::from_u128(7)),
        edits,
        overwrite_stale,
    }
}

#[tokio::test]
async fn an_approved_edit_records_each_change_with_the_value_it_replaced() {
    use serde_json::json;
    let r = record("103");
    let changes = vec![
        edit("country", json!("Canada"), json!(null)),
        edit("aliases", json!([]), json!(["N. McHaffie"])),
        edit("birth_year", json!(null), json!(1956)),
    ];
    Harness::with(())
        .given(vec![imported(&r)])
        .when_async(apply(changes.clone(), false))
        .await
        .then_expect_events(vec![ArtistEvent::ArtistEdited {
            submission_id: SubmissionId(uuid::Uuid::from_u128(7)),
            changes,
        }]);
}

#[tokio::test]
async fn an_edit_of_a_field_changed_since_is_refused_as_stale() {
    use serde_json::json;
    Harness::with(())
        .given(vec![imported(&record("103"))])
        .when_async(apply(
            vec![edit("country", json!("France"), json!("Spain"))],
            false,
        ))
        .await
        .then_expect_error(ArtistError::Stale(vec!["country".into()]));
}

#[tokio::test]
async fn a_stale_edit_applied_on_purpose_records_the_value_it_really_replaced() {
    use serde_json::json;
    Harness::with(())
        .given(vec![imported(&record("103"))])
        .when_async(apply(
            vec![edit("country", json!("France"), json!("Spain"))],
            true,
        ))
        .await
        .then_expect_events(vec![ArtistEvent::ArtistEdited {
            submission_id: SubmissionId(uuid::Uuid::from_u128(7)),
            changes: vec![edit("country", json!("Canada"), json!("Spain"))],
        }]);
}

#[tokio::test]
async fn an_edit_applied_again_changes_nothing() {
    use serde_json::json;
    let changes = vec![edit("country", json!("Canada"), json!("Spain"))];
    Harness::with(())
        .given(vec![
            imported(&record("103")),
            ArtistEvent::ArtistEdited {
                submission_id: SubmissionId(uuid::Uuid::from_u128(7)),
                changes: changes.clone(),
            },
        ])
        .when_async(apply(changes, true))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn an_empty_edit_is_refused() {
    Harness::with(())
        .given(vec![imported(&record("103"))])
        .when_async(apply(vec![], false))
        .await
        .then_expect_error(ArtistError::EmptyEdit);
}

#[tokio::test]
async fn a_death_before_the_birth_is_refused() {
    use serde_json::json;
    let err = EditError::new("death_year", "death_year must not be before birth_year");
    Harness::with(())
        .given(vec![imported(&record("103"))])
        .when_async(apply(
            vec![
                edit("birth_year", json!(null), json!(1956)),
                edit("death_year", json!(null), json!(1900)),
            ],
            false,
        ))
        .await
        .then_expect_error(ArtistError::Invalid(err));
}

#[tokio::test]
async fn a_new_artist_is_added_from_its_approved_proposal() {
    use serde_json::json;
    let changes = vec![
        edit("name", json!(null), json!("Jane Doe")),
        edit("website", json!(null), json!("https://jane.example")),
    ];
    Harness::with(())
        .given_no_previous_events()
        .when_async(apply(changes.clone(), false))
        .await
        .then_expect_events(vec![ArtistEvent::ArtistAdded {
            submission_id: SubmissionId(uuid::Uuid::from_u128(7)),
            changes,
        }]);
}

#[tokio::test]
async fn a_new_artist_without_a_name_is_refused() {
    use serde_json::json;
    Harness::with(())
        .given_no_previous_events()
        .when_async(apply(
            vec![edit("country", json!(null), json!("Peru"))],
            false,
        ))
        .await
        .then_expect_error(ArtistError::NameRequired);
}

#[tokio::test]
async fn an_alias_equal_to_the_name_is_refused() {
    use serde_json::json;
    let err = EditError::new("aliases", "an alias must differ from the name");
    Harness::with(())
        .given(vec![imported(&record("103"))])
        .when_async(apply(
            vec![edit("aliases", json!([]), json!(["natalie mchaffie"]))],
            false,
        ))
        .await
        .then_expect_error(ArtistError::Invalid(err));
}

#[test]
fn staleness_compares_with_the_artist_and_rebasing_takes_its_value() {
    let e = edit("country", json!("Canada"), json!("France"));
    let mut artist = Artist::default();
    assert!(artist.is_stale(&e));
    artist.country = Some("Canada".into());
    assert!(!artist.is_stale(&e));
    artist.country = Some("Spain".into());
    assert_eq!(
        artist.rebased(e).values(),
        (json!("Spain"), json!("France"))
    );
    let new_artist = edit("name", Value::Null, json!("Jane"));
    assert!(!Artist::default().is_stale(&new_artist));
}
