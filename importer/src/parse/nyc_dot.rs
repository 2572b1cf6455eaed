//! NYC DOT Art Program (NYC Open Data `3r2x-bnmj`): mostly temporary works in the street, one
//! CSV row per work with installation and removal dates. The file has no id column.

use super::common::{
    coordinates_from_text, fnv1a64, normalise_name, push_unique, put, put_year,
    shared_surname_pair, split_credit_list, strip_parentheticals, us_date_to_iso, ArtistBook,
    CsvTable, NEW_YORK_CITY,
};
use super::ParseError;
use crate::{Dataset, ImportedArtwork, ParsedFile, Presence, Reject, RejectReason};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

pub const DATASET: Dataset = Dataset {
    key: Cow::Borrowed("nyc-dot"),
    name: Cow::Borrowed("NYC DOT Art Program"),
    place: Cow::Borrowed("New York"),
    licence: Cow::Borrowed(
        "NYC Open Data Terms of Use (no licence requirement; Local Law 11 of 2012)",
    ),
    attribution: Cow::Borrowed(
        "Source: NYC Department of Transportation, \"DOT Art Program\" \
                  (NYC Open Data, 3r2x-bnmj). Modified by Plinth as listed in \
                  datasets/public-art/SOURCES.md: rows without usable coordinates are left out \
                  and repeated rows merged. The City of New York provides its data as is, \
                  without warranty.",
    ),
    source_url: Cow::Borrowed("https://data.cityofnewyork.us/d/3r2x-bnmj"),
};

const OPERATOR: &str = "NYC DOT";

const REQUIRED: &[&str] = &[
    "Year",
    "Title",
    "Artist",
    "Site Location",
    "Latitude",
    "Longitude",
];

/// Credit lines that the general rules would split wrongly.
const ARTIST_OVERRIDES: &[(&str, &[&str])] = &[
    // Firms whose names contain "and"/"&".
    ("Pure and Applied", &["Pure and Applied"]),
    ("Sage & Coombe Architects", &["Sage & Coombe Architects"]),
    ("Gramazio & Kohler", &["Gramazio & Kohler"]),
    // The duo credited elsewhere in the file as "Gillie and Marc Schattner".
    ("Gillie & Marc", &["Gillie Schattner", "Marc Schattner"]),
];

/// People and groups in an `Artist` cell.
fn artist_names(raw: &str) -> Vec<String> {
    if let Some((_, names)) = ARTIST_OVERRIDES.iter().find(|(k, _)| *k == raw) {
        return names.iter().map(|n| n.to_string()).collect();
    }
    // "… and Ottoblix. Produced by Eukmen and Quartier des Spectacles …": producers are not
    // artists.
    let mut s = raw.to_string();
    if let Some(cut) = s.to_lowercase().find("produced by") {
        s.truncate(cut);
    }
    // "Combo Colab: Carolina Cisneros, Mateo Pinto" credits the group, like
    // "Combo Colab (Carolina Cisneros &Mateo Pinto)"; parentheses hold members or aliases.
    if let Some((group, _)) = s.split_once(':') {
        s = group.to_string();
    }
    let s = strip_parentheticals(&s);
    let s = s.trim().trim_end_matches('.').trim();
    if let Some(pair) = shared_surname_pair(s) {
        return pair.to_vec();
    }
    split_credit_list(s)
        .into_iter()
        .map(|p| {
            let lower = p.to_lowercase();
            match lower.strip_prefix("in collaboration") {
                Some(_) => String::new(),
                None => p,
            }
        })
        // "students from St. Gregory the Great School": helpers, not credited artists.
        .filter(|p| !p.is_empty() && !p.to_lowercase().starts_with("students"))
        .collect()
}

