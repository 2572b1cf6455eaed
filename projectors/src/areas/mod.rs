//! Read model `areas`: the boundary file in force and its areas, each with its box, its shapes
//! for drawing and its rings for telling which artworks are in it. With no file loaded the
//! tables are empty and areas are the grid's cells (see [`read`]).

pub mod read;

use domain::area::{Bounds, Ring, Shape};
use domain::{AreaMap, AreaMapEvent, BoundaryFile};
use platform::eventlog::EventEnvelope;
use sqlx::PgConnection;

pub const NAME: &str = "areas";

read_model!(AreasProjector, NAME, ["area_files", "areas", "area_rings"]);

/// Applies a batch of events, as [`Projector::apply`](crate::Projector::apply) says.
async fn apply(db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
    for decoded in crate::events_of::<AreaMap>(events) {
        let (e, _, event) = decoded?;
        sqlx::query!("DELETE FROM area_rings")
            .execute(&mut *db)
            .await?;
        sqlx::query!("DELETE FROM areas").execute(&mut *db).await?;
        sqlx::query!("DELETE FROM area_files")
            .execute(&mut *db)
            .await?;
        if let AreaMapEvent::BoundariesLoaded { file, by } = event {
            sqlx::query!(
                "INSERT INTO area_files (name, attribution, loaded_at, loaded_by)
                      VALUES ($1, $2, $3, $4)",
                file.name,
                file.attribution,
                e.recorded_at,
                by.map(|a| a.0)
            )
            .execute(&mut *db)
            .await?;
            load(db, &file).await?;
        }
    }
    Ok(())
}

/// Writes `file`'s areas and rings (two statements, whatever the file's size).
async fn load(db: &mut PgConnection, file: &BoundaryFile) -> anyhow::Result<()> {
    let mut keys = Vec::new();
    let mut names = Vec::new();
    let mut boxes: [Vec<f64>; 4] = Default::default();
    let mut shapes = Vec::new();
    let (mut ring_keys, mut rings, mut holes) = (Vec::new(), Vec::new(), Vec::new());
    for area in &file.areas {
        let (s, w, n, e) = bounds(&area.shapes);
        keys.push(area.key.clone());
        names.push(area.name.clone());
        for (column, v) in boxes.iter_mut().zip([n, s, e, w]) {
            column.push(v);
        }
        shapes.push(serde_json::to_value(
            area.shapes
                .iter()
                .map(|s| {
                    std::iter::once(&s.outer)
                        .chain(&s.holes)
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>(),
        )?);
        for shape in &area.shapes {
            for (ring, hole) in
                std::iter::once((&shape.outer, false)).chain(shape.holes.iter().map(|h| (h, true)))
            {
                ring_keys.push(area.key.clone());
                rings.push(polygon_text(ring));
                holes.push(hole);
            }
        }
    }
    let [north, south, east, west] = boxes;
    sqlx::query!(
        "INSERT INTO areas (key, name, north, south, east, west, shapes)
         SELECT * FROM UNNEST($1::text[], $2::text[], $3::float8[], $4::float8[], $5::float8[],
                              $6::float8[], $7::jsonb[])",
        &keys,
        &names,
        &north,
        &south,
        &east,
        &west,
        &shapes
    )
    .execute(&mut *db)
    .await?;
    sqlx::query!(
        "INSERT INTO area_rings (area_key, ring, hole)
         SELECT k, r::polygon, h FROM UNNEST($1::text[], $2::text[], $3::bool[]) AS u(k, r, h)",
        &ring_keys,
        &rings,
        &holes
    )
    .execute(&mut *db)
    .await?;
    Ok(())
}

/// The box around shapes.
fn bounds(shapes: &[Shape]) -> Bounds {
    shapes.iter().flat_map(|s| &s.outer).fold(
        (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
        |(s, w, n, e), &[lon, lat]| (s.min(lat), w.min(lon), n.max(lat), e.max(lon)),
    )
}

/// A ring as PostgreSQL's polygon text: `((lon,lat),…)`, the artworks' `point(lon, lat)` order.
fn polygon_text(ring: &Ring) -> String {
    let points: Vec<String> = ring
        .iter()
        .map(|[lon, lat]| format!("({lon},{lat})"))
        .collect();
    format!("({})", points.join(","))
}
