//! Sending a chunk of import commands: decided by their aggregates in one read, written in one
//! statement, and a new artwork that clearly is one Plinth had linked to it.

use command_api::bulk::{self, Handled};
use command_api::CommandError;
use domain::artwork::ImportedArtwork as ArtworkRecord;
use domain::{ArtistCommand, ArtworkCommand};
use futures::{stream, StreamExt, TryStreamExt};
use std::collections::HashSet;
use uuid::Uuid;

use super::file::{Run, Sent};
use super::report::{FileReport, Outcome};
use crate::link::{self, Match};
use crate::{Reject, RejectReason};

/// Duplicate checks and links in flight at once.
const CONCURRENCY: usize = 8;
/// Tries at a chunk that another writer's events beat to one of its aggregates.
const ATTEMPTS: u32 = 3;

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
                    outcome: Outcome::UNCHANGED,
                    matched: None,
                }),
                Handled::Took { before: 0, .. } => Ok(Sent {
                    outcome: if matches!(matched, Some(Match::Same(_))) {
                        Outcome::LINKED
                    } else {
                        Outcome::NEW
                    },
                    matched,
                }),
                Handled::Took { .. } => Ok(Sent {
                    outcome: Outcome::CHANGED,
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
    pub(super) fn artists_of(&self, r: &ArtworkRecord) -> Vec<String> {
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

    /// Turns each item of a chunk into its aggregate's record and command (a refused one becomes a
    /// reject, a dropped tag a note in the report) and sends them: for each sent one in order,
    /// its source id and title, and what it did.
    pub(super) async fn send_part<A: Imported, T: Sourced>(
        &self,
        part: &[T],
        report: &mut FileReport,
        prepare: impl Fn(&T, &mut Vec<String>) -> Result<A::Record, RejectReason>,
    ) -> anyhow::Result<Vec<((String, String), Sent)>>
    where
        A::Command: Clone,
    {
        let mut described = Vec::with_capacity(part.len());
        let mut commands = Vec::with_capacity(part.len());
        for item in part {
            let source_id = item.source_id();
            let mut dropped = Vec::new();
            match prepare(item, &mut dropped).map(A::command) {
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
}

/// A record of the model, known by its source id, named by its title (or name).
pub(super) trait Sourced {
    fn source_id(&self) -> &str;
    fn title(&self) -> &str;
}

impl Sourced for crate::ImportedArtist {
    fn source_id(&self) -> &str {
        &self.source_id
    }
    fn title(&self) -> &str {
        &self.name
    }
}

impl Sourced for crate::ImportedArtwork {
    fn source_id(&self) -> &str {
        &self.source_id
    }
    fn title(&self) -> &str {
        &self.title
    }
}

/// An aggregate an import writes to.
pub(super) trait Imported: cqrs_es::Aggregate<Services = ()> {
    /// What one import command of this aggregate carries.
    type Record;

    /// The artwork record `command` imports, to be compared with the artworks Plinth has.
    fn artwork(command: &Self::Command) -> Option<&ArtworkRecord>;

    /// The aggregate id `record` goes to, the name it is shown by, and the command importing it.
    fn command(record: Self::Record) -> (String, String, Self::Command);
}

impl Imported for domain::Artist {
    type Record = domain::ImportedArtist;

    fn artwork(_: &ArtistCommand) -> Option<&ArtworkRecord> {
        None
    }

    fn command(r: domain::ImportedArtist) -> (String, String, ArtistCommand) {
        let (id, name) = (r.id.to_string(), r.name.as_str().to_owned());
        (id, name, ArtistCommand::ImportArtist(Box::new(r)))
    }
}

impl Imported for domain::Artwork {
    type Record = ArtworkRecord;

    fn artwork(command: &ArtworkCommand) -> Option<&ArtworkRecord> {
        match command {
            ArtworkCommand::ImportArtwork(r) => Some(r),
            _ => None,
        }
    }

    fn command(r: ArtworkRecord) -> (String, String, ArtworkCommand) {
        let (id, title) = (r.id.to_string(), r.title.as_str().to_owned());
        (id, title, ArtworkCommand::ImportArtwork(Box::new(r)))
    }
}
