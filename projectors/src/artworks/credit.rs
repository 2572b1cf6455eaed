//! Who made an artwork what it is, from its history: for each field, the change that set its
//! current value (who proposed it and who approved it, or the dataset it came from), for each
//! submission's photos still shown, who sent them (photos a merge brought stay credited to their
//! senders, with the merging moderator as who made them current here); and everyone credited,
//! with how much.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashMap;
use uuid::Uuid;

use super::history::{history_of, ChangeKind, HistoryEntry, Snapshot};

/// Who set a field's current value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FieldCredit {
    /// title, description, artwork_type, status, location, artists or tag:<key>.
    pub field: String,
    /// Who contributed the value: the proposer for a submission's change, else who made it
    /// (a moderator, or the dataset for imports).
    pub by: String,
    /// The moderator whose approval made it current, for a submission's change.
    pub approved_by: Option<String>,
    pub at: DateTime<Utc>,
    /// The history entry that set it.
    pub change: String,
}

/// Photos one approval added that the artwork still shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PhotoCredit {
    pub submission_id: Option<Uuid>,
    pub photos: usize,
    pub by: String,
    pub approved_by: Option<String>,
    pub at: DateTime<Utc>,
}

/// One person (or dataset) credited, and for what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Contributor {
    pub display_name: String,
    /// Fields whose current value they contributed.
    pub fields: usize,
    pub photos: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Credits {
    /// Most credited first.
    pub contributors: Vec<Contributor>,
    pub fields: Vec<FieldCredit>,
    /// Newest first.
    pub photos: Vec<PhotoCredit>,
}

/// The fields one change set (tags per key), each with whether it was cleared.
fn fields_set(entry: &HistoryEntry) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    for c in &entry.changes {
        // Listing is a moderation decision, not a contribution.
        if c.field == "status" {
            continue;
        }
        if c.field != "tags" {
            out.push((c.field.clone(), c.after == Value::Null));
            continue;
        }
        let empty = serde_json::Map::new();
        let before = c.before.as_object().unwrap_or(&empty);
        let after = c.after.as_object().unwrap_or(&empty);
        let tag = |k: &String| format!("{}{k}", domain::edit::TAG_PREFIX);
        out.extend(
            after
                .iter()
                .filter(|(k, v)| before.get(*k) != Some(*v))
                .map(|(k, _)| (tag(k), false)),
        );
        out.extend(
            before
                .keys()
                .filter(|k| !after.contains_key(*k))
                .map(|k| (tag(k), true)),
        );
    }
    out
}

/// Who contributed `entry`, and who approved it (when a submission brought it).
fn who(entry: &HistoryEntry) -> (String, Option<String>) {
    match &entry.contributor {
        Some(c) => (c.clone(), Some(entry.actor.display_name.clone())),
        None => (entry.actor.display_name.clone(), None),
    }
}

/// The display names of who sent the submissions whose photos merges brought, by submission.
async fn merged_senders(
    pool: &PgPool,
    entries: &[HistoryEntry],
) -> anyhow::Result<HashMap<Uuid, String>> {
    let submissions: Vec<Uuid> = entries
        .iter()
        .flat_map(|e| e.merged_photos.iter().map(|(s, _)| *s))
        .collect();
    if submissions.is_empty() {
        return Ok(HashMap::new());
    }
    let submitters = crate::submissions::read::submitters(pool, &submissions).await?;
    let people: Vec<Uuid> = submitters.values().copied().collect();
    let names = crate::accounts::read::Names::of(pool, &people).await?;
    Ok(submitters
        .into_iter()
        .map(|(s, a)| (s, names.name(a)))
        .collect())
}

/// The credits of artwork `id`; `None` when its history is not public.
pub async fn credits(pool: &PgPool, id: Uuid) -> anyhow::Result<Option<Credits>> {
    let Some((entries, _)) = history_of::<Snapshot>(pool, id, usize::MAX, 0).await? else {
        return Ok(None);
    };
    // Newest first: the first change to name a field set its current value.
    let mut fields: Vec<FieldCredit> = Vec::new();
    // Fields whose current value an entry already accounts for (a cleared one too).
    let mut decided: Vec<String> = Vec::new();
    let mut photos = Vec::new();
    // Merges undone: the duplicates whose photos went back.
    let mut given_back: Vec<Uuid> = Vec::new();
    let senders = merged_senders(pool, &entries).await?;
    for entry in &entries {
        let (by, approved_by) = who(entry);
        for (field, cleared) in fields_set(entry) {
            if decided.contains(&field) {
                continue;
            }
            decided.push(field.clone());
            // A cleared value is credited to nobody.
            if !cleared {
                fields.push(FieldCredit {
                    field,
                    by: by.clone(),
                    approved_by: approved_by.clone(),
                    at: entry.at,
                    change: entry.id.clone(),
                });
            }
        }
        match entry.kind {
            ChangeKind::MergeUndone => given_back.extend(entry.other_artwork),
            ChangeKind::MergedIn
                if entry.other_artwork.is_some_and(|o| given_back.contains(&o)) => {}
            ChangeKind::MergedIn => {
                for (submission, n) in &entry.merged_photos {
                    photos.push(PhotoCredit {
                        submission_id: Some(*submission),
                        photos: *n,
                        by: senders
                            .get(submission)
                            .cloned()
                            .unwrap_or_else(|| by.clone()),
                        approved_by: Some(entry.actor.display_name.clone()),
                        at: entry.at,
                    });
                }
            }
            _ if entry.photos_added > 0 => photos.push(PhotoCredit {
                submission_id: entry.submission_id,
                photos: entry.photos_added,
                by,
                approved_by,
                at: entry.at,
            }),
            _ => {}
        }
    }
    let mut contributors: Vec<Contributor> = Vec::new();
    let mut credit = |name: &str, f: usize, p: usize| match contributors
        .iter_mut()
        .find(|c| c.display_name == name)
    {
        Some(c) => {
            c.fields += f;
            c.photos += p;
        }
        None => contributors.push(Contributor {
            display_name: name.to_owned(),
            fields: f,
            photos: p,
        }),
    };
    for f in &fields {
        credit(&f.by, 1, 0);
    }
    for p in &photos {
        credit(&p.by, 0, p.photos);
    }
    contributors.sort_by(|a, b| {
        (b.fields + b.photos)
            .cmp(&(a.fields + a.photos))
            .then_with(|| a.display_name.cmp(&b.display_name))
    });
    Ok(Some(Credits {
        contributors,
        fields,
        photos,
    }))
}
