//! A logbook post's text fields, as the multipart form sends them, and their parsing into a
//! typed post: every rule about input shape lives here, each refusal naming its field.

use std::collections::BTreeMap;

use domain::text::{LongText, PersonName, Title};
use domain::{ArtworkType, Condition, Location, Note, SubmissionKind, Tags};
use uuid::Uuid;

/// A field of the post and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: &str, message: impl Into<String>) -> Self {
        Self {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

/// The text fields of a logbook post, as sent.
#[derive(Debug, Default)]
pub struct LogbookFields {
    pub lat: Option<String>,
    pub lon: Option<String>,
    pub kind: Option<String>,
    pub artwork_id: Option<String>,
    pub notes: Option<String>,
    pub condition: Option<String>,
    pub title: Option<String>,
    pub artwork_type: Option<String>,
    pub description: Option<String>,
    pub tags: Option<String>,
    pub artists: Option<String>,
}

impl LogbookFields {
    /// Takes one text field; unknown names are ignored (forms send extras like `consent`).
    pub fn set(&mut self, name: &str, value: String) {
        let slot = match name {
            "lat" | "latitude" => &mut self.lat,
            "lon" | "lng" | "longitude" => &mut self.lon,
            "type" => &mut self.kind,
            "artworkId" | "artwork_id" => &mut self.artwork_id,
            "notes" | "note" => &mut self.notes,
            "condition" => &mut self.condition,
            "title" => &mut self.title,
            "artwork_type" => &mut self.artwork_type,
            "description" => &mut self.description,
            "tags" => &mut self.tags,
            "artists" => &mut self.artists,
            _ => return,
        };
        *slot = Some(value);
    }
}

/// A logbook post whose fields are well formed.
#[derive(Debug)]
pub struct Post {
    pub location: Location,
    pub note: Option<Note>,
    pub what: PostKind,
}

#[derive(Debug)]
pub enum PostKind {
    Visit {
        artwork_id: Uuid,
        condition: Option<Condition>,
    },
    NewArtwork {
        title: Option<Title>,
        description: Option<LongText>,
        artwork_type: ArtworkType,
        tags: Tags,
        artist_names: Vec<PersonName>,
    },
}

impl PostKind {
    pub fn kind(&self) -> SubmissionKind {
        match self {
            PostKind::Visit { .. } => SubmissionKind::Logbook,
            PostKind::NewArtwork { .. } => SubmissionKind::NewArtwork,
        }
    }
}

impl LogbookFields {
    /// The post these fields describe, or the first field that breaks a rule.
    pub fn parse(&self) -> Result<Post, FieldError> {
        let location = location_of(self)?;
        let target = match blank(&self.artwork_id) {
            Some(raw) => Some(
                raw.parse::<Uuid>()
                    .map_err(|_| FieldError::new("artworkId", "artworkId must be a uuid"))?,
            ),
            None => None,
        };
        let kind =
            match blank(&self.kind) {
                None => None,
                Some(k) => Some(SubmissionKind::parse(k).ok_or_else(|| {
                    FieldError::new("type", "type must be new_artwork or logbook")
                })?),
            };
        let note = Note::parse(self.notes.as_deref().unwrap_or(""))
            .map_err(|e| FieldError::new("notes", e.to_string()))?;
        let what = match (kind, target) {
            (Some(SubmissionKind::Logbook), None) => {
                return Err(FieldError::new(
                    "artworkId",
                    "artworkId is required for a logbook entry",
                ))
            }
            (Some(SubmissionKind::NewArtwork), Some(_)) => {
                return Err(FieldError::new(
                    "artworkId",
                    "A new artwork cannot name an existing artworkId",
                ))
            }
            (_, Some(artwork_id)) => PostKind::Visit {
                artwork_id,
                condition: condition(blank(&self.condition))?,
            },
            (_, None) => PostKind::NewArtwork {
                title: blank(&self.title)
                    .map(Title::parse)
                    .transpose()
                    .map_err(|e| FieldError::new("title", e.to_string()))?,
                description: blank(&self.description)
                    .map(LongText::parse)
                    .transpose()
                    .map_err(|e| FieldError::new("description", e.to_string()))?,
                artwork_type: artwork_type(blank(&self.artwork_type))?,
                tags: tags_from_json(blank(&self.tags))?,
                artist_names: artists_from_json(blank(&self.artists))?,
            },
        };
        Ok(Post {
            location,
            note,
            what,
        })
    }
}

fn parse_coordinate(
    raw: Option<&str>,
    field: &str,
    name: &str,
    max: f64,
) -> Result<f64, FieldError> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty());
    let Some(raw) = raw else {
        return Err(FieldError::new(field, format!("{name} is required")));
    };
    match raw.parse::<f64>() {
        Ok(v) if v.is_finite() && (-max..=max).contains(&v) => Ok(v),
        _ => Err(FieldError::new(
            field,
            format!("{name} must be a number between -{max} and {max}"),
        )),
    }
}

fn location_of(f: &LogbookFields) -> Result<Location, FieldError> {
    let lat = parse_coordinate(f.lat.as_deref(), "lat", "Latitude", 90.0)?;
    let lon = parse_coordinate(f.lon.as_deref(), "lon", "Longitude", 180.0)?;
    Location::parse(lat, lon).map_err(|e| FieldError::new("lat", e.to_string()))
}

fn blank(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn condition(raw: Option<&str>) -> Result<Option<Condition>, FieldError> {
    raw.map(|c| {
        Condition::parse(c).ok_or_else(|| {
            FieldError::new(
                "condition",
                "Condition must be one of: good, fair, poor, damaged, missing",
            )
        })
    })
    .transpose()
}

/// An artwork type by name, any case; `other` when absent.
pub fn artwork_type(raw: Option<&str>) -> Result<ArtworkType, FieldError> {
    match raw {
        None => Ok(ArtworkType::Other),
        Some(t) => ArtworkType::parse(&t.to_ascii_lowercase()).ok_or_else(|| {
            FieldError::new(
                "artwork_type",
                format!(
                    "Artwork type must be one of: {}",
                    ArtworkType::ALL.map(|t| t.as_str()).join(", ")
                ),
            )
        }),
    }
}

fn tags_from_json(raw: Option<&str>) -> Result<Tags, FieldError> {
    let Some(raw) = raw else {
        return Ok(Tags::default());
    };
    let bad = || FieldError::new("tags", "Tags must be a JSON object of text values");
    let value: serde_json::Value = serde_json::from_str(raw).map_err(|_| bad())?;
    let object = value.as_object().ok_or_else(bad)?;
    let mut map = BTreeMap::new();
    for (k, v) in object {
        let v = match v {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::Bool(b) => b.to_string(),
            serde_json::Value::Null => continue,
            _ => return Err(bad()),
        };
        map.insert(k.clone(), v);
    }
    Tags::parse(map).map_err(|e| FieldError::new(&e.field(), e.to_string()))
}

fn artists_from_json(raw: Option<&str>) -> Result<Vec<PersonName>, FieldError> {
    let Some(raw) = raw else {
        return Ok(Vec::new());
    };
    let names: Vec<String> = serde_json::from_str(raw)
        .map_err(|_| FieldError::new("artists", "Artists must be a JSON array of names"))?;
    let mut out: Vec<PersonName> = Vec::new();
    for n in names.iter().filter(|n| !n.trim().is_empty()) {
        let name = PersonName::parse(n).map_err(|e| FieldError::new("artists", e.to_string()))?;
        if !out
            .iter()
            .any(|o| o.as_str().eq_ignore_ascii_case(name.as_str()))
        {
            out.push(name);
        }
    }
    Ok(out)
}
