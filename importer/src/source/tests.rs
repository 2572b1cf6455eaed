//! Reading each format from files the tests write.

use super::*;
use std::io::Write;

fn file(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = dir.path().join(name);
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(bytes))
        .unwrap();
    path
}

fn read_default(path: &Path) -> Result<Records, ParseError> {
    read(path, &ReadOptions::default())
}

#[test]
fn csv_with_a_bom_semicolons_quoted_newlines_and_missing_markers() {
    let dir = tempfile::tempdir().unwrap();
    let text = "\u{feff}ID;Titre;Description;Latitude;Longitude\n\
                1;Le Phare;\"Deux lignes;\nune seule cellule\";45.5;-73.56\n\
                2;NA;N/A;null;\n";
    let path = file(&dir, "montreal.csv", text.as_bytes());
    let r = read_default(&path).unwrap();
    assert_eq!(r.format, Format::Csv);
    assert_eq!(r.encoding, "utf-8");
    assert_eq!(
        r.columns,
        ["ID", "Titre", "Description", "Latitude", "Longitude"]
    );
    assert_eq!(r.records.len(), 2);
    assert_eq!(
        r.records[0].get("Description"),
        Some("Deux lignes;\nune seule cellule")
    );
    assert_eq!(r.records[0].row, 1);
    let second = &r.records[1];
    assert_eq!(second.row, 2);
    assert_eq!(second.get("ID"), Some("2"));
    for gone in ["Titre", "Description", "Latitude", "Longitude"] {
        assert_eq!(second.get(gone), None, "{gone}");
    }
}

#[test]
fn windows_1252_text_is_detected_and_read() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"id,titre,lat,lon\n1,".to_vec();
    bytes.extend_from_slice(b"Fontaine de l'\xc9t\xe9 \x96 1920");
    bytes.extend_from_slice(b",45.5,-73.5\n");
    let path = file(&dir, "latin.csv", &bytes);
    let r = read_default(&path).unwrap();
    assert_eq!(r.encoding, "windows-1252");
    assert_eq!(r.records[0].get("titre"), Some("Fontaine de l'Été – 1920"));
}

#[test]
fn tabs_and_pipes_are_found_and_a_named_delimiter_wins() {
    let dir = tempfile::tempdir().unwrap();
    let tsv = file(&dir, "a.tsv", b"a\tb\n1\t2\n");
    assert_eq!(read_default(&tsv).unwrap().records[0].get("b"), Some("2"));
    let piped = file(&dir, "b.csv", b"a|b\n1|2\n");
    assert_eq!(read_default(&piped).unwrap().records[0].get("b"), Some("2"));
    let odd = file(&dir, "c.csv", b"a,b:c:d\n1,2:3:4\n");
    let options = ReadOptions {
        delimiter: Some(':'),
        ..Default::default()
    };
    let r = read(&odd, &options).unwrap();
    assert_eq!(r.columns, ["a,b", "c", "d"]);
}

#[test]
fn files_that_are_not_csv_text_are_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let utf16: Vec<u8> = [0xff, 0xfe]
        .into_iter()
        .chain("a,b\n".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let err = read_default(&file(&dir, "u16.csv", &utf16)).unwrap_err();
    assert!(err.to_string().contains("UTF-16"), "{err}");
    let err = read_default(&file(&dir, "bin.csv", b"a,b\n\x00\x01\x02")).unwrap_err();
    assert!(err.to_string().contains("not a text file"), "{err}");
    let err = read_default(&file(&dir, "one.csv", b"justonecolumn\nx\n")).unwrap_err();
    assert!(err.to_string().contains("fewer than two columns"), "{err}");
    let err = read_default(&file(&dir, "empty.dat", b"")).unwrap_err();
    assert!(err.to_string().contains("empty"), "{err}");
}

#[test]
fn a_line_longer_than_the_limit_is_refused_before_it_fills_memory() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"a,b\n1,".to_vec();
    bytes.resize(bytes.len() + csv_file::MAX_LINE + 10, b'x');
    let err = read_default(&file(&dir, "long.csv", &bytes)).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("line 2 is longer than 16 MiB"), "{msg}");
}

