//! Fuzzing the shared datasets' mappings (docs/SECURITY.md, "Fuzzing"): the first records of each
//! real file, with fields given wrong types, huge or hostile text, non-finite or far-off
//! coordinates, keys removed, cells dropped or added, and bytes (invalid UTF-8 among them)
//! overwritten, read by name with the file's built-in mapping. The answer is a `ParseError` or
//! rejected rows, never a panic, and what is accepted is what the import can use
//! (`check_parsed`). Fixed case budgets and no persistence files.

use super::common::*;
use super::parse_file;
use proptest::prelude::*;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Records kept from each real file as the seed.
const SAMPLE_RECORDS: usize = 25;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn dataset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../datasets/public-art")
        .join(name)
}

const JSON_FILES: [&str; 3] = [
    "vancouver.json",
    "vancouver-artists.json",
    "cambridge-ma.geojson",
];
const CSV_FILES: [&str; 3] = [
    "new-york-city-parks-monuments.csv",
    "new-york-city-dot-art.csv",
    "san-francisco.csv",
];

/// The first records of each JSON file: the array itself, or a GeoJSON collection's features.
fn json_samples() -> &'static [Value; 3] {
    static SAMPLES: OnceLock<[Value; 3]> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        JSON_FILES.map(|name| {
            let text = std::fs::read_to_string(dataset(name)).unwrap_or_default();
            let mut doc: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            let records = match &mut doc {
                Value::Array(a) => a,
                other => match other.get_mut("features") {
                    Some(Value::Array(a)) => a,
                    _ => panic!("{name}: no records"),
                },
            };
            records.truncate(SAMPLE_RECORDS);
            doc
        })
    })
}

/// The header and first rows of each CSV file.
fn csv_samples() -> &'static [Vec<Vec<String>>; 3] {
    static SAMPLES: OnceLock<[Vec<Vec<String>>; 3]> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        CSV_FILES.map(|name| {
            let mut reader = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_path(dataset(name))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            reader
                .records()
                .take(SAMPLE_RECORDS + 1)
                .map(|r| {
                    r.unwrap_or_else(|e| panic!("{name}: {e}"))
                        .iter()
                        .map(str::to_owned)
                        .collect()
                })
                .collect()
        })
    })
}

/// Text a field may be given: hostile numbers, entities, control characters, huge runs.
fn hostile_text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "\\PC{0,40}",
        1 => "[ \t\r\n,;&#x0-9a-zA-Z()\"]{0,40}",
        1 => prop::sample::select(vec![
            "", " ", "NaN", "nan", "inf", "-inf", "Infinity", "1e309", "-1e309", "1e-400",
            "0", "-0", "90.0000001", "-180.5", "49.28,-123.12", "&#xFFFFFFFF;", "&#0;",
            "&amp;&lt;&#65;&#x41", "&#99999999999999999999;", "Unknown", "Various Artists",
            "ca. 1936", "1930s", "12/31/2024", "99/99/9999", "Smith and Jones", "(", ")",
            "a (b (c) d", "http://", "https://x", "javascript:alert(1)", "\u{feff}",
            "\u{0}\u{1}\u{7f}", "ǅ", "ß", "İ", "\u{202e}",
        ])
        .prop_map(str::to_owned),
        1 => ("\\PC", 1_000..20_000usize).prop_map(|(s, n)| s.repeat(n)),
    ]
}

