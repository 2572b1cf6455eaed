//! What an import cannot decide, put to the moderators as feedback: artworks its dataset no
//! longer has, and new ones that likely are artworks Plinth had.

use command_api::CommandError;
use domain::{ArtworkId, ArtworkStatus, FeedbackCommand, FeedbackError, IssueType};
use futures::TryStreamExt;
use std::path::Path;
use uuid::Uuid;

use super::file::Run;
use super::parsed::Present;
use super::report::FileReport;
use crate::Dataset;

impl Run<'_> {
    /// What moderators are asked to look at, as feedback in their queue (in a dry run, only
    /// counted), each asked once whatever the number of runs: each artwork of this dataset
    /// that the file no longer has (never deleted), and each new artwork that is `likely` one
    /// Plinth had (a proposed merge; clear ones were linked).
    pub(super) async fn moderators_check(
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
            .execute::<domain::Feedback>(&id.to_string(), command, self.metadata)
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
