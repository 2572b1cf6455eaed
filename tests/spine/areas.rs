//! Areas a person can finish (issue 33): grid cells of about a kilometre until an admin loads a
//! boundary file; how many approved artworks each area holds and how many a person has seen;
//! seeing every one earns a badge; a replay keeps the areas.

use std::time::Duration;

use crate::accounts::{admin_session, anonymous_token, signed_in};
use crate::badges::{awarder_idle, badges_until, spawn_awarding};
use crate::fixtures::approved_visit;
use crate::harness::{assert_replay_keeps, import_artwork, vancouver_artwork_at, TestApp};
use command_api::Commands;
use domain::area::{grid_bounds, grid_cell, grid_key};
use serde_json::{json, Value};

const DEADLINE: Duration = Duration::from_secs(30);

/// A place at fractions (`fy` north, `fx` east) of the box (south, west, north, east).
fn at((s, w, n, e): (f64, f64, f64, f64), fy: f64, fx: f64) -> (f64, f64) {
    (s + (n - s) * fy, w + (e - w) * fx)
}

/// A closed GeoJSON ring around the fractions `lo`..`hi` of the box.
fn ring(b: (f64, f64, f64, f64), lo: f64, hi: f64) -> Value {
    let (s, w) = at(b, lo, lo);
    let (n, e) = at(b, hi, hi);
    json!([[w, s], [e, s], [e, n], [w, n], [w, s]])
}

