//! The mapping options a publisher's quirks need, each a function of the mapping and one record:
//! value transforms and derived fields (applied before anything reads the record), ids (a
//! prefix for hashed ids, what the id is called in messages), constant and conditional tags,
//! and types by keyword rules over several fields.

use super::{Mapping, SourceStatus};
use crate::mapping::common::{
    clean, clean_url, decode_html_entities, has_word, has_word_prefix, put, title_case_if_lower,
    us_date_to_iso,
};
use crate::source::{Fields, Record};
use crate::RejectReason;
use domain::ArtworkType;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// A change to a field's text, applied when the record is read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Transform {
    /// HTML character references decoded ("&rsquo;" → "’").
    DecodeHtml,
    /// CSV-style doubled quotes undoubled (`8"" (dia.)` → `8" (dia.)`).
    UndoubleQuotes,
    /// Text written all in lower case title-cased ("quinn, matthew d." → "Quinn, Matthew D.").
    TitleCaseIfLower,
    /// Words run together spaced ("RileyPark" → "Riley Park").
    SpaceRunTogether,
    /// "MM/DD/YYYY" → "YYYY-MM-DD"; other text kept.
    UsDate,
    /// Kept only as an http(s) address ("www.x.ca" gains "http://").
    Url,
    /// A map-URL zoom suffix cut from a number ("-122.39,17z" → "-122.39").
    StripZoomSuffix,
    /// The text before the first ",", ";", " on ", " with " or " and ", in lower case: the
    /// first material of a medium ("Oil on canvas" → "oil").
    FirstItem,
    /// A leading label removed, in any case ("Photo credit: A. B." → "A. B.").
    StripPrefix(String),
    /// Dropped when it has fewer words: a short label is not a description.
    MinWords(usize),
    /// Whole values replaced, compared in any case ("Q" → "Queens").
    Map(BTreeMap<String, String>),
    /// An accession number's work: "YYYY.N" of "2008.10.a-aa" ("2008.10"); a number not
    /// starting so is kept.
    AccessionBase,
}

/// A field computed from others: the first of `fields` with a value, or all of them joined
/// by `join`; then `transforms`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Derived {
    pub fields: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub join: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub transforms: Vec<Transform>,
}

/// A tag set to `value` when `field` has a value (one of `equals`, in any case, when given).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalTag {
    pub tag: String,
    pub value: String,
    pub field: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub equals: Vec<String>,
}

/// What a later record with an id already seen does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Duplicates {
    /// Its artists are added to the first record's (one work listed once per artist).
    #[default]
    MergeArtists,
    /// The first record stands for the work; later ones are only reported.
    First,
}

impl Duplicates {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// A test on a record's text: `fields` (present ones joined by a space) match one of
/// `equals` (the whole text), `contains` (a substring), `word_prefix` (a word's start) or
/// `words` (a whole word), all in any case, and none of `not_contains`. With no positive
/// test, only `not_contains` counts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Condition {
    pub fields: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub equals: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub contains: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub word_prefix: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_contains: Vec<String>,
}

/// A type given when every condition of `when` holds; rules are tried in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TypeRule {
    #[serde(rename = "type")]
    pub artwork_type: ArtworkType,
    pub when: Vec<Condition>,
}

/// A word prefix and the type it names, for [`super::TypeSpec::keywords`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Keyword {
    pub prefix: String,
    #[serde(rename = "type")]
    pub artwork_type: ArtworkType,
}

fn apply_transform(t: &Transform, value: String) -> Option<String> {
    Some(match t {
        Transform::DecodeHtml => decode_html_entities(&value),
        Transform::UndoubleQuotes => value.replace("\"\"", "\""),
        Transform::TitleCaseIfLower => title_case_if_lower(&clean(&value)?),
        Transform::SpaceRunTogether => space_run_together(&clean(&value)?),
        Transform::UsDate => us_date_to_iso(&value)?,
        Transform::Url => clean_url(Some(&value))?,
        Transform::StripZoomSuffix => strip_zoom_suffix(&value).to_owned(),
        Transform::FirstItem => first_item(&value),
        Transform::StripPrefix(prefix) => {
            let v = clean(&value)?;
            match v.get(..prefix.len()) {
                Some(head) if head.eq_ignore_ascii_case(prefix) => v[prefix.len()..].trim().into(),
                _ => v,
            }
        }
        Transform::MinWords(n) => clean(&value).filter(|v| v.split_whitespace().count() >= *n)?,
        Transform::AccessionBase => accession_base(&value).unwrap_or(value),
        Transform::Map(table) => {
            let v = clean(&value)?;
            table
                .iter()
                .find(|(k, _)| k.trim().eq_ignore_ascii_case(&v))
                .map_or(v.clone(), |(_, to)| to.clone())
        }
    })
    .filter(|v| !v.trim().is_empty())
}

fn transform_all<'a>(ts: impl IntoIterator<Item = &'a Transform>, value: String) -> Option<String> {
    ts.into_iter().try_fold(value, |v, t| apply_transform(t, v))
}

