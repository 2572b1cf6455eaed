//! A source record as its aggregate's import record: checked values, ids derived from the
//! dataset and the source id, the dataset's provenance.

use domain::artist::ImportedArtist as ArtistRecord;
use domain::artwork::ImportedArtwork as ArtworkRecord;
use domain::text::{LongText, PersonName, Title};
use domain::{ArtistId, ArtworkId, ArtworkStatus, ArtworkType, Location, Provenance, Tags};
use std::collections::{BTreeMap, HashMap};

use crate::{Dataset, Presence, RejectReason};

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
    a: &crate::ImportedArtwork,
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

pub fn artist_record(d: &Dataset, a: &crate::ImportedArtist) -> Result<ArtistRecord, RejectReason> {
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

/// Credits the artists `links` names instead of the ones they stand for, each once.
pub(super) fn credit_instead(ids: &mut Vec<ArtistId>, links: &HashMap<ArtistId, ArtistId>) {
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

#[cfg(test)]
mod tests {
    use super::credit_instead;
    use domain::ArtistId;
    use std::collections::HashMap;
    use uuid::Uuid;

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
}
