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
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use uuid::Uuid;

use super::link::{self, Known, Match};
use super::mapping::{self, Applier, Mapping};
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
    /// Where every record's outcome is written as CSV, as it happens (the report keeps only
    /// the first [`KEPT`] of each kind).
    pub outcomes: Option<PathBuf>,
}

/// One file read, ready to import: held whole (a mapping that needs the whole file), or one whose
/// first pass is done (every record read and mapped, nothing kept but its ids and artists), to
/// be read again a chunk at a time as it is imported.
pub struct Parsed {
    /// The file as named to the importer (its name alone is recorded).
    pub file: String,
    pub dataset: Dataset,
    /// The mapping it was read with (none for a built-in parser).
    pub mapping: Option<Mapping>,
    body: Body,
    /// What must live until the import has read the file again (an upload's temporary copy).
    keep: Option<Box<dyn std::any::Any + Send + Sync>>,
}

enum Body {
    Whole(ParsedFile),
    Mapped { path: PathBuf, applier: Applier },
}

impl Parsed {
    /// Keeps `guard` (say, the temporary file the records are in) until the import ends.
    pub fn holding(mut self, guard: impl std::any::Any + Send + Sync) -> Self {
        self.keep = Some(Box::new(guard));
        self
    }

    /// Records read from the file, rows that could not be read included.
    pub fn records_read(&self) -> usize {
        match &self.body {
            Body::Whole(p) => p.records_read,
            Body::Mapped { applier, .. } => applier.records_read(),
        }
    }

    /// Whether the file gives artworks (not only artists).
    pub fn has_artworks(&self) -> bool {
        match &self.body {
            Body::Whole(p) => !p.artworks.is_empty(),
            Body::Mapped { applier, .. } => applier.artworks() > 0,
        }
    }

    fn artists(&self) -> Vec<super::ImportedArtist> {
        match &self.body {
            Body::Whole(p) => p.artists.clone(),
            Body::Mapped { applier, .. } => applier.artists(),
        }
    }

    /// The file's artworks (or why a record is not one) a chunk at a time, read on a blocking
    /// thread, and, once all are sent, whether the file has a record of a given source id.
    fn artworks(self) -> (mpsc::Receiver<Chunk>, JoinHandle<anyhow::Result<Present>>) {
        let (tx, rx) = mpsc::channel::<Chunk>(2);
        let (body, keep) = (self.body, self.keep);
        let send = move |chunk: &mut Chunk| {
            !chunk.is_empty() && tx.blocking_send(std::mem::take(chunk)).is_err()
        };
        let done = tokio::task::spawn_blocking(move || -> anyhow::Result<Present> {
            let _keep = keep;
            let mut chunk = Vec::with_capacity(CHUNK);
            match body {
                Body::Whole(p) => {
                    let ids: HashSet<String> = p
                        .artworks
                        .iter()
                        .map(|a| a.source_id.clone())
                        .chain(p.rejects.iter().filter_map(|r| r.source_id.clone()))
                        .collect();
                    let all = p.artworks.into_iter().map(Ok);
                    for item in all.chain(p.rejects.into_iter().map(Err)) {
                        chunk.push(item);
                        if chunk.len() == CHUNK && send(&mut chunk) {
                            break;
                        }
                    }
                    send(&mut chunk);
                    Ok(Box::new(move |id: &str| ids.contains(id)))
                }
                Body::Mapped { path, mut applier } => {
                    let format = applier.mapping().format.clone();
                    let mut closed = false;
                    source::each(&path, &format, &mut |read| {
                        if !closed {
                            chunk.push(applier.map(read));
                            closed = chunk.len() == CHUNK && send(&mut chunk);
                        }
                    })?;
                    send(&mut chunk);
                    Ok(Box::new(move |id: &str| applier.has(id)))
                }
            }
        });
        (rx, done)
    }
}

/// Artworks, or why a record is not one, in file order.
type Chunk = Vec<Result<super::ImportedArtwork, Reject>>;

