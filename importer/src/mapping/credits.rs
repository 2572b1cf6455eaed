//! Credit lines → the people they name, by the mapping's `[credits]`: a table of lines the
//! rules would get wrong, the line's format ("A; B", "A, B & C", "Name, role; Name (role)",
//! "Last, First and Last, First"), and clean-ups (parentheses, trailing notes, words that are
//! not names). With `by_id` the field holds the ids of an artists file instead.

use super::Mapping;
use crate::mapping::common::{
    push_unique, shared_surname_pair, split_credit_list, strip_parentheticals, title_case_if_lower,
    ArtistBook,
};
use crate::source::Record;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How a credit line lists its people.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CreditStyle {
    /// Split at `[fields] artist_separator` (";" when not given).
    #[default]
    Separator,
    /// Split at ";", ",", "&", "+", "/", " and " and " with ".
    List,
    /// ";"-separated credits, each a name and what they did: "F.W. MacMonnies, spandrel figures;
    /// Hermon MacNeil (Washington)". After a comma, words in lower case (unless the whole
    /// credit is), words with digits and `not_names` are roles; "Jr." and the like stay with
    /// the name; names joined by " and " or " & " are two people.
    NameAndRole,
    /// "Last, First" pairs joined by " and " or ";": "Davis, Michael and Schwartzenberg,
    /// Susan"; a lone first name after a pair shares its surname ("Buchen, Bill and Mary");
    /// lines without a comma are names as written.
    LastFirst,
}

