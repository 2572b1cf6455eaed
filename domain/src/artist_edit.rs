//! Changes to an artist's fields: what an artist edit (or a new artist's proposal) carries and
//! what the artist records when it is applied. As for artworks ([`crate::edit`]), each change
//! names its field with the value its proposer saw and the new one, so a change made against a
//! value that has changed since is told apart (stale).
//!
//! Field names on the wire: `name`, `aliases`, `biography`, `website`, `country`, `birth_year`,
//! `death_year`. A new artist is proposed as changes from nothing: every old value unset.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::edit::{long_text, optional, read_change, text_of, EditError, FieldChange};
use crate::provenance::{is_web_url, MAX_URL_CHARS};
use crate::text::{clean_line, LongText, PersonName};
use crate::vocabulary::EditSubject;

/// Most other names an artist can be known by.
pub const MAX_ALIASES: usize = 20;
/// Longest country name.
pub const MAX_COUNTRY_CHARS: usize = 100;
/// The years an artist's birth or death may name.
pub const YEARS: std::ops::RangeInclusive<i32> = -3000..=2100;

/// One field's change, with the value it replaces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "field", rename_all = "snake_case")]
pub enum ArtistFieldEdit {
    /// A name can be changed, never cleared; its old value is unset only for a new artist.
    Name {
        old: Option<PersonName>,
        new: PersonName,
    },
    /// Other names the artist is known by, found by search.
    Aliases {
        old: Vec<PersonName>,
        new: Vec<PersonName>,
    },
    Biography {
        old: Option<LongText>,
        new: Option<LongText>,
    },
    /// An http(s) URL (see [`is_web_url`]).
    Website {
        old: Option<String>,
        new: Option<String>,
    },
    Country {
        old: Option<String>,
        new: Option<String>,
    },
    BirthYear {
        old: Option<i32>,
        new: Option<i32>,
    },
    DeathYear {
        old: Option<i32>,
        new: Option<i32>,
    },
}

impl FieldChange for ArtistFieldEdit {
    const SUBJECT: EditSubject = EditSubject::Artist;
    const NAME_FIELD: &'static str = "name";

    /// `null` or blank text is unset.
    fn parse(name: &str, old: &Value, new: &Value) -> Result<Vec<Self>, EditError> {
        let field = name.trim();
        Ok(vec![match field {
            "name" => Self::Name {
                old: optional(person_name)(field, old)?,
                new: match new {
                    Value::Null => return Err(EditError::new(field, "name is required")),
                    v => person_name(field, v)?,
                },
            },
            "aliases" => read_change(field, old, new, aliases)?,
            "biography" => read_change(field, old, new, optional(long_text))?,
            "website" => read_change(field, old, new, optional(website))?,
            "country" => read_change(field, old, new, optional(country))?,
            "birth_year" | "death_year" => read_change(field, old, new, year)?,
            _ => return Err(EditError::new(field, format!("Unknown field: {field}"))),
        }])
    }
}

impl ArtistFieldEdit {
    /// Whether the old value is unset (as in a new artist's proposal).
    pub fn is_from_unset(&self) -> bool {
        match self.values().0 {
            Value::Null => true,
            Value::Array(a) => a.is_empty(),
            _ => false,
        }
    }
}

fn person_name(field: &str, v: &Value) -> Result<PersonName, EditError> {
    PersonName::parse(text_of(field, v)?).map_err(|_| {
        EditError::new(
            field,
            format!("{field} must be 1 to {} characters", PersonName::MAX_CHARS),
        )
    })
}

fn website(field: &str, v: &Value) -> Result<String, EditError> {
    let url = text_of(field, v)?.trim();
    if is_web_url(url) {
        Ok(url.to_owned())
    } else {
        Err(EditError::new(
            field,
            format!("website must be an http or https URL of at most {MAX_URL_CHARS} characters"),
        ))
    }
}

fn country(field: &str, v: &Value) -> Result<String, EditError> {
    let c = clean_line(text_of(field, v)?);
    if c.chars().count() > MAX_COUNTRY_CHARS {
        return Err(EditError::new(
            field,
            format!("country must be at most {MAX_COUNTRY_CHARS} characters"),
        ));
    }
    Ok(c)
}

fn year(field: &str, v: &Value) -> Result<Option<i32>, EditError> {
    let bad = || {
        EditError::new(
            field,
            format!(
                "{field} must be a whole year from {} to {}",
                YEARS.start(),
                YEARS.end()
            ),
        )
    };
    let n = match v {
        Value::Null => return Ok(None),
        Value::String(s) if s.trim().is_empty() => return Ok(None),
        Value::String(s) => s.trim().parse::<i64>().map_err(|_| bad())?,
        Value::Number(n) => n.as_i64().ok_or_else(bad)?,
        _ => return Err(bad()),
    };
    i32::try_from(n)
        .ok()
        .filter(|y| YEARS.contains(y))
        .map(Some)
        .ok_or_else(bad)
}

