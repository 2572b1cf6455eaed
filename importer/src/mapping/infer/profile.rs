//! What each field of a sample holds (how many records fill it, its distinct values, whether
//! they are numbers in a range or years), and the field that best fits a role.

use crate::mapping::common::extract_year;
use crate::mapping::Coordinates;
use crate::source::Records;
use std::collections::{BTreeMap, HashSet};

/// How many records the guesses look at.
pub(super) const SAMPLE: usize = 5_000;

/// Above this many distinct values a field is not a vocabulary (type, status).
pub(super) const MAX_VOCABULARY: usize = 100;

/// What a field's sampled values look like.
#[derive(Debug, Default)]
pub(super) struct Profile {
    pub(super) name: String,
    /// The name folded: lowercase, letters and digits only ("Display Title" → "displaytitle").
    pub(super) folded: String,
    pub(super) filled: usize,
    pub(super) distinct: HashSet<String>,
    pub(super) numbers: usize,
    pub(super) min: f64,
    pub(super) max: f64,
    pub(super) years: usize,
    pub(super) urls: usize,
    pub(super) total_chars: usize,
    pub(super) sample: Option<String>,
}

impl Profile {
    pub(super) fn share(&self, n: usize) -> f64 {
        n as f64 / self.filled.max(1) as f64
    }
    pub(super) fn mean_chars(&self) -> f64 {
        self.total_chars as f64 / self.filled.max(1) as f64
    }
    pub(super) fn numeric_within(&self, limit: f64) -> bool {
        self.filled > 0
            && self.share(self.numbers) >= 0.9
            && self.min >= -limit
            && self.max <= limit
    }
    pub(super) fn says(&self, words: &[&str]) -> bool {
        words.iter().any(|w| self.folded.contains(w))
    }
    pub(super) fn is(&self, words: &[&str]) -> bool {
        let last = self.folded.rsplit('.').next().unwrap_or(&self.folded);
        words.iter().any(|w| *w == last || *w == self.folded)
    }
    pub(super) fn example(&self) -> String {
        let s = self.sample.as_deref().unwrap_or("");
        let short: String = s.chars().take(60).collect();
        if short.len() < s.len() {
            format!("{short}…")
        } else {
            short
        }
    }
}

pub(super) fn fold(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric() || *c == '.')
        .flat_map(char::to_lowercase)
        .collect()
}

pub(super) fn profiles(records: &Records) -> Vec<Profile> {
    let sample = &records.records[..records.records.len().min(SAMPLE)];
    records
        .columns
        .iter()
        .map(|name| {
            let mut p = Profile {
                name: name.clone(),
                folded: fold(name),
                min: f64::INFINITY,
                max: f64::NEG_INFINITY,
                ..Default::default()
            };
            for r in sample {
                let Some(v) = r.get(name) else { continue };
                p.filled += 1;
                p.total_chars += v.chars().count();
                if p.sample.is_none() {
                    p.sample = Some(v.to_owned());
                }
                if p.distinct.len() <= sample.len() {
                    p.distinct.insert(v.trim().to_owned());
                }
                if let Ok(n) = v.trim().parse::<f64>() {
                    p.numbers += 1;
                    p.min = p.min.min(n);
                    p.max = p.max.max(n);
                }
                if extract_year(v).is_some() {
                    p.years += 1;
                }
                let l = v.trim_start().to_ascii_lowercase();
                if l.starts_with("http://") || l.starts_with("https://") {
                    p.urls += 1;
                }
            }
            p
        })
        .filter(|p| p.filled > 0)
        .collect()
}

/// The best-scoring field, with the reason, among those `score` gives a value to.
pub(super) fn best<'a>(
    profiles: &'a [Profile],
    taken: &HashSet<String>,
    score: impl Fn(&Profile) -> Option<(f64, String)>,
) -> Option<(&'a Profile, String)> {
    profiles
        .iter()
        .filter(|p| !taken.contains(&p.name))
        .filter_map(|p| score(p).map(|(s, why)| (p, s, why)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(p, _, why)| (p, why))
}

pub(super) struct Guesser<'a> {
    pub(super) profiles: &'a [Profile],
    pub(super) records: usize,
    pub(super) taken: HashSet<String>,
    pub(super) notes: BTreeMap<String, String>,
    pub(super) undecided: Vec<String>,
}

