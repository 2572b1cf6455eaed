//! Works recorded as several rows, one per part (`[parts]`): rows with the same id are one
//! work, given by its whole-work row when it has a usable one (else by its first usable part),
//! crediting every row's artists. Only a file read whole can be collapsed ([`super::apply`]).

use super::Mapping;
use crate::source::{Fields, Record};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Separates the artist credits of a work's rows in its collapsed record.
pub const CREDIT_SEPARATOR: char = '\u{1e}';

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Parts {
    /// The field naming the part: a row is the whole work when its value is the id itself or
    /// a range of its parts ("2008.10.a-aa" for work "2008.10").
    pub number: String,
    /// Tag holding how many rows the work has, when more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_tag: Option<String>,
    /// Fields about the part only (its dimensions), dropped when a part stands for the work.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub part_fields: Vec<String>,
}

/// Whether `number` stands for all of work `id`: the id itself, or "id.x-y".
fn is_whole(number: &str, id: &str) -> bool {
    match number.strip_prefix(id) {
        Some("") => true,
        Some(rest) => rest
            .strip_prefix('.')
            .is_some_and(|r| !r.contains('.') && r.contains('-')),
        None => false,
    }
}

/// "Swimmer's Waves [column B, row 1]" → "Swimmer's Waves".
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

/// One record per work, in order of each work's first row: its representative row with the
/// part label cut from the title, the part-only fields dropped, the count and every row's
/// credits; for a work no row of which is `usable`, its whole-work (or first) row as it is.
/// Records without an id pass through.
pub fn collapse(
    m: &Mapping,
    parts: &Parts,
    records: Vec<Record>,
    id: impl Fn(&Record) -> Option<String>,
    usable: impl Fn(&Record) -> bool,
) -> Vec<Record> {
    let mut order: Vec<Option<String>> = Vec::new();
    let mut groups: HashMap<String, Vec<Record>> = HashMap::new();
    let mut loose: Vec<Record> = Vec::new();
    for r in records {
        match id(&r) {
            Some(key) => {
                if !groups.contains_key(&key) {
                    order.push(Some(key.clone()));
                }
                groups.entry(key).or_default().push(r);
            }
            None => {
                order.push(None);
                loose.push(r);
            }
        }
    }
    let mut loose = loose.into_iter();
    let mut out = Vec::new();
    for key in order {
        let Some(key) = key else {
            out.extend(loose.next());
            continue;
        };
        let Some(rows) = groups.remove(&key) else {
            continue;
        };
        let prepared: Vec<_> = rows.iter().map(|r| super::rules::prepare(m, r)).collect();
        let whole = |i: usize| {
            prepared[i]
                .get(&parts.number)
                .and_then(crate::mapping::common::clean)
                .is_some_and(|n| is_whole(&n, &key))
        };
        let ok = |i: usize| usable(&prepared[i]);
        let rep = (0..rows.len())
            .find(|&i| ok(i) && whole(i))
            .or_else(|| (0..rows.len()).find(|&i| ok(i)));
        let Some(rep) = rep else {
            let first = (0..rows.len()).find(|&i| whole(i)).unwrap_or(0);
            out.extend(rows.into_iter().nth(first));
            continue;
        };
        let cut = rows.len() > 1 && !whole(rep);
        let title_field = m.fields.title.as_deref().unwrap_or_default();
        let artists_field = m.fields.artists.as_deref().unwrap_or_default();
        let credits: Vec<&str> = std::iter::once(rep)
            .chain((0..rows.len()).filter(|&i| i != rep))
            .filter_map(|i| rows[i].get(artists_field))
            .collect();
        let credits = credits.join(&CREDIT_SEPARATOR.to_string());
        let r = &rows[rep];
        let mut fields: Fields = r
            .fields
            .iter()
            .filter(|(name, _)| *name != artists_field)
            .filter(|(name, _)| !(cut && parts.part_fields.iter().any(|f| f == name)))
            .map(|(name, value)| match name {
                n if n == title_field && cut => (n, without_part_label(value).to_owned()),
                n => (n, value.to_owned()),
            })
            .collect();
        if !credits.is_empty() {
            fields.insert(artists_field.into(), credits);
        }
        if let Some(tag_field) = parts.count_tag.as_ref().filter(|_| rows.len() > 1) {
            fields.insert(count_field(tag_field).into(), rows.len().to_string());
        }
        out.push(Record {
            row: r.row,
            fields,
            geometry: r.geometry,
        });
    }
    out
}

/// The field a collapsed record holds its count in, for tag `tag`.
pub fn count_field(tag: &str) -> String {
    format!("@parts:{tag}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_works_and_part_labels() {
        assert!(is_whole("2008.10.a-aa", "2008.10") && is_whole("1939.2", "1939.2"));
        assert!(!is_whole("2008.10.a", "2008.10") && !is_whole("2007.4.2.a-h", "2007.4"));
        assert_eq!(
            without_part_label("Swimmer's Waves [column B, row 1]"),
            "Swimmer's Waves"
        );
        assert_eq!(
            without_part_label("[Currently Untitled]"),
            "[Currently Untitled]"
        );
    }
}
