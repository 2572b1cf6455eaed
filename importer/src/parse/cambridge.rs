//! Cambridge (MA) Arts public art collection: a GeoJSON FeatureCollection of points, one
//! feature per object. Series are stored both as parts ("Turtles (a)") and, for some, as an
//! overview feature ("Turtles"); each feature is imported as it is, with a `series` tag.

use super::common::{
    check_point, clean, clean_url, put, put_material, put_year, split_credit_list, Area, ArtistBook,
};
use super::ParseError;
use crate::{Dataset, ImportedArtwork, ParsedFile, Presence, Reject, RejectReason};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

pub const DATASET: Dataset = Dataset {
    key: Cow::Borrowed("cambridge-ma"),
    name: Cow::Borrowed("Cambridge Arts Public Art Collection (Cambridge, MA)"),
    place: Cow::Borrowed("Cambridge, MA"),
    licence: Cow::Borrowed("Open Data Commons Public Domain Dedication and License (PDDL) v1.0"),
    attribution: Cow::Borrowed("Public art data: City of Cambridge, MA (Cambridge Arts Council), \
                  published by City of Cambridge GIS under the ODC PDDL 1.0. \
                  Photos are the City's and are not covered by the data licence."),
    source_url: Cow::Borrowed("https://github.com/cambridgegis/cambridgegis_data/tree/ec94d0342b0bd1ce5336978fc28db9fa4c210c6e/Landmark/Public_Art"),
};

/// The City of Cambridge (points span 42.3560–42.3997 N, 71.1540–71.0748 W).
const AREA: Area = Area {
    name: "Cambridge, MA",
    min_lat: 42.35,
    max_lat: 42.41,
    min_lon: -71.165,
    max_lon: -71.06,
};

const OPERATOR: &str = "Cambridge Arts";

type Props = Map<String, Value>;

