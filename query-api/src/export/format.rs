//! The three shapes open data leaves in, each written a record at a time: GeoJSON (a
//! FeatureCollection), CSV (one row per artwork, RFC 4180) and OpenStreetMap XML (one
//! `tourism=artwork` node per artwork, negative ids as for new objects, ready for an editor).

use std::fmt::Write as _;

use projectors::artworks::read::ExportRow;
use serde_json::{json, Value};

/// A format of the export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    GeoJson,
    Csv,
    Osm,
}

impl Format {
    /// By file extension (`artworks.geojson`).
    pub fn from_extension(ext: &str) -> Option<Self> {
        match ext {
            "geojson" => Some(Self::GeoJson),
            "csv" => Some(Self::Csv),
            "osm" => Some(Self::Osm),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::GeoJson => "geojson",
            Self::Csv => "csv",
            Self::Osm => "osm",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::GeoJson => "application/geo+json",
            Self::Csv => "text/csv; charset=utf-8",
            Self::Osm => "application/xml; charset=utf-8",
        }
    }
}

/// Under what terms records may be reused: the instance's for what people contributed here,
/// an imported record's own dataset's for what came from elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terms {
    pub licence: String,
    pub attribution: String,
}

/// What every record carries besides its fields: its page, and its terms and source.
pub struct Context<'a> {
    /// The instance's public URL, without a trailing slash.
    pub base: &'a str,
    /// The instance's own terms.
    pub terms: &'a Terms,
}

/// One record's derived values.
struct Record<'a> {
    url: String,
    licence: &'a str,
    attribution: &'a str,
    source: Option<&'a str>,
    source_url: Option<&'a str>,
    year: Option<&'a str>,
    material: Option<&'a str>,
    photo_url: Option<String>,
}

fn record<'a>(row: &'a ExportRow, cx: &'a Context<'_>) -> Record<'a> {
    let provenance = |key: &str| {
        row.provenance
            .as_ref()
            .and_then(|p| p.get(key))
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
    };
    let tag = |key: &str| {
        row.tags
            .get(key)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
    };
    Record {
        url: format!("{}/artwork/{}", cx.base, row.id),
        licence: provenance("licence").unwrap_or(&cx.terms.licence),
        attribution: provenance("attribution").unwrap_or(&cx.terms.attribution),
        source: provenance("dataset_name"),
        source_url: provenance("source_url"),
        year: tag("year"),
        material: tag("material"),
        photo_url: row
            .photo_key
            .as_ref()
            .map(|k| format!("{}/api/images/large/{k}", cx.base)),
    }
}

/// What comes before the first record.
pub fn head(format: Format, cx: &Context<'_>) -> String {
    match format {
        Format::GeoJson => {
            let about = json!({
                "licence": cx.terms.licence,
                "attribution": cx.terms.attribution,
                "source": cx.base,
            });
            let about = about.to_string();
            format!(
                "{{\"type\":\"FeatureCollection\",\"metadata\":{about},\"features\":[\n"
            )
        }
        Format::Csv => csv_line(&CSV_COLUMNS.map(str::to_owned)),
        Format::Osm => format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"Plinth\">\n<!-- {} -->\n",
            xml_text(&format!(
                "{} ({}); records imported from other datasets keep their own licence and attribution (see each node's source tags)",
                cx.terms.attribution, cx.terms.licence
            ))
        ),
    }
}

/// What comes after the last record.
pub fn tail(format: Format) -> &'static str {
    match format {
        Format::GeoJson => "]}\n",
        Format::Csv => "",
        Format::Osm => "</osm>\n",
    }
}

/// The `n`th record (from 0).
pub fn write(format: Format, n: u64, row: &ExportRow, cx: &Context<'_>) -> String {
    let r = record(row, cx);
    match format {
        Format::GeoJson => geojson(n, row, &r),
        Format::Csv => csv(row, &r),
        Format::Osm => osm(n, row, &r),
    }
}

fn geojson(n: u64, row: &ExportRow, r: &Record<'_>) -> String {
    let feature = json!({
        "type": "Feature",
        "id": row.id,
        "geometry": {"type": "Point", "coordinates": [row.lon, row.lat]},
        "properties": {
            "title": row.title,
            "artwork_type": row.artwork_type,
            "artists": row.artists,
            "year": r.year,
            "material": r.material,
            "description": row.description,
            "url": r.url,
            "photo": r.photo_url,
            "updated_at": row.updated_at,
            "licence": r.licence,
            "attribution": r.attribution,
            "source": r.source,
            "source_url": r.source_url,
        },
    });
    let sep = if n == 0 { "" } else { ",\n" };
    format!("{sep}{feature}")
}

/// The CSV columns, in order.
pub const CSV_COLUMNS: [&str; 16] = [
    "id",
    "title",
    "artwork_type",
    "lat",
    "lon",
    "artists",
    "year",
    "material",
    "description",
    "url",
    "photo",
    "updated_at",
    "licence",
    "attribution",
    "source",
    "source_url",
];

fn csv(row: &ExportRow, r: &Record<'_>) -> String {
    let opt = |v: Option<&str>| v.unwrap_or_default().to_owned();
    csv_line(&[
        row.id.to_string(),
        row.title.clone(),
        row.artwork_type.clone(),
        row.lat.to_string(),
        row.lon.to_string(),
        row.artists.join("; "),
        opt(r.year),
        opt(r.material),
        opt(row.description.as_deref()),
        r.url.clone(),
        r.photo_url.clone().unwrap_or_default(),
        row.updated_at.to_rfc3339(),
        r.licence.to_owned(),
        r.attribution.to_owned(),
        opt(r.source),
        opt(r.source_url),
    ])
}

