//! An artwork's gallery as the read side shows it: the photos shown (the main photo first, then
//! newest first, then those merges brought), the photos hidden by an edit, and the main photo's
//! key. The `artworks` projector, the history's fold and the search projector (for the lead
//! thumbnail) all arrange photos through this one type, so they cannot disagree.
//!
//! Entries are the public photo objects of [`super::public_photos`] (`key`, `width`, `height`,
//! `submission_id`). Arrangement rules:
//! - added photos go first (after the main photo); photos a merge brought go last;
//! - hiding moves entries to `hidden` (in gallery order, before those hidden already); showing
//!   again puts them after the shown ones, in the order they were hidden;
//! - photos given back by an unmerge leave both lists, and the main key with them.

use domain::{FieldEdit, PhotoKey, SubmissionId};
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Gallery {
    pub shown: Vec<Value>,
    pub hidden: Vec<Value>,
    pub main: Option<String>,
}

fn key_of(p: &Value) -> Option<&str> {
    p.get("key").and_then(Value::as_str)
}

fn submission_of(p: &Value) -> Option<&str> {
    p.get("submission_id").and_then(Value::as_str)
}

impl Gallery {
    /// A gallery from the read model's columns.
    pub fn of(shown: Value, hidden: Value, main: Option<String>) -> Self {
        Self {
            shown: super::photo_list(shown),
            hidden: super::photo_list(hidden),
            main,
        }
    }

    /// Photos an approval added: first, after the main photo.
    pub fn add_newest(&mut self, photos: Value) {
        let mut all = super::photo_list(photos);
        all.append(&mut self.shown);
        self.shown = all;
        self.arrange();
    }

    /// Photos a merge brought: last.
    pub fn add_oldest(&mut self, photos: Vec<Value>) {
        self.shown.extend(photos);
    }

    /// The photos of `submissions` leave (an unmerge gave them back).
    pub fn release<'a>(&mut self, submissions: impl IntoIterator<Item = &'a SubmissionId>) {
        let gone: Vec<String> = submissions.into_iter().map(|s| s.0.to_string()).collect();
        let stays = |p: &Value| !submission_of(p).is_some_and(|s| gone.iter().any(|g| g == s));
        self.shown.retain(stays);
        self.hidden.retain(stays);
        if let Some(main) = &self.main {
            if !self.shown.iter().any(|p| key_of(p) == Some(main)) {
                self.main = None;
            }
        }
    }

    /// Applies the gallery's part of recorded field changes; whether any concerned it.
    pub fn apply_changes(&mut self, changes: &[FieldEdit]) -> bool {
        let mut touched = false;
        for change in changes {
            match change {
                FieldEdit::MainPhoto { new, .. } => {
                    self.main = new.map(|k| k.to_string());
                    touched = true;
                }
                FieldEdit::HiddenPhotos { new, .. } => {
                    self.hide_exactly(new);
                    touched = true;
                }
                _ => {}
            }
        }
        if touched {
            self.arrange();
        }
        touched
    }

    /// Hides exactly the photos `keys` names.
    fn hide_exactly(&mut self, keys: &[PhotoKey]) {
        let keys: Vec<String> = keys.iter().map(PhotoKey::to_string).collect();
        let hidden = |p: &Value| key_of(p).is_some_and(|k| keys.iter().any(|h| h == k));
        let all: Vec<Value> = std::mem::take(&mut self.shown)
            .into_iter()
            .chain(std::mem::take(&mut self.hidden))
            .collect();
        (self.hidden, self.shown) = all.into_iter().partition(hidden);
    }

    /// The main photo first; the others keep their order.
    fn arrange(&mut self) {
        let Some(main) = self.main.as_deref() else {
            return;
        };
        if let Some(i) = self.shown.iter().position(|p| key_of(p) == Some(main)) {
            let p = self.shown.remove(i);
            self.shown.insert(0, p);
        }
    }

    /// The key of the photo shown first.
    pub fn lead(&self) -> Option<String> {
        self.shown.first().and_then(key_of).map(str::to_owned)
    }

    /// The keys hidden, sorted (as an edit names them).
    pub fn hidden_keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = self
            .hidden
            .iter()
            .filter_map(key_of)
            .map(str::to_owned)
            .collect();
        keys.sort_unstable();
        keys
    }
}