/// A property as cleaned text. The export carries CSV-style doubled quotes
/// (`8"" (dia.)`, `Alston ""Stoney"" Conley`); they are undoubled.
fn prop(p: &Props, key: &str) -> Option<String> {
    match p.get(key)? {
        Value::String(s) => clean(&s.replace("\"\"", "\"")),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// `Website_Category` (6 values), refined by `Object_Type` where that is more specific.
fn artwork_type(category: Option<&str>, object_type: Option<&str>) -> &'static str {
    let obj = object_type.unwrap_or("").to_lowercase();
    match category.map(str::to_lowercase).as_deref() {
        Some("sculpture") => {
            // 70 "Bronze Relief" plaques; "Sculpture and Bronze Relief" stays a sculpture.
            if obj.contains("relief") && !obj.contains("sculpture") {
                "relief"
            } else if obj.contains("fountain") {
                "fountain"
            } else {
                "sculpture"
            }
        }
        Some("mural") => "mural",
        Some("mosaic") => "mosaic",
        // Landscape works are designed paths, plazas, benches and plantings; electronic works
        // are light and time-based media built into a site.
        Some("landscape") | Some("electronic") => "installation",
        // Stained glass windows have no narrower value in the schema.
        _ => "other",
    }
}

/// Artists from `Artist_Full_Name` ("Mags Harries & Lajos Heder"). When a full name is a single
/// word and the `;`-separated `First_Name`/`Last_Name` lists line up with the credits, the
/// first and last name are used instead ("Judith" with Judith / Inglese → "Judith Inglese").
fn artist_names(p: &Props) -> Vec<String> {
    let Some(full) = prop(p, "Artist_Full_Name") else {
        return Vec::new();
    };
    let names = split_credit_list(&full);
    let list = |k: &str| -> Vec<String> {
        prop(p, k)
            .map(|s| s.split([';', ':']).filter_map(clean).collect())
            .unwrap_or_default()
    };
    let (firsts, lasts) = (list("First_Name"), list("Last_Name"));
    names
        .into_iter()
        .enumerate()
        .map(|(i, name)| {
            let aligned = firsts.len() == lasts.len() && !name.contains(' ');
            match (aligned, firsts.get(i), lasts.get(i)) {
                (true, Some(f), Some(l)) if *f == name => format!("{f} {l}"),
                _ => name,
            }
        })
        .collect()
}

fn point(feature: &Value, p: &Props) -> Result<(f64, f64), RejectReason> {
    // The geometry is the GIS point; `Latitude`/`Longitude` are rounded copies that differ
    // slightly for 15 features, so they are only a fallback.
    let coords = feature
        .pointer("/geometry/coordinates")
        .and_then(Value::as_array);
    let (lat, lon) = match coords {
        Some(c) if c.len() >= 2 => (c[1].as_f64(), c[0].as_f64()),
        _ => (
            p.get("Latitude").and_then(Value::as_f64),
            p.get("Longitude").and_then(Value::as_f64),
        ),
    };
    match (lat, lon) {
        (Some(lat), Some(lon)) => check_point(lat, lon, &AREA),
        _ => Err(RejectReason::MissingCoordinates),
    }
}

pub fn parse(path: &Path) -> Result<ParsedFile, ParseError> {
    let text = std::fs::read_to_string(path).map_err(|e| ParseError::io(path, e))?;
    let doc: Value = serde_json::from_str(&text).map_err(|e| ParseError::json(path, e))?;
    let Some(features) = doc.get("features").and_then(Value::as_array) else {
        return Err(ParseError::format(
            path,
            "expected a GeoJSON FeatureCollection",
        ));
    };
    let props = |f: &'_ Value| -> Props {
        f.get("properties")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default()
    };

    // Five accession numbers are shared by two features each, and two features have none.
    // Shared numbers are ambiguous (some pairs are a part and its overview, others plainly
    // different works: "Arbor"/"Workers"), so no feature claims them: those features, and
    // the ones without a number, are identified by the GIS `Merge_Number` (unique in the file).
    let mut accession_uses: HashMap<String, usize> = HashMap::new();
    for f in features {
        if let Some(acc) = prop(&props(f), "Accession_Number") {
            *accession_uses.entry(acc).or_default() += 1;
        }
    }

    let mut book = ArtistBook::default();
    let mut artworks = Vec::new();
    let mut rejects = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();

    for (i, f) in features.iter().enumerate() {
        let row = i + 1;
        let p = &props(f);
        let accession = prop(p, "Accession_Number");
        let merge = prop(p, "Merge_Number");
        let source_id = match (&accession, &merge) {
            (Some(acc), _) if accession_uses.get(acc).copied() == Some(1) => acc.clone(),
            (Some(acc), Some(m)) => format!("{acc}@merge-{m}"),
            (None, Some(m)) => format!("merge-{m}"),
            (_, None) => {
                rejects.push(Reject {
                    row,
                    source_id: accession,
                    reason: RejectReason::Malformed(
                        "shared or missing Accession_Number and no Merge_Number".into(),
                    ),
                });
                continue;
            }
        };
        let reject = |reason| Reject {
            row,
            source_id: Some(source_id.clone()),
            reason,
        };
        // `List_Title` is the display title ("Drawn Water (Valve plate)"); `Title` is only the
        // part's own name and is missing on 67 features.
        let Some(title) = prop(p, "List_Title").or_else(|| prop(p, "Title")) else {
            rejects.push(reject(RejectReason::MissingTitle));
            continue;
        };
        let (lat, lon) = match point(f, p) {
            Ok(pt) => pt,
            Err(reason) => {
                rejects.push(reject(reason));
                continue;
            }
        };
        if let Some(first) = seen.get(&source_id) {
            rejects.push(reject(RejectReason::Duplicate(format!(
                "same id as row {first}"
            ))));
            continue;
        }
        seen.insert(source_id.clone(), row);

        let mut tags = BTreeMap::new();
        put(&mut tags, "operator", Some(OPERATOR.into()));
        put_material(&mut tags, prop(p, "Detailed_Materials").as_deref());
        put_year(&mut tags, prop(p, "Art_Year").as_deref());
        put(&mut tags, "object_type", prop(p, "Object_Type"));
        put(&mut tags, "series", prop(p, "Series"));
        put(&mut tags, "accession_number", accession);
        put(&mut tags, "dimensions", prop(p, "Dimensions"));
        put(&mut tags, "site", prop(p, "Location"));
        put(&mut tags, "address", prop(p, "Actual_Address"));
        put(
            &mut tags,
            "location_detail",
            prop(p, "Additional_Location_Info"),
        );
        put(&mut tags, "neighbourhood", prop(p, "Neighborhood"));
        put(&mut tags, "keywords", prop(p, "Tag_Keywords"));
        put(
            &mut tags,
            "website",
            clean_url(prop(p, "More_Info_URL").as_deref()),
        );
        put(
            &mut tags,
            "photo_url",
            clean_url(prop(p, "Photo_Website_URL").as_deref()),
        );
        let credit = prop(p, "Photo_Caption").map(|c| {
            const PREFIX: &str = "photo credit:";
            match c.get(..PREFIX.len()) {
                Some(head) if head.eq_ignore_ascii_case(PREFIX) => {
                    c[PREFIX.len()..].trim().to_string()
                }
                _ => c,
            }
        });
        put(&mut tags, "photo_credit", credit);
        // All 354 exterior works need no permission; interior ones are in schools and offices,
        // some by appointment, so their access is left unknown.
        if prop(p, "Interior_Exterior").is_some_and(|s| s.eq_ignore_ascii_case("exterior")) {
            put(&mut tags, "access", Some("yes".into()));
        }
        if prop(p, "Temporary_Permanent").is_some_and(|s| s.eq_ignore_ascii_case("temporary")) {
            put(&mut tags, "temporary", Some("yes".into()));
        }

        let artist_source_ids = book.credit_all(&artist_names(p));
        artworks.push(ImportedArtwork {
            source_id,
            title,
            // The export has no description field (`Additional_Location_Info` is about the
            // place, and is kept as `location_detail`).
            description: None,
            artwork_type: artwork_type(
                prop(p, "Website_Category").as_deref(),
                prop(p, "Object_Type").as_deref(),
            )
            .to_string(),
            lat,
            lon,
            tags,
            artist_source_ids,
            // No status field. The three temporary works (2019–2021) may have ended, but the
            // file does not say so.
            presence: Presence::InPlace,
            source_url: None,
        });
    }

    Ok(ParsedFile {
        dataset: DATASET,
        artists: book.into_artists(),
        artworks,
        rejects,
        records_read: features.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::common::assert_file_invariants;
    use std::collections::HashSet;

    const FILE: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../datasets/public-art/cambridge-ma.geojson"
    );

    #[test]
    fn counts() {
        let p = parse(Path::new(FILE)).unwrap();
        // python3: 423 Point features, all with List_Title, all inside 42.3560–42.3997 N /
        // 71.1540–71.0748 W; 87 distinct artist names after splitting "A & B" and fixing
        // "Judith" → "Judith Inglese".
        assert_eq!(p.records_read, 423);
        assert_eq!(p.artworks.len(), 423);
        assert!(p.rejects.is_empty());
        assert_eq!(p.artists.len(), 87);
        let mut by_type: BTreeMap<&str, usize> = BTreeMap::new();
        for a in &p.artworks {
            *by_type.entry(a.artwork_type.as_str()).or_default() += 1;
        }
        // Website_Category: 284 Sculpture (70 of them bronze reliefs, 5 fountains), 52 Mural,
        // 42 Mosaic, 27 Landscape + 6 Electronic (installation), 12 Stained Glass (other).
        let expected: BTreeMap<&str, usize> = [
            ("fountain", 5),
            ("installation", 33),
            ("mosaic", 42),
            ("mural", 52),
            ("other", 12),
            ("relief", 70),
            ("sculpture", 209),
        ]
        .into_iter()
        .collect();
        assert_eq!(by_type, expected);
        assert_eq!(
            p.artworks
                .iter()
                .filter(|a| a.tags.contains_key("access"))
                .count(),
            354
        );
    }

    #[test]
    fn drawn_water_valve_plate() {
        let p = parse(Path::new(FILE)).unwrap();
        let a = p
            .artworks
            .iter()
            .find(|a| a.source_id == "CAC.02.01u")
            .unwrap();
        assert_eq!(a.title, "Drawn Water (Valve plate)");
        assert_eq!(a.artwork_type, "sculpture");
        assert_eq!((a.lat, a.lon), (42.38238557009502, -71.11635367945287));
        assert_eq!(a.artist_source_ids, ["mags harries", "lajos heder"]);
        let names: Vec<&str> = a
            .artist_source_ids
            .iter()
            .map(|id| {
                p.artists
                    .iter()
                    .find(|x| &x.source_id == id)
                    .unwrap()
                    .name
                    .as_str()
            })
            .collect();
        assert_eq!(names, ["Mags Harries", "Lajos Heder"]);
        let tag = |k: &str| a.tags.get(k).map(String::as_str);
        assert_eq!(tag("material"), Some("bronze"));
        assert_eq!(tag("year"), Some("2002"));
        assert_eq!(tag("dimensions"), Some("8\" (dia.)"));
        assert_eq!(tag("site"), Some("Maria L. Baldwin Elementary School"));
        assert_eq!(tag("address"), Some("85 Oxford Street"));
        assert_eq!(tag("neighbourhood"), Some("Agassiz"));
        assert_eq!(tag("keywords"), Some("water; swimming; play; spirit; fun"));
        assert_eq!(tag("access"), Some("yes"));
        assert_eq!(tag("operator"), Some("Cambridge Arts"));
        assert_eq!(tag("accession_number"), Some("CAC.02.01u"));
        assert!(tag("photo_url")
            .unwrap()
            .ends_with("HarriesHeder_CAC0201u_Baldwin.JPG"));
        assert_eq!(a.presence, Presence::InPlace);
    }

    #[test]
    fn shared_and_missing_accession_numbers_fall_back_to_merge_number() {
        let p = parse(Path::new(FILE)).unwrap();
        let ids: HashSet<&str> = p.artworks.iter().map(|a| a.source_id.as_str()).collect();
        for id in [
            "CAC.86.05@merge-92",
            "CAC.86.05@merge-259",
            "CAC.07.04a@merge-85",
            "CAC.07.04a@merge-356",
            "merge-403",
            "merge-409",
        ] {
            assert!(ids.contains(id), "{id}");
        }
        assert!(!ids.contains("CAC.86.05"));
        // 5 numbers × 2 features + 2 without a number.
        assert_eq!(
            p.artworks
                .iter()
                .filter(|a| a.source_id.contains("merge-"))
                .count(),
            12
        );
        // "Judith" is completed from First_Name/Last_Name; doubled quotes are undoubled.
        let names: HashSet<&str> = p.artists.iter().map(|a| a.name.as_str()).collect();
        assert!(names.contains("Judith Inglese") && !names.contains("Judith"));
        assert!(names.contains("Alston \"Stoney\" Conley"));
    }

    #[test]
    fn invariants() {
        let p = parse(Path::new(FILE)).unwrap();
        assert_file_invariants(&p);
        // Every Cambridge work credits an artist.
        assert!(p.artworks.iter().all(|a| !a.artist_source_ids.is_empty()));
    }
}
