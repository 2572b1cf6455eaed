//! Running an import: every parsed record goes through its aggregate's command, so each artwork
//! has history from its first event; records already imported change nothing. Artist files are
//! imported before artwork files so credits resolve.

use command_api::bulk::{self, Handled};
use command_api::{CommandError, Commands};
use domain::artist::ImportedArtist as ArtistRecord;
use domain::artwork::ImportedArtwork as ArtworkRecord;
use domain::text::{LongText, PersonName, Title};
use domain::{
    ArtistCommand, ArtistId, ArtworkCommand, ArtworkId, ArtworkStatus, ArtworkType, EventMetadata,
    EventSource, FeedbackCommand, FeedbackError, ImportRun, ImportRunCommand, ImportRunRecord,
    IssueType, Location, Provenance, Tags,
};
use futures::{stream, StreamExt, TryStreamExt};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use uuid::Uuid;

use super::link::{self, Known, Match};
use super::mapping::{self, Mapping};
use super::parse::{parse_file, ParseError};
use super::{source, Dataset, ParsedFile, Presence, Reject, RejectReason};

/// Duplicate checks and links in flight at once.
const CONCURRENCY: usize = 8;
/// Records decided in one read and written in one statement.
const CHUNK: usize = 1_000;
/// Tries at a chunk that another writer's events beat to one of its aggregates.
const ATTEMPTS: u32 = 3;

/// Told how far an import is: what (e.g. "montreal artworks"), how many done, of how many.
pub type Progress = std::sync::Arc<dyn Fn(&str, usize, usize) + Send + Sync>;

/// How `plinth import` runs.
#[derive(Clone, Default)]
pub struct ImportOptions {
    /// The mapping for every file; without one, `FILE.mapping.toml` beside each file, or the
    /// built-in parser its name selects.
    pub mapping: Option<PathBuf>,
    /// Report what an import would do, writing nothing.
    pub dry_run: bool,
    /// Who runs the import, for its `ImportRun` record (the system when none: the CLI).
    pub run_by: Option<EventMetadata>,
    /// Called as records are sent (at most about 200 times a step).
    pub progress: Option<Progress>,
}

/// One file read and mapped, ready to import.
pub struct Parsed {
    /// The file as named to the importer (its name alone is recorded).
    pub file: String,
    pub parsed: ParsedFile,
    /// The mapping it was read with (none for a built-in parser).
    pub mapping: Option<Mapping>,
}

/// What happened (or, in a dry run, would happen) to one record.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub source_id: String,
    pub title: String,
    /// `new`, `linked` (new, and the same as an artwork Plinth had from elsewhere), `changed`
    /// (a newer record of one already imported), `unchanged` or `rejected`.
    pub outcome: &'static str,
    /// Why it was rejected, or what artwork a new one is or likely is; else empty.
    pub reason: String,
    /// Where it is (latitude, longitude), when it was not rejected.
    pub point: Option<(f64, f64)>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct FileReport {
    pub file: String,
    pub dataset: String,
    pub records_read: usize,
    pub artists_created: usize,
    pub artists_changed: usize,
    pub artists_unchanged: usize,
    pub artworks_created: usize,
    /// New records that were artworks Plinth had from another source or a contributor: each
    /// linked to that artwork (one artwork, both sources), not added again.
    pub artworks_linked: usize,
    pub artworks_changed: usize,
    pub artworks_unchanged: usize,
    pub rejects: Vec<Reject>,
    /// Tags dropped because their value broke the tag schema, as (source id, message).
    pub dropped_tags: Vec<(String, String)>,
    /// New artworks that are likely ones Plinth already has (their outcome says which), put to
    /// the moderators as feedback.
    pub likely_duplicates: usize,
    /// Source ids of this dataset's artworks on the map that the file no longer has: each is
    /// put to the moderators as feedback ("missing"), never deleted.
    pub gone: Vec<String>,
    /// Every artwork record's outcome, in file order.
    pub outcomes: Vec<Outcome>,
    /// The `ImportRun` that records this file's import (none for a dry run).
    pub run_id: Option<Uuid>,
}

