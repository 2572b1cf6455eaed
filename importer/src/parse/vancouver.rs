//! City of Vancouver Public Art Registry: `vancouver.json` (artworks) and
//! `vancouver-artists.json` (artists), joined by artist id. Both are the portal's JSON exports:
//! arrays of flat objects whose long text carries HTML character references.

use super::common::{
    check_point, clean_paragraphs, clean_url, decode_html_entities, push_unique, put, put_material,
    put_year, Area,
};
use super::ParseError;
use crate::{Dataset, ImportedArtist, ImportedArtwork, ParsedFile, Presence, Reject, RejectReason};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// Both files are one publication, so they share one key: artworks' artist refs resolve to
/// artists of the same dataset.
pub const DATASET: Dataset = Dataset {
    key: Cow::Borrowed("vancouver"),
    name: Cow::Borrowed("Vancouver Public Art Registry"),
    place: Cow::Borrowed("Vancouver"),
    licence: Cow::Borrowed("Open Government Licence – Vancouver"),
    attribution: Cow::Borrowed(
        "Contains information licensed under the Open Government Licence – Vancouver",
    ),
    source_url: Cow::Borrowed("https://opendata.vancouver.ca/explore/dataset/public-art/"),
};

/// The City of Vancouver (Stanley Park and the Musqueam lands at Marine Drive included; the
/// registry's points span 49.2086–49.3133 N, 123.2336–123.0310 W).
const AREA: Area = Area {
    name: "the City of Vancouver",
    min_lat: 49.19,
    max_lat: 49.32,
    min_lon: -123.27,
    max_lon: -123.02,
};

/// Artist 195 is "Unknown"; its biography says that works credited to it "are not necessarily
/// by the same artist", so it is not imported and references to it are dropped.
pub const UNKNOWN_ARTIST_ID: &str = "195";

const OPERATOR: &str = "City of Vancouver";

fn read_array(path: &Path) -> Result<Vec<Value>, ParseError> {
    let text = std::fs::read_to_string(path).map_err(|e| ParseError::io(path, e))?;
    match serde_json::from_str(&text).map_err(|e| ParseError::json(path, e))? {
        Value::Array(items) => Ok(items),
        _ => Err(ParseError::format(path, "expected a JSON array of records")),
    }
}

/// A text field, HTML references decoded, whitespace collapsed; numbers are rendered as text.
fn text(v: &Value, key: &str) -> Option<String> {
    match v.get(key)? {
        Value::String(s) => super::common::clean(&decode_html_entities(s)),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A long text field, paragraphs kept.
fn long_text(v: &Value, key: &str) -> Option<String> {
    v.get(key)?
        .as_str()
        .and_then(|s| clean_paragraphs(&decode_html_entities(s)))
}

/// "DowntownEastside" → "Downtown Eastside", "RileyPark" → "Riley Park": the `neighbourhood`
/// field runs some two-word names together.
fn space_run_together_words(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 4);
    let mut prev_lower = false;
    for c in s.chars() {
        if prev_lower && c.is_uppercase() {
            out.push(' ');
        }
        prev_lower = c.is_lowercase();
        out.push(c);
    }
    out
}

/// The registry's `type` values (15 in the file) onto the schema's artwork types.
fn artwork_type(raw: Option<&str>) -> &'static str {
    let Some(t) = raw else { return "other" };
    match t.to_lowercase().as_str() {
        // Totem poles are carved sculpture; the schema has no narrower value.
        "sculpture" | "totem pole" => "sculpture",
        // Figurative works are statues of people; welcome figures are carved standing figures.
        "figurative" | "welcome figure" => "statue",
        "mural" => "mural",
        "mosaic" => "mosaic",
        "relief" => "relief",
        "fountain or water feature" => "fountain",
        "memorial or monument" => "monument",
        // Works built into a site (gates, lighting, screens, video) rather than free-standing.
        "gateway" | "site-integrated work" | "media work" => "installation",
        // "Two-dimensional artwork" is posters, billboards, transit-shelter prints and banners,
        // not murals; socially engaged art is mostly events. Neither fits a narrower value.
        _ => "other",
    }
}

fn presence(status: Option<&str>) -> Presence {
    match status.map(str::to_lowercase).as_deref() {
        Some("no longer in place") | Some("deaccessioned") => Presence::Removed,
        // "In place" and "In progress" (being installed).
        _ => Presence::InPlace,
    }
}

