//! A mapping file (TOML) says what a source's fields mean: which is the id, the title, the
//! coordinates, the type (with a map of the publisher's values onto ours) and so on, and what
//! the dataset is (name, place, licence, attribution). With one, `plinth import` reads any file
//! `crate::source` can read. `infer` proposes one from the file itself; `apply` turns records
//! into the importer's model.

mod apply;
mod artists;
mod builtin;
pub mod common;
pub(crate) mod credits;
#[cfg(test)]
mod dataset_tests;
#[cfg(test)]
mod fuzz;
mod infer;
mod parts;
mod projection;
mod rules;
#[cfg(test)]
mod shared_datasets;

pub use apply::{apply, Applier};
pub use artists::ArtistRecords;
pub use builtin::{builtin, names as builtin_names, parse_file, unknown, SUPPORTED_FILES};
pub use credits::{CreditStyle, Credits, FirstLast};
pub use infer::{infer, Inferred};
pub use parts::Parts;
pub use rules::{Condition, ConditionalTag, Derived, Duplicates, Keyword, Transform, TypeRule};

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
    /// Tag key → value, the same on every record (`operator = "NYC Parks"`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub constant_tags: BTreeMap<String, String>,
    /// Tags set by a field's value (`access = "yes"` where `Interior_Exterior` is "Exterior").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditional_tags: Vec<ConditionalTag>,
    /// Field → changes to its text, applied when a record is read; `"*"` is every field.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub transforms: BTreeMap<String, Vec<Transform>>,
    /// Fields computed from others (a fallback, a join), usable wherever a field is named.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub derived: BTreeMap<String, Derived>,
    /// How the artists field credits people.
    #[serde(default, skip_serializing_if = "Credits::is_default")]
    pub credits: Credits,
    /// The file lists artists, not artworks: no coordinates, no title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artist_records: Option<ArtistRecords>,
    /// Rows with one id are the parts of one work (a file read whole only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<Parts>,
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
    /// A hashed id's prefix (the dataset's key when not given): `dot` gives `dot-…`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hash_prefix: Option<String>,
    /// What the publisher calls the id, in rejects ("monument number": "no monument number",
    /// "same monument number as row 4").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub called: Option<String>,
    #[serde(skip_serializing_if = "Duplicates::is_default")]
    pub duplicates: Duplicates,
    /// The id of a record whose `column` value other records of the file share, from its
    /// fields: `"{Accession_Number}@merge-{Merge_Number}"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub if_shared: Option<String>,
    /// The id of a record without a `column` value, from its fields: `"merge-{Merge_Number}"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
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
    /// What the bounds are, in rejects ("New York City": "… is outside New York City").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area_name: Option<String>,
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
    /// The fuller material text kept as `material_detail`, when not the material field's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub material_detail: Option<String>,
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
    /// Word prefixes and their types: the one met first in `keywords_in` gives the type
    /// ("Bust on pedestal with plaque" is a statue).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keywords_in: Vec<String>,
    /// Tried in order after the keywords and before `column`; with keywords or rules and no
    /// type found, `default`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<TypeRule>,
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
    /// Values not in the map count as `otherwise`, in place when not given.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub map: BTreeMap<String, SourceStatus>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub otherwise: Option<SourceStatus>,
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
        if self.id.column.is_none() && self.id.hash_of.is_empty() {
            return Err(
                "[id] needs column or hash_of (or both: a hash for records without one)".into(),
            );
        }
        if let Some(a) = &self.artist_records {
            if self.id.column.is_none() || a.name.is_empty() {
                return Err("[artist_records] needs [id] column and name".into());
            }
            return Ok(());
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

    /// Whether records can only be mapped with the whole file at hand: an artists file, a
    /// work's parts merged into one, or an id that depends on how many records share a value.
    /// Such a file is read whole; any other is read twice, a record at a time.
    pub fn whole_file(&self) -> bool {
        self.artist_records.is_some() || self.parts.is_some() || self.id.if_shared.is_some()
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
    use crate::mapping::common::has_word_prefix;
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