fn aliases(field: &str, v: &Value) -> Result<Vec<PersonName>, EditError> {
    let list = match v {
        Value::Null => return Ok(Vec::new()),
        Value::Array(list) => list,
        _ => return Err(EditError::new(field, "aliases must be a list of names")),
    };
    if list.len() > MAX_ALIASES {
        return Err(EditError::new(
            field,
            format!("At most {MAX_ALIASES} aliases can be given"),
        ));
    }
    let mut names: Vec<PersonName> = Vec::with_capacity(list.len());
    for item in list {
        let name = person_name(field, item)?;
        if names
            .iter()
            .any(|n| n.as_str().to_lowercase() == name.as_str().to_lowercase())
        {
            return Err(EditError::new(
                field,
                format!("{} is given twice", name.as_str()),
            ));
        }
        names.push(name);
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn one(name: &str, old: &Value, new: &Value) -> Result<ArtistFieldEdit, EditError> {
        ArtistFieldEdit::parse(name, old, new).map(|mut e| e.remove(0))
    }

    #[test]
    fn a_name_is_changed_but_never_cleared() {
        let e = one("name", &json!("Jane Doe"), &json!(" Jane  Q. Doe ")).unwrap();
        assert_eq!(e.values(), (json!("Jane Doe"), json!("Jane Q. Doe")));
        let err = one("name", &json!("Jane Doe"), &Value::Null).unwrap_err();
        assert_eq!(
            (err.field.as_str(), err.message.as_str()),
            ("name", "name is required")
        );
    }

    #[test]
    fn optional_fields_are_cleared_by_null_or_blank() {
        for (field, old) in [
            ("biography", json!("Born in Deep River.")),
            ("website", json!("https://example.org")),
            ("country", json!("Canada")),
            ("birth_year", json!(1950)),
        ] {
            for clear in [Value::Null, json!("  ")] {
                let e = one(field, &old, &clear).unwrap();
                assert_eq!(e.values(), (old.clone(), Value::Null), "{field}");
            }
        }
        let e = one("aliases", &json!(["J. Doe"]), &json!([])).unwrap();
        assert_eq!(e.values(), (json!(["J. Doe"]), json!([])));
    }

    #[test]
    fn bad_values_name_their_field() {
        let cases = [
            ("website", json!("javascript:alert(1)")),
            ("birth_year", json!(1950.5)),
            ("death_year", json!(3000)),
            ("country", json!("x".repeat(101))),
            ("aliases", json!(["Jay", "jay"])),
            ("aliases", json!("Jay")),
            ("biography", json!(5)),
        ];
        for (field, new) in cases {
            let err = one(field, &Value::Null, &new).unwrap_err();
            assert_eq!(err.field, field, "{new}");
        }
        let many: Vec<String> = (0..=MAX_ALIASES).map(|i| format!("Name {i}")).collect();
        assert!(one("aliases", &Value::Null, &json!(many)).is_err());
        assert_eq!(
            one("colour", &Value::Null, &json!("red"))
                .unwrap_err()
                .message,
            "Unknown field: colour"
        );
    }

    #[test]
    fn years_are_read_from_numbers_or_digits() {
        let e = one("birth_year", &Value::Null, &json!("-500")).unwrap();
        assert_eq!(e.values().1, json!(-500));
    }

    #[test]
    fn names_and_values_are_those_of_the_stored_form() {
        let name = |n: &str| PersonName::parse(n).unwrap();
        let cases = [
            (
                ArtistFieldEdit::Name {
                    old: None,
                    new: name("Jane Doe"),
                },
                "name",
                (Value::Null, json!("Jane Doe")),
            ),
            (
                ArtistFieldEdit::Aliases {
                    old: vec![],
                    new: vec![name("J. Doe")],
                },
                "aliases",
                (json!([]), json!(["J. Doe"])),
            ),
            (
                ArtistFieldEdit::Website {
                    old: Some("https://example.org".into()),
                    new: None,
                },
                "website",
                (json!("https://example.org"), Value::Null),
            ),
            (
                ArtistFieldEdit::DeathYear {
                    old: Some(1990),
                    new: Some(1991),
                },
                "death_year",
                (json!(1990), json!(1991)),
            ),
        ];
        for (change, field, values) in cases {
            assert_eq!(change.field_name(), field);
            assert_eq!(change.values(), values, "{field}");
            let same = one(field, &values.0, &values.0);
            assert!(same.is_err() || same.unwrap().changes_nothing(), "{field}");
        }
        for field in ["biography", "country", "birth_year"] {
            let e = one(field, &Value::Null, &Value::Null).unwrap();
            assert_eq!(e.field_name(), field);
        }
    }

    #[test]
    fn a_name_is_remade_against_the_name_now() {
        let e = one("name", &Value::Null, &json!("Jane Doe")).unwrap();
        let rebased = e.against(json!("J. Doe"));
        assert_eq!(rebased.values(), (json!("J. Doe"), json!("Jane Doe")));
    }
}