impl FileReport {
    pub fn rejects_by_reason(&self) -> BTreeMap<String, usize> {
        let mut m = BTreeMap::new();
        for r in &self.rejects {
            let key = match &r.reason {
                RejectReason::MissingTitle => "missing title",
                RejectReason::MissingCoordinates => "missing coordinates",
                RejectReason::BadCoordinates(_) => "bad coordinates",
                RejectReason::Duplicate(_) => "duplicate",
                RejectReason::Malformed(_) => "malformed",
            };
            *m.entry(key.to_owned()).or_insert(0) += 1;
        }
        m
    }
}

fn provenance(d: &Dataset, source_id: &str, url: Option<&str>) -> Provenance {
    Provenance {
        dataset: d.key.to_string(),
        dataset_name: d.name.to_string(),
        licence: d.licence.to_string(),
        attribution: d.attribution.to_string(),
        source_id: source_id.to_owned(),
        source_url: Some(url.unwrap_or(&d.source_url).to_owned()),
        place: Some(d.place.to_string()),
    }
}

/// Long text beyond the limit is cut at a character boundary rather than losing the record.
fn long_text(s: Option<&str>) -> Option<LongText> {
    let s = s?;
    let cut: String = s.chars().take(LongText::MAX_CHARS).collect();
    LongText::parse(&cut).ok()
}

/// Validates tags one by one so a single bad value costs only that tag.
fn tags(raw: &BTreeMap<String, String>, dropped: &mut Vec<String>) -> Tags {
    let mut ok = BTreeMap::new();
    for (k, v) in raw {
        let one = BTreeMap::from([(k.clone(), v.clone())]);
        match Tags::parse(one) {
            Ok(_) => {
                ok.insert(k.clone(), v.clone());
            }
            Err(e) => dropped.push(e.to_string()),
        }
    }
    Tags::parse(ok).unwrap_or_default()
}

pub fn artwork_record(
    d: &Dataset,
    a: &super::ImportedArtwork,
    dropped: &mut Vec<String>,
) -> Result<ArtworkRecord, RejectReason> {
    let title = Title::parse(&a.title).map_err(|_| RejectReason::MissingTitle)?;
    let location =
        Location::parse(a.lat, a.lon).map_err(|e| RejectReason::BadCoordinates(e.to_string()))?;
    let mut artist_ids = Vec::new();
    for s in &a.artist_source_ids {
        let id = ArtistId::for_import(&d.key, s);
        if !artist_ids.contains(&id) {
            artist_ids.push(id);
        }
    }
    artist_ids.truncate(domain::artwork::MAX_ARTISTS_PER_ARTWORK);
    Ok(ArtworkRecord {
        id: ArtworkId::for_import(&d.key, &a.source_id),
        title,
        description: long_text(a.description.as_deref()),
        artwork_type: ArtworkType::parse(&a.artwork_type).unwrap_or(ArtworkType::Other),
        location,
        tags: tags(&a.tags, dropped),
        artist_ids,
        status: match a.presence {
            Presence::InPlace => ArtworkStatus::Approved,
            Presence::Removed => ArtworkStatus::Removed,
        },
        provenance: provenance(d, &a.source_id, a.source_url.as_deref()),
    })
}

pub fn artist_record(d: &Dataset, a: &super::ImportedArtist) -> Result<ArtistRecord, RejectReason> {
    let name = PersonName::parse(&a.name)
        .map_err(|e| RejectReason::Malformed(format!("artist name: {e}")))?;
    let website = a.website.as_ref().filter(|w| {
        let l = w.to_ascii_lowercase();
        (l.starts_with("http://") || l.starts_with("https://")) && w.len() <= 500
    });
    Ok(ArtistRecord {
        id: ArtistId::for_import(&d.key, &a.source_id),
        name,
        biography: long_text(a.biography.as_deref()),
        country: a.country.as_ref().map(|c| c.chars().take(100).collect()),
        website: website.cloned(),
        provenance: provenance(d, &a.source_id, a.source_url.as_deref()),
    })
}

fn bar(show: bool, len: usize, label: &str) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(len as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{msg:<40} [{bar:30}] {pos}/{len} {per_sec} eta {eta}")
    {
        pb.set_style(style.progress_chars("=> "));
    }
    pb.set_message(label.to_owned());
    pb
}