#[test]
fn geojson_points_and_the_centre_of_other_geometries() {
    let dir = tempfile::tempdir().unwrap();
    let text = r#"{"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": 7, "geometry": {"type": "Point", "coordinates": [-71.1, 42.37]},
         "properties": {"Title": "Valve plate", "Year": 2002}},
        {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]]]},
         "properties": {"Title": "Plaza", "id": "p-1"}},
        {"type": "Feature", "geometry": null, "properties": {"Title": "Nowhere"}},
        "not a feature"
    ]}"#;
    let r = read_default(&file(&dir, "art.geojson", text.as_bytes())).unwrap();
    assert_eq!(r.format, Format::Geojson);
    assert_eq!(r.records.len(), 3);
    let first = &r.records[0];
    assert_eq!(first.get("id"), Some("7"));
    assert_eq!(first.get("Year"), Some("2002"));
    assert_eq!(
        first.geometry.map(|g| (g.lat, g.lon, g.centroid_of)),
        Some((42.37, -71.1, None))
    );
    let plaza = &r.records[1];
    assert_eq!(plaza.get("id"), Some("p-1"));
    assert_eq!(
        plaza.geometry.map(|g| (g.lat, g.lon, g.centroid_of)),
        Some((1.0, 1.0, Some("Polygon")))
    );
    assert_eq!(r.records[2].geometry, None);
    assert_eq!(r.rejects.len(), 1);
    assert_eq!(r.rejects[0].row, 4);
}

#[test]
fn json_records_at_a_path_with_nested_fields() {
    let dir = tempfile::tempdir().unwrap();
    let text = r#"{"result": {"records": [
        {"id": 1, "title": "Solo", "photo": {"url": "https://x.test/1.jpg"}, "artists": ["A", "B"]}
    ]}}"#;
    let path = file(&dir, "records.json", text.as_bytes());
    let err = read_default(&path).unwrap_err();
    assert!(
        err.to_string().contains("name the array with `records`"),
        "{err}"
    );
    let options = ReadOptions {
        records: Some("result.records".into()),
        ..Default::default()
    };
    let r = read(&path, &options).unwrap();
    assert_eq!(r.format, Format::Json);
    let rec = &r.records[0];
    assert_eq!(rec.get("photo.url"), Some("https://x.test/1.jpg"));
    assert_eq!(rec.get("artists"), Some("A; B"));
    assert_eq!(r.columns, ["artists", "id", "photo.url", "title"]);
}

/// JSON is read an element at a time: the array is found behind keys before and after it,
/// inside an array by index, and each element is given before the next is read, so a fault
/// late in the file comes after the records before it (the importer's first pass finds it
/// before anything is written).
#[test]
fn json_records_are_given_one_at_a_time_wherever_the_array_is() {
    let dir = tempfile::tempdir().unwrap();
    let text = r#"{"meta": {"records": "not these", "n": [1, 2]}, "pages": [
        {"records": [{"id": 0}]},
        {"records": [{"id": 1, "t": "a"}, 7, {"id": 2, "t": null, "more": [{"x": true}]}]}
    ], "after": {"records": [{"id": 9}]}}"#;
    let path = file(&dir, "paged.json", text.as_bytes());
    let options = ReadOptions {
        records: Some("pages.1.records".into()),
        ..Default::default()
    };
    let mut seen = Vec::new();
    let shape = each(&path, &options, &mut |read| {
        seen.push(match read {
            Ok(r) => (r.row, r.get("id").map(str::to_owned)),
            Err(reject) => (reject.row, None),
        })
    })
    .unwrap();
    assert_eq!(
        seen,
        [(1, Some("1".into())), (2, None), (3, Some("2".into()))]
    );
    assert_eq!(shape.columns, ["id", "t", "more.0.x"]);

    let missing = ReadOptions {
        records: Some("pages.5.records".into()),
        ..Default::default()
    };
    let err = read(&path, &missing).unwrap_err();
    assert!(err.to_string().contains("no array of"), "{err}");

    let cut = file(&dir, "cut.json", br#"[{"id": 1}, {"id": 2}, {"id": "#);
    let mut given = 0;
    let err = each(&cut, &ReadOptions::default(), &mut |_| given += 1).unwrap_err();
    assert_eq!(given, 2);
    assert!(err.to_string().contains("not valid JSON"), "{err}");
}

/// A JSON file of one huge record (a minified export is one line of any length, so lines are
/// not the measure) is refused once the record passes the cap, before it fills memory; the
/// records before it were read.
#[test]
fn a_json_record_larger_than_the_limit_is_refused_before_it_fills_memory() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = br#"[{"id": 1}, {"id": 2, "title": ""#.to_vec();
    text.resize(text.len() + json_file::MAX_RECORD + 10, b'x');
    text.extend_from_slice(br#""}]"#);
    let path = file(&dir, "huge.json", &text);
    let mut given = 0;
    let err = each(&path, &ReadOptions::default(), &mut |_| given += 1).unwrap_err();
    assert_eq!(given, 1);
    assert!(matches!(err, ParseError::Format { .. }), "{err}");
    assert!(err.to_string().contains("larger than 16 MiB"), "{err}");
}

