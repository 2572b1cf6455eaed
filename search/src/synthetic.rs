//! Deterministic synthetic documents for benchmarks (index build rate, query latency at 100k and
//! 1M docs): the same `(n, seed)` always yields the same docs, with realistic shapes — two- to
//! four-word titles, credited artists, anchor tags, points around a dozen cities, one artist doc
//! in ten, mostly approved.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::doc::{ArtistDoc, ArtworkDoc, DocStatus, GeoPoint, SearchDoc};

const ADJECTIVES: &[&str] = &[
    "Silent",
    "Golden",
    "Broken",
    "Rising",
    "Hidden",
    "Dancing",
    "Northern",
    "Quiet",
    "Blue",
    "Iron",
    "Wandering",
    "Gentle",
    "Fallen",
    "Bright",
    "Ancient",
    "Floating",
    "Crimson",
    "Open",
    "Frozen",
    "Woven",
    "Distant",
    "Sleeping",
    "Burning",
    "Hollow",
    "Tidal",
    "Green",
    "Painted",
    "Laughing",
    "Endless",
    "Secret",
    "Twin",
    "Lonely",
    "Shining",
    "Spiral",
    "Wild",
    "Copper",
];
const NOUNS: &[&str] = &[
    "Heron",
    "Gate",
    "River",
    "Orca",
    "Bridge",
    "Garden",
    "Raven",
    "Harbour",
    "Lantern",
    "Totem",
    "Mountain",
    "Wave",
    "Tower",
    "Forest",
    "Window",
    "Circle",
    "Salmon",
    "Bear",
    "Stone",
    "Cloud",
    "Horse",
    "Canoe",
    "Mirror",
    "Seed",
    "Anchor",
    "Compass",
    "Crown",
    "Feather",
    "Island",
    "Journey",
    "Memory",
    "Signal",
    "Threshold",
    "Beacon",
    "Passage",
    "Sparrow",
];
const FIRST_NAMES: &[&str] = &[
    "Ada", "Bruno", "Chen", "Dana", "Elif", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kiri",
    "Lena", "Mateo", "Nadia", "Omar", "Priya", "Quinn", "Rosa", "Sami", "Tove", "Uma", "Viktor",
    "Wen", "Ximena", "Yusuf", "Zoë",
];
const LAST_NAMES: &[&str] = &[
    "Abara",
    "Bergström",
    "Castillo",
    "Dubois",
    "Eriksen",
    "Fontaine",
    "García",
    "Haddad",
    "Ivanova",
    "Jensen",
    "Kowalski",
    "Lindqvist",
    "Moreau",
    "Nakamura",
    "Okafor",
    "Petrova",
    "Quispe",
    "Rossi",
    "Schmidt",
    "Takahashi",
    "Umarov",
    "Virtanen",
    "Walker",
    "Yilmaz",
    "Zielinski",
];
const TYPES: &[&str] = &[
    "statue",
    "mural",
    "sculpture",
    "installation",
    "monument",
    "graffiti",
    "mosaic",
    "relief",
    "fountain",
    "other",
];
const MATERIALS: &[&str] = &[
    "bronze", "stone", "metal", "concrete", "wood", "paint", "ceramic", "glass", "mixed",
];
const CONDITIONS: &[&str] = &["excellent", "good", "fair", "poor", "damaged"];
const CITIES: &[(&str, f64, f64)] = &[
    ("Vancouver", 49.2827, -123.1207),
    ("Montréal", 45.5019, -73.5674),
    ("Toronto", 43.6532, -79.3832),
    ("Berlin", 52.5200, 13.4050),
    ("Paris", 48.8566, 2.3522),
    ("Ciudad de México", 19.4326, -99.1332),
    ("Melbourne", -37.8136, 144.9631),
    ("Cape Town", -33.9249, 18.4241),
    ("Tokyo", 35.6762, 139.6503),
    ("São Paulo", -23.5558, -46.6396),
    ("Reykjavík", 64.1466, -21.9426),
    ("Nairobi", -1.2921, 36.8219),
];

/// SplitMix64: tiny, fast, and the same on every machine.
struct Rng(u64);

