//! Areas a person can finish (issue 33): the neighbourhoods of a boundary file an admin loads
//! (GeoJSON, with its attribution), or, while none is loaded, the cells of a grid of about a
//! kilometre. The `AreaMap` aggregate is the one stream of boundary files: loading one replaces
//! the last, clearing it goes back to the grid.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::ids::{AccountId, PLINTH_NAMESPACE};
use crate::text::clean_line;

/// Most areas in one boundary file.
pub const MAX_AREAS: usize = 1_000;
/// Most points over all of a file's rings.
pub const MAX_POINTS: usize = 250_000;
/// Longest area name (and the file's own name).
pub const MAX_NAME_CHARS: usize = 100;
/// Longest attribution.
pub const MAX_ATTRIBUTION_CHARS: usize = 300;
/// A grid cell's side north–south in degrees (about 1 km); east–west it spans as many
/// kilometres at its latitude.
pub const GRID_DEGREES: f64 = 0.009;
/// The fewest artworks an area holds for seeing them all to count as finishing it.
pub const MIN_TO_FINISH: i64 = 3;
/// Property names tried, in order, for an area's name when the loader names none.
pub const NAME_PROPERTIES: [&str; 8] = [
    "name",
    "Name",
    "NAME",
    "name_en",
    "neighbourhood",
    "neighborhood",
    "nom",
    "label",
];

/// The one stream of boundary files.
pub fn area_map_id() -> Uuid {
    Uuid::new_v5(&PLINTH_NAMESPACE, b"area-map")
}

/// The grid cell (row, column) a place is in: rows of [`GRID_DEGREES`] of latitude, each cut in
/// columns as wide as a row is high at that row's middle latitude.
pub fn grid_cell(lat: f64, lon: f64) -> (i64, i64) {
    let row = (lat / GRID_DEGREES).floor();
    let col = (lon / column_degrees(row)).floor();
    // Coordinates are bounded, so the casts cannot saturate.
    (row as i64, col as i64)
}

/// The east–west side in degrees of the cells in `row`.
fn column_degrees(row: f64) -> f64 {
    let middle = ((row + 0.5) * GRID_DEGREES).clamp(-85.0, 85.0);
    GRID_DEGREES / middle.to_radians().cos()
}

/// A grid cell's key (`g:<row>:<col>`), the same in the API and the read model.
pub fn grid_key(row: i64, col: i64) -> String {
    format!("g:{row}:{col}")
}

/// The cell a key names, if it is one.
pub fn parse_grid_key(key: &str) -> Option<(i64, i64)> {
    let rest = key.strip_prefix("g:")?;
    let (row, col) = rest.split_once(':')?;
    Some((row.parse().ok()?, col.parse().ok()?))
}

/// A box: (south, west, north, east).
pub type Bounds = (f64, f64, f64, f64);

/// A grid cell's box.
pub fn grid_bounds(row: i64, col: i64) -> Bounds {
    let r = row as f64;
    let w = column_degrees(r);
    let c = col as f64;
    (
        r * GRID_DEGREES,
        c * w,
        (r + 1.0) * GRID_DEGREES,
        (c + 1.0) * w,
    )
}

/// A closed ring of (lon, lat) points, as GeoJSON writes them: first point repeated last.
pub type Ring = Vec<[f64; 2]>;

/// One polygon of an area: its outline and the holes in it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shape {
    pub outer: Ring,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holes: Vec<Ring>,
}

/// One area of a boundary file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Boundary {
    /// Stable within the file: the feature's `id`, else its position (`1`, `2`, …).
    pub key: String,
    pub name: String,
    pub shapes: Vec<Shape>,
}

/// A boundary file as loaded: its name, whom it comes from, its areas.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoundaryFile {
    pub name: String,
    pub attribution: String,
    pub areas: Vec<Boundary>,
}

