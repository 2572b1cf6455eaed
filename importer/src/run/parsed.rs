//! A file read for import: its first pass, which fails on a file that cannot be read before
//! anything is written, and its second, which hands the records over a chunk at a time.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::mapping::{self, Applier, Mapping};
use crate::{source, Dataset, ParsedFile, Reject};

/// Records decided in one read and written in one statement.
pub(super) const CHUNK: usize = 1_000;

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

    pub(super) fn artists(&self) -> Vec<crate::ImportedArtist> {
        match &self.body {
            Body::Whole(p) => p.artists.clone(),
            Body::Mapped { applier, .. } => applier.artists(),
        }
    }

    /// The file's artworks (or why a record is not one) a chunk at a time, read on a blocking
    /// thread, and, once all are sent, whether the file has a record of a given source id.
    pub(super) fn artworks(self) -> (mpsc::Receiver<Chunk>, JoinHandle<anyhow::Result<Present>>) {
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
pub(super) type Chunk = Vec<Result<crate::ImportedArtwork, Reject>>;

/// Whether the file has a record of a source id (mapped or rejected).
pub(super) type Present = Box<dyn Fn(&str) -> bool + Send + Sync>;

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
