//! The geo model's data: today's approved artworks and the closed stretches of the map as it
//! was, each in an R-tree over points on the unit sphere, and the one nearest-first walk both
//! are read through.
//!
//! Straight-line (chord) distance between unit vectors grows with great-circle distance, so the
//! tree's nearest-neighbour walk visits entries in true distance order: a query stops after
//! `limit` hits, whatever the density, with no special case at the poles or the antimeridian.

use domain::geo::{haversine_m, EARTH_RADIUS_M};
use domain::ArtworkType;
use rstar::primitives::GeomWithData;
use rstar::RTree;
use std::collections::HashMap;
use uuid::Uuid;

use super::past::{Moment, Stretch};

/// An approved artwork as the map shows it today.
#[derive(Debug, Clone)]
pub struct Item {
    pub id: Uuid,
    pub lat: f64,
    pub lon: f64,
    pub title: Box<str>,
    pub artwork_type: ArtworkType,
    /// The position of the artwork's last event as the model has it.
    pub last_pos: i64,
    /// When its present stretch on the map began ([`Moment::NEVER`] if it has none).
    pub since: Moment,
}

/// Something with a place on the map and an id to order ties by.
pub(super) trait Placed {
    fn id(&self) -> Uuid;
    fn place(&self) -> (f64, f64);
}

impl Placed for Item {
    fn id(&self) -> Uuid {
        self.id
    }
    fn place(&self) -> (f64, f64) {
        (self.lat, self.lon)
    }
}

/// A tree entry: the point and the slot of its item.
pub(super) type Entry = GeomWithData<[f64; 3], u32>;

pub(super) fn unit(lat: f64, lon: f64) -> [f64; 3] {
    let (p, l) = (lat.to_radians(), lon.to_radians());
    [p.cos() * l.cos(), p.cos() * l.sin(), p.sin()]
}

/// Entries of `tree` within `radius_m` (great-circle) of a point, nearest first, ties by id, at
/// most `limit`; `get` gives a slot's item, or `None` to pass it by.
pub(super) fn walk<'a, T: Placed + 'a>(
    tree: &RTree<Entry>,
    (lat, lon): (f64, f64),
    radius_m: f64,
    limit: usize,
    get: impl Fn(u32) -> Option<&'a T>,
) -> Vec<(&'a T, f64)> {
    // Squared chord of the radius, with a hair of slack: the exact test is the haversine.
    let chord = 2.0 * (radius_m / (2.0 * EARTH_RADIUS_M)).sin();
    let max_d2 = chord * chord * (1.0 + 1e-9) + 1e-18;
    let mut hits: Vec<(&T, f64)> = Vec::new();
    let mut last_d2 = 0.0;
    for (entry, d2) in tree.nearest_neighbor_iter_with_distance_2(unit(lat, lon)) {
        if d2 > max_d2 {
            break;
        }
        // Past `limit`, go on only through (near-)ties, so the id order can decide them.
        if hits.len() >= limit && d2 > last_d2 * (1.0 + 1e-9) + 1e-18 {
            break;
        }
        if let Some(it) = get(entry.data) {
            last_d2 = d2;
            let (ilat, ilon) = it.place();
            let d = haversine_m(lat, lon, ilat, ilon);
            if d <= radius_m {
                hits.push((it, d));
            }
        }
    }
    hits.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.id().cmp(&b.0.id())));
    hits.truncate(limit);
    hits
}

#[derive(Default)]
pub(super) struct Model {
    pub(super) tree: RTree<Entry>,
    pub(super) items: Vec<Option<Item>>,
    pub(super) slot_of: HashMap<Uuid, u32>,
    free: Vec<u32>,
    /// Stretches that have ended (moved, renamed, retyped, hidden), never changed again.
    pub(super) closed: Vec<Stretch>,
    pub(super) closed_tree: RTree<Entry>,
    /// Each artwork's closed stretches, by slot in `closed`.
    pub(super) closed_of: HashMap<Uuid, Vec<u32>>,
}

