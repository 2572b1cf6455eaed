//! OpenStreetMap XML (`.osm`): the OSM API's and JOSM's files and Overpass `[out:xml]` answers,
//! read as a stream of events.
//!
//! Each tagged node, way and relation becomes one record, in file order, with the fields the
//! Overpass JSON reader gives the same element: `type`, `id`, the element's other attributes
//! (`lat`, `lon`, `version`, `user`…), `center.lat`/`center.lon`, `nodes` (a way's node ids
//! joined by "; "), `members.0.ref`…, `bounds.minlat`… and `tags.<key>` for each tag. Numbers are
//! written as JSON writes them (`48.8500000` is `48.85`), so one mapping reads either file.
//! Untagged elements are only geometry: a node's position serves the ways that list it.
//!
//! A record's point is its `lat`/`lon` (a node), else its `<center>` (Overpass `out center`),
//! else for a way the mean of its nodes' positions (a closed way's repeated first node counted
//! once), when every one of them is given in the file, before or after the way.

use super::ParseError;
use super::{is_missing, Columns, Format, Point, Record, Shape};
use crate::Reject;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use std::collections::HashMap;
use std::io::{BufReader, Read};
use std::path::Path;

/// What a point that is not a node's own position is, as the Overpass JSON reader says it.
const WAY_CENTRE: &str = "the OSM way's centre";

/// Attributes that Overpass JSON writes as numbers.
const NUMERIC: [&str; 11] = [
    "id",
    "lat",
    "lon",
    "version",
    "changeset",
    "uid",
    "ref",
    "minlat",
    "minlon",
    "maxlat",
    "maxlon",
];

/// An element's attributes, decoded and unescaped, in order.
type Attributes = Vec<(String, String)>;

/// A way's `<nd>`: the node id, and the position when the file gives it inline (`out geom`).
type Nd = (Option<i64>, Option<(f64, f64)>);

/// The field value of the attribute `attribute`: a number as JSON would write it, any other
/// value as it is unless it is missing.
fn field_value(attribute: &str, value: String) -> Option<String> {
    if NUMERIC.contains(&attribute) {
        if let Ok(n) = serde_json::from_str::<serde_json::Number>(value.trim()) {
            return Some(n.to_string());
        }
    }
    (!is_missing(&value)).then_some(value)
}

/// Adds the attribute `attribute` as the field `name`, unless its value is missing.
fn put(fields: &mut HashMap<String, String>, name: String, attribute: &str, value: String) {
    if let Some(v) = field_value(attribute, value) {
        fields.insert(name, v);
    }
}

fn value<'a>(attributes: &'a Attributes, name: &str) -> Option<&'a str> {
    attributes
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// A coordinate attribute's value, when it is a finite number.
fn coordinate(text: Option<&str>) -> Option<f64> {
    text?.trim().parse::<f64>().ok().filter(|c| c.is_finite())
}

/// The node, way or relation being read.
struct Element {
    kind: &'static str,
    fields: HashMap<String, String>,
    tagged: bool,
    nds: Vec<Nd>,
    /// The `<nd>` ids as the `nodes` field lists them.
    node_ids: Vec<String>,
    members: usize,
    /// Inside a `<member>`: its index, and how many `<nd>` (`out geom`) it has had.
    member: Option<(usize, usize)>,
}

impl Element {
    fn new(kind: &'static str, attributes: Attributes) -> Self {
        let mut fields = HashMap::new();
        fields.insert("type".to_owned(), kind.to_owned());
        for (k, v) in attributes {
            let name = k.clone();
            put(&mut fields, name, &k, v);
        }
        Element {
            kind,
            fields,
            tagged: false,
            nds: Vec::new(),
            node_ids: Vec::new(),
            members: 0,
            member: None,
        }
    }

    /// A child element: `<tag>`, `<nd>`, `<center>`, `<bounds>` or `<member>`; others are left.
    fn child(&mut self, name: &str, attributes: Attributes) {
        match name {
            "tag" => {
                self.tagged = true;
                if let (Some(k), Some(v)) = (value(&attributes, "k"), value(&attributes, "v")) {
                    put(&mut self.fields, format!("tags.{k}"), "", v.to_owned());
                }
            }
            "nd" => {
                let i = self.nds.len();
                let id = value(&attributes, "ref");
                if let Some(id) = id.and_then(|id| field_value("ref", id.to_owned())) {
                    self.node_ids.push(id);
                }
                let inline = coordinate(value(&attributes, "lat"))
                    .zip(coordinate(value(&attributes, "lon")));
                self.nds
                    .push((id.and_then(|id| id.trim().parse().ok()), inline));
                for (k, v) in attributes {
                    if k != "ref" {
                        put(&mut self.fields, format!("geometry.{i}.{k}"), &k, v);
                    }
                }
            }
            "center" | "bounds" => {
                for (k, v) in attributes {
                    put(&mut self.fields, format!("{name}.{k}"), &k, v);
                }
            }
            "member" => {
                let i = self.members;
                self.members += 1;
                self.member = Some((i, 0));
                for (k, v) in attributes {
                    put(&mut self.fields, format!("members.{i}.{k}"), &k, v);
                }
            }
            _ => {}
        }
    }

