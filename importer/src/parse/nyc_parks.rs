//! NYC Parks Monuments (NYC Open Data `6rrm-vxj9`), as cleaned in `SOURCES.md`: one CSV row per
//! monument record, WGS84 `latitude`/`longitude` added from the State Plane `X`/`Y`.

use super::common::{
    coordinates_from_text, has_word, put, put_material, put_year, shared_surname_pair,
    strip_parentheticals, title_case_if_lower, us_date_to_iso, ArtistBook, CsvTable, NEW_YORK_CITY,
};
use super::ParseError;
use crate::{Dataset, ImportedArtwork, ParsedFile, Presence, Reject, RejectReason};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

pub const DATASET: Dataset = Dataset {
    key: Cow::Borrowed("nyc-parks"),
    name: Cow::Borrowed("NYC Parks Monuments"),
    place: Cow::Borrowed("New York"),
    licence: Cow::Borrowed(
        "NYC Open Data Terms of Use (no licence requirement; Local Law 11 of 2012)",
    ),
    attribution: Cow::Borrowed(
        "Source: NYC Department of Parks & Recreation, \"NYC Parks Monuments\" \
                  (NYC Open Data, 6rrm-vxj9). Modified by Plinth as listed in \
                  datasets/public-art/SOURCES.md: duplicate rows removed and WGS84 coordinates \
                  added by reprojection. The City of New York provides its data as is, \
                  without warranty.",
    ),
    source_url: Cow::Borrowed("https://data.cityofnewyork.us/d/6rrm-vxj9"),
};

const OPERATOR: &str = "NYC Parks";

const REQUIRED: &[&str] = &["name", "number", "latitude", "longitude"];

/// Credit lines whose parts the general rules would get wrong, as the names they stand for.
const SCULPTOR_OVERRIDES: &[(&str, &[&str])] = &[
    (
        "John V. & M.V. Van Pelt",
        &["John V. Van Pelt", "M.V. Van Pelt"],
    ),
    // A firm, not two people.
    ("Rochette and Parzini", &["Rochette and Parzini"]),
    (
        "Henry Kirke Brown; J.Q.A. Ward. assistant",
        &["Henry Kirke Brown", "J.Q.A. Ward"],
    ),
    (
        "Henry Baerer copy, Hagens orig",
        &["Henry Baerer", "Hagens"],
    ),
    (
        "Based on bust by James Earle Fraser",
        &["James Earle Fraser"],
    ),
    (
        "Computer generated patterns from photographs by Tsuneo Nakamura",
        &["Tsuneo Nakamura"],
    ),
];

/// Comma-separated pieces of a credit that are roles or places, not people.
const NOT_NAMES: &[&str] = &[
    "designer",
    "design team project",
    "artist",
    "painter",
    "paris",
    "berlin",
    "germany",
];

/// Name suffixes that follow a comma ("Andrew O'Connor, Jr.").
const SUFFIXES: &[&str] = &["jr", "jr.", "sr", "sr.", "ii", "iii"];

/// People in a `sculptor` cell. Credits are `;`-separated, with roles in parentheses or after
/// a comma ("F.W. MacMonnies, spandrel figures; Philip Martiny, eagles; …").
fn sculptor_names(raw: &str) -> Vec<String> {
    if let Some((_, names)) = SCULPTOR_OVERRIDES.iter().find(|(k, _)| *k == raw) {
        return names.iter().map(|n| n.to_string()).collect();
    }
    let mut out = Vec::new();
    for credit in raw.split(';') {
        let credit = strip_parentheticals(credit);
        if let Some(pair) = shared_surname_pair(&credit) {
            out.extend(pair);
            continue;
        }
        let credit_all_lower = credit == credit.to_lowercase();
        let mut pieces: Vec<String> = Vec::new();
        for piece in credit.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if SUFFIXES.contains(&piece.to_lowercase().as_str()) {
                if let Some(last) = pieces.last_mut() {
                    last.push(' ');
                    last.push_str(piece);
                }
                continue;
            }
            // Roles ("spandrel figures", "eagles") start in lower case, unless the whole credit
            // is lower case ("edward clark potter"); life dates and years have digits.
            let lower = piece.to_lowercase();
            let role = (!credit_all_lower && piece.chars().next().is_some_and(char::is_lowercase))
                || piece.chars().any(|c| c.is_ascii_digit())
                || NOT_NAMES.contains(&lower.as_str());
            if role {
                continue;
            }
            pieces.push(piece.to_string());
        }
        for piece in pieces {
            for name in piece.split(" and ").flat_map(|p| p.split(" & ")) {
                let name = name.trim();
                if !name.is_empty() {
                    out.push(title_case_if_lower(name));
                }
            }
        }
    }
    out
}