impl<'a> Guesser<'a> {
    /// Takes the best field for `key`, noting why; `None` (and a line in `undecided` when
    /// `missing` is given) when nothing fits.
    pub(super) fn take(
        &mut self,
        key: &str,
        missing: Option<&str>,
        score: impl Fn(&Profile) -> Option<(f64, String)>,
    ) -> Option<&'a Profile> {
        match best(self.profiles, &self.taken, score) {
            Some((p, why)) => {
                self.taken.insert(p.name.clone());
                self.notes.insert(
                    key.to_owned(),
                    format!("\"{}\": {why}; e.g. \"{}\"", p.name, p.example()),
                );
                Some(p)
            }
            None => {
                if let Some(m) = missing {
                    self.undecided.push(format!("{key}: {m}"));
                }
                None
            }
        }
    }

    pub(super) fn coordinates(&mut self, records: &Records) -> Coordinates {
        if records.has_geometry() {
            let n = records
                .records
                .iter()
                .filter(|r| r.geometry.is_some())
                .count();
            self.notes.insert(
                "coordinates.geometry".into(),
                format!("{n} of {} records have a geometry", self.records),
            );
            return Coordinates {
                geometry: true,
                ..Default::default()
            };
        }
        let lat = self.take("coordinates.lat", None, |p| {
            coordinate_like(p, &["latitude", "lat", "y", "ylat"], 90.0).then(|| {
                let why = format!("named like a latitude, values {:.4} to {:.4}", p.min, p.max);
                (p.share(p.numbers), why)
            })
        });
        let lon = self.take("coordinates.lon", None, |p| {
            coordinate_like(p, &["longitude", "lon", "lng", "long", "x", "xlon"], 180.0).then(
                || {
                    let why = format!(
                        "named like a longitude, values {:.4} to {:.4}",
                        p.min, p.max
                    );
                    (p.share(p.numbers), why)
                },
            )
        });
        if let (Some(lat), Some(lon)) = (lat, lon) {
            return Coordinates {
                lat: Some(lat.name.clone()),
                lon: Some(lon.name.clone()),
                ..Default::default()
            };
        }
        let wkt = self.take("coordinates.wkt", None, |p| {
            let points = p
                .sample
                .as_deref()
                .is_some_and(|s| s.trim_start().to_ascii_uppercase().starts_with("POINT"));
            points.then(|| (1.0, "holds WKT points".to_owned()))
        });
        if let Some(w) = wkt {
            return Coordinates {
                wkt: Some(w.name.clone()),
                ..Default::default()
            };
        }
        let pair = self.take("coordinates.lat_lon", None, |p| {
            let s = p.sample.as_deref()?;
            let (a, b) = s
                .trim()
                .trim_start_matches('(')
                .trim_end_matches(')')
                .split_once(',')?;
            let (a, b) = (a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?);
            ((-90.0..=90.0).contains(&a) && (-180.0..=180.0).contains(&b))
                .then(|| (1.0, "holds \"(latitude, longitude)\" pairs".to_owned()))
        });
        if let Some(p) = pair {
            return Coordinates {
                lat_lon: Some(p.name.clone()),
                ..Default::default()
            };
        }
        self.undecided.push(
            "coordinates: no field holds latitudes and longitudes, WKT points or \
             \"(lat, lon)\" pairs; name them in [coordinates]"
                .into(),
        );
        Coordinates::default()
    }
}

/// Named like a coordinate (`words[0]` anywhere in the name, or any of them as the whole
/// name) with numbers within ±`limit`.
pub(super) fn coordinate_like(p: &Profile, words: &[&str], limit: f64) -> bool {
    (p.is(words) || p.says(&words[..1])) && p.numeric_within(limit)
}