impl Model {
    /// Builds the trees in one pass each (much faster than inserting one by one).
    pub(super) fn bulk(items: Vec<Item>, closed: Vec<Stretch>) -> Self {
        let mut m = Model::default();
        let mut entries = Vec::with_capacity(items.len());
        for it in items {
            if m.slot_of.contains_key(&it.id) {
                continue;
            }
            let slot = m.items.len() as u32;
            entries.push(Entry::new(unit(it.lat, it.lon), slot));
            m.slot_of.insert(it.id, slot);
            m.items.push(Some(it));
        }
        m.tree = RTree::bulk_load(entries);
        let mut entries = Vec::with_capacity(closed.len());
        for s in closed {
            if let Some(slot) = m.push_closed(s) {
                entries.push(Entry::new(
                    unit(m.closed[slot as usize].lat, m.closed[slot as usize].lon),
                    slot,
                ));
            }
        }
        m.closed_tree = RTree::bulk_load(entries);
        m
    }

    pub(super) fn len(&self) -> usize {
        self.slot_of.len()
    }

    /// Today's item of artwork `id`, if it is on the map.
    pub(super) fn current(&self, id: &Uuid) -> Option<&Item> {
        let slot = *self.slot_of.get(id)?;
        self.items.get(slot as usize)?.as_ref()
    }

    /// About how much memory the model holds: its items and stretches with their titles, the
    /// trees' entries (with a third more for the trees' nodes) and the id maps.
    pub(super) fn approx_bytes(&self) -> usize {
        let titles: usize = self.items.iter().flatten().map(|it| it.title.len()).sum();
        let items = self.items.capacity() * std::mem::size_of::<Option<Item>>() + titles;
        let closed_titles: usize = self.closed.iter().map(|s| s.title.len()).sum();
        let closed = self.closed.capacity() * std::mem::size_of::<Stretch>() + closed_titles;
        let trees =
            (self.tree.size() + self.closed_tree.size()) * std::mem::size_of::<Entry>() * 4 / 3;
        let ids = self.slot_of.capacity() * (std::mem::size_of::<(Uuid, u32)>() + 1)
            + self.closed_of.capacity() * (std::mem::size_of::<(Uuid, Vec<u32>)>() + 1)
            + self.closed.len() * std::mem::size_of::<u32>();
        items + closed + trees + ids + self.free.capacity() * std::mem::size_of::<u32>()
    }

    fn remove(&mut self, id: &Uuid) {
        if let Some(slot) = self.slot_of.remove(id) {
            if let Some(old) = self.items[slot as usize].take() {
                self.tree.remove(&Entry::new(unit(old.lat, old.lon), slot));
            }
            self.free.push(slot);
        }
    }

    /// Puts an approved artwork in (or takes any other status out).
    pub(super) fn upsert(&mut self, item: Item, approved: bool) {
        self.remove(&item.id);
        if !approved {
            return;
        }
        let slot = match self.free.pop() {
            Some(s) => s,
            None => {
                self.items.push(None);
                (self.items.len() - 1) as u32
            }
        };
        self.tree.insert(Entry::new(unit(item.lat, item.lon), slot));
        self.slot_of.insert(item.id, slot);
        self.items[slot as usize] = Some(item);
    }

    /// Records a stretch that has ended; one already held (same artwork, same start) is left.
    /// Gives the new stretch's slot.
    fn push_closed(&mut self, s: Stretch) -> Option<u32> {
        let held = self.closed_of.entry(s.id).or_default();
        if held
            .iter()
            .any(|&k| self.closed[k as usize].since == s.since)
        {
            return None;
        }
        let slot = self.closed.len() as u32;
        held.push(slot);
        self.closed.push(s);
        Some(slot)
    }

    /// Adds a stretch that has ended to the map as it was.
    pub(super) fn close(&mut self, s: Stretch) {
        let (lat, lon) = (s.lat, s.lon);
        if let Some(slot) = self.push_closed(s) {
            self.closed_tree.insert(Entry::new(unit(lat, lon), slot));
        }
    }

