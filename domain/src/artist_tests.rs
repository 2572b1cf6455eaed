//! `artist`'s given/when/then tests, a table of named cases per command.

use super::*;
use crate::testing::{changed, check_all, vancouver, Imports};
use serde_json::{json, Value};
use uuid::Uuid;

type Case = crate::testing::Case<Artist>;

fn record(source_id: &str) -> ImportedArtist {
    ImportedArtist {
        id: ArtistId::for_import("vancouver", source_id),
        name: PersonName::parse("Natalie McHaffie").unwrap(),
        biography: Some(LongText::parse("Born in Deep River, Ontario.").unwrap()),
        country: Some("Canada".into()),
        website: None,
        provenance: vancouver(source_id),
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

fn import(r: &ImportedArtist) -> ArtistCommand {
    ArtistCommand::ImportArtist(Box::new(r.clone()))
}

/// Record 103 changed by `change`.
fn record_with(change: impl FnOnce(&mut ImportedArtist)) -> ImportedArtist {
    changed(record("103"), change)
}

fn updated(changes: Vec<ArtistFieldEdit>, newer: &ImportedArtist) -> ArtistEvent {
    ArtistEvent::ArtistUpdatedFromSource {
        changes,
        source: Box::new(ArtistSourceFields::of(newer)),
    }
}

#[tokio::test]
async fn importing() {
    let r = record("103");
    let newer = record_with(|n| {
        n.biography = Some(LongText::parse("Born in Deep River, Ontario, in 1951.").unwrap());
        n.website = Some("https://example.org/mchaffie".into());
    });
    let renamed = record_with(|n| {
        n.country = Some("Canada (Ontario)".into());
        n.name = PersonName::parse("N. McHaffie").unwrap();
    });
    let no_country = record_with(|n| n.country = None);
    let with_website = |url: &str| record_with(|n| n.website = Some(url.into()));
    let shared = Imports {
        import,
        imported,
        provenance: |r| &mut r.provenance,
        record: r.clone(),
        newer: (
            newer.clone(),
            updated(
                vec![
                    ArtistFieldEdit::Biography {
                        old: r.biography.clone(),
                        new: newer.biography.clone(),
                    },
                    ArtistFieldEdit::Website {
                        old: None,
                        new: newer.website.clone(),
                    },
                ],
                &newer,
            ),
        ),
        kept: (
            edited(
                9,
                vec![edit(
                    "name",
                    json!("Natalie McHaffie"),
                    json!("Natalie MacHaffie"),
                )],
            ),
            renamed.clone(),
            updated(
                vec![edit("country", json!("Canada"), json!("Canada (Ontario)"))],
                &renamed,
            ),
        ),
        mismatch: |r| ArtistError::SourceMismatch(r.id),
        bad_source_url: ArtistError::BadSourceUrl,
    };
    check_all(shared.cases().into_iter().chain([
        Case {
            name: "the same record after a source update changes nothing",
            given: vec![
                imported(&r),
                updated(
                    vec![edit("country", json!("Canada"), json!(null))],
                    &no_country,
                ),
            ],
            when: import(&no_country),
            then: Ok(vec![]),
        },
        Case {
            name: "a newer record with a bad website is refused",
            given: vec![imported(&r)],
            when: import(&with_website("ftp://example.org")),
            then: Err(ArtistError::BadWebsite),
        },
        Case {
            name: "import fails with a website that is not http",
            given: vec![],
            when: import(&with_website("javascript:alert(1)")),
            then: Err(ArtistError::BadWebsite),
        },
        Case {
            name: "import fails with an overlong country",
            given: vec![],
            when: import(&record_with(|r| r.country = Some("x".repeat(101)))),
            then: Err(ArtistError::CountryTooLong),
        },
    ]))
    .await;
}

#[tokio::test]
async fn creating_an_artist_by_name() {
    let name = PersonName::parse("Jane Doe").unwrap();
    let create = |n| ArtistCommand::CreateArtist {
        name: name.clone(),
        submission_id: SubmissionId(Uuid::from_u128(n)),
    };
    let created = ArtistEvent::ArtistCreated {
        name: name.clone(),
        submission_id: SubmissionId(Uuid::from_u128(3)),
    };
    check_all([
        Case {
            name: "creating an artist by name records it",
            given: vec![],
            when: create(3),
            then: Ok(vec![created.clone()]),
        },
        Case {
            name: "creating an artist that exists changes nothing",
            given: vec![created],
            when: create(4),
            then: Ok(vec![]),
        },
    ])
    .await;
}

fn edit(field: &str, old: Value, new: Value) -> ArtistFieldEdit {
    ArtistFieldEdit::parse(field, &old, &new).unwrap().remove(0)
}

fn apply(edits: Vec<ArtistFieldEdit>, overwrite_stale: bool) -> ArtistCommand {
    ArtistCommand::ApplyEdit {
        submission_id: SubmissionId(Uuid::from_u128(7)),
        edits,
        overwrite_stale,
    }
}

fn edited(submission: u128, changes: Vec<ArtistFieldEdit>) -> ArtistEvent {
    ArtistEvent::ArtistEdited {
        submission_id: SubmissionId(Uuid::from_u128(submission)),
        changes,
    }
}

#[tokio::test]
async fn applying_an_edit() {
    let changes = vec![
        edit("country", json!("Canada"), json!(null)),
        edit("aliases", json!([]), json!(["N. McHaffie"])),
        edit("birth_year", json!(null), json!(1956)),
    ];
    let to_spain = vec![edit("country", json!("Canada"), json!("Spain"))];
    let stale = vec![edit("country", json!("France"), json!("Spain"))];
    let new_artist = vec![
        edit("name", json!(null), json!("Jane Doe")),
        edit("website", json!(null), json!("https://jane.example")),
    ];
    check_all([
        Case {
            name: "an approved edit records each change with the value it replaced",
            given: vec![imported(&record("103"))],
            when: apply(changes.clone(), false),
            then: Ok(vec![edited(7, changes)]),
        },
        Case {
            name: "an edit of a field changed since is refused as stale",
            given: vec![imported(&record("103"))],
            when: apply(stale.clone(), false),
            then: Err(ArtistError::Stale(vec!["country".into()])),
        },
        Case {
            name: "a stale edit applied on purpose records the value it really replaced",
            given: vec![imported(&record("103"))],
            when: apply(stale, true),
            then: Ok(vec![edited(7, to_spain.clone())]),
        },
        Case {
            name: "an edit applied again changes nothing",
            given: vec![imported(&record("103")), edited(7, to_spain.clone())],
            when: apply(to_spain, true),
            then: Ok(vec![]),
        },
        Case {
            name: "an empty edit is refused",
            given: vec![imported(&record("103"))],
            when: apply(vec![], false),
            then: Err(ArtistError::EmptyEdit),
        },
        Case {
            name: "a death before the birth is refused",
            given: vec![imported(&record("103"))],
            when: apply(
                vec![
                    edit("birth_year", json!(null), json!(1956)),
                    edit("death_year", json!(null), json!(1900)),
                ],
                false,
            ),
            then: Err(ArtistError::Invalid(EditError::new(
                "death_year",
                "death_year must not be before birth_year",
            ))),
        },
        Case {
            name: "a new artist is added from its approved proposal",
            given: vec![],
            when: apply(new_artist.clone(), false),
            then: Ok(vec![ArtistEvent::ArtistAdded {
                submission_id: SubmissionId(Uuid::from_u128(7)),
                changes: new_artist,
            }]),
        },
        Case {
            name: "a new artist without a name is refused",
            given: vec![],
            when: apply(vec![edit("country", json!(null), json!("Peru"))], false),
            then: Err(ArtistError::NameRequired),
        },
        Case {
            name: "an alias equal to the name is refused",
            given: vec![imported(&record("103"))],
            when: apply(
                vec![edit("aliases", json!([]), json!(["natalie mchaffie"]))],
                false,
            ),
            then: Err(ArtistError::Invalid(EditError::new(
                "aliases",
                "an alias must differ from the name",
            ))),
        },
    ])
    .await;
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