fn point(v: &Value) -> Result<(f64, f64), RejectReason> {
    let (lat, lon) = match v.get("geo_point_2d") {
        Some(Value::Object(p)) => (p.get("lat"), p.get("lon")),
        _ => {
            // Fall back to the GeoJSON copy, [lon, lat].
            let c = v.pointer("/geom/geometry/coordinates");
            (c.and_then(|c| c.get(1)), c.and_then(|c| c.get(0)))
        }
    };
    match (lat, lon) {
        (None | Some(Value::Null), _) | (_, None | Some(Value::Null)) => {
            Err(RejectReason::MissingCoordinates)
        }
        (Some(lat), Some(lon)) => match (lat.as_f64(), lon.as_f64()) {
            (Some(lat), Some(lon)) => check_point(lat, lon, &AREA),
            _ => Err(RejectReason::BadCoordinates(format!(
                "non-numeric point {lat}, {lon}"
            ))),
        },
    }
}

/// Parses `vancouver.json`. Artist references are kept as the publisher's ids (strings); the
/// artists themselves come from `vancouver-artists.json`.
pub fn parse_artworks(path: &Path) -> Result<ParsedFile, ParseError> {
    let records = read_array(path)?;
    let mut artworks = Vec::new();
    let mut rejects = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();

    for (i, v) in records.iter().enumerate() {
        let row = i + 1;
        let reject = |source_id: Option<String>, reason| Reject {
            row,
            source_id,
            reason,
        };
        let Some(source_id) = text(v, "registryid") else {
            rejects.push(reject(
                None,
                RejectReason::Malformed("no registryid".into()),
            ));
            continue;
        };
        let Some(title) = text(v, "title_of_work") else {
            rejects.push(reject(Some(source_id), RejectReason::MissingTitle));
            continue;
        };
        let (lat, lon) = match point(v) {
            Ok(p) => p,
            Err(reason) => {
                rejects.push(reject(Some(source_id), reason));
                continue;
            }
        };
        if let Some(first) = seen.get(&source_id) {
            let why = format!("same registryid as row {first}");
            rejects.push(reject(Some(source_id), RejectReason::Duplicate(why)));
            continue;
        }
        seen.insert(source_id.clone(), row);

        let url = clean_url(text(v, "url").as_deref());
        let mut tags = BTreeMap::new();
        put(&mut tags, "operator", Some(OPERATOR.into()));
        put(&mut tags, "website", url.clone());
        put_material(&mut tags, text(v, "primarymaterial").as_deref());
        put_year(&mut tags, text(v, "yearofinstallation").as_deref());
        put(&mut tags, "object_type", text(v, "type"));
        put(&mut tags, "site", text(v, "sitename"));
        put(&mut tags, "address", text(v, "siteaddress"));
        put(&mut tags, "location_detail", text(v, "locationonsite"));
        // The curated `neighbourhood` first; `geo_local_area` (the official local area, absent
        // more often) when it is missing.
        let hood = text(v, "neighbourhood")
            .map(|n| space_run_together_words(&n))
            .or_else(|| text(v, "geo_local_area"));
        put(&mut tags, "neighbourhood", hood);
        put(&mut tags, "owner", text(v, "ownership"));
        let photo = v
            .get("photourl")
            .and_then(|p| clean_url(p.get("url").and_then(Value::as_str)));
        put(&mut tags, "photo_url", photo);
        put(&mut tags, "photo_credit", text(v, "photocredits"));

        let description = match (
            long_text(v, "descriptionofwork"),
            long_text(v, "artistprojectstatement"),
        ) {
            (Some(d), Some(s)) => Some(format!("{d}\n\n{s}")),
            (d, s) => d.or(s),
        };

        let mut artist_source_ids = Vec::new();
        if let Some(Value::Array(refs)) = v.get("artists") {
            for r in refs {
                let id = match r {
                    Value::String(s) => s.trim().to_string(),
                    Value::Number(n) => n.to_string(),
                    _ => continue,
                };
                if !id.is_empty() && id != UNKNOWN_ARTIST_ID {
                    push_unique(&mut artist_source_ids, id);
                }
            }
        }

        artworks.push(ImportedArtwork {
            source_id,
            title,
            description,
            artwork_type: artwork_type(text(v, "type").as_deref()).to_string(),
            lat,
            lon,
            tags,
            artist_source_ids,
            presence: presence(text(v, "status").as_deref()),
            source_url: url,
        });
    }

    Ok(ParsedFile {
        dataset: DATASET,
        artists: Vec::new(),
        artworks,
        rejects,
        records_read: records.len(),
    })
}