#[test]
fn overpass_nodes_and_ways_with_a_centre() {
    let dir = tempfile::tempdir().unwrap();
    let text = r#"{"version": 0.6, "elements": [
        {"type": "node", "id": 101, "lat": 48.85, "lon": 2.35,
         "tags": {"tourism": "artwork", "artwork_type": "statue", "name": "La Liberté"}},
        {"type": "way", "id": 202, "center": {"lat": 48.86, "lon": 2.36}, "nodes": [1, 2, 3],
         "tags": {"historic": "memorial", "name": "Mur"}}
    ]}"#;
    let r = read_default(&file(&dir, "export.json", text.as_bytes())).unwrap();
    assert_eq!(r.format, Format::Overpass);
    assert_eq!(r.records[0].get("tags.artwork_type"), Some("statue"));
    assert_eq!(
        r.records[0].geometry.map(|g| (g.lat, g.lon)),
        Some((48.85, 2.35))
    );
    let way = r.records[1].geometry.unwrap();
    assert_eq!((way.lat, way.lon), (48.86, 2.36));
    assert!(way.centroid_of.is_some());
}

fn fields(pairs: &[(&str, &str)]) -> Fields {
    pairs.iter().map(|&(k, v)| (k, v)).collect()
}

#[test]
fn osm_xml_nodes_and_ways_with_a_centre_or_the_mean_of_their_nodes() {
    let dir = tempfile::tempdir().unwrap();
    // Overpass `out center; >; out skel;`: the ways' untagged nodes come after the ways.
    let text = r#"<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="Overpass API 0.7.62.1">
  <note>The data included in this document is from www.openstreetmap.org.</note>
  <meta osm_base="2024-05-01T12:00:00Z"/>
  <node id="101" lat="48.8500000" lon="2.3500000">
    <tag k="tourism" v="artwork"/>
    <tag k="artwork_type" v="statue"/>
    <tag k="name" v="La Libert&#233; &amp; l&apos;&#201;galit&#233;"/>
  </node>
  <node id="102" lat="48.8510000" lon="2.3510000" version="3" user="Zoé">
    <tag k="tourism" v="artwork"/>
    <tag k="artist_name" v="N/A"/>
    <tag k="name" v="Fontaine"/>
  </node>
  <node id="1" lat="48.0000000" lon="2.0000000"/>
  <way id="202">
    <center lat="48.8600000" lon="2.3600000"/>
    <nd ref="1"/>
    <nd ref="2"/>
    <nd ref="3"/>
    <tag k="historic" v="memorial"/>
    <tag k="name" v="Mur"/>
  </way>
  <way id="303">
    <nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/>
    <tag k="tourism" v="artwork"/>
    <tag k="artwork_type" v="installation"/>
  </way>
  <way id="404">
    <nd ref="1"/><nd ref="999"/>
    <tag k="tourism" v="artwork"/>
  </way>
  <node id="2" lat="48.0000000" lon="2.0040000"/>
  <node id="3" lat="48.0040000" lon="2.0040000"/>
  <node id="4" lat="48.0040000" lon="2.0000000"/>
</osm>
"#;
    let r = read_default(&file(&dir, "export.osm", text.as_bytes())).unwrap();
    assert_eq!(r.format, Format::Osm);
    assert_eq!(r.encoding, "utf-8");
    assert!(r.rejects.is_empty());
    assert_eq!(r.records.len(), 5, "the untagged nodes are not records");
    let rows: Vec<usize> = r.records.iter().map(|rec| rec.row).collect();
    assert_eq!(rows, [1, 2, 3, 4, 5]);

    let liberte = &r.records[0];
    assert_eq!(
        liberte.fields,
        fields(&[
            ("type", "node"),
            ("id", "101"),
            ("lat", "48.85"),
            ("lon", "2.35"),
            ("tags.tourism", "artwork"),
            ("tags.artwork_type", "statue"),
            ("tags.name", "La Liberté & l'Égalité"),
        ])
    );
    assert_eq!(
        liberte.geometry,
        Some(Point {
            lat: 48.85,
            lon: 2.35,
            centroid_of: None
        })
    );

    let fontaine = &r.records[1];
    assert_eq!(
        fontaine.fields,
        fields(&[
            ("type", "node"),
            ("id", "102"),
            ("lat", "48.851"),
            ("lon", "2.351"),
            ("version", "3"),
            ("user", "Zoé"),
            ("tags.tourism", "artwork"),
            ("tags.name", "Fontaine"),
        ]),
        "a missing value (N/A) is left out"
    );

    let mur = &r.records[2];
    assert_eq!(
        mur.fields,
        fields(&[
            ("type", "way"),
            ("id", "202"),
            ("center.lat", "48.86"),
            ("center.lon", "2.36"),
            ("nodes", "1; 2; 3"),
            ("tags.historic", "memorial"),
            ("tags.name", "Mur"),
        ])
    );
    assert_eq!(
        mur.geometry,
        Some(Point {
            lat: 48.86,
            lon: 2.36,
            centroid_of: Some("the OSM way's centre")
        })
    );

    let installation = &r.records[3];
    assert_eq!(
        installation.fields,
        fields(&[
            ("type", "way"),
            ("id", "303"),
            ("nodes", "1; 2; 3; 4; 1"),
            ("tags.tourism", "artwork"),
            ("tags.artwork_type", "installation"),
        ])
    );
    let centre = installation.geometry.unwrap();
    assert!(
        (centre.lat - 48.002).abs() < 1e-9 && (centre.lon - 2.002).abs() < 1e-9,
        "the closed way's first node counts once: {centre:?}"
    );
    assert_eq!(centre.centroid_of, Some("the OSM way's centre"));

    let unplaced = &r.records[4];
    assert_eq!(unplaced.get("nodes"), Some("1; 999"));
    assert_eq!(unplaced.geometry, None, "node 999 is not in the file");

    assert_eq!(
        r.columns,
        [
            "id",
            "lat",
            "lon",
            "tags.artwork_type",
            "tags.name",
            "tags.tourism",
            "type",
            "user",
            "version",
            "center.lat",
            "center.lon",
            "nodes",
            "tags.historic",
        ]
    );
}