/// Whether the file has a record of a source id (mapped or rejected).
type Present = Box<dyn Fn(&str) -> bool + Send + Sync>;

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
    /// The file's artists that Plinth had from another source or a contributor under the same
    /// name: credited as those, not made again.
    pub artists_linked: usize,
    pub artworks_created: usize,
    /// New records that were artworks Plinth had from another source or a contributor: each
    /// linked to that artwork (one artwork, both sources), not added again.
    pub artworks_linked: usize,
    pub artworks_changed: usize,
    pub artworks_unchanged: usize,
    /// Records rejected, and how many for each kind of reason.
    pub rejected: usize,
    reject_reasons: BTreeMap<String, usize>,
    /// The first [`KEPT`] rejects, in file order.
    pub rejects: Vec<Reject>,
    /// Tags dropped because their value broke the tag schema, and the first [`KEPT`] as
    /// (source id, message).
    pub tags_dropped: usize,
    pub dropped_tags: Vec<(String, String)>,
    /// New artworks that are likely ones Plinth already has (their outcome says which), put to
    /// the moderators as feedback.
    pub likely_duplicates: usize,
    /// Source ids of this dataset's artworks on the map that the file no longer has: each is
    /// put to the moderators as feedback ("missing"), never deleted.
    pub gone: Vec<String>,
    /// The first [`KEPT`] outcomes that say something (rejected, or likely a work Plinth had),
    /// then the first [`KEPT`] others, each in file order; every one goes to
    /// [`ImportOptions::outcomes`].
    pub outcomes: Vec<Outcome>,
    /// Records with an outcome: every artwork record.
    pub outcomes_total: usize,
    /// Outcomes kept: [others, those that say something].
    kept: [usize; 2],
    /// The `ImportRun` that records this file's import (none for a dry run).
    pub run_id: Option<Uuid>,
}

/// How many rejects, dropped tags and outcomes of each kind a report holds: a file of any size
/// is reported in bounded memory.
pub const KEPT: usize = 10_000;

impl FileReport {
    pub fn rejects_by_reason(&self) -> BTreeMap<String, usize> {
        self.reject_reasons.clone()
    }

    /// Counts a rejected record, and its outcome.
    fn reject(&mut self, r: Reject, sink: Option<&std::sync::Mutex<Sink>>) -> anyhow::Result<()> {
        let key = match &r.reason {
            RejectReason::MissingTitle => "missing title",
            RejectReason::MissingCoordinates => "missing coordinates",
            RejectReason::BadCoordinates(_) => "bad coordinates",
            RejectReason::Duplicate(_) => "duplicate",
            RejectReason::Malformed(_) => "malformed",
        };
        *self.reject_reasons.entry(key.to_owned()).or_insert(0) += 1;
        self.rejected += 1;
        let outcome = Outcome {
            source_id: r.source_id.clone().unwrap_or_default(),
            title: r.title.clone().unwrap_or_default(),
            outcome: "rejected",
            reason: format!("row {}: {}", r.row, r.reason),
            point: None,
        };
        if self.rejects.len() < KEPT {
            self.rejects.push(r);
        }
        self.note(outcome, sink)
    }

    /// Counts a record's outcome, keeps it if there is room, and writes it to `sink`.
    fn note(&mut self, o: Outcome, sink: Option<&std::sync::Mutex<Sink>>) -> anyhow::Result<()> {
        if let Some(sink) = sink {
            let mut sink = sink.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
            sink.write(&self.file, &self.dataset, &o)?;
        }
        self.outcomes_total += 1;
        let says = usize::from(o.outcome == "rejected" || !o.reason.is_empty());
        if self.kept[says] < KEPT {
            self.kept[says] += 1;
            self.outcomes.push(o);
        }
        Ok(())
    }

