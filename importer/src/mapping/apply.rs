//! Records → the importer's model, by a mapping. Every rule a hand-written parser applied to
//! one dataset is here once: ids (a field or a hash), coordinates checked against the world and
//! the mapping's bounds, the type by value map then by words, artists through one book, years,
//! materials and URLs cleaned the same way.

use super::{Mapping, SourceStatus};
use crate::mapping::common::{
    check_point, clean, clean_paragraphs, clean_url, coordinates_from_text, fnv1a64,
    normalise_name, push_unique, put, put_material, put_year, Area, ArtistBook,
};
use crate::source::{Record, Records};
use crate::{ImportedArtwork, ParsedFile, Presence, Reject, RejectReason};
use domain::ArtworkType;
use std::collections::{BTreeMap, HashMap};

const WORLD: Area = Area {
    name: std::borrow::Cow::Borrowed("the world"),
    min_lat: -90.0,
    max_lat: 90.0,
    min_lon: -180.0,
    max_lon: 180.0,
};

fn area(m: &Mapping) -> Area {
    match m.coordinates.bounds {
        Some([south, west, north, east]) => Area {
            name: m
                .coordinates
                .area_name
                .clone()
                .map_or("the mapping's bounds".into(), Into::into),
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
        let number = crate::mapping::common::parse_coordinate;
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

fn source_id(m: &Mapping, r: &Record, uses: &HashMap<Box<str>, usize>) -> Option<String> {
    if m.id.column.is_some() {
        let id = super::rules::column_id(m, r, |v| uses.get(v).is_some_and(|&n| n > 1));
        if id.is_some() || m.id.hash_of.is_empty() || !super::rules::may_hash(m, r) {
            return id;
        }
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
        super::rules::hash_prefix(m),
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
        .map_or(super::rules::otherwise(m), |(_, s)| *s)
}

/// Maps records one at a time, so a file is never held whole. A file is read twice: the first
/// pass ([`Applier::learn`]) notes each id's first mapped row and the artists its later rows
/// credit, and the second ([`Applier::map`]) gives each record its artwork (the first row of an
/// id, with every row's artists) or why not (a repeat, or what the record lacks). Only for a
/// mapping that does not need the whole file ([`Mapping::whole_file`]); [`apply`] takes those.
pub struct Applier {
    /// Boxed: a mapping is large, and an applier is moved about whole.
    m: Box<Mapping>,
    area: Area,
    book: ArtistBook,
    /// Every id the file has, with the row of its first mapped record (0: only rejected rows).
    rows: HashMap<Box<str>, usize>,
    /// The artists later rows of an id credit, to be added to its first row's.
    repeats: HashMap<Box<str>, Vec<String>>,
    records_read: usize,
    /// Ids with a mapped record: the artworks the file gives.
    artworks: usize,
    /// With `[id] if_shared`: how many records have each id column value (complete once the
    /// first pass is).
    uses: HashMap<Box<str>, usize>,
}

impl Applier {
    pub fn new(m: Mapping) -> Self {
        Self {
            area: area(&m),
            m: Box::new(m),
            book: ArtistBook::default(),
            rows: HashMap::new(),
            repeats: HashMap::new(),
            records_read: 0,
            artworks: 0,
            uses: HashMap::new(),
        }
    }

    pub fn mapping(&self) -> &Mapping {
        &self.m
    }

    /// The artworks the first pass found (records with an id of their own).
    pub fn artworks(&self) -> usize {
        self.artworks
    }

    /// First pass: one record (or a row the reader could not read).
    pub fn learn(&mut self, read: Result<&Record, &Reject>) {
        self.records_read += 1;
        if let (Some(column), Some(_), Ok(r)) = (&self.m.id.column, &self.m.id.if_shared, read) {
            let r = super::rules::prepare(&self.m, r);
            if let Some(v) = r.get(column).and_then(clean) {
                *self.uses.entry(v.into_boxed_str()).or_default() += 1;
            }
        }
        let (id, row, artists) = match read {
            Err(reject) => (reject.source_id.clone(), 0, Vec::new()),
            Ok(r) => match self.one(r) {
                Ok(a) => (Some(a.source_id), r.row, a.artist_source_ids),
                Err(reject) => (reject.source_id, 0, Vec::new()),
            },
        };
        let Some(id) = id else { return };
        let first = self.rows.entry(id.clone().into_boxed_str()).or_insert(0);
        if *first == 0 {
            *first = row;
            self.artworks += usize::from(row != 0);
        } else if row != 0 {
            let extra = self.repeats.entry(id.into_boxed_str()).or_default();
            for a in artists {
                push_unique(extra, a);
            }
        }
    }

    /// Second pass: the record's artwork, or why it has none.
    pub fn map(&mut self, read: Result<Record, Reject>) -> Result<ImportedArtwork, Reject> {
        let r = read?;
        let mut a = self.one(&r)?;
        let first = self
            .rows
            .get(a.source_id.as_str())
            .copied()
            .unwrap_or(r.row);
        if first != r.row {
            return Err(Reject {
                row: r.row,
                source_id: Some(a.source_id),
                title: Some(a.title),
                reason: super::rules::duplicate(&self.m, first),
            });
        }
        for extra in self.repeats.get(a.source_id.as_str()).into_iter().flatten() {
            push_unique(&mut a.artist_source_ids, extra.clone());
        }
        Ok(a)
    }

    /// Records read in the first pass, rows the reader refused included.
    pub fn records_read(&self) -> usize {
        self.records_read
    }

    /// Whether the file has record `source_id` (mapped or rejected).
    pub fn has(&self, source_id: &str) -> bool {
        self.rows.contains_key(source_id)
    }

    /// The artists the file credits, in order of first credit.
    pub fn artists(&self) -> Vec<crate::ImportedArtist> {
        self.book.artists().to_vec()
    }

    /// One record's artwork, on its own (ids repeated in the file are [`Applier::map`]'s).
    fn one(&mut self, r: &Record) -> Result<ImportedArtwork, Reject> {
        let m = &self.m;
        let r = &*super::rules::prepare(m, r);
        let reject = |source_id: Option<&String>, reason| Reject {
            row: r.row,
            source_id: source_id.cloned(),
            title: None,
            reason,
        };
        let Some(id) = source_id(m, r, &self.uses) else {
            return Err(reject(None, super::rules::no_id(m, r)));
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
            (None, _) => return Err(reject(Some(&id), RejectReason::MissingTitle)),
        };
        let (lat, lon) = point(m, r, &self.area).map_err(|reason| Reject {
            title: Some(title.clone()),
            ..reject(Some(&id), reason)
        })?;
        // With `duplicates = "first"`, a later row of an id credits no one.
        let repeat = self
            .rows
            .get(id.as_str())
            .is_some_and(|&f| f != 0 && f != r.row);
        let artist_ids = match (m.id.duplicates, repeat) {
            (super::Duplicates::First, true) => Vec::new(),
            _ => super::credits::credit(m, r, &mut self.book),
        };

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
        super::rules::more_tags(m, r, &mut tags);
        Ok(ImportedArtwork {
            source_id: id,
            title,
            description: field(&m.fields.description).and_then(clean_paragraphs),
            artwork_type: super::rules::artwork_type(m, r, kind).as_str().to_owned(),
            lat,
            lon,
            tags,
            artist_source_ids: artist_ids,
            presence: match status {
                SourceStatus::InPlace => Presence::InPlace,
                _ => Presence::Removed,
            },
            source_url: clean_url(field(&m.fields.url)),
        })
    }
}

/// Applies the mapping to records read whole (a file small enough to hold, or a sample). The
/// reader's rejects come first, then the mapping's, each in file order.
pub fn apply(m: &Mapping, records: Records) -> ParsedFile {
    if let Some(spec) = &m.artist_records {
        return super::artists::apply(m, spec, records);
    }
    let records_read = records.records.len() + records.rejects.len();
    let mut records = records;
    if let Some(parts) = &m.parts {
        let area = area(m);
        let no_uses = HashMap::new();
        records.records = super::parts::collapse(
            m,
            parts,
            records.records,
            |r| source_id(m, &super::rules::prepare(m, r), &no_uses),
            |r| {
                let titled = m.fields.title.as_ref().and_then(|c| r.get(c)).is_some();
                titled && point(m, r, &area).is_ok()
            },
        );
    }
    let mut applier = Applier::new(m.clone());
    for r in &records.rejects {
        applier.learn(Err(r));
    }
    for r in &records.records {
        applier.learn(Ok(r));
    }
    let mut artworks = Vec::new();
    let mut rejects = records.rejects;
    for r in records.records {
        match applier.map(Ok(r)) {
            Ok(a) => artworks.push(a),
            Err(reject) => rejects.push(reject),
        }
    }
    ParsedFile {
        dataset: m.dataset(),
        artists: applier.artists(),
        artworks,
        rejects: if m.parts.is_some() {
            // Works are in order of their first row, rejects in order of theirs.
            let mut rejects = rejects;
            rejects.sort_by_key(|r| r.row);
            rejects
        } else {
            rejects
        },
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
