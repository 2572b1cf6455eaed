//! The cities and areas the registry covers, with their counts.

use serde::Serialize;
use sqlx::PgPool;
use std::collections::HashMap;

/// The places the approved artworks are in: every city (`area` absent) and every area of a city
/// (a neighbourhood or borough the publisher gave), with how many artworks each holds and the
/// box around them. An artwork's city is its dataset's place; one added here without a dataset
/// is in the city whose imported artworks' box holds it (the smallest such box), else in none.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Place {
    pub city: String,
    /// A neighbourhood or borough of `city`; absent for the city itself.
    pub area: Option<String>,
    pub artworks: i64,
    pub north: f64,
    pub south: f64,
    pub east: f64,
    pub west: f64,
}

/// Every [`Place`], cities first by size, each followed by its areas by size. One pass over the
/// approved artworks (a few hundred milliseconds at a million): readers keep the answer a while.
pub async fn places(pool: &PgPool) -> Result<Vec<Place>, sqlx::Error> {
    sqlx::query_as!(
        Place,
        r#"WITH placed AS (
               SELECT lat, lon, provenance->>'place' AS city,
                      coalesce(tags->>'neighbourhood', tags->>'borough') AS area
                 FROM rm.artworks WHERE status = 'approved'
           ), boxes AS (
               SELECT city, min(lat) AS s, max(lat) AS n, min(lon) AS w, max(lon) AS e
                 FROM placed WHERE city IS NOT NULL GROUP BY city
           ), resolved AS (
               SELECT p.lat, p.lon, p.area,
                      coalesce(p.city, (SELECT b.city FROM boxes b
                                         WHERE p.lat BETWEEN b.s AND b.n AND p.lon BETWEEN b.w AND b.e
                                         ORDER BY (b.n - b.s) * (b.e - b.w) LIMIT 1)) AS city
                 FROM placed p
           )
           SELECT city AS "city!", area, count(*) AS "artworks!",
                  max(lat) AS "north!", min(lat) AS "south!", max(lon) AS "east!", min(lon) AS "west!"
             FROM resolved WHERE city IS NOT NULL
            GROUP BY GROUPING SETS ((city), (city, area))
           HAVING area IS NOT NULL OR GROUPING(area) = 1"#
    )
    .fetch_all(pool)
    .await
    .map(in_order)
}

/// Cities by size (then name), each followed by its areas by size (then name).
fn in_order(mut places: Vec<Place>) -> Vec<Place> {
    let size: HashMap<String, i64> = places
        .iter()
        .filter(|p| p.area.is_none())
        .map(|p| (p.city.clone(), p.artworks))
        .collect();
    places.sort_by(|a, b| {
        let city = |p: &Place| std::cmp::Reverse(size.get(&p.city).copied().unwrap_or(0));
        (
            city(a),
            &a.city,
            a.area.is_some(),
            std::cmp::Reverse(a.artworks),
            &a.area,
        )
            .cmp(&(
                city(b),
                &b.city,
                b.area.is_some(),
                std::cmp::Reverse(b.artworks),
                &b.area,
            ))
    });
    places
}
