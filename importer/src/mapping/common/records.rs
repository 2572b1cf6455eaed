//! Artists, tags and ids as the import model wants them.

use super::*;

/// Artists synthesised from names, one per normalised name, in order of first credit.
#[derive(Debug, Default)]
pub struct ArtistBook {
    artists: Vec<ImportedArtist>,
    index: HashMap<String, usize>,
}

impl ArtistBook {
    /// Registers a credited name and returns its source id; `None` for blanks and placeholders
    /// ("Unknown", "Various Artists"). The first spelling seen becomes the display name.
    pub fn credit(&mut self, name: &str) -> Option<String> {
        let name = clean(name)?;
        let name = name
            .trim_matches(|c: char| c == ',' || c == ';' || c.is_whitespace())
            .to_string();
        if is_placeholder_name(&name) {
            return None;
        }
        let id = normalise_name(&name);
        if id.is_empty() {
            return None;
        }
        if !self.index.contains_key(&id) {
            self.index.insert(id.clone(), self.artists.len());
            self.artists.push(ImportedArtist {
                source_id: id.clone(),
                name,
                biography: None,
                country: None,
                website: None,
                source_url: None,
            });
        }
        Some(id)
    }

    /// Credits every name and returns the ids, de-duplicated in credit order.
    pub fn credit_all<S: AsRef<str>>(&mut self, names: &[S]) -> Vec<String> {
        let mut ids = Vec::new();
        for n in names {
            if let Some(id) = self.credit(n.as_ref()) {
                push_unique(&mut ids, id);
            }
        }
        ids
    }

    /// The artists credited so far, in order of first credit.
    pub fn artists(&self) -> &[ImportedArtist] {
        &self.artists
    }

    pub fn into_artists(self) -> Vec<ImportedArtist> {
        self.artists
    }
}

/// Appends `item` unless it is already there.
pub fn push_unique(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// Inserts a tag when the value is non-empty after cleanup.
pub fn put(tags: &mut BTreeMap<String, String>, key: &str, value: Option<String>) {
    if let Some(v) = value.as_deref().and_then(clean) {
        tags.insert(key.to_string(), v);
    }
}

/// A URL fit for a `website`-like field: http(s), no whitespace. A bare host such as
/// "www.example.ca" gets "http://" (the scheme is the only thing added).
pub fn clean_url(s: Option<&str>) -> Option<String> {
    let s = clean_opt(s)?;
    if s.contains(char::is_whitespace) || s.len() > 500 {
        return None;
    }
    let lower = s.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        Some(s)
    } else if lower.starts_with("www.") {
        Some(format!("http://{s}"))
    } else {
        None
    }
}

/// 64-bit FNV-1a: a small, fixed hash for ids derived from record content (stable across
/// Rust versions, unlike `DefaultHasher`).
pub fn fnv1a64(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
