//! A mapping file (TOML) says what a source's fields mean: which is the id, the title, the
//! coordinates, the type (with a map of the publisher's values onto ours) and so on, and what
//! the dataset is (name, place, licence, attribution). With one, `plinth import` reads any file
//! `crate::source` can read. `infer` proposes one from the file itself; `apply` turns records
//! into the importer's model.

mod apply;
mod infer;
mod projection;

pub use apply::apply;
pub use infer::{infer, Inferred};

use crate::source::ReadOptions;
use domain::ArtworkType;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Mapping {
    pub dataset: DatasetSpec,
    #[serde(default)]
    pub format: ReadOptions,
    pub id: IdSpec,
    pub coordinates: Coordinates,
    #[serde(default)]
    pub fields: Fields,
    #[serde(default, rename = "type")]
    pub artwork_type: TypeSpec,
    #[serde(default)]
    pub status: StatusSpec,
    /// Tag key → field: other fields kept as tags (`neighbourhood = "Quartier"`).
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
}

/// What the dataset is. `key` is part of every imported record's identity: keep it when
/// importing a newer version of the same source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DatasetSpec {
    pub key: String,
    pub name: String,
    /// The city or town the data covers, as people name it.
    pub place: String,
    pub licence: String,
    pub attribution: String,
    pub source_url: String,
}

/// The record's id: a field, or a stable hash of several when the source has none.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct IdSpec {
    pub column: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hash_of: Vec<String>,
}

/// Where the point is: two fields, a WKT `POINT (lon lat)`, a `(lat, lon)` text, two fields
/// of projected X/Y in a named `projection` ("EPSG:2263"), or the record's geometry (GeoJSON,
/// OSM). Points outside `bounds` ([south, west, north, east]) are rejected as geocoding errors.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Coordinates {
    pub lat: Option<String>,
    pub lon: Option<String>,
    /// Easting and northing fields, in `projection`'s unit.
    pub x: Option<String>,
    pub y: Option<String>,
    pub projection: Option<String>,
    pub wkt: Option<String>,
    pub lat_lon: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub geometry: bool,
    #[schema(value_type = Option<Vec<f64>>)]
    pub bounds: Option<[f64; 4]>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Fields {
    pub title: Option<String>,
    pub description: Option<String>,
    /// People and groups credited, split at `artist_separator` (";" when not given).
    pub artists: Option<String>,
    pub artist_separator: Option<String>,
    /// A year, a date or free text holding a year.
    pub year: Option<String>,
    pub material: Option<String>,
    pub address: Option<String>,
    /// The publisher's page for the record.
    pub url: Option<String>,
    pub photo: Option<String>,
}

/// The artwork type: the publisher's values mapped onto ours; a value not in `map` is looked
/// up by its words ("Bronze sculpture" is a sculpture), then falls back to `default`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TypeSpec {
    pub column: Option<String>,
    pub default: Option<ArtworkType>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub map: BTreeMap<String, ArtworkType>,
}

/// Whether the work is still there, in the publisher's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SourceStatus {
    InPlace,
    Removed,
    PaintedOver,
    Destroyed,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct StatusSpec {
    pub column: Option<String>,
    /// Values not in the map count as in place.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub map: BTreeMap<String, SourceStatus>,
}

/// Why a mapping cannot be used.
#[derive(Debug)]
pub struct MappingError {
    pub path: Option<PathBuf>,
    pub message: String,
}

impl std::fmt::Display for MappingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.path {
            Some(p) => write!(f, "mapping {}: {}", p.display(), self.message),
            None => write!(f, "mapping: {}", self.message),
        }
    }
}

impl std::error::Error for MappingError {}

impl Mapping {
    /// Reads and checks a mapping file.
    pub fn load(path: &Path) -> Result<Self, MappingError> {
        let error = |message: String| MappingError {
            path: Some(path.to_owned()),
            message,
        };
        let text = std::fs::read_to_string(path).map_err(|e| error(e.to_string()))?;
        let mapping: Mapping = toml::from_str(&text).map_err(|e| error(e.to_string()))?;
        mapping.check().map_err(error)?;
        Ok(mapping)
    }

