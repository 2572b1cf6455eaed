//! One file's import: its artists, then its artworks a chunk at a time, then what the
//! moderators are asked.

use command_api::Commands;
use domain::{ArtistId, ArtworkId, EventMetadata};
use std::collections::HashMap;

use super::parsed::{Parsed, CHUNK};
use super::progress::{Progress, Told};
use super::records::{artist_record, artwork_record, credit_instead};
use super::report::{FileReport, Outcome, Sink};
use crate::link::{Known, Match};
use crate::Dataset;

/// One import's settings, shared by its files.
pub(super) struct Run<'a> {
    pub(super) commands: &'a Commands,
    pub(super) metadata: &'a EventMetadata,
    /// What earlier files of this run added, for finding duplicates the read side lacks yet.
    pub(super) known: &'a std::sync::RwLock<Known>,
    /// Whether files with artworks follow this one in the run (which [`Run::remember`] serves).
    pub(super) later_files: bool,
    /// The names of the file's artists, by id, to compare credits with the artworks Plinth has.
    pub(super) names: std::sync::RwLock<HashMap<ArtistId, String>>,
    /// The artists earlier files of the run gave, by their names' lower case, with the dataset
    /// that gave them: the read side may not have them yet.
    pub(super) artists_known: &'a std::sync::RwLock<HashMap<String, (ArtistId, String)>>,
    pub(super) dry_run: bool,
    pub(super) show_progress: bool,
    pub(super) progress: Option<Progress>,
    pub(super) sink: Option<&'a std::sync::Mutex<Sink>>,
}

/// What sending one record did.
pub(super) struct Sent {
    /// `new`, `linked`, `changed` or `unchanged`.
    pub(super) outcome: &'static str,
    /// For a new artwork, the artwork Plinth had that it is or may be.
    pub(super) matched: Option<Match>,
}

impl Run<'_> {
    pub(super) async fn file(
        &self,
        p: Parsed,
        artists: Vec<crate::ImportedArtist>,
    ) -> anyhow::Result<FileReport> {
        let mut report =
            FileReport::new(p.file.clone(), p.dataset.key.to_string(), p.records_read());
        let d = &p.dataset.clone();
        let file = p.file.clone();
        let has_artworks = p.has_artworks();

        let told = self.told(&format!("{} artists", d.key), artists.len());
        // This file's artists that are ones Plinth has from elsewhere, to credit instead.
        let mut links: HashMap<ArtistId, ArtistId> = HashMap::new();
        for part in artists.chunks(CHUNK) {
            let linked = self.artists_elsewhere(d, part).await?;
            report.artists_linked += linked.len();
            let own: Vec<crate::ImportedArtist> = part
                .iter()
                .filter(|a| !linked.contains_key(&ArtistId::for_import(&d.key, &a.source_id)))
                .cloned()
                .collect();
            links.extend(linked);
            let sent = self
                .send_part::<domain::Artist, _>(&own, &mut report, |a, _| artist_record(d, a))
                .await?;
            for (_, s) in sent {
                match s.outcome {
                    Outcome::NEW => report.artists_created += 1,
                    Outcome::CHANGED => report.artists_changed += 1,
                    _ => report.artists_unchanged += 1,
                }
            }
            told.add(part.len());
        }
        told.bar.finish_and_clear();
        drop(artists);

        let told = self.told(&format!("{} artworks", d.key), report.records_read);
        let (mut chunks, present) = p.artworks();
        let mut likely = Vec::new();
        while let Some(chunk) = chunks.recv().await {
            let read = chunk.len();
            let mut artworks = Vec::with_capacity(read);
            for item in chunk {
                match item {
                    Ok(a) => artworks.push(a),
                    Err(reject) => report.reject(reject, self.sink)?,
                }
            }
            let sent = self
                .send_part::<domain::Artwork, _>(&artworks, &mut report, |a, dropped| {
                    let mut r = artwork_record(d, a, dropped)?;
                    credit_instead(&mut r.artist_ids, &links);
                    Ok(r)
                })
                .await?;
            let by_id: HashMap<&str, &crate::ImportedArtwork> =
                artworks.iter().map(|a| (a.source_id.as_str(), a)).collect();
            for ((source_id, title), sent) in sent {
                let record = by_id.get(source_id.as_str()).copied();
                let reason = sent.matched.as_ref().map(Match::note).unwrap_or_default();
                match sent.outcome {
                    Outcome::NEW => report.artworks_created += 1,
                    Outcome::LINKED => report.artworks_linked += 1,
                    Outcome::CHANGED => report.artworks_changed += 1,
                    _ => report.artworks_unchanged += 1,
                }
                if sent.outcome == Outcome::NEW {
                    if matches!(sent.matched, Some(Match::Likely(_))) {
                        likely.push((ArtworkId::for_import(&d.key, &source_id), reason.clone()));
                    }
                    if let Some(a) = record.filter(|_| self.later_files) {
                        self.remember(d, a)?;
                    }
                }
                let outcome = Outcome {
                    point: record.map(|a| (a.lat, a.lon)),
                    source_id,
                    title,
                    outcome: sent.outcome,
                    reason,
                };
                report.note(outcome, self.sink)?;
            }
            told.add(read);
        }
        told.bar.finish_and_clear();
        let present = present.await??;
        report.likely_duplicates = likely.len();
        if has_artworks {
            self.moderators_check(&file, d, &present, &likely, &mut report)
                .await?;
        }
        Ok(report)
    }

    fn told(&self, what: &str, total: usize) -> Told {
        Told::new(what, total, self.show_progress, self.progress.clone())
    }

    /// Remembers a record this file added, for the run's later files.
    fn remember(&self, d: &Dataset, a: &crate::ImportedArtwork) -> anyhow::Result<()> {
        if let Ok(r) = artwork_record(d, a, &mut Vec::new()) {
            let artists = self.artists_of(&r);
            let mut known = self
                .known
                .write()
                .map_err(|_| anyhow::anyhow!("poisoned"))?;
            known.add(&r, artists);
        }
        Ok(())
    }
}