    /// Approved artworks within `radius_m` (great-circle), nearest first, ties by id.
    pub(super) fn nearby(
        &self,
        lat: f64,
        lon: f64,
        radius_m: f64,
        limit: usize,
    ) -> Vec<(&Item, f64)> {
        walk(&self.tree, (lat, lon), radius_m, limit, |slot| {
            self.items.get(slot as usize)?.as_ref()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(n: u128, lat: f64, lon: f64) -> Item {
        Item {
            id: Uuid::from_u128(n),
            lat,
            lon,
            title: "t".into(),
            artwork_type: ArtworkType::Mural,
            last_pos: 0,
            since: Moment::NEVER,
        }
    }

    #[test]
    fn finds_exactly_the_points_within_the_radius_nearest_first() {
        let mut g = Model::default();
        // A 41 x 41 lattice around Vancouver, about 70 m apart.
        let mut n = 0;
        for i in -20..=20 {
            for j in -20..=20 {
                n += 1;
                g.upsert(
                    item(
                        n,
                        49.28 + f64::from(i) * 0.0006,
                        -123.12 + f64::from(j) * 0.0009,
                    ),
                    true,
                );
            }
        }
        let got = g.nearby(49.28, -123.12, 500.0, 10_000);
        let mut want: Vec<(Uuid, f64)> = g
            .items
            .iter()
            .flatten()
            .map(|it| (it.id, haversine_m(49.28, -123.12, it.lat, it.lon)))
            .filter(|(_, d)| *d <= 500.0)
            .collect();
        want.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
        let got_ids: Vec<Uuid> = got.iter().map(|(i, _)| i.id).collect();
        let want_ids: Vec<Uuid> = want.iter().map(|(id, _)| *id).collect();
        assert_eq!(got_ids, want_ids);
        assert!(got.len() > 100);
        assert_eq!(g.nearby(49.28, -123.12, 500.0, 7).len(), 7);
    }

    #[test]
    fn moves_and_removals_are_reflected() {
        let mut g = Model::default();
        g.upsert(item(1, 10.0, 10.0), true);
        assert_eq!(g.nearby(10.0, 10.0, 100.0, 10).len(), 1);
        g.upsert(item(1, 20.0, 20.0), true);
        assert!(g.nearby(10.0, 10.0, 100.0, 10).is_empty());
        assert_eq!(g.nearby(20.0, 20.0, 100.0, 10).len(), 1);
        g.upsert(item(1, 20.0, 20.0), false);
        assert!(g.nearby(20.0, 20.0, 100.0, 10).is_empty());
        assert_eq!(g.tree.size(), 0);
        assert_eq!(g.len(), 0);
    }

    #[test]
    fn bulk_load_equals_inserting_one_by_one() {
        let pts: Vec<Item> = (0..500u32)
            .map(|i| {
                item(
                    u128::from(i),
                    40.0 + f64::from(i % 23) * 0.001,
                    -74.0 + f64::from(i / 23) * 0.001,
                )
            })
            .collect();
        let bulk = Model::bulk(pts.clone(), Vec::new());
        let mut one = Model::default();
        for p in pts {
            one.upsert(p, true);
        }
        let ids = |m: &Model| -> Vec<Uuid> {
            m.nearby(40.01, -73.99, 800.0, 50)
                .iter()
                .map(|(i, _)| i.id)
                .collect()
        };
        assert_eq!(ids(&bulk), ids(&one));
        assert_eq!(ids(&bulk).len(), 50);
    }

    #[test]
    fn works_across_the_antimeridian() {
        let mut g = Model::default();
        g.upsert(item(1, 0.0, 179.9995), true);
        g.upsert(item(2, 0.0, -179.9995), true);
        let got = g.nearby(0.0, 180.0, 200.0, 10);
        assert_eq!(got.len(), 2);
    }
}
