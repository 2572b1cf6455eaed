//! San Francisco Civic Art Collection (DataSF `r7bn-7v9c`, 2020 export). One CSV row per
//! accessioned object or part: the parts of one work share the accession number's first two
//! components ("2008.10.a" … "2008.10.aa" and "2008.10.a-aa" are the 28 panels of "Swimmer's
//! Waves"; "1999.22.1", "1999.22.2" and "1999.22.1-2" are the two "Origami Fountains").
//! Rows are collapsed onto that base number, so each work is imported once.

use super::common::{
    clean, coordinates_from_text, fnv1a64, has_word, has_word_prefix, map_material, normalise_name,
    put, put_year, strip_parentheticals, Area, ArtistBook, CsvTable,
};
use super::ParseError;
use crate::{Dataset, ImportedArtwork, ParsedFile, Presence, Reject, RejectReason};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

pub const DATASET: Dataset = Dataset {
    key: Cow::Borrowed("san-francisco"),
    name: Cow::Borrowed("San Francisco Civic Art Collection"),
    place: Cow::Borrowed("San Francisco"),
    licence: Cow::Borrowed("Open Data Commons Public Domain Dedication and License (PDDL) v1.0"),
    attribution: Cow::Borrowed(
        "Civic Art Collection data: San Francisco Arts Commission, via DataSF \
                  (r7bn-7v9c), under the ODC PDDL 1.0.",
    ),
    source_url: Cow::Borrowed("https://data.sfgov.org/d/r7bn-7v9c"),
};

/// San Francisco (37.70–37.84 N with Treasure Island) plus San Francisco International
/// Airport to the south (about 37.615 N, 122.39 W), where 68 works are sited. "Edmund
/// Godchaux" at 38.0174, -122.1386 (Contra Costa County) falls outside.
const AREA: Area = Area {
    name: "San Francisco and SFO",
    min_lat: 37.60,
    max_lat: 37.84,
    min_lon: -122.52,
    max_lon: -122.35,
};

const OPERATOR: &str = "San Francisco Arts Commission";

const REQUIRED: &[&str] = &[
    "Accession Number",
    "Display Title",
    "Artist",
    "Latitude",
    "Longitude",
];

/// Credit lines that the "Last, First" rules would get wrong.
const ARTIST_OVERRIDES: &[(&str, &[&str])] = &[
    // Three surnames: Vito Acconci (credited as "Acconci, Vito" elsewhere), Saitowitz, Soloman.
    (
        "Acconci, Saitowitz and Soloman",
        &["Vito Acconci", "Saitowitz", "Soloman"],
    ),
    // JoeSam. is a single-name artist (also credited alone as "Joesam.").
    (
        "Hayes, Frederick, JoeSam and Washington, Horace",
        &["Frederick Hayes", "JoeSam.", "Horace Washington"],
    ),
    // Credited elsewhere as "Nagasawa, Nobuho".
    ("Nagasawa Nobuho", &["Nobuho Nagasawa"]),
];

const NAME_SUFFIXES: &[&str] = &["jr", "jr.", "sr", "sr.", "ii", "iii"];