/// `Project Type` (37 values) onto the schema's types.
fn artwork_type(project_type: Option<&str>) -> &'static str {
    let t = project_type.unwrap_or("").to_lowercase();
    if t.contains("mural") || t.contains("painted panels") {
        // "Mural", "Asphalt Mural", "Mural Panels", "Barrier Mural", "Vinyl Mural" …
        "mural"
    } else if t.contains("sculpt") || t == "concrete blocks" {
        // "Sculpture", "Interactive Sculpture", "Sculptural Seating", "Sculpture/Photography".
        "sculpture"
    } else if [
        "projection",
        "intervention",
        "installation",
        "interactive",
        "lighting",
        "performance",
    ]
    .iter()
    .any(|k| t.contains(k))
    {
        "installation"
    } else {
        // Display cases, vinyl, signage, banners, flags, digital illustration, "Various".
        "other"
    }
}

/// The id is derived from what identifies a DOT work in the file: year, title and site,
/// normalised (case, accents, punctuation, spacing) and hashed to keep it short.
fn derived_id(year: Option<&str>, title: &str, site: Option<&str>) -> String {
    let key = [year.unwrap_or(""), title, site.unwrap_or("")]
        .map(normalise_name)
        .join("|");
    format!("dot-{:016x}", fnv1a64(&key))
}