impl CreditStyle {
    fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// A one-word name completed from two parallel lists of first and last names ("Judith" with
/// First_Name "Judith" and Last_Name "Inglese"), the lists split at ";" or ":".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FirstLast {
    pub first: String,
    pub last: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Credits {
    /// The artists field holds ids of the dataset's artists file, not names.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub by_id: bool,
    #[serde(skip_serializing_if = "CreditStyle::is_default")]
    pub style: CreditStyle,
    /// Whole credit lines and the names they stand for, when the rules would get them wrong.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub overrides: BTreeMap<String, Vec<String>>,
    /// The line is cut at the first of these, in any case ("produced by", ":").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cut_at: Vec<String>,
    /// "(…)" groups dropped: aliases, roles, real names.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub strip_parentheses: bool,
    /// Characters trimmed from the end of the line (".").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trim_end: Option<String>,
    /// "Emily and Jamie Erekson" is two people of one surname.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub shared_surname: bool,
    /// Parts that name no one (roles, places; with `by_id`, ids), in any case.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_names: Vec<String>,
    /// Names starting with one of these (in any case) are dropped ("students from …").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub drop_starting_with: Vec<String>,
    /// Names written all in lower case are title-cased.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub title_case_if_lower: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete_from: Option<FirstLast>,
}

impl Credits {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

const SUFFIXES: &[&str] = &["jr", "jr.", "sr", "sr.", "ii", "iii"];

/// The record's credited artists as source ids: registered in `book` by name, or the
/// artists file's ids with `by_id`.
pub fn credit(m: &Mapping, r: &Record, book: &mut ArtistBook) -> Vec<String> {
    let Some(line) = m.fields.artists.as_ref().and_then(|c| r.get(c)) else {
        return Vec::new();
    };
    let c = &m.credits;
    let separator = m.fields.artist_separator.as_deref().unwrap_or(";");
    if c.by_id {
        let mut ids = Vec::new();
        for id in line.split(separator).map(str::trim) {
            if !id.is_empty() && !c.not_names.iter().any(|n| n.eq_ignore_ascii_case(id)) {
                push_unique(&mut ids, id.to_owned());
            }
        }
        return ids;
    }
    // A custom separator may be whitespace, so only the other styles see the line cleaned.
    let line = match c.style {
        CreditStyle::Separator => Some(line.to_owned()),
        _ => crate::mapping::common::clean(line),
    };
    let Some(line) = line else {
        return Vec::new();
    };
    // A work collapsed from parts has each row's credit line.
    let mut names: Vec<String> = line
        .split(super::parts::CREDIT_SEPARATOR)
        .filter_map(|cell| match c.style {
            CreditStyle::Separator => Some(cell.to_owned()),
            _ => crate::mapping::common::clean(cell),
        })
        .flat_map(|cell| names(c, &cell, separator))
        .collect();
    if let Some(fl) = &c.complete_from {
        complete(&mut names, r, fl);
    }
    book.credit_all(&names)
}

/// The names in one credit line.
pub fn names(c: &Credits, line: &str, separator: &str) -> Vec<String> {
    if let Some(names) = c.overrides.get(line) {
        return names.clone();
    }
    let mut s = line.to_owned();
    for marker in &c.cut_at {
        if let Some(at) = find_ignoring_case(&s, marker) {
            s.truncate(at);
        }
    }
    if c.strip_parentheses && c.style != CreditStyle::NameAndRole {
        s = strip_parentheticals(&s);
    }
    let mut s = s.trim();
    if let Some(chars) = &c.trim_end {
        s = s.trim_end_matches(|ch| chars.contains(ch)).trim();
    }
    let names = match c.style {
        CreditStyle::Separator => s.split(separator).map(str::to_owned).collect(),
        CreditStyle::List => match shared(c, s) {
            Some(pair) => pair.to_vec(),
            None => split_credit_list(s),
        },
        CreditStyle::NameAndRole => name_and_role(c, s),
        CreditStyle::LastFirst => last_first(s),
    };
    names
        .into_iter()
        .filter(|n| {
            let lower = n.to_lowercase();
            !n.trim().is_empty()
                && !c
                    .drop_starting_with
                    .iter()
                    .any(|p| lower.starts_with(&p.to_lowercase()))
        })
        .map(|n| {
            if c.title_case_if_lower {
                title_case_if_lower(n.trim())
            } else {
                n
            }
        })
        .collect()
}

fn shared(c: &Credits, s: &str) -> Option<[String; 2]> {
    c.shared_surname.then(|| shared_surname_pair(s)).flatten()
}

/// Byte offset of `needle` in `hay`, ASCII case ignored.
fn find_ignoring_case(hay: &str, needle: &str) -> Option<usize> {
    let n = needle.len();
    (0..=hay.len().saturating_sub(n)).find(|&i| {
        hay.is_char_boundary(i)
            && hay
                .get(i..i + n)
                .is_some_and(|w| w.eq_ignore_ascii_case(needle))
    })
}

fn name_and_role(c: &Credits, s: &str) -> Vec<String> {
    let mut out = Vec::new();
    for credit in s.split(';') {
        let credit = if c.strip_parentheses {
            strip_parentheticals(credit)
        } else {
            credit.to_owned()
        };
        if let Some(pair) = shared(c, &credit) {
            out.extend(pair);
            continue;
        }
        let all_lower = credit == credit.to_lowercase();
        let mut pieces: Vec<String> = Vec::new();
        for piece in credit.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let lower = piece.to_lowercase();
            if SUFFIXES.contains(&lower.as_str()) {
                if let Some(last) = pieces.last_mut() {
                    last.push(' ');
                    last.push_str(piece);
                }
                continue;
            }
            let role = (!all_lower && piece.chars().next().is_some_and(char::is_lowercase))
                || piece.chars().any(|ch| ch.is_ascii_digit())
                || c.not_names.iter().any(|n| n.to_lowercase() == lower);
            if !role {
                pieces.push(piece.to_owned());
            }
        }
        for piece in pieces {
            for name in piece.split(" and ").flat_map(|p| p.split(" & ")) {
                let name = name.trim();
                if !name.is_empty() {
                    out.push(name.to_owned());
                }
            }
        }
    }
    out
}

fn last_first(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut last_surname: Option<String> = None;
    for segment in s.split(';').flat_map(|p| p.split(" and ")) {
        let mut tokens: Vec<String> = Vec::new();
        for t in segment.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            match tokens.last_mut() {
                Some(prev) if SUFFIXES.contains(&t.to_lowercase().as_str()) => {
                    prev.push(' ');
                    prev.push_str(t);
                }
                _ => tokens.push(t.to_owned()),
            }
        }
        match tokens.as_slice() {
            [] => {}
            [one] => {
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

fn complete(names: &mut [String], r: &Record, fl: &FirstLast) {
    let list = |f: &str| -> Vec<String> {
        r.get(f)
            .map(|s| {
                s.split([';', ':'])
                    .filter_map(crate::mapping::common::clean)
                    .collect()
            })
            .unwrap_or_default()
    };
    let (firsts, lasts) = (list(&fl.first), list(&fl.last));
    if firsts.len() != lasts.len() {
        return;
    }
    for (i, name) in names.iter_mut().enumerate() {
        if let (false, Some(f), Some(l)) = (name.contains(' '), firsts.get(i), lasts.get(i)) {
            if f == name {
                *name = format!("{f} {l}");
            }
        }
    }
}
