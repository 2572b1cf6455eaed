//! A walking tour through a list's artworks: a short open path from where the walker stands (or
//! from the first stop) through every stop once. Nearest neighbour gives a first path; 2-opt then
//! reverses any segment whose reversal shortens it, until none does. The work is bounded, so any
//! list answers in bounded time: every distance computed counts against an evaluation budget,
//! and 2-opt runs only up to [`TWO_OPT_MAX_STOPS`] stops (over a table of distances computed
//! once), where its passes are cheap. Distances are great-circle metres (nearest
//! neighbour compares squared chords on the unit sphere, which order points the same way).

use crate::geo::haversine_m;

/// Stops up to which 2-opt improves the nearest-neighbour path; above, nearest neighbour alone
/// (one 2-opt pass is n²/2 evaluations: 45,000 at this size, 500,000 at a full list).
pub const TWO_OPT_MAX_STOPS: usize = 300;
/// Most evaluations (a distance computed, or a 2-opt reversal weighed) one tour may make:
/// nearest neighbour over a full list (1,000 stops) takes about half of it.
pub const MAX_EVALUATIONS: u64 = 1_000_000;

/// A point to walk to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub lat: f64,
    pub lon: f64,
}

/// A walking order and what it cost to find.
#[derive(Debug, Clone, PartialEq)]
pub struct Walk {
    /// Indexes into the stops, in walking order; each stop once.
    pub order: Vec<usize>,
    /// The path's length in metres, from the start when one was given.
    pub length_m: f64,
    /// Evaluations made (at most the budget).
    pub evaluations: u64,
}

fn dist(a: Point, b: Point) -> f64 {
    haversine_m(a.lat, a.lon, b.lat, b.lon)
}

/// `p` on the unit sphere: the squared chord between two such points orders pairs as their
/// great-circle distance does, for a few multiplications instead of a haversine.
fn unit(p: Point) -> [f64; 3] {
    let (lat, lon) = (p.lat.to_radians(), p.lon.to_radians());
    [lat.cos() * lon.cos(), lat.cos() * lon.sin(), lat.sin()]
}

fn chord2(a: [f64; 3], b: [f64; 3]) -> f64 {
    let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
}

/// The order to visit `stops` in, from `start` when given, within [`MAX_EVALUATIONS`].
pub fn walking_order(start: Option<Point>, stops: &[Point]) -> Walk {
    walking_order_within(start, stops, MAX_EVALUATIONS)
}

/// [`walking_order`] within `budget` evaluations. Every stop is visited once whatever the budget:
/// once it is spent, nearest neighbour takes the stops left in the order given, and 2-opt stops.
pub fn walking_order_within(start: Option<Point>, stops: &[Point], budget: u64) -> Walk {
    if stops.is_empty() {
        return Walk {
            order: Vec::new(),
            length_m: 0.0,
            evaluations: 0,
        };
    }
    let mut spent: u64 = 0;
    // Nearest neighbour. Without a start, the first stop is where the walk begins.
    let units: Vec<[f64; 3]> = stops.iter().copied().map(unit).collect();
    let mut order: Vec<usize> = Vec::with_capacity(stops.len());
    let mut left: Vec<usize> = (0..stops.len()).collect();
    let mut here = match start {
        Some(p) => unit(p),
        None => {
            let first = left.remove(0);
            order.push(first);
            units[first]
        }
    };
    while !left.is_empty() {
        let scan = left.len() as u64;
        if spent + scan > budget {
            // Out of budget: the rest in the order given.
            order.append(&mut left);
            break;
        }
        spent += scan;
        let (i, _) = left
            .iter()
            .enumerate()
            .map(|(i, s)| (i, chord2(here, units[*s])))
            .fold(
                (0, f64::INFINITY),
                |best, c| if c.1 < best.1 { c } else { best },
            );
        let next = left.remove(i);
        order.push(next);
        here = units[next];
    }
    if stops.len() <= TWO_OPT_MAX_STOPS {
        order = two_opt(start, stops, order, budget, &mut spent);
    }
    let mut length_m = 0.0;
    let mut at = start.unwrap_or(stops[order[0]]);
    for &k in &order {
        length_m += dist(at, stops[k]);
        at = stops[k];
    }
    Walk {
        order,
        length_m,
        evaluations: spent,
    }
}

