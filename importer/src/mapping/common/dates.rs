//! Years and dates in free text.

use super::*;

/// The first four-digit year between 1000 and 2100 in free text ("ca. 1936" → 1936,
/// "1969-1971" → 1969). A decade such as "1930s" is not a year.
pub fn extract_year(s: &str) -> Option<u16> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let decade = b.get(i).is_some_and(|&c| c == b's');
        if i - start == 4 && !decade {
            if let Ok(y) = s[start..i].parse::<u16>() {
                if (1000..=2100).contains(&y) {
                    return Some(y);
                }
            }
        }
    }
    None
}

/// Sets `year` from free date text and keeps the text in `date_detail` unless it was a plain
/// year. Text with no usable year ("6/27/18", "1930s") is kept in `date_detail` only.
pub fn put_year(tags: &mut BTreeMap<String, String>, raw: Option<&str>) {
    let Some(raw) = clean_opt(raw).filter(|r| !r.eq_ignore_ascii_case("unknown")) else {
        return;
    };
    match extract_year(&raw) {
        Some(y) => {
            let y = y.to_string();
            if raw != y {
                put(tags, "date_detail", Some(raw));
            }
            put(tags, "year", Some(y));
        }
        None => put(tags, "date_detail", Some(raw)),
    }
}

/// "MM/DD/YYYY" → "YYYY-MM-DD"; anything else is returned cleaned but unchanged.
pub fn us_date_to_iso(s: &str) -> Option<String> {
    let s = clean(s)?;
    let parts: Vec<&str> = s.split('/').collect();
    if let [m, d, y] = parts[..] {
        let ok = |p: &str, len: usize| p.len() == len && p.bytes().all(|c| c.is_ascii_digit());
        if ok(m, 2) && ok(d, 2) && ok(y, 4) {
            return Some(format!("{y}-{m}-{d}"));
        }
    }
    Some(s)
}
