//! Reading areas: which there are in a view, how many approved artworks each holds, and how many
//! of those a person has seen (visited, or added: their approved submissions name it). Areas are
//! the loaded boundary file's, else the grid's cells (`domain::area`); both answer through the
//! same two questions, [`totals`] and [`membership`], so the rest does not know which.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::{DateTime, Utc};
use domain::area::{
    grid_bounds, grid_cell, grid_key, parse_grid_key, Bounds, GRID_DEGREES, MIN_TO_FINISH,
};
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

/// Most grid cells one view may cover (about 50 × 50 km); a wider view is told to zoom in.
pub const MAX_CELLS: usize = 2_500;

/// The boundary file in force.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct AreaFile {
    pub name: String,
    /// Whom the boundaries come from, shown wherever they are.
    pub attribution: String,
    pub loaded_at: DateTime<Utc>,
}

/// Where areas come from.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// A boundary file's areas.
    File(AreaFile),
    /// Cells of about 1 km (`domain::area::grid_cell`).
    Grid,
}

impl Source {
    pub fn file(&self) -> Option<&AreaFile> {
        match self {
            Source::File(f) => Some(f),
            Source::Grid => None,
        }
    }
}

/// One area, with how many approved artworks it holds and, for a person, how many they saw.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct AreaDto {
    /// The boundary file's id for the area, or `g:<row>:<col>` for a grid cell.
    pub key: String,
    pub name: String,
    pub north: f64,
    pub south: f64,
    pub east: f64,
    pub west: f64,
    /// A boundary file's area: its polygons as a GeoJSON MultiPolygon's coordinates. Absent for
    /// a grid cell (its box is its shape).
    #[schema(value_type = Option<Object>)]
    pub shapes: Option<Value>,
    /// Approved artworks in it now.
    pub artworks: i64,
    /// How many of them the caller has seen; absent when the caller has no identity yet.
    pub seen: Option<i64>,
    /// Whether the caller has seen every one (and it holds at least [`MIN_TO_FINISH`]).
    pub finished: bool,
}

/// A view's box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    pub north: f64,
    pub south: f64,
    pub east: f64,
    pub west: f64,
}

/// The boundary file in force, if any.
pub async fn source(pool: &PgPool) -> Result<Source, sqlx::Error> {
    let file = sqlx::query_as!(
        AreaFile,
        "SELECT name, attribution, loaded_at FROM rm.area_files"
    )
    .fetch_optional(pool)
    .await?;
    Ok(file.map_or(Source::Grid, Source::File))
}

/// The areas in `view` that hold artworks (a boundary file's: every one), with what `viewer`
/// (an account) has seen of each; `None` when the view covers more than [`MAX_CELLS`]
/// grid cells.
pub async fn in_view(
    pool: &PgPool,
    source: &Source,
    view: View,
    viewer: Option<Uuid>,
) -> Result<Option<Vec<AreaDto>>, sqlx::Error> {
    let keys = match source {
        Source::Grid => match cells_in(view) {
            Some(cells) => cells,
            None => return Ok(None),
        },
        Source::File(_) => {
            sqlx::query_scalar!(
                "SELECT key FROM rm.areas
              WHERE north >= $1 AND south <= $2 AND east >= $3 AND west <= $4
              ORDER BY name, key",
                view.south,
                view.north,
                view.west,
                view.east
            )
            .fetch_all(pool)
            .await?
        }
    };
    let seen = match viewer {
        Some(account) => Some(seen_by(pool, source, account).await?),
        None => None,
    };
    let areas = describe(pool, source, &keys, seen.as_ref()).await?;
    Ok(Some(match source {
        Source::Grid => areas.into_iter().filter(|a| a.artworks > 0).collect(),
        Source::File(_) => areas,
    }))
}

/// The areas `account` has seen artworks in, with its progress: finished first, then by the
/// share seen.
pub async fn progress(
    pool: &PgPool,
    source: &Source,
    account: Uuid,
) -> Result<Vec<AreaDto>, sqlx::Error> {
    let seen = seen_by(pool, source, account).await?;
    let keys: Vec<String> = seen.keys().cloned().collect();
    let mut areas = describe(pool, source, &keys, Some(&seen)).await?;
    areas.sort_by(|a, b| {
        let share = |x: &AreaDto| x.seen.unwrap_or(0) as f64 / x.artworks.max(1) as f64;
        (b.finished, share(b), b.artworks)
            .partial_cmp(&(a.finished, share(a), a.artworks))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then_with(|| a.name.cmp(&b.name))
    });
    Ok(areas)
}

