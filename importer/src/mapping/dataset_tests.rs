//! What the hand-written parsers' tests asserted of the six shared datasets, now of their
//! built-in mappings (`datasets/public-art/mappings/`): counts, known records, credits.

use super::{builtin, credits};
use crate::mapping::common::assert_file_invariants;
use crate::mapping::parse_file;
use crate::{ImportedArtwork, ParsedFile, Presence, RejectReason};
use std::collections::BTreeMap;
use std::path::Path;

fn read(file: &str) -> ParsedFile {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../datasets/public-art/");
    parse_file(&Path::new(dir).join(file)).unwrap()
}

/// The names a dataset's mapping reads in one credit line.
fn credit_names(file: &str, line: &str) -> Vec<String> {
    let m = builtin(file).unwrap();
    let separator = m.fields.artist_separator.as_deref().unwrap_or(";");
    credits::names(&m.credits, line, separator)
        .into_iter()
        .filter(|n| !n.trim().is_empty())
        .collect()
}

/// Asserts the names the dataset's mapping reads in each credit line.
fn assert_credits(file: &str, cases: &[(&str, &[&str])]) {
    for (line, names) in cases {
        assert_eq!(credit_names(file, line), *names, "{line}");
    }
}

/// Asserts how many of the file's artworks have each type (and that no other type is given).
fn assert_types(p: &ParsedFile, expected: &[(&str, usize)]) {
    let mut by_type: BTreeMap<&str, usize> = BTreeMap::new();
    for a in &p.artworks {
        *by_type.entry(a.artwork_type.as_str()).or_default() += 1;
    }
    assert_eq!(by_type, expected.iter().copied().collect());
}

/// Asserts each tag's value (`None`: the record has no such tag).
fn assert_tags(tags: &BTreeMap<String, String>, expected: &[(&str, Option<&str>)]) {
    for (key, value) in expected {
        assert_eq!(tags.get(*key).map(String::as_str), *value, "tag {key}");
    }
}

/// The file's artwork of `source_id`.
fn artwork<'a>(p: &'a ParsedFile, source_id: &str) -> &'a ImportedArtwork {
    p.artworks
        .iter()
        .find(|a| a.source_id == source_id)
        .unwrap()
}

/// How many of the file's rejects have a reason `f` accepts.
fn rejected(p: &ParsedFile, f: impl Fn(&RejectReason) -> bool) -> usize {
    p.rejects.iter().filter(|r| f(&r.reason)).count()
}

mod vancouver {
    use super::*;
    use std::collections::HashSet;

    const ARTWORKS: &str = "vancouver.json";
    const ARTISTS: &str = "vancouver-artists.json";

    #[test]
    fn artworks_counts() {
        let p = read(ARTWORKS);
        // Checked with python3/jq: 716 records, 572 with geo_point_2d (144 without), all
        // inside 49.2086–49.3133 N / 123.2336–123.0310 W, all with a title, 716 distinct
        // registryids.
        assert_eq!(p.records_read, 716);
        assert_eq!(p.artworks.len(), 572);
        assert_eq!(p.rejects.len(), 144);
        assert_eq!(
            rejected(&p, |r| *r == RejectReason::MissingCoordinates),
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
        let p = read(ARTWORKS);
        let solo = artwork(&p, "27");
        assert_eq!(solo.title, "Solo");
        assert_eq!(solo.artwork_type, "sculpture");
        assert_eq!((solo.lat, solo.lon), (49.293313, -123.133965));
        assert_eq!(solo.artist_source_ids, ["103"]);
        assert_eq!(solo.presence, Presence::InPlace);
        assert_tags(
            &solo.tags,
            &[
                // Stainless steel + cedar: two material classes.
                ("material", Some("mixed")),
                ("material_detail", Some("Stainless steel, cedar")),
                ("year", Some("1986")),
                ("date_detail", None),
                ("site", Some("Devonian Harbour Park")),
                ("address", Some("Denman & Georgia Street")),
                ("neighbourhood", Some("Downtown")),
                ("operator", Some("City of Vancouver")),
                ("website", Some("https://covapp.vancouver.ca/PublicArtRegistry/ArtworkDetail.aspx?ArtworkId=27")),
                ("photo_url", Some("https://opendata.vancouver.ca/api/explore/v2.1/catalog/datasets/public-art/files/25a422b0cc36381e0c0ab681d38f602d")),
            ],
        );
        assert_eq!(solo.source_url.as_ref(), solo.tags.get("website"));
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
        let p = read(ARTWORKS);
        // Counts over the 572 located records, from python3 over `type`.
        assert_types(
            &p,
            &[
                ("fountain", 16),
                ("installation", 137),
                ("monument", 29),
                ("mosaic", 14),
                ("mural", 77),
                ("other", 92),
                ("relief", 13),
                ("sculpture", 180),
                ("statue", 14),
            ],
        );
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
            .all(|a| !a.artist_source_ids.iter().any(|id| id == "195")));
        let lions = artwork(&p, "99");
        assert!(lions.artist_source_ids.is_empty());
    }

