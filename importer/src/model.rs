//! What a dataset parser hands to the importer: records already mapped onto Plinth's fields,
//! plus the rows it refused and why. Parsers do no IO beyond reading their file.

use std::borrow::Cow;
use std::collections::BTreeMap;

/// One open-data publication. `key` is stable: it is part of every imported record's identity.
/// The built-in datasets are constants; a mapping file's are read at run time, hence `Cow`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dataset {
    /// Short stable key, e.g. `vancouver`, `cambridge-ma`, `nyc-parks`, `nyc-dot`, `san-francisco`.
    pub key: Cow<'static, str>,
    /// Human name, e.g. "Vancouver Public Art Registry".
    pub name: Cow<'static, str>,
    /// The city or town it covers, as people name it: "Vancouver", "New York".
    pub place: Cow<'static, str>,
    /// Licence name, e.g. "Open Government Licence – Vancouver".
    pub licence: Cow<'static, str>,
    /// Attribution line that must accompany the data.
    pub attribution: Cow<'static, str>,
    /// Where the publisher's dataset lives.
    pub source_url: Cow<'static, str>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ImportedArtist {
    /// Stable within the dataset: the publisher's id, or the normalised name when it has none.
    pub source_id: String,
    pub name: String,
    pub biography: Option<String>,
    pub country: Option<String>,
    pub website: Option<String>,
    /// The publisher's page for this artist, when there is one.
    pub source_url: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// On site as far as the publisher knows.
    InPlace,
    /// Removed, lost, deaccessioned or a temporary work that has ended.
    Removed,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ImportedArtwork {
    /// Stable within the dataset (publisher id; parts of one work collapsed onto one id).
    pub source_id: String,
    pub title: String,
    pub description: Option<String>,
    /// One of the anchor tag schema's `artwork_type` values:
    /// statue, mural, sculpture, installation, monument, graffiti, mosaic, relief, fountain, other.
    pub artwork_type: String,
    pub lat: f64,
    pub lon: f64,
    /// Tags by the anchor tag schema keys (material, year, inscription, access, operator, website,
    /// condition, heritage, height, width, wikidata_id) plus free keys for what the schema lacks
    /// (e.g. `material_detail`, `site`, `address`, `neighbourhood`). Values trimmed, never empty.
    pub tags: BTreeMap<String, String>,
    /// `ImportedArtist::source_id`s of the same dataset, in credit order, no duplicates.
    pub artist_source_ids: Vec<String>,
    pub presence: Presence,
    /// The publisher's page for this record, when there is one.
    pub source_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reject {
    /// 1-based record number in the file (data rows for CSV, array index + 1 for JSON).
    pub row: usize,
    pub source_id: Option<String>,
    /// The record's title, when it has one (a record without coordinates is named by it).
    pub title: Option<String>,
    pub reason: RejectReason,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RejectReason {
    MissingTitle,
    MissingCoordinates,
    /// Unparseable, out of WGS84 range, or outside the dataset's own area.
    BadCoordinates(String),
    /// Another row already gave this source id; the text says which row.
    Duplicate(String),
    Malformed(String),
}

impl std::fmt::Display for RejectReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RejectReason::MissingTitle => f.write_str("missing title"),
            RejectReason::MissingCoordinates => f.write_str("missing coordinates"),
            RejectReason::BadCoordinates(why) => write!(f, "bad coordinates: {why}"),
            RejectReason::Duplicate(why) => write!(f, "duplicate: {why}"),
            RejectReason::Malformed(why) => write!(f, "malformed record: {why}"),
        }
    }
}

/// Everything one file yielded.
#[derive(Debug, Clone)]
pub struct ParsedFile {
    pub dataset: Dataset,
    pub artists: Vec<ImportedArtist>,
    pub artworks: Vec<ImportedArtwork>,
    pub rejects: Vec<Reject>,
    /// Records read from the file (before rejects and collapsing).
    pub records_read: usize,
}
