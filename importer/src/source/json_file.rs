//! JSON files: GeoJSON feature collections, arrays of records (at the top or at a dotted path)
//! and Overpass answers. Nested objects become dotted field names (`photo.url`), arrays of
//! plain values one text joined by "; ", and the first GeoJSON geometry met becomes the point.

use super::{is_missing, Columns, Format, Point, Record, Records};
use crate::parse::ParseError;
use crate::{Reject, RejectReason};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

const GEOMETRY_TYPES: [&str; 6] = [
    "Point",
    "MultiPoint",
    "LineString",
    "MultiLineString",
    "Polygon",
    "MultiPolygon",
];

/// Every `[lon, lat, …]` position in nested coordinate arrays.
fn positions(v: &Value, out: &mut Vec<(f64, f64)>) {
    let Value::Array(items) = v else { return };
    if let [Value::Number(lon), Value::Number(lat), ..] = items.as_slice() {
        if let (Some(lon), Some(lat)) = (lon.as_f64(), lat.as_f64()) {
            out.push((lat, lon));
        }
        return;
    }
    for item in items {
        positions(item, out);
    }
}

/// A GeoJSON geometry object's point: the point itself, or the mean of the vertices (a
/// polygon's closing vertex counted once).
fn geometry_point(v: &Value) -> Option<Point> {
    let kind = v.get("type")?.as_str()?;
    let kind = GEOMETRY_TYPES.iter().find(|t| **t == kind)?;
    let mut all = Vec::new();
    positions(v.get("coordinates")?, &mut all);
    if kind.ends_with("Polygon") && all.len() > 1 && all.first() == all.last() {
        all.pop();
    }
    if all.is_empty() {
        return None;
    }
    let n = all.len() as f64;
    let (lat, lon) = all
        .iter()
        .fold((0.0, 0.0), |(a, b), (lat, lon)| (a + lat / n, b + lon / n));
    Some(Point {
        lat,
        lon,
        centroid_of: (*kind != "Point").then_some(*kind),
    })
}

/// Flattens `v` under `prefix` into `fields`; the first geometry found is kept in `geometry`.
fn flatten(
    prefix: &str,
    v: &Value,
    fields: &mut HashMap<String, String>,
    geometry: &mut Option<Point>,
) {
    let name = |k: &str| {
        if prefix.is_empty() {
            k.to_owned()
        } else {
            format!("{prefix}.{k}")
        }
    };
    match v {
        Value::Null => {}
        Value::Bool(b) => {
            fields.insert(prefix.to_owned(), b.to_string());
        }
        Value::Number(n) => {
            fields.insert(prefix.to_owned(), n.to_string());
        }
        Value::String(s) => {
            if !is_missing(s) {
                fields.insert(prefix.to_owned(), s.clone());
            }
        }
        Value::Object(map) => {
            if geometry.is_none() && map.contains_key("coordinates") {
                *geometry = geometry_point(v);
            }
            for (k, item) in map {
                flatten(&name(k), item, fields, geometry);
            }
        }
        Value::Array(items) => {
            if items.iter().all(|i| !i.is_object() && !i.is_array()) {
                let text: Vec<String> = items
                    .iter()
                    .filter_map(|i| match i {
                        Value::String(s) if !is_missing(s) => Some(s.clone()),
                        Value::Number(n) => Some(n.to_string()),
                        Value::Bool(b) => Some(b.to_string()),
                        _ => None,
                    })
                    .collect();
                if !text.is_empty() {
                    fields.insert(prefix.to_owned(), text.join("; "));
                }
            } else {
                for (i, item) in items.iter().enumerate() {
                    flatten(&name(&i.to_string()), item, fields, geometry);
                }
            }
        }
    }
}

/// The value at a dotted path.
fn at<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.')
        .filter(|p| !p.is_empty())
        .try_fold(root, |v, key| match v {
            Value::Object(m) => m.get(key),
            Value::Array(a) => key.parse::<usize>().ok().and_then(|i| a.get(i)),
            _ => None,
        })
}