/// Reads one file with the mapping named, else with `FILE.mapping.toml` beside it, else with
/// the built-in parser its name selects.
pub fn read_file(file: &Path, mapping: Option<&Path>) -> anyhow::Result<Parsed> {
    let beside = mapping::beside(file);
    let mapping = match mapping {
        Some(m) => Some(m.to_path_buf()),
        None => beside.exists().then_some(beside),
    };
    let name = file.display().to_string();
    match mapping {
        Some(m) => read_mapped(name, file, Mapping::load(&m)?),
        None => Ok(Parsed {
            file: name,
            parsed: parse_file(file).map_err(|e: ParseError| anyhow::anyhow!("{e}"))?,
            mapping: None,
        }),
    }
}

/// Reads `file` (recorded as `name`) with `mapping`.
pub fn read_mapped(name: String, file: &Path, mapping: Mapping) -> anyhow::Result<Parsed> {
    let records = source::read(file, &mapping.format)?;
    Ok(Parsed {
        file: name,
        parsed: mapping::apply(&mapping, records),
        mapping: Some(mapping),
    })
}

/// Proposes a mapping for `file` and writes it beside it (`FILE.mapping.toml`), never over an
/// existing one.
pub fn infer_beside(file: &Path) -> anyhow::Result<(PathBuf, mapping::Inferred)> {
    let records = source::read(file, &source::ReadOptions::default())?;
    if records.records.is_empty() {
        anyhow::bail!("{}: no records to learn a mapping from", file.display());
    }
    let inferred = mapping::infer(file, &records);
    let target = mapping::beside(file);
    let text = inferred.to_toml(file);
    let mut out = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&target)
        .map_err(|e| {
            anyhow::anyhow!(
                "cannot write {}: {e} (remove it to infer again)",
                target.display()
            )
        })?;
    std::io::Write::write_all(&mut out, text.as_bytes())?;
    Ok((target, inferred))
}

/// Parses every file (failing before any write if one cannot be read), then imports them.
pub async fn import_files(
    commands: &Commands,
    files: &[PathBuf],
    show_progress: bool,
) -> anyhow::Result<Vec<FileReport>> {
    import_with(commands, files, &ImportOptions::default(), show_progress).await
}

/// [`import_files`] with a mapping or as a dry run.
pub async fn import_with(
    commands: &Commands,
    files: &[PathBuf],
    options: &ImportOptions,
    show_progress: bool,
) -> anyhow::Result<Vec<FileReport>> {
    let mut parsed = Vec::new();
    for f in files {
        parsed.push(read_file(f, options.mapping.as_deref())?);
    }
    import_parsed(commands, parsed, options, show_progress).await
}

/// Imports files already read (every one readable before anything is written).
pub async fn import_parsed(
    commands: &Commands,
    mut parsed: Vec<Parsed>,
    options: &ImportOptions,
    show_progress: bool,
) -> anyhow::Result<Vec<FileReport>> {
    // Artist-only files first, so artwork credits point at artists that exist.
    parsed.sort_by_key(|p| !p.parsed.artworks.is_empty());
    let correlation = Uuid::now_v7();
    let metadata = EventMetadata::system(EventSource::Import, correlation);
    let run_by = match &options.run_by {
        Some(who) => EventMetadata {
            correlation_id: correlation,
            ..who.clone()
        },
        None => metadata.clone(),
    };
    let mut reports = Vec::new();
    let known = std::sync::RwLock::new(Known::default());
    let with_artworks = parsed
        .iter()
        .filter(|p| !p.parsed.artworks.is_empty())
        .count();
    for (i, p) in parsed.into_iter().enumerate() {
        let run = Run {
            commands,
            metadata: &metadata,
            known: &known,
            later_files: i + 1 < with_artworks,
            names: p
                .parsed
                .artists
                .iter()
                .map(|a| {
                    let id = ArtistId::for_import(&p.parsed.dataset.key, &a.source_id);
                    (id, a.name.clone())
                })
                .collect(),
            dry_run: options.dry_run,
            show_progress,
            progress: options.progress.clone(),
        };
        let dataset = p.parsed.dataset.clone();
        let mut report = run.file(&p.file, p.parsed).await?;
        if !options.dry_run {
            let mapping = p.mapping.as_ref();
            let id = record_run(commands, &run_by, &dataset, mapping, &report).await?;
            report.run_id = Some(id);
        }
        reports.push(report);
    }
    Ok(reports)
}