/// People in an `Artist` cell, written "Last, First" and joined by " and " or ";":
/// "Davis, Michael and Schwartzenberg, Susan", "Nagasawa, Nobuho, Margrill, Anita and Buchen,
/// Bill and Mary" (the last "Mary" shares "Buchen"), "Olmsted, Jr., Frederick Law". Credits
/// without a comma ("Wowhaus", "Jon Rubin and Harrell Fletcher") are names as written.
/// Parentheses hold former names or aliases ("Fuller (McChesney), Mary") and are dropped.
fn artist_names(raw: &str) -> Vec<String> {
    if let Some((_, names)) = ARTIST_OVERRIDES.iter().find(|(k, _)| *k == raw) {
        return names.iter().map(|n| n.to_string()).collect();
    }
    let s = strip_parentheticals(raw);
    let mut out = Vec::new();
    let mut last_surname: Option<String> = None;
    for segment in s.split(';').flat_map(|p| p.split(" and ")) {
        let mut tokens: Vec<String> = Vec::new();
        for t in segment.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            match tokens.last_mut() {
                Some(prev) if NAME_SUFFIXES.contains(&t.to_lowercase().as_str()) => {
                    prev.push(' ');
                    prev.push_str(t);
                }
                _ => tokens.push(t.to_string()),
            }
        }
        match tokens.as_slice() {
            [] => {}
            [one] => {
                // A lone first name right after a "Last, First" credit: "Bill and Mary".
                match (&last_surname, one.contains(' ')) {
                    (Some(surname), false) => out.push(format!("{one} {surname}")),
                    _ => out.push(one.clone()),
                }
                last_surname = None;
            }
            pairs => {
                for chunk in pairs.chunks(2) {
                    match chunk {
                        [last, first] => {
                            out.push(format!("{first} {last}"));
                            last_surname = Some(last.clone());
                        }
                        [lone] => {
                            out.push(lone.clone());
                            last_surname = None;
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    out
}

/// The words of the first material named in `Medium` ("Oil on canvas" → "oil",
/// "Photographic print on porcelain enamel" → "photographic print").
fn first_medium(medium: &str) -> String {
    let m = medium.to_lowercase();
    let mut first = m.as_str();
    for sep in [",", ";", " on ", " with ", " and "] {
        first = first.split(sep).next().unwrap_or(first);
    }
    first.trim().to_string()
}

/// No type field: keywords of the title and media. Paintings in this collection are murals
/// in public buildings (WPA-era and later), photographs, prints, tapestries and stained glass
/// have no narrower value, and the rest are sculpture.
fn artwork_type(title: &str, medium: &str, media_support: &str) -> &'static str {
    let all = format!("{title} {medium} {media_support}");
    let first = first_medium(if medium.is_empty() {
        media_support
    } else {
        medium
    });
    if has_word_prefix(&all, "fountain") {
        "fountain"
    } else if has_word_prefix(&all, "mosaic")
        || has_word(&all, "tesserae")
        || has_word(&all, "smalti")
    {
        "mosaic"
    } else if has_word_prefix(&all, "relief") {
        "relief"
    } else if has_word_prefix(&all, "mural") || has_word_prefix(&all, "fresco") {
        "mural"
    } else if has_word_prefix(&first, "tile") {
        // Tile work on walls and floors.
        "mosaic"
    } else if [
        "photo",
        "print",
        "tapestr",
        "stained",
        "porcelain",
        "laminated",
        "collage",
        "pastel",
        "digital",
        "image",
    ]
    .iter()
    .any(|w| has_word_prefix(&first, w))
    {
        "other"
    } else if [
        "oil", "tempera", "acrylic", "paint", "paints", "pigment", "pigments",
    ]
    .iter()
    .any(|w| has_word(&first, w))
    {
        "mural"
    } else {
        "sculpture"
    }
}

/// "2008.10.a-aa" → "2008.10"; `None` when the number does not start with "YYYY.N".
fn base_number(accession: &str) -> Option<String> {
    let (year, rest) = accession.split_once('.')?;
    let serial: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let ok = year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit()) && !serial.is_empty();
    ok.then(|| format!("{year}.{serial}"))
}

/// Whether the accession number stands for the whole work: the base number itself or a range
/// of its parts ("2008.10.a-aa", "1985.14.1-6").
fn is_whole(accession: &str, base: &str) -> bool {
    match accession.strip_prefix(base) {
        Some("") => true,
        Some(rest) => rest
            .strip_prefix('.')
            .is_some_and(|r| !r.contains('.') && r.contains('-')),
        None => false,
    }
}

/// "-122.3919976,17z": ten longitudes carry a map-URL zoom suffix after the number. The
/// suffix is cut; anything else that is not a number stays unparseable.
fn strip_zoom_suffix(s: &str) -> &str {
    match s.trim().rsplit_once(',') {
        Some((num, zoom))
            if zoom.len() > 1
                && zoom.ends_with('z')
                && zoom[..zoom.len() - 1].bytes().all(|b| b.is_ascii_digit()) =>
        {
            num
        }
        _ => s,
    }
}

/// Strips a trailing "[part label]" from a part's title: "Swimmer's Waves [column B, row 1]".
fn without_part_label(title: &str) -> &str {
    match title
        .trim_end()
        .strip_suffix(']')
        .and_then(|t| t.rfind('[').map(|i| &title[..i]))
    {
        Some(stem) if !stem.trim().is_empty() => stem.trim_end(),
        _ => title,
    }
}

struct Row<'a> {
    row: usize,
    rec: &'a csv::StringRecord,
    accession: Option<String>,
    title: Option<String>,
    point: Result<(f64, f64), RejectReason>,
}

impl Row<'_> {
    fn usable(&self) -> bool {
        self.title.is_some() && self.point.is_ok()
    }
}

pub fn parse(path: &Path) -> Result<ParsedFile, ParseError> {
    let table = CsvTable::read(path, REQUIRED)?;
    let mut rejects = Vec::new();
    // Groups in order of first appearance: source id → rows.
    let mut order: Vec<String> = Vec::new();
    let mut groups: HashMap<String, Vec<Row<'_>>> = HashMap::new();

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
        let accession = get("Accession Number");
        let title = get("Display Title");
        let lon = table.raw(rec, "Longitude").map(strip_zoom_suffix);
        let point = coordinates_from_text(table.raw(rec, "Latitude"), lon, &AREA);
        let id = match (&accession, &title) {
            (Some(acc), _) => base_number(acc).unwrap_or_else(|| acc.clone()),
            // 25 rows have no accession number (20 of them are works in progress or
            // unaccessioned). They are identified by their normalised title, artist and
            // address.
            (None, Some(t)) => {
                let key = [Some(t.clone()), get("Artist"), get("Street Address")]
                    .map(|v| normalise_name(v.as_deref().unwrap_or("")))
                    .join("|");
                format!("sf-{:016x}", fnv1a64(&key))
            }
            (None, None) => {
                rejects.push(Reject {
                    row,
                    source_id: None,
                    reason: RejectReason::MissingTitle,
                });
                continue;
            }
        };
        if !groups.contains_key(&id) {
            order.push(id.clone());
        }
        groups.entry(id).or_default().push(Row {
            row,
            rec,
            accession,
            title,
            point,
        });
    }

    let mut book = ArtistBook::default();
    let mut artworks = Vec::new();
    for source_id in order {
        let Some(rows) = groups.remove(&source_id) else {
            continue;
        };
        let whole = |r: &Row<'_>| {
            r.accession
                .as_deref()
                .is_some_and(|a| is_whole(a, &source_id))
        };
        // The work's record: a usable row for the whole work, else the first usable part.
        let rep = rows
            .iter()
            .find(|r| r.usable() && whole(r))
            .or_else(|| rows.iter().find(|r| r.usable()));
        let Some(rep) = rep else {
            // No row of the work has a title and usable coordinates: one reject for the
            // work, reported at its whole-work row (or first row) with that row's reason.
            let Some(first) = rows.iter().find(|r| whole(r)).or(rows.first()) else {
                continue;
            };
            let reason = match (&first.title, &first.point) {
                (None, _) => RejectReason::MissingTitle,
                (Some(_), Err(reason)) => reason.clone(),
                (Some(_), Ok(_)) => RejectReason::Malformed("unusable record".into()),
            };
            rejects.push(Reject {
                row: first.row,
                source_id: Some(source_id),
                reason,
            });
            continue;
        };
        let (Some(title), Ok((lat, lon))) = (&rep.title, &rep.point) else {
            continue;
        };
        let get = |c: &str| table.get(rep.rec, c);
        let title = if rows.len() > 1 && !whole(rep) {
            without_part_label(title).to_string()
        } else {
            title.clone()
        };

        let medium = get("Medium").unwrap_or_default();
        let media_support = get("Media & Support").unwrap_or_default();
        let mut tags = BTreeMap::new();
        put(&mut tags, "operator", Some(OPERATOR.into()));
        // `Medium` names what the work is made of; `Media & Support` adds what it is mounted
        // on, so it is the fuller detail but not the material.
        let material_text = if medium.is_empty() {
            &media_support
        } else {
            &medium
        };
        put(
            &mut tags,
            "material",
            map_material(material_text).map(str::to_string),
        );
        put(
            &mut tags,
            "material_detail",
            clean(if media_support.is_empty() {
                &medium
            } else {
                &media_support
            }),
        );
        put_year(&mut tags, get("Creation Date").as_deref());
        if rep.accession.is_some() {
            put(&mut tags, "accession_number", Some(source_id.clone()));
        }
        // A part's dimensions are not the work's.
        if rows.len() == 1 || whole(rep) {
            put(&mut tags, "dimensions", get("Display Dimensions"));
        }
        if rows.len() > 1 {
            put(&mut tags, "parts", Some(rows.len().to_string()));
        }
        put(&mut tags, "site", get("Facility"));
        put(&mut tags, "location_detail", get("Location Description"));
        let address = [get("Street Address"), get("Street Address 2")]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(", ");
        put(&mut tags, "address", Some(address));
        put(&mut tags, "district", get("District Name"));
        put(&mut tags, "credit_line", get("Credit Line"));
        // "Public Display" works are in public space; works in city agencies and at SFO may be
        // behind security or in offices.
        if get("Current Location").is_some_and(|l| l.eq_ignore_ascii_case("public display")) {
            put(&mut tags, "access", Some("yes".into()));
        }

        // Credits of every row of the work, the work's record first.
        let mut artist_source_ids = Vec::new();
        for r in std::iter::once(rep).chain(rows.iter().filter(|r| r.row != rep.row)) {
            if let Some(a) = table.get(r.rec, "Artist") {
                for id in book.credit_all(&artist_names(&a)) {
                    super::common::push_unique(&mut artist_source_ids, id);
                }
            }
        }

        artworks.push(ImportedArtwork {
            artwork_type: artwork_type(&title, &medium, &media_support).to_string(),
            source_id,
            title,
            // The export has no descriptions.
            description: None,
            lat: *lat,
            lon: *lon,
            tags,
            artist_source_ids,
            // Every `Current Location` (public display, city agency, SFO) is a current site.
            presence: Presence::InPlace,
            source_url: None,
        });
    }

    rejects.sort_by_key(|r| r.row);
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
        "/../datasets/public-art/san-francisco.csv"
    );

    #[test]
    fn counts() {
        let p = parse(Path::new(FILE)).unwrap();
        // From a python3 re-implementation of the grouping: 942 rows; 6 have neither title
        // nor accession number; the rest form 471 works (452 base numbers, 19 works without
        // a number). 410 works have a row with a title and a point inside the box (57 placed
        // at SFO; "1985.40" has a part at SFO but its whole-work row in the city); of the
        // other 61, the whole-work (or first) row has no coordinates (58) or
        // bad ones (3: Godchaux at 38.0174 N, a positive longitude, "-122.4557178,925").
        // 290 distinct artists are credited on the 410 works (same splitting rules).
        // SOURCES.md's "about 646 artworks" counts only letter suffixes as parts; the
        // numbering ("1999.22.1-2" = "1999.22.1" + "1999.22.2") shows numeric ones are too.
        assert_eq!(p.records_read, 942);
        assert_eq!(p.artworks.len(), 410);
        let by = |f: fn(&RejectReason) -> bool| p.rejects.iter().filter(|r| f(&r.reason)).count();
        assert_eq!(by(|r| *r == RejectReason::MissingTitle), 6);
        assert_eq!(by(|r| *r == RejectReason::MissingCoordinates), 58);
        assert_eq!(by(|r| matches!(r, RejectReason::BadCoordinates(_))), 3);
        assert_eq!(p.rejects.len(), 67);
        assert!(p.rejects.windows(2).all(|w| w[0].row < w[1].row));
        assert_eq!(p.artists.len(), 290);
        assert_eq!(p.artworks.iter().filter(|a| a.lat < 37.70).count(), 57);
    }

    #[test]
    fn swimmers_waves_is_one_work() {
        let p = parse(Path::new(FILE)).unwrap();
        let waves: Vec<_> = p
            .artworks
            .iter()
            .filter(|a| a.title.starts_with("Swimmer's Waves"))
            .collect();
        assert_eq!(waves.len(), 1);
        let w = waves[0];
        assert_eq!(w.source_id, "2008.10");
        assert_eq!(w.title, "Swimmer's Waves");
        assert_eq!((w.lat, w.lon), (37.737792999999996, -122.475662));
        assert_eq!(w.tags.get("parts").map(String::as_str), Some("28"));
        assert_eq!(
            w.tags.get("accession_number").map(String::as_str),
            Some("2008.10")
        );
        assert_eq!(w.artist_source_ids, ["catherine wagner"]);
        assert_eq!(w.artwork_type, "other"); // photographic prints on porcelain enamel
    }

    #[test]
    fn known_records() {
        let p = parse(Path::new(FILE)).unwrap();
        let godchaux = p
            .rejects
            .iter()
            .find(|r| r.source_id.as_deref() == Some("1939.2"))
            .unwrap();
        assert!(matches!(godchaux.reason, RejectReason::BadCoordinates(_)));
        assert!(!p.artworks.iter().any(|a| a.title.contains("Godchaux")));

        let origami = p
            .artworks
            .iter()
            .find(|a| a.source_id == "1999.22")
            .unwrap();
        assert_eq!(origami.title, "Origami Fountains");
        assert_eq!(origami.artwork_type, "fountain");
        assert_eq!(origami.artist_source_ids, ["ruth asawa"]);
        let tag = |k: &str| origami.tags.get(k).map(String::as_str);
        assert_eq!(tag("material"), Some("bronze"));
        assert_eq!(tag("material_detail"), Some("Bronze on bricks"));
        assert_eq!(tag("year"), Some("1999"));
        assert_eq!(tag("site"), Some("Japantown"));
        assert_eq!(tag("access"), Some("yes"));
        assert_eq!(tag("operator"), Some("San Francisco Arts Commission"));
    }

    #[test]
    fn helpers() {
        assert_eq!(base_number("1999.22.1-2").as_deref(), Some("1999.22"));
        assert_eq!(base_number("2003.12.a").as_deref(), Some("2003.12"));
        assert_eq!(base_number("2016.11.c.5").as_deref(), Some("2016.11"));
        assert_eq!(base_number("2007.4 - 2007.31").as_deref(), Some("2007.4"));
        assert_eq!(base_number("1939.2").as_deref(), Some("1939.2"));
        assert_eq!(base_number("unknown"), None);
        assert!(is_whole("2008.10.a-aa", "2008.10") && is_whole("1939.2", "1939.2"));
        assert!(!is_whole("2008.10.a", "2008.10") && !is_whole("2007.4.2.a-h", "2007.4"));
        assert_eq!(strip_zoom_suffix("-122.3919976,17z"), "-122.3919976");
        assert_eq!(strip_zoom_suffix("-122.4557178,925"), "-122.4557178,925");
        assert_eq!(
            without_part_label("Swimmer's Waves [column B, row 1]"),
            "Swimmer's Waves"
        );
        assert_eq!(
            without_part_label("[Currently Untitled]"),
            "[Currently Untitled]"
        );
        assert_eq!(artist_names("Asawa, Ruth"), ["Ruth Asawa"]);
        assert_eq!(
            artist_names("Davis, Michael and Schwartzenberg, Susan"),
            ["Michael Davis", "Susan Schwartzenberg"]
        );
        assert_eq!(
            artist_names("Nagasawa, Nobuho, Margrill, Anita and Buchen, Bill and Mary"),
            [
                "Nobuho Nagasawa",
                "Anita Margrill",
                "Bill Buchen",
                "Mary Buchen"
            ]
        );
        assert_eq!(
            artist_names("Haddad, Laura; Drugan, Tom"),
            ["Laura Haddad", "Tom Drugan"]
        );
        assert_eq!(
            artist_names("Olmsted, Jr., Frederick Law"),
            ["Frederick Law Olmsted Jr."]
        );
        assert_eq!(artist_names("Fuller (McChesney), Mary"), ["Mary Fuller"]);
        assert_eq!(
            artist_names("Gordon, David, Shu, Wang Po, and Shum, Hilda"),
            ["David Gordon", "Wang Po Shu", "Hilda Shum"]
        );
        assert_eq!(
            artist_names("Jon Rubin and Harrell Fletcher"),
            ["Jon Rubin", "Harrell Fletcher"]
        );
        assert_eq!(artist_names("Wowhaus"), ["Wowhaus"]);
        assert_eq!(
            artist_names("Rydingsvard, Ursula von"),
            ["Ursula von Rydingsvard"]
        );
    }

    #[test]
    fn invariants() {
        let p = parse(Path::new(FILE)).unwrap();
        assert_file_invariants(&p);
        let artist_ids: HashSet<&str> = p.artists.iter().map(|a| a.source_id.as_str()).collect();
        assert!(!artist_ids.contains("anonymous") && !artist_ids.contains("unknown"));
    }
}