    /// The rules a file cannot express by its shape alone.
    pub fn check(&self) -> Result<(), String> {
        let d = &self.dataset;
        let key_ok = !d.key.is_empty()
            && d.key.len() <= 40
            && d.key
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !key_ok {
            return Err(format!(
                "[dataset] key '{}' must be 1 to 40 lowercase letters, digits and '-'",
                d.key
            ));
        }
        for (name, value) in [("name", &d.name)]
            .into_iter()
            .chain(DATASET_FACTS.iter().map(|(f, _)| (*f, d.fact(f))))
            .filter(|(f, _)| *f != "source_url")
        {
            if value.trim().is_empty() {
                let what = DATASET_FACTS
                    .iter()
                    .find(|(f, _)| *f == name)
                    .map_or("the dataset's name", |(_, what)| what);
                return Err(format!("[dataset] {name} is empty; write {what}"));
            }
        }
        let url = d.source_url.to_ascii_lowercase();
        if !(url.starts_with("https://") || url.starts_with("http://")) {
            return Err("[dataset] source_url must be the publisher's http(s) address".into());
        }
        match (&self.id.column, self.id.hash_of.is_empty()) {
            (Some(_), true) | (None, false) => {}
            _ => return Err("[id] needs exactly one of column or hash_of".into()),
        }
        let c = &self.coordinates;
        let ways = [
            c.lat.is_some() || c.lon.is_some(),
            c.x.is_some() || c.y.is_some(),
            c.wkt.is_some(),
            c.lat_lon.is_some(),
            c.geometry,
        ];
        if ways.iter().filter(|w| **w).count() != 1 {
            return Err(
                "[coordinates] needs exactly one of lat and lon, x and y (with a \
                 projection), wkt, lat_lon or geometry = true"
                    .into(),
            );
        }
        if c.lat.is_some() != c.lon.is_some() {
            return Err("[coordinates] lat and lon go together".into());
        }
        if c.x.is_some() != c.y.is_some() {
            return Err("[coordinates] x and y go together".into());
        }
        match (c.x.is_some(), &c.projection) {
            (true, None) => {
                return Err(format!(
                    "[coordinates] x and y need a projection, one of: {}",
                    projection::Projection::known()
                ))
            }
            (true, Some(name)) if projection::Projection::named(name).is_none() => {
                return Err(format!(
                    "[coordinates] projection '{name}' is not one we know; known: {}",
                    projection::Projection::known()
                ))
            }
            (false, Some(_)) => return Err("[coordinates] projection is only for x and y".into()),
            _ => {}
        }
        if let Some([south, west, north, east]) = c.bounds {
            if !(south < north && west < east) {
                return Err("[coordinates] bounds are [south, west, north, east]".into());
            }
        }
        if self.fields.title.is_none() && self.artwork_type.column.is_none() {
            return Err("[fields] title (or at least [type] column) is needed".into());
        }
        if self.fields.artist_separator.as_deref() == Some("") {
            return Err("[fields] artist_separator is empty".into());
        }
        Ok(())
    }

    /// The dataset as the importer's model names it.
    pub fn dataset(&self) -> crate::Dataset {
        let d = &self.dataset;
        crate::Dataset {
            key: d.key.clone().into(),
            name: d.name.clone().into(),
            place: d.place.clone().into(),
            licence: d.licence.clone().into(),
            attribution: d.attribution.clone().into(),
            source_url: d.source_url.clone().into(),
        }
    }
}

/// What a file cannot say about its dataset, and what to write for each.
pub const DATASET_FACTS: [(&str, &str); 4] = [
    ("place", "the city or town the data covers"),
    (
        "licence",
        "the publisher's licence (\"unknown\" if it states none)",
    ),
    ("attribution", "the credit line the publisher asks for"),
    ("source_url", "the address of the publisher's dataset page"),
];

impl DatasetSpec {
    /// One of [`DATASET_FACTS`] by name.
    fn fact(&self, name: &str) -> &String {
        match name {
            "place" => &self.place,
            "licence" => &self.licence,
            "attribution" => &self.attribution,
            _ => &self.source_url,
        }
    }
}

/// Where `plinth import FILE` looks for a mapping when none is named: `FILE.mapping.toml`.
pub fn beside(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".mapping.toml");
    PathBuf::from(name)
}

/// Our type for a publisher's word ("Sculptures", "Bas-relief", "Murale", "Memorial").
pub fn type_of_words(value: &str) -> Option<ArtworkType> {
    use crate::parse::common::has_word_prefix;
    const WORDS: &[(&str, ArtworkType)] = &[
        ("mural", ArtworkType::Mural),
        ("fresque", ArtworkType::Mural),
        ("statue", ArtworkType::Statue),
        ("bust", ArtworkType::Statue),
        ("sculpt", ArtworkType::Sculpture),
        ("install", ArtworkType::Installation),
        ("monument", ArtworkType::Monument),
        ("memorial", ArtworkType::Monument),
        ("mémorial", ArtworkType::Monument),
        ("graffiti", ArtworkType::Graffiti),
        ("mosai", ArtworkType::Mosaic),
        ("mosaï", ArtworkType::Mosaic),
        ("relief", ArtworkType::Relief),
        ("fountain", ArtworkType::Fountain),
        ("fontaine", ArtworkType::Fountain),
    ];
    if let Some(t) = ArtworkType::parse(&value.trim().to_lowercase()) {
        return Some(t);
    }
    WORDS
        .iter()
        .find(|(w, _)| has_word_prefix(value, w))
        .map(|(_, t)| *t)
}

#[cfg(test)]
mod tests;