impl Rng {
    fn new(seed: u64, i: u64) -> Self {
        Self(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// Uniform in [-1, 1).
    fn signed_unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

fn status(rng: &mut Rng) -> DocStatus {
    match rng.below(100) {
        0..=94 => DocStatus::Approved,
        95..=98 => DocStatus::Pending,
        _ => DocStatus::Removed,
    }
}

fn person(rng: &mut Rng) -> String {
    format!("{} {}", rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES))
}

/// Doc number `i` of the synthetic set for `seed`.
pub fn synthetic_doc(i: u64, seed: u64) -> SearchDoc {
    let mut rng = Rng::new(seed, i);
    let id = Uuid::from_u64_pair(seed, i);
    let base = DateTime::<Utc>::from_timestamp(1_600_000_000, 0).unwrap_or(DateTime::UNIX_EPOCH);
    let updated_at = base + Duration::seconds(i as i64);
    let version = 1 + rng.below(5) as u64;
    if i % 10 == 9 {
        let name = person(&mut rng);
        let aliases = if rng.below(4) == 0 {
            vec![format!("{} {}", rng.pick(ADJECTIVES), rng.pick(NOUNS))]
        } else {
            Vec::new()
        };
        return SearchDoc::Artist(ArtistDoc {
            id,
            bio: Some(format!(
                "{name} makes {} work in {}.",
                rng.pick(MATERIALS),
                CITIES[rng.below(CITIES.len())].0
            )),
            name,
            aliases,
            status: status(&mut rng),
            updated_at,
            version,
        });
    }
    let mut title = format!("{} {}", rng.pick(ADJECTIVES), rng.pick(NOUNS));
    if rng.below(3) == 0 {
        title = format!("{title} of the {}", rng.pick(NOUNS));
    }
    let artists = (0..1 + rng.below(2)).map(|_| person(&mut rng)).collect();
    let artwork_type = rng.pick(TYPES).to_owned();
    let material = rng.pick(MATERIALS);
    let (city, lat, lon) = CITIES[rng.below(CITIES.len())];
    let mut tags = BTreeMap::from([
        ("material".to_owned(), material.to_owned()),
        ("year".to_owned(), (1900 + rng.below(125)).to_string()),
    ]);
    if rng.below(2) == 0 {
        tags.insert("condition".into(), rng.pick(CONDITIONS).to_owned());
    }
    if rng.below(4) == 0 {
        tags.insert("operator".into(), format!("City of {city}"));
    }
    let located = rng.below(20) != 0;
    SearchDoc::Artwork(ArtworkDoc {
        id,
        description: Some(format!(
            "A {material} {artwork_type} in {city}, near the {} {}.",
            rng.pick(ADJECTIVES).to_lowercase(),
            rng.pick(NOUNS).to_lowercase()
        )),
        title,
        artwork_type,
        status: status(&mut rng),
        artist_names: artists,
        artist_aliases: Vec::new(),
        tags,
        notes: if rng.below(5) == 0 {
            vec![format!(
                "Seen on a {} morning.",
                rng.pick(ADJECTIVES).to_lowercase()
            )]
        } else {
            Vec::new()
        },
        location: located.then(|| GeoPoint {
            lat: lat + 0.2 * rng.signed_unit(),
            lon: lon + 0.2 * rng.signed_unit(),
        }),
        updated_at,
        version,
        thumbnail: located.then(|| format!("thumbnail/{}.jpg", id.simple())),
        city: Some(city.to_owned()),
    })
}

/// `n` synthetic docs, lazily (a million do not fit comfortably in a `Vec`).
pub fn synthetic_docs(n: u64, seed: u64) -> impl Iterator<Item = SearchDoc> {
    (0..n).map(move |i| synthetic_doc(i, seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_docs_and_another_seed_others() {
        let a: Vec<_> = synthetic_docs(50, 7).collect();
        let b: Vec<_> = synthetic_docs(50, 7).collect();
        let c: Vec<_> = synthetic_docs(50, 8).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(
            a.iter()
                .filter(|d| matches!(d, SearchDoc::Artist(_)))
                .count(),
            5
        );
    }

    #[test]
    fn synthetic_points_are_valid_coordinates() {
        for doc in synthetic_docs(2000, 1) {
            if let Some(p) = doc.location() {
                assert!((-90.0..=90.0).contains(&p.lat) && (-180.0..=180.0).contains(&p.lon));
            }
        }
    }
}
