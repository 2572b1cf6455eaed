//! The six shared datasets through their mapping files (`datasets/public-art/FILE.mapping.toml`)
//! give exactly what the hand-written parsers gave: every dataset fact, artist, artwork (every
//! field and tag) and reject, in order, as kept in `importer/tests/golden/FILE.jsonl` (one JSON
//! line each), written from the parsers before they were deleted.

use super::Mapping;
use crate::{ParsedFile, Presence};
use serde_json::json;
use std::path::{Path, PathBuf};

const DATASETS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../datasets/public-art");
const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");

fn dataset(file: &str) -> PathBuf {
    Path::new(DATASETS).join(file)
}

fn golden(file: &str) -> PathBuf {
    Path::new(GOLDEN).join(format!("{file}.jsonl"))
}

/// One line per fact, artist, artwork and reject, every field written.
pub fn lines(p: &ParsedFile) -> Vec<String> {
    let d = &p.dataset;
    let mut out = vec![json!({"dataset": {
        "key": d.key, "name": d.name, "place": d.place, "licence": d.licence,
        "attribution": d.attribution, "source_url": d.source_url,
    }, "records_read": p.records_read})
    .to_string()];
    out.extend(p.artists.iter().map(|a| {
        json!({"artist": {
            "source_id": a.source_id, "name": a.name, "biography": a.biography,
            "country": a.country, "website": a.website, "source_url": a.source_url,
        }})
        .to_string()
    }));
    out.extend(p.artworks.iter().map(|a| {
        json!({"artwork": {
            "source_id": a.source_id, "title": a.title, "description": a.description,
            "artwork_type": a.artwork_type, "lat": a.lat, "lon": a.lon, "tags": a.tags,
            "artist_source_ids": a.artist_source_ids,
            "presence": match a.presence { Presence::InPlace => "in_place", Presence::Removed => "removed" },
            "source_url": a.source_url,
        }})
        .to_string()
    }));
    out.extend(p.rejects.iter().map(|r| {
        json!({"reject": {"row": r.row, "source_id": r.source_id, "reason": r.reason.to_string()}})
            .to_string()
    }));
    out
}

/// The file through its mapping.
fn mapped(file: &str) -> ParsedFile {
    let path = dataset(file);
    let m =
        Mapping::load(&Path::new(DATASETS).join(format!("mappings/{file}.mapping.toml"))).unwrap();
    assert_eq!(
        super::builtin(file).as_ref(),
        Some(&m),
        "{file}: the built-in mapping is the file's"
    );
    let records = crate::source::read(&path, &m.format).unwrap();
    super::apply(&m, records)
}

/// The first differences between what a mapping gives and the golden lines, readably.
fn assert_same(file: &str, got: &[String], want: &[String]) {
    if got == want {
        return;
    }
    let mut report = format!(
        "{file}: the mapping gives {} lines, the golden file {}\n",
        got.len(),
        want.len()
    );
    let mut shown = 0;
    for i in 0..got.len().max(want.len()) {
        let (g, w) = (got.get(i), want.get(i));
        if g != w && shown < 5 {
            shown += 1;
            report += &format!(
                "line {}:\n  mapping: {}\n  golden:  {}\n",
                i + 1,
                g.map_or("(none)", String::as_str),
                w.map_or("(none)", String::as_str)
            );
        }
    }
    panic!("{report}");
}

fn check(file: &str) {
    let want: Vec<String> = std::fs::read_to_string(golden(file))
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_same(file, &lines(&mapped(file)), &want);
}

/// `UPDATE_GOLDEN=1` rewrites the golden files from the mappings: only for a change meant to
/// alter what a dataset gives, reviewed line by line in the diff.
#[test]
fn golden_files_can_be_rewritten_on_purpose() {
    if std::env::var_os("UPDATE_GOLDEN").is_none() {
        return;
    }
    for file in crate::mapping::SUPPORTED_FILES {
        let text = lines(&mapped(file)).join("\n") + "\n";
        std::fs::write(golden(file), text).unwrap();
    }
}

#[test]
fn vancouver_artworks_mapping_is_exact() {
    check("vancouver.json");
}

#[test]
fn vancouver_artists_mapping_is_exact() {
    check("vancouver-artists.json");
}

#[test]
fn nyc_parks_mapping_is_exact() {
    check("new-york-city-parks-monuments.csv");
}

#[test]
fn nyc_dot_mapping_is_exact() {
    check("new-york-city-dot-art.csv");
}

#[test]
fn cambridge_mapping_is_exact() {
    check("cambridge-ma.geojson");
}

#[test]
fn san_francisco_mapping_is_exact() {
    check("san-francisco.csv");
}