    /// An `<nd>` inside a `<member>` (a member way's geometry in Overpass `out geom`).
    fn member_nd(&mut self, attributes: Attributes) {
        let Some((i, j)) = self.member else { return };
        for (k, v) in attributes {
            put(
                &mut self.fields,
                format!("members.{i}.geometry.{j}.{k}"),
                &k,
                v,
            );
        }
        self.member = Some((i, j + 1));
    }
}

/// A record found, its point perhaps still to come from its nodes.
struct Found {
    fields: HashMap<String, String>,
    geometry: Option<Point>,
    nds: Vec<Nd>,
}

/// What is read so far.
#[derive(Default)]
struct Document {
    current: Option<Element>,
    found: Vec<Found>,
    /// Every node's position by id, tagged or not.
    positions: HashMap<i64, (f64, f64)>,
}

impl Document {
    /// An element opens `depth` deep (the root `<osm>` is 0).
    fn open(&mut self, depth: usize, name: &str, attributes: Attributes) {
        match depth {
            1 => {
                let kind = match name {
                    "node" => "node",
                    "way" => "way",
                    "relation" => "relation",
                    _ => return,
                };
                self.current = Some(Element::new(kind, attributes));
            }
            2 => {
                if let Some(element) = &mut self.current {
                    element.child(name, attributes);
                }
            }
            3 if name == "nd" => {
                if let Some(element) = &mut self.current {
                    element.member_nd(attributes);
                }
            }
            _ => {}
        }
    }

    /// The element `depth` deep closes.
    fn close(&mut self, depth: usize) {
        match depth {
            1 => {
                if let Some(element) = self.current.take() {
                    self.finish(element);
                }
            }
            2 => {
                if let Some(element) = &mut self.current {
                    element.member = None;
                }
            }
            _ => {}
        }
    }

    fn finish(&mut self, element: Element) {
        let Element {
            kind,
            mut fields,
            tagged,
            nds,
            node_ids,
            ..
        } = element;
        let at = |lat: &str, lon: &str| {
            coordinate(fields.get(lat).map(String::as_str))
                .zip(coordinate(fields.get(lon).map(String::as_str)))
        };
        let own = at("lat", "lon");
        if kind == "node" {
            let id = fields.get("id").and_then(|id| id.parse::<i64>().ok());
            if let (Some(id), Some(position)) = (id, own) {
                self.positions.insert(id, position);
            }
        }
        if !tagged {
            return;
        }
        let geometry = match own {
            Some((lat, lon)) => Some(Point {
                lat,
                lon,
                centroid_of: None,
            }),
            None => at("center.lat", "center.lon").map(|(lat, lon)| Point {
                lat,
                lon,
                centroid_of: Some(WAY_CENTRE),
            }),
        };
        if !node_ids.is_empty() {
            fields.insert("nodes".to_owned(), node_ids.join("; "));
        }
        let nds = if geometry.is_none() && kind == "way" {
            nds
        } else {
            Vec::new()
        };
        self.found.push(Found {
            fields,
            geometry,
            nds,
        });
    }
}

/// The mean of a way's node positions, when the file gives every one.
fn centre(nds: &[Nd], positions: &HashMap<i64, (f64, f64)>) -> Option<Point> {
    let nds = match nds {
        [first, .., last] if first.0.is_some() && first.0 == last.0 => &nds[..nds.len() - 1],
        _ => nds,
    };
    if nds.is_empty() {
        return None;
    }
    let mut sum = (0.0, 0.0);
    for (id, inline) in nds {
        let (lat, lon) = inline.or_else(|| positions.get(&(*id)?).copied())?;
        sum = (sum.0 + lat, sum.1 + lon);
    }
    let n = nds.len() as f64;
    Some(Point {
        lat: sum.0 / n,
        lon: sum.1 / n,
        centroid_of: Some(WAY_CENTRE),
    })
}

