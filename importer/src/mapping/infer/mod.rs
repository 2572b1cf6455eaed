//! Proposing a mapping from a file: which field is what, guessed from names (in English and
//! French, and OSM's tags) and from the values of a sample (ranges, uniqueness, vocabulary,
//! years). Every guess carries a note (the field, why, a sample value) that the written TOML
//! shows as a comment; what cannot be guessed (licence, place, …) is listed for the person.
//!
//! `profile` reads what each field of a sample holds and picks the best field for a role;
//! `words` holds the names and values the guesses go by.

mod profile;
mod words;

use super::{Credits, DatasetSpec, Fields, IdSpec, Mapping, StatusSpec, TypeSpec};
use crate::source::{Format, ReadOptions, Records};
use profile::{profiles, Guesser, Profile, MAX_VOCABULARY, SAMPLE};
use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use words::{
    status_of, ADDRESS, ARTIST, DESCRIPTION, ID, MATERIAL, NOT_TITLE, PHOTO, STATUS, TAGS, TITLE,
    TYPE, URL, YEAR,
};

/// A proposed mapping, its notes by TOML key (`fields.title`), and what is left to decide.
#[derive(Debug, Clone)]
pub struct Inferred {
    pub mapping: Mapping,
    pub notes: BTreeMap<String, String>,
    pub undecided: Vec<String>,
}

/// A key for the dataset from the file name: lowercase letters, digits and '-'.
fn key_of(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let mut key = String::new();
    for c in stem.chars() {
        if c.is_ascii_alphanumeric() {
            key.push(c);
        } else if !key.ends_with('-') && !key.is_empty() {
            key.push('-');
        }
    }
    let key: String = key.trim_end_matches('-').chars().take(40).collect();
    if key.is_empty() {
        "dataset".into()
    } else {
        key
    }
}