/// A JSON value of a wrong (or right) type for any field.
fn hostile_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        prop::sample::select(vec![1e308, -1e308, f64::MIN_POSITIVE, 90.0, -90.0, 180.0])
            .prop_map(|f| json!(f)),
        hostile_text().prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(
                prop::sample::select(vec!["lat", "lon", "url", "coordinates", "name", "x"])
                    .prop_map(str::to_owned),
                inner,
                0..4
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// One edit of a record: which record and which of its keys (fractions, so they fit any
/// record), then remove the key, replace its value, or replace a value one level down.
#[derive(Debug, Clone)]
enum RecordEdit {
    Remove(f64, f64),
    Replace(f64, f64, Value),
    ReplaceNested(f64, f64, f64, Value),
    Duplicate(f64),
}

fn record_edit() -> impl Strategy<Value = RecordEdit> {
    let f = || 0.0..1.0f64;
    prop_oneof![
        2 => (f(), f()).prop_map(|(r, k)| RecordEdit::Remove(r, k)),
        4 => (f(), f(), hostile_json()).prop_map(|(r, k, v)| RecordEdit::Replace(r, k, v)),
        3 => (f(), f(), f(), hostile_json())
            .prop_map(|(r, k, n, v)| RecordEdit::ReplaceNested(r, k, n, v)),
        1 => f().prop_map(RecordEdit::Duplicate),
    ]
}

fn pick(len: usize, f: f64) -> usize {
    ((len as f64 * f) as usize).min(len.saturating_sub(1))
}

/// Applies `edit` to an object's key chosen by `k` (a fraction of its keys).
fn edit_object(obj: &mut serde_json::Map<String, Value>, k: f64, f: impl FnOnce(&mut Value)) {
    let keys: Vec<String> = obj.keys().cloned().collect();
    if keys.is_empty() {
        return;
    }
    if let Some(v) = obj.get_mut(&keys[pick(keys.len(), k)]) {
        f(v);
    }
}

fn apply_record_edits(doc: &mut Value, edits: &[RecordEdit]) {
    let records = match doc {
        Value::Array(a) => a,
        other => match other.get_mut("features") {
            Some(Value::Array(a)) => a,
            _ => return,
        },
    };
    for edit in edits {
        if records.is_empty() {
            return;
        }
        let n = records.len();
        match edit {
            RecordEdit::Remove(r, k) => {
                if let Value::Object(obj) = &mut records[pick(n, *r)] {
                    let keys: Vec<String> = obj.keys().cloned().collect();
                    if !keys.is_empty() {
                        obj.remove(&keys[pick(keys.len(), *k)]);
                    }
                }
            }
            RecordEdit::Replace(r, k, v) => {
                if let Value::Object(obj) = &mut records[pick(n, *r)] {
                    edit_object(obj, *k, |slot| *slot = v.clone());
                }
            }
            RecordEdit::ReplaceNested(r, k, nested, v) => {
                if let Value::Object(obj) = &mut records[pick(n, *r)] {
                    edit_object(obj, *k, |slot| match slot {
                        Value::Object(inner) => edit_object(inner, *nested, |s| *s = v.clone()),
                        Value::Array(items) if !items.is_empty() => {
                            let i = pick(items.len(), *nested);
                            items[i] = v.clone();
                        }
                        other => *other = v.clone(),
                    });
                }
            }
            RecordEdit::Duplicate(r) => {
                let copy = records[pick(n, *r)].clone();
                records.push(copy);
            }
        }
    }
}

/// Byte-level edits of a whole file: overwrite a run (invalid UTF-8 likely), insert, or cut.
#[derive(Debug, Clone)]
enum ByteEdit {
    Overwrite(f64, Vec<u8>),
    Insert(f64, Vec<u8>),
    Truncate(f64),
}

fn byte_edit() -> impl Strategy<Value = ByteEdit> {
    let bytes = prop::collection::vec(
        prop_oneof![any::<u8>(), Just(0xFF), Just(0xC3), Just(b'"'), Just(b',')],
        1..16,
    );
    prop_oneof![
        4 => (0.0..1.0f64, bytes.clone()).prop_map(|(f, b)| ByteEdit::Overwrite(f, b)),
        2 => (0.0..1.0f64, bytes).prop_map(|(f, b)| ByteEdit::Insert(f, b)),
        1 => (0.0..1.0f64).prop_map(ByteEdit::Truncate),
    ]
}

fn apply_byte_edits(mut bytes: Vec<u8>, edits: &[ByteEdit]) -> Vec<u8> {
    for edit in edits {
        let at = |f: f64, len: usize| ((len as f64 * f) as usize).min(len);
        match edit {
            ByteEdit::Overwrite(f, b) => {
                let p = at(*f, bytes.len());
                for (i, byte) in b.iter().enumerate() {
                    if let Some(slot) = bytes.get_mut(p + i) {
                        *slot = *byte;
                    }
                }
            }
            ByteEdit::Insert(f, b) => {
                let p = at(*f, bytes.len());
                bytes.splice(p..p, b.iter().copied());
            }
            ByteEdit::Truncate(f) => bytes.truncate(at(*f, bytes.len())),
        }
    }
    bytes
}

/// Writes `bytes` as `name` in a fresh directory, parses it by name, and checks the answer.
fn parse_bytes(name: &str, bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = std::env::temp_dir().join(format!("plinth-fuzz-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let path = dir.join(name);
    let written = std::fs::write(&path, bytes);
    let parsed = written.map(|()| parse_file(&path));
    let _ = std::fs::remove_dir_all(&dir);
    // A file it cannot read at all is an error: fine. What it accepts must be usable.
    if let Ok(file) = parsed.map_err(|e| TestCaseError::fail(e.to_string()))? {
        check_parsed(&file)?;
    }
    Ok(())
}

/// What the import relies on in a parsed file: unique ids, titles and points it can use, rows
/// that exist; and every record turns into a domain record or a reject, never a panic. (Titles,
/// names and tag values over the domain's limits may pass the parser: the import rejects the
/// record or drops the tag with a note.)
fn check_parsed(p: &crate::ParsedFile) -> Result<(), TestCaseError> {
    unique_ids(p.artworks.iter().map(|a| a.source_id.as_str()))?;
    for a in &p.artworks {
        prop_assert!(!a.title.trim().is_empty());
        prop_assert!(a.lat.is_finite() && a.lon.is_finite());
        prop_assert!(a.lat.abs() <= 90.0 && a.lon.abs() <= 180.0);
        prop_assert!(ARTWORK_TYPES.contains(&a.artwork_type.as_str()));
        prop_assert!(a.tags.len() <= 50);
        let _ = crate::run::artwork_record(&p.dataset, a, &mut Vec::new());
    }
    unique_ids(p.artists.iter().map(|a| a.source_id.as_str()))?;
    for a in &p.artists {
        prop_assert!(!a.name.trim().is_empty());
        let _ = crate::run::artist_record(&p.dataset, a);
    }
    for r in &p.rejects {
        prop_assert!(r.row >= 1 && r.row <= p.records_read, "{:?}", r);
    }
    Ok(())
}

/// Fails on the first id seen twice.
fn unique_ids<'a>(ids: impl Iterator<Item = &'a str>) -> Result<(), TestCaseError> {
    let mut seen = std::collections::HashSet::new();
    for id in ids {
        prop_assert!(seen.insert(id), "duplicate {}", id);
    }
    Ok(())
}

/// A CSV cell edit: which row (never the header) and which cell, then what.
#[derive(Debug, Clone)]
enum CellEdit {
    Replace(f64, f64, String),
    DropTail(f64, f64),
    Append(f64, String),
    DuplicateRow(f64),
}

fn cell_edit() -> impl Strategy<Value = CellEdit> {
    let f = || 0.0..1.0f64;
    prop_oneof![
        6 => (f(), f(), hostile_text()).prop_map(|(r, c, s)| CellEdit::Replace(r, c, s)),
        1 => (f(), f()).prop_map(|(r, c)| CellEdit::DropTail(r, c)),
        1 => (f(), hostile_text()).prop_map(|(r, s)| CellEdit::Append(r, s)),
        1 => f().prop_map(CellEdit::DuplicateRow),
    ]
}

fn write_csv(rows: &[Vec<String>]) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new()
        .flexible(true)
        .from_writer(Vec::new());
    for row in rows {
        let _ = w.write_record(row);
    }
    w.into_inner().unwrap_or_default()
}

proptest! {
    #![proptest_config(config(192))]

    /// vancouver.json, vancouver-artists.json and cambridge-ma.geojson with records edited.
    #[test]
    fn json_records_with_wrong_fields_are_rejected_not_panicked_on(
        which in 0..JSON_FILES.len(),
        edits in prop::collection::vec(record_edit(), 1..8),
    ) {
        let mut doc = json_samples()[which].clone();
        apply_record_edits(&mut doc, &edits);
        let bytes = serde_json::to_vec(&doc).unwrap_or_default();
        parse_bytes(JSON_FILES[which], &bytes)?;
    }

    /// The three CSV exports with cells replaced, rows cut short or lengthened, rows repeated.
    #[test]
    fn csv_rows_with_wrong_cells_are_rejected_not_panicked_on(
        which in 0..CSV_FILES.len(),
        edits in prop::collection::vec(cell_edit(), 1..10),
    ) {
        let mut rows = csv_samples()[which].clone();
        for edit in &edits {
            let n = rows.len() - 1;
            let row = |f: f64| 1 + pick(n, f);
            match edit {
                CellEdit::Replace(r, c, s) => {
                    let row = &mut rows[row(*r)];
                    if !row.is_empty() {
                        let i = pick(row.len(), *c);
                        row[i] = s.clone();
                    }
                }
                CellEdit::DropTail(r, c) => {
                    let row = &mut rows[row(*r)];
                    let keep = pick(row.len() + 1, *c);
                    row.truncate(keep);
                }
                CellEdit::Append(r, s) => rows[row(*r)].push(s.clone()),
                CellEdit::DuplicateRow(r) => {
                    let copy = rows[row(*r)].clone();
                    rows.push(copy);
                }
            }
        }
        parse_bytes(CSV_FILES[which], &write_csv(&rows))?;
    }
}

proptest! {
    #![proptest_config(config(96))]

    /// Any of the six files with bytes overwritten (invalid UTF-8 likely), inserted or cut.
    #[test]
    fn files_with_broken_bytes_are_errors_or_rejects(
        which in 0..6usize,
        edits in prop::collection::vec(byte_edit(), 1..6),
    ) {
        let (name, seed) = if which < 3 {
            (JSON_FILES[which], serde_json::to_vec(&json_samples()[which]).unwrap_or_default())
        } else {
            (CSV_FILES[which - 3], write_csv(&csv_samples()[which - 3]))
        };
        parse_bytes(name, &apply_byte_edits(seed, &edits))?;
    }
}

proptest! {
    #![proptest_config(config(1_000))]

    /// The shared text, date, coordinate and credit helpers on any text.
    #[test]
    fn common_helpers_take_any_text(s in hostile_text(), t in hostile_text()) {
        let _ = clean(&s);
        let _ = clean_paragraphs(&s);
        let _ = decode_html_entities(&s);
        let _ = title_case_if_lower(&s);
        let _ = normalise_name(&s);
        let _ = strip_parentheticals(&s);
        let _ = split_credit_list(&s);
        let _ = shared_surname_pair(&s);
        let _ = is_placeholder_name(&s);
        let _ = us_date_to_iso(&s);
        let _ = map_material(&s);
        let _ = clean_url(Some(&s));
        let _ = has_word(&s, &t);
        let _ = has_word_prefix(&s, &t);
        if let Some(y) = extract_year(&s) {
            prop_assert!((1000..=2100).contains(&y));
        }
        if let Some(v) = parse_coordinate(&s) {
            prop_assert!(v.is_finite());
        }
        if let Ok((lat, lon)) = coordinates_from_text(Some(&s), Some(&t), &NEW_YORK_CITY) {
            prop_assert!(NEW_YORK_CITY.contains(lat, lon));
        }
        let mut book = ArtistBook::default();
        if let Some(id) = book.credit(&s) {
            prop_assert!(!id.is_empty());
        }
        let _ = book.credit_all(&split_credit_list(&t));
        // Every built-in mapping's credit rules.
        for name in crate::mapping::builtin_names() {
            if let Some(m) = crate::mapping::builtin(name) {
                let _ = book.credit_all(&crate::mapping::credits::names(&m.credits, &s, ";"));
            }
        }
        for a in book.into_artists() {
            prop_assert!(!a.name.trim().is_empty());
        }
    }

    /// Non-finite and far-off points are rejected, never accepted.
    #[test]
    fn only_points_in_the_area_are_accepted(
        lat in prop_oneof![any::<f64>(), Just(f64::NAN), Just(f64::INFINITY), -91.0..91.0],
        lon in prop_oneof![any::<f64>(), Just(f64::NEG_INFINITY), -181.0..181.0],
    ) {
        match check_point(lat, lon, &NEW_YORK_CITY) {
            Ok(p) => prop_assert!(NEW_YORK_CITY.contains(p.0, p.1) && p == (lat, lon)),
            Err(_) => prop_assert!(!NEW_YORK_CITY.contains(lat, lon) || !lat.is_finite()),
        }
    }
}
