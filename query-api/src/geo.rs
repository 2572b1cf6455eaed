//! The in-memory geo read model behind `GET /api/artworks/nearby`: approved artworks in an R-tree
//! over points on the unit sphere, loaded from `rm.artworks` at start and kept current from the
//! artworks projector's commits (rows whose last event is past the model's position). Its
//! position is the artworks checkpoint it last synced to, so read-your-writes waits on it like on
//! any projector.
//!
//! Straight-line (chord) distance between unit vectors grows with great-circle distance, so the
//! tree's nearest-neighbour walk visits artworks in true distance order: a query stops after
//! `limit` hits, whatever the density, with no special case at the poles or the antimeridian.

use platform::position::EventPosition;
use sqlx::PgPool;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use tokio::sync::watch;
use uuid::Uuid;

use domain::geo::{haversine_m, EARTH_RADIUS_M};
use domain::ArtworkType;
use rstar::primitives::GeomWithData;
use rstar::RTree;

const PROJECTOR: &str = "artworks";

#[derive(Debug, Clone)]
pub struct Item {
    pub id: Uuid,
    pub lat: f64,
    pub lon: f64,
    pub title: Box<str>,
    pub artwork_type: ArtworkType,
    /// The position of the artwork's last event as the model has it.
    pub last_pos: i64,
}

/// A tree entry: the point and the slot of its item.
type Entry = GeomWithData<[f64; 3], u32>;

fn unit(lat: f64, lon: f64) -> [f64; 3] {
    let (p, l) = (lat.to_radians(), lon.to_radians());
    [p.cos() * l.cos(), p.cos() * l.sin(), p.sin()]
}

#[derive(Default)]
struct Model {
    tree: RTree<Entry>,
    items: Vec<Option<Item>>,
    slot_of: HashMap<Uuid, u32>,
    free: Vec<u32>,
}

impl Model {
    /// Builds the tree in one pass (much faster than inserting one by one).
    fn bulk(items: Vec<Item>) -> Self {
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
        m
    }

    fn len(&self) -> usize {
        self.slot_of.len()
    }

    /// About how much memory the model holds: its items and their titles, the tree's entries
    /// (with a third more for the tree's nodes) and the id map.
    fn approx_bytes(&self) -> usize {
        let titles: usize = self.items.iter().flatten().map(|it| it.title.len()).sum();
        let items = self.items.capacity() * std::mem::size_of::<Option<Item>>() + titles;
        let tree = self.tree.size() * std::mem::size_of::<Entry>() * 4 / 3;
        let ids = self.slot_of.capacity() * (std::mem::size_of::<(Uuid, u32)>() + 1);
        items + tree + ids + self.free.capacity() * std::mem::size_of::<u32>()
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
    fn upsert(&mut self, item: Item, approved: bool) {
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

    /// Approved artworks within `radius_m` (great-circle), nearest first, ties by id.
    fn nearby(&self, lat: f64, lon: f64, radius_m: f64, limit: usize) -> Vec<(&Item, f64)> {
        // Squared chord of the radius, with a hair of slack: the exact test is the haversine.
        let chord = 2.0 * (radius_m / (2.0 * EARTH_RADIUS_M)).sin();
        let max_d2 = chord * chord * (1.0 + 1e-9) + 1e-18;
        let mut hits: Vec<(&Item, f64)> = Vec::new();
        let mut last_d2 = 0.0;
        for (entry, d2) in self
            .tree
            .nearest_neighbor_iter_with_distance_2(unit(lat, lon))
        {
            if d2 > max_d2 {
                break;
            }
            // Past `limit`, go on only through (near-)ties, so the id order can decide them.
            if hits.len() >= limit && d2 > last_d2 * (1.0 + 1e-9) + 1e-18 {
                break;
            }
            last_d2 = d2;
            if let Some(Some(it)) = self.items.get(entry.data as usize) {
                let d = haversine_m(lat, lon, it.lat, it.lon);
                if d <= radius_m {
                    hits.push((it, d));
                }
            }
        }
        hits.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.id.cmp(&b.0.id)));
        hits.truncate(limit);
        hits
    }
}