/// Records one file's import as an `ImportRun` event: the audit's account of who imported
/// what source, under which licence, and what it did.
async fn record_run(
    commands: &Commands,
    metadata: &EventMetadata,
    d: &Dataset,
    mapping: Option<&Mapping>,
    r: &FileReport,
) -> anyhow::Result<Uuid> {
    let count = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    let file = Path::new(&r.file)
        .file_name()
        .map_or_else(|| r.file.clone(), |n| n.to_string_lossy().into_owned());
    let record = ImportRunRecord {
        file,
        dataset: d.key.to_string(),
        dataset_name: d.name.to_string(),
        licence: d.licence.to_string(),
        attribution: d.attribution.to_string(),
        source_url: d.source_url.to_string(),
        records_read: count(r.records_read),
        artworks_new: count(r.artworks_created),
        artworks_linked: count(r.artworks_linked),
        artworks_changed: count(r.artworks_changed),
        artworks_unchanged: count(r.artworks_unchanged),
        artists_new: count(r.artists_created),
        artists_unchanged: count(r.artists_unchanged),
        rejected: count(r.rejects.len()),
        likely_duplicates: count(r.likely_duplicates),
        gone: count(r.gone.len()),
        mapping: mapping.and_then(|m| toml::to_string(m).ok()),
    };
    let id = Uuid::now_v7();
    commands
        .decide::<ImportRun, anyhow::Error, _, _>(&id.to_string(), metadata, |state| async {
            Ok((state, ImportRunCommand::Record(Box::new(record))))
        })
        .await?;
    Ok(id)
}

/// One import's settings, shared by its files.
struct Run<'a> {
    commands: &'a Commands,
    metadata: &'a EventMetadata,
    /// What earlier files of this run added, for finding duplicates the read side lacks yet.
    known: &'a std::sync::RwLock<Known>,
    /// Whether files with artworks follow this one in the run (which [`Run::remember`] serves).
    later_files: bool,
    /// The names of the file's artists, by id, to compare credits with the artworks Plinth has.
    names: HashMap<ArtistId, String>,
    dry_run: bool,
    show_progress: bool,
    progress: Option<Progress>,
}

