//! What each column of an uploaded file holds: how many records fill it, how many distinct
//! values, the most frequent ones, so an admin maps it knowing its values.

use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

use crate::source;

/* ---- What each column holds ---- */

/// Distinct values are counted up to this many per column; past it, "more" is flagged.
const MAX_DISTINCT: usize = 10_000;

/// The most frequent values listed per column.
const TOP_VALUES: usize = 20;

/// A value longer than this is counted but not listed (a description, not a category).
const MAX_LISTED_CHARS: usize = 200;

/// What one column of a file holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ColumnValues {
    /// Records with a value here (missing ones, blank, `NA`, `null`…, left out).
    pub filled: usize,
    /// Distinct values (trimmed, case kept), counted up to 10,000.
    pub distinct: usize,
    /// Whether there are more distinct values than `distinct` says.
    pub more: bool,
    /// The most frequent values, most frequent first (ties in the order first seen), at most
    /// 20. Values longer than 200 characters are counted, not listed. Once 10,000 distinct
    /// values are known a value first seen after that is not counted.
    pub top: Vec<ValueCount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ValueCount {
    pub value: String,
    pub count: usize,
}

/// Counts one column's values as records go by, in bounded memory: at most `MAX_DISTINCT`
/// entries of a hash, a count and the text (only when it is short enough to be listed).
#[derive(Debug, Default)]
struct ValueCounter {
    filled: usize,
    more: bool,
    /// By the value's hash: (first seen, count, the text when listable).
    seen: HashMap<u64, (usize, usize, Option<Box<str>>)>,
}

impl ValueCounter {
    fn add(&mut self, value: &str) {
        if source::is_missing(value) {
            return;
        }
        let value = value.trim();
        self.filled += 1;
        let key = {
            use std::hash::{Hash, Hasher};
            let mut h = std::hash::DefaultHasher::new();
            value.hash(&mut h);
            h.finish()
        };
        let order = self.seen.len();
        if let Some(entry) = self.seen.get_mut(&key) {
            entry.1 += 1;
        } else if order < MAX_DISTINCT {
            let text = (value.chars().count() <= MAX_LISTED_CHARS).then(|| value.into());
            self.seen.insert(key, (order, 1, text));
        } else {
            self.more = true;
        }
    }

    fn finish(self) -> ColumnValues {
        let mut listed: Vec<(usize, usize, Box<str>)> = self
            .seen
            .values()
            .filter_map(|(order, count, text)| Some((*order, *count, text.clone()?)))
            .collect();
        listed.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        ColumnValues {
            filled: self.filled,
            distinct: self.seen.len(),
            more: self.more,
            top: listed
                .into_iter()
                .take(TOP_VALUES)
                .map(|(_, count, value)| ValueCount {
                    value: value.into(),
                    count,
                })
                .collect(),
        }
    }
}

/// Each column's values, counted in one pass over the records.
pub(super) fn column_values(
    columns: &[String],
    records: &[source::Record],
) -> BTreeMap<String, ColumnValues> {
    let mut counters: HashMap<&str, ValueCounter> = columns
        .iter()
        .map(|c| (c.as_str(), ValueCounter::default()))
        .collect();
    for r in records {
        for (name, value) in r.fields.iter() {
            if let Some(c) = counters.get_mut(name) {
                c.add(value);
            }
        }
    }
    counters
        .into_iter()
        .map(|(name, c)| (name.to_owned(), c.finish()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counted(values: &[&str]) -> ColumnValues {
        let mut c = ValueCounter::default();
        for v in values {
            c.add(v);
        }
        c.finish()
    }

    fn top(c: &ColumnValues) -> Vec<(&str, usize)> {
        c.top.iter().map(|v| (v.value.as_str(), v.count)).collect()
    }

    #[test]
    fn values_are_counted_trimmed_most_frequent_first_ties_in_the_order_seen() {
        let c = counted(&[
            "Murale",
            " Sculpture",
            "murale",
            "Sculpture ",
            "Fontaine",
            "Murale",
            "",
            "NA",
            "null",
        ]);
        assert_eq!(c.filled, 6);
        assert_eq!(c.distinct, 4);
        assert!(!c.more);
        assert_eq!(
            top(&c),
            [
                ("Murale", 2),
                ("Sculpture", 2),
                ("murale", 1),
                ("Fontaine", 1)
            ]
        );
    }

    #[test]
    fn only_the_twenty_most_frequent_values_are_listed() {
        let values: Vec<String> = (0..30).flat_map(|i| vec![format!("v{i}"); i + 1]).collect();
        let c = counted(&values.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(c.distinct, 30);
        assert_eq!(c.top.len(), TOP_VALUES);
        assert_eq!(top(&c)[0], ("v29", 30));
        assert_eq!(top(&c)[19], ("v10", 11));
    }

    #[test]
    fn distinct_values_are_counted_up_to_the_cap_and_more_is_flagged() {
        let mut c = ValueCounter::default();
        for i in 0..MAX_DISTINCT + 500 {
            c.add(&i.to_string());
        }
        // A value known before the cap keeps being counted.
        c.add("0");
        let c = c.finish();
        assert_eq!((c.distinct, c.more), (MAX_DISTINCT, true));
        assert_eq!(c.filled, MAX_DISTINCT + 501);
        assert_eq!(top(&c)[0], ("0", 2));
    }

    #[test]
    fn a_long_value_is_counted_but_not_listed() {
        let long = "x".repeat(MAX_LISTED_CHARS + 1);
        let c = counted(&[&long, &long, "short"]);
        assert_eq!(c.distinct, 2);
        assert_eq!(top(&c), [("short", 1)]);
    }

    #[test]
    fn each_column_is_counted_from_the_records_that_have_it() {
        let record = |pairs: &[(&str, &str)]| source::Record {
            row: 1,
            fields: pairs.iter().map(|(k, v)| (*k, *v)).collect(),
            geometry: None,
        };
        let records = [
            record(&[("Type", "Murale"), ("Titre", "A")]),
            record(&[("Type", "Murale")]),
            record(&[("Titre", "B"), ("Other", "x")]),
        ];
        let columns = ["Type".to_owned(), "Titre".to_owned()];
        let got = column_values(&columns, &records);
        assert_eq!(got.keys().collect::<Vec<_>>(), ["Titre", "Type"]);
        assert_eq!(top(&got["Type"]), [("Murale", 2)]);
        assert_eq!((got["Titre"].filled, got["Titre"].distinct), (2, 2));
    }
}