/// Rearranges artwork `id`'s gallery in the read model (read, changed by `f`, written back);
/// `photos_at` when the change brought new photos (then their time).
pub(super) async fn update(
    db: &mut sqlx::PgConnection,
    id: uuid::Uuid,
    photos_at: Option<chrono::DateTime<chrono::Utc>>,
    f: impl FnOnce(&mut Gallery),
) -> anyhow::Result<()> {
    let row = sqlx::query!(
        "SELECT photos, hidden_photos, main_photo FROM artworks WHERE id = $1",
        id
    )
    .fetch_optional(&mut *db)
    .await?;
    let Some(row) = row else {
        return Ok(());
    };
    let mut gallery = Gallery::of(row.photos, row.hidden_photos, row.main_photo);
    f(&mut gallery);
    sqlx::query!(
        "UPDATE artworks SET photos = $2, hidden_photos = $3, main_photo = $4,
                photos_at = coalesce($5, photos_at)
          WHERE id = $1",
        id,
        Value::Array(gallery.shown),
        Value::Array(gallery.hidden),
        gallery.main,
        photos_at
    )
    .execute(db)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn submission(n: u8) -> SubmissionId {
        SubmissionId(uuid::Uuid::from_u128(u128::from(n)))
    }

    fn entry(key: PhotoKey, n: u8) -> Value {
        json!({ "key": key.to_string(), "submission_id": submission(n).0.to_string() })
    }

    fn keys(list: &[Value]) -> Vec<String> {
        list.iter().filter_map(key_of).map(str::to_owned).collect()
    }

    #[test]
    fn the_main_photo_stays_first_as_photos_are_added_and_hidden_ones_come_back_last() {
        let (a, b, c, d) = (
            PhotoKey::new(),
            PhotoKey::new(),
            PhotoKey::new(),
            PhotoKey::new(),
        );
        let mut g = Gallery::default();
        g.add_newest(json!([entry(a, 1), entry(b, 1)]));
        assert!(g.apply_changes(&[FieldEdit::MainPhoto {
            old: None,
            new: Some(b)
        }]));
        assert_eq!(keys(&g.shown), [b, a].map(|k| k.to_string()));
        g.add_newest(json!([entry(c, 2)]));
        assert_eq!(keys(&g.shown), [b, c, a].map(|k| k.to_string()));
        g.apply_changes(&[FieldEdit::HiddenPhotos {
            old: vec![],
            new: vec![c, a],
        }]);
        assert_eq!(keys(&g.shown), [b.to_string()]);
        assert_eq!(g.hidden.len(), 2);
        let mut ca = [c, a].map(|k| k.to_string());
        ca.sort_unstable();
        assert_eq!(g.hidden_keys(), ca);
        g.add_oldest(vec![entry(d, 3)]);
        g.apply_changes(&[FieldEdit::HiddenPhotos {
            old: vec![a, c],
            new: vec![a],
        }]);
        assert_eq!(keys(&g.shown), [b, d, c].map(|k| k.to_string()));
        assert_eq!(g.lead(), Some(b.to_string()));
        assert!(!g.apply_changes(&[]));
    }

    #[test]
    fn released_photos_leave_both_lists_and_the_main_key() {
        let (a, b, c) = (PhotoKey::new(), PhotoKey::new(), PhotoKey::new());
        let mut g = Gallery::default();
        g.add_newest(json!([entry(a, 1)]));
        g.add_oldest(vec![entry(b, 2), entry(c, 2)]);
        g.apply_changes(&[
            FieldEdit::MainPhoto {
                old: None,
                new: Some(b),
            },
            FieldEdit::HiddenPhotos {
                old: vec![],
                new: vec![c],
            },
        ]);
        g.release(&[submission(2)]);
        assert_eq!(keys(&g.shown), [a.to_string()]);
        assert!(g.hidden.is_empty());
        assert_eq!(g.main, None);
    }
}