/// `borough` has variants ("the Bronx", "Bronx", "Q", "M").
fn borough(raw: Option<String>) -> Option<String> {
    let b = raw?;
    Some(
        match b.to_lowercase().trim_start_matches("the ").trim() {
            "bronx" | "x" => "Bronx",
            "q" | "queens" => "Queens",
            "m" | "manhattan" => "Manhattan",
            "b" | "brooklyn" => "Brooklyn",
            "r" | "si" | "staten island" => "Staten Island",
            _ => return Some(b),
        }
        .to_string(),
    )
}

/// Keywords of `descrip` (a physical description such as "Bust on pedestal", "Tablet on
/// boulder" or a long sentence) → type. The keyword that occurs first wins: "Bas-relief plaque
/// on stele: plaque has enframed bust …" is a relief, "Bust … two plaques with reliefs" a
/// statue, "Flagstaff base with plaque" a monument.
const TYPE_KEYWORDS: &[(&str, &str)] = &[
    ("fountain", "fountain"),
    ("statue", "statue"),
    ("bust", "statue"),
    // "Standing figure (over life-size) on pedestal" is a statue.
    ("figure", "statue"),
    ("equestrian", "statue"),
    ("flagstaff", "monument"),
    ("flagpole", "monument"),
    ("relief", "relief"),
    ("plaque", "relief"),
    ("tablet", "relief"),
    ("memorial", "monument"),
    ("monument", "monument"),
    ("stele", "monument"),
    ("marker", "monument"),
    ("obelisk", "monument"),
    ("cenotaph", "monument"),
];

fn artwork_type(descrip: Option<&str>, categories: Option<&str>) -> &'static str {
    let d = descrip.unwrap_or("").to_lowercase();
    for word in d.split(|c: char| !c.is_alphanumeric()) {
        if let Some((_, t)) = TYPE_KEYWORDS.iter().find(|(k, _)| word.starts_with(k)) {
            return t;
        }
    }
    // No telling keyword: war memorials and the like by their category, else sculpture
    // ("Sundial", "8 sculptured eagles", abstract works).
    if categories.is_some_and(|c| has_word(c, "memorial")) {
        "monument"
    } else {
        "sculpture"
    }
}

/// `extant`: SOURCES.md gives counts (Y 1,497, M 195, N 141, S 41, L 17, NM 1, blank 9) but
/// not meanings. Only "Y" is clearly "still there"; blank is unknown and kept in place like the
/// other datasets' records without a status. N, M, S, L and NM are read as "not on site" —
/// which matches "N" (not extant) and the likely "missing"/"stored"/"lost" readings.
fn presence(extant: Option<&str>) -> Presence {
    match extant.map(str::to_uppercase).as_deref() {
        None | Some("Y") => Presence::InPlace,
        Some(_) => Presence::Removed,
    }
}

