//! Whether a new artwork record is one Plinth already has from another source or a contributor.
//! Candidates come from the read side (`projectors::candidates`, approved artworks not from the
//! record's own dataset) and from the files imported earlier in the same run, which the read side
//! may not have yet ([`Known`]). Both are scored as the submissions' duplicate check scores, and
//! their credits compared; a clear match (`domain::similarity::clearly_same`) is linked, a likely
//! one put to the moderators.

use domain::artwork::ImportedArtwork as ArtworkRecord;
use domain::geo::haversine_m;
use domain::similarity::{
    artists_similarity, clearly_same, duplicate_score, DUPLICATE_RADIUS_M, LIKELY_DUPLICATE,
    SAME_TITLE,
};
use domain::ArtworkType;
use std::collections::HashMap;
use uuid::Uuid;

/// What a new record is, beside the artworks Plinth has.
#[derive(Debug, Clone, PartialEq)]
pub enum Match {
    /// Clearly that artwork: the record is linked to it (merged into it, keeping its source).
    Same(Candidate),
    /// Perhaps that artwork: the moderators are asked.
    Likely(Candidate),
}

/// A known artwork a record was compared with.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub id: Uuid,
    pub title: String,
    pub distance_m: f64,
    pub similarity: f64,
    /// Its credited artists' names.
    pub artists: Vec<String>,
}

impl Match {
    pub fn candidate(&self) -> &Candidate {
        match self {
            Match::Same(c) | Match::Likely(c) => c,
        }
    }

    /// The report's words for it.
    pub fn note(&self) -> String {
        let c = self.candidate();
        let what = match self {
            Match::Same(_) => "the same as",
            Match::Likely(_) => "likely the same as",
        };
        format!(
            "{what} \"{}\" ({}), {} m away, similarity {:.2}",
            c.title, c.id, c.distance_m, c.similarity
        )
    }
}

/// An artwork an earlier file of this run added.
struct KnownArtwork {
    id: Uuid,
    dataset: String,
    title: String,
    artwork_type: ArtworkType,
    artists: Vec<String>,
    lat: f64,
    lon: f64,
}

/// Side of [`Known`]'s grid cells, in degrees (about 220 m north to south).
const CELL_DEG: f64 = 0.002;

/// The artworks earlier files of a run added, by grid cell.
#[derive(Default)]
pub struct Known {
    cells: HashMap<(i64, i64), Vec<KnownArtwork>>,
}

fn cell(deg: f64) -> i64 {
    (deg / CELL_DEG).floor() as i64
}

impl Known {
    /// Remembers a record an earlier file added, crediting `artists`.
    pub fn add(&mut self, r: &ArtworkRecord, artists: Vec<String>) {
        let (lat, lon) = (r.location.lat(), r.location.lon());
        self.cells
            .entry((cell(lat), cell(lon)))
            .or_default()
            .push(KnownArtwork {
                id: r.id.0,
                dataset: r.provenance.dataset.clone(),
                title: r.title.as_str().to_owned(),
                artwork_type: r.artwork_type,
                artists,
                lat,
                lon,
            });
    }

    /// Those within the duplicate radius of `r`, from other datasets, scored.
    fn near(&self, r: &ArtworkRecord) -> Vec<Candidate> {
        let (lat, lon) = (r.location.lat(), r.location.lon());
        let dlat = DUPLICATE_RADIUS_M / 111_320.0;
        let dlon = dlat / lat.to_radians().cos().abs().max(0.01);
        let mut out = Vec::new();
        for y in cell(lat - dlat)..=cell(lat + dlat) {
            for x in cell(lon - dlon)..=cell(lon + dlon) {
                let Some(known) = self.cells.get(&(y, x)) else {
                    continue;
                };
                for k in known.iter().filter(|k| k.dataset != r.provenance.dataset) {
                    let d = haversine_m(lat, lon, k.lat, k.lon);
                    if d <= DUPLICATE_RADIUS_M {
                        out.push(Candidate {
                            id: k.id,
                            title: k.title.clone(),
                            distance_m: (d * 10.0).round() / 10.0,
                            similarity: duplicate_score(
                                d,
                                Some(r.title.as_str()),
                                &k.title,
                                k.artwork_type == r.artwork_type,
                            ),
                            artists: k.artists.clone(),
                        });
                    }
                }
            }
        }
        out
    }
}

/// The best match of `r`, crediting `artists`, among the read side's candidates and those of
/// earlier files: the nearest clear one, else the most alike likely one (a candidate by the
/// same artist counts as likely from 0.1 under the usual score).
pub fn best(
    r: &ArtworkRecord,
    artists: &[String],
    read_side: Vec<Candidate>,
    known: &Known,
) -> Option<Match> {
    let mut all = read_side;
    all.extend(known.near(r));
    let title = r.title.as_str();
    let alike = |c: &Candidate| artists_similarity(artists, &c.artists);
    let same = all
        .iter()
        .filter(|c| clearly_same(c.distance_m, title, &c.title, alike(c)))
        .min_by(|a, b| a.distance_m.total_cmp(&b.distance_m));
    if let Some(c) = same {
        return Some(Match::Same(c.clone()));
    }
    all.into_iter()
        .filter(|c| {
            c.similarity >= LIKELY_DUPLICATE
                || (c.similarity >= LIKELY_DUPLICATE - 0.1 && alike(c) >= SAME_TITLE)
        })
        .max_by(|a, b| {
            a.similarity
                .total_cmp(&b.similarity)
                .then(b.distance_m.total_cmp(&a.distance_m))
        })
        .map(Match::Likely)
}

