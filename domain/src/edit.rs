//! Changes to an artwork's fields: what an edit proposal carries, and what the artwork records
//! when an edit is applied or a change reverted. Each change names its field with the value
//! before and after, so a proposal made against a value that has changed since is told apart
//! (stale), and any recorded change can be undone by its inverse.
//!
//! On the wire (SPEC §7) a change is `{field_name, field_value_old, field_value_new}` with JSON
//! values; [`FieldEdit::parse`] turns one into checked value objects and [`FieldEdit::values`]
//! gives them back. Field names: `title`, `description`, `artwork_type`, `location`, `artists`,
//! `tag:<key>` per tag (`tags` with an object is accepted and split per key), and for the
//! gallery `main_photo` (a photo key, shown first) and `hidden_photos` (the keys not shown).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::artwork_type::ArtworkType;
use crate::geo::Location;
use crate::ids::ArtistId;
use crate::photo::PhotoKey;
use crate::tags::Tags;
use crate::text::{LongText, Title};
use crate::vocabulary::EditSubject;

/// Most field changes one proposal can carry (every field and a whole tag set).
pub const MAX_EDITS: usize = 60;
/// The prefix of a single tag's field name.
pub const TAG_PREFIX: &str = "tag:";
/// Most photos one edit can name as hidden.
pub const MAX_HIDDEN_PHOTOS: usize = 500;

/// One field's change, with the value it replaces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "field", rename_all = "snake_case")]
pub enum FieldEdit {
    /// A title can be changed, never cleared.
    Title {
        old: Title,
        new: Title,
    },
    Description {
        old: Option<LongText>,
        new: Option<LongText>,
    },
    ArtworkType {
        old: ArtworkType,
        new: ArtworkType,
    },
    Location {
        old: Location,
        new: Location,
    },
    /// The whole list of credited artists: linking and unlinking are one change.
    Artists {
        old: Vec<ArtistId>,
        new: Vec<ArtistId>,
    },
    /// One tag, by its key; `None` is unset.
    Tag {
        key: String,
        old: Option<String>,
        new: Option<String>,
    },
    /// The photo the gallery shows first; `None` leaves the gallery in its own order.
    MainPhoto {
        old: Option<PhotoKey>,
        new: Option<PhotoKey>,
    },
    /// The artwork's photos that are not shown, sorted by key.
    HiddenPhotos {
        old: Vec<PhotoKey>,
        new: Vec<PhotoKey>,
    },
}

/// Why a change as sent cannot be read: the field it concerns and a message for people.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct EditError {
    pub field: String,
    pub message: String,
}