/// How many areas each of `accounts` (every account with approved submissions when `None`) has
/// finished, their claimed anonymous identities' work included.
pub async fn finished_counts(
    pool: &PgPool,
    accounts: Option<&[Uuid]>,
) -> Result<HashMap<Uuid, u32>, sqlx::Error> {
    let source = source(pool).await?;
    let seen = seen_per_area(pool, &source, accounts).await?;
    let keys: Vec<String> = seen
        .keys()
        .map(|(_, k)| k.clone())
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    let totals = totals(pool, &source, &keys).await?;
    let mut finished: HashMap<Uuid, u32> = HashMap::new();
    for ((owner, key), n) in seen {
        let total = totals.get(&key).map_or(0, |t| t.0);
        if is_finished(n, total) {
            *finished.entry(owner).or_default() += 1;
        }
    }
    Ok(finished)
}

fn is_finished(seen: i64, total: i64) -> bool {
    total >= MIN_TO_FINISH && seen >= total
}

/// How many distinct approved artworks each of `accounts` (every account when `None`) has seen
/// in each area: the artworks of their approved submissions (a visit, or one they added; merged
/// ones as the artwork they went into), their claimed anonymous identities' included.
async fn seen_per_area(
    pool: &PgPool,
    source: &Source,
    accounts: Option<&[Uuid]>,
) -> Result<BTreeMap<(Uuid, String), i64>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"WITH who AS (
               SELECT account_id, account_id AS identity FROM rm.accounts
                WHERE $1::uuid[] IS NULL OR account_id = ANY($1)
               UNION ALL
               SELECT account_id, anonymous_id FROM rm.account_identities
                WHERE $1::uuid[] IS NULL OR account_id = ANY($1))
           SELECT DISTINCT w.account_id AS "owner!", a.id AS "id!", a.lat AS "lat!", a.lon AS "lon!"
             FROM who w
             JOIN rm.submissions s ON s.submitter = w.identity AND s.status = 'approved'
             JOIN rm.artworks m ON m.id = s.artwork_id
             JOIN rm.artworks a ON a.id = coalesce(m.merged_into, m.id) AND a.status = 'approved'"#,
        accounts as Option<&[Uuid]>
    )
    .fetch_all(pool)
    .await?;
    let points: Vec<(f64, f64)> = rows.iter().map(|r| (r.lat, r.lon)).collect();
    let member = membership(pool, source, &points).await?;
    let mut seen: BTreeMap<(Uuid, String), i64> = BTreeMap::new();
    for (r, keys) in rows.iter().zip(member) {
        for key in keys {
            *seen.entry((r.owner, key)).or_default() += 1;
        }
    }
    Ok(seen)
}

/// How many artworks `account` has seen in each area.
async fn seen_by(
    pool: &PgPool,
    source: &Source,
    account: Uuid,
) -> Result<HashMap<String, i64>, sqlx::Error> {
    let seen = seen_per_area(pool, source, Some(&[account])).await?;
    Ok(seen.into_iter().map(|((_, key), n)| (key, n)).collect())
}

/// The grid cells `view` touches, or `None` past [`MAX_CELLS`].
fn cells_in(view: View) -> Option<Vec<String>> {
    let (south, north) = (grid_cell(view.south, 0.0).0, grid_cell(view.north, 0.0).0);
    let rows = usize::try_from(north - south + 1).ok()?;
    let mut keys = Vec::new();
    for row in south..=north {
        // A row's cells from the one at the west edge to the one at the east edge.
        let lat = (row as f64 + 0.5) * GRID_DEGREES;
        let (west, east) = (grid_cell(lat, view.west).1, grid_cell(lat, view.east).1);
        let cols = usize::try_from(east - west + 1).ok()?;
        if rows.saturating_mul(cols) > MAX_CELLS || keys.len() + cols > MAX_CELLS {
            return None;
        }
        keys.extend((west..=east).map(|col| grid_key(row, col)));
    }
    Some(keys)
}

/// For each point (lat, lon), the keys of the areas it is in.
async fn membership(
    pool: &PgPool,
    source: &Source,
    points: &[(f64, f64)],
) -> Result<Vec<Vec<String>>, sqlx::Error> {
    if let Source::Grid = source {
        return Ok(points
            .iter()
            .map(|&(lat, lon)| {
                let (row, col) = grid_cell(lat, lon);
                vec![grid_key(row, col)]
            })
            .collect());
    }
    let (lats, lons): (Vec<f64>, Vec<f64>) = points.iter().copied().unzip();
    let rows = sqlx::query!(
        r#"SELECT DISTINCT u.i AS "i!", r.area_key AS "key!"
             FROM UNNEST($1::float8[], $2::float8[]) WITH ORDINALITY AS u(lat, lon, i)
             JOIN rm.area_rings r ON NOT r.hole AND point(u.lon, u.lat) <@ r.ring
            WHERE NOT EXISTS (SELECT 1 FROM rm.area_rings h
                               WHERE h.area_key = r.area_key AND h.hole
                                 AND point(u.lon, u.lat) <@ h.ring)"#,
        &lats,
        &lons
    )
    .fetch_all(pool)
    .await?;
    let mut member = vec![Vec::new(); points.len()];
    for r in rows {
        if let Some(m) = usize::try_from(r.i - 1)
            .ok()
            .and_then(|i| member.get_mut(i))
        {
            m.push(r.key);
        }
    }
    Ok(member)
}