pub(super) fn read(
    path: &Path,
    format: Format,
    records_at: Option<&str>,
) -> Result<Records, ParseError> {
    let file = std::fs::File::open(path).map_err(|e| ParseError::io(path, e))?;
    let root: Value = serde_json::from_reader(std::io::BufReader::new(file))
        .map_err(|e| ParseError::json(path, e))?;
    let (where_, default) = match format {
        Format::Geojson => ("features", "features"),
        Format::Overpass => ("elements", "elements"),
        _ => ("the records", ""),
    };
    let records_at = records_at.unwrap_or(default);
    let Some(Value::Array(items)) = at(&root, records_at) else {
        let what = if records_at.is_empty() {
            "the file is not an array of records; name the array with `records` in [format]"
                .to_owned()
        } else {
            format!("no array of {where_} at '{records_at}'")
        };
        return Err(ParseError::format(path, what));
    };
    let mut columns = Columns::default();
    let mut records = Vec::new();
    let mut rejects = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let row = i + 1;
        if !item.is_object() {
            rejects.push(Reject {
                row,
                source_id: None,
                reason: RejectReason::Malformed("not an object".into()),
            });
            continue;
        }
        let mut fields = HashMap::new();
        let mut geometry = None;
        match format {
            Format::Geojson => {
                if let Some(g) = item.get("geometry") {
                    geometry = geometry_point(g);
                }
                let mut ignored = None;
                if let Some(props) = item.get("properties") {
                    flatten("", props, &mut fields, &mut ignored);
                }
                if let Some(id) = item.get("id").filter(|id| !id.is_null()) {
                    fields
                        .entry("id".to_owned())
                        .or_insert_with(|| id.to_string().trim_matches('"').to_owned());
                }
            }
            Format::Overpass => {
                let mut ignored = None;
                flatten("", item, &mut fields, &mut ignored);
                let coordinate = |k: &str| fields.get(k).and_then(|v| v.parse::<f64>().ok());
                geometry = match (coordinate("lat"), coordinate("lon")) {
                    (Some(lat), Some(lon)) => Some(Point {
                        lat,
                        lon,
                        centroid_of: None,
                    }),
                    _ => match (coordinate("center.lat"), coordinate("center.lon")) {
                        (Some(lat), Some(lon)) => Some(Point {
                            lat,
                            lon,
                            centroid_of: Some("the OSM way's centre"),
                        }),
                        _ => None,
                    },
                };
            }
            Format::Json | Format::Csv | Format::Osm => {
                flatten("", item, &mut fields, &mut geometry)
            }
        }
        let mut names: Vec<&String> = fields.keys().collect();
        names.sort();
        for n in names {
            columns.note(n);
        }
        records.push(Record {
            row,
            fields: fields.into_iter().collect(),
            geometry,
        });
    }
    Ok(Records {
        format,
        columns: columns.names,
        records,
        rejects,
        encoding: "utf-8",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_polygon_becomes_the_mean_of_its_vertices_and_says_so() {
        let square = json!({"type": "Polygon", "coordinates": [[[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0], [0.0, 0.0]]]});
        let p = geometry_point(&square).unwrap();
        assert_eq!((p.lat, p.lon, p.centroid_of), (1.0, 1.0, Some("Polygon")));
        let point = json!({"type": "Point", "coordinates": [-123.1, 49.2]});
        let p = geometry_point(&point).unwrap();
        assert_eq!((p.lat, p.lon, p.centroid_of), (49.2, -123.1, None));
        assert!(geometry_point(&json!({"type": "Circle", "coordinates": [1, 2]})).is_none());
    }

    #[test]
    fn nested_fields_get_dotted_names_and_lists_are_joined() {
        let mut fields = HashMap::new();
        let mut geometry = None;
        let v = json!({"title": "Solo", "photo": {"url": "https://x/1.jpg", "width": 350},
                       "artists": [6, 12], "parts": [{"name": "a"}], "empty": "N/A", "gone": null,
                       "geom": {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-123.1, 49.3]}}});
        flatten("", &v, &mut fields, &mut geometry);
        assert_eq!(fields["photo.url"], "https://x/1.jpg");
        assert_eq!(fields["photo.width"], "350");
        assert_eq!(fields["artists"], "6; 12");
        assert_eq!(fields["parts.0.name"], "a");
        assert!(!fields.contains_key("empty") && !fields.contains_key("gone"));
        assert_eq!(geometry.map(|g| (g.lat, g.lon)), Some((49.3, -123.1)));
    }
}
