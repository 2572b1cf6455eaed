//! JSON files: GeoJSON feature collections, arrays of records (at the top or at a dotted path)
//! and Overpass answers. Nested objects become dotted field names (`photo.url`), arrays of
//! plain values one text joined by "; ", and the first GeoJSON geometry met becomes the point.

use super::ParseError;
use super::{is_missing, Columns, Format, Point, Record, Shape};
use crate::{Reject, RejectReason};
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
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

/// Finds the array at a dotted path (object keys, or indexes into arrays) in a JSON document
/// as it is read, and hands each of its elements to `each` without holding the document.
struct Seek<'a> {
    path: &'a [&'a str],
    each: &'a mut dyn FnMut(Value),
    found: &'a mut bool,
}

impl Seek<'_> {
    fn deeper<'b>(&'b mut self, path: &'b [&'b str]) -> Seek<'b> {
        Seek {
            path,
            each: &mut *self.each,
            found: &mut *self.found,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Seek<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seek<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        match self.path.split_first() {
            None if !*self.found => {
                *self.found = true;
                while let Some(item) = seq.next_element::<Value>()? {
                    (self.each)(item);
                }
            }
            Some((key, rest)) if !*self.found => {
                let wanted = key.parse::<usize>().ok();
                let mut i = 0;
                loop {
                    let more = if Some(i) == wanted {
                        seq.next_element_seed(self.deeper(rest))?.is_some()
                    } else {
                        seq.next_element::<IgnoredAny>()?.is_some()
                    };
                    if !more {
                        break;
                    }
                    i += 1;
                }
            }
            _ => while seq.next_element::<IgnoredAny>()?.is_some() {},
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match self.path.split_first() {
                Some((wanted, rest)) if *wanted == key && !*self.found => {
                    map.next_value_seed(self.deeper(rest))?
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
        Ok(())
    }
}

/// The most a record (an element of the array, with what comes before it) may take: a file
/// whose one record is larger is refused before it fills memory.
pub const MAX_RECORD: usize = 16 * 1024 * 1024;

/// Fails the read when more than [`MAX_RECORD`] bytes come without a record ending.
struct Capped<R> {
    inner: R,
    since: std::rc::Rc<std::cell::Cell<usize>>,
}

impl<R: std::io::Read> std::io::Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.since.set(self.since.get() + n);
        if self.since.get() > MAX_RECORD {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "a record is larger than {} MiB; is this really a file of records?",
                    MAX_RECORD / (1024 * 1024)
                ),
            ));
        }
        Ok(n)
    }
}

/// Calls `each` with every element of the array at `path` ("" for the document itself);
/// whether there was one.
fn elements(
    reader: impl std::io::Read,
    path: &str,
    each: &mut dyn FnMut(Value),
) -> Result<bool, serde_json::Error> {
    let path: Vec<&str> = path.split('.').filter(|p| !p.is_empty()).collect();
    let mut found = false;
    let since = std::rc::Rc::new(std::cell::Cell::new(0));
    let capped = Capped {
        inner: reader,
        since: since.clone(),
    };
    let mut de = serde_json::Deserializer::from_reader(capped);
    Seek {
        path: &path,
        each: &mut |item| {
            since.set(0);
            each(item);
        },
        found: &mut found,
    }
    .deserialize(&mut de)?;
    de.end()?;
    Ok(found)
}

/// One element of the array of records: its fields and point, as `format` has them.
fn record(format: Format, row: usize, item: &Value) -> Result<Record, Reject> {
    if !item.is_object() {
        return Err(Reject {
            row,
            source_id: None,
            title: None,
            reason: RejectReason::Malformed("not an object".into()),
        });
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
        Format::Json | Format::Csv | Format::Osm => flatten("", item, &mut fields, &mut geometry),
    }
    Ok(Record {
        row,
        fields: fields.into_iter().collect(),
        geometry,
    })
}

/// Reads the records one element at a time: a file of any size is never held whole.
pub(super) fn each(
    path: &Path,
    format: Format,
    records_at: Option<&str>,
    f: &mut dyn FnMut(Result<Record, Reject>),
) -> Result<Shape, ParseError> {
    let file = std::fs::File::open(path).map_err(|e| ParseError::io(path, e))?;
    let (where_, default) = match format {
        Format::Geojson => ("features", "features"),
        Format::Overpass => ("elements", "elements"),
        _ => ("the records", ""),
    };
    let records_at = records_at.unwrap_or(default);
    let mut columns = Columns::default();
    let mut row = 0;
    let found = elements(std::io::BufReader::new(file), records_at, &mut |item| {
        row += 1;
        let read = record(format, row, &item);
        if let Ok(r) = &read {
            let mut names: Vec<&str> = r.fields.iter().map(|(k, _)| k).collect();
            names.sort_unstable();
            for n in names {
                columns.note(n);
            }
        }
        f(read);
    })
    .map_err(|e| match e.io_error_kind() {
        Some(std::io::ErrorKind::InvalidData) => ParseError::format(path, e.to_string()),
        _ => ParseError::json(path, e),
    })?;
    if !found {
        let what = if records_at.is_empty() {
            "the file is not an array of records; name the array with `records` in [format]"
                .to_owned()
        } else {
            format!("no array of {where_} at '{records_at}'")
        };
        return Err(ParseError::format(path, what));
    }
    Ok(Shape {
        format,
        columns: columns.names,
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