    #[test]
    fn invariants() {
        let works = read(ARTWORKS);
        assert_file_invariants(&works);
        let artists = read(ARTISTS);
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
        let p = read(ARTISTS);
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
        let works = read(ARTWORKS);
        let artists = read(ARTISTS);
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

mod cambridge {
    use super::*;
    use std::collections::HashSet;

    const FILE: &str = "cambridge-ma.geojson";

    #[test]
    fn counts() {
        let p = read(FILE);
        // python3: 423 Point features, all with List_Title, all inside 42.3560–42.3997 N /
        // 71.1540–71.0748 W; 87 distinct artist names after splitting "A & B" and fixing
        // "Judith" → "Judith Inglese".
        assert_eq!(p.records_read, 423);
        assert_eq!(p.artworks.len(), 423);
        assert!(p.rejects.is_empty());
        assert_eq!(p.artists.len(), 87);
        // Website_Category: 284 Sculpture (70 of them bronze reliefs, 5 fountains), 52 Mural,
        // 42 Mosaic, 27 Landscape + 6 Electronic (installation), 12 Stained Glass (other).
        assert_types(
            &p,
            &[
                ("fountain", 5),
                ("installation", 33),
                ("mosaic", 42),
                ("mural", 52),
                ("other", 12),
                ("relief", 70),
                ("sculpture", 209),
            ],
        );
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
        let p = read(FILE);
        let a = artwork(&p, "CAC.02.01u");
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
        assert_tags(
            &a.tags,
            &[
                ("material", Some("bronze")),
                ("year", Some("2002")),
                ("dimensions", Some("8\" (dia.)")),
                ("site", Some("Maria L. Baldwin Elementary School")),
                ("address", Some("85 Oxford Street")),
                ("neighbourhood", Some("Agassiz")),
                ("keywords", Some("water; swimming; play; spirit; fun")),
                ("access", Some("yes")),
                ("operator", Some("Cambridge Arts")),
                ("accession_number", Some("CAC.02.01u")),
            ],
        );
        assert!(a.tags["photo_url"].ends_with("HarriesHeder_CAC0201u_Baldwin.JPG"));
        assert_eq!(a.presence, Presence::InPlace);
    }

    #[test]
    fn shared_and_missing_accession_numbers_fall_back_to_merge_number() {
        let p = read(FILE);
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
        let p = read(FILE);
        assert_file_invariants(&p);
        // Every Cambridge work credits an artist.
        assert!(p.artworks.iter().all(|a| !a.artist_source_ids.is_empty()));
    }
}

mod nyc_parks {
    use super::*;

    const FILE: &str = "new-york-city-parks-monuments.csv";

    #[test]
    fn counts() {
        let p = read(FILE);
        // python3 csv: 1,901 rows, all with a name and a number; 965 without
        // latitude/longitude; the 936 located rows all lie inside the NYC box and carry 904
        // distinct numbers (19 numbers have 51 rows between them: 32 later rows).
        assert_eq!(p.records_read, 1901);
        assert_eq!(p.artworks.len(), 904);
        assert_eq!(p.rejects.len(), 965 + 32);
        assert_eq!(
            rejected(&p, |r| *r == RejectReason::MissingCoordinates),
            965
        );
        assert_eq!(
            rejected(&p, |r| matches!(r, RejectReason::Duplicate(_))),
            32
        );
        // The `sculptor` splitting rules re-implemented in python3 over the 904 kept rows.
        assert_eq!(p.artists.len(), 308);
    }

    #[test]
    fn known_records() {
        let p = read(FILE);
        let a = artwork(&p, "354");
        assert_eq!(a.title, "Arthur Cunningham");
        assert_eq!(a.artwork_type, "statue");
        assert_eq!((a.lat, a.lon), (40.729598, -73.772361));
        assert_eq!(a.artist_source_ids, ["emil siebern"]);
        assert_tags(
            &a.tags,
            &[
                ("material", Some("bronze")),
                ("year", Some("1941")),
                ("borough", Some("Queens")),
                ("site", Some("Cunningham Park")),
                ("operator", Some("NYC Parks")),
            ],
        );
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
        assert_credits(
            FILE,
            &[
                ("Emil Siebern (?)", &["Emil Siebern"]),
                ("F.W. MacMonnies, spandrel figures; Philip Martiny, eagles; Hermon Atkins MacNeil (Washington as Commander); Piccirilli Brothers (Carvers)", &["F.W. MacMonnies", "Philip Martiny", "Hermon Atkins MacNeil", "Piccirilli Brothers"]),
                ("Andrew O'Connor, Jr. (bust); Frederick George Richard Roth (pedestal relief)", &["Andrew O'Connor Jr.", "Frederick George Richard Roth"]),
                ("Walter Schott, Berlin, Germany", &["Walter Schott"]),
                ("Richmond Barthe, 1901-1989", &["Richmond Barthe"]),
                ("Karl Gruppe, Karl Bitter", &["Karl Gruppe", "Karl Bitter"]),
                ("Peter Wormser & William Fellows", &["Peter Wormser", "William Fellows"]),
                ("George Thomas Brewster (original figure); Diane and Glenn Hines (replacement figure)", &["George Thomas Brewster", "Diane Hines", "Glenn Hines"]),
                ("edward clark potter", &["Edward Clark Potter"]),
                ("Boris Barnhard Gordon, artist", &["Boris Barnhard Gordon"]),
            ],
        );
    }

    #[test]
    fn invariants() {
        let p = read(FILE);
        assert_file_invariants(&p);
    }
}

mod nyc_dot {
    use super::*;
    use std::collections::HashSet;

    const FILE: &str = "new-york-city-dot-art.csv";

    fn reject_at(p: &ParsedFile, row: usize) -> &RejectReason {
        &p.rejects.iter().find(|r| r.row == row).unwrap().reason
    }

    #[test]
    fn counts() {
        let p = read(FILE);
        // python3 csv: 527 rows, all titled; 19 lack a latitude or longitude (3 of them have
        // only a longitude); of the 508 located rows 13 fall outside the NYC box (10 at sea
        // south of the city or off Long Island, 2 with a positive longitude, 1 at -33.24 —
        // SOURCES.md says 12); of the remaining 495, (Year, Title, Site Location) repeats
        // 5 times (4 extra "191st Street Tunnel" rows, 1 extra "Human Impacts Institute").
        assert_eq!(p.records_read, 527);
        assert_eq!(p.artworks.len(), 490);
        assert_eq!(rejected(&p, |r| *r == RejectReason::MissingCoordinates), 19);
        assert_eq!(
            rejected(&p, |r| matches!(r, RejectReason::BadCoordinates(_))),
            13
        );
        assert_eq!(rejected(&p, |r| matches!(r, RejectReason::Duplicate(_))), 5);
        assert_eq!(p.rejects.len(), 37);
        // Same splitting rules re-implemented in python3 over the 495 in-box rows.
        assert_eq!(p.artists.len(), 462);
    }

    #[test]
    fn bad_coordinates_are_rejected_not_repaired() {
        let p = read(FILE);
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
        let p = read(FILE);
        let carpet = p
            .artworks
            .iter()
            .find(|a| a.title == "Magic Carpet")
            .unwrap();
        assert_eq!((carpet.lat, carpet.lon), (40.743252, -73.918738));
        assert_eq!(carpet.artist_source_ids, ["soonae tark"]);
        assert_eq!(carpet.artwork_type, "other"); // "Ground Vinyl"
        assert_eq!(carpet.presence, Presence::Removed);
        assert_tags(
            &carpet.tags,
            &[
                ("installation_date", Some("2019-05-13")),
                ("removal_date", Some("2020-04-13")),
                ("year", Some("2019")),
                ("borough", Some("Queens")),
                ("operator", Some("NYC DOT")),
            ],
        );
        assert_eq!(carpet.source_id, {
            // Year, title and site, normalised (case, spacing), hashed.
            use crate::mapping::common::{fnv1a64, normalise_name};
            let key = ["2019", "Magic  carpet", "46th Street and Queens Blvd"].map(normalise_name);
            format!("dot-{:016x}", fnv1a64(&key.join("|")))
        });

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
        assert_credits(
            FILE,
            &[
                ("Emily and Jamie Erekson", &["Emily Erekson", "Jamie Erekson"]),
                ("Elian and Pastel", &["Elian", "Pastel"]),
                ("Pure and Applied", &["Pure and Applied"]),
                ("Combo Colab (Carolina Cisneros &Mateo Pinto) + Queens Botanical Gardens", &["Combo Colab", "Queens Botanical Gardens"]),
                ("Combo Colab: Carolina Cisneros, Mateo Pinto", &["Combo Colab"]),
                ("Olivier Girouard, Jonathan Villeneuve and Ottoblix. Produced by Eukmen and Quartier des Spectacles Partnership, Montreal, Canada", &["Olivier Girouard", "Jonathan Villeneuve", "Ottoblix"]),
                ("ATOMIC3 and Appareil Architecture, in collaboration with Jean-Sébastien Côté and Philippe Jean", &["ATOMIC3", "Appareil Architecture", "Jean-Sébastien Côté", "Philippe Jean"]),
                ("Joel Bergner and students from St. Gregory the Great School", &["Joel Bergner"]),
                ("Andrew Antonaccio and Fillio Galvez (2Alas)", &["Andrew Antonaccio", "Fillio Galvez"]),
                ("Photoville + Various Artists", &["Photoville", "Various Artists"]),
            ],
        );
    }

    #[test]
    fn invariants() {
        let p = read(FILE);
        assert_file_invariants(&p);
        let artist_ids: HashSet<&str> = p.artists.iter().map(|a| a.source_id.as_str()).collect();
        assert!(!artist_ids.contains("various artists") && !artist_ids.contains("various"));
    }
}

mod san_francisco {
    use super::*;
    use std::collections::HashSet;

    const FILE: &str = "san-francisco.csv";

    #[test]
    fn counts() {
        let p = read(FILE);
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
        assert_eq!(rejected(&p, |r| *r == RejectReason::MissingTitle), 6);
        assert_eq!(rejected(&p, |r| *r == RejectReason::MissingCoordinates), 58);
        assert_eq!(
            rejected(&p, |r| matches!(r, RejectReason::BadCoordinates(_))),
            3
        );
        assert_eq!(p.rejects.len(), 67);
        assert!(p.rejects.windows(2).all(|w| w[0].row < w[1].row));
        assert_eq!(p.artists.len(), 290);
        assert_eq!(p.artworks.iter().filter(|a| a.lat < 37.70).count(), 57);
    }

    #[test]
    fn swimmers_waves_is_one_work() {
        let p = read(FILE);
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
        let p = read(FILE);
        let godchaux = p
            .rejects
            .iter()
            .find(|r| r.source_id.as_deref() == Some("1939.2"))
            .unwrap();
        assert!(matches!(godchaux.reason, RejectReason::BadCoordinates(_)));
        assert!(!p.artworks.iter().any(|a| a.title.contains("Godchaux")));

        let origami = artwork(&p, "1999.22");
        assert_eq!(origami.title, "Origami Fountains");
        assert_eq!(origami.artwork_type, "fountain");
        assert_eq!(origami.artist_source_ids, ["ruth asawa"]);
        assert_tags(
            &origami.tags,
            &[
                ("material", Some("bronze")),
                ("material_detail", Some("Bronze on bricks")),
                ("year", Some("1999")),
                ("site", Some("Japantown")),
                ("access", Some("yes")),
                ("operator", Some("San Francisco Arts Commission")),
            ],
        );
    }

    #[test]
    fn helpers() {
        // Accession numbers, zoom suffixes and part labels: `rules` and `parts` test those.
        assert_credits(
            FILE,
            &[
                ("Asawa, Ruth", &["Ruth Asawa"]),
                (
                    "Davis, Michael and Schwartzenberg, Susan",
                    &["Michael Davis", "Susan Schwartzenberg"],
                ),
                (
                    "Nagasawa, Nobuho, Margrill, Anita and Buchen, Bill and Mary",
                    &[
                        "Nobuho Nagasawa",
                        "Anita Margrill",
                        "Bill Buchen",
                        "Mary Buchen",
                    ],
                ),
                (
                    "Haddad, Laura; Drugan, Tom",
                    &["Laura Haddad", "Tom Drugan"],
                ),
                (
                    "Olmsted, Jr., Frederick Law",
                    &["Frederick Law Olmsted Jr."],
                ),
                ("Fuller (McChesney), Mary", &["Mary Fuller"]),
                (
                    "Gordon, David, Shu, Wang Po, and Shum, Hilda",
                    &["David Gordon", "Wang Po Shu", "Hilda Shum"],
                ),
                (
                    "Jon Rubin and Harrell Fletcher",
                    &["Jon Rubin", "Harrell Fletcher"],
                ),
                ("Wowhaus", &["Wowhaus"]),
                ("Rydingsvard, Ursula von", &["Ursula von Rydingsvard"]),
            ],
        );
    }

    #[test]
    fn invariants() {
        let p = read(FILE);
        assert_file_invariants(&p);
        let artist_ids: HashSet<&str> = p.artists.iter().map(|a| a.source_id.as_str()).collect();
        assert!(!artist_ids.contains("anonymous") && !artist_ids.contains("unknown"));
    }
}
