//! What an import did to each record, counted, with a bounded number kept to show.

use std::collections::BTreeMap;
use std::path::Path;
use uuid::Uuid;

use crate::{Reject, RejectReason};

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

impl Outcome {
    pub const NEW: &'static str = "new";
    pub const LINKED: &'static str = "linked";
    pub const CHANGED: &'static str = "changed";
    pub const UNCHANGED: &'static str = "unchanged";
    pub const REJECTED: &'static str = "rejected";
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
    /// An empty report of `file`, from `dataset`, which read `records_read` records.
    pub(super) fn new(file: String, dataset: String, records_read: usize) -> Self {
        Self {
            file,
            dataset,
            records_read,
            ..Default::default()
        }
    }

    pub fn rejects_by_reason(&self) -> BTreeMap<String, usize> {
        self.reject_reasons.clone()
    }

    /// Counts a rejected record, and its outcome.
    pub(super) fn reject(
        &mut self,
        r: Reject,
        sink: Option<&std::sync::Mutex<Sink>>,
    ) -> anyhow::Result<()> {
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
            outcome: Outcome::REJECTED,
            reason: format!("row {}: {}", r.row, r.reason),
            point: None,
        };
        if self.rejects.len() < KEPT {
            self.rejects.push(r);
        }
        self.note(outcome, sink)
    }

    /// Counts a record's outcome, keeps it if there is room, and writes it to `sink`.
    pub(super) fn note(
        &mut self,
        o: Outcome,
        sink: Option<&std::sync::Mutex<Sink>>,
    ) -> anyhow::Result<()> {
        if let Some(sink) = sink {
            let mut sink = sink.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
            sink.write(&self.file, &self.dataset, &o)?;
        }
        self.outcomes_total += 1;
        let says = usize::from(o.outcome == Outcome::REJECTED || !o.reason.is_empty());
        if self.kept[says] < KEPT {
            self.kept[says] += 1;
            self.outcomes.push(o);
        }
        Ok(())
    }

    pub(super) fn drop_tags(&mut self, source_id: &str, dropped: Vec<String>) {
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
    pub(super) fn create(path: &Path) -> anyhow::Result<Self> {
        let mut w = csv::Writer::from_path(path)?;
        w.write_record(["file", "dataset", "source_id", "title", "outcome", "reason"])?;
        Ok(Self(w))
    }

    fn write(&mut self, file: &str, dataset: &str, o: &Outcome) -> anyhow::Result<()> {
        self.0
            .write_record([file, dataset, &o.source_id, &o.title, o.outcome, &o.reason])?;
        Ok(())
    }

    pub(super) fn finish(mut self) -> anyhow::Result<()> {
        Ok(self.0.flush()?)
    }
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
            let notes = r.outcomes.iter().filter(|o| {
                matches!(o.outcome, Outcome::NEW | Outcome::LINKED) && !o.reason.is_empty()
            });
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
    use crate::{Reject, RejectReason};

    /// A report keeps a bounded number of outcomes of each kind however large the file, and
    /// counts them all.
    #[test]
    fn a_report_keeps_at_most_kept_outcomes_of_each_kind_and_counts_every_one() {
        let mut report = FileReport::default();
        let outcome = |reason: &str| Outcome {
            source_id: "x".into(),
            title: "T".into(),
            outcome: Outcome::NEW,
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
            .any(|o| !o.reason.is_empty() && o.outcome == Outcome::NEW));
    }
}
