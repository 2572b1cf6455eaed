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

#[test]
fn osm_xml_is_refused_with_what_to_do_instead() {
    let dir = tempfile::tempdir().unwrap();
    let err = read_default(&file(&dir, "export.osm", b"<osm></osm>")).unwrap_err();
    assert!(err.to_string().contains("Overpass JSON"), "{err}");
}