#[test]
fn osm_xml_and_overpass_json_of_the_same_data_give_the_same_records() {
    let dir = tempfile::tempdir().unwrap();
    let json = r#"{"version": 0.6, "generator": "Overpass API", "elements": [
        {"type": "node", "id": 101, "lat": 51.5000000, "lon": 0.0000000, "timestamp": "2023-04-01T10:00:00Z",
         "version": 4, "changeset": 1234, "user": "Ada", "uid": 42,
         "tags": {"tourism": "artwork", "artwork_type": "statue", "name": "Ça & \"là\"",
                  "artist_name": "none", "start_date": "1920"}},
        {"type": "node", "id": 102, "lat": -33.8688197, "lon": 151.2092955,
         "tags": {"tourism": "artwork", "name": "Harbour <east>"}},
        {"type": "way", "id": 202, "center": {"lat": 48.8600000, "lon": -2.3600000},
         "nodes": [1, 2, 3, 1], "tags": {"historic": "memorial", "name": "Mur"}},
        {"type": "relation", "id": 303, "center": {"lat": 45.5000000, "lon": -73.5600000},
         "members": [{"type": "way", "ref": 202, "role": "outer"}, {"type": "node", "ref": 101, "role": ""}],
         "tags": {"type": "multipolygon", "tourism": "artwork", "name": "Jardin"}}
    ]}"#;
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="Overpass API">
  <node id="101" lat="51.5000000" lon="0.0000000" timestamp="2023-04-01T10:00:00Z" version="4" changeset="1234" user="Ada" uid="42">
    <tag k="tourism" v="artwork"/>
    <tag k="artwork_type" v="statue"/>
    <tag k="name" v="&#199;a &amp; &quot;là&quot;"/>
    <tag k="artist_name" v="none"/>
    <tag k="start_date" v="1920"/>
  </node>
  <node id="102" lat="-33.8688197" lon="151.2092955">
    <tag k="tourism" v="artwork"/>
    <tag k="name" v="Harbour &lt;east&gt;"/>
  </node>
  <way id="202">
    <center lat="48.8600000" lon="-2.3600000"/>
    <nd ref="1"/>
    <nd ref="2"/>
    <nd ref="3"/>
    <nd ref="1"/>
    <tag k="historic" v="memorial"/>
    <tag k="name" v="Mur"/>
  </way>
  <relation id="303">
    <center lat="45.5000000" lon="-73.5600000"/>
    <member type="way" ref="202" role="outer"/>
    <member type="node" ref="101" role=""/>
    <tag k="type" v="multipolygon"/>
    <tag k="tourism" v="artwork"/>
    <tag k="name" v="Jardin"/>
  </relation>