impl BoundaryFile {
    /// A GeoJSON FeatureCollection of Polygon and MultiPolygon features read as a boundary file,
    /// each area named by `name_property` (else the first of [`NAME_PROPERTIES`] it has), or why
    /// it cannot be.
    pub fn from_geojson(
        name: &str,
        attribution: &str,
        name_property: Option<&str>,
        geojson: &Value,
    ) -> Result<Self, AreaError> {
        let name = bounded_line("name", name, MAX_NAME_CHARS, "Name")?;
        let attribution = bounded_line(
            "attribution",
            attribution,
            MAX_ATTRIBUTION_CHARS,
            "Attribution",
        )?;
        let features = match (
            geojson.get("type").and_then(Value::as_str),
            geojson.get("features"),
        ) {
            (Some("FeatureCollection"), Some(Value::Array(f))) => f,
            _ => {
                return Err(AreaError::invalid(
                    "geojson",
                    "The file is not a GeoJSON FeatureCollection",
                ))
            }
        };
        if features.is_empty() {
            return Err(AreaError::invalid("geojson", "The file has no areas"));
        }
        if features.len() > MAX_AREAS {
            return Err(AreaError::invalid(
                "geojson",
                format!(
                    "The file has {} areas; at most {MAX_AREAS} can be loaded",
                    features.len()
                ),
            ));
        }
        let mut points = 0usize;
        let mut areas = Vec::with_capacity(features.len());
        for (i, feature) in features.iter().enumerate() {
            let n = i + 1;
            let properties = feature.get("properties").unwrap_or(&Value::Null);
            let area_name = area_name(properties, name_property).ok_or_else(|| {
                AreaError::invalid(
                    "geojson",
                    match name_property {
                        Some(p) => format!("Area {n} has no \"{p}\" to name it"),
                        None => format!(
                            "Area {n} has no name property (tried {})",
                            NAME_PROPERTIES.join(", ")
                        ),
                    },
                )
            })?;
            let key = match feature.get("id") {
                Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_owned(),
                Some(Value::Number(v)) => v.to_string(),
                _ => n.to_string(),
            };
            let shapes =
                shapes(feature.get("geometry").unwrap_or(&Value::Null)).map_err(|why| {
                    AreaError::invalid("geojson", format!("Area {n} ({area_name}): {why}"))
                })?;
            points += shapes
                .iter()
                .map(|s| s.outer.len() + s.holes.iter().map(Vec::len).sum::<usize>())
                .sum::<usize>();
            if points > MAX_POINTS {
                return Err(AreaError::invalid(
                    "geojson",
                    format!("The file has more than {MAX_POINTS} points; simplify its shapes"),
                ));
            }
            if areas.iter().any(|a: &Boundary| a.key == key) {
                return Err(AreaError::invalid(
                    "geojson",
                    format!("Area {n}: the id {key} is used twice"),
                ));
            }
            areas.push(Boundary {
                key,
                name: area_name,
                shapes,
            });
        }
        Ok(BoundaryFile {
            name,
            attribution,
            areas,
        })
    }
}

fn bounded_line(field: &'static str, s: &str, max: usize, what: &str) -> Result<String, AreaError> {
    let v = clean_line(s);
    if v.is_empty() {
        return Err(AreaError::invalid(field, format!("{what} is required")));
    }
    if v.chars().count() > max {
        return Err(AreaError::invalid(
            field,
            format!("{what} must be at most {max} characters"),
        ));
    }
    Ok(v)
}

fn area_name(properties: &Value, name_property: Option<&str>) -> Option<String> {
    let text = |k: &str| {
        match properties.get(k) {
            Some(Value::String(s)) => Some(clean_line(s)),
            Some(Value::Number(v)) => Some(v.to_string()),
            _ => None,
        }
        .filter(|s| !s.is_empty())
        .map(|s| s.chars().take(MAX_NAME_CHARS).collect())
    };
    match name_property {
        Some(p) => text(p),
        None => NAME_PROPERTIES.iter().find_map(|k| text(k)),
    }
}

