//! Artworks as the API writes them, kept encoded in memory: the nearby (full) answer and the
//! artwork list are written from these bytes, so a read that finds its artworks here does no SQL
//! for them and no JSON work beyond copying.
//!
//! An entry is the [`ArtworkDto`] JSON (without `distance_m`) of one approved artwork, tagged
//! with the position of the row's last event (`last_pos`) and the `artists` read model's
//! position when it was read (the DTO names its artists). A reader asks with the `last_pos` it
//! knows (the geo model's, or the page query's) and takes an entry only when both tags match, so
//! an entry is never older than what the reader's own read model shows. Bounded: two generations
//! of at most half the budget each; a full young generation becomes the old one and the oldest is
//! dropped, and an entry found in the old generation moves back to the young one.

use platform::position::EventPosition;
use projectors::artworks::read::{ArtworkDto, RowKey};
use sqlx::PgPool;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use uuid::Uuid;

/// One artwork's encoded DTO and what it was read at.
#[derive(Clone)]
struct Entry {
    last_pos: i64,
    artists: EventPosition,
    json: Arc<[u8]>,
}

#[derive(Default)]
struct Generations {
    young: HashMap<Uuid, Entry>,
    young_bytes: usize,
    old: HashMap<Uuid, Entry>,
    old_bytes: usize,
}

impl Generations {
    fn get(&self, id: &Uuid, last_pos: i64, artists: EventPosition) -> Option<(&Entry, bool)> {
        let fits = |e: &&Entry| e.last_pos == last_pos && e.artists == artists;
        if let Some(e) = self.young.get(id).filter(fits) {
            return Some((e, true));
        }
        self.old.get(id).filter(fits).map(|e| (e, false))
    }

    fn put(&mut self, id: Uuid, entry: Entry, budget: usize) {
        let size = entry_size(&entry);
        if self.young_bytes + size > budget / 2 {
            self.old = std::mem::take(&mut self.young);
            self.old_bytes = std::mem::take(&mut self.young_bytes);
        }
        self.young_bytes += size;
        if let Some(before) = self.young.insert(id, entry) {
            self.young_bytes -= entry_size(&before);
        }
    }

    fn bytes(&self) -> usize {
        self.young_bytes + self.old_bytes
    }
}

/// What an entry costs: its JSON and about as much again for the map's slot and the `Arc`.
fn entry_size(e: &Entry) -> usize {
    e.json.len() + std::mem::size_of::<(Uuid, Entry)>() + 16
}

/// What the cache holds at the most by default: at 1M artworks, about a tenth of them.
pub const DEFAULT_BUDGET: usize = 64 << 20;

pub struct EncodedArtworks {
    generations: RwLock<Generations>,
    budget: usize,
}

impl Default for EncodedArtworks {
    fn default() -> Self {
        Self::new(DEFAULT_BUDGET)
    }
}

impl EncodedArtworks {
    /// A cache that holds at most about `budget` bytes (0: keeps nothing).
    pub fn new(budget: usize) -> Self {
        Self {
            generations: RwLock::new(Generations::default()),
            budget,
        }
    }

    /// About how many bytes the entries hold.
    pub fn approx_bytes(&self) -> usize {
        self.generations.read().map(|g| g.bytes()).unwrap_or(0)
    }

    /// The encoded DTOs of approved artworks `wanted` (each with the `last_pos` the caller's
    /// read model knows), in order; `None` where the artwork is not approved (any more). What the
    /// cache does not hold is read from the read model in one query and kept. `artists` is the
    /// `artists` read model's position as the caller knows it (taken before this call).
    pub async fn approved(
        &self,
        pool: &PgPool,
        wanted: &[RowKey],
        artists: EventPosition,
    ) -> Result<Vec<Option<Arc<[u8]>>>, sqlx::Error> {
        let mut found: Vec<Option<Arc<[u8]>>> = Vec::with_capacity(wanted.len());
        let mut missing: Vec<Uuid> = Vec::new();
        let mut promote: Vec<(Uuid, Entry)> = Vec::new();
        {
            let g = self
                .generations
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for &RowKey { id, last_pos } in wanted {
                match g.get(&id, last_pos, artists) {
                    Some((e, young)) => {
                        if !young {
                            promote.push((id, e.clone()));
                        }
                        found.push(Some(e.json.clone()));
                    }
                    None => {
                        missing.push(id);
                        found.push(None);
                    }
                }
            }
        }
        let mut loaded: HashMap<Uuid, Arc<[u8]>> = HashMap::new();
        if !missing.is_empty() {
            for dto in projectors::artworks::read::by_ids(pool, &missing).await? {
                if dto.status != domain::ArtworkStatus::Approved {
                    continue;
                }
                loaded.insert(dto.id, encode(&dto)?.into());
            }
        }
        if self.budget > 0 && (!loaded.is_empty() || !promote.is_empty()) {
            let mut g = self
                .generations
                .write()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for (id, e) in promote {
                g.put(id, e, self.budget);
            }
            for (&RowKey { id, last_pos }, slot) in wanted.iter().zip(&found) {
                if slot.is_some() {
                    continue;
                }
                if let Some(json) = loaded.get(&id) {
                    // Tagged with the position the caller asked at: what was read is that recent
                    // at least, so no later reader at that position gets older content.
                    let entry = Entry {
                        last_pos,
                        artists,
                        json: json.clone(),
                    };
                    g.put(id, entry, self.budget);
                }
            }
        }
        Ok(wanted
            .iter()
            .zip(found)
            .map(|(key, hit)| hit.or_else(|| loaded.get(&key.id).cloned()))
            .collect())
    }
}