    fn drop_tags(&mut self, source_id: &str, dropped: Vec<String>) {
        self.tags_dropped += dropped.len();
        let room = KEPT.saturating_sub(self.dropped_tags.len());
        self.dropped_tags.extend(
            dropped
                .into_iter()
                .take(room)
                .map(|m| (source_id.to_owned(), m)),
        );
    }
}

/// Every outcome as CSV (`file,dataset,source_id,title,outcome,reason`), written as it comes.
pub struct Sink(csv::Writer<std::fs::File>);

impl Sink {
    fn create(path: &Path) -> anyhow::Result<Self> {
        let mut w = csv::Writer::from_path(path)?;
        w.write_record(["file", "dataset", "source_id", "title", "outcome", "reason"])?;
        Ok(Self(w))
    }

    fn write(&mut self, file: &str, dataset: &str, o: &Outcome) -> anyhow::Result<()> {
        self.0
            .write_record([file, dataset, &o.source_id, &o.title, o.outcome, &o.reason])?;
        Ok(())
    }

    fn finish(mut self) -> anyhow::Result<()> {
        Ok(self.0.flush()?)
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
/// the built-in mapping its name selects (the shared datasets').
pub fn read_file(file: &Path, mapping: Option<&Path>) -> anyhow::Result<Parsed> {
    let beside = mapping::beside(file);
    let mapping = match mapping {
        Some(m) => Mapping::load(m)?,
        None if beside.exists() => Mapping::load(&beside)?,
        None => {
            let name = file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| file.display().to_string());
            mapping::builtin(&name).ok_or_else(|| anyhow::anyhow!("{}", mapping::unknown(name)))?
        }
    };
    read_mapped(file.display().to_string(), file, mapping)
}

/// Reads `file` (recorded as `name`) with `mapping`: the first of two passes, which fails on a
/// file that cannot be read before anything is written, and holds only the records' ids and
/// the artists they credit.
pub fn read_mapped(name: String, file: &Path, mapping: Mapping) -> anyhow::Result<Parsed> {
    if mapping.whole_file() {
        let parsed = mapping::apply(&mapping, source::read(file, &mapping.format)?);
        return Ok(Parsed {
            file: name,
            dataset: parsed.dataset.clone(),
            mapping: Some(mapping),
            body: Body::Whole(parsed),
            keep: None,
        });
    }
    let mut applier = Applier::new(mapping.clone());
    source::each(file, &mapping.format, &mut |read| {
        applier.learn(read.as_ref())
    })?;
    Ok(Parsed {
        file: name,
        dataset: mapping.dataset(),
        mapping: Some(mapping),
        body: Body::Mapped {
            path: file.to_owned(),
            applier,
        },
        keep: None,
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
    parsed.sort_by_key(Parsed::has_artworks);
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
    let artists_known = std::sync::RwLock::new(HashMap::new());
    let with_artworks = parsed.iter().filter(|p| p.has_artworks()).count();
    let sink = match &options.outcomes {
        Some(path) => Some(std::sync::Mutex::new(Sink::create(path)?)),
        None => None,
    };
    for (i, p) in parsed.into_iter().enumerate() {
        let artists = p.artists();
        let run = Run {
            commands,
            metadata: &metadata,
            known: &known,
            later_files: i + 1 < with_artworks,
            names: std::sync::RwLock::new(
                artists
                    .iter()
                    .map(|a| {
                        let id = ArtistId::for_import(&p.dataset.key, &a.source_id);
                        (id, a.name.clone())
                    })
                    .collect(),
            ),
            artists_known: &artists_known,
            dry_run: options.dry_run,
            show_progress,
            progress: options.progress.clone(),
            sink: sink.as_ref(),
        };
        let dataset = p.dataset.clone();
        let mapping = p.mapping.clone();
        let mut report = run.file(p, artists).await?;
        if !options.dry_run {
            let id = record_run(commands, &run_by, &dataset, mapping.as_ref(), &report).await?;
            report.run_id = Some(id);
        }
        reports.push(report);
    }
    if let Some(sink) = sink {
        sink.into_inner()
            .map_err(|_| anyhow::anyhow!("poisoned"))?
            .finish()?;
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
        artists_linked: count(r.artists_linked),
        rejected: count(r.rejected),
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
    names: std::sync::RwLock<HashMap<ArtistId, String>>,
    /// The artists earlier files of the run gave, by their names' lower case, with the dataset
    /// that gave them: the read side may not have them yet.
    artists_known: &'a std::sync::RwLock<HashMap<String, (ArtistId, String)>>,
    dry_run: bool,
    show_progress: bool,
    progress: Option<Progress>,
    sink: Option<&'a std::sync::Mutex<Sink>>,
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
            // The chunk is written: a link that fails (the artwork was merged or removed since
            // it was found) leaves the record imported, and the moderators are asked instead.
            let failed: Vec<usize> = stream::iter(linking)
                .map(|(i, m)| {
                    let id = ids[i].clone();
                    async move {
                        match self.link(&id, &m).await {
                            Ok(()) => None,
                            Err(e) => {
                                tracing::warn!(error = %format!("{e:#}"), record = %id, "import: not linked; put to the moderators");
                                Some(i)
                            }
                        }
                    }
                })
                .buffered(CONCURRENCY)
                .filter_map(std::future::ready)
                .collect()
                .await;
            for i in failed {
                if let Some(Match::Same(c)) = matched[i].take() {
                    matched[i] = Some(Match::Likely(c));
                }
            }
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
        let Ok(names) = self.names.read() else {
            return Vec::new();
        };
        r.artist_ids
            .iter()
            .filter_map(|id| names.get(id).cloned())
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

    /// Turns each item of a chunk into its aggregate's command (a refused one becomes a
    /// reject, a dropped tag a note in the report) and sends them: for each sent one in order,
    /// its source id and title, and what it did.
    async fn send_part<A: Imported, T: Sourced>(
        &self,
        part: &[T],
        report: &mut FileReport,
        prepare: impl Fn(&T, &mut Vec<String>) -> Result<(String, String, A::Command), RejectReason>,
    ) -> anyhow::Result<Vec<((String, String), Sent)>>
    where
        A::Command: Clone,
    {
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
                Err(reason) => report.reject(
                    Reject {
                        row: 0,
                        source_id: Some(source_id.to_owned()),
                        title: Some(item.title().to_owned()),
                        reason,
                    },
                    self.sink,
                )?,
            }
            report.drop_tags(source_id, dropped);
        }
        let mut out = Vec::with_capacity(part.len());
        for (d, sent) in described
            .into_iter()
            .zip(self.send_all::<A>(commands).await?)
        {
            match sent {
                Ok(sent) => out.push((d, sent)),
                Err(refusal) => report.reject(
                    Reject {
                        row: 0,
                        source_id: Some(d.0),
                        title: Some(d.1),
                        reason: RejectReason::Malformed(format!("refused: {refusal}")),
                    },
                    self.sink,
                )?,
            }
        }
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

    async fn file(
        &self,
        p: Parsed,
        artists: Vec<super::ImportedArtist>,
    ) -> anyhow::Result<FileReport> {
        let mut report = FileReport {
            file: p.file.clone(),
            dataset: p.dataset.key.to_string(),
            records_read: p.records_read(),
            ..Default::default()
        };
        let d = &p.dataset.clone();
        let file = p.file.clone();
        let has_artworks = p.has_artworks();

        let told = self.told(&format!("{} artists", d.key), artists.len());
        // This file's artists that are ones Plinth has from elsewhere, to credit instead.
        let mut links: HashMap<ArtistId, ArtistId> = HashMap::new();
        for part in artists.chunks(CHUNK) {
            let linked = self.artists_elsewhere(d, part).await?;
            report.artists_linked += linked.len();
            let own: Vec<super::ImportedArtist> = part
                .iter()
                .filter(|a| !linked.contains_key(&ArtistId::for_import(&d.key, &a.source_id)))
                .cloned()
                .collect();
            links.extend(linked);
            let sent = self
                .send_part::<domain::Artist, _>(&own, &mut report, |a, _| {
                    let r = artist_record(d, a)?;
                    let name = r.name.as_str().to_owned();
                    Ok((
                        r.id.to_string(),
                        name,
                        ArtistCommand::ImportArtist(Box::new(r)),
                    ))
                })
                .await?;
            for (_, s) in sent {
                match s.outcome {
                    Sent::NEW => report.artists_created += 1,
                    Sent::CHANGED => report.artists_changed += 1,
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
                    let title = r.title.as_str().to_owned();
                    Ok((
                        r.id.to_string(),
                        title,
                        ArtworkCommand::ImportArtwork(Box::new(r)),
                    ))
                })
                .await?;
            let by_id: HashMap<&str, &super::ImportedArtwork> =
                artworks.iter().map(|a| (a.source_id.as_str(), a)).collect();
            for ((source_id, title), sent) in sent {
                let record = by_id.get(source_id.as_str()).copied();
                let reason = sent.matched.as_ref().map(Match::note).unwrap_or_default();
                match sent.outcome {
                    Sent::NEW => report.artworks_created += 1,
                    Sent::LINKED => report.artworks_linked += 1,
                    Sent::CHANGED => report.artworks_changed += 1,
                    _ => report.artworks_unchanged += 1,
                }
                if sent.outcome == Sent::NEW {
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

    /// Of `part`, the artists this dataset has not imported before that Plinth has from another
    /// source or a contributor under the same name (any case): each is credited as that one,
    /// not made again. By own id, the id to credit.
    async fn artists_elsewhere(
        &self,
        d: &Dataset,
        part: &[super::ImportedArtist],
    ) -> anyhow::Result<HashMap<ArtistId, ArtistId>> {
        let own: Vec<ArtistId> = part
            .iter()
            .map(|a| ArtistId::for_import(&d.key, &a.source_id))
            .collect();
        let names: Vec<String> = part.iter().map(|a| a.name.clone()).collect();
        let uuids: Vec<Uuid> = own.iter().map(|id| id.0).collect();
        let found = link::or_none_without_read_side(
            projectors::artists::read::by_names(self.commands.pool(), &names, &uuids).await,
        )?;
        let existing: HashSet<ArtistId> = found.values().flatten().map(|n| n.id).collect();
        let mut known = self
            .artists_known
            .write()
            .map_err(|_| anyhow::anyhow!("poisoned"))?;
        let mut names = self
            .names
            .write()
            .map_err(|_| anyhow::anyhow!("poisoned"))?;
        let mut links = HashMap::new();
        for (a, own) in part.iter().zip(own) {
            let key = a.name.to_lowercase();
            let elsewhere = found
                .get(&key)
                .into_iter()
                .flatten()
                .find(|n| n.dataset.as_deref() != Some(&*d.key))
                .map(|n| n.id)
                .or_else(|| {
                    known
                        .get(&key)
                        .filter(|(_, dataset)| *dataset != *d.key)
                        .map(|(id, _)| *id)
                });
            // One this dataset imported before stays what it is credited as.
            let credited = match elsewhere {
                Some(theirs) if !existing.contains(&own) => {
                    links.insert(own, theirs);
                    names.insert(theirs, a.name.clone());
                    theirs
                }
                _ => own,
            };
            known
                .entry(key)
                .or_insert_with(|| (credited, d.key.to_string()));
        }
        Ok(links)
    }

    fn told(&self, what: &str, total: usize) -> Told {
        Told::new(what, total, self.show_progress, self.progress.clone())
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
        d: &Dataset,
        present: &Present,
        likely: &[(ArtworkId, String)],
        report: &mut FileReport,
    ) -> anyhow::Result<()> {
        let name = Path::new(file)
            .file_name()
            .map_or_else(|| file.to_owned(), |n| n.to_string_lossy().into_owned());
        for source_id in absent(self.commands.pool(), &d.key, present).await? {
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

/// The source ids of the artworks imported from dataset `key` (from the event store) that
/// the file does not have, read as a stream: the dataset's ids are never held at once.
async fn absent(pool: &sqlx::PgPool, key: &str, present: &Present) -> anyhow::Result<Vec<String>> {
    let mut ids = sqlx::query_scalar::<_, String>(
        "SELECT payload->'ArtworkImported'->'provenance'->>'source_id' FROM es.events \
          WHERE aggregate_type = 'artwork' AND event_type = 'ArtworkImported' \
            AND payload->'ArtworkImported'->'provenance'->>'dataset' = $1",
    )
    .bind(key)
    .fetch(pool);
    let mut out = Vec::new();
    while let Some(id) = ids.try_next().await? {
        if !present(&id) {
            out.push(id);
        }
    }
    Ok(out)
}

/// Credits the artists `links` names instead of the ones they stand for, each once.
fn credit_instead(ids: &mut Vec<ArtistId>, links: &HashMap<ArtistId, ArtistId>) {
    if links.is_empty() {
        return;
    }
    let mut credited = Vec::with_capacity(ids.len());
    for id in ids.iter() {
        let id = links.get(id).copied().unwrap_or(*id);
        if !credited.contains(&id) {
            credited.push(id);
        }
    }
    *ids = credited;
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

/// A record of the model, known by its source id, named by its title (or name).
trait Sourced {
    fn source_id(&self) -> &str;
    fn title(&self) -> &str;
}

impl Sourced for super::ImportedArtist {
    fn source_id(&self) -> &str {
        &self.source_id
    }
    fn title(&self) -> &str {
        &self.name
    }
}

impl Sourced for super::ImportedArtwork {
    fn source_id(&self) -> &str {
        &self.source_id
    }
    fn title(&self) -> &str {
        &self.title
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

/// Where progress goes: the terminal's bar (or, when standard error is not a terminal, a plain
/// line every few seconds) and the caller's [`Progress`].
struct Told {
    what: String,
    total: usize,
    bar: ProgressBar,
    /// When the plain lines began, and when the last was written.
    plain: Option<std::sync::Mutex<(std::time::Instant, std::time::Instant)>>,
    progress: Option<Progress>,
    done: std::sync::atomic::AtomicUsize,
}

/// How often a plain progress line is written.
const PLAIN_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

impl Told {
    fn new(what: &str, total: usize, show: bool, progress: Option<Progress>) -> Self {
        use std::io::IsTerminal;
        if let Some(p) = &progress {
            p(what, 0, total);
        }
        let terminal = std::io::stderr().is_terminal();
        let now = std::time::Instant::now();
        Self {
            what: what.to_owned(),
            total,
            bar: bar(show && terminal, total, what),
            plain: (show && !terminal && total > 0).then(|| std::sync::Mutex::new((now, now))),
            progress,
            done: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// `n` more records done.
    fn add(&self, n: usize) {
        self.bar.inc(n as u64);
        let before = self.done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        let done = before + n;
        if let Some(Ok(mut times)) = self.plain.as_ref().map(|p| p.lock()) {
            let now = std::time::Instant::now();
            if now - times.1 >= PLAIN_EVERY || done >= self.total {
                times.1 = now;
                eprintln!(
                    "{}",
                    plain_line(&self.what, done, self.total, now - times.0)
                );
            }
        }
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

/// "montreal artworks: 40,000 of 100,000 (40%), 6,800 records/s, about 9 s left".
fn plain_line(what: &str, done: usize, total: usize, took: std::time::Duration) -> String {
    let rate = done as f64 / took.as_secs_f64().max(1e-3);
    let left = total.saturating_sub(done) as f64 / rate.max(1e-9);
    let share = done * 100 / total.max(1);
    let end = if done >= total {
        format!("done in {:.1} s", took.as_secs_f64())
    } else {
        format!("about {left:.0} s left")
    };
    format!("{what}: {done} of {total} ({share}%), {rate:.0} records/s, {end}")
}

/// The human summary `plinth import` prints.
pub fn summary(reports: &[FileReport]) -> String {
    let mut out = String::new();
    for r in reports {
        out.push_str(&format!(
            "{} ({}): {} records read; artworks {} new, {} linked to ones Plinth had, {} changed, {} unchanged; artists {} new, {} credited as ones Plinth had, {} unchanged; {} rejected\n",
            r.file,
            r.dataset,
            r.records_read,
            r.artworks_created,
            r.artworks_linked,
            r.artworks_changed,
            r.artworks_unchanged,
            r.artists_created,
            r.artists_linked,
            r.artists_unchanged,
            r.rejected
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
        if r.rejected > 20 {
            out.push_str(&format!("      … and {} more\n", r.rejected - 20));
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
        if r.artworks_linked > 0 {
            out.push_str(&format!(
                "    the same as artworks Plinth had, linked to them: {}\n",
                r.artworks_linked
            ));
        }
        if r.likely_duplicates > 0 {
            out.push_str(&format!(
                "    likely duplicates of artworks already in Plinth, put to the moderators: {}\n",
                r.likely_duplicates
            ));
        }
        if r.likely_duplicates + r.artworks_linked > 0 {
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
        if r.tags_dropped > 0 {
            out.push_str(&format!("    tags dropped: {}\n", r.tags_dropped));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_plain_progress_line_says_how_far_how_fast_and_how_long_is_left() {
        assert_eq!(
            plain_line("montreal artworks", 40_000, 100_000, Duration::from_secs(8)),
            "montreal artworks: 40000 of 100000 (40%), 5000 records/s, about 12 s left"
        );
        assert_eq!(
            plain_line("montreal artworks", 100, 100, Duration::from_millis(2500)),
            "montreal artworks: 100 of 100 (100%), 40 records/s, done in 2.5 s"
        );
    }

    #[test]
    fn credits_go_to_the_artists_linked_instead_each_once() {
        let (a, b, c) = (
            ArtistId(Uuid::now_v7()),
            ArtistId(Uuid::now_v7()),
            ArtistId(Uuid::now_v7()),
        );
        let mut ids = vec![a, b, c];
        credit_instead(&mut ids, &HashMap::from([(a, c)]));
        assert_eq!(ids, [c, b]);
        let mut unchanged = vec![a, b];
        credit_instead(&mut unchanged, &HashMap::new());
        assert_eq!(unchanged, [a, b]);
    }

    /// A report keeps a bounded number of outcomes of each kind however large the file, and
    /// counts them all.
    #[test]
    fn a_report_keeps_at_most_kept_outcomes_of_each_kind_and_counts_every_one() {
        let mut report = FileReport::default();
        let outcome = |reason: &str| Outcome {
            source_id: "x".into(),
            title: "T".into(),
            outcome: Sent::NEW,
            reason: reason.into(),
            point: None,
        };
        for _ in 0..KEPT + 5 {
            report.note(outcome(""), None).unwrap();
        }
        report
            .note(outcome("likely the same as \"T\""), None)
            .unwrap();
        for row in 0..KEPT + 3 {
            let reject = Reject {
                row,
                source_id: None,
                title: None,
                reason: RejectReason::MissingTitle,
            };
            report.reject(reject, None).unwrap();
        }
        assert_eq!(report.outcomes_total, 2 * KEPT + 9);
        assert_eq!(report.outcomes.len(), 2 * KEPT);
        assert_eq!(report.rejected, KEPT + 3);
        assert_eq!(report.rejects.len(), KEPT);
        assert_eq!(report.rejects_by_reason()["missing title"], KEPT + 3);
        assert!(report
            .outcomes
            .iter()
            .any(|o| !o.reason.is_empty() && o.outcome == "new"));
    }
}