pub fn parse(path: &Path) -> Result<ParsedFile, ParseError> {
    let table = CsvTable::read(path, REQUIRED)?;
    let mut book = ArtistBook::default();
    let mut artworks = Vec::new();
    let mut rejects = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();

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
        let Some(source_id) = get("number") else {
            let reason = RejectReason::Malformed("no monument number".into());
            rejects.push(Reject {
                row,
                source_id: None,
                reason,
            });
            continue;
        };
        let reject = |reason| Reject {
            row,
            source_id: Some(source_id.clone()),
            reason,
        };
        let Some(title) = get("name").map(|n| title_case_if_lower(&n)) else {
            rejects.push(reject(RejectReason::MissingTitle));
            continue;
        };
        let (lat, lon) = match coordinates_from_text(
            table.raw(rec, "latitude"),
            table.raw(rec, "longitude"),
            &NEW_YORK_CITY,
        ) {
            Ok(p) => p,
            Err(reason) => {
                rejects.push(reject(reason));
                continue;
            }
        };
        // 19 numbers have several differing rows (parts of one monument, such as the nine
        // "Eagles", or re-surveyed points): the first row with usable coordinates stands for
        // the monument.
        if let Some(first) = seen.get(&source_id) {
            let why = format!("same monument number as row {first}");
            rejects.push(reject(RejectReason::Duplicate(why)));
            continue;
        }
        seen.insert(source_id.clone(), row);

        let descrip = get("descrip");
        let categories = get("Categories");
        let mut tags = BTreeMap::new();
        put(&mut tags, "operator", Some(OPERATOR.into()));
        put_material(&mut tags, get("materials").as_deref());
        // The dedication date dates the monument as the public knows it; the casting date is the
        // fallback.
        let dated = get("dedicated").or_else(|| get("cast"));
        put_year(&mut tags, dated.as_deref());
        put(&mut tags, "cast_date", get("cast"));
        put(&mut tags, "object_type", descrip.clone());
        put(&mut tags, "dimensions", get("dimen"));
        put(&mut tags, "inscription", get("inscribed"));
        put(&mut tags, "site", get("parkname"));
        put(&mut tags, "location_detail", get("Location"));
        put(&mut tags, "borough", borough(get("borough")));
        // The sculptor is the artist; the architect (usually of the pedestal or setting) is
        // kept as text.
        put(&mut tags, "architect", get("architect"));
        put(&mut tags, "foundry", get("foundry"));
        put(&mut tags, "fabricator", get("fabricator"));
        put(&mut tags, "categories", categories.clone());
        let alt: Vec<String> = [get("Name2"), get("Name3")].into_iter().flatten().collect();
        put(&mut tags, "alt_name", Some(alt.join("; ")));
        put(
            &mut tags,
            "installation_date",
            get("Installation").and_then(|d| us_date_to_iso(&d)),
        );
        put(
            &mut tags,
            "rededication_date",
            get("Rededication").and_then(|d| us_date_to_iso(&d)),
        );
        // `parkprop` Y: on park property, open to the public. N and O (other owners) unknown.
        if get("parkprop").is_some_and(|p| p.eq_ignore_ascii_case("y")) {
            put(&mut tags, "access", Some("yes".into()));
        }

        let artist_source_ids = book.credit_all(
            &get("sculptor")
                .map(|s| sculptor_names(&s))
                .unwrap_or_default(),
        );
        // `descrip` is mostly a short label ("Bust", "Plaque on boulder"), kept as
        // `object_type`; from six words on it reads as a physical description ("Standing
        // figure (over life-size) on integral plinth on pedestal") and is used as one.
        let description = descrip.filter(|d| d.split_whitespace().count() >= 6);
        artworks.push(ImportedArtwork {
            source_id,
            title,
            description,
            artwork_type: artwork_type(get("descrip").as_deref(), categories.as_deref())
                .to_string(),
            lat,
            lon,
            tags,
            artist_source_ids,
            presence: presence(get("extant").as_deref()),
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

    const FILE: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../datasets/public-art/new-york-city-parks-monuments.csv"
    );

    #[test]
    fn counts() {
        let p = parse(Path::new(FILE)).unwrap();
        // python3 csv: 1,901 rows, all with a name and a number; 965 without
        // latitude/longitude; the 936 located rows all lie inside the NYC box and carry 904
        // distinct numbers (19 numbers have 51 rows between them: 32 later rows).
        assert_eq!(p.records_read, 1901);
        assert_eq!(p.artworks.len(), 904);
        assert_eq!(p.rejects.len(), 965 + 32);
        let by = |f: fn(&RejectReason) -> bool| p.rejects.iter().filter(|r| f(&r.reason)).count();
        assert_eq!(by(|r| *r == RejectReason::MissingCoordinates), 965);
        assert_eq!(by(|r| matches!(r, RejectReason::Duplicate(_))), 32);
        // The `sculptor` splitting rules re-implemented in python3 over the 904 kept rows.
        assert_eq!(p.artists.len(), 308);
    }

    #[test]
    fn known_records() {
        let p = parse(Path::new(FILE)).unwrap();
        let a = p.artworks.iter().find(|a| a.source_id == "354").unwrap();
        assert_eq!(a.title, "Arthur Cunningham");
        assert_eq!(a.artwork_type, "statue");
        assert_eq!((a.lat, a.lon), (40.729598, -73.772361));
        assert_eq!(a.artist_source_ids, ["emil siebern"]);
        let tag = |k: &str| a.tags.get(k).map(String::as_str);
        assert_eq!(tag("material"), Some("bronze"));
        assert_eq!(tag("year"), Some("1941"));
        assert_eq!(tag("borough"), Some("Queens"));
        assert_eq!(tag("site"), Some("Cunningham Park"));
        assert_eq!(tag("operator"), Some("NYC Parks"));
        assert_eq!(a.description, None);
        assert_eq!(a.presence, Presence::InPlace);

        // Lower-case names are title-cased.
        assert!(p.artworks.iter().any(|a| a.title == "Willkie, Wendell L."));
        // The nine "Eagles" rows (number 426) give one monument at the first row's point.
        let eagles: Vec<_> = p.artworks.iter().filter(|a| a.source_id == "426").collect();
        assert_eq!(eagles.len(), 1);
        assert_eq!((eagles[0].lat, eagles[0].lon), (40.7679294, -73.9719046));
        let dup = p
            .rejects
            .iter()
            .find(|r| r.source_id.as_deref() == Some("426"))
            .unwrap();
        assert_eq!(
            dup.reason,
            RejectReason::Duplicate("same monument number as row 416".into())
        );
        // "ca. 1936" keeps its text.
        let ca = p
            .artworks
            .iter()
            .find(|a| a.tags.get("date_detail").map(String::as_str) == Some("ca. 1936"))
            .unwrap();
        assert_eq!(ca.tags.get("year").map(String::as_str), Some("1936"));
    }

    #[test]
    fn sculptor_credits() {
        assert_eq!(sculptor_names("Emil Siebern (?)"), ["Emil Siebern"]);
        assert_eq!(
            sculptor_names("F.W. MacMonnies, spandrel figures; Philip Martiny, eagles; Hermon Atkins MacNeil (Washington as Commander); Piccirilli Brothers (Carvers)"),
            ["F.W. MacMonnies", "Philip Martiny", "Hermon Atkins MacNeil", "Piccirilli Brothers"]
        );
        assert_eq!(
            sculptor_names(
                "Andrew O'Connor, Jr. (bust); Frederick George Richard Roth (pedestal relief)"
            ),
            ["Andrew O'Connor Jr.", "Frederick George Richard Roth"]
        );
        assert_eq!(
            sculptor_names("Walter Schott, Berlin, Germany"),
            ["Walter Schott"]
        );
        assert_eq!(
            sculptor_names("Richmond Barthe, 1901-1989"),
            ["Richmond Barthe"]
        );
        assert_eq!(
            sculptor_names("Karl Gruppe, Karl Bitter"),
            ["Karl Gruppe", "Karl Bitter"]
        );
        assert_eq!(
            sculptor_names("Peter Wormser & William Fellows"),
            ["Peter Wormser", "William Fellows"]
        );
        assert_eq!(
            sculptor_names("George Thomas Brewster (original figure); Diane and Glenn Hines (replacement figure)"),
            ["George Thomas Brewster", "Diane Hines", "Glenn Hines"]
        );
        assert_eq!(
            sculptor_names("edward clark potter"),
            ["Edward Clark Potter"]
        );
        assert_eq!(
            sculptor_names("Boris Barnhard Gordon, artist"),
            ["Boris Barnhard Gordon"]
        );
    }

    #[test]
    fn invariants() {
        let p = parse(Path::new(FILE)).unwrap();
        assert_file_invariants(&p);
    }
}
