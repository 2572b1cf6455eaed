//! A walking tour through a list's artworks: a short open path from where the walker stands (or
//! from the first stop) through every stop once. Nearest neighbour gives a first path; 2-opt then
//! reverses any segment whose reversal shortens it, until none does (or a bound on passes is
//! reached, so a large list answers in bounded time). Distances are great-circle metres.

use crate::geo::haversine_m;

/// Most 2-opt passes over the path (each is O(n²); lists hold at most 1,000 artworks).
const MAX_PASSES: usize = 50;

/// A point to walk to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub lat: f64,
    pub lon: f64,
}

fn dist(a: Point, b: Point) -> f64 {
    haversine_m(a.lat, a.lon, b.lat, b.lon)
}

/// The order to visit `stops` in (indexes into it) and the path's length in metres, from
/// `start` when given.
pub fn walking_order(start: Option<Point>, stops: &[Point]) -> (Vec<usize>, f64) {
    if stops.is_empty() {
        return (Vec::new(), 0.0);
    }
    // The path as points: the start (if any) is fixed at index 0 and never moved.
    let mut order: Vec<usize> = Vec::with_capacity(stops.len());
    let mut left: Vec<usize> = (0..stops.len()).collect();
    let mut here = match start {
        Some(p) => p,
        None => {
            let first = left.remove(0);
            order.push(first);
            stops[first]
        }
    };
    while !left.is_empty() {
        let (i, _) = left
            .iter()
            .enumerate()
            .map(|(i, s)| (i, dist(here, stops[*s])))
            .fold(
                (0, f64::INFINITY),
                |best, c| if c.1 < best.1 { c } else { best },
            );
        let next = left.remove(i);
        order.push(next);
        here = stops[next];
    }
    let point = |path: &[usize], i: usize| stops[path[i]];
    // 2-opt on an open path: reversing path[i..=j] replaces edges (i-1, i) and (j, j+1) with
    // (i-1, j) and (i, j+1). With a fixed start, i may be 0 (its "previous" is the start).
    let fixed_first = start.is_none();
    for _ in 0..MAX_PASSES {
        let mut improved = false;
        let from = usize::from(fixed_first);
        for i in from..order.len() {
            for j in i + 1..order.len() {
                let before = match (i, start) {
                    (0, Some(s)) => Some(s),
                    (0, None) => None,
                    _ => Some(point(&order, i - 1)),
                };
                let after = order.get(j + 1).map(|k| stops[*k]);
                let (a, b) = (point(&order, i), point(&order, j));
                let old = before.map_or(0.0, |p| dist(p, a)) + after.map_or(0.0, |n| dist(b, n));
                let new = before.map_or(0.0, |p| dist(p, b)) + after.map_or(0.0, |n| dist(a, n));
                if new + 1e-6 < old {
                    order[i..=j].reverse();
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
    let mut total = 0.0;
    let mut at = start.unwrap_or(stops[order[0]]);
    for &k in &order {
        total += dist(at, stops[k]);
        at = stops[k];
    }
    (order, total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(lat: f64, lon: f64) -> Point {
        Point { lat, lon }
    }

    #[test]
    fn no_stops_is_an_empty_tour() {
        assert_eq!(walking_order(Some(p(0.0, 0.0)), &[]), (vec![], 0.0));
    }

    #[test]
    fn stops_on_a_street_are_walked_in_order_from_the_nearest_end() {
        // Four stops along a meridian, given shuffled; the walker stands south of them all.
        let stops = [
            p(49.003, -123.0),
            p(49.001, -123.0),
            p(49.004, -123.0),
            p(49.002, -123.0),
        ];
        let (order, total) = walking_order(Some(p(49.0, -123.0)), &stops);
        assert_eq!(order, [1, 3, 0, 2]);
        let straight = haversine_m(49.0, -123.0, 49.004, -123.0);
        assert!((total - straight).abs() < 1.0, "{total} vs {straight}");
    }

    #[test]
    fn two_opt_undoes_a_crossing_nearest_neighbour_leaves() {
        // Nearest neighbour from the first stop walks 0 → 1 → 2 → 3 with a crossing; 2-opt finds
        // a path at most as long, and every stop is visited once.
        let stops = [
            p(0.0, 0.0),
            p(0.0, 0.001),
            p(0.0011, 0.0),
            p(0.0012, 0.0011),
            p(0.0, 0.0022),
        ];
        let (order, total) = walking_order(None, &stops);
        let mut seen = order.clone();
        seen.sort_unstable();
        assert_eq!(seen, [0, 1, 2, 3, 4]);
        assert_eq!(order[0], 0, "without a start, the first stop stays first");
        let naive: f64 = (0..stops.len() - 1)
            .map(|i| dist(stops[i], stops[i + 1]))
            .sum();
        assert!(total <= naive + 1e-6, "{total} > {naive}");
    }
}