/// Where byte `position` is, by line when the file can be read again.
fn place(path: &Path, position: u64) -> String {
    let line = || -> std::io::Result<usize> {
        let mut file = std::fs::File::open(path)?.take(position);
        let mut buf = vec![0; 64 * 1024];
        let mut line = 1;
        loop {
            let n = file.read(&mut buf)?;
            if n == 0 {
                return Ok(line);
            }
            line += buf[..n].iter().filter(|&&b| b == b'\n').count();
        }
    };
    match line() {
        Ok(line) => format!("line {line} (byte {position})"),
        Err(_) => format!("byte {position}"),
    }
}

fn malformed(path: &Path, position: u64, error: &quick_xml::Error) -> ParseError {
    ParseError::format(
        path,
        format!("not well-formed XML at {}: {error}", place(path, position)),
    )
}

/// The element's name and attributes, decoded and unescaped.
fn element(
    e: &BytesStart<'_>,
    decoder: quick_xml::encoding::Decoder,
) -> Result<(String, Attributes), quick_xml::Error> {
    let name = decoder.decode(e.name().as_ref())?.into_owned();
    let mut attributes = Vec::new();
    for a in e.attributes() {
        let a = a?;
        let k = decoder.decode(a.key.as_ref())?.into_owned();
        let v = a.decode_and_unescape_value(decoder)?.into_owned();
        attributes.push((k, v));
    }
    Ok((name, attributes))
}

/// One event that matters here.
enum Step {
    Open(String, Attributes, bool),
    Close,
    End,
    Other,
}

/// Calls `f` with each tagged element once the whole document is read: a way's centre needs
/// nodes that may come after it, so an OSM file is held whole (exports of a city's artworks are
/// small).
pub(super) fn each(
    path: &Path,
    f: &mut dyn FnMut(Result<Record, Reject>),
) -> Result<Shape, ParseError> {
    let file = std::fs::File::open(path).map_err(|e| ParseError::io(path, e))?;
    let mut reader = Reader::from_reader(BufReader::new(file));
    let decoder = reader.decoder();
    let mut buf = Vec::new();
    let mut doc = Document::default();
    let mut depth = 0;
    let mut root_seen = false;
    loop {
        let start = reader.buffer_position();
        let step = match reader.read_event_into(&mut buf) {
            Err(e) => return Err(malformed(path, reader.error_position(), &e)),
            Ok(Event::Start(e)) => {
                let (name, attributes) =
                    element(&e, decoder).map_err(|e| malformed(path, start, &e))?;
                Step::Open(name, attributes, false)
            }
            Ok(Event::Empty(e)) => {
                let (name, attributes) =
                    element(&e, decoder).map_err(|e| malformed(path, start, &e))?;
                Step::Open(name, attributes, true)
            }
            Ok(Event::End(_)) => Step::Close,
            Ok(Event::Eof) => Step::End,
            Ok(_) => Step::Other,
        };
        buf.clear();
        match step {
            Step::Open(name, attributes, empty) => {
                if depth == 0 && (root_seen || name != "osm") {
                    let at = place(path, start);
                    return Err(ParseError::format(
                        path,
                        if root_seen {
                            format!("<{name}> at {at} follows </osm>")
                        } else {
                            format!(
                                "the document at {at} is <{name}>, not <osm>: this is not \
                                 OpenStreetMap XML"
                            )
                        },
                    ));
                }
                root_seen = true;
                doc.open(depth, &name, attributes);
                if empty {
                    doc.close(depth);
                } else {
                    depth += 1;
                }
            }
            Step::Close => {
                // quick-xml refuses an end tag that closes nothing, so depth is at least 1.
                depth = depth.saturating_sub(1);
                doc.close(depth);
            }
            Step::End => break,
            Step::Other => {}
        }
    }
    if depth > 0 {
        let at = place(path, reader.buffer_position());
        return Err(ParseError::format(
            path,
            format!("the file ends at {at} before </osm>: the download may have been cut short"),
        ));
    }
    if !root_seen {
        return Err(ParseError::format(
            path,
            "no <osm> element: this is not OpenStreetMap XML",
        ));
    }
    let Document {
        found, positions, ..
    } = doc;
    let mut columns = Columns::default();
    for (i, found) in found.into_iter().enumerate() {
        let mut names: Vec<&String> = found.fields.keys().collect();
        names.sort();
        for n in names {
            columns.note(n);
        }
        f(Ok(Record {
            row: i + 1,
            geometry: found.geometry.or_else(|| centre(&found.nds, &positions)),
            fields: found.fields.into_iter().collect(),
        }));
    }
    Ok(Shape {
        format: Format::Osm,
        columns: columns.names,
        encoding: "utf-8",
    })
}