/// Parses `vancouver-artists.json`. Records without any name, and the "Unknown" placeholder,
/// are skipped (they are people records, not artwork rows, so they are not rejects).
pub fn parse_artists(path: &Path) -> Result<ParsedFile, ParseError> {
    let records = read_array(path)?;
    let mut artists = Vec::new();
    let mut rejects = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();

    for (i, v) in records.iter().enumerate() {
        let row = i + 1;
        let Some(source_id) = text(v, "artistid") else {
            rejects.push(Reject {
                row,
                source_id: None,
                reason: RejectReason::Malformed("no artistid".into()),
            });
            continue;
        };
        // Groups and single-name artists have only `lastname` ("Wyland", "Leaky Heaven Circus").
        let name = [text(v, "firstname"), text(v, "lastname")]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        if name.is_empty()
            || source_id == UNKNOWN_ARTIST_ID
            || super::common::is_placeholder_name(&name)
        {
            continue;
        }
        if let Some(first) = seen.get(&source_id) {
            rejects.push(Reject {
                row,
                source_id: Some(source_id),
                reason: RejectReason::Duplicate(format!("same artistid as row {first}")),
            });
            continue;
        }
        seen.insert(source_id.clone(), row);
        artists.push(ImportedArtist {
            source_id,
            name,
            biography: long_text(v, "biography"),
            country: text(v, "country"),
            website: clean_url(text(v, "website").as_deref()),
            source_url: clean_url(text(v, "artisturl").as_deref()),
        });
    }

    Ok(ParsedFile {
        dataset: DATASET,
        artists,
        artworks: Vec::new(),
        rejects,
        records_read: records.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::common::assert_file_invariants;
    use std::collections::HashSet;

    const ARTWORKS: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../datasets/public-art/vancouver.json"
    );
    const ARTISTS: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../datasets/public-art/vancouver-artists.json"
    );

    fn count(rejects: &[Reject], f: impl Fn(&RejectReason) -> bool) -> usize {
        rejects.iter().filter(|r| f(&r.reason)).count()
    }

    #[test]
    fn artworks_counts() {
        let p = parse_artworks(Path::new(ARTWORKS)).unwrap();
        // Checked with python3/jq: 716 records, 572 with geo_point_2d (144 without), all
        // inside 49.2086–49.3133 N / 123.2336–123.0310 W, all with a title, 716 distinct
        // registryids.
        assert_eq!(p.records_read, 716);
        assert_eq!(p.artworks.len(), 572);
        assert_eq!(p.rejects.len(), 144);
        assert_eq!(
            count(&p.rejects, |r| *r == RejectReason::MissingCoordinates),
            144
        );
        assert!(p.artists.is_empty());
        // 245 "No longer in place" + 4 "Deaccessioned" = 249; 93 of those lack coordinates.
        let removed = p
            .artworks
            .iter()
            .filter(|a| a.presence == Presence::Removed)
            .count();
        assert_eq!(removed, 245 + 4 - 93);
    }

    #[test]
    fn solo_is_mapped() {
        let p = parse_artworks(Path::new(ARTWORKS)).unwrap();
        let solo = p.artworks.iter().find(|a| a.source_id == "27").unwrap();
        assert_eq!(solo.title, "Solo");
        assert_eq!(solo.artwork_type, "sculpture");
        assert_eq!((solo.lat, solo.lon), (49.293313, -123.133965));
        assert_eq!(solo.artist_source_ids, ["103"]);
        assert_eq!(solo.presence, Presence::InPlace);
        let tag = |k: &str| solo.tags.get(k).map(String::as_str);
        // Stainless steel + cedar: two material classes.
        assert_eq!(tag("material"), Some("mixed"));
        assert_eq!(tag("material_detail"), Some("Stainless steel, cedar"));
        assert_eq!(tag("year"), Some("1986"));
        assert_eq!(tag("date_detail"), None);
        assert_eq!(tag("site"), Some("Devonian Harbour Park"));
        assert_eq!(tag("address"), Some("Denman & Georgia Street"));
        assert_eq!(tag("neighbourhood"), Some("Downtown"));
        assert_eq!(tag("operator"), Some("City of Vancouver"));
        assert_eq!(
            tag("website"),
            Some("https://covapp.vancouver.ca/PublicArtRegistry/ArtworkDetail.aspx?ArtworkId=27")
        );
        assert_eq!(solo.source_url.as_deref(), tag("website"));
        assert_eq!(
            tag("photo_url"),
            Some("https://opendata.vancouver.ca/api/explore/v2.1/catalog/datasets/public-art/files/25a422b0cc36381e0c0ab681d38f602d")
        );
        let d = solo.description.as_deref().unwrap();
        assert!(d.starts_with("An abstract sculpture of stainless steel with carved cedar planks"));
        // The artist statement follows as a second paragraph.
        assert!(
            d.contains("\n\n\"McHaffie says she means to show movement"),
            "{d}"
        );
    }

    #[test]
    fn types_entities_and_unknown_artist() {
        let p = parse_artworks(Path::new(ARTWORKS)).unwrap();
        let mut by_type: BTreeMap<&str, usize> = BTreeMap::new();
        for a in &p.artworks {
            *by_type.entry(a.artwork_type.as_str()).or_default() += 1;
        }
        // Counts over the 572 located records, from python3 over `type`.
        let expected: BTreeMap<&str, usize> = [
            ("fountain", 16),
            ("installation", 137),
            ("monument", 29),
            ("mosaic", 14),
            ("mural", 77),
            ("other", 92),
            ("relief", 13),
            ("sculpture", 180),
            ("statue", 14),
        ]
        .into_iter()
        .collect();
        assert_eq!(by_type, expected);
        // No HTML references survive in descriptions.
        for a in &p.artworks {
            let d = a.description.as_deref().unwrap_or("");
            assert!(
                !d.contains("&rsquo;") && !d.contains("&#39;") && !d.contains("&theta;"),
                "{d}"
            );
        }
        // The "Unknown" artist (195) is credited on 12 records; none keeps the reference.
        assert!(p
            .artworks
            .iter()
            .all(|a| !a.artist_source_ids.iter().any(|id| id == UNKNOWN_ARTIST_ID)));
        let lions = p.artworks.iter().find(|a| a.source_id == "99").unwrap();
        assert!(lions.artist_source_ids.is_empty());
    }

    #[test]
    fn invariants() {
        let works = parse_artworks(Path::new(ARTWORKS)).unwrap();
        assert_file_invariants(&works);
        let artists = parse_artists(Path::new(ARTISTS)).unwrap();
        assert_file_invariants(&artists);
        for a in &artists.artists {
            assert!(a
                .biography
                .as_deref()
                .is_none_or(|b| b.chars().count() <= 10_000));
        }
    }

    #[test]
    fn artists_counts_and_mapping() {
        let p = parse_artists(Path::new(ARTISTS)).unwrap();
        // 611 records with 611 distinct ids; only 195 ("Unknown") is a placeholder.
        assert_eq!(p.records_read, 611);
        assert_eq!(p.artists.len(), 610);
        assert!(p.rejects.is_empty());
        assert!(p.artworks.is_empty());
        let natalie = p.artists.iter().find(|a| a.source_id == "103").unwrap();
        assert_eq!(natalie.name, "Natalie McHaffie");
        assert_eq!(natalie.country.as_deref(), Some("Canada"));
        assert!(natalie
            .biography
            .as_deref()
            .unwrap()
            .starts_with("Natalie McHaffie was born in Deep River, Ontario, in 1946"));
        assert_eq!(
            natalie.source_url.as_deref(),
            Some("https://covapp.vancouver.ca/PublicArtRegistry/ArtistDetail.aspx?FromArtistIndex=False&ArtistId=103")
        );
        // Single-name artists and groups have only a last name.
        assert_eq!(
            p.artists
                .iter()
                .find(|a| a.source_id == "216")
                .unwrap()
                .name,
            "Wyland"
        );
        // 194 websites, one without a scheme ("www.richard-tetrault.ca").
        assert_eq!(
            p.artists.iter().filter(|a| a.website.is_some()).count(),
            194
        );
        assert!(p
            .artists
            .iter()
            .all(|a| a.website.as_deref().is_none_or(|w| w.starts_with("http"))));
        // 402 biographies, 403 countries in the file.
        assert_eq!(
            p.artists.iter().filter(|a| a.biography.is_some()).count(),
            401
        );
        assert_eq!(
            p.artists.iter().filter(|a| a.country.is_some()).count(),
            403
        );
    }

    #[test]
    fn every_artist_reference_resolves() {
        let works = parse_artworks(Path::new(ARTWORKS)).unwrap();
        let artists = parse_artists(Path::new(ARTISTS)).unwrap();
        let ids: HashSet<&str> = artists
            .artists
            .iter()
            .map(|a| a.source_id.as_str())
            .collect();
        for a in &works.artworks {
            for id in &a.artist_source_ids {
                assert!(
                    ids.contains(id.as_str()),
                    "artwork {} credits unknown artist {id}",
                    a.source_id
                );
            }
        }
    }
}
