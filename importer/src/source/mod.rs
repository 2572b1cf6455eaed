//! Reading any open-data file into flat records, before anything is known of what they mean:
//! CSV (any delimiter, UTF-8 with or without a BOM, or Windows-1252), GeoJSON, JSON arrays of
//! records (nested fields by dotted path), OpenStreetMap's Overpass JSON and OpenStreetMap XML
//! (`.osm`: the OSM API, JOSM, Overpass `[out:xml]`), which gives the same records as the
//! Overpass JSON of the same query. A mapping (`crate::mapping`) says which fields are the
//! title, the coordinates and so on.

mod csv_file;
mod error;
mod json_file;
mod osm_xml;

pub use error::ParseError;

use crate::Reject;
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

/// The shapes of file the importer reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Csv,
    Geojson,
    /// An array of records, at the top level or at a dotted path (`records` in the mapping).
    Json,
    /// An Overpass API answer (`elements`: OSM nodes, and ways or relations with a `center`).
    Overpass,
    /// OpenStreetMap XML (`<osm>`: the OSM API, JOSM, Overpass `[out:xml]`); its records are
    /// those the Overpass JSON of the same data gives.
    Osm,
}

/// How to read a file; every part is guessed when absent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ReadOptions {
    pub kind: Option<Format>,
    /// CSV only: the delimiter, one character.
    #[schema(value_type = Option<String>)]
    pub delimiter: Option<char>,
    /// JSON only: the dotted path to the array of records (`data`, `result.records`).
    pub records: Option<String>,
}

/// A point taken from a record's geometry.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub lat: f64,
    pub lon: f64,
    /// The geometry's type when the point is the mean of its vertices (not a `Point`).
    pub centroid_of: Option<&'static str>,
}

/// One record: its fields by name (dotted paths for nested JSON), missing values left out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Record {
    /// 1-based: the data row of a CSV file, the array index + 1 of a JSON one.
    pub row: usize,
    pub fields: Fields,
    pub geometry: Option<Point>,
}

impl Record {
    pub fn get(&self, field: &str) -> Option<&str> {
        self.fields.get(field)
    }
}

/// A record's fields, name and value, in the order read. A file is held whole while it is
/// mapped, so a field costs a shared name (a CSV file's records share its header's) and its
/// text, with no map around them: about a third of a `HashMap<String, String>`'s bytes.
#[derive(Debug, Clone, Default)]
pub struct Fields(Vec<(Arc<str>, Box<str>)>);

impl Fields {
    /// The value of field `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| &**k == name).map(|(_, v)| &**v)
    }

    /// Sets field `name` (a name already there takes the new value).
    pub fn insert(&mut self, name: Arc<str>, value: String) {
        let value = value.into_boxed_str();
        match self.0.iter_mut().find(|(k, _)| *k == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name, value)),
        }
    }

    /// Each field's name and value, in the order read.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (&**k, &**v))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The same fields, whatever their order.
impl PartialEq for Fields {
    fn eq(&self, other: &Self) -> bool {
        fn sorted(f: &Fields) -> Vec<(&str, &str)> {
            let mut pairs: Vec<(&str, &str)> = f.iter().collect();
            pairs.sort_unstable();
            pairs
        }
        self.len() == other.len() && sorted(self) == sorted(other)
    }
}

impl<K: Into<Arc<str>>, V: Into<String>> FromIterator<(K, V)> for Fields {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        let mut fields = Fields::default();
        for (k, v) in pairs {
            fields.insert(k.into(), v.into());
        }
        fields.0.shrink_to_fit();
        fields
    }
}

/// Everything read from one file.
#[derive(Debug, Clone)]
pub struct Records {
    pub format: Format,
    /// Field names in the order they first appear.
    pub columns: Vec<String>,
    pub records: Vec<Record>,
    /// Rows that could not be read (a CSV row the parser refused, a JSON element that is not an
    /// object).
    pub rejects: Vec<Reject>,
    /// `utf-8`, or `windows-1252` when some text was not UTF-8 and was read as such.
    pub encoding: &'static str,
}

impl Records {
    /// Whether some record has a geometry (GeoJSON, a nested GeoJSON object, OSM elements).
    pub fn has_geometry(&self) -> bool {
        self.records.iter().any(|r| r.geometry.is_some())
    }
}

