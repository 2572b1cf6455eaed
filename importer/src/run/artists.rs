//! Artists a file names that Plinth has from another source or a contributor: credited as
//! those, not made again.

use domain::ArtistId;
use std::collections::{HashMap, HashSet};
use uuid::Uuid;

use super::file::Run;
use crate::{link, Dataset};

impl Run<'_> {
    /// Of `part`, the artists this dataset has not imported before that Plinth has from another
    /// source or a contributor under the same name (any case): each is credited as that one,
    /// not made again. By own id, the id to credit.
    pub(super) async fn artists_elsewhere(
        &self,
        d: &Dataset,
        part: &[crate::ImportedArtist],
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
}
