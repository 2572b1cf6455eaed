//! The in-memory geo read model behind `GET /api/artworks/nearby`: approved artworks (and the
//! stretches of the map as it was that have ended) in R-trees over points on the unit sphere
//! (see [`model`]), loaded from `rm.artworks` and `rm.artwork_spans` at start and kept current
//! from the artworks projector's commits (rows whose last event is past the model's position,
//! stretches that ended after it). Its position is the artworks checkpoint it last synced to,
//! so read-your-writes waits on it like on any projector.

mod model;
mod past;

use platform::position::EventPosition;
use sqlx::PgPool;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use tokio::sync::watch;

use domain::geo::EARTH_RADIUS_M;
use domain::ArtworkType;
pub use model::Item;
use model::Model;
pub use past::{Moment, PastHit, PastQuery, Stretch};

const PROJECTOR: &str = "artworks";

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

    /// The answer to `q` (the map as it stood then, what has left it since or what was added
    /// since), nearest first, handed to `f` under the model's read lock.
    pub fn past_with<R>(&self, q: &PastQuery, f: impl FnOnce(&[PastHit]) -> R) -> R {
        match self.model.read() {
            Ok(m) => f(&m.past(q)),
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
        let ended = projectors::artworks::read::ended_after(&mut tx, from).await?;
        tx.commit().await?;
        let kind = |raw: &str| platform::db::enum_value("artwork_type", raw, ArtworkType::parse);
        let mut items = Vec::with_capacity(rows.len());
        for r in rows {
            let since = match (r.since_at, r.since_tx, r.since_pos) {
                (Some(at), Some(tx), Some(pos)) => Moment::new(at, tx, pos),
                _ => Moment::NEVER,
            };
            let item = Item {
                artwork_type: kind(&r.artwork_type)?,
                id: r.id,
                lat: r.lat,
                lon: r.lon,
                title: r.title.into(),
                last_pos: r.last_pos,
                since,
            };
            items.push((item, r.approved));
        }
        let mut stretches = Vec::with_capacity(ended.len());
        for r in ended {
            stretches.push(Stretch {
                artwork_type: kind(&r.artwork_type)?,
                id: r.artwork_id,
                lat: r.lat,
                lon: r.lon,
                title: r.title.into(),
                since: Moment::new(r.since_at, r.since_tx, r.since_pos),
                until: Moment::new(r.until_at, r.until_tx, r.until_pos),
            });
        }
        if self.is_ready() {
            let mut m = self
                .model
                .write()
                .map_err(|_| anyhow::anyhow!("geo index lock poisoned"))?;
            for (item, approved) in items {
                m.upsert(item, approved);
            }
            for s in stretches {
                m.close(s);
            }
        } else {
            // First load: build the whole tree at once, then swap it in.
            let model = Model::bulk(
                items
                    .into_iter()
                    .filter_map(|(item, approved)| approved.then_some(item))
                    .collect(),
                stretches,
            );
            *self
                .model
                .write()
                .map_err(|_| anyhow::anyhow!("geo index lock poisoned"))? = model;
        }
        // Ready before the position moves: whoever sees the position sees the model ready.
        let first = !self.ready.swap(true, Ordering::AcqRel);
        self.position.send_replace(to);
        if first {
            tracing::info!(artworks = self.len(), position = %to, "geo index loaded");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::geo::haversine_m;

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
