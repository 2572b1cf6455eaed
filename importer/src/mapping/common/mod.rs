//! Helpers the mappings share, one file per concern: text cleanup (`text`), years (`dates`),
//! artwork types and materials (`materials`), coordinates (`coordinates`), and artists, tags
//! and ids (`records`).

mod coordinates;
mod dates;
mod materials;
mod records;
mod text;

pub use coordinates::*;
pub use dates::*;
pub use materials::*;
pub use records::*;
pub use text::*;

// What the concerns' files share (each takes `use super::*`).
use crate::{ImportedArtist, RejectReason};
use std::collections::{BTreeMap, HashMap};

#[cfg(test)]
/// Checks that hold for every file read, whatever the dataset; used by the datasets' tests.
/// The limits are the domain's (titles and names ≤ 200 characters, free tag values ≤ 1,000,
/// tag keys lowercase snake_case, at most 50 tags).
pub fn assert_file_invariants(p: &crate::ParsedFile) {
    use std::collections::HashSet;
    let artist_ids: HashSet<&str> = p.artists.iter().map(|a| a.source_id.as_str()).collect();
    assert_eq!(artist_ids.len(), p.artists.len(), "artist ids are unique");
    for a in &p.artists {
        assert!(
            !a.source_id.is_empty() && !a.name.trim().is_empty(),
            "{a:?}"
        );
        assert!(a.name.chars().count() <= 200, "{}", a.name);
        assert!(!is_placeholder_name(&a.name), "{}", a.name);
        for url in [&a.website, &a.source_url].into_iter().flatten() {
            assert!(
                url.starts_with("http://") || url.starts_with("https://"),
                "{url}"
            );
        }
    }
    // vancouver.json refers to artists of vancouver-artists.json by numeric id.
    let external_artists = p.artists.is_empty() && p.dataset.key == "vancouver";
    let mut ids = HashSet::new();
    for a in &p.artworks {
        assert!(
            ids.insert(a.source_id.as_str()),
            "duplicate source id {}",
            a.source_id
        );
        assert!(
            !a.title.trim().is_empty() && a.title.chars().count() <= 200,
            "{}",
            a.title
        );
        assert!(
            ARTWORK_TYPES.contains(&a.artwork_type.as_str()),
            "{}",
            a.artwork_type
        );
        assert!(
            a.lat.is_finite() && a.lon.is_finite() && a.lat.abs() <= 90.0 && a.lon.abs() <= 180.0
        );
        let uniq: HashSet<&String> = a.artist_source_ids.iter().collect();
        assert_eq!(uniq.len(), a.artist_source_ids.len(), "{}", a.source_id);
        for id in &a.artist_source_ids {
            if external_artists {
                assert!(id.parse::<u32>().is_ok(), "{id}");
            } else {
                assert!(
                    artist_ids.contains(id.as_str()),
                    "{} credits unknown {id}",
                    a.source_id
                );
            }
        }
        assert!(a
            .description
            .as_deref()
            .is_none_or(|d| !d.trim().is_empty() && d.chars().count() <= 10_000));
        assert!(a.tags.len() <= 50);
        for (k, v) in &a.tags {
            let key_ok = k.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && k.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
            assert!(key_ok, "tag key {k}");
            assert!(
                !v.is_empty() && v.trim() == v && v.chars().count() <= 1_000,
                "{k}={v:?}"
            );
        }
        let tag = |k: &str| a.tags.get(k).map(String::as_str);
        assert!(tag("material").is_none_or(|m| MATERIALS.contains(&m)));
        assert!(tag("access").is_none_or(|v| v == "yes"));
        assert!(tag("year").is_none_or(
            |y| y.len() == 4 && y.parse::<u16>().is_ok_and(|y| (1000..=2100).contains(&y))
        ));
        assert!(tag("inscription").is_none_or(|v| v.chars().count() <= 500));
        assert!(tag("operator").is_some());
        for k in ["website", "photo_url"] {
            assert!(
                tag(k).is_none_or(|u| u.starts_with("http") && !u.contains(' ')),
                "{k}"
            );
        }
    }
    for r in &p.rejects {
        assert!(r.row >= 1 && r.row <= p.records_read);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_trims_collapses_and_drops_placeholders() {
        assert_eq!(
            clean("  Devonian   Harbour\tPark "),
            Some("Devonian Harbour Park".into())
        );
        for missing in ["", "   ", "n/a", "N/A", "none", "None"] {
            assert_eq!(clean(missing), None, "{missing:?}");
        }
        assert_eq!(clean("Nonesuch"), Some("Nonesuch".into()));
    }

    #[test]
    fn paragraphs_become_blank_line_separated() {
        assert_eq!(
            clean_paragraphs("First  line. \r\nSecond.\r\n\r\n\r\n  Third \r\n"),
            Some("First line.\n\nSecond.\n\nThird".into())
        );
        assert_eq!(clean_paragraphs(" \r\n n/a "), None);
    }

    #[test]
    fn html_entities_are_decoded() {
        assert_eq!(
            decode_html_entities(
                "x&#601;m&theta;k&rsquo;s &amp; &quot;Sk&uacute;&quot; co&shy;op &bogus; R&D"
            ),
            "xəmθk’s & \"Skú\" coop &bogus; R&D"
        );
        assert_eq!(decode_html_entities("it&#39;s &#x41;"), "it's A");
    }

    #[test]
    fn year_extraction() {
        assert_eq!(extract_year("1986"), Some(1986));
        assert_eq!(extract_year("ca. 1936"), Some(1936));
        assert_eq!(extract_year("1969-1971"), Some(1969));
        assert_eq!(extract_year("1905 or 1936"), Some(1905));
        assert_eq!(extract_year("May 18, 19, 1972"), Some(1972));
        assert_eq!(extract_year("c.1999-2002"), Some(1999));
        assert_eq!(extract_year("2001 (Fabricated in 1989)"), Some(2001));
        assert_eq!(extract_year("6/27/18"), None);
        assert_eq!(extract_year("1930s"), None);
        assert_eq!(extract_year("12345"), None);
        assert_eq!(extract_year("0999 or 2101"), None);
    }

    #[test]
    fn year_tags_keep_free_text_as_detail() {
        let mut t = BTreeMap::new();
        put_year(&mut t, Some("1986"));
        assert_eq!(t.get("year").map(String::as_str), Some("1986"));
        assert!(!t.contains_key("date_detail"));
        let mut t = BTreeMap::new();
        put_year(&mut t, Some(" ca.  1936 "));
        assert_eq!(t.get("year").map(String::as_str), Some("1936"));
        assert_eq!(t.get("date_detail").map(String::as_str), Some("ca. 1936"));
        let mut t = BTreeMap::new();
        put_year(&mut t, Some("1930s"));
        assert_eq!(t.get("year"), None);
        assert_eq!(t.get("date_detail").map(String::as_str), Some("1930s"));
        let mut t = BTreeMap::new();
        put_year(&mut t, Some("Unknown"));
        assert!(t.is_empty());
    }

    #[test]
    fn us_dates_become_iso() {
        assert_eq!(us_date_to_iso("05/13/2019"), Some("2019-05-13".into()));
        assert_eq!(us_date_to_iso("Spring 2019"), Some("Spring 2019".into()));
        assert_eq!(us_date_to_iso(" "), None);
    }

    #[test]
    fn material_mapping() {
        for (text, class) in [
            ("Bronze", Some("bronze")),
            ("Cold-cast bronze", Some("bronze")),
            ("Stainless steel", Some("metal")),
            ("Painted steel", Some("metal")),
            ("Stainless steel, cedar", Some("mixed")),
            ("Bronze, granite", Some("mixed")),
            ("Bronze on granite base", Some("bronze")),
            ("Oil on canvas", Some("paint")),
            ("Paint and aerosol", Some("paint")),
            ("Indiana limestone", Some("stone")),
            ("Cast stone", Some("concrete")),
            ("Fiberglass", Some("other")),
            ("Plexiglass and lighting", Some("other")),
            ("Hand-painted stained glass", Some("glass")),
            ("Ceramic tiles, glazed", Some("ceramic")),
            ("Terra-cotta tiles, glazed", Some("ceramic")),
            ("Mixed media/ Wood, canvas", Some("mixed")),
            ("Corrosion-resistant weathering steel", Some("metal")),
            ("Digitally printed onto adhesive vinyl", Some("other")),
            ("Stony Creek and Deer Isle granites", Some("stone")),
            ("Tile", Some("ceramic")),
            ("Stone tiles", Some("stone")),
            ("Glass tile", Some("glass")),
            ("Mixed medium", Some("mixed")),
            (" n/a ", None),
        ] {
            assert_eq!(map_material(text), class, "{text}");
        }
    }

    #[test]
    fn title_casing_only_touches_all_lower_case_text() {
        assert_eq!(
            title_case_if_lower("quinn, matthew d."),
            "Quinn, Matthew D."
        );
        assert_eq!(
            title_case_if_lower("public school #94"),
            "Public School #94"
        );
        assert_eq!(
            title_case_if_lower("winged victory of samothrace"),
            "Winged Victory of Samothrace"
        );
        assert_eq!(
            title_case_if_lower("u.s. custom house - monument list"),
            "U.S. Custom House - Monument List"
        );
        assert_eq!(title_case_if_lower("louis ix"), "Louis IX");
        assert_eq!(title_case_if_lower("o'brien, liam"), "O'Brien, Liam");
        assert_eq!(
            title_case_if_lower("seaman's institute"),
            "Seaman's Institute"
        );
        assert_eq!(
            title_case_if_lower("police headquarters (old)"),
            "Police Headquarters (Old)"
        );
        assert_eq!(title_case_if_lower("the zoo"), "The Zoo");
        assert_eq!(
            title_case_if_lower("Urns - central park (4)"),
            "Urns - central park (4)"
        );
        assert_eq!(title_case_if_lower("1935"), "1935");
    }

    #[test]
    fn names_normalise_to_stable_ids() {
        assert_eq!(normalise_name("  György   Kepes "), "gyorgy kepes");
        assert_eq!(
            normalise_name("Nancy O’Neil"),
            normalise_name("nancy o'neil")
        );
        assert_eq!(normalise_name("JoeSam."), normalise_name("Joesam."));
        assert_eq!(
            normalise_name("Jill Slosberg-Ackerman"),
            "jill slosberg-ackerman"
        );
        assert_eq!(
            normalise_name("Alston “Stoney” Conley"),
            "alston stoney conley"
        );
        assert_eq!(
            normalise_name("Suárez-Wolfe, Primitivo"),
            "suarez-wolfe primitivo"
        );
    }

    #[test]
    fn name_splitting() {
        assert_eq!(
            split_credit_list("Mags Harries & Lajos Heder"),
            ["Mags Harries", "Lajos Heder"]
        );
        assert_eq!(
            split_credit_list("Fiona Agababian, Daryl Daniels, and Alice Mizrachi"),
            ["Fiona Agababian", "Daryl Daniels", "Alice Mizrachi"]
        );
        assert_eq!(
            split_credit_list("Ann Evans; Mary Nell Hawke"),
            ["Ann Evans", "Mary Nell Hawke"]
        );
        assert_eq!(
            split_credit_list("Chris Jordan/Totem"),
            ["Chris Jordan", "Totem"]
        );
        assert_eq!(
            split_credit_list("Serge Maheu + Creos"),
            ["Serge Maheu", "Creos"]
        );
        assert_eq!(
            split_credit_list("Gina Miccinilli with Compleat Sculptor"),
            ["Gina Miccinilli", "Compleat Sculptor"]
        );
        // "and" inside a word is not a separator.
        assert_eq!(split_credit_list("Sandra Andersen"), ["Sandra Andersen"]);
        assert_eq!(
            shared_surname_pair("Emily and Jamie Erekson"),
            Some(["Emily Erekson".to_string(), "Jamie Erekson".to_string()])
        );
        assert_eq!(shared_surname_pair("Elian and Pastel"), None);
        assert_eq!(shared_surname_pair("Neon and Frankie Boyle Studios"), None);
        assert_eq!(
            shared_surname_pair("Abby Goldstein and Michael Koehler"),
            None
        );
        assert_eq!(
            strip_parentheticals("Fuller (McChesney), Mary"),
            "Fuller, Mary"
        );
        assert_eq!(strip_parentheticals("Emil Siebern (?)"), "Emil Siebern");
    }

    #[test]
    fn placeholders_are_not_artists() {
        let mut book = ArtistBook::default();
        for p in [
            "Unknown",
            "UNKNOWN",
            "Anonymous",
            "Various Artists",
            "Various musicians",
            "n/a",
            " ",
        ] {
            assert_eq!(book.credit(p), None, "{p}");
        }
        assert_eq!(book.credit("Ruth Asawa"), Some("ruth asawa".into()));
        assert_eq!(
            book.credit_all(&["Ruth  Asawa", "ruth asawa", "Ned Kahn"]),
            ["ruth asawa", "ned kahn"]
        );
        let artists = book.into_artists();
        assert_eq!(artists.len(), 2);
        assert_eq!(artists[0].name, "Ruth Asawa");
    }

    #[test]
    fn coordinates_are_checked_not_repaired() {
        let nyc = Area {
            name: "New York City".into(),
            min_lat: 40.47,
            max_lat: 40.93,
            min_lon: -74.27,
            max_lon: -73.69,
        };
        assert_eq!(
            coordinates_from_text(Some("40.7295980"), Some("-73.7723610"), &nyc),
            Ok((40.729598, -73.772361))
        );
        assert_eq!(
            coordinates_from_text(Some(""), Some("-73.56"), &nyc),
            Err(RejectReason::MissingCoordinates)
        );
        assert_eq!(
            coordinates_from_text(None, None, &nyc),
            Err(RejectReason::MissingCoordinates)
        );
        for (lat, lon) in [
            ("40.7545058", "73.949038"),
            ("40.86", "-33.24"),
            ("40.33461", "-74.10115"),
            ("91", "-73.9"),
            ("x", "-73.9"),
        ] {
            assert!(
                matches!(
                    coordinates_from_text(Some(lat), Some(lon), &nyc),
                    Err(RejectReason::BadCoordinates(_))
                ),
                "{lat},{lon}"
            );
        }
    }

    #[test]
    fn urls_and_hash() {
        assert_eq!(
            clean_url(Some("www.richard-tetrault.ca")),
            Some("http://www.richard-tetrault.ca".into())
        );
        assert_eq!(
            clean_url(Some("https://x.org/a")),
            Some("https://x.org/a".into())
        );
        assert_eq!(clean_url(Some("see our site")), None);
        assert_eq!(fnv1a64(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
