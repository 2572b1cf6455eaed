//! Records → the importer's model, by a mapping. Every rule a hand-written parser applied to
//! one dataset is here once: ids (a field or a hash), coordinates checked against the world and
//! the mapping's bounds, the type by value map then by words, artists through one book, years,
//! materials and URLs cleaned the same way.

use super::{Mapping, SourceStatus};
use crate::parse::common::{
    check_point, clean, clean_paragraphs, clean_url, coordinates_from_text, fnv1a64,
    normalise_name, push_unique, put, put_material, put_year, Area, ArtistBook,
};
use crate::source::{Record, Records};
use crate::{ImportedArtwork, ParsedFile, Presence, Reject, RejectReason};
use domain::ArtworkType;
use std::collections::{BTreeMap, HashMap};

const WORLD: Area = Area {
    name: "the world",
    min_lat: -90.0,
    max_lat: 90.0,
    min_lon: -180.0,
    max_lon: 180.0,
};

fn area(m: &Mapping) -> Area {
    match m.coordinates.bounds {
        Some([south, west, north, east]) => Area {
            name: "the mapping's bounds",
            min_lat: south,
            max_lat: north,
            min_lon: west,
            max_lon: east,
        },
        None => WORLD,
    }
}

/// "POINT (lon lat)", with an optional `SRID=…;` and any case.
fn wkt_point(text: &str) -> Option<(String, String)> {
    let t = text.trim();
    let t = t.split_once(';').map_or(t, |(srid, rest)| {
        if srid.to_ascii_uppercase().starts_with("SRID") {
            rest
        } else {
            t
        }
    });
    let upper = t.trim_start().to_ascii_uppercase();
    let inner = upper.strip_prefix("POINT")?.trim();
    let inner = inner.strip_prefix('(')?.strip_suffix(')')?;
    let mut parts = inner.split_whitespace();
    let (lon, lat) = (parts.next()?, parts.next()?);
    Some((lat.to_owned(), lon.to_owned()))
}

/// "(lat, lon)" or "lat, lon".
fn lat_lon_text(text: &str) -> Option<(String, String)> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (lat, lon) = t.split_once(',')?;
    Some((lat.trim().to_owned(), lon.trim().to_owned()))
}

fn point(m: &Mapping, r: &Record, area: &Area) -> Result<(f64, f64), RejectReason> {
    let c = &m.coordinates;
    let from_text = |pair: Option<(String, String)>, field: &str| match r.get(field) {
        None => Err(RejectReason::MissingCoordinates),
        Some(raw) => match pair {
            Some((lat, lon)) => coordinates_from_text(Some(&lat), Some(&lon), area),
            None => Err(RejectReason::BadCoordinates(format!(
                "cannot read '{raw}' in {field} as a point"
            ))),
        },
    };
    if let (Some(lat), Some(lon)) = (&c.lat, &c.lon) {
        coordinates_from_text(r.get(lat), r.get(lon), area)
    } else if let (Some(x), Some(y)) = (&c.x, &c.y) {
        let name = c.projection.as_deref().unwrap_or("");
        let projection = super::projection::Projection::named(name).ok_or_else(|| {
            RejectReason::BadCoordinates(format!("'{name}' is not a projection we know"))
        })?;
        let text = |field: &String| r.get(field).map(str::trim).filter(|s| !s.is_empty());
        let (Some(x), Some(y)) = (text(x), text(y)) else {
            return Err(RejectReason::MissingCoordinates);
        };
        let number = crate::parse::common::parse_coordinate;
        let (Some(east), Some(north)) = (number(x), number(y)) else {
            return Err(RejectReason::BadCoordinates(format!(
                "cannot read '{x}', '{y}' as numbers"
            )));
        };
        let (lat, lon) = projection.to_wgs84(east, north);
        check_point(lat, lon, area)
    } else if let Some(field) = &c.wkt {
        from_text(r.get(field).and_then(wkt_point), field)
    } else if let Some(field) = &c.lat_lon {
        from_text(r.get(field).and_then(lat_lon_text), field)
    } else {
        let p = r.geometry.ok_or(RejectReason::MissingCoordinates)?;
        check_point(p.lat, p.lon, area)
    }
}

fn source_id(m: &Mapping, r: &Record) -> Option<String> {
    if let Some(column) = &m.id.column {
        return r.get(column).and_then(clean);
    }
    let parts: Vec<String> =
        m.id.hash_of
            .iter()
            .map(|f| normalise_name(r.get(f).unwrap_or("")))
            .collect();
    if parts.iter().all(String::is_empty) {
        return None;
    }
    Some(format!(
        "{}-{:016x}",
        m.dataset.key,
        fnv1a64(&parts.join("|"))
    ))
}

/// The type from the value map, else from the value's words, else the default; `None` when
/// there is no value at all.
fn artwork_type(m: &Mapping, r: &Record) -> Option<ArtworkType> {
    let value = m.artwork_type.column.as_ref().and_then(|c| r.get(c))?;
    let value = value.trim();
    let mapped = m
        .artwork_type
        .map
        .iter()
        .find(|(k, _)| k.trim().eq_ignore_ascii_case(value))
        .map(|(_, t)| *t);
    Some(
        mapped
            .or_else(|| super::type_of_words(value))
            .unwrap_or(m.artwork_type.default.unwrap_or(ArtworkType::Other)),
    )
}