/// An artwork as the API writes it (`by_ids` reads no distance, and `ArtworkDto` leaves it out
/// when absent).
fn encode(dto: &ArtworkDto) -> Result<Vec<u8>, sqlx::Error> {
    serde_json::to_vec(dto).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

/// Writes `json` (an encoded artwork) with `distance_m` added as its last field, as
/// `ArtworkDto` writes it when the distance is present.
pub fn write_with_distance(out: &mut Vec<u8>, (json, distance_m): (&[u8], f64)) {
    match json.split_last() {
        Some((b'}', body)) => {
            out.extend_from_slice(body);
            out.extend_from_slice(b",\"distance_m\":");
            write_json(out, &distance_m);
            out.push(b'}');
        }
        _ => out.extend_from_slice(json),
    }
}

/// Writes `value` as JSON (numbers and strings cannot fail to encode).
fn write_json<T: serde::Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) {
    if let Err(e) = serde_json::to_writer(&mut *out, value) {
        tracing::error!(error = %e, "could not encode a value");
        out.extend_from_slice(b"null");
    }
}

/// A JSON object written field by field, in the order serde writes a struct's fields, where
/// some values are already encoded.
pub struct Object<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
}

impl<'a> Object<'a> {
    pub fn new(out: &'a mut Vec<u8>) -> Self {
        out.push(b'{');
        Self { out, first: true }
    }

    fn key(&mut self, name: &str) -> &mut Vec<u8> {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        write_json(self.out, name);
        self.out.push(b':');
        self.out
    }

    /// A field whose value is already JSON.
    pub fn raw(&mut self, name: &str, json: &[u8]) -> &mut Self {
        self.key(name).extend_from_slice(json);
        self
    }

    /// A field serde writes.
    pub fn field<T: serde::Serialize + ?Sized>(&mut self, name: &str, value: &T) -> &mut Self {
        write_json(self.key(name), value);
        self
    }

    /// An array field, each item written by `write`; answers how many there were.
    pub fn array<T>(
        &mut self,
        name: &str,
        items: impl IntoIterator<Item = T>,
        write: impl Fn(&mut Vec<u8>, T),
    ) -> usize {
        let out = self.key(name);
        out.push(b'[');
        let mut n = 0;
        for item in items {
            if n > 0 {
                out.push(b',');
            }
            write(out, item);
            n += 1;
        }
        out.push(b']');
        n
    }

    pub fn end(&mut self) {
        self.out.push(b'}');
    }
}

/// Writes the `{success, data, timestamp}` envelope around `data`, already encoded, exactly as
/// [`platform::http::ok`] writes it.
pub fn envelope(data: &[u8]) -> Vec<u8> {
    envelope_at(data, &platform::http::now())
}

fn envelope_at(data: &[u8], timestamp: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 64);
    Object::new(&mut out)
        .raw("success", b"true")
        .raw("data", data)
        .field("timestamp", timestamp)
        .end();
    out
}

/// A JSON response of bytes written by hand.
pub fn json_response(body: Vec<u8>) -> axum::response::Response {
    use axum::response::IntoResponse;
    (
        [(
            axum::http::header::CONTENT_TYPE,
            axum::http::HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(last_pos: i64, len: usize) -> Entry {
        Entry {
            last_pos,
            artists: EventPosition::ZERO,
            json: vec![b'x'; len].into(),
        }
    }

    #[test]
    fn an_entry_is_taken_only_at_the_positions_it_was_read_at() {
        let mut g = Generations::default();
        let id = Uuid::from_u128(1);
        g.put(id, entry(7, 10), 10_000);
        assert!(g.get(&id, 7, EventPosition::ZERO).is_some());
        assert!(
            g.get(&id, 8, EventPosition::ZERO).is_none(),
            "the row moved on"
        );
        let later = EventPosition { tx: 1, pos: 1 };
        assert!(
            g.get(&id, 7, later).is_none(),
            "an artist may have been renamed"
        );
    }

    #[test]
    fn the_cache_keeps_to_its_budget_and_drops_the_oldest_generation() {
        let mut g = Generations::default();
        let budget = 20 * entry_size(&entry(0, 100));
        for n in 0..100u128 {
            g.put(Uuid::from_u128(n), entry(0, 100), budget);
            assert!(g.bytes() <= budget, "{} bytes after {n}", g.bytes());
        }
        assert!(g
            .get(&Uuid::from_u128(99), 0, EventPosition::ZERO)
            .is_some());
        assert!(g.get(&Uuid::from_u128(0), 0, EventPosition::ZERO).is_none());
    }

    #[test]
    fn a_replaced_entry_is_counted_once() {
        let mut g = Generations::default();
        let id = Uuid::from_u128(3);
        g.put(id, entry(1, 100), 1 << 20);
        g.put(id, entry(2, 100), 1 << 20);
        assert_eq!(g.bytes(), entry_size(&entry(2, 100)));
    }

    #[test]
    fn the_envelope_is_written_as_ok_writes_it() {
        let data = serde_json::json!({"a": [1, 2], "b": "c\"d"});
        let written = envelope_at(
            &serde_json::to_vec(&data).unwrap_or_default(),
            "2026-11-30T00:00:00.000Z",
        );
        let expected = serde_json::to_vec(&platform::http::Envelope {
            success: true,
            data,
            message: None,
            timestamp: "2026-11-30T00:00:00.000Z".to_owned(),
        })
        .unwrap_or_default();
        assert_eq!(
            String::from_utf8_lossy(&written),
            String::from_utf8_lossy(&expected)
        );
    }
}