impl EditError {
    pub(crate) fn new(field: &str, message: impl Into<String>) -> Self {
        Self {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

/// An aggregate whose fields edits change: whether an edit was made against the values it has
/// now, and the same edit remade against them (a moderator applying a stale change on purpose,
/// so the record says what was really replaced).
pub trait Edited {
    type Edit;
    /// Whether this aggregate's value of the edit's field is no longer the old value the edit
    /// was made against.
    fn is_stale(&self, edit: &Self::Edit) -> bool;
    /// The same change, made against this aggregate's value now.
    fn rebased(&self, edit: Self::Edit) -> Self::Edit;

    /// `edits` remade against this aggregate's values, less those that then change nothing; when
    /// some are stale and the moderator did not choose to overwrite, the stale fields' names.
    fn rebased_changes(
        &self,
        edits: Vec<Self::Edit>,
        overwrite_stale: bool,
    ) -> Result<Vec<Self::Edit>, Vec<String>>
    where
        Self::Edit: FieldChange,
    {
        let stale: Vec<String> = edits
            .iter()
            .filter(|e| self.is_stale(e))
            .map(FieldChange::field_name)
            .collect();
        if !stale.is_empty() && !overwrite_stale {
            return Err(stale);
        }
        Ok(edits
            .into_iter()
            .map(|e| self.rebased(e))
            .filter(|e| !e.changes_nothing())
            .collect())
    }
}

/// One field's change of an edit's subject, as a proposal carries it: what artwork edits
/// ([`FieldEdit`]) and artist edits ([`crate::ArtistFieldEdit`]) share, so proposing,
/// checking, reviewing and reading edits is one path for both.
pub trait FieldChange:
    Clone + std::fmt::Debug + Serialize + DeserializeOwned + Send + Sync
{
    /// What such changes edit.
    const SUBJECT: EditSubject;
    /// The field that names the subject (an artwork's title, an artist's name).
    const NAME_FIELD: &'static str;

    /// The field's name, as the API and the history name it: by default the `field` its serde
    /// form is tagged with.
    fn field_name(&self) -> String {
        tagged_field(&serde_form(self))
    }

    /// The old and new value as JSON (`null` for unset): those of its serde form.
    fn values(&self) -> (Value, Value) {
        let mut form = serde_form(self);
        let mut take = |k: &str| form.get_mut(k).map(Value::take).unwrap_or(Value::Null);
        (take("old"), take("new"))
    }

    /// The same change made against `old` (JSON, as [`FieldChange::values`] gives it); the
    /// change as it is when `old` is no value its field can hold (unset for a required field).
    fn against(self, old: Value) -> Self {
        let mut form = serde_form(&self);
        match form.get_mut("old") {
            Some(slot) => *slot = old,
            None => return self,
        }
        serde_json::from_value(form).unwrap_or(self)
    }

    /// Whether the new value is the old one.
    fn changes_nothing(&self) -> bool {
        let (old, new) = self.values();
        old == new
    }

    /// Reads one change as SPEC §7's client sends it (`{field_name, field_value_old,
    /// field_value_new}`); one item may stand for several changes (an artwork's `tags`).
    fn parse(name: &str, old: &Value, new: &Value) -> Result<Vec<Self>, EditError>;
}

/// A change as stored: `{"field": …, "old": …, "new": …}` (and a tag's `key`).
fn serde_form(change: &impl Serialize) -> Value {
    serde_json::to_value(change).unwrap_or(Value::Null)
}

/// The field a change's serde form is tagged with.
fn tagged_field(form: &Value) -> String {
    match form.get("field") {
        Some(Value::String(name)) => name.clone(),
        _ => String::new(),
    }
}

impl FieldChange for FieldEdit {
    const SUBJECT: EditSubject = EditSubject::Artwork;
    const NAME_FIELD: &'static str = "title";

    /// A tag's field is named by its key (`tag:<key>`).
    fn field_name(&self) -> String {
        match self {
            FieldEdit::Tag { key, .. } => format!("{TAG_PREFIX}{key}"),
            _ => tagged_field(&serde_form(self)),
        }
    }

    /// `tags` with objects gives one change per key named in either object.
    fn parse(name: &str, old: &Value, new: &Value) -> Result<Vec<FieldEdit>, EditError> {
        let name = name.trim();
        let edit = match name {
            "title" => FieldEdit::Title {
                old: title(name, old)?,
                new: match new {
                    Value::Null => return Err(EditError::new(name, "title is required")),
                    v => title(name, v)?,
                },
            },
            "description" => read_change(name, old, new, optional(long_text))?,
            "artwork_type" => read_change(name, old, new, artwork_type)?,
            "location" => read_change(name, old, new, location)?,
            "artists" => read_change(name, old, new, artists)?,
            "main_photo" => read_change(name, old, new, optional(photo_key))?,
            "hidden_photos" => read_change(name, old, new, photo_keys)?,
            "tags" => return tag_set(old, new),
            _ => match name.strip_prefix(TAG_PREFIX) {
                Some(key) => tag(key, old, new)?,
                None => return Err(EditError::new(name, format!("Unknown field: {name}"))),
            },
        };
        Ok(vec![edit])
    }
}

impl FieldEdit {
    /// The change that undoes this one.
    pub fn inverse(self) -> Self {
        match self {
            FieldEdit::Title { old, new } => FieldEdit::Title { old: new, new: old },
            FieldEdit::Description { old, new } => FieldEdit::Description { old: new, new: old },
            FieldEdit::ArtworkType { old, new } => FieldEdit::ArtworkType { old: new, new: old },
            FieldEdit::Location { old, new } => FieldEdit::Location { old: new, new: old },
            FieldEdit::Artists { old, new } => FieldEdit::Artists { old: new, new: old },
            FieldEdit::Tag { key, old, new } => FieldEdit::Tag {
                key,
                old: new,
                new: old,
            },
            FieldEdit::MainPhoto { old, new } => FieldEdit::MainPhoto { old: new, new: old },
            FieldEdit::HiddenPhotos { old, new } => FieldEdit::HiddenPhotos { old: new, new: old },
        }
    }
}

pub(crate) fn text_of<'a>(field: &str, v: &'a Value) -> Result<&'a str, EditError> {
    v.as_str()
        .ok_or_else(|| EditError::new(field, format!("{field} must be text")))
}

fn title(field: &str, v: &Value) -> Result<Title, EditError> {
    Title::parse(text_of(field, v)?).map_err(|e| EditError::new(field, e.to_string()))
}

pub(crate) fn long_text(field: &str, v: &Value) -> Result<LongText, EditError> {
    LongText::parse(text_of(field, v)?).map_err(|_| {
        EditError::new(
            field,
            format!("{field} must be at most {} characters", LongText::MAX_CHARS),
        )
    })
}

/// A change of `field` with its old and new value each read by `read` (checked as the client
/// sent it), built from its serde form (`{"field": …, "old": …, "new": …}`): one path for every
/// field whose two values read alike.
pub(crate) fn read_change<C: FieldChange, T: Serialize>(
    field: &str,
    old: &Value,
    new: &Value,
    read: impl Fn(&str, &Value) -> Result<T, EditError>,
) -> Result<C, EditError> {
    let form = serde_json::json!({
        "field": field,
        "old": read(field, old)?,
        "new": read(field, new)?,
    });
    serde_json::from_value(form).map_err(|e| EditError::new(field, e.to_string()))
}

/// `read`, with `null` or blank text read as unset.
pub(crate) fn optional<T>(
    read: fn(&str, &Value) -> Result<T, EditError>,
) -> impl Fn(&str, &Value) -> Result<Option<T>, EditError> {
    move |field, v| match v {
        Value::Null => Ok(None),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        v => read(field, v).map(Some),
    }
}

fn artwork_type(field: &str, v: &Value) -> Result<ArtworkType, EditError> {
    v.as_str()
        .and_then(|s| ArtworkType::parse(s.trim()))
        .ok_or_else(|| {
            let names: Vec<_> = ArtworkType::ALL.iter().map(|t| t.as_str()).collect();
            EditError::new(
                field,
                format!("artwork_type must be one of: {}", names.join(", ")),
            )
        })
}

fn location(field: &str, v: &Value) -> Result<Location, EditError> {
    let coordinate = |k: &str| v.get(k).and_then(Value::as_f64);
    match (coordinate("lat"), coordinate("lon")) {
        (Some(lat), Some(lon)) => {
            Location::parse(lat, lon).map_err(|e| EditError::new(field, e.to_string()))
        }
        _ => Err(EditError::new(
            field,
            "location must be {lat, lon} with numbers",
        )),
    }
}

fn artists(field: &str, v: &Value) -> Result<Vec<ArtistId>, EditError> {
    let bad = || EditError::new(field, "artists must be a list of artist ids");
    let list = match v {
        Value::Null => return Ok(Vec::new()),
        Value::Array(list) => list,
        _ => return Err(bad()),
    };
    list.iter()
        .map(|a| a.as_str().and_then(|s| s.parse().ok()).ok_or_else(bad))
        .collect()
}

fn photo_key(field: &str, v: &Value) -> Result<PhotoKey, EditError> {
    v.as_str()
        .and_then(|s| PhotoKey::parse(s.trim()))
        .ok_or_else(|| EditError::new(field, format!("{field} must be a photo key")))
}

/// A set of photo keys, sorted (`null` is none).
fn photo_keys(field: &str, v: &Value) -> Result<Vec<PhotoKey>, EditError> {
    let list = match v {
        Value::Null => return Ok(Vec::new()),
        Value::Array(list) => list,
        _ => {
            return Err(EditError::new(
                field,
                format!("{field} must be a list of photo keys"),
            ))
        }
    };
    if list.len() > MAX_HIDDEN_PHOTOS {
        return Err(EditError::new(
            field,
            format!("{field} can name at most {MAX_HIDDEN_PHOTOS} photos"),
        ));
    }
    let mut keys = list
        .iter()
        .map(|k| photo_key(field, k))
        .collect::<Result<Vec<_>, _>>()?;
    keys.sort_unstable();
    keys.dedup();
    Ok(keys)
}

fn tag_value(field: &str, key: &str, v: &Value) -> Result<(String, Option<String>), EditError> {
    let raw = match v {
        Value::Null => "",
        Value::String(s) => s.as_str(),
        _ => return Err(EditError::new(field, format!("{field} must be text"))),
    };
    Tags::check_one(key, raw).map_err(|e| EditError::new(field, e.to_string()))
}

fn tag(key: &str, old: &Value, new: &Value) -> Result<FieldEdit, EditError> {
    let field = format!("{TAG_PREFIX}{key}");
    let (key, old) = tag_value(&field, key, old)?;
    let (_, new) = tag_value(&field, &key, new)?;
    Ok(FieldEdit::Tag { key, old, new })
}

fn tag_set(old: &Value, new: &Value) -> Result<Vec<FieldEdit>, EditError> {
    let object = |v: &Value| match v {
        Value::Null => Ok(serde_json::Map::new()),
        Value::Object(m) => Ok(m.clone()),
        _ => Err(EditError::new(
            "tags",
            "tags must be an object of tag keys and values",
        )),
    };
    let (old, new) = (object(old)?, object(new)?);
    let mut keys: Vec<&String> = old.keys().chain(new.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .map(|k| {
            tag(
                k,
                old.get(k).unwrap_or(&Value::Null),
                new.get(k).unwrap_or(&Value::Null),
            )
        })
        .collect()
}

#[cfg(test)]
#[path = "edit_tests.rs"]
mod tests;