/// Proposes a mapping for `records`, read from `path`.
pub fn infer(path: &Path, records: &Records) -> Inferred {
    let profiles = profiles(records);
    let mut g = Guesser {
        profiles: &profiles,
        records: records.records.len(),
        taken: HashSet::new(),
        notes: BTreeMap::new(),
        undecided: Vec::new(),
    };
    let osm = matches!(records.format, Format::Overpass | Format::Osm);
    let coordinates = g.coordinates(records);
    let sample_size = records.records.len().min(SAMPLE);
    let full = |p: &Profile| p.filled == sample_size;
    let unique = |p: &Profile| p.distinct.len() == p.filled;

    let id = g.take("id.column", None, |p| {
        (p.is(ID) || p.folded.ends_with("id") && !p.says(&["paid", "valid"]))
            .then_some(())
            .filter(|_| full(p) && unique(p))
            .map(|_| {
                (
                    if p.is(ID) { 2.0 } else { 1.0 },
                    "every record has one and no two are the same".to_owned(),
                )
            })
    });
    let title = g.take(
        "fields.title",
        Some("no field is named like a title"),
        |p| {
            let excluded = p.says(NOT_TITLE) || p.share(p.urls) > 0.5 || p.share(p.numbers) > 0.5;
            (p.says(TITLE) && !excluded).then(|| {
                // The field that tells most records apart wins among title-like names: Cambridge's
                // `List_Title` ("Drawn Water (Valve plate)") over its `Title` ("(Valve plate)").
                let exact = if p.is(TITLE) { 0.1 } else { 0.0 };
                let named_title = if p.says(&["title", "titre"]) {
                    1.0
                } else {
                    0.0
                };
                let telling = p.distinct.len() as f64 / sample_size.max(1) as f64;
                (
                    exact + named_title + 2.0 * telling,
                    "named like a title".to_owned(),
                )
            })
        },
    );
    let id = match (id, title) {
        (Some(p), _) => IdSpec {
            column: Some(p.name.clone()),
            ..IdSpec::default()
        },
        (None, title) => {
            let mut hash_of: Vec<String> = title.map(|t| t.name.clone()).into_iter().collect();
            hash_of.extend(
                [
                    &coordinates.lat,
                    &coordinates.lon,
                    &coordinates.wkt,
                    &coordinates.lat_lon,
                ]
                .into_iter()
                .flatten()
                .cloned(),
            );
            g.notes.insert(
                "id.hash_of".into(),
                "no field is a unique id: a hash of the title and the position (a record whose \
                 title or position changes in a newer file will be a new record)"
                    .into(),
            );
            IdSpec {
                hash_of,
                ..IdSpec::default()
            }
        }
    };
    let type_column = g.take("type.column", None, |p| {
        if p.distinct.len() > MAX_VOCABULARY {
            return None;
        }
        let known = p
            .distinct
            .iter()
            .filter(|v| super::type_of_words(v).is_some())
            .count();
        let share = known as f64 / p.distinct.len().max(1) as f64;
        let named = p.says(TYPE) || p.says(&["artworktype", "medium"]);
        // A sparse field (a few notes in an "other name" column) is no vocabulary.
        let common = p.filled * 10 >= sample_size;
        (common && (share >= 0.2 || named && known > 0)).then(|| {
            (
                share + if named { 1.0 } else { 0.0 },
                format!(
                    "{known} of its {} values are kinds of artwork",
                    p.distinct.len()
                ),
            )
        })
    });
    let artwork_type = TypeSpec {
        column: type_column.map(|p| p.name.clone()),
        default: None,
        map: type_column
            .map(|p| {
                let mut values: Vec<&String> = p.distinct.iter().collect();
                values.sort();
                values
                    .into_iter()
                    .map(|v| {
                        (
                            v.clone(),
                            super::type_of_words(v).unwrap_or(domain::ArtworkType::Other),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default(),
        ..TypeSpec::default()
    };
    if type_column.is_none() {
        g.undecided.push(
            "type.column: no field looks like a kind of artwork; every record will be \"other\""
                .into(),
        );
    }
    let artists = g.take("fields.artists", None, |p| {
        (p.says(ARTIST) && !p.says(&["url", "statement", "bio", "id"]) && p.share(p.urls) < 0.5)
            .then(|| {
                (
                    if p.is(&["artist", "artists", "artistname", "artiste"]) {
                        2.0
                    } else {
                        1.0
                    },
                    "named like the credited artists".to_owned(),
                )
            })
    });
    let separator = artists.map(|p| {
        if p.distinct.iter().any(|v| v.contains(';')) {
            ";"
        } else if p.distinct.iter().any(|v| v.contains(" & ")) {
            " & "
        } else {
            ";"
        }
    });
    let text_field = |g: &mut Guesser<'_>, key: &str, words: &'static [&'static str]| {
        g.take(key, None, move |p| {
            (p.says(words) && p.share(p.urls) < 0.5).then(|| {
                (
                    p.share(p.filled) + p.mean_chars() / 1000.0,
                    "named so".to_owned(),
                )
            })
        })
        .map(|p| p.name.clone())
    };
    let year = g
        .take("fields.year", None, |p| {
            (p.says(YEAR) && p.share(p.years) >= 0.5).then(|| {
                (
                    p.share(p.years)
                        + if p.says(&["year", "année"]) {
                            1.0
                        } else {
                            0.0
                        },
                    format!("{:.0}% of its values hold a year", 100.0 * p.share(p.years)),
                )
            })
        })
        .map(|p| p.name.clone());
    let description = g
        .take("fields.description", None, |p| {
            let about_the_site = p.says(&["location", "site", "address"]);
            ((p.says(DESCRIPTION) || p.mean_chars() > 120.0 && p.share(p.urls) < 0.1)
                && !about_the_site)
                .then(|| {
                    (
                        p.mean_chars(),
                        format!("long text, {:.0} characters on average", p.mean_chars()),
                    )
                })
        })
        .map(|p| p.name.clone());
    let material = text_field(&mut g, "fields.material", MATERIAL);
    let address = text_field(&mut g, "fields.address", ADDRESS);
    let url_of = |words: &'static [&'static str], avoid: &'static [&'static str]| {
        move |p: &Profile| {
            (p.says(words) && !p.says(avoid) && p.share(p.urls) >= 0.8)
                .then(|| (p.share(p.urls), "holds web addresses".to_owned()))
        }
    };
    let photo = g
        .take("fields.photo", None, url_of(PHOTO, &[]))
        .map(|p| p.name.clone());
    let url = g
        .take(
            "fields.url",
            None,
            url_of(URL, &["photo", "image", "map", "website", "tour"]),
        )
        .map(|p| p.name.clone());
    let status_column = g.take("status.column", None, |p| {
        (p.says(STATUS)
            && p.distinct.len() <= MAX_VOCABULARY
            && p.distinct.iter().any(|v| status_of(v).is_some()))
        .then(|| (1.0, "named like a status".to_owned()))
    });
    let status = StatusSpec {
        column: status_column.map(|p| p.name.clone()),
        map: status_column
            .map(|p| {
                p.distinct
                    .iter()
                    .filter_map(|v| status_of(v).map(|s| (v.clone(), s)))
                    .collect()
            })
            .unwrap_or_default(),
        otherwise: None,
    };
    let mut tags = BTreeMap::new();
    for (key, words) in TAGS {
        let found = g.take(&format!("tags.{key}"), None, |p| {
            // Numeric codes ("38") name nothing a visitor reads.
            let words_ok = p.share(p.numbers) < 0.5;
            ((p.is(words) || p.says(words)) && words_ok)
                .then(|| (if p.is(words) { 2.0 } else { 1.0 }, "named so".to_owned()))
        });
        if let Some(p) = found {
            tags.insert((*key).to_owned(), p.name.clone());
        }
    }

    let key = key_of(path);
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (licence, attribution, source_url) = if osm {
        (
            "Open Database License (ODbL) 1.0".to_owned(),
            "© OpenStreetMap contributors".to_owned(),
            "https://www.openstreetmap.org/copyright".to_owned(),
        )
    } else {
        for (what, write) in super::DATASET_FACTS {
            g.undecided
                .push(format!("dataset.{what}: not in the file; write {write}"));
        }
        (String::new(), String::new(), String::new())
    };
    if osm {
        g.undecided
            .push("dataset.place: not in the file; write the city the export covers".into());
    }
    let format = ReadOptions {
        kind: Some(records.format),
        ..Default::default()
    };
    if records.encoding != "utf-8" {
        g.notes.insert(
            "format.kind".into(),
            format!(
                "some text was not UTF-8 and is read as {}",
                records.encoding
            ),
        );
    }
    let mapping = Mapping {
        dataset: DatasetSpec {
            key,
            name,
            place: String::new(),
            licence,
            attribution,
            source_url,
        },
        format,
        id,
        coordinates,
        fields: Fields {
            title: title.map(|p| p.name.clone()),
            description,
            artists: artists.map(|p| p.name.clone()),
            artist_separator: separator.map(str::to_owned),
            year,
            material,
            address,
            url,
            photo,
            material_detail: None,
        },
        artwork_type,
        status,
        tags,
        constant_tags: BTreeMap::new(),
        conditional_tags: Vec::new(),
        transforms: BTreeMap::new(),
        derived: BTreeMap::new(),
        credits: Credits::default(),
        artist_records: None,
        parts: None,
    };
    Inferred {
        mapping,
        notes: g.notes,
        undecided: g.undecided,
    }
}

impl Inferred {
    /// The mapping as TOML, each guess preceded by its note and the undecided listed on top.
    pub fn to_toml(&self, file: &Path) -> String {
        let body = toml::to_string(&self.mapping).unwrap_or_default();
        let mut out = format!(
            "# Import mapping for {}, proposed by `plinth import --infer`.\n\
             # Check every guess, fill in what is empty, then run\n\
             #   plinth import {} --dry-run\n",
            file.display(),
            file.display()
        );
        if !self.undecided.is_empty() {
            out.push_str("#\n# Not decided (fill in before importing):\n");
            for u in &self.undecided {
                out.push_str(&format!("#   - {u}\n"));
            }
        }
        out.push('\n');
        let mut section = String::new();
        for line in body.lines() {
            let trimmed = line.trim();
            if trimmed.starts_with('[') {
                section = trimmed.trim_matches(|c| c == '[' || c == ']').to_owned();
            } else if let Some((key, _)) = trimmed.split_once(" = ") {
                let path = format!("{section}.{}", key.trim_matches('"'));
                if let Some(note) = self.notes.get(&path) {
                    out.push_str(&format!("# {note}\n"));
                }
            }
            out.push_str(line);
            out.push('\n');
        }
        out
    }
}
