//! The map as it was, in memory: an artwork's present stretch is its item on today's map (the
//! stretch began at `Item::since` and matches the item, or it would have been closed), so only
//! the stretches that have ended are held beside it, in a tree of their own. A moment's map is
//! today's items that were there by then and the ended stretches that cover it, in one
//! nearest-first answer; what has changed since is read off today's item.

use domain::ArtworkType;
use platform::position::EventPosition;
use projectors::artworks::history::AsOf;
use projectors::artworks::read::{PastLayer, SinceChange};
use serde::ser::{SerializeSeq, SerializeStruct};
use serde::Serialize;
use uuid::Uuid;

use super::model::{walk, Item, Model, Placed};

/// When something happened, as the map as it was compares it: the event's time (microseconds,
/// PostgreSQL's precision) and its place in the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moment {
    at: i64,
    pos: EventPosition,
}

impl Moment {
    /// Never: for an artwork with no stretch on the map.
    pub const NEVER: Moment = Moment {
        at: i64::MAX,
        pos: EventPosition {
            tx: i64::MAX,
            pos: i64::MAX,
        },
    };

    pub fn new(at: chrono::DateTime<chrono::Utc>, tx: i64, pos: i64) -> Self {
        Moment {
            at: at.timestamp_micros(),
            pos: EventPosition { tx, pos },
        }
    }

    /// Whether this happened at or before `then`.
    fn by(&self, then: AsOf) -> bool {
        match then {
            AsOf::Time(t) => self.at <= t.timestamp_micros(),
            AsOf::Position(p) => self.pos <= p,
        }
    }
}

/// A stretch of an artwork's time on the map that has ended: where it stood and what it was
/// called from `since` until `until`.
#[derive(Debug, Clone)]
pub struct Stretch {
    pub id: Uuid,
    pub lat: f64,
    pub lon: f64,
    pub title: Box<str>,
    pub artwork_type: ArtworkType,
    pub since: Moment,
    pub until: Moment,
}

impl Stretch {
    fn covers(&self, then: AsOf) -> bool {
        self.since.by(then) && !self.until.by(then)
    }
}

impl Placed for Stretch {
    fn id(&self) -> Uuid {
        self.id
    }
    fn place(&self) -> (f64, f64) {
        (self.lat, self.lon)
    }
}

/// A marker of the map as it was, written as a `PastMarker` (the same fields in the same
/// order) from the model as it stands.
#[derive(Debug, Clone, Copy)]
pub struct PastHit<'a> {
    id: Uuid,
    lat: f64,
    lon: f64,
    title: &'a str,
    artwork_type: ArtworkType,
    distance_m: f64,
    /// What differs on today's map, in `SinceChange`'s order.
    changed: [Option<SinceChange>; 3],
}

impl<'a> PastHit<'a> {
    fn of(it: &'a impl Marked, distance_m: f64, changed: [Option<SinceChange>; 3]) -> Self {
        let (lat, lon) = it.place();
        PastHit {
            id: it.id(),
            lat,
            lon,
            title: it.title(),
            artwork_type: it.artwork_type(),
            distance_m,
            changed,
        }
    }

    /// An ended stretch beside today's item of the same artwork (none: it has left the map).
    fn then(s: &'a Stretch, distance_m: f64, now: Option<&Item>) -> Self {
        let changed = match now {
            None => [Some(SinceChange::Removed), None, None],
            Some(now) => [
                (now.lat != s.lat || now.lon != s.lon).then_some(SinceChange::Moved),
                (*now.title != *s.title).then_some(SinceChange::Renamed),
                (now.artwork_type != s.artwork_type).then_some(SinceChange::Retyped),
            ],
        };
        PastHit::of(s, distance_m, changed)
    }
}

/// What a marker is drawn from: a place, a title and a type.
trait Marked: Placed {
    fn title(&self) -> &str;
    fn artwork_type(&self) -> ArtworkType;
}

impl Marked for Item {
    fn title(&self) -> &str {
        &self.title
    }
    fn artwork_type(&self) -> ArtworkType {
        self.artwork_type
    }
}