fn status(m: &Mapping, r: &Record) -> SourceStatus {
    let Some(value) = m.status.column.as_ref().and_then(|c| r.get(c)) else {
        return SourceStatus::InPlace;
    };
    m.status
        .map
        .iter()
        .find(|(k, _)| k.trim().eq_ignore_ascii_case(value.trim()))
        .map_or(SourceStatus::InPlace, |(_, s)| *s)
}

fn artist_names(m: &Mapping, r: &Record) -> Vec<String> {
    let Some(text) = m.fields.artists.as_ref().and_then(|c| r.get(c)) else {
        return Vec::new();
    };
    let separator = m.fields.artist_separator.as_deref().unwrap_or(";");
    text.split(separator).map(str::to_owned).collect()
}

/// Applies the mapping to every record. Rows the reader could not read stay rejects.
pub fn apply(m: &Mapping, records: Records) -> ParsedFile {
    let area = area(m);
    let mut book = ArtistBook::default();
    let mut artworks: Vec<ImportedArtwork> = Vec::new();
    let mut rejects = records.rejects;
    let records_read = records.records.len() + rejects.len();
    // source id → (row, index in `artworks`)
    let mut seen: HashMap<String, (usize, usize)> = HashMap::new();
    // Each record is dropped once mapped, so the file's records and its artworks are not all
    // held at once.
    for r in records.records {
        let r = &r;
        let reject = |source_id: Option<&String>, reason| Reject {
            row: r.row,
            source_id: source_id.cloned(),
            reason,
        };
        let Some(id) = source_id(m, r) else {
            rejects.push(reject(
                None,
                RejectReason::Malformed("no id in the id field(s)".into()),
            ));
            continue;
        };
        let kind = artwork_type(m, r);
        let title = m
            .fields
            .title
            .as_ref()
            .and_then(|c| r.get(c))
            .and_then(clean);
        let title = match (title, kind) {
            (Some(t), _) => t,
            // A typed record without a title is a work the publisher did not name.
            (None, Some(t)) => format!("Untitled {}", t.as_str()),
            (None, _) => {
                rejects.push(reject(Some(&id), RejectReason::MissingTitle));
                continue;
            }
        };
        let (lat, lon) = match point(m, r, &area) {
            Ok(p) => p,
            Err(reason) => {
                rejects.push(reject(Some(&id), reason));
                continue;
            }
        };
        let artist_ids = book.credit_all(&artist_names(m, r));
        if let Some(&(first_row, index)) = seen.get(&id) {
            for a in artist_ids {
                push_unique(&mut artworks[index].artist_source_ids, a);
            }
            let why = format!("the same id as row {first_row}; artists merged into it");
            rejects.push(reject(Some(&id), RejectReason::Duplicate(why)));
            continue;
        }
        seen.insert(id.clone(), (r.row, artworks.len()));

        let field = |f: &Option<String>| f.as_ref().and_then(|c| r.get(c));
        let mut tags = BTreeMap::new();
        put_year(&mut tags, field(&m.fields.year));
        put_material(&mut tags, field(&m.fields.material));
        put(
            &mut tags,
            "address",
            field(&m.fields.address).map(str::to_owned),
        );
        put(&mut tags, "photo_url", clean_url(field(&m.fields.photo)));
        if let Some(p) = r.geometry.filter(|_| m.coordinates.geometry) {
            put(
                &mut tags,
                "location_note",
                p.centroid_of
                    .map(|kind| format!("the centre of the source's {kind}")),
            );
        }
        let status = status(m, r);
        match status {
            SourceStatus::PaintedOver => {
                put(&mut tags, "condition_detail", Some("painted over".into()))
            }
            SourceStatus::Destroyed => put(&mut tags, "condition_detail", Some("destroyed".into())),
            SourceStatus::InPlace | SourceStatus::Removed => {}
        }
        for (key, column) in &m.tags {
            put(&mut tags, key, r.get(column).map(str::to_owned));
        }
        artworks.push(ImportedArtwork {
            source_id: id,
            title,
            description: field(&m.fields.description).and_then(clean_paragraphs),
            artwork_type: kind.unwrap_or(ArtworkType::Other).as_str().to_owned(),
            lat,
            lon,
            tags,
            artist_source_ids: artist_ids,
            presence: match status {
                SourceStatus::InPlace => Presence::InPlace,
                _ => Presence::Removed,
            },
            source_url: clean_url(field(&m.fields.url)),
        });
    }
    ParsedFile {
        dataset: m.dataset(),
        artists: book.into_artists(),
        artworks,
        rejects,
        records_read,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_read_from_wkt_and_from_lat_lon_text() {
        assert_eq!(
            wkt_point("SRID=4326;POINT (-73.98 40.75)"),
            Some(("40.75".into(), "-73.98".into()))
        );
        assert_eq!(
            wkt_point("point(2.35 48.85)"),
            Some(("48.85".into(), "2.35".into()))
        );
        assert_eq!(wkt_point("LINESTRING (1 2, 3 4)"), None);
        assert_eq!(
            lat_lon_text("(45.5, -73.56)"),
            Some(("45.5".into(), "-73.56".into()))
        );
        assert_eq!(lat_lon_text("45.5"), None);
    }
}
