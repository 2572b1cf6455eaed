//! A file of artists, not artworks (`[artist_records]`): each record is a person or group
//! with an id, a name, a biography and so on, and the dataset's artwork files credit them by
//! that id (`[credits] by_id`).

use super::Mapping;
use crate::mapping::common::{clean, clean_paragraphs, clean_url, is_placeholder_name};
use crate::source::Record;
use crate::{ImportedArtist, Reject};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Which fields say what about an artist. The id is `[id] column`; ids in `[credits]
/// not_names` and placeholder names ("Unknown") are no one and are skipped.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ArtistRecords {
    /// The name's parts, joined by a space ("firstname", "lastname").
    pub name: Vec<String>,
    pub biography: Option<String>,
    pub country: Option<String>,
    pub website: Option<String>,
    /// The publisher's page for the artist.
    pub url: Option<String>,
}

/// The artists of a file, in file order, one per id. An artists file is read whole
/// ([`Mapping::whole_file`]).
#[derive(Debug, Default)]
struct ArtistFile {
    artists: Vec<ImportedArtist>,
    rows: HashMap<String, usize>,
}

impl ArtistFile {
    /// One record (nothing when it names no one), or why it cannot be read.
    fn add(&mut self, m: &Mapping, spec: &ArtistRecords, r: &Record) -> Result<(), Reject> {
        let reject = |source_id, reason| Reject {
            row: r.row,
            source_id,
            title: None,
            reason,
        };
        let field = |f: &Option<String>| f.as_ref().and_then(|c| r.get(c));
        let Some(id) = m.id.column.as_ref().and_then(|c| r.get(c)).and_then(clean) else {
            return Err(reject(None, super::rules::no_id(m, r)));
        };
        let name = spec
            .name
            .iter()
            .filter_map(|f| r.get(f).and_then(clean))
            .collect::<Vec<_>>()
            .join(" ");
        let no_one = m.credits.not_names.contains(&id);
        if name.is_empty() || no_one || is_placeholder_name(&name) {
            return Ok(());
        }
        if let Some(&first) = self.rows.get(&id) {
            return Err(reject(Some(id), super::rules::duplicate(m, first)));
        }
        self.rows.insert(id.clone(), r.row);
        self.artists.push(ImportedArtist {
            source_id: id,
            name,
            biography: field(&spec.biography).and_then(clean_paragraphs),
            country: field(&spec.country).and_then(clean),
            website: clean_url(field(&spec.website)),
            source_url: clean_url(field(&spec.url)),
        });
        Ok(())
    }
}

/// Applies an artists-file mapping to records read whole.
pub fn apply(
    m: &Mapping,
    spec: &ArtistRecords,
    records: crate::source::Records,
) -> crate::ParsedFile {
    let mut file = ArtistFile::default();
    let mut rejects = records.rejects;
    let records_read = records.records.len() + rejects.len();
    for r in &records.records {
        if let Err(reject) = file.add(m, spec, &super::rules::prepare(m, r)) {
            rejects.push(reject);
        }
    }
    crate::ParsedFile {
        dataset: m.dataset(),
        artists: file.artists,
        artworks: Vec::new(),
        rejects,
        records_read,
    }
}
