//! `area`'s given/when/then tests, the boundary file's reading and the grid.

use serde_json::json;

use super::*;
use crate::testing::check_all;

type Case = crate::testing::Case<AreaMap>;

fn admin() -> Option<AccountId> {
    Some(AccountId(Uuid::from_u128(1)))
}

fn square(w: f64, s: f64, side: f64) -> Value {
    json!([[
        [w, s],
        [w + side, s],
        [w + side, s + side],
        [w, s + side],
        [w, s]
    ]])
}

fn collection(features: Vec<Value>) -> Value {
    json!({ "type": "FeatureCollection", "features": features })
}

fn feature(properties: Value, geometry: Value) -> Value {
    json!({ "type": "Feature", "properties": properties, "geometry": geometry })
}

fn file() -> BoundaryFile {
    BoundaryFile::from_geojson(
        "Local areas",
        "City of Vancouver, Open Government Licence",
        None,
        &collection(vec![feature(
            json!({"name": "Downtown"}),
            json!({"type": "Polygon", "coordinates": square(-123.13, 49.27, 0.02)}),
        )]),
    )
    .unwrap()
}

fn load() -> AreaMapCommand {
    AreaMapCommand::Load {
        file: file(),
        by: admin(),
    }
}

#[tokio::test]
async fn loading_and_clearing_boundary_files() {
    let loaded = AreaMapEvent::BoundariesLoaded {
        file: file(),
        by: admin(),
    };
    check_all([
        Case {
            name: "a first file is loaded",
            given: vec![],
            when: load(),
            then: Ok(vec![loaded.clone()]),
        },
        Case {
            name: "a second file replaces the first",
            given: vec![loaded.clone()],
            when: load(),
            then: Ok(vec![loaded.clone()]),
        },
        Case {
            name: "clearing the file in force goes back to the grid",
            given: vec![loaded.clone()],
            when: AreaMapCommand::Clear { by: admin() },
            then: Ok(vec![AreaMapEvent::BoundariesCleared { by: admin() }]),
        },
        Case {
            name: "clearing with no file loaded is refused",
            given: vec![],
            when: AreaMapCommand::Clear { by: admin() },
            then: Err(AreaError::NothingLoaded),
        },
        Case {
            name: "clearing twice is refused the second time",
            given: vec![loaded, AreaMapEvent::BoundariesCleared { by: admin() }],
            when: AreaMapCommand::Clear { by: admin() },
            then: Err(AreaError::NothingLoaded),
        },
    ])
    .await;
}

#[test]
fn a_feature_collection_reads_as_named_areas_with_their_holes() {
    let doughnut = json!([
        [[0.0, 0.0], [3.0, 0.0], [3.0, 3.0], [0.0, 3.0]],
        [[1.0, 1.0], [2.0, 1.0], [2.0, 2.0], [1.0, 1.0]]
    ]);
    let geojson = collection(vec![
        json!({"type": "Feature", "id": "A-1", "properties": {"NAME": " West  End "},
               "geometry": {"type": "Polygon", "coordinates": doughnut}}),
        feature(
            json!({"name": "Islands", "NAME": "ignored"}),
            json!({"type": "MultiPolygon", "coordinates": [square(5.0, 5.0, 1.0), square(7.0, 7.0, 1.0)]}),
        ),
    ]);
    let f = BoundaryFile::from_geojson(" Areas ", "Someone", None, &geojson).unwrap();
    assert_eq!(f.name, "Areas");
    assert_eq!(
        f.areas
            .iter()
            .map(|a| (a.key.as_str(), a.name.as_str(), a.shapes.len()))
            .collect::<Vec<_>>(),
        [("A-1", "West End", 1), ("2", "Islands", 2)]
    );
    // The open outline is closed; the hole is kept.
    assert_eq!(f.areas[0].shapes[0].outer.len(), 5);
    assert_eq!(f.areas[0].shapes[0].outer[4], [0.0, 0.0]);
    assert_eq!(f.areas[0].shapes[0].holes.len(), 1);
    // A named property wins over the ones tried by default.
    let named = BoundaryFile::from_geojson("Areas", "Someone", Some("NAME"), &geojson).unwrap();
    assert_eq!(named.areas[1].name, "ignored");
}

