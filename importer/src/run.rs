//! Running an import: every parsed record goes through its aggregate's command, so each artwork
//! has history from its first event; records already imported change nothing. Artist files are
//! imported before artwork files so credits resolve.

use command_api::Commands;
use domain::artist::ImportedArtist as ArtistRecord;
use domain::artwork::ImportedArtwork as ArtworkRecord;
use domain::text::{LongText, PersonName, Title};
use domain::{
    ArtistCommand, ArtistId, ArtworkCommand, ArtworkId, ArtworkStatus, ArtworkType, EventMetadata,
    EventSource, Location, Provenance, Tags,
};
use futures::{stream, StreamExt};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::path::PathBuf;
use uuid::Uuid;

use super::parse::{parse_file, ParseError};
use super::{Dataset, ParsedFile, Presence, Reject, RejectReason};

/// Commands in flight at once (each on its own aggregate, so they never conflict).
const CONCURRENCY: usize = 8;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct FileReport {
    pub file: String,
    pub dataset: String,
    pub records_read: usize,
    pub artists_created: usize,
    pub artists_unchanged: usize,
    pub artworks_created: usize,
    pub artworks_unchanged: usize,
    pub rejects: Vec<Reject>,
    /// Tags dropped because their value broke the tag schema, as (source id, message).
    pub dropped_tags: Vec<(String, String)>,
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
        dataset: d.key.to_owned(),
        dataset_name: d.name.to_owned(),
        licence: d.licence.to_owned(),
        attribution: d.attribution.to_owned(),
        source_id: source_id.to_owned(),
        source_url: Some(url.unwrap_or(d.source_url).to_owned()),
        place: Some(d.place.to_owned()),
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
        let id = ArtistId::for_import(d.key, s);
        if !artist_ids.contains(&id) {
            artist_ids.push(id);
        }
    }
    artist_ids.truncate(domain::artwork::MAX_ARTISTS_PER_ARTWORK);
    Ok(ArtworkRecord {
        id: ArtworkId::for_import(d.key, &a.source_id),
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
        id: ArtistId::for_import(d.key, &a.source_id),
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

/// Parses every file (failing before any write if one cannot be read), then imports them.
pub async fn import_files(
    commands: &Commands,
    files: &[PathBuf],
    show_progress: bool,
) -> anyhow::Result<Vec<FileReport>> {
    let mut parsed: Vec<(String, ParsedFile)> = Vec::new();
    for f in files {
        let p = parse_file(f).map_err(|e: ParseError| anyhow::anyhow!("{e}"))?;
        parsed.push((f.display().to_string(), p));
    }
    // Artist-only files first, so artwork credits point at artists that exist.
    parsed.sort_by_key(|(_, p)| !p.artworks.is_empty());
    let correlation = Uuid::now_v7();
    let metadata = EventMetadata::system(EventSource::Import, correlation);
    let mut reports = Vec::new();
    for (file, p) in parsed {
        reports.push(import_one(commands, &file, p, &metadata, show_progress).await?);
    }
    Ok(reports)
}

async fn import_one(
    commands: &Commands,
    file: &str,
    p: ParsedFile,
    metadata: &EventMetadata,
    show_progress: bool,
) -> anyhow::Result<FileReport> {
    let mut report = FileReport {
        file: file.to_owned(),
        dataset: p.dataset.key.to_owned(),
        records_read: p.records_read,
        rejects: p.rejects.clone(),
        ..Default::default()
    };
    let d = &p.dataset;

    let mut artist_records = Vec::new();
    for a in &p.artists {
        match artist_record(d, a) {
            Ok(r) => artist_records.push(r),
            Err(reason) => report.rejects.push(Reject {
                row: 0,
                source_id: Some(a.source_id.clone()),
                reason,
            }),
        }
    }
    let (created, unchanged) = import_all(
        artist_records,
        show_progress,
        &format!("{} artists", d.key),
        |r| async move {
            let id = r.id.to_string();
            let before =
                platform::eventlog::last_position_of(commands.pool(), "artist", &id).await?;
            let after = commands
                .artist(&id, ArtistCommand::ImportArtist(Box::new(r)), metadata)
                .await?;
            Ok(before != after)
        },
    )
    .await?;
    report.artists_created += created;
    report.artists_unchanged += unchanged;

    let mut artwork_records = Vec::new();
    for a in &p.artworks {
        let mut dropped = Vec::new();
        match artwork_record(d, a, &mut dropped) {
            Ok(r) => artwork_records.push(r),
            Err(reason) => report.rejects.push(Reject {
                row: 0,
                source_id: Some(a.source_id.clone()),
                reason,
            }),
        }
        report
            .dropped_tags
            .extend(dropped.into_iter().map(|m| (a.source_id.clone(), m)));
    }
    let (created, unchanged) = import_all(
        artwork_records,
        show_progress,
        &format!("{} artworks", d.key),
        |r| async move {
            let id = r.id.to_string();
            let before =
                platform::eventlog::last_position_of(commands.pool(), "artwork", &id).await?;
            let after = commands
                .artwork(&id, ArtworkCommand::ImportArtwork(Box::new(r)), metadata)
                .await?;
            Ok(before != after)
        },
    )
    .await?;
    report.artworks_created += created;
    report.artworks_unchanged += unchanged;
    Ok(report)
}

/// Runs `import` on every record, [`CONCURRENCY`] at a time, behind a progress bar labelled
/// `what`: how many records changed the store, and how many it already had.
async fn import_all<R, F, Fut>(
    records: Vec<R>,
    show_progress: bool,
    what: &str,
    import: F,
) -> anyhow::Result<(usize, usize)>
where
    F: Fn(R) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<bool>>,
{
    let pb = bar(show_progress, records.len(), what);
    let results: Vec<anyhow::Result<bool>> = stream::iter(records)
        .map(|r| {
            let pb = pb.clone();
            let work = import(r);
            async move {
                let changed = work.await?;
                pb.inc(1);
                Ok(changed)
            }
        })
        .buffer_unordered(CONCURRENCY)
        .collect()
        .await;
    pb.finish_and_clear();
    let (mut created, mut unchanged) = (0, 0);
    for r in results {
        if r? {
            created += 1;
        } else {
            unchanged += 1;
        }
    }
    Ok((created, unchanged))
}

/// The human summary `plinth import` prints.
pub fn summary(reports: &[FileReport]) -> String {
    let mut out = String::new();
    for r in reports {
        out.push_str(&format!(
            "{} ({}): {} records read; artworks {} new, {} unchanged; artists {} new, {} unchanged; {} rejected\n",
            r.file,
            r.dataset,
            r.records_read,
            r.artworks_created,
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
        if !r.dropped_tags.is_empty() {
            out.push_str(&format!("    tags dropped: {}\n", r.dropped_tags.len()));
        }
    }
    out
}