impl Run<'_> {
    /// Has a chunk of aggregates decide their import commands in one read and write what they
    /// decided in one statement (in a dry run, only decides): for each, what it did, or why it
    /// refused. A new artwork that clearly is one Plinth had is then linked to it (merged into
    /// it, which shows both sources); one that likely is, is named.
    async fn send_chunk<A: Imported>(
        &self,
        chunk: Vec<(String, A::Command)>,
    ) -> anyhow::Result<Vec<Result<Sent, String>>>
    where
        A::Command: Clone,
    {
        let pool = self.commands.pool();
        let records: Vec<Option<ArtworkRecord>> =
            chunk.iter().map(|(_, c)| A::artwork(c).cloned()).collect();
        let ids: Vec<String> = chunk.iter().map(|(id, _)| id.clone()).collect();
        let mut attempt = 0;
        let handled = loop {
            attempt += 1;
            let (handled, decided) = bulk::decide_many::<A>(pool, chunk.clone())
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            if self.dry_run {
                break handled;
            }
            match decided.write::<A::Error>(pool, self.metadata).await {
                Ok(_) => break handled,
                // Someone else wrote to one of them since it was read: decide again.
                Err(CommandError::Conflict) if attempt < ATTEMPTS => continue,
                Err(e) => anyhow::bail!("{e}"),
            }
        };
        let new: Vec<(usize, ArtworkRecord)> = handled
            .iter()
            .zip(records)
            .enumerate()
            .filter_map(|(i, (h, r))| match (h, r) {
                (Handled::Took { before: 0, written }, Some(r)) if *written > 0 => Some((i, r)),
                _ => None,
            })
            .collect();
        let mut matched: Vec<Option<Match>> = vec![None; handled.len()];
        let found: Vec<(usize, Option<Match>)> = stream::iter(new)
            .map(|(i, r)| async move { anyhow::Ok((i, self.matched(&r).await?)) })
            .buffered(CONCURRENCY)
            .try_collect()
            .await?;
        for (i, m) in found {
            matched[i] = m;
        }
        let linking: Vec<(usize, Match)> = matched
            .iter()
            .enumerate()
            .filter_map(|(i, m)| match m {
                Some(m @ Match::Same(_)) => Some((i, m.clone())),
                _ => None,
            })
            .collect();
        if !self.dry_run {
            stream::iter(linking)
                .map(|(i, m)| {
                    let id = ids[i].clone();
                    async move { self.link(&id, &m).await }
                })
                .buffered(CONCURRENCY)
                .try_collect::<Vec<()>>()
                .await?;
        }
        Ok(handled
            .into_iter()
            .zip(matched)
            .map(|(h, matched)| match h {
                Handled::Refused(e) => Err(e.to_string()),
                Handled::Took { written: 0, .. } => Ok(Sent {
                    outcome: Sent::UNCHANGED,
                    matched: None,
                }),
                Handled::Took { before: 0, .. } => Ok(Sent {
                    outcome: if matches!(matched, Some(Match::Same(_))) {
                        Sent::LINKED
                    } else {
                        Sent::NEW
                    },
                    matched,
                }),
                Handled::Took { .. } => Ok(Sent {
                    outcome: Sent::CHANGED,
                    matched: None,
                }),
            })
            .collect())
    }

    /// The artwork Plinth has from elsewhere that new record `r` is or may be.
    async fn matched(&self, r: &ArtworkRecord) -> anyhow::Result<Option<Match>> {
        let near = link::read_side(self.commands.pool(), r).await?;
        let known = self.known.read().map_err(|_| anyhow::anyhow!("poisoned"))?;
        Ok(link::best(r, &self.artists_of(r), near, &known))
    }

    /// The names of the artists `r` credits, as this file names them.
    fn artists_of(&self, r: &ArtworkRecord) -> Vec<String> {
        r.artist_ids
            .iter()
            .filter_map(|id| self.names.get(id).cloned())
            .collect()
    }

    /// Merges the artwork just imported as `id` into the one it clearly is, which then shows
    /// both sources; the record keeps its own stream, so a newer file of its source finds it.
    async fn link(&self, id: &str, m: &Match) -> anyhow::Result<()> {
        let request = command_api::artworks::MergeRequest {
            into: m.candidate().id,
            reason: Some(
                format!("Imported: {}", m.note())
                    .chars()
                    .take(500)
                    .collect(),
            ),
        };
        let id = Uuid::parse_str(id)?;
        command_api::artworks::merge::run_as(self.commands, self.metadata, id, request)
            .await
            .map_err(|e| anyhow::anyhow!("linking {id} to {}: {e}", m.candidate().id))?;
        Ok(())
    }

    /// Turns each item into its aggregate's command (a refused one becomes a reject, a dropped
    /// tag a note in the report) and sends them, [`CHUNK`] at a time: for each sent one in
    /// order, its source id and title, and what it did.
    async fn each<A: Imported, T: Sourced>(
        &self,
        what: &str,
        items: &[T],
        report: &mut FileReport,
        prepare: impl Fn(&T, &mut Vec<String>) -> Result<(String, String, A::Command), RejectReason>,
    ) -> anyhow::Result<Vec<((String, String), Sent)>>
    where
        A::Command: Clone,
    {
        let told = Told::new(what, items.len(), self.show_progress, self.progress.clone());
        let mut out = Vec::with_capacity(items.len());
        for part in items.chunks(CHUNK) {
            let mut described = Vec::with_capacity(part.len());
            let mut commands = Vec::with_capacity(part.len());
            for item in part {
                let source_id = item.source_id();
                let mut dropped = Vec::new();
                match prepare(item, &mut dropped) {
                    Ok((id, title, command)) => {
                        described.push((source_id.to_owned(), title));
                        commands.push((id, command));
                    }
                    Err(reason) => report.rejects.push(Reject {
                        row: 0,
                        source_id: Some(source_id.to_owned()),
                        reason,
                    }),
                }
                report
                    .dropped_tags
                    .extend(dropped.into_iter().map(|m| (source_id.to_owned(), m)));
            }
            for (d, sent) in described
                .into_iter()
                .zip(self.send_all::<A>(commands).await?)
            {
                match sent {
                    Ok(sent) => out.push((d, sent)),
                    Err(refusal) => report.rejects.push(Reject {
                        row: 0,
                        source_id: Some(d.0),
                        reason: RejectReason::Malformed(format!("refused: {refusal}")),
                    }),
                }
            }
            told.add(part.len());
        }
        told.bar.finish_and_clear();
        Ok(out)
    }

    /// [`Run::send_chunk`] over runs of `commands` that hold each aggregate once.
    async fn send_all<A: Imported>(
        &self,
        commands: Vec<(String, A::Command)>,
    ) -> anyhow::Result<Vec<Result<Sent, String>>>
    where
        A::Command: Clone,
    {
        let mut out = Vec::with_capacity(commands.len());
        let mut rest = commands.into_iter().peekable();
        while rest.peek().is_some() {
            let mut seen = HashSet::new();
            let mut run = Vec::new();
            while let Some(next) = rest.next_if(|(id, _)| !seen.contains(id)) {
                seen.insert(next.0.clone());
                run.push(next);
            }
            out.extend(self.send_chunk::<A>(run).await?);
        }
        Ok(out)
    }

    async fn file(&self, file: &str, p: ParsedFile) -> anyhow::Result<FileReport> {
        let mut report = FileReport {
            file: file.to_owned(),
            dataset: p.dataset.key.to_string(),
            records_read: p.records_read,
            rejects: p.rejects.clone(),
            ..Default::default()
        };
        let d = &p.dataset;

        let artists = self
            .each::<domain::Artist, _>(
                &format!("{} artists", d.key),
                &p.artists,
                &mut report,
                |a, _| {
                    let r = artist_record(d, a)?;
                    let name = r.name.as_str().to_owned();
                    Ok((
                        r.id.to_string(),
                        name,
                        ArtistCommand::ImportArtist(Box::new(r)),
                    ))
                },
            )
            .await?;
        let count =
            |sent: &[(_, Sent)], outcome| sent.iter().filter(|(_, s)| s.outcome == outcome).count();
        report.artists_created += count(&artists, Sent::NEW);
        report.artists_changed += count(&artists, Sent::CHANGED);
        report.artists_unchanged += count(&artists, Sent::UNCHANGED);
        let artworks = self
            .each::<domain::Artwork, _>(
                &format!("{} artworks", d.key),
                &p.artworks,
                &mut report,
                |a, dropped| {
                    let r = artwork_record(d, a, dropped)?;
                    let title = r.title.as_str().to_owned();
                    Ok((
                        r.id.to_string(),
                        title,
                        ArtworkCommand::ImportArtwork(Box::new(r)),
                    ))
                },
            )
            .await?;
        report.artworks_created += count(&artworks, Sent::NEW);
        report.artworks_linked += count(&artworks, Sent::LINKED);
        report.artworks_changed += count(&artworks, Sent::CHANGED);
        report.artworks_unchanged += count(&artworks, Sent::UNCHANGED);
        let by_id: HashMap<&str, &super::ImportedArtwork> = p
            .artworks
            .iter()
            .map(|a| (a.source_id.as_str(), a))
            .collect();
        let mut likely = Vec::new();
        for ((source_id, title), sent) in artworks {
            let record = by_id.get(source_id.as_str()).copied();
            let reason = sent.matched.as_ref().map(Match::note).unwrap_or_default();
            if sent.outcome == Sent::NEW {
                if matches!(sent.matched, Some(Match::Likely(_))) {
                    likely.push((ArtworkId::for_import(&d.key, &source_id), reason.clone()));
                }
                if let Some(a) = record.filter(|_| self.later_files) {
                    self.remember(d, a)?;
                }
            }
            report.outcomes.push(Outcome {
                point: record.map(|a| (a.lat, a.lon)),
                source_id,
                title,
                outcome: sent.outcome,
                reason,
            });
        }
        report.likely_duplicates = likely.len();
        for r in &report.rejects {
            report.outcomes.push(Outcome {
                source_id: r.source_id.clone().unwrap_or_default(),
                title: String::new(),
                outcome: "rejected",
                reason: format!("row {}: {}", r.row, r.reason),
                point: None,
            });
        }
        if !p.artworks.is_empty() {
            self.moderators_check(file, &p, &likely, &mut report)
                .await?;
        }
        Ok(report)
    }

    /// Remembers a record this file added, for the run's later files.
    fn remember(&self, d: &Dataset, a: &super::ImportedArtwork) -> anyhow::Result<()> {
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

    /// What moderators are asked to look at, as feedback in their queue (in a dry run, only
    /// counted), each asked once whatever the number of runs: each artwork of this dataset
    /// that the file no longer has (never deleted), and each new artwork that is `likely` one
    /// Plinth had (a proposed merge; clear ones were linked).
    async fn moderators_check(
        &self,
        file: &str,
        p: &ParsedFile,
        likely: &[(ArtworkId, String)],
        report: &mut FileReport,
    ) -> anyhow::Result<()> {
        let d = &p.dataset;
        let present: HashSet<&str> = p
            .artworks
            .iter()
            .map(|a| a.source_id.as_str())
            .chain(report.rejects.iter().filter_map(|r| r.source_id.as_deref()))
            .collect();
        let name = Path::new(file)
            .file_name()
            .map_or_else(|| file.to_owned(), |n| n.to_string_lossy().into_owned());
        for source_id in imported_ids(self.commands.pool(), &d.key).await? {
            if present.contains(source_id.as_str()) {
                continue;
            }
            let id = ArtworkId::for_import(&d.key, &source_id);
            let (artwork, _) = self
                .commands
                .state::<domain::Artwork>(&id.to_string())
                .await?;
            let on_map =
                artwork.status == Some(ArtworkStatus::Approved) && artwork.merged_into.is_none();
            if !on_map {
                continue;
            }
            report.gone.push(source_id.clone());
            let note = format!(
                "No longer in {} ({name}, record {source_id}): check whether it is still there",
                d.name
            );
            self.ask(id, "gone", IssueType::Missing, &note).await?;
        }
        for (id, why) in likely {
            let note = format!("Imported from {}: {why}. Merge them if so.", d.name);
            self.ask(*id, "likely-duplicate", IssueType::Comment, &note)
                .await?;
        }
        Ok(())
    }

    /// Files feedback `kind` about `artwork` (once: its id is derived from both).
    async fn ask(
        &self,
        artwork: ArtworkId,
        kind: &str,
        issue_type: IssueType,
        note: &str,
    ) -> anyhow::Result<()> {
        if self.dry_run {
            return Ok(());
        }
        let id = Uuid::new_v5(&artwork.0, format!("import:{kind}").as_bytes());
        let cut: String = note
            .chars()
            .take(domain::feedback::MAX_NOTE_CHARS)
            .collect();
        let command = FeedbackCommand::Send {
            subject: domain::Subject::Artwork(artwork.0),
            issue_type,
            note: domain::feedback::Note::parse(&cut)?,
            sender: domain::ActorId(Uuid::nil()),
        };
        match self
            .commands
            .feedback(&id.to_string(), command, self.metadata)
            .await
        {
            Ok(_) | Err(CommandError::Rejected(FeedbackError::AlreadySent)) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

/// The source ids of every artwork imported from dataset `key`, from the event store.
async fn imported_ids(pool: &sqlx::PgPool, key: &str) -> anyhow::Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT payload->'ArtworkImported'->'provenance'->>'source_id' FROM es.events \
          WHERE aggregate_type = 'artwork' AND event_type = 'ArtworkImported' \
            AND payload->'ArtworkImported'->'provenance'->>'dataset' = $1",
    )
    .bind(key)
    .fetch_all(pool)
    .await?)
}