/// The record as the mapping reads it: `transforms` applied ("*" first, to every field), then
/// `derived` fields added. Borrowed when the mapping has neither.
pub fn prepare<'r>(m: &Mapping, r: &'r Record) -> Cow<'r, Record> {
    if m.transforms.is_empty() && m.derived.is_empty() {
        return Cow::Borrowed(r);
    }
    let every = m.transforms.get("*").into_iter().flatten();
    let mut fields: Fields = r
        .fields
        .iter()
        .filter_map(|(name, value)| {
            let own = m.transforms.get(name).into_iter().flatten();
            transform_all(every.clone().chain(own), value.to_owned()).map(|v| (name, v))
        })
        .collect();
    for (name, d) in &m.derived {
        let present = d.fields.iter().filter_map(|f| fields.get(f));
        let value = match &d.join {
            None => present.map(str::to_owned).next(),
            Some(sep) => {
                let parts: Vec<String> = present
                    .filter_map(crate::mapping::common::clean_paragraphs)
                    .collect();
                (!parts.is_empty()).then(|| parts.join(sep))
            }
        };
        if let Some(v) = value.and_then(|v| transform_all(&d.transforms, v)) {
            fields.insert(name.as_str().into(), v);
        }
    }
    Cow::Owned(Record {
        row: r.row,
        fields,
        geometry: r.geometry,
    })
}

/// "2008.10.a-aa" → "2008.10"; `None` when the number does not start with "YYYY.N".
fn accession_base(accession: &str) -> Option<String> {
    let (year, rest) = accession.split_once('.')?;
    let serial: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let ok = year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit()) && !serial.is_empty();
    ok.then(|| format!("{year}.{serial}"))
}

/// Whether a record without an id of its own may have one hashed from its fields: only a
/// titled record (a hash of what remains would name nothing).
pub fn may_hash(m: &Mapping, r: &Record) -> bool {
    m.id.column.is_none() || m.fields.title.as_ref().and_then(|c| r.get(c)).is_some()
}

/// "DowntownEastside" → "Downtown Eastside".
fn space_run_together(s: &str) -> String {
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

/// "-122.3919976,17z" → "-122.3919976"; anything else unchanged.
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

fn first_item(s: &str) -> String {
    let lower = s.to_lowercase();
    let mut first = lower.as_str();
    for sep in [",", ";", " on ", " with ", " and "] {
        first = first.split(sep).next().unwrap_or(first);
    }
    first.trim().to_owned()
}

/// `template` with each `{field}` replaced by the record's value; `None` when one has none.
pub fn fill(template: &str, r: &Record) -> Option<String> {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let close = open + rest[open..].find('}')?;
        out.push_str(&rest[..open]);
        out.push_str(&clean(r.get(&rest[open + 1..close])?)?);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    Some(out)
}

/// The id from `[id] column`: its value, or `if_shared` when other records share it, or
/// `fallback` when the record has none.
pub fn column_id(m: &Mapping, r: &Record, shared: impl Fn(&str) -> bool) -> Option<String> {
    let column = m.id.column.as_ref()?;
    match r.get(column).and_then(clean) {
        Some(v) => match &m.id.if_shared {
            Some(template) if shared(&v) => fill(template, r),
            _ => Some(v),
        },
        None => fill(m.id.fallback.as_ref()?, r),
    }
}

/// A hashed id's prefix: `hash_prefix`, else the dataset's key.
pub fn hash_prefix(m: &Mapping) -> &str {
    m.id.hash_prefix.as_deref().unwrap_or(&m.dataset.key)
}

/// Why a record has no id: untitled (a hash of what remains would name nothing), or no value
/// in the id field(s).
pub fn no_id(m: &Mapping, r: &Record) -> RejectReason {
    let titled = m.fields.title.as_ref().and_then(|c| r.get(c)).is_some();
    match (&m.id.called, titled || m.id.hash_of.is_empty()) {
        (_, false) => RejectReason::MissingTitle,
        (Some(called), true) => RejectReason::Malformed(format!("no {called}")),
        (None, true) => RejectReason::Malformed("no id in the id field(s)".into()),
    }
}

/// A repeated id's reject.
pub fn duplicate(m: &Mapping, first_row: usize) -> RejectReason {
    let called = m.id.called.as_deref().unwrap_or("id");
    let merged = match m.id.duplicates {
        Duplicates::MergeArtists => "; artists merged into it",
        Duplicates::First => "",
    };
    let the = if m.id.called.is_some() { "" } else { "the " };
    RejectReason::Duplicate(format!("{the}same {called} as row {first_row}{merged}"))
}

fn text<'a>(r: &'a Record, fields: &[String]) -> String {
    let parts: Vec<&'a str> = fields.iter().filter_map(|f| r.get(f)).collect();
    parts.join(" ")
}