/// A value publishers use for "nothing here": blank, `NA`, `N/A`, `null`, `None`.
pub fn is_missing(value: &str) -> bool {
    let v = value.trim();
    v.is_empty()
        || ["na", "n/a", "null", "none"]
            .iter()
            .any(|m| v.eq_ignore_ascii_case(m))
}

/// How much of a file is looked at to guess its format and delimiter.
const SNIFF_BYTES: usize = 64 * 1024;

/// The file's first bytes, refusing text the importer cannot read (UTF-16, binary).
fn sniff(path: &Path) -> Result<Vec<u8>, ParseError> {
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    std::fs::File::open(path)
        .and_then(|f| f.take(SNIFF_BYTES as u64).read_to_end(&mut head))
        .map_err(|e| ParseError::io(path, e))?;
    if head.starts_with(&[0xff, 0xfe]) || head.starts_with(&[0xfe, 0xff]) {
        return Err(ParseError::format(
            path,
            "the file is UTF-16 text; save it as UTF-8 (or Windows-1252) and import it again",
        ));
    }
    if let Some(at) = head.iter().position(|&b| b == 0) {
        return Err(ParseError::format(
            path,
            format!("not a text file (a NUL byte at byte {at}); export the data as CSV or JSON"),
        ));
    }
    Ok(head)
}

/// The format by extension, and for `.json` (and `.xml`) by what the file starts with.
fn detect(path: &Path, head: &[u8]) -> Result<Format, ParseError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let text = String::from_utf8_lossy(head);
    let json_kind = || {
        if text.contains("\"FeatureCollection\"") {
            Format::Geojson
        } else if text.contains("\"elements\"") && text.contains("\"tags\"") {
            Format::Overpass
        } else {
            Format::Json
        }
    };
    match ext.as_str() {
        "csv" | "tsv" | "txt" => Ok(Format::Csv),
        "geojson" => Ok(Format::Geojson),
        "json" => Ok(json_kind()),
        "osm" => Ok(Format::Osm),
        "xml" if text.contains("<osm") => Ok(Format::Osm),
        _ => match text.trim_start().chars().next() {
            Some('{') | Some('[') => Ok(json_kind()),
            // Overpass answers are often saved as `interpreter`, with no extension.
            Some('<') if text.contains("<osm") => Ok(Format::Osm),
            Some(_) => Ok(Format::Csv),
            None => Err(ParseError::format(path, "the file is empty")),
        },
    }
}

/// What a file turned out to be, once read.
#[derive(Debug, Clone)]
pub struct Shape {
    pub format: Format,
    /// Field names in the order they first appear.
    pub columns: Vec<String>,
    /// `utf-8`, or `windows-1252` when some text was not UTF-8 and was read as such.
    pub encoding: &'static str,
}

/// Reads a file a record at a time, in file order: `f` is given each record, or a row that
/// could not be read. CSV and JSON files are never held whole, so a file of any size can be
/// read in little memory; a file that cannot be read at all is an error (after the records
/// before the fault were given).
pub fn each(
    path: &Path,
    options: &ReadOptions,
    f: &mut dyn FnMut(Result<Record, Reject>),
) -> Result<Shape, ParseError> {
    let head = sniff(path)?;
    let format = match options.kind {
        Some(f) => f,
        None => detect(path, &head)?,
    };
    match format {
        Format::Csv => csv_file::each(path, &head, options.delimiter, f),
        Format::Geojson | Format::Json | Format::Overpass => {
            json_file::each(path, format, options.records.as_deref(), f)
        }
        Format::Osm => osm_xml::each(path, f),
    }
}

/// Reads a whole file into records.
pub fn read(path: &Path, options: &ReadOptions) -> Result<Records, ParseError> {
    let mut records = Vec::new();
    let mut rejects = Vec::new();
    let shape = each(path, options, &mut |read| match read {
        Ok(r) => records.push(r),
        Err(reject) => rejects.push(reject),
    })?;
    Ok(Records {
        format: shape.format,
        columns: shape.columns,
        records,
        rejects,
        encoding: shape.encoding,
    })
}

/// Field names in order of first appearance.
#[derive(Debug, Default)]
struct Columns {
    names: Vec<String>,
    seen: std::collections::HashSet<String>,
}

impl Columns {
    fn note(&mut self, name: &str) {
        if !self.seen.contains(name) {
            self.seen.insert(name.to_owned());
            self.names.push(name.to_owned());
        }
    }
}

#[cfg(test)]
mod tests;