/// What sending one record did.
struct Sent {
    /// `new`, `linked`, `changed` or `unchanged`.
    outcome: &'static str,
    /// For a new artwork, the artwork Plinth had that it is or may be.
    matched: Option<Match>,
}

impl Sent {
    const NEW: &'static str = "new";
    const LINKED: &'static str = "linked";
    const CHANGED: &'static str = "changed";
    const UNCHANGED: &'static str = "unchanged";
}

/// A record of the model, known by its source id.
trait Sourced {
    fn source_id(&self) -> &str;
}

impl Sourced for super::ImportedArtist {
    fn source_id(&self) -> &str {
        &self.source_id
    }
}

impl Sourced for super::ImportedArtwork {
    fn source_id(&self) -> &str {
        &self.source_id
    }
}

/// An aggregate an import writes to.
trait Imported: cqrs_es::Aggregate<Services = ()> {
    /// The artwork record `command` imports, to be compared with the artworks Plinth has.
    fn artwork(command: &Self::Command) -> Option<&ArtworkRecord>;
}

impl Imported for domain::Artist {
    fn artwork(_: &ArtistCommand) -> Option<&ArtworkRecord> {
        None
    }
}

impl Imported for domain::Artwork {
    fn artwork(command: &ArtworkCommand) -> Option<&ArtworkRecord> {
        match command {
            ArtworkCommand::ImportArtwork(r) => Some(r),
            _ => None,
        }
    }
}