fn holds(c: &Condition, r: &Record) -> bool {
    let t = text(r, &c.fields);
    let lower = t.to_lowercase();
    let any = |list: &[String], f: &dyn Fn(&str) -> bool| list.iter().any(|w| f(w));
    let positive = c.equals.len() + c.contains.len() + c.word_prefix.len() + c.words.len();
    let hit = positive == 0
        || any(&c.equals, &|w| t.trim().eq_ignore_ascii_case(w.trim()))
        || any(&c.contains, &|w| lower.contains(&w.to_lowercase()))
        || any(&c.word_prefix, &|w| has_word_prefix(&t, w))
        || any(&c.words, &|w| has_word(&t, w));
    hit && !any(&c.not_contains, &|w| lower.contains(&w.to_lowercase()))
}

/// The type: the keyword met first in `keywords_in`, else the first rule that holds, else
/// the column's type (`from_column`), else, when there are keywords or rules, the default.
pub fn artwork_type(m: &Mapping, r: &Record, from_column: Option<ArtworkType>) -> ArtworkType {
    let t = &m.artwork_type;
    let text = text(r, &t.keywords_in).to_lowercase();
    let keyword = text
        .split(|c: char| !c.is_alphanumeric())
        .find_map(|word| {
            t.keywords
                .iter()
                .find(|k| word.starts_with(&k.prefix.to_lowercase()))
        })
        .map(|k| k.artwork_type);
    let rule = || {
        t.rules
            .iter()
            .find(|rule| rule.when.iter().all(|c| holds(c, r)))
            .map(|rule| rule.artwork_type)
    };
    let ruled = !t.rules.is_empty() || !t.keywords.is_empty();
    keyword
        .or_else(rule)
        .or(from_column)
        .or(if ruled { t.default } else { None })
        .unwrap_or(ArtworkType::Other)
}

/// The status for a value not in the status map.
pub fn otherwise(m: &Mapping) -> SourceStatus {
    m.status.otherwise.unwrap_or(SourceStatus::InPlace)
}

/// Tags no single field gives: constants, tags set by a field's value, and the fuller
/// material text.
pub fn more_tags(m: &Mapping, r: &Record, tags: &mut BTreeMap<String, String>) {
    for (key, value) in &m.constant_tags {
        put(tags, key, Some(value.clone()));
    }
    for c in &m.conditional_tags {
        let Some(v) = r.get(&c.field) else { continue };
        if c.equals.is_empty()
            || c.equals
                .iter()
                .any(|e| e.trim().eq_ignore_ascii_case(v.trim()))
        {
            put(tags, &c.tag, Some(c.value.clone()));
        }
    }
    if let Some(tag) = m.parts.as_ref().and_then(|p| p.count_tag.as_ref()) {
        put(
            tags,
            tag,
            r.get(&super::parts::count_field(tag)).map(str::to_owned),
        );
    }
    if let Some(detail) = m.fields.material_detail.as_ref().and_then(|f| r.get(f)) {
        put(tags, "material_detail", Some(detail.to_owned()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transforms_do_what_their_names_say() {
        let t = |t: Transform, v: &str| apply_transform(&t, v.to_owned());
        assert_eq!(
            t(Transform::SpaceRunTogether, "RileyPark").as_deref(),
            Some("Riley Park")
        );
        assert_eq!(
            t(Transform::StripZoomSuffix, "-122.39,17z").as_deref(),
            Some("-122.39")
        );
        assert_eq!(
            t(Transform::StripZoomSuffix, "-122.45,925").as_deref(),
            Some("-122.45,925")
        );
        assert_eq!(
            t(Transform::FirstItem, "Oil on canvas").as_deref(),
            Some("oil")
        );
        assert_eq!(
            t(
                Transform::StripPrefix("photo credit:".into()),
                "Photo Credit: A. B."
            )
            .as_deref(),
            Some("A. B.")
        );
        assert_eq!(
            t(Transform::MinWords(3), "Bust on pedestal").as_deref(),
            Some("Bust on pedestal")
        );
        assert_eq!(t(Transform::MinWords(4), "Bust on pedestal"), None);
        assert_eq!(
            t(Transform::UsDate, "05/13/2019").as_deref(),
            Some("2019-05-13")
        );
        assert_eq!(
            t(Transform::Url, "www.x.ca").as_deref(),
            Some("http://www.x.ca")
        );
        assert_eq!(t(Transform::Url, "not a url"), None);
        for (number, work) in [
            ("1999.22.1-2", "1999.22"),
            ("2003.12.a", "2003.12"),
            ("2016.11.c.5", "2016.11"),
            ("2007.4 - 2007.31", "2007.4"),
            ("1939.2", "1939.2"),
            ("unknown", "unknown"),
        ] {
            assert_eq!(t(Transform::AccessionBase, number).as_deref(), Some(work));
        }
        let boroughs = Transform::Map([("q".to_owned(), "Queens".to_owned())].into());
        assert_eq!(t(boroughs.clone(), "Q").as_deref(), Some("Queens"));
        assert_eq!(t(boroughs, "Bronx").as_deref(), Some("Bronx"));
    }
}
