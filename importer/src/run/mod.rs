//! Running an import: every parsed record goes through its aggregate's command, so each artwork
//! has history from its first event; records already imported change nothing. Artist files are
//! imported before artwork files so credits resolve.
//!
//! Where each part lives: `parsed` reads a file (the first of its two passes), `file` imports
//! one file a chunk at a time, `send` has the aggregates decide and write a chunk and links a
//! record to the artwork it clearly is, `artists` credits artists Plinth has from elsewhere,
//! `moderators` asks the moderators what an import cannot decide, `records` turns a source
//! record into its aggregate's import record, `report` counts what happened and `progress`
//! shows how far it is.

mod artists;
mod file;
mod moderators;
mod parsed;
mod progress;
mod records;
mod report;
mod send;

use command_api::Commands;
use domain::{ArtistId, EventMetadata, EventSource, ImportRun, ImportRunCommand, ImportRunRecord};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use uuid::Uuid;

use super::link::Known;
use super::mapping::Mapping;
use super::Dataset;
use file::Run;

pub use parsed::{infer_beside, read_file, read_mapped, Parsed};
pub use progress::Progress;
pub use records::{artist_record, artwork_record};
pub use report::{summary, FileReport, Outcome, Sink, KEPT};

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