/// 2-opt on an open path whose first point stays first (the start, or the first stop):
/// reversing `path[i..=j]` replaces edges (i-1, i) and (j, j+1) with (i-1, j) and (i, j+1).
/// Answers `order` unchanged when the table of distances alone would exceed the budget.
fn two_opt(
    start: Option<Point>,
    stops: &[Point],
    order: Vec<usize>,
    budget: u64,
    spent: &mut u64,
) -> Vec<usize> {
    // Nodes: the start (when given) then the stops in `order`; the path is over node indexes.
    let nodes: Vec<Point> = start
        .into_iter()
        .chain(order.iter().map(|&k| stops[k]))
        .collect();
    let n = nodes.len();
    let table_cost = (n * (n - 1) / 2) as u64;
    if *spent + table_cost > budget {
        return order;
    }
    *spent += table_cost;
    let mut d = vec![0.0_f64; n * n];
    for a in 0..n {
        for b in a + 1..n {
            let m = dist(nodes[a], nodes[b]);
            d[a * n + b] = m;
            d[b * n + a] = m;
        }
    }
    let d = |a: usize, b: usize| d[a * n + b];
    let mut path: Vec<usize> = (0..n).collect();
    'passes: loop {
        let mut improved = false;
        for i in 1..n {
            for j in i + 1..n {
                if *spent >= budget {
                    break 'passes;
                }
                *spent += 1;
                let (before, a, b) = (path[i - 1], path[i], path[j]);
                let after = path.get(j + 1).copied();
                let old = d(before, a) + after.map_or(0.0, |x| d(b, x));
                let new = d(before, b) + after.map_or(0.0, |x| d(a, x));
                if new + 1e-6 < old {
                    path[i..=j].reverse();
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
    let offset = usize::from(start.is_some());
    path.into_iter()
        .skip(offset)
        .map(|node| order[node - offset])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(lat: f64, lon: f64) -> Point {
        Point { lat, lon }
    }

    #[test]
    fn no_stops_is_an_empty_tour() {
        let walk = walking_order(Some(p(0.0, 0.0)), &[]);
        assert_eq!((walk.order, walk.length_m), (vec![], 0.0));
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
        let Walk {
            order,
            length_m: total,
            ..
        } = walking_order(Some(p(49.0, -123.0)), &stops);
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
        let Walk {
            order,
            length_m: total,
            ..
        } = walking_order(None, &stops);
        let mut seen = order.clone();
        seen.sort_unstable();
        assert_eq!(seen, [0, 1, 2, 3, 4]);
        assert_eq!(order[0], 0, "without a start, the first stop stays first");
        let naive: f64 = (0..stops.len() - 1)
            .map(|i| dist(stops[i], stops[i + 1]))
            .sum();
        assert!(total <= naive + 1e-6, "{total} > {naive}");
    }

    /// `n` points scattered over a few kilometres, the same every run.
    fn scattered(n: usize) -> Vec<Point> {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % 10_000) as f64 / 10_000.0
        };
        (0..n)
            .map(|_| p(49.25 + next() * 0.05, -123.15 + next() * 0.08))
            .collect()
    }

    fn visits_each_once(order: &[usize], n: usize) {
        let mut seen = order.to_vec();
        seen.sort_unstable();
        assert_eq!(seen, (0..n).collect::<Vec<_>>());
    }

    #[test]
    fn a_full_list_is_walked_within_the_evaluation_budget_visiting_every_stop_once() {
        let stops = scattered(1000);
        let walk = walking_order(Some(p(49.27, -123.1)), &stops);
        assert!(
            walk.evaluations <= MAX_EVALUATIONS,
            "{} evaluations",
            walk.evaluations
        );
        visits_each_once(&walk.order, stops.len());
        assert!(walk.length_m > 0.0);
    }

    #[test]
    fn two_opt_stops_when_its_budget_is_spent_and_still_visits_every_stop_once() {
        let stops = scattered(TWO_OPT_MAX_STOPS);
        let unbounded = walking_order_within(None, &stops, u64::MAX);
        let budget = unbounded.evaluations / 2;
        let bounded = walking_order_within(None, &stops, budget);
        assert!(
            bounded.evaluations <= budget,
            "{} of {budget}",
            bounded.evaluations
        );
        visits_each_once(&bounded.order, stops.len());
        assert_eq!(
            bounded.order[0], 0,
            "without a start, the first stop stays first"
        );
        // With no budget for anything, the stops are walked in the order given.
        let none = walking_order_within(Some(p(49.0, -123.0)), &stops, 0);
        assert_eq!(none.evaluations, 0);
        assert_eq!(none.order, (0..stops.len()).collect::<Vec<_>>());
    }

    #[test]
    fn two_opt_never_lengthens_the_nearest_neighbour_path() {
        let stops = scattered(200);
        let start = Some(p(49.26, -123.12));
        let nn_only =
            walking_order_within(start, &stops, (stops.len() * (stops.len() + 1) / 2) as u64);
        let improved = walking_order(start, &stops);
        visits_each_once(&improved.order, stops.len());
        assert!(improved.length_m <= nn_only.length_m + 1e-6);
        assert!(improved.evaluations > nn_only.evaluations);
    }
}