/// Where progress goes: the terminal's bar and the caller's [`Progress`].
struct Told {
    what: String,
    total: usize,
    bar: ProgressBar,
    progress: Option<Progress>,
    done: std::sync::atomic::AtomicUsize,
}

impl Told {
    fn new(what: &str, total: usize, show: bool, progress: Option<Progress>) -> Self {
        if let Some(p) = &progress {
            p(what, 0, total);
        }
        Self {
            what: what.to_owned(),
            total,
            bar: bar(show, total, what),
            progress,
            done: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// `n` more records done.
    fn add(&self, n: usize) {
        self.bar.inc(n as u64);
        let before = self.done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        let done = before + n;
        let step = (self.total / 200).max(1);
        if let Some(p) = self
            .progress
            .as_ref()
            .filter(|_| done / step > before / step || done == self.total)
        {
            p(&self.what, done, self.total);
        }
    }
}

/// Writes every record's outcome as CSV (`file,row/source id,title,outcome,reason`).
pub fn write_outcomes(path: &Path, reports: &[FileReport]) -> anyhow::Result<()> {
    let mut w = csv::Writer::from_path(path)?;
    w.write_record(["file", "dataset", "source_id", "title", "outcome", "reason"])?;
    for r in reports {
        for o in &r.outcomes {
            w.write_record([
                &r.file,
                &r.dataset,
                &o.source_id,
                &o.title,
                o.outcome,
                &o.reason,
            ])?;
        }
    }
    w.flush()?;
    Ok(())
}

/// The human summary `plinth import` prints.
pub fn summary(reports: &[FileReport]) -> String {
    let mut out = String::new();
    for r in reports {
        out.push_str(&format!(
            "{} ({}): {} records read; artworks {} new, {} linked to ones Plinth had, {} changed, {} unchanged; artists {} new, {} unchanged; {} rejected\n",
            r.file,
            r.dataset,
            r.records_read,
            r.artworks_created,
            r.artworks_linked,
            r.artworks_changed,
            r.artworks_unchanged,
            r.artists_created,
            r.artists_unchanged,
            r.rejects.len()
        ));
        for (reason, n) in r.rejects_by_reason() {
            out.push_str(&format!("    rejected, {reason}: {n}\n"));
        }
        for rej in r.rejects.iter().take(20) {
            out.push_str(&format!(
                "      row {} {}: {}\n",
                rej.row,
                rej.source_id.as_deref().unwrap_or("-"),
                rej.reason
            ));
        }
        if r.rejects.len() > 20 {
            out.push_str(&format!("      … and {} more\n", r.rejects.len() - 20));
        }
        if !r.gone.is_empty() {
            out.push_str(&format!(
                "    no longer in the file, put to the moderators: {} ({}…)\n",
                r.gone.len(),
                r.gone
                    .iter()
                    .take(5)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if r.likely_duplicates + r.artworks_linked > 0 {
            out.push_str(&format!(
                "    likely duplicates of artworks already in Plinth, put to the moderators: {}\n",
                r.likely_duplicates
            ));
            let notes = r
                .outcomes
                .iter()
                .filter(|o| matches!(o.outcome, Sent::NEW | Sent::LINKED) && !o.reason.is_empty());
            for o in notes.take(20) {
                out.push_str(&format!(
                    "      {} \"{}\": {}\n",
                    o.source_id, o.title, o.reason
                ));
            }
        }
        if !r.dropped_tags.is_empty() {
            out.push_str(&format!("    tags dropped: {}\n", r.dropped_tags.len()));
        }
    }
    out
}