/// `GET path` as `session`, asked again until `done` holds (or the deadline passes).
async fn until(app: &TestApp, session: &str, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + DEADLINE;
    loop {
        let (status, body) = app.get_as(session, path, None).await;
        assert_eq!(status, 200, "{body}");
        if done(&body["data"]) || tokio::time::Instant::now() >= deadline {
            return body["data"].clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// `(name, artworks, seen, finished)` of each area in `list`.
fn summary(list: &Value) -> Vec<(String, i64, Option<i64>, bool)> {
    list["areas"]
        .as_array()
        .unwrap_or_else(|| panic!("{list}"))
        .iter()
        .map(|a| {
            (
                a["name"].as_str().unwrap().to_owned(),
                a["artworks"].as_i64().unwrap(),
                a["seen"].as_i64(),
                a["finished"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_persons_progress_per_area_moves_with_their_visits_in_grid_cells_and_boundary_areas() {
    // Given four artworks in one grid cell (one of them where the boundary file has a hole) and
    // one far off, a visitor and an admin.
    let (app, _awarder, task, modr) = spawn_awarding().await;
    let commands = Commands::new(app.db.pool.clone());
    let (row, col) = grid_cell(49.2611, -123.1139);
    let cell = grid_bounds(row, col);
    let (far_row, far_col) = grid_cell(49.2611 + 0.03, -123.1139 + 0.04);
    let far = grid_bounds(far_row, far_col);
    let places = [
        ("area-a", at(cell, 0.3, 0.3)),
        ("area-b", at(cell, 0.3, 0.4)),
        ("area-c", at(cell, 0.4, 0.3)),
        ("area-hole", at(cell, 0.7, 0.7)),
        ("area-far", at(far, 0.5, 0.5)),
    ];
    let mut ids = Vec::new();
    for (source_id, place) in places {
        let record = vancouver_artwork_at(source_id, source_id, "mural", place, &[], &[]);
        ids.push(record.id.to_string());
        import_artwork(&commands, record).await;
    }
    let session = signed_in(&app, "areas-visitor@plinth.test").await;
    let admin = admin_session(&app, "areas-admin@plinth.test").await;
    let (s, w, _, _) = cell;
    let (_, _, n, e) = far;
    let view = format!("north={n}&south={s}&east={e}&west={w}");

    // Then with no file loaded the areas are grid cells: the two that hold artworks.
    let grid = until(&app, &session, &format!("/api/areas?{view}"), |d| {
        summary(d).iter().map(|a| a.1).sum::<i64>() == 5
    })
    .await;
    assert!(grid["file"].is_null(), "{grid}");
    let cells: Vec<(String, i64)> = grid["areas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["key"].as_str().unwrap().to_owned(),
                a["artworks"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        cells,
        [(grid_key(row, col), 4), (grid_key(far_row, far_col), 1)],
        "{grid}"
    );

    // When anyone but an admin loads a boundary file, or an admin loads one that is not areas.
    let inner = ring(cell, 0.1, 0.9);
    let file = json!({
        "name": "Test neighbourhoods",
        "attribution": "Plinth tests, CC0",
        "geojson": {"type": "FeatureCollection", "features": [
            {"type": "Feature", "id": "sq", "properties": {"name": "Square"},
             "geometry": {"type": "Polygon", "coordinates": [inner, ring(cell, 0.6, 0.8)]}},
            {"type": "Feature", "id": "el", "properties": {"name": "Elsewhere"},
             "geometry": {"type": "MultiPolygon", "coordinates": [[ring(far, 0.2, 0.8)]]}}
        ]}
    });
    let (status, _, body) = app.put_as(&session, "/api/admin/areas", file.clone()).await;
    assert_eq!(status, 403, "{body}");
    let anonymous = anonymous_token(&app).await;
    let (status, _, body) = app
        .put_as(&anonymous, "/api/admin/areas", file.clone())
        .await;
    assert_eq!(status, 401, "{body}");
    let mut point = file.clone();
    point["geojson"]["features"][0]["geometry"] = json!({"type": "Point", "coordinates": [w, s]});
    let (status, _, body) = app.put_as(&admin, "/api/admin/areas", point).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["message"],
        "Area 1 (Square): a Point is not an area (Polygon or MultiPolygon)"
    );
    assert_eq!(body["details"]["field"], "geojson");

    // Then nothing changed; when the admin loads the file, its areas replace the grid.
    let (status, _, body) = app.put_as(&admin, "/api/admin/areas", file).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["areas"], 2);
    let loaded = until(&app, &session, &format!("/api/areas?{view}"), |d| {
        !d["file"].is_null()
    })
    .await;
    assert_eq!(loaded["file"]["attribution"], "Plinth tests, CC0");
    assert_eq!(
        summary(&loaded),
        [
            ("Elsewhere".into(), 1, None, false),
            ("Square".into(), 3, None, false)
        ],
        "the artwork in the hole is in no area: {loaded}"
    );
    // Its shapes come back to draw, the hole too (to the last digits JSON keeps).
    let corner = |v: &Value| [v[0].as_f64().unwrap(), v[1].as_f64().unwrap()];
    let drawn = corner(&loaded["areas"][1]["shapes"][0][1][0]);
    let sent = corner(&ring(cell, 0.6, 0.8)[0]);
    assert!(
        (drawn[0] - sent[0]).abs() < 1e-9 && (drawn[1] - sent[1]).abs() < 1e-9,
        "{loaded}"
    );

    // When the visitor's visits to two of Square's three artworks are approved.
    for id in &ids[..2] {
        approved_visit(&app, &session, &modr, id, None).await;
    }
    // Then they have seen two of three, on the map and in their own list.
    let mine = until(&app, &session, &format!("/api/me/areas?{view}"), |d| {
        summary(d).iter().any(|a| a.2 == Some(2))
    })
    .await;
    assert_eq!(
        summary(&mine),
        [
            ("Elsewhere".into(), 1, Some(0), false),
            ("Square".into(), 3, Some(2), false)
        ]
    );
    let begun = until(&app, &session, "/api/me/areas", |_| true).await;
    assert_eq!(summary(&begun), [("Square".into(), 3, Some(2), false)]);

    // When the third is visited: Square is finished, and that earns the badge.
    approved_visit(&app, &session, &modr, &ids[2], None).await;
    let done = until(&app, &session, "/api/me/areas", |d| {
        summary(d).iter().any(|a| a.3)
    })
    .await;
    assert_eq!(summary(&done), [("Square".into(), 3, Some(3), true)]);
    let keys = badges_until(&app, &session, |k| k.iter().any(|k| k == "area_finished")).await;
    assert!(keys.iter().any(|k| k == "area_finished"), "{keys:?}");

    // A replay keeps the areas.
    awarder_idle(&app).await;
    assert_replay_keeps(&app.db.pool, &["area_files", "areas", "area_rings"]).await;

    // When the admin clears the file: grid cells again, where the hole's artwork counts too.
    let (status, _, body) = app.delete_as(&admin, "/api/admin/areas", json!({})).await;
    assert_eq!(status, 200, "{body}");
    let cleared = until(&app, &session, "/api/me/areas", |d| d["file"].is_null()).await;
    let first = &cleared["areas"][0];
    assert_eq!(
        (
            &first["key"],
            &first["artworks"],
            &first["seen"],
            &first["finished"]
        ),
        (
            &json!(grid_key(row, col)),
            &json!(4),
            &json!(3),
            &json!(false)
        ),
        "{cleared}"
    );
    let (status, _, body) = app.delete_as(&admin, "/api/admin/areas", json!({})).await;
    assert_eq!(
        (status, &body["message"]),
        (404, &json!("No boundary file is loaded"))
    );
    task.abort();
}

#[tokio::test]
async fn a_view_too_wide_for_the_grid_says_so_and_bad_views_are_refused() {
    let app = crate::submissions::spawn().await;
    let (status, _, body) = app
        .get("/api/areas?north=50&south=40&east=-110&west=-130")
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (&body["data"]["too_wide"], &body["data"]["areas"]),
        (&json!(true), &json!([]))
    );
    for (query, field) in [
        ("north=40&south=50&east=1&west=0", "south"),
        ("north=1&south=0&east=0&west=1", "west"),
        ("north=91&south=0&east=1&west=0", "north"),
        ("south=0&east=1&west=0", "north"),
    ] {
        let (status, _, body) = app.get(&format!("/api/areas?{query}")).await;
        assert_eq!(
            (status, &body["details"]["field"]),
            (400, &json!(field)),
            "{query}: {body}"
        );
    }
    let session = anonymous_token(&app).await;
    let (status, body) = app.get_as(&session, "/api/me/areas", None).await;
    assert_eq!(status, 401, "{body}");
}