/// Each of `keys`' approved artworks now, and the place most of them are in (a grid cell's
/// name).
async fn totals(
    pool: &PgPool,
    source: &Source,
    keys: &[String],
) -> Result<HashMap<String, (i64, Option<String>)>, sqlx::Error> {
    match source {
        Source::Grid => {
            let cells: Vec<(&String, Bounds)> = keys
                .iter()
                .filter_map(|k| parse_grid_key(k).map(|(r, c)| (k, grid_bounds(r, c))))
                .collect();
            let [mut s, mut w, mut n, mut e]: [Vec<f64>; 4] = Default::default();
            for (_, b) in &cells {
                s.push(b.0);
                w.push(b.1);
                n.push(b.2);
                e.push(b.3);
            }
            // Half-open like `grid_cell`: a point on a shared edge is in one cell only.
            let rows = sqlx::query!(
                r#"SELECT u.i AS "i!", c.n AS "n!", c.place
                     FROM UNNEST($1::float8[], $2::float8[], $3::float8[], $4::float8[])
                          WITH ORDINALITY AS u(s, w, n, e, i)
                     CROSS JOIN LATERAL (
                         SELECT count(*) AS n,
                                mode() WITHIN GROUP (ORDER BY coalesce(a.tags->>'neighbourhood',
                                    a.tags->>'borough', a.provenance->>'place')) AS place
                           FROM rm.artworks a
                          WHERE a.status = 'approved'
                            AND a.location <@ box(point(u.w, u.s), point(u.e, u.n))
                            AND a.lat < u.n AND a.lon < u.e) c"#,
                &s,
                &w,
                &n,
                &e
            )
            .fetch_all(pool)
            .await?;
            Ok(rows
                .into_iter()
                .filter_map(|r| {
                    let (key, _) = cells.get(usize::try_from(r.i - 1).ok()?)?;
                    Some(((*key).clone(), (r.n, r.place)))
                })
                .collect())
        }
        Source::File(_) => {
            let rows = sqlx::query!(
                r#"SELECT ar.key, (
                       SELECT count(DISTINCT a.id)
                         FROM rm.area_rings r
                         JOIN rm.artworks a ON a.status = 'approved' AND a.location <@ r.ring
                        WHERE r.area_key = ar.key AND NOT r.hole
                          AND NOT EXISTS (SELECT 1 FROM rm.area_rings h
                                           WHERE h.area_key = ar.key AND h.hole
                                             AND a.location <@ h.ring)) AS "n!"
                     FROM rm.areas ar WHERE ar.key = ANY($1)"#,
                keys
            )
            .fetch_all(pool)
            .await?;
            Ok(rows.into_iter().map(|r| (r.key, (r.n, None))).collect())
        }
    }
}

/// `keys` as areas in that order, with their totals and, when `seen` is given, the share seen.
async fn describe(
    pool: &PgPool,
    source: &Source,
    keys: &[String],
    seen: Option<&HashMap<String, i64>>,
) -> Result<Vec<AreaDto>, sqlx::Error> {
    let totals = totals(pool, source, keys).await?;
    let mut named: HashMap<String, (String, [f64; 4], Option<Value>)> = HashMap::new();
    match source {
        Source::Grid => {
            for key in keys {
                let Some((row, col)) = parse_grid_key(key) else {
                    continue;
                };
                let (s, w, n, e) = grid_bounds(row, col);
                let here = format!("{:.3}, {:.3}", (s + n) / 2.0, (w + e) / 2.0);
                let name = match totals.get(key).and_then(|t| t.1.as_deref()) {
                    Some(place) => format!("{place} · {here}"),
                    None => here,
                };
                named.insert(key.clone(), (name, [n, s, e, w], None));
            }
        }
        Source::File(_) => {
            for r in sqlx::query!(
                "SELECT key, name, north, south, east, west, shapes FROM rm.areas
                  WHERE key = ANY($1)",
                keys
            )
            .fetch_all(pool)
            .await?
            {
                named.insert(
                    r.key,
                    (r.name, [r.north, r.south, r.east, r.west], Some(r.shapes)),
                );
            }
        }
    }
    Ok(keys
        .iter()
        .filter_map(|key| {
            let (name, [north, south, east, west], shapes) = named.remove(key)?;
            let artworks = totals.get(key).map_or(0, |t| t.0);
            let seen = seen.map(|s| s.get(key).copied().unwrap_or(0));
            Some(AreaDto {
                key: key.clone(),
                name,
                north,
                south,
                east,
                west,
                shapes,
                artworks,
                seen,
                finished: seen.is_some_and(|n| is_finished(n, artworks)),
            })
        })
        .collect())
}