/// The circle of `radius_m` around a point, with its bounding boxes, as PostgreSQL's nearby
/// queries take it.
pub fn circle(lat: f64, lon: f64, radius_m: f64) -> projectors::artworks::read::Circle {
    let boxes = bounding_boxes(lat, lon, radius_m);
    projectors::artworks::read::Circle {
        lat,
        lon,
        radius_m,
        earth_radius_m: domain::geo::EARTH_RADIUS_M,
        boxes: [boxes[0], boxes.get(1).copied().unwrap_or(boxes[0])],
    }
}

/// The latitude/longitude box that contains every point within `radius_m` of the centre, as one
/// or two boxes (two when it crosses the antimeridian). Spherical, so exact up to rounding.
pub fn bounding_boxes(lat: f64, lon: f64, radius_m: f64) -> Vec<(f64, f64, f64, f64)> {
    let ang = radius_m / EARTH_RADIUS_M; // angular radius in radians
    let margin = 1e-9;
    let dlat = ang.to_degrees() + margin;
    let (min_lat, max_lat) = ((lat - dlat).max(-90.0), (lat + dlat).min(90.0));
    let s = ang.sin() / lat.to_radians().cos();
    // The circle contains a pole, or reaches it: every longitude is in range.
    if min_lat <= -90.0 || max_lat >= 90.0 || !s.is_finite() || s >= 1.0 {
        return vec![(min_lat, -180.0, max_lat, 180.0)];
    }
    let dlon = s.asin().to_degrees() + margin;
    let (w, e) = (lon - dlon, lon + dlon);
    if w < -180.0 {
        vec![
            (min_lat, w + 360.0, max_lat, 180.0),
            (min_lat, -180.0, max_lat, e),
        ]
    } else if e > 180.0 {
        vec![
            (min_lat, w, max_lat, 180.0),
            (min_lat, -180.0, max_lat, e - 360.0),
        ]
    } else {
        vec![(min_lat, w, max_lat, e)]
    }
}

pub struct GeoIndex {
    model: RwLock<Model>,
    ready: AtomicBool,
    position: watch::Sender<EventPosition>,
}

impl GeoIndex {
    /// Starts syncing in the background; until the first load succeeds, `is_ready` is false
    /// and callers use SQL.
    pub fn start(pool: PgPool) -> Arc<Self> {
        let (tx, _) = watch::channel(EventPosition::ZERO);
        let index = Arc::new(Self {
            model: RwLock::new(Model::default()),
            ready: AtomicBool::new(false),
            position: tx,
        });
        let me = index.clone();
        tokio::spawn(async move { me.follow(pool).await });
        index
    }

    /// A model that never loads: nearby is then always answered by PostgreSQL.
    pub fn inactive() -> Arc<Self> {
        let (tx, _) = watch::channel(EventPosition::ZERO);
        Arc::new(Self {
            model: RwLock::new(Model::default()),
            ready: AtomicBool::new(false),
            position: tx,
        })
    }

    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    pub fn position(&self) -> EventPosition {
        *self.position.borrow()
    }