/// The read side's candidates for `r`: approved artworks near it not from its dataset (none
/// when the read side has never started).
/// What the read side answered, or nothing when it has no such table: `plinth import` may run
/// against an event store whose read models are kept elsewhere, or not yet made.
pub fn or_none_without_read_side<T: Default>(answer: Result<T, sqlx::Error>) -> anyhow::Result<T> {
    match answer {
        Ok(found) => Ok(found),
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("42P01") => Ok(T::default()),
        Err(e) => Err(e.into()),
    }
}

pub async fn read_side(pool: &sqlx::PgPool, r: &ArtworkRecord) -> anyhow::Result<Vec<Candidate>> {
    let found = projectors::candidates::duplicate_candidates(
        pool,
        r.location.lat(),
        r.location.lon(),
        Some(r.title.as_str()),
        Some(r.artwork_type),
        None,
        Some(&r.provenance.dataset),
    )
    .await;
    Ok(or_none_without_read_side(found)?
        .into_iter()
        .map(|c| Candidate {
            id: c.id,
            title: c.title,
            distance_m: c.distance_m,
            similarity: c.similarity,
            artists: c.artists,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::text::Title;
    use domain::{ArtworkId, ArtworkStatus, Location, Provenance, Tags};

    fn record(dataset: &str, id: &str, title: &str, lat: f64, lon: f64) -> ArtworkRecord {
        ArtworkRecord {
            id: ArtworkId::for_import(dataset, id),
            title: Title::parse(title).unwrap(),
            description: None,
            artwork_type: ArtworkType::Sculpture,
            location: Location::parse(lat, lon).unwrap(),
            tags: Tags::default(),
            artist_ids: Vec::new(),
            status: ArtworkStatus::Approved,
            provenance: Provenance {
                dataset: dataset.into(),
                dataset_name: dataset.into(),
                licence: "CC0".into(),
                attribution: dataset.into(),
                source_id: id.into(),
                source_url: None,
                place: None,
            },
        }
    }

    #[test]
    fn a_record_of_another_dataset_at_the_same_spot_with_the_same_title_is_the_same() {
        let mut known = Known::default();
        let city = record("city", "1", "Le Phare", 45.50177, -73.56735);
        known.add(&city, Vec::new());
        let osm = record("osm", "n11", "Le phare", 45.50177, -73.56725);
        let found = best(&osm, &[], Vec::new(), &known).unwrap();
        assert!(matches!(found, Match::Same(_)), "{found:?}");
        assert_eq!(found.candidate().id, city.id.0);
        assert!(found.note().starts_with("the same as \"Le Phare\""));
    }

    #[test]
    fn a_near_record_with_another_title_is_only_likely_and_its_own_dataset_never_matches() {
        let mut known = Known::default();
        known.add(
            &record("city", "1", "Le Phare", 45.50177, -73.56735),
            Vec::new(),
        );
        known.add(
            &record("osm", "n10", "Le phare", 45.50177, -73.56725),
            Vec::new(),
        );
        let other = record("osm", "n12", "Phare de Montréal", 45.50180, -73.56730);
        let found = best(&other, &[], Vec::new(), &known).unwrap();
        assert!(matches!(found, Match::Likely(_)), "{found:?}");
        assert_eq!(found.candidate().title, "Le Phare");
        let far = record("osm", "n13", "Le Phare", 45.51, -73.56735);
        assert_eq!(best(&far, &[], Vec::new(), &known), None);
    }

    #[test]
    fn the_same_artist_makes_a_half_alike_title_the_same_work() {
        let mut known = Known::default();
        let roy = vec!["Marie Roy".to_owned()];
        known.add(
            &record("city", "1", "Le grand phare", 45.50177, -73.56735),
            roy.clone(),
        );
        let osm = record("osm", "n11", "Le Phare", 45.50180, -73.56725);
        let by_roy = best(&osm, &roy, Vec::new(), &known).unwrap();
        assert!(matches!(by_roy, Match::Same(_)), "{by_roy:?}");
        let by_another = best(&osm, &["Jean Tremblay".to_owned()], Vec::new(), &known);
        assert!(
            !matches!(by_another, Some(Match::Same(_))),
            "{by_another:?}"
        );
    }

    #[test]
    fn a_match_across_a_cell_edge_is_found_in_the_far_north() {
        let mut known = Known::default();
        // Cell 9477 of longitude ends at 18.956; a degree of longitude is 38.7 km here.
        known.add(&record("city", "1", "Aurora", 69.6492, 18.9559), Vec::new());
        let east = record("osm", "n1", "Aurora", 69.6492, 18.9559 + 45.0 / 38_700.0);
        assert!(matches!(
            best(&east, &[], Vec::new(), &known),
            Some(Match::Same(_))
        ));
        let west = record("osm", "n2", "Aurora", 69.6492, 18.9559 - 45.0 / 38_700.0);
        assert!(matches!(
            best(&west, &[], Vec::new(), &known),
            Some(Match::Same(_))
        ));
    }
}
