//! Walking tours computed off the async runtime (issue 27): a tour of a full list is CPU work
//! (bounded by `domain::tour`'s evaluation budget), so it runs on the blocking pool behind a
//! small per-process gate — [`PERMITS`] at once; a request that cannot get in within
//! [`GATE_WAIT`] is told to come back ([`Busy`], answered 503 + `Retry-After`) — and its answer
//! is kept in a small cache keyed by the list, the stops' positions in the list's order (so any
//! change to the list or to an artwork's location is a new key) and the start rounded to
//! [`START_DECIMALS`] decimals (about 10 m).

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use domain::tour::{Point, Walk};
use tokio::sync::Semaphore;
use uuid::Uuid;

/// Tours computed at once by one process (the others keep the runtime's workers for requests).
pub const PERMITS: usize = 2;
/// How long a tour waits for a permit before it is answered 503.
pub const GATE_WAIT: Duration = Duration::from_secs(2);
/// Seconds a client told 503 is asked to wait.
pub const BUSY_RETRY_AFTER_SECS: u64 = 5;
/// Tours kept (the least recently used is dropped first).
pub const CACHE_ENTRIES: usize = 256;
/// Decimals the start is rounded to: 4 is about 11 m of latitude.
pub const START_DECIMALS: i32 = 4;

/// No permit came free within the wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    list: Uuid,
    /// A keyed hash of the stops' coordinates, in order.
    stops: u64,
    start: Option<(i64, i64)>,
}

struct Cache {
    entries: HashMap<Key, (Arc<Walk>, u64)>,
    tick: u64,
}

/// The gate and the cache; one per process ([`Tours::shared`]).
pub struct Tours {
    permits: Arc<Semaphore>,
    wait: Duration,
    capacity: usize,
    hasher: RandomState,
    cache: Mutex<Cache>,
}

static SHARED: LazyLock<Tours> = LazyLock::new(|| Tours::new(PERMITS, GATE_WAIT, CACHE_ENTRIES));

/// `start` rounded to [`START_DECIMALS`] decimals: the start a tour is computed from.
pub fn rounded(start: Point) -> Point {
    let scale = 10f64.powi(START_DECIMALS);
    Point {
        lat: (start.lat * scale).round() / scale,
        lon: (start.lon * scale).round() / scale,
    }
}

impl Tours {
    pub fn new(permits: usize, wait: Duration, capacity: usize) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(permits)),
            wait,
            capacity,
            // Random keys: nobody can make two lists' stops collide on purpose.
            hasher: RandomState::new(),
            cache: Mutex::new(Cache {
                entries: HashMap::new(),
                tick: 0,
            }),
        }
    }

    /// This process's gate and cache.
    pub fn shared() -> &'static Tours {
        &SHARED
    }

    fn key(&self, list: Uuid, start: Option<Point>, stops: &[Point]) -> Key {
        let bits: Vec<(u64, u64)> = stops
            .iter()
            .map(|p| (p.lat.to_bits(), p.lon.to_bits()))
            .collect();
        let scale = 10f64.powi(START_DECIMALS);
        Key {
            list,
            stops: self.hasher.hash_one(&bits),
            start: start.map(|p| {
                (
                    (p.lat * scale).round() as i64,
                    (p.lon * scale).round() as i64,
                )
            }),
        }
    }

    fn cached(&self, key: &Key) -> Option<Arc<Walk>> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.tick += 1;
        let tick = cache.tick;
        cache.entries.get_mut(key).map(|(walk, used)| {
            *used = tick;
            walk.clone()
        })
    }

    fn keep(&self, key: Key, walk: Arc<Walk>) {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.tick += 1;
        let tick = cache.tick;
        if cache.entries.len() >= self.capacity && !cache.entries.contains_key(&key) {
            let oldest = cache
                .entries
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| *k);
            if let Some(k) = oldest {
                cache.entries.remove(&k);
            }
        }
        cache.entries.insert(key, (walk, tick));
    }

    /// Tours kept now.
    pub fn cached_len(&self) -> usize {
        self.cache
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entries
            .len()
    }

    /// The walking order of list `list`'s `stops` from `start` (rounded, see [`rounded`]): from
    /// the cache, or computed on the blocking pool once a permit is free.
    pub async fn walk(
        &self,
        list: Uuid,
        start: Option<Point>,
        stops: Vec<Point>,
    ) -> Result<Arc<Walk>, Busy> {
        let key = self.key(list, start, &stops);
        if let Some(walk) = self.cached(&key) {
            return Ok(walk);
        }
        let permit = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| Busy)?
            .map_err(|_| Busy)?;
        let started = std::time::Instant::now();
        let start = start.map(rounded);
        // The permit goes with the work: it is held until the computation ends, even when the
        // request that asked for it has gone away.
        let walk = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            domain::tour::walking_order(start, &stops)
        })
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "a walking tour's computation failed");
            Busy
        })?;
        tracing::debug!(
            list.id = %list,
            stops = walk.order.len(),
            evaluations = walk.evaluations,
            duration_ms = started.elapsed().as_millis() as u64,
            "walking tour computed"
        );
        let walk = Arc::new(walk);
        self.keep(key, walk.clone());
        Ok(walk)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stops(n: usize) -> Vec<Point> {
        (0..n)
            .map(|i| Point {
                lat: 49.28 + i as f64 * 1e-4,
                lon: -123.12,
            })
            .collect()
    }

    #[tokio::test]
    async fn a_tour_waits_at_most_the_gate_wait_for_a_permit_then_is_busy() {
        let tours = Tours::new(1, Duration::from_millis(50), 8);
        let held = tours.permits.clone().acquire_owned().await.unwrap();
        let busy = tours.walk(Uuid::new_v4(), None, stops(3)).await;
        assert_eq!(busy, Err(Busy));
        drop(held);
        assert!(tours.walk(Uuid::new_v4(), None, stops(3)).await.is_ok());
    }

    #[tokio::test]
    async fn a_cached_tour_is_answered_without_a_permit_and_starts_round_to_about_ten_metres() {
        let tours = Tours::new(1, Duration::from_millis(50), 8);
        let list = Uuid::new_v4();
        let start = Point {
            lat: 49.27801,
            lon: -123.12002,
        };
        let first = tours.walk(list, Some(start), stops(5)).await.unwrap();
        let _held = tours.permits.clone().acquire_owned().await.unwrap();
        let near = Point {
            lat: 49.27799,
            lon: -123.11998,
        };
        let again = tours.walk(list, Some(near), stops(5)).await.unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        // Another stop list is another tour (and there is no permit for it).
        assert_eq!(tours.walk(list, Some(near), stops(6)).await, Err(Busy));
    }

    #[tokio::test]
    async fn the_cache_keeps_at_most_its_capacity() {
        let tours = Tours::new(2, Duration::from_secs(1), 4);
        for _ in 0..10 {
            tours.walk(Uuid::new_v4(), None, stops(2)).await.unwrap();
        }
        assert_eq!(tours.cached_len(), 4);
    }
}