    pub fn len(&self) -> usize {
        self.model.read().map(|m| m.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// About how much memory the model holds, in bytes.
    pub fn approx_bytes(&self) -> usize {
        self.model.read().map(|m| m.approx_bytes()).unwrap_or(0)
    }

    /// Waits (at most 2 s) until the model has applied `min`.
    pub async fn wait_for(&self, min: EventPosition) -> bool {
        let mut rx = self.position.subscribe();
        tokio::time::timeout(crate::positions::MAX_WAIT, rx.wait_for(|p| *p >= min))
            .await
            .is_ok_and(|r| r.is_ok())
    }

    /// Approved artworks within `radius_m`, nearest first, with their distances, handed to `f`
    /// as the model holds them (nothing copied), under the model's read lock.
    pub fn nearby_with<R>(
        &self,
        lat: f64,
        lon: f64,
        radius_m: f64,
        limit: usize,
        f: impl FnOnce(&[(&Item, f64)]) -> R,
    ) -> R {
        match self.model.read() {
            Ok(m) => f(&m.nearby(lat, lon, radius_m, limit)),
            Err(_) => f(&[]),
        }
    }

    async fn follow(self: Arc<Self>, pool: PgPool) {
        crate::follow::follow(&pool, "geo index", || self.sync(&pool), |_| {}).await;
    }

    /// Applies every row changed after the model's position, as of one consistent snapshot
    /// that also gives the checkpoint those rows reflect.
    async fn sync(&self, pool: &PgPool) -> anyhow::Result<()> {
        let from = self.position();
        let Some((mut tx, to)) = projectors::checkpoints::snapshot(pool, PROJECTOR).await? else {
            return Ok(());
        };
        if to <= from && self.is_ready() {
            return Ok(());
        }
        let rows = projectors::artworks::read::changed_after(&mut tx, from).await?;
        tx.commit().await?;
        let mut items = Vec::with_capacity(rows.len());
        for r in rows {
            items.push((
                Item {
                    artwork_type: platform::db::enum_value(
                        "artwork_type",
                        &r.artwork_type,
                        ArtworkType::parse,
                    )?,
                    id: r.id,
                    lat: r.lat,
                    lon: r.lon,
                    title: r.title.into(),
                    last_pos: r.last_pos,
                },
                r.approved,
            ));
        }
        if self.is_ready() {
            let mut m = self
                .model
                .write()
                .map_err(|_| anyhow::anyhow!("geo index lock poisoned"))?;
            for (item, approved) in items {
                m.upsert(item, approved);
            }
        } else {
            // First load: build the whole tree at once, then swap it in.
            let model = Model::bulk(
                items
                    .into_iter()
                    .filter_map(|(item, approved)| approved.then_some(item))
                    .collect(),
            );
            *self
                .model
                .write()
                .map_err(|_| anyhow::anyhow!("geo index lock poisoned"))? = model;
        }
        self.position.send_replace(to);
        if !self.ready.swap(true, Ordering::AcqRel) {
            tracing::info!(artworks = self.len(), position = %to, "geo index loaded");
        }
        Ok(())
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
        let bulk = Model::bulk(pts.clone());
        let mut one = Model::default();
        for p in pts {
            one.upsert(p, true);
        }
        let a: Vec<Uuid> = bulk
            .nearby(40.01, -73.99, 800.0, 50)
            .iter()
            .map(|(i, _)| i.id)
            .collect();
        let b: Vec<Uuid> = one
            .nearby(40.01, -73.99, 800.0, 50)
            .iter()
            .map(|(i, _)| i.id)
            .collect();
        assert_eq!(a, b);
        assert_eq!(a.len(), 50);
    }

    #[test]
    fn works_across_the_antimeridian() {
        let mut g = Model::default();
        g.upsert(item(1, 0.0, 179.9995), true);
        g.upsert(item(2, 0.0, -179.9995), true);
        let got = g.nearby(0.0, 180.0, 200.0, 10);
        assert_eq!(got.len(), 2);
    }

    #[test]
    fn boxes_contain_the_circle() {
        for (lat, lon, r) in [
            (49.28, -123.12, 500.0),
            (0.0, 0.0, 50_000.0),
            (-33.9, 151.2, 10.0),
        ] {
            let boxes = bounding_boxes(lat, lon, r);
            assert_eq!(boxes.len(), 1);
            let (s, w, n, e) = boxes[0];
            // The box's edge midpoints lie on or outside the circle.
            assert!(haversine_m(lat, lon, n, lon) >= r - 1e-6);
            assert!(haversine_m(lat, lon, s, lon) >= r - 1e-6);
            assert!(w < lon && e > lon);
            // The farthest-east point of the circle is inside the box.
            let dlon = ((r / EARTH_RADIUS_M).sin() / lat.to_radians().cos())
                .asin()
                .to_degrees();
            assert!(lon + dlon <= e && lon - dlon >= w);
        }
    }

    #[test]
    fn boxes_split_at_the_antimeridian_and_cover_poles() {
        let b = bounding_boxes(10.0, 179.999, 1_000.0);
        assert_eq!(b.len(), 2);
        assert!(b.iter().any(|x| x.3 == 180.0) && b.iter().any(|x| x.1 == -180.0));
        let p = bounding_boxes(89.999, 0.0, 5_000.0);
        assert_eq!(p, vec![(p[0].0, -180.0, 90.0, 180.0)]);
    }
}