#[test]
fn a_file_that_is_not_areas_is_refused_with_why() {
    let poly = json!({"type": "Polygon", "coordinates": square(0.0, 0.0, 1.0)});
    let refused = |name: &str, attribution: &str, geojson: Value| match BoundaryFile::from_geojson(
        name,
        attribution,
        None,
        &geojson,
    ) {
        Err(AreaError::Invalid { field, message }) => (field, message),
        other => panic!("{other:?}"),
    };
    let one = || collection(vec![feature(json!({"name": "A"}), poly.clone())]);
    assert_eq!(
        refused("", "x", one()),
        ("name", "Name is required".to_owned())
    );
    assert_eq!(
        refused("x", " ", one()),
        ("attribution", "Attribution is required".to_owned())
    );
    assert_eq!(
        refused("x", "x", json!({"type": "Feature"})),
        (
            "geojson",
            "The file is not a GeoJSON FeatureCollection".to_owned()
        )
    );
    assert_eq!(
        refused("x", "x", collection(vec![])).1,
        "The file has no areas"
    );
    assert_eq!(
        refused("x", "x", collection(vec![feature(json!({"id": 3}), poly.clone())])).1,
        "Area 1 has no name property (tried name, Name, NAME, name_en, neighbourhood, neighborhood, nom, label)"
    );
    // One area "P" with a geometry that is not an area, and why.
    for (geometry, why) in [
        (
            json!({"type": "Point", "coordinates": [0, 0]}),
            "a Point is not an area (Polygon or MultiPolygon)",
        ),
        (
            json!({"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 0]]]}),
            "a ring has fewer than three corners",
        ),
        (
            json!({"type": "Polygon", "coordinates": [[[0, 0], [200, 1], [1, 1], [0, 0]]]}),
            "a point is not [longitude, latitude] in range",
        ),
    ] {
        let file = collection(vec![feature(json!({"name": "P"}), geometry)]);
        assert_eq!(refused("x", "x", file).1, format!("Area 1 (P): {why}"));
    }
    let many = collection(
        (0..=MAX_AREAS)
            .map(|_| feature(json!({"name": "A"}), poly.clone()))
            .collect(),
    );
    assert_eq!(
        refused("x", "x", many).1,
        format!(
            "The file has {} areas; at most {MAX_AREAS} can be loaded",
            MAX_AREAS + 1
        )
    );
    let twice = collection(vec![
        json!({"type": "Feature", "id": "a", "properties": {"name": "A"}, "geometry": poly}),
        json!({"type": "Feature", "id": "a", "properties": {"name": "B"}, "geometry": poly}),
    ]);
    assert_eq!(refused("x", "x", twice).1, "Area 2: the id a is used twice");
}

#[test]
fn grid_cells_are_about_a_kilometre_and_their_keys_go_both_ways() {
    let (row, col) = grid_cell(49.2827, -123.1207);
    let (s, w, n, e) = grid_bounds(row, col);
    assert!(s <= 49.2827 && 49.2827 < n && w <= -123.1207 && -123.1207 < e);
    // About a kilometre each way at Vancouver's latitude.
    let km_ns = (n - s) * 111.2;
    let km_ew = (e - w) * 111.2 * 49.28_f64.to_radians().cos();
    assert!(
        (0.9..1.1).contains(&km_ns) && (0.9..1.1).contains(&km_ew),
        "{km_ns} {km_ew}"
    );
    assert_eq!(parse_grid_key(&grid_key(row, col)), Some((row, col)));
    assert_eq!(parse_grid_key("g:-3:x"), None);
    assert_eq!(parse_grid_key("A-1"), None);
    // Neighbours are other cells.
    assert_ne!(grid_cell(49.2827 + GRID_DEGREES, -123.1207), (row, col));
}