impl Marked for Stretch {
    fn title(&self) -> &str {
        &self.title
    }
    fn artwork_type(&self) -> ArtworkType {
        self.artwork_type
    }
}

struct Changes<'a>(&'a [Option<SinceChange>; 3]);

impl Serialize for Changes<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for c in self.0.iter().flatten() {
            seq.serialize_element(c)?;
        }
        seq.end()
    }
}

impl Serialize for PastHit<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("PastMarker", 7)?;
        m.serialize_field("id", &self.id)?;
        m.serialize_field("title", self.title)?;
        m.serialize_field("artwork_type", &self.artwork_type)?;
        m.serialize_field("lat", &self.lat)?;
        m.serialize_field("lon", &self.lon)?;
        m.serialize_field("distance_m", &self.distance_m)?;
        m.serialize_field("changed_since", &Changes(&self.changed))?;
        m.end()
    }
}

/// A question to the map as it was: the markers of `layer` within `radius_m` of `here` as the
/// map stood at `then`, at most `limit`.
#[derive(Debug, Clone, Copy)]
pub struct PastQuery {
    pub here: (f64, f64),
    pub radius_m: f64,
    pub then: AsOf,
    pub layer: PastLayer,
    pub limit: usize,
}

impl Model {
    /// The answer to `q`, nearest first (ties by id).
    pub(super) fn past(&self, q: &PastQuery) -> Vec<PastHit<'_>> {
        let PastQuery {
            here,
            radius_m,
            then,
            layer,
            limit,
        } = *q;
        let mut hits = Vec::new();
        if layer != PastLayer::AddedSince {
            // The stretches that have ended since (all of them, or those of artworks gone).
            let ended = walk(&self.closed_tree, here, radius_m, limit, |slot| {
                let s = self.closed.get(slot as usize)?;
                let keep =
                    s.covers(then) && (layer == PastLayer::AsOf || self.current(&s.id).is_none());
                keep.then_some(s)
            });
            hits.extend(
                ended
                    .into_iter()
                    .map(|(s, d)| PastHit::then(s, d, self.current(&s.id))),
            );
        }
        if layer != PastLayer::RemovedSince {
            // Today's items: as they are, if there by then; or, for the added layer, those
            // that were not on the map at all then.
            let today = walk(&self.tree, here, radius_m, limit, |slot| {
                let it = self.items.get(slot as usize)?.as_ref()?;
                let keep = match layer {
                    PastLayer::AsOf => it.since.by(then),
                    _ => !it.since.by(then) && !self.was_there(&it.id, then),
                };
                keep.then_some(it)
            });
            let changed = match layer {
                PastLayer::AsOf => [None, None, None],
                _ => [Some(SinceChange::Added), None, None],
            };
            hits.extend(today.into_iter().map(|(it, d)| PastHit::of(it, d, changed)));
        }
        hits.sort_by(|a, b| a.distance_m.total_cmp(&b.distance_m).then(a.id.cmp(&b.id)));
        hits.truncate(limit);
        hits
    }

    /// Whether one of artwork `id`'s ended stretches covers `then`.
    fn was_there(&self, id: &Uuid, then: AsOf) -> bool {
        self.closed_of
            .get(id)
            .is_some_and(|slots| slots.iter().any(|&k| self.closed[k as usize].covers(then)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};

    fn day(d: u32) -> Moment {
        let at = Utc.with_ymd_and_hms(2020, 1, d, 12, 0, 0).unwrap();
        Moment::new(at, i64::from(d), i64::from(d))
    }

    fn at_day(d: u32) -> AsOf {
        AsOf::Time(Utc.with_ymd_and_hms(2020, 1, d, 13, 0, 0).unwrap())
    }

    fn item(n: u128, lat: f64, title: &str, since: Moment) -> Item {
        Item {
            id: Uuid::from_u128(n),
            lat,
            lon: 0.0,
            title: title.into(),
            artwork_type: ArtworkType::Mural,
            last_pos: 0,
            since,
        }
    }

    fn ended(n: u128, lat: f64, title: &str, since: Moment, until: Moment) -> Stretch {
        Stretch {
            id: Uuid::from_u128(n),
            lat,
            lon: 0.0,
            title: title.into(),
            artwork_type: ArtworkType::Mural,
            since,
            until,
        }
    }

    /// Given artwork 1 there since day 1 and renamed on day 5, artwork 2 there from day 2 to
    /// its removal on day 4, artwork 3 added on day 6, and artwork 4 there since day 1.
    fn city() -> Model {
        Model::bulk(
            vec![
                item(1, 0.0001, "Renamed", day(5)),
                item(3, 0.0003, "New", day(6)),
                item(4, 0.0004, "Steady", day(1)),
            ],
            vec![
                ended(1, 0.0001, "Old name", day(1), day(5)),
                ended(2, 0.0002, "Gone", day(2), day(4)),
            ],
        )
    }

    /// The question for the markers of `layer` within a kilometre of (0, 0) at `then`.
    fn around(then: AsOf, layer: PastLayer, limit: usize) -> PastQuery {
        PastQuery {
            here: (0.0, 0.0),
            radius_m: 1_000.0,
            then,
            layer,
            limit,
        }
    }

    /// (id, title, changes) of the layer's markers.
    fn layer(m: &Model, d: u32, layer: PastLayer) -> Vec<(u128, String, Vec<SinceChange>)> {
        m.past(&around(at_day(d), layer, 100))
            .iter()
            .map(|h| {
                let changes = h.changed.iter().flatten().copied().collect();
                (h.id.as_u128(), h.title.to_owned(), changes)
            })
            .collect()
    }

    #[test]
    fn a_moment_shows_what_stood_then_with_what_changed_since() {
        let m = city();
        use SinceChange::*;
        let s = |x: &str| x.to_owned();
        assert_eq!(
            layer(&m, 3, PastLayer::AsOf),
            [
                (1, s("Old name"), vec![Renamed]),
                (2, s("Gone"), vec![Removed]),
                (4, s("Steady"), vec![])
            ]
        );
        assert_eq!(
            layer(&m, 5, PastLayer::AsOf),
            [(1, s("Renamed"), vec![]), (4, s("Steady"), vec![])]
        );
        assert_eq!(
            layer(&m, 3, PastLayer::RemovedSince),
            [(2, s("Gone"), vec![Removed])]
        );
        assert_eq!(
            layer(&m, 3, PastLayer::AddedSince),
            [(3, s("New"), vec![Added])]
        );
        // Before anything, only additions; by today, nothing added or removed since.
        assert_eq!(layer(&m, 1, PastLayer::AsOf).len(), 2);
        assert!(layer(&m, 7, PastLayer::AddedSince).is_empty());
        assert!(layer(&m, 7, PastLayer::RemovedSince).is_empty());
    }

    #[test]
    fn positions_compare_like_times() {
        let m = city();
        let third = AsOf::Position(EventPosition { tx: 3, pos: 3 });
        let by_pos = m.past(&around(third, PastLayer::AsOf, 100));
        let by_time = m.past(&around(at_day(3), PastLayer::AsOf, 100));
        let ids = |h: &[PastHit]| h.iter().map(|h| h.id).collect::<Vec<_>>();
        assert_eq!(ids(&by_pos), ids(&by_time));
        // An artwork with no stretch is on no past map.
        let mut lone = Model::default();
        lone.upsert(item(9, 0.0, "Lone", Moment::NEVER), true);
        assert!(lone
            .past(&around(at_day(9), PastLayer::AsOf, 10))
            .is_empty());
    }

    #[test]
    fn a_hit_is_written_as_a_past_marker() {
        let m = city();
        let hits = m.past(&around(at_day(3), PastLayer::AsOf, 1));
        let want = projectors::artworks::read::PastMarker {
            marker: projectors::artworks::read::ArtworkMinimalDto {
                id: Uuid::from_u128(1),
                title: "Old name".into(),
                artwork_type: ArtworkType::Mural,
                lat: 0.0001,
                lon: 0.0,
                distance_m: hits[0].distance_m,
            },
            changed_since: vec![SinceChange::Renamed],
        };
        assert_eq!(
            serde_json::to_string(&hits[0]).unwrap(),
            serde_json::to_string(&want).unwrap()
        );
    }
}