pub fn parse(path: &Path) -> Result<ParsedFile, ParseError> {
    let table = CsvTable::read(path, REQUIRED)?;
    let mut book = ArtistBook::default();
    let mut artworks: Vec<ImportedArtwork> = Vec::new();
    let mut rejects = Vec::new();
    // source id → (row, index in `artworks`)
    let mut seen: HashMap<String, (usize, usize)> = HashMap::new();

    for (i, rec) in table.rows.iter().enumerate() {
        let row = i + 1;
        let rec = match rec {
            Ok(r) => r,
            Err(e) => {
                rejects.push(Reject {
                    row,
                    source_id: None,
                    reason: RejectReason::Malformed(e.clone()),
                });
                continue;
            }
        };
        let get = |c: &str| table.get(rec, c);
        let Some(title) = get("Title") else {
            rejects.push(Reject {
                row,
                source_id: None,
                reason: RejectReason::MissingTitle,
            });
            continue;
        };
        let site = get("Site Location");
        let source_id = derived_id(get("Year").as_deref(), &title, site.as_deref());
        let reject = |reason| Reject {
            row,
            source_id: Some(source_id.clone()),
            reason,
        };
        // Out-of-city points (in the sea at 40.33–40.47 N, off Long Island, a positive
        // longitude, -33.24) are rejected, never sign-flipped or moved.
        let (lat, lon) = match coordinates_from_text(
            table.raw(rec, "Latitude"),
            table.raw(rec, "Longitude"),
            &NEW_YORK_CITY,
        ) {
            Ok(p) => p,
            Err(reason) => {
                rejects.push(reject(reason));
                continue;
            }
        };
        let names = get("Artist").map(|a| artist_names(&a)).unwrap_or_default();
        let artist_ids = book.credit_all(&names);
        // The same year, title and site again: one work listed once per artist (the 2023
        // "191st Street Tunnel Beautification Project" has five rows, one per muralist) or
        // shown again on another day. The row is folded into the first: its artists are added
        // to that work's credits, and the row is reported as a duplicate.
        if let Some(&(first_row, idx)) = seen.get(&source_id) {
            for id in artist_ids {
                push_unique(&mut artworks[idx].artist_source_ids, id);
            }
            let why =
                format!("same year, title and site as row {first_row}; artists merged into it");
            rejects.push(reject(RejectReason::Duplicate(why)));
            continue;
        }
        seen.insert(source_id.clone(), (row, artworks.len()));

        let removal = get("Removal").and_then(|d| us_date_to_iso(&d));
        let mut tags = BTreeMap::new();
        put(&mut tags, "operator", Some(OPERATOR.into()));
        put_year(&mut tags, get("Year").as_deref());
        put(&mut tags, "object_type", get("Project Type"));
        put(&mut tags, "site", site);
        put(&mut tags, "site_type", get("Site Type"));
        put(&mut tags, "borough", get("Borough"));
        put(&mut tags, "program", get("Program/Initiative"));
        put(&mut tags, "partner", get("Partner"));
        put(
            &mut tags,
            "installation_date",
            get("Installation").and_then(|d| us_date_to_iso(&d)),
        );
        put(&mut tags, "removal_date", removal.clone());
        // Plazas, sidewalks, barriers, bridges: the public right of way.
        put(&mut tags, "access", Some("yes".into()));

        artworks.push(ImportedArtwork {
            source_id,
            title,
            description: None,
            artwork_type: artwork_type(get("Project Type").as_deref()).to_string(),
            lat,
            lon,
            tags,
            artist_source_ids: artist_ids,
            // Any removal date means a temporary work with an end, even when the date is
            // after the export (2025–2026): the parser does not depend on today's date.
            presence: if removal.is_some() {
                Presence::Removed
            } else {
                Presence::InPlace
            },
            source_url: None,
        });
    }

    Ok(ParsedFile {
        dataset: DATASET,
        artists: book.into_artists(),
        artworks,
        rejects,
        records_read: table.rows.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::common::assert_file_invariants;
    use std::collections::HashSet;

    const FILE: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../datasets/public-art/new-york-city-dot-art.csv"
    );

    fn reject_at(p: &ParsedFile, row: usize) -> &RejectReason {
        &p.rejects.iter().find(|r| r.row == row).unwrap().reason
    }

    #[test]
    fn counts() {
        let p = parse(Path::new(FILE)).unwrap();
        // python3 csv: 527 rows, all titled; 19 lack a latitude or longitude (3 of them have
        // only a longitude); of the 508 located rows 13 fall outside the NYC box (10 at sea
        // south of the city or off Long Island, 2 with a positive longitude, 1 at -33.24 —
        // SOURCES.md says 12); of the remaining 495, (Year, Title, Site Location) repeats
        // 5 times (4 extra "191st Street Tunnel" rows, 1 extra "Human Impacts Institute").
        assert_eq!(p.records_read, 527);
        assert_eq!(p.artworks.len(), 490);
        let by = |f: fn(&RejectReason) -> bool| p.rejects.iter().filter(|r| f(&r.reason)).count();
        assert_eq!(by(|r| *r == RejectReason::MissingCoordinates), 19);
        assert_eq!(by(|r| matches!(r, RejectReason::BadCoordinates(_))), 13);
        assert_eq!(by(|r| matches!(r, RejectReason::Duplicate(_))), 5);
        assert_eq!(p.rejects.len(), 37);
        // Same splitting rules re-implemented in python3 over the 495 in-box rows.
        assert_eq!(p.artists.len(), 462);
    }

    #[test]
    fn bad_coordinates_are_rejected_not_repaired() {
        let p = parse(Path::new(FILE)).unwrap();
        // Data rows 345 ("Bee Present", 40.7545058, 73.949038) and 518 ("Asphalt Asters",
        // positive longitude) and 403 ("Kicks", longitude -33.2372) are refused.
        for row in [345, 518, 403] {
            assert!(
                matches!(reject_at(&p, row), RejectReason::BadCoordinates(_)),
                "row {row}"
            );
        }
        // In the sea south of the city (40.33461, -74.10115) and off Long Island.
        for row in [28, 12, 2, 11, 13, 20, 21, 27, 484, 488] {
            assert!(
                matches!(reject_at(&p, row), RejectReason::BadCoordinates(_)),
                "row {row}"
            );
        }
        assert!(!p
            .artworks
            .iter()
            .any(|a| a.title == "Bee Present" || a.title == "Kicks"));
        // Row 414 has only a (positive) longitude: missing, not bad.
        assert_eq!(reject_at(&p, 414), &RejectReason::MissingCoordinates);
    }

    #[test]
    fn known_records_and_merged_rows() {
        let p = parse(Path::new(FILE)).unwrap();
        let carpet = p
            .artworks
            .iter()
            .find(|a| a.title == "Magic Carpet")
            .unwrap();
        assert_eq!((carpet.lat, carpet.lon), (40.743252, -73.918738));
        assert_eq!(carpet.artist_source_ids, ["soonae tark"]);
        assert_eq!(carpet.artwork_type, "other"); // "Ground Vinyl"
        assert_eq!(carpet.presence, Presence::Removed);
        let tag = |k: &str| carpet.tags.get(k).map(String::as_str);
        assert_eq!(tag("installation_date"), Some("2019-05-13"));
        assert_eq!(tag("removal_date"), Some("2020-04-13"));
        assert_eq!(tag("year"), Some("2019"));
        assert_eq!(tag("borough"), Some("Queens"));
        assert_eq!(tag("operator"), Some("NYC DOT"));
        assert_eq!(
            carpet.source_id,
            derived_id(
                Some("2019"),
                "Magic  carpet",
                Some("46th Street and Queens Blvd")
            )
        );

        // 2015 (by "Various artists": no credited artist) and 2023 (five rows, one per artist).
        let tunnel: Vec<_> = p
            .artworks
            .iter()
            .filter(|a| {
                a.title == "191st Street Tunnel Beautification Project"
                    && a.tags.get("year").map(String::as_str) == Some("2023")
            })
            .collect();
        assert_eq!(tunnel.len(), 1);
        assert_eq!(
            tunnel[0].artist_source_ids,
            [
                "denise coke",
                "daniel bonilla",
                "carla torres",
                "vicky azcoitia",
                "rasheeda johnson"
            ]
        );
        assert_eq!(tunnel[0].artwork_type, "mural");
    }

    #[test]
    fn artist_credits() {
        assert_eq!(
            artist_names("Emily and Jamie Erekson"),
            ["Emily Erekson", "Jamie Erekson"]
        );
        assert_eq!(artist_names("Elian and Pastel"), ["Elian", "Pastel"]);
        assert_eq!(artist_names("Pure and Applied"), ["Pure and Applied"]);
        assert_eq!(
            artist_names("Combo Colab (Carolina Cisneros &Mateo Pinto) + Queens Botanical Gardens"),
            ["Combo Colab", "Queens Botanical Gardens"]
        );
        assert_eq!(
            artist_names("Combo Colab: Carolina Cisneros, Mateo Pinto"),
            ["Combo Colab"]
        );
        assert_eq!(
            artist_names("Olivier Girouard, Jonathan Villeneuve and Ottoblix. Produced by Eukmen and Quartier des Spectacles Partnership, Montreal, Canada"),
            ["Olivier Girouard", "Jonathan Villeneuve", "Ottoblix"]
        );
        assert_eq!(
            artist_names("ATOMIC3 and Appareil Architecture, in collaboration with Jean-Sébastien Côté and Philippe Jean"),
            ["ATOMIC3", "Appareil Architecture", "Jean-Sébastien Côté", "Philippe Jean"]
        );
        assert_eq!(
            artist_names("Joel Bergner and students from St. Gregory the Great School"),
            ["Joel Bergner"]
        );
        assert_eq!(
            artist_names("Andrew Antonaccio and Fillio Galvez (2Alas)"),
            ["Andrew Antonaccio", "Fillio Galvez"]
        );
        assert_eq!(
            artist_names("Photoville + Various Artists"),
            ["Photoville", "Various Artists"]
        );
    }

    #[test]
    fn invariants() {
        let p = parse(Path::new(FILE)).unwrap();
        assert_file_invariants(&p);
        let artist_ids: HashSet<&str> = p.artists.iter().map(|a| a.source_id.as_str()).collect();
        assert!(!artist_ids.contains("various artists") && !artist_ids.contains("various"));
    }
}