</osm>
"#;
    let from_json = read_default(&file(&dir, "export.json", json.as_bytes())).unwrap();
    // Named .xml, it is known by its <osm> element.
    let from_xml = read_default(&file(&dir, "export.xml", xml.as_bytes())).unwrap();
    assert_eq!(from_json.format, Format::Overpass);
    assert_eq!(from_xml.format, Format::Osm);
    assert_eq!(from_xml.records.len(), from_json.records.len());
    for (x, j) in from_xml.records.iter().zip(&from_json.records) {
        assert_eq!(x.row, j.row);
        assert_eq!(x.fields, j.fields, "record {}", j.row);
        assert_eq!(x.geometry, j.geometry, "record {}", j.row);
        assert!(x.geometry.is_some(), "record {}", j.row);
    }
    assert_eq!(from_xml.columns, from_json.columns);
    assert_eq!(from_xml.records[0].get("lon"), Some("0.0"));
    assert_eq!(from_xml.records[3].get("members.0.role"), Some("outer"));
    assert_eq!(from_xml.records[3].get("members.1.role"), None);
}

#[test]
fn broken_osm_xml_is_an_error_that_says_where_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[u8], &[&str]); 7] = [
        (
            "mismatched.osm",
            b"<osm>\n<node id=\"1\" lat=\"1\" lon=\"2\">\n<tag k=\"a\" v=\"b\"/></way>\n</osm>\n",
            &["line 3", "</node>"],
        ),
        (
            "cut.osm",
            b"<osm>\n<node id=\"1\" lat=\"1\" lon=\"2\">\n<tag k=\"a\" v=\"b\"/>\n",
            &["cut short", "line 4"],
        ),
        (
            "attribute.osm",
            b"<osm>\n\n<node id=\"1 lat=\"1\" lon=\"2\"/>\n</osm>\n",
            &["line 3", "not well-formed XML"],
        ),
        (
            "entity.osm",
            b"<osm>\n<node id=\"1\" lat=\"1\" lon=\"2\">\n<tag k=\"name\" v=\"a&nbsp;b\"/>\n</node>\n</osm>\n",
            &["line 3", "nbsp"],
        ),
        (
            "latin1.osm",
            b"<osm>\n<node id=\"1\" lat=\"1\" lon=\"2\">\n<tag k=\"name\" v=\"\xc9t\xe9\"/>\n</node>\n</osm>\n",
            &["line 3"],
        ),
        (
            "gpx.xml",
            b"<?xml version=\"1.0\"?>\n<gpx><osm/></gpx>\n",
            &["not OpenStreetMap XML", "<gpx>"],
        ),
        ("nothing.osm", b"<?xml version=\"1.0\"?>\n", &["no <osm> element"]),
    ];
    for (name, bytes, wanted) in cases {
        let err = read_default(&file(&dir, name, bytes)).unwrap_err();
        let msg = err.to_string();
        assert!(matches!(err, ParseError::Format { .. }), "{name}: {msg}");
        for w in wanted {
            assert!(msg.contains(w), "{name}: {msg} lacks {w}");
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..Default::default()
    })]

    /// OSM XML cut anywhere or with a byte changed is read or refused, never a panic.
    #[test]
    fn damaged_osm_xml_never_panics(cut in 0..400usize, at in 0..400usize, byte in proptest::prelude::any::<u8>()) {
        let text = br#"<osm version="0.6"><node id="1" lat="1.5" lon="2.5"><tag k="name" v="a &amp; b"/></node><way id="2"><nd ref="1"/><nd ref="3"/><tag k="x" v="y"/></way><node id="3" lat="2" lon="3"/><relation id="4"><member type="way" ref="2" role=""><nd lat="1" lon="2"/></member><tag k="z" v="w"/></relation></osm>"#;
        let mut bytes = text[..cut.min(text.len())].to_vec();
        if let Some(b) = bytes.get_mut(at) {
            *b = byte;
        }
        let dir = tempfile::tempdir().unwrap();
        let _ = read_default(&file(&dir, "damaged.osm", &bytes));
    }
}
