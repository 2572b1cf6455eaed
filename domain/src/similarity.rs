//! The duplicate check's policy: how alike a proposed artwork and a known one are, from their
//! distance, titles and types. Pure; the callers find the candidates (within
//! [`DUPLICATE_RADIUS_M`]) and rank them by [`duplicate_score`].

use std::collections::HashSet;

/// Known artworks this close to a proposal are candidates for being the same one.
pub const DUPLICATE_RADIUS_M: f64 = 100.0;
/// A score from which the web app calls a candidate a likely duplicate.
pub const LIKELY_DUPLICATE: f64 = 0.6;
/// Two records this close, with titles at least [`SAME_TITLE`] alike, are one artwork: an
/// import links such a record to the artwork Plinth has instead of adding it again.
pub const SAME_ARTWORK_RADIUS_M: f64 = 50.0;
/// How alike two titles must be (see [`title_similarity`]) for [`clearly_same`].
pub const SAME_TITLE: f64 = 0.75;

/// Lowercase letters and digits of `s`, with common Latin accents folded and everything else a
/// single space.
fn normalise(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = true;
    for c in s.chars().flat_map(char::to_lowercase) {
        let c = fold(c);
        if c.is_alphanumeric() {
            out.push(c);
            space = false;
        } else if !space {
            out.push(' ');
            space = true;
        }
    }
    out.trim_end().to_owned()
}

fn fold(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'ç' => 'c',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ñ' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ý' | 'ÿ' => 'y',
        other => other,
    }
}

fn trigrams(s: &str) -> HashSet<[char; 3]> {
    let padded: Vec<char> = format!("  {s} ").chars().collect();
    padded.windows(3).map(|w| [w[0], w[1], w[2]]).collect()
}

/// Dice coefficient of the titles' character trigrams, 0 (nothing shared) to 1 (same words).
pub fn title_similarity(a: &str, b: &str) -> f64 {
    let (a, b) = (normalise(a), normalise(b));
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    if a == b {
        return 1.0;
    }
    let (ta, tb) = (trigrams(&a), trigrams(&b));
    let shared = ta.intersection(&tb).count() as f64;
    2.0 * shared / (ta.len() + tb.len()) as f64
}

/// How likely a known artwork `distance_m` away is the proposed one, 0 to 1. Distance counts
/// most; a title, when the proposal has one, nearly as much; the same type a little.
pub fn duplicate_score(
    distance_m: f64,
    proposed_title: Option<&str>,
    known_title: &str,
    same_type: bool,
) -> f64 {
    let near = (1.0 - distance_m.max(0.0) / DUPLICATE_RADIUS_M).clamp(0.0, 1.0);
    let kind = if same_type { 1.0 } else { 0.0 };
    let score = match proposed_title {
        Some(t) if !normalise(t).is_empty() => {
            0.5 * near + 0.35 * title_similarity(t, known_title) + 0.15 * kind
        }
        _ => 0.75 * near + 0.25 * kind,
    };
    (score * 1000.0).round() / 1000.0
}

/// How alike two credits are: the most alike pair of their artists' names (compared as
/// titles are), 0 when either names nobody.
pub fn artists_similarity(a: &[String], b: &[String]) -> f64 {
    a.iter()
        .flat_map(|x| b.iter().map(move |y| title_similarity(x, y)))
        .fold(0.0, f64::max)
}

/// Whether a record `distance_m` from a known artwork, titled `proposed` where it is titled
/// `known`, with credits `artists_alike` (see [`artists_similarity`]), is clearly that artwork
/// (rather than only likely: see [`duplicate_score`]): the same title, or a title half alike
/// by the same artist. Types are left out: sources name one work differently (a statue, a
/// sculpture, a memorial). An untitled work is never clearly another: two can stand side by
/// side.
pub fn clearly_same(distance_m: f64, proposed: &str, known: &str, artists_alike: f64) -> bool {
    let untitled = |t: &str| {
        let t = normalise(t);
        t.starts_with("untitled") || t.starts_with("sans titre")
    };
    let titles = title_similarity(proposed, known);
    distance_m <= SAME_ARTWORK_RADIUS_M
        && !untitled(proposed)
        && (titles >= SAME_TITLE || (titles >= 0.5 && artists_alike >= SAME_TITLE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_match_regardless_of_case_accents_and_punctuation() {
        assert_eq!(title_similarity("Café Mural!", "cafe  mural"), 1.0);
        assert!(title_similarity("Digital Orca", "Digital Orka") > 0.6);
        assert!(title_similarity("Digital Orca", "The Drop") < 0.2);
        assert_eq!(title_similarity("", "The Drop"), 0.0);
    }

    #[test]
    fn closer_and_alike_scores_higher() {
        let same_spot = duplicate_score(5.0, Some("Digital Orca"), "Digital Orca", true);
        let across_road = duplicate_score(60.0, Some("Digital Orca"), "Digital Orca", true);
        let other_work = duplicate_score(5.0, Some("Digital Orca"), "The Drop", false);
        assert!(same_spot > across_road);
        assert!(same_spot > other_work);
        assert!(same_spot >= LIKELY_DUPLICATE);
        assert!(other_work < LIKELY_DUPLICATE);
    }

    #[test]
    fn only_a_near_record_with_the_same_title_is_clearly_the_same() {
        assert!(clearly_same(8.0, "Le phare", "Le Phare", 0.0));
        assert!(clearly_same(50.0, "Digital Orca", "Digital Orka", 0.0));
        assert!(!clearly_same(51.0, "Digital Orca", "Digital Orca", 1.0));
        assert!(!clearly_same(3.0, "Phare de Montréal", "Le Phare", 0.0));
        assert!(!clearly_same(3.0, "", "", 1.0));
        assert!(!clearly_same(
            3.0,
            "Untitled sculpture",
            "Untitled Sculpture",
            1.0
        ));
        assert!(!clearly_same(3.0, "Sans titre", "Sans titre", 1.0));
    }

    #[test]
    fn a_half_alike_title_by_the_same_artist_is_clearly_the_same() {
        let roy = artists_similarity(
            &["Marie Roy".into()],
            &["Jean Tremblay".into(), "marie roy".into()],
        );
        assert_eq!(roy, 1.0);
        assert_eq!(artists_similarity(&[], &["Marie Roy".into()]), 0.0);
        assert!(!clearly_same(20.0, "Le Phare", "Le grand phare", 0.0));
        assert!(clearly_same(20.0, "Le Phare", "Le grand phare", roy));
        assert!(!clearly_same(20.0, "Le Phare", "La Fontaine", roy));
    }

    #[test]
    fn without_a_title_distance_and_type_decide() {
        assert_eq!(duplicate_score(0.0, None, "Anything", true), 1.0);
        assert_eq!(duplicate_score(100.0, Some("  "), "Anything", false), 0.0);
        assert_eq!(duplicate_score(250.0, None, "Anything", false), 0.0);
    }
}
