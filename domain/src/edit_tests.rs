//! `edit`'s tests: reading changes as the client sends them, and their stored form.

use super::*;
use serde_json::json;

#[test]
fn a_title_is_changed_but_never_cleared() {
    let e = FieldEdit::parse("title", &json!("Solo"), &json!("  Solo  II ")).unwrap();
    assert_eq!(e[0].field_name(), "title");
    assert_eq!(e[0].values(), (json!("Solo"), json!("Solo II")));
    let err = FieldEdit::parse("title", &json!("Solo"), &Value::Null).unwrap_err();
    assert_eq!(
        (err.field.as_str(), err.message.as_str()),
        ("title", "title is required")
    );
}

#[test]
fn a_description_is_cleared_by_null_or_blank() {
    for clear in [Value::Null, json!("   ")] {
        let e = FieldEdit::parse("description", &json!("Old words"), &clear).unwrap();
        assert_eq!(e[0].values(), (json!("Old words"), Value::Null));
    }
}

#[test]
fn a_tag_object_is_split_per_key_and_checked() {
    let e = FieldEdit::parse(
        "tags",
        &json!({"material": "bronze", "year": null}),
        &json!({"material": null, "year": "1936"}),
    )
    .unwrap();
    let names: Vec<_> = e.iter().map(FieldEdit::field_name).collect();
    assert_eq!(names, ["tag:material", "tag:year"]);
    assert_eq!(e[0].values(), (json!("bronze"), Value::Null));
    let err = FieldEdit::parse("tag:year", &Value::Null, &json!("ca. 1936")).unwrap_err();
    assert_eq!(err.field, "tag:year");
}

#[test]
fn unknown_fields_and_bad_values_name_their_field() {
    assert_eq!(
        FieldEdit::parse("colour", &Value::Null, &json!("red"))
            .unwrap_err()
            .message,
        "Unknown field: colour"
    );
    assert_eq!(
        FieldEdit::parse("artwork_type", &json!("statue"), &json!("blob"))
            .unwrap_err()
            .field,
        "artwork_type"
    );
    assert!(FieldEdit::parse("artists", &json!([]), &json!(["not-an-id"])).is_err());
    assert!(FieldEdit::parse(
        "location",
        &json!({"lat": 1, "lon": 2}),
        &json!({"lat": 91, "lon": 2})
    )
    .is_err());
}

#[test]
fn photo_changes_name_keys_and_hidden_ones_are_a_sorted_set() {
    let (a, b) = (PhotoKey::new(), PhotoKey::new());
    let e = FieldEdit::parse("main_photo", &Value::Null, &json!(a.to_string())).unwrap();
    assert_eq!(
        e[0],
        FieldEdit::MainPhoto {
            old: None,
            new: Some(a)
        }
    );
    assert_eq!(e[0].values(), (Value::Null, json!(a.to_string())));
    let e = FieldEdit::parse(
        "hidden_photos",
        &json!([]),
        &json!([b.to_string(), a.to_string(), b.to_string()]),
    )
    .unwrap();
    assert_eq!(
        e[0],
        FieldEdit::HiddenPhotos {
            old: vec![],
            new: vec![a, b]
        }
    );
    for bad in [json!("../x"), json!(7)] {
        let err = FieldEdit::parse("main_photo", &Value::Null, &bad).unwrap_err();
        assert_eq!(
            (err.field.as_str(), err.message.as_str()),
            ("main_photo", "main_photo must be a photo key")
        );
    }
    let too_many: Vec<String> = (0..=MAX_HIDDEN_PHOTOS)
        .map(|_| PhotoKey::new().to_string())
        .collect();
    assert!(FieldEdit::parse("hidden_photos", &json!([]), &json!(too_many)).is_err());
}

#[test]
fn names_and_values_are_those_of_the_stored_form() {
    let (a, b) = (PhotoKey::new(), PhotoKey::new());
    let title = |t: &str| Title::parse(t).unwrap();
    let cases = [
        (
            FieldEdit::Title {
                old: title("Solo"),
                new: title("Duo"),
            },
            "title",
            (json!("Solo"), json!("Duo")),
        ),
        (
            FieldEdit::Description {
                old: None,
                new: Some(LongText::parse("Words").unwrap()),
            },
            "description",
            (Value::Null, json!("Words")),
        ),
        (
            FieldEdit::ArtworkType {
                old: ArtworkType::Mural,
                new: ArtworkType::Statue,
            },
            "artwork_type",
            (json!("mural"), json!("statue")),
        ),
        (
            FieldEdit::Artists {
                old: vec![],
                new: vec![],
            },
            "artists",
            (json!([]), json!([])),
        ),
        (
            FieldEdit::Tag {
                key: "material".into(),
                old: None,
                new: Some("bronze".into()),
            },
            "tag:material",
            (Value::Null, json!("bronze")),
        ),
        (
            FieldEdit::MainPhoto {
                old: Some(a),
                new: None,
            },
            "main_photo",
            (json!(a.to_string()), Value::Null),
        ),
        (
            FieldEdit::HiddenPhotos {
                old: vec![],
                new: vec![b],
            },
            "hidden_photos",
            (json!([]), json!([b.to_string()])),
        ),
    ];
    for (change, name, values) in cases {
        assert_eq!(change.field_name(), name);
        assert_eq!(change.values(), values, "{name}");
        assert_eq!(change.changes_nothing(), values.0 == values.1, "{name}");
    }
    let moved = FieldEdit::parse(
        "location",
        &json!({"lat": 1, "lon": 2}),
        &json!({"lat": 3, "lon": 4}),
    )
    .unwrap();
    assert_eq!(moved[0].field_name(), "location");
}

#[test]
fn a_change_made_against_another_old_value_keeps_its_new_one() {
    let change = FieldEdit::parse("description", &json!("Old"), &json!("New")).unwrap();
    let rebased = change[0].clone().against(json!("Now"));
    assert_eq!(rebased.values(), (json!("Now"), json!("New")));
    let tag = FieldEdit::parse("tag:material", &Value::Null, &json!("stone")).unwrap();
    let rebased = tag[0].clone().against(json!("bronze"));
    assert_eq!(rebased.field_name(), "tag:material");
    assert_eq!(rebased.values(), (json!("bronze"), json!("stone")));
    // A title cannot be unset: against no title, the change stays as it was.
    let retitle = FieldEdit::parse("title", &json!("Solo"), &json!("Duo")).unwrap();
    assert_eq!(retitle[0].clone().against(Value::Null), retitle[0]);
}