/// One RFC 4180 line: a field with a comma, quote or line break is quoted, quotes doubled. A
/// field that a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) is prefixed with
/// `'` (text from contributors must not run in a reader's spreadsheet).
fn csv_line(fields: &[String]) -> String {
    let mut out = String::new();
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let formula =
            f.starts_with(['=', '+', '@']) || (f.starts_with('-') && f.parse::<f64>().is_err());
        let f = if formula { format!("'{f}") } else { f.clone() };
        if f.contains([',', '"', '\n', '\r']) {
            let _ = write!(out, "\"{}\"", f.replace('"', "\"\""));
        } else {
            out.push_str(&f);
        }
    }
    out.push_str("\r\n");
    out
}

fn osm(n: u64, row: &ExportRow, r: &Record<'_>) -> String {
    let mut out = format!(
        "<node id=\"-{}\" lat=\"{}\" lon=\"{}\" version=\"1\">\n",
        n + 1,
        row.lat,
        row.lon
    );
    let mut tag = |k: &str, v: &str| {
        let _ = writeln!(out, "  <tag k=\"{k}\" v=\"{}\"/>", xml_text(v));
    };
    tag("tourism", "artwork");
    if row.artwork_type != "other" {
        tag("artwork_type", &row.artwork_type);
    }
    tag("name", &row.title);
    if !row.artists.is_empty() {
        tag("artist_name", &row.artists.join(";"));
    }
    if let Some(year) = r.year {
        tag("start_date", year);
    }
    if let Some(material) = r.material {
        tag("material", material);
    }
    tag("website", &r.url);
    tag("source", r.source.unwrap_or("Plinth"));
    tag("source:license", r.licence);
    out.push_str("</node>\n");
    out
}

/// Escaped for XML text and attributes.
fn xml_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match crate::web::head::markup_entity(c, "&apos;") {
            Some(entity) => out.push_str(entity),
            // Not allowed in XML 1.0 at all.
            None if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            None if c == '-' && out.ends_with('-') => out.push_str("&#45;"),
            None => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> ExportRow {
        ExportRow {
            id: uuid::Uuid::nil(),
            title: "A \"quoted\", <odd> title".into(),
            description: Some("=HYPERLINK(\"x\")".into()),
            artwork_type: "mural".into(),
            lat: 49.28,
            lon: -123.12,
            tags: json!({"year": "1984", "material": "paint"}),
            artists: vec!["A".into(), "B".into()],
            photo_key: None,
            provenance: Some(
                json!({"licence": "OGL-Vancouver", "attribution": "City of Vancouver", "dataset_name": "Vancouver public art"}),
            ),
            created_at: chrono::Utc::now(),
            updated_at: chrono::Utc::now(),
        }
    }

    fn cx() -> (String, Terms) {
        (
            "https://art.example".into(),
            Terms {
                licence: "CC0-1.0".into(),
                attribution: "Plinth contributors".into(),
            },
        )
    }

    /// `r` written as the `n`th record of a `format` file of the instance [`cx`] describes.
    fn written(format: Format, n: u64, r: &ExportRow) -> String {
        let (base, terms) = cx();
        let cx = Context {
            base: &base,
            terms: &terms,
        };
        write(format, n, r, &cx)
    }

    #[test]
    fn csv_quotes_and_defuses_formulas() {
        let line = written(Format::Csv, 0, &row());
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(line.as_bytes());
        let fields: Vec<String> = reader
            .records()
            .next()
            .unwrap()
            .unwrap()
            .iter()
            .map(str::to_owned)
            .collect();
        assert_eq!(fields.len(), CSV_COLUMNS.len());
        assert_eq!(fields[1], "A \"quoted\", <odd> title");
        assert_eq!(fields[5], "A; B");
        assert_eq!(fields[8], "'=HYPERLINK(\"x\")");
        assert_eq!(fields[12], "OGL-Vancouver");
        assert_eq!(fields[13], "City of Vancouver");
    }

    #[test]
    fn an_imported_record_keeps_its_terms_and_a_contribution_takes_the_instances() {
        let imported = written(Format::GeoJson, 0, &row());
        let v: Value = serde_json::from_str(&imported).unwrap();
        assert_eq!(v["properties"]["licence"], "OGL-Vancouver");
        let mut own = row();
        own.provenance = None;
        let v: Value = serde_json::from_str(&written(Format::GeoJson, 0, &own)).unwrap();
        assert_eq!(v["properties"]["licence"], "CC0-1.0");
        assert_eq!(v["properties"]["attribution"], "Plinth contributors");
        assert_eq!(v["geometry"]["coordinates"], json!([-123.12, 49.28]));
    }

    #[test]
    fn osm_text_is_escaped() {
        let node = written(Format::Osm, 4, &row());
        assert!(node.starts_with("<node id=\"-5\""));
        assert!(node.contains("v=\"A &quot;quoted&quot;, &lt;odd&gt; title\""));
        assert!(node.contains("<tag k=\"artist_name\" v=\"A;B\"/>"));
        assert!(node.contains("<tag k=\"start_date\" v=\"1984\"/>"));
        assert_eq!(xml_text("a--b\u{1}"), "a-&#45;b");
    }
}