/// A Polygon's or MultiPolygon's shapes, or what is wrong with it.
fn shapes(geometry: &Value) -> Result<Vec<Shape>, String> {
    let coordinates = geometry.get("coordinates").unwrap_or(&Value::Null);
    let polygons: Vec<&Value> = match geometry.get("type").and_then(Value::as_str) {
        Some("Polygon") => vec![coordinates],
        Some("MultiPolygon") => coordinates
            .as_array()
            .ok_or("its coordinates are not a list")?
            .iter()
            .collect(),
        Some(other) => {
            return Err(format!(
                "a {other} is not an area (Polygon or MultiPolygon)"
            ))
        }
        None => return Err("it has no geometry".to_owned()),
    };
    if polygons.is_empty() {
        return Err("it has no polygon".to_owned());
    }
    polygons
        .into_iter()
        .map(|p| {
            let rings = p.as_array().ok_or("a polygon is not a list of rings")?;
            let mut rings = rings.iter().map(ring);
            let outer = rings.next().ok_or("a polygon has no outline")??;
            let holes = rings.collect::<Result<Vec<_>, _>>()?;
            Ok(Shape { outer, holes })
        })
        .collect()
}

fn ring(v: &Value) -> Result<Ring, String> {
    let points = v.as_array().ok_or("a ring is not a list of points")?;
    let mut ring: Ring = points
        .iter()
        .map(|p| {
            let lon = p.get(0).and_then(Value::as_f64);
            let lat = p.get(1).and_then(Value::as_f64);
            match (lon, lat) {
                (Some(lon), Some(lat))
                    if (-180.0..=180.0).contains(&lon) && (-90.0..=90.0).contains(&lat) =>
                {
                    Ok([lon, lat])
                }
                _ => Err("a point is not [longitude, latitude] in range".to_owned()),
            }
        })
        .collect::<Result<_, _>>()?;
    if ring.first() != ring.last() {
        ring.push(ring[0]);
    }
    if ring.len() < 4 {
        return Err("a ring has fewer than three corners".to_owned());
    }
    Ok(ring)
}

#[derive(Debug, Clone, PartialEq)]
pub enum AreaMapCommand {
    Load {
        file: BoundaryFile,
        by: Option<AccountId>,
    },
    Clear {
        by: Option<AccountId>,
    },
}

/// `by`: the admin who loaded or cleared it; `None` from the command line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AreaMapEvent {
    BoundariesLoaded {
        file: BoundaryFile,
        by: Option<AccountId>,
    },
    BoundariesCleared {
        by: Option<AccountId>,
    },
}

event_types!(AreaMapEvent: BoundariesLoaded, BoundariesCleared);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AreaError {
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error("No boundary file is loaded")]
    NothingLoaded,
}

impl AreaError {
    fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        AreaError::Invalid {
            field,
            message: message.into(),
        }
    }
}

/// The boundary file in force, if any (by its name: the areas live in the read model).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AreaMap {
    pub loaded: Option<String>,
}

aggregate!(AreaMap, "area_map", AreaMapCommand => AreaMapEvent, AreaError);

impl AreaMap {
    /// The events `command` records, or why it is refused.
    fn decide(&self, command: AreaMapCommand) -> Result<Option<AreaMapEvent>, AreaError> {
        match command {
            AreaMapCommand::Load { file, by } => {
                Ok(Some(AreaMapEvent::BoundariesLoaded { file, by }))
            }
            AreaMapCommand::Clear { by } => match self.loaded {
                Some(_) => Ok(Some(AreaMapEvent::BoundariesCleared { by })),
                None => Err(AreaError::NothingLoaded),
            },
        }
    }

    fn evolve(&mut self, event: AreaMapEvent) {
        self.loaded = match event {
            AreaMapEvent::BoundariesLoaded { file, .. } => Some(file.name),
            AreaMapEvent::BoundariesCleared { .. } => None,
        };
    }
}

#[cfg(test)]
#[path = "area_tests.rs"]
mod tests;
