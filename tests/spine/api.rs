//! The read API over the imported demo data.

use crate::fixtures::sql_value;
use crate::harness::TestApp;
use chrono::{DateTime, Utc};
use domain::geo::haversine_m;
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashSet};
use std::time::Duration;
use uuid::Uuid;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const FULL_ARTWORK_KEYS: &[&str] = &[
    "id",
    "title",
    "description",
    "artwork_type",
    "status",
    "lat",
    "lon",
    "tags",
    "main_photo",
    "hidden_photos",
    "artists",
    "photos",
    "provenance",
    "created_at",
    "updated_at",
];
const MINIMAL_ARTWORK_KEYS: &[&str] = &["id", "title", "artwork_type", "lat", "lon", "distance_m"];
/// How many artists' names hold `$1`, ignoring case.
const MATCHING_ARTISTS: &str = "SELECT count(*) FROM rm.artists WHERE strpos(lower(name), $1) > 0";
const ARTIST_KEYS: &[&str] = &[
    "id",
    "name",
    "aliases",
    "biography",
    "country",
    "website",
    "birth_year",
    "death_year",
    "provenance",
    "artwork_count",
    "created_at",
    "updated_at",
];

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object()
        .unwrap_or_else(|| panic!("not an object: {v}"))
        .keys()
        .cloned()
        .collect()
}

fn key_set(ks: &[&str]) -> BTreeSet<String> {
    ks.iter().map(|k| (*k).to_owned()).collect()
}

fn with_key(ks: &[&str], extra: &str) -> BTreeSet<String> {
    let mut s = key_set(ks);
    s.insert(extra.to_owned());
    s
}

fn uuid_of(v: &Value) -> Uuid {
    Uuid::parse_str(v.as_str().unwrap_or_else(|| panic!("not a string: {v}")))
        .unwrap_or_else(|e| panic!("not a uuid: {v}: {e}"))
}

fn ids(items: &[Value]) -> Vec<Uuid> {
    items.iter().map(|a| uuid_of(&a["id"])).collect()
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn time(v: &Value) -> DateTime<Utc> {
    v.as_str()
        .unwrap_or_else(|| panic!("not a string: {v}"))
        .parse()
        .unwrap_or_else(|e| panic!("not a timestamp: {v}: {e}"))
}

/// A success envelope: exactly `{success: true, data, timestamp}`.
fn assert_ok_envelope(status: u16, body: &Value, ctx: &str) {
    assert_eq!(status, 200, "{ctx}: {body}");
    assert_eq!(
        keys(body),
        key_set(&["success", "data", "timestamp"]),
        "{ctx}: {body}"
    );
    assert_eq!(body["success"], true, "{ctx}");
    time(&body["timestamp"]);
}

/// An error envelope: `{success: false, error, message, details?, timestamp}` with the given
/// status and code, and `details.field` when a field is named.
fn assert_error(
    status: u16,
    body: &Value,
    want_status: u16,
    code: &str,
    field: Option<&str>,
    ctx: &str,
) {
    assert_eq!(status, want_status, "{ctx}: {body}");
    let k = keys(body);
    for required in ["success", "error", "message", "timestamp"] {
        assert!(k.contains(required), "{ctx}: no {required} in {body}");
    }
    assert!(
        k.is_subset(&key_set(&[
            "success",
            "error",
            "message",
            "details",
            "timestamp"
        ])),
        "{ctx}: unexpected keys in {body}"
    );
    assert_eq!(body["success"], false, "{ctx}: {body}");
    assert_eq!(body["error"], code, "{ctx}: {body}");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{ctx}: {body}"
    );
    time(&body["timestamp"]);
    if let Some(field) = field {
        assert_eq!(body["details"]["field"], field, "{ctx}: {body}");
    }
}

async fn expect_error(app: &TestApp, path: &str, status: u16, code: &str, field: Option<&str>) {
    let (s, _, body) = app.get(path).await;
    assert_error(s, &body, status, code, field, path);
}

async fn approved_points(app: &TestApp) -> Vec<(Uuid, f64, f64)> {
    sqlx::query_as("SELECT id, lat, lon FROM rm.artworks WHERE status = 'approved'")
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
}

/// Every item of a paginated list, walking pages of 100 from page 1 until `has_more` is false,
/// checking each page's pagination block on the way.
async fn walk(app: &TestApp, base: &str, key: &str, total: i64) -> Vec<Value> {
    let mut all = Vec::new();
    let total_pages = (total + 99) / 100;
    let mut page: i64 = 1;
    loop {
        let path = format!("{base}&page={page}&limit=100");
        let (s, _, body) = app.get(&path).await;
        assert_ok_envelope(s, &body, &path);
        let data = &body["data"];
        assert_eq!(keys(data), key_set(&[key, "pagination"]), "{path}");
        assert_eq!(
            data["pagination"],
            json!({
                "page": page,
                "limit": 100,
                "total": total,
                "total_pages": total_pages,
                "has_more": page < total_pages,
            }),
            "{path}"
        );
        let items = data[key].as_array().unwrap();
        if page < total_pages {
            assert_eq!(items.len(), 100, "{path}");
        } else {
            assert_eq!(
                items.len() as i64,
                total - (total_pages - 1) * 100,
                "{path}"
            );
        }
        all.extend(items.iter().cloned());
        if page >= total_pages {
            break;
        }
        page += 1;
    }
    all
}

/// The first page of `/api/{list}`, checked to be 30 of `total` items in the usual envelope.
async fn default_page(app: &TestApp, list: &str, total: i64) -> Value {
    let path = format!("/api/{list}");
    let (s, _, body) = app.get(&path).await;
    assert_ok_envelope(s, &body, &path);
    assert_eq!(keys(&body["data"]), key_set(&[list, "pagination"]));
    let pagination = json!({
        "page": 1,
        "limit": 30,
        "total": total,
        "total_pages": (total + 29) / 30,
        "has_more": true,
    });
    assert_eq!(body["data"]["pagination"], pagination, "{path}");
    assert_eq!(body["data"][list].as_array().unwrap().len(), 30, "{path}");
    body
}

/// Asserts that `/api/{list}/{id}` is a 404 naming each `unknown` id and a 400 for a non-uuid.
async fn assert_unknown_and_bad_ids(app: &TestApp, list: &str, noun: &str, unknown: [Uuid; 2]) {
    for id in unknown {
        let path = format!("/api/{list}/{id}");
        let (s, _, body) = app.get(&path).await;
        assert_error(s, &body, 404, "NOT_FOUND", None, &path);
        assert_eq!(body["message"], format!("{noun} with ID {id} not found"));
    }
    for bad in ["not-a-uuid", "123"] {
        let path = format!("/api/{list}/{bad}");
        let (s, _, body) = app.get(&path).await;
        assert_error(s, &body, 400, "VALIDATION_ERROR", Some("id"), &path);
    }
}

fn assert_each_once(got: &[Uuid], want: &HashSet<Uuid>, ctx: &str) {
    let set: HashSet<Uuid> = got.iter().copied().collect();
    assert_eq!(set.len(), got.len(), "{ctx}: an id came twice");
    assert_eq!(&set, want, "{ctx}: ids differ from the read model");
}

/// A detail answer is the list shape plus its logbook (an array, empty for imported works) and
/// the sources of records linked to it (an array, empty unless two sources had it).
fn without_logbook(detail: &Value) -> Value {
    assert!(detail["logbook"].is_array(), "{detail}");
    assert!(detail["also_from"].is_array(), "{detail}");
    let mut a = detail.clone();
    let fields = a.as_object_mut().unwrap();
    fields.remove("logbook");
    fields.remove("also_from");
    a
}

fn assert_full_artwork_shape(a: &Value, with_distance: bool, ctx: &str) {
    let want = if with_distance {
        with_key(FULL_ARTWORK_KEYS, "distance_m")
    } else {
        key_set(FULL_ARTWORK_KEYS)
    };
    assert_eq!(keys(a), want, "{ctx}: {a}");
    uuid_of(&a["id"]);
    assert!(a["title"].as_str().is_some_and(|t| !t.is_empty()), "{a}");
    assert!(a["description"].is_null() || a["description"].is_string());
    assert!(a["artwork_type"].is_string());
    assert!(a["status"].is_string());
    f(&a["lat"]);
    f(&a["lon"]);
    assert!(a["tags"].is_object(), "{ctx}: {a}");
    assert!(a["photos"].is_array(), "{ctx}: {a}");
    assert!(a["provenance"].is_null() || a["provenance"].is_object());
    time(&a["created_at"]);
    time(&a["updated_at"]);
    for artist in a["artists"].as_array().unwrap() {
        assert_eq!(keys(artist), key_set(&["id", "name"]), "{ctx}: {a}");
        uuid_of(&artist["id"]);
        assert!(artist["name"].is_string());
    }
}

// ---------------------------------------------------------------------------------------------
// GET /api/artworks/nearby
// ---------------------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nearby_returns_exactly_the_approved_artworks_in_the_circle_nearest_first() {
    let app = TestApp::with_demo_data().await;
    let points = approved_points(&app).await;
    assert!(points.len() > 1000, "demo data imported");

    // (name, lat, lon, radius given (None: the default, 500 m), must find something)
    let centres: &[(&str, f64, f64, Option<u32>, bool)] = &[
        ("downtown Vancouver", 49.2827, -123.1207, None, true),
        ("Cambridge", 42.3736, -71.1097, Some(1000), true),
        ("Manhattan", 40.758, -73.9855, Some(2000), true),
        ("San Francisco", 37.7793, -122.4193, Some(1500), true),
        ("Null Island", 0.0, 0.0, Some(50_000), false),
    ];
    for &(name, lat, lon, radius, nonempty) in centres {
        let r = radius.unwrap_or(500);
        let mut expected: Vec<(f64, Uuid)> = points
            .iter()
            .filter_map(|&(id, plat, plon)| {
                let d = haversine_m(lat, lon, plat, plon);
                (d <= f64::from(r)).then_some((d, id))
            })
            .collect();
        expected.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        assert_eq!(!expected.is_empty(), nonempty, "{name}: {expected:?}");
        assert!(expected.len() < 1000, "{name}: limit must cover all");

        let radius_q = radius.map(|r| format!("&radius={r}")).unwrap_or_default();
        let path = format!("/api/artworks/nearby?lat={lat}&lon={lon}{radius_q}&limit=1000");
        let (s, _, body) = app.get(&path).await;
        assert_ok_envelope(s, &body, &path);
        let data = &body["data"];
        assert_eq!(
            keys(data),
            key_set(&[
                "artworks",
                "total",
                "search_center",
                "search_radius",
                "limit"
            ]),
            "{path}"
        );
        assert_eq!(
            data["search_center"],
            json!({"lat": lat, "lon": lon}),
            "{path}"
        );
        assert_eq!(data["search_radius"], r, "{path}");
        assert_eq!(data["limit"], 1000, "{path}");
        let got = data["artworks"].as_array().unwrap();
        assert_eq!(data["total"], got.len(), "{path}");

        // Exactly the approved artworks within the radius, nothing else.
        let got_ids = ids(got);
        let want_ids: HashSet<Uuid> = expected.iter().map(|e| e.1).collect();
        assert_each_once(&got_ids, &want_ids, &path);

        // Distances match ours; the order is by distance, ties by id.
        for a in got {
            assert_full_artwork_shape(a, true, &path);
            assert_eq!(a["status"], "approved", "{path}: {a}");
            let id = uuid_of(&a["id"]);
            let ours = haversine_m(lat, lon, f(&a["lat"]), f(&a["lon"]));
            let want = expected.iter().find(|e| e.1 == id).unwrap().0;
            assert!((ours - want).abs() < 1e-6, "{path}: {a} moved");
            assert!(
                (f(&a["distance_m"]) - want).abs() < 0.01,
                "{path}: distance of {id}: {} vs {want}",
                a["distance_m"]
            );
        }
        for w in got.windows(2) {
            let (d0, d1) = (f(&w[0]["distance_m"]), f(&w[1]["distance_m"]));
            let (i0, i1) = (uuid_of(&w[0]["id"]), uuid_of(&w[1]["id"]));
            assert!(
                d0 < d1 || (d0 == d1 && i0 < i1),
                "{path}: out of order: {i0} at {d0} before {i1} at {d1}"
            );
            // Our own distances agree with that order (up to rounding).
            let (o0, o1) = (
                expected.iter().find(|e| e.1 == i0).unwrap().0,
                expected.iter().find(|e| e.1 == i1).unwrap().0,
            );
            assert!(o0 <= o1 + 1e-6, "{path}: {i0} ({o0}) before {i1} ({o1})");
        }

        // limit=N gives the N nearest.
        for n in [1usize, 3, 7] {
            let path = format!("/api/artworks/nearby?lat={lat}&lon={lon}{radius_q}&limit={n}");
            let (s, _, body) = app.get(&path).await;
            assert_ok_envelope(s, &body, &path);
            assert_eq!(body["data"]["limit"], n, "{path}");
            let some = body["data"]["artworks"].as_array().unwrap();
            assert_eq!(body["data"]["total"], some.len(), "{path}");
            assert_eq!(
                ids(some),
                got_ids[..n.min(got_ids.len())].to_vec(),
                "{path}"
            );
        }

        // minimal=true: the same artworks in the same order, with only the map's fields.
        let path =
            format!("/api/artworks/nearby?lat={lat}&lon={lon}{radius_q}&limit=1000&minimal=true");
        let (s, _, body) = app.get(&path).await;
        assert_ok_envelope(s, &body, &path);
        let minimal = body["data"]["artworks"].as_array().unwrap();
        assert_eq!(ids(minimal), got_ids, "{path}");
        assert_eq!(body["data"]["total"], minimal.len(), "{path}");
        for (m, full) in minimal.iter().zip(got) {
            assert_eq!(keys(m), key_set(MINIMAL_ARTWORK_KEYS), "{path}: {m}");
            for k in MINIMAL_ARTWORK_KEYS {
                assert_eq!(m[*k], full[*k], "{path}: {k} of {m}");
            }
        }
    }

    // Defaults: radius 500 and limit 250, full shape.
    let path = "/api/artworks/nearby?lat=49.2827&lon=-123.1207";
    let (s, _, body) = app.get(path).await;
    assert_ok_envelope(s, &body, path);
    assert_eq!(body["data"]["search_radius"], 500);
    assert_eq!(body["data"]["limit"], 250);
    let default_items = body["data"]["artworks"].as_array().unwrap();
    let (_, _, all) = app
        .get("/api/artworks/nearby?lat=49.2827&lon=-123.1207&radius=500&limit=1000")
        .await;
    let all_ids = ids(all["data"]["artworks"].as_array().unwrap());
    assert_eq!(
        ids(default_items),
        all_ids[..all_ids.len().min(250)].to_vec()
    );
    for a in default_items {
        assert_full_artwork_shape(a, true, path);
    }

    // A nearby item is the same artwork the detail endpoint shows.
    let first = &default_items[0];
    let (s, _, detail) = app
        .get(&format!("/api/artworks/{}", first["id"].as_str().unwrap()))
        .await;
    assert_ok_envelope(s, &detail, "detail of nearest");
    let mut without_distance = first.clone();
    without_distance
        .as_object_mut()
        .unwrap()
        .remove("distance_m");
    assert_eq!(without_logbook(&detail["data"]), without_distance);

    // Removed works (e.g. NYC DOT temporary works) never appear, even right on top of them.
    let removed: Vec<(Uuid, f64, f64, String)> = sqlx::query_as(
        "SELECT id, lat, lon, dataset FROM ( \
           SELECT id, lat, lon, provenance->>'dataset' AS dataset, row_number() OVER \
             (PARTITION BY provenance->>'dataset' ORDER BY id) AS n \
           FROM rm.artworks WHERE status = 'removed') t \
         WHERE n <= 12 ORDER BY id",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert!(
        removed.iter().any(|r| r.3 == "nyc-dot"),
        "the demo data has removed NYC DOT works"
    );
    for (id, lat, lon, _) in &removed {
        for minimal in ["false", "true"] {
            let path = format!(
                "/api/artworks/nearby?lat={lat}&lon={lon}&radius=100&limit=1000&minimal={minimal}"
            );
            let (s, _, body) = app.get(&path).await;
            assert_ok_envelope(s, &body, &path);
            let got = ids(body["data"]["artworks"].as_array().unwrap());
            assert!(!got.contains(id), "{path}: removed {id} listed");
        }
    }
    let removed_in_manhattan: HashSet<Uuid> = removed
        .iter()
        .filter(|r| haversine_m(40.758, -73.9855, r.1, r.2) <= 50_000.0)
        .map(|r| r.0)
        .collect();
    let (_, _, body) = app
        .get("/api/artworks/nearby?lat=40.758&lon=-73.9855&radius=50000&limit=1000&minimal=true")
        .await;
    let got: HashSet<Uuid> = ids(body["data"]["artworks"].as_array().unwrap())
        .into_iter()
        .collect();
    assert!(!removed_in_manhattan.is_empty());
    assert!(got.is_disjoint(&removed_in_manhattan));

    // Valid edge values are accepted.
    for q in [
        "lat=90&lon=-180",
        "lat=-90&lon=180",
        "lat=49.2827&lon=-123.1207&radius=50000",
        "lat=49.2827&lon=-123.1207&radius=1",
        "lat=49.2827&lon=-123.1207&limit=1000",
        "lat=49.2827&lon=-123.1207&limit=1",
        "lat=49.2827&lon=-123.1207&minimal=1",
        "lat=49.2827&lon=-123.1207&minimal=false",
        "lat=10&lon=179.999&radius=50000",
    ] {
        let path = format!("/api/artworks/nearby?{q}");
        let (s, _, body) = app.get(&path).await;
        assert_ok_envelope(s, &body, &path);
    }
    let (_, _, body) = app
        .get("/api/artworks/nearby?lat=49.2827&lon=-123.1207&radius=50000&limit=1000")
        .await;
    assert_eq!(body["data"]["search_radius"], 50_000);
    assert_eq!(body["data"]["limit"], 1000);

    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_a_400_naming_the_field_never_a_500() {
    let app = TestApp::spawn().await;
    let v = "lat=49.2827&lon=-123.1207";
    let nearby: Vec<(String, &str)> = vec![
        ("lon=-123.1207".into(), "lat"),
        ("lat=49.2827".into(), "lon"),
        ("".into(), "lat"),
        ("lat=&lon=-123.1207".into(), "lat"),
        ("lat=91&lon=0".into(), "lat"),
        ("lat=-90.5&lon=0".into(), "lat"),
        ("lat=0&lon=181".into(), "lon"),
        ("lat=0&lon=-180.01".into(), "lon"),
        ("lat=abc&lon=0".into(), "lat"),
        ("lat=NaN&lon=0".into(), "lat"),
        ("lat=0&lon=inf".into(), "lon"),
        ("lat=0&lon=-infinity".into(), "lon"),
        (format!("{v}&radius=0"), "radius"),
        (format!("{v}&radius=50001"), "radius"),
        (format!("{v}&radius=-5"), "radius"),
        (format!("{v}&radius=1.5"), "radius"),
        (format!("{v}&radius=abc"), "radius"),
        (format!("{v}&limit=0"), "limit"),
        (format!("{v}&limit=1001"), "limit"),
        (format!("{v}&limit=-1"), "limit"),
        (format!("{v}&minimal=maybe"), "minimal"),
    ];
    for (query, field) in &nearby {
        let path = format!("/api/artworks/nearby?{query}");
        expect_error(&app, &path, 400, "VALIDATION_ERROR", Some(field)).await;
    }
    for (list, query, field) in [
        ("artworks", "page=0", "page"),
        ("artworks", "page=abc", "page"),
        ("artworks", "page=10001", "page"),
        ("artworks", "page=-1", "page"),
        ("artworks", "page=1.5", "page"),
        ("artworks", "limit=0", "limit"),
        ("artworks", "limit=101", "limit"),
        ("artworks", "limit=abc", "limit"),
        ("artworks", "sort=random", "sort"),
        ("artworks", "sort=name_asc", "sort"),
        ("artworks", "type=painting", "type"),
        ("artworks", "has_photo=maybe", "has_photo"),
        ("artworks", "area=Downtown", "area"),
        ("artists", "page=0", "page"),
        ("artists", "page=10001", "page"),
        ("artists", "limit=0", "limit"),
        ("artists", "limit=101", "limit"),
        ("artists", "sort=bogus", "sort"),
        ("artists", "sort=title_asc", "sort"),
    ] {
        let path = format!("/api/{list}?{query}");
        expect_error(&app, &path, 400, "VALIDATION_ERROR", Some(field)).await;
    }
    let long = format!("/api/artists?search={}", "a".repeat(101));
    expect_error(&app, &long, 400, "VALIDATION_ERROR", Some("search")).await;
    for path in [
        "/api/artworks/not-a-uuid",
        "/api/artworks/123",
        "/api/artists/not-a-uuid",
        "/api/artists/123",
    ] {
        expect_error(&app, path, 400, "VALIDATION_ERROR", Some("id")).await;
    }

    // Unknown API paths are a 404 in the same envelope.
    for path in [
        "/api/nope",
        "/api/artworks/nearby/extra",
        "/api/artists/x/y",
    ] {
        let (s, _, body) = app.get(path).await;
        assert_error(s, &body, 404, "NOT_FOUND", None, path);
    }

    app.stop().await;
}

// ---------------------------------------------------------------------------------------------
// GET /api/artworks and GET /api/artworks/{id}
// ---------------------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn artwork_pages_cover_every_approved_artwork_once_and_details_show_one() {
    let app = TestApp::with_demo_data().await;
    let approved: HashSet<Uuid> = approved_points(&app)
        .await
        .into_iter()
        .map(|p| p.0)
        .collect();
    let total = approved.len() as i64;
    assert!(total > 1000);

    // Defaults: page 1, limit 30, updated_desc.
    let body = default_page(&app, "artworks", total).await;
    let first_page = body["data"]["artworks"].as_array().unwrap().clone();
    for a in &first_page {
        assert_full_artwork_shape(a, false, "/api/artworks");
    }

    let mut orderings: Vec<(&str, Vec<Value>)> = Vec::new();
    for sort in ["updated_desc", "title_asc", "created_desc"] {
        let base = format!("/api/artworks?sort={sort}");
        let all = walk(&app, &base, "artworks", total).await;
        assert_each_once(&ids(&all), &approved, &base);
        for a in &all {
            assert_eq!(a["status"], "approved", "{base}: {a}");
        }
        for w in all.windows(2) {
            let (i0, i1) = (uuid_of(&w[0]["id"]), uuid_of(&w[1]["id"]));
            let in_order = match sort {
                "title_asc" => {
                    let t0 = w[0]["title"].as_str().unwrap().to_lowercase();
                    let t1 = w[1]["title"].as_str().unwrap().to_lowercase();
                    t0 < t1 || (t0 == t1 && i0 < i1)
                }
                "updated_desc" => {
                    let (u0, u1) = (time(&w[0]["updated_at"]), time(&w[1]["updated_at"]));
                    u0 > u1 || (u0 == u1 && i0 < i1)
                }
                _ => {
                    let (c0, c1) = (time(&w[0]["created_at"]), time(&w[1]["created_at"]));
                    c0 > c1 || (c0 == c1 && i0 < i1)
                }
            };
            assert!(in_order, "{base}: {} before {}", w[0], w[1]);
        }
        orderings.push((sort, all));
    }

    // The default list is the first 30 by updated_desc; page 2 of 30 is the 31st–60th.
    assert_eq!(ids(&first_page), ids(&orderings[0].1[..30]));
    for (sort, all) in &orderings {
        let order = ids(all);
        let path = format!("/api/artworks?sort={sort}&page=2&limit=30");
        let (s, _, body) = app.get(&path).await;
        assert_ok_envelope(s, &body, &path);
        assert_eq!(
            ids(body["data"]["artworks"].as_array().unwrap()),
            order[30..60].to_vec(),
            "{path}"
        );
        assert_eq!(body["data"]["pagination"]["page"], 2);
        assert_eq!(body["data"]["pagination"]["limit"], 30);
    }

    // Past the end: an empty page, not an error.
    for page in [(total + 99) / 100 + 1, 10_000] {
        let path = format!("/api/artworks?page={page}&limit=100");
        let (s, _, body) = app.get(&path).await;
        assert_ok_envelope(s, &body, &path);
        assert_eq!(body["data"]["artworks"], json!([]), "{path}");
        assert_eq!(
            body["data"]["pagination"],
            json!({
                "page": page,
                "limit": 100,
                "total": total,
                "total_pages": (total + 99) / 100,
                "has_more": false,
            }),
            "{path}"
        );
    }

    // One known Vancouver artwork: registry id 27, "Solo" by Natalie McHaffie.
    let solo = domain::ArtworkId::for_import("vancouver", "27").to_string();
    let path = format!("/api/artworks/{solo}");
    let (s, _, body) = app.get(&path).await;
    assert_ok_envelope(s, &body, &path);
    let a = &without_logbook(&body["data"]);
    assert_full_artwork_shape(a, false, &path);
    assert_eq!(a["id"], solo.as_str());
    assert_eq!(a["title"], "Solo");
    assert_eq!(a["status"], "approved");
    assert_eq!(a["artwork_type"], "sculpture");
    assert_eq!(f(&a["lat"]), 49.293313);
    assert_eq!(f(&a["lon"]), -123.133965);
    assert!(
        a["artists"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["name"] == "Natalie McHaffie"),
        "{a}"
    );
    assert_eq!(
        a["artists"][0]["id"],
        domain::ArtistId::for_import("vancouver", "103").to_string()
    );
    assert!(a["tags"]["material"].is_string(), "{a}");
    let p = &a["provenance"];
    assert_eq!(p["dataset"], "vancouver");
    assert_eq!(p["source_id"], "27");
    assert_eq!(p["licence"], "Open Government Licence – Vancouver");
    assert!(
        p["attribution"]
            .as_str()
            .is_some_and(|s| s.contains("Open Government Licence – Vancouver")),
        "{p}"
    );
    // Every list shows it exactly as the detail does.
    for (sort, all) in &orderings {
        let in_list = all.iter().find(|x| x["id"] == solo.as_str());
        assert_eq!(in_list, Some(a), "{sort}");
    }

    // A removed artwork is still shown, as removed; it is in no list.
    let removed: Uuid = sqlx::query_scalar(
        "SELECT id FROM rm.artworks WHERE status = 'removed' AND provenance->>'dataset' = 'nyc-dot' \
         ORDER BY id LIMIT 1",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    let path = format!("/api/artworks/{removed}");
    let (s, _, body) = app.get(&path).await;
    assert_ok_envelope(s, &body, &path);
    assert_full_artwork_shape(&without_logbook(&body["data"]), false, &path);
    assert_eq!(body["data"]["status"], "removed");
    assert_eq!(body["data"]["provenance"]["dataset"], "nyc-dot");
    assert!(!approved.contains(&removed));

    // The id is read case-insensitively as a uuid.
    let upper = solo.to_uppercase();
    let (s, _, body) = app.get(&format!("/api/artworks/{upper}")).await;
    assert_ok_envelope(s, &body, &upper);
    assert_eq!(body["data"]["id"], solo.as_str());
    // Unknown ids are a 404 with the id in the message.
    let an_artist = domain::ArtistId::for_import("vancouver", "103").0;
    assert_unknown_and_bad_ids(&app, "artworks", "Artwork", [Uuid::new_v4(), an_artist]).await;

    app.stop().await;
}

// ---------------------------------------------------------------------------------------------
// GET /api/artists and GET /api/artists/{id}
// ---------------------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn artists_list_search_and_detail() {
    let app = TestApp::with_demo_data().await;
    let pool = &app.db.pool;
    let all_artists: HashSet<Uuid> = sqlx::query_scalar("SELECT id FROM rm.artists")
        .fetch_all(pool)
        .await
        .unwrap()
        .into_iter()
        .collect();
    let total = all_artists.len() as i64;
    assert!(total > 1000);

    // Defaults and shape.
    let body = default_page(&app, "artists", total).await;
    let first = body["data"]["artists"].as_array().unwrap();
    for a in first {
        assert_eq!(keys(a), key_set(ARTIST_KEYS), "{a}");
        uuid_of(&a["id"]);
        assert!(a["name"].is_string());
        assert!(a["artwork_count"].is_i64());
        time(&a["created_at"]);
        time(&a["updated_at"]);
    }
    // The cache buster changes nothing.
    let (s, _, busted) = app.get("/api/artists?_cb=123").await;
    assert_ok_envelope(s, &busted, "/api/artists?_cb=123");
    assert_eq!(busted["data"], body["data"]);

    // name_asc pages through everyone once, by lowercase name then id.
    let all = walk(&app, "/api/artists?sort=name_asc", "artists", total).await;
    assert_each_once(&ids(&all), &all_artists, "name_asc");
    for w in all.windows(2) {
        let n0 = w[0]["name"].as_str().unwrap().to_lowercase();
        let n1 = w[1]["name"].as_str().unwrap().to_lowercase();
        let (i0, i1) = (uuid_of(&w[0]["id"]), uuid_of(&w[1]["id"]));
        assert!(
            n0 < n1 || (n0 == n1 && i0 < i1),
            "name_asc: {} before {}",
            w[0],
            w[1]
        );
    }
    for sort in ["updated_desc", "created_desc"] {
        let base = format!("/api/artists?sort={sort}");
        let walked = walk(&app, &base, "artists", total).await;
        assert_each_once(&ids(&walked), &all_artists, &base);
    }
    // Each listed count is the number of approved artworks crediting the artist.
    let counts: Vec<(Uuid, i64)> = sqlx::query_as(
        "SELECT a.id, (SELECT count(*) FROM rm.artworks w \
           WHERE a.id = ANY(w.artist_ids) AND w.status = 'approved') FROM rm.artists a",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let counts: std::collections::HashMap<Uuid, i64> = counts.into_iter().collect();
    for a in &all {
        assert_eq!(
            a["artwork_count"],
            counts[&uuid_of(&a["id"])],
            "artwork_count of {a}"
        );
    }

    // Search: case-insensitive substring of the name.
    let mchaffie = domain::ArtistId::for_import("vancouver", "103").to_string();
    for term in ["mchaffie", "McHAFFIE", "chaff", "natalie%20mch"] {
        let path = format!("/api/artists?search={term}");
        let (s, _, body) = app.get(&path).await;
        assert_ok_envelope(s, &body, &path);
        let found = body["data"]["artists"].as_array().unwrap();
        assert!(
            found
                .iter()
                .any(|a| a["id"] == mchaffie.as_str() && a["name"] == "Natalie McHaffie"),
            "{path}: {body}"
        );
        let needle = term.replace("%20", " ").to_lowercase();
        for a in found {
            assert!(
                a["name"].as_str().unwrap().to_lowercase().contains(&needle),
                "{path}: {a}"
            );
        }
        let want: i64 = sql_value(&app, MATCHING_ARTISTS, &needle).await;
        assert_eq!(body["data"]["pagination"]["total"], want, "{path}");
    }
    // `%`, `_` and `\` are literal characters, not patterns.
    for (encoded, literal) in [("%25", "%"), ("_", "_"), ("%5C", "\\"), ("a%25", "a%")] {
        let path = format!("/api/artists?search={encoded}&limit=100");
        let (s, _, body) = app.get(&path).await;
        assert_ok_envelope(s, &body, &path);
        let want: i64 = sql_value(&app, MATCHING_ARTISTS, literal).await;
        assert!(want < total, "{literal} would match everything");
        assert_eq!(body["data"]["pagination"]["total"], want, "{path}");
        for a in body["data"]["artists"].as_array().unwrap() {
            assert!(a["name"].as_str().unwrap().contains(literal), "{path}: {a}");
        }
    }
    // Up to 100 characters is a search; more is refused.
    let hundred = "a".repeat(100);
    let (s, _, body) = app.get(&format!("/api/artists?search={hundred}")).await;
    assert_ok_envelope(s, &body, "search of 100 chars");
    assert_eq!(body["data"]["pagination"]["total"], 0);
    assert_eq!(body["data"]["artists"], json!([]));
    let (s, _, body) = app
        .get(&format!("/api/artists?search={}", "a".repeat(101)))
        .await;
    assert_error(s, &body, 400, "VALIDATION_ERROR", Some("search"), "search");
    let (s, _, body) = app.get("/api/artists?sort=bogus").await;
    assert_error(s, &body, 400, "VALIDATION_ERROR", Some("sort"), "sort");

    // Detail: the artist and their approved artworks.
    let path = format!("/api/artists/{mchaffie}");
    let (s, _, body) = app.get(&path).await;
    assert_ok_envelope(s, &body, &path);
    let d = &body["data"];
    assert_eq!(keys(d), with_key(ARTIST_KEYS, "artworks"), "{d}");
    assert_eq!(d["name"], "Natalie McHaffie");
    assert_eq!(d["country"], "Canada");
    assert_eq!(d["provenance"]["dataset"], "vancouver");
    let solo = domain::ArtworkId::for_import("vancouver", "27").to_string();
    let works = d["artworks"].as_array().unwrap();
    assert!(works.iter().any(|w| w["id"] == solo.as_str()), "{d}");
    assert_eq!(d["artwork_count"], works.len());
    assert_eq!(d["artwork_count"], counts[&uuid_of(&d["id"])]);

    // Artists credited on removed works: the removed ones are neither counted nor listed.
    let mixed: Vec<Uuid> = sqlx::query_scalar(
        "SELECT a.id FROM rm.artists a WHERE EXISTS (SELECT 1 FROM rm.artworks w \
           WHERE a.id = ANY(w.artist_ids) AND w.status = 'removed') ORDER BY a.id LIMIT 10",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    assert!(!mixed.is_empty(), "some artist has a removed work");
    let mut busiest: Vec<Uuid> = sqlx::query_scalar(
        "SELECT a.id FROM rm.artists a ORDER BY (SELECT count(*) FROM rm.artworks w \
           WHERE a.id = ANY(w.artist_ids)) DESC, a.id LIMIT 3",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    busiest.extend(mixed);
    for id in busiest {
        let path = format!("/api/artists/{id}");
        let (s, _, body) = app.get(&path).await;
        assert_ok_envelope(s, &body, &path);
        let d = &body["data"];
        let works = d["artworks"].as_array().unwrap();
        let want: HashSet<Uuid> = sqlx::query_scalar(
            "SELECT id FROM rm.artworks WHERE $1 = ANY(artist_ids) AND status = 'approved'",
        )
        .bind(id)
        .fetch_all(pool)
        .await
        .unwrap()
        .into_iter()
        .collect();
        assert_each_once(&ids(works), &want, &path);
        assert_eq!(d["artwork_count"], want.len(), "{path}");
        for w in works {
            assert_eq!(
                keys(w),
                key_set(&["id", "title", "artwork_type", "lat", "lon"]),
                "{path}: {w}"
            );
        }
        for w in works.windows(2) {
            let t0 = w[0]["title"].as_str().unwrap().to_lowercase();
            let t1 = w[1]["title"].as_str().unwrap().to_lowercase();
            assert!(
                t0 < t1 || (t0 == t1 && uuid_of(&w[0]["id"]) < uuid_of(&w[1]["id"])),
                "{path}: by title"
            );
        }
    }

    // Unknown and malformed ids.
    let an_artwork = Uuid::parse_str(&solo).unwrap();
    assert_unknown_and_bad_ids(&app, "artists", "Artist", [Uuid::new_v4(), an_artwork]).await;

    app.stop().await;
}

// ---------------------------------------------------------------------------------------------
// GET /api/status and read-your-writes
// ---------------------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn status_is_ok_and_reads_wait_for_a_clients_own_writes() {
    let app = TestApp::with_demo_data().await;
    let admin = crate::accounts::admin_session(&app, "status-admin@example.org").await;

    // The relay's checkpoint is written just after it publishes, so it may trail the
    // projectors by a moment, and the admin's own sign-in is still being projected: wait
    // (bounded) for both to settle.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let body = loop {
        let (s, _, body) = app
            .get_with("/api/admin/status", &[("X-User-Token", &admin)])
            .await;
        assert_ok_envelope(s, &body, "/api/admin/status");
        let settled = body["data"]["relay"]["lag_events"] == 0
            && body["data"]["projectors"]
                .as_array()
                .is_some_and(|ps| ps.iter().all(|p| p["lag_events"] == 0));
        if settled || tokio::time::Instant::now() > deadline {
            break body;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let d = &body["data"];
    assert_eq!(d["status"], "ok", "{d}");
    assert_eq!(d["product_name"], "Plinth");
    assert!(d["version"].is_string());
    assert_eq!(d["components"]["database"]["status"], "ok", "{d}");
    assert_eq!(d["components"]["nats"]["status"], "ok", "{d}");
    assert_eq!(d["components"]["mail"]["status"], "ok", "{d}");
    assert_eq!(d["components"]["storage"]["status"], "ok", "{d}");
    assert!(d["components"]["database"]["latency_ms"].is_number());
    assert_eq!(d["relay"]["lag_events"], 0, "{d}");
    assert_eq!(d["relay"]["position"], d["relay"]["head"], "{d}");
    assert!(d["relay"]["published"].as_i64().unwrap() > 0);
    let projectors = d["projectors"].as_array().unwrap();
    let names: BTreeSet<&str> = projectors
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains("artworks") && names.contains("artists"),
        "{d}"
    );
    for p in projectors {
        assert_eq!(p["lag_events"], 0, "{p}");
        assert_eq!(p["last_error"], Value::Null, "{p}");
        assert_eq!(p["status"], "ok", "{p}");
        assert!(p["applied"].as_i64().unwrap() > 0, "{p}");
    }

    // A new artwork, read back at once with the position its command returned.
    let commands = command_api::Commands::new(app.db.pool.clone());
    let record =
        crate::harness::vancouver_artwork("api-read-your-writes", "Read Your Own Writes", &["103"]);
    let id = record.id.to_string();
    let position = crate::harness::import_artwork(&commands, record).await;
    let min = position.to_string();
    let path = format!("/api/artworks/{id}");
    let (s, headers, body) = app.get_with(&path, &[("X-Min-Position", &min)]).await;
    assert_ok_envelope(s, &body, &path);
    assert_eq!(body["data"]["title"], "Read Your Own Writes");
    assert_eq!(body["data"]["artists"][0]["name"], "Natalie McHaffie");
    // Reads that waited in vain say so; these had everything they needed (checked at the end,
    // so the rest of the test still runs).
    let mut stale = Vec::new();
    if let Some(v) = headers.get("x-read-consistency") {
        stale.push(format!("{path}: {v:?}"));
    }
    // The other reads honour the same position.
    for path in [
        "/api/artworks/nearby?lat=49.2827&lon=-123.1207&radius=1&minimal=true".to_owned(),
        "/api/artworks/nearby?lat=49.2827&lon=-123.1207&radius=1".to_owned(),
        "/api/artworks?limit=1".to_owned(),
        format!(
            "/api/artists/{}",
            domain::ArtistId::for_import("vancouver", "103")
        ),
    ] {
        let (s, headers, body) = app.get_with(&path, &[("X-Min-Position", &min)]).await;
        assert_ok_envelope(s, &body, &path);
        assert!(
            body.to_string().contains(&id),
            "{path}: the new artwork is missing"
        );
        if let Some(v) = headers.get("x-read-consistency") {
            stale.push(format!("{path}: {v:?}"));
        }
    }
    // A position already passed needs no wait and is not stale.
    let (s, headers, _) = app.get_with(&path, &[("X-Min-Position", "0-0")]).await;
    assert_eq!(s, 200);
    assert!(headers.get("x-read-consistency").is_none());

    // A malformed position is a 400; one that will not come soon answers stale.
    for bad in ["12", "a-b", "-1-2", ""] {
        let (s, _, body) = app.get_with(&path, &[("X-Min-Position", bad)]).await;
        assert_error(
            s,
            &body,
            400,
            "VALIDATION_ERROR",
            Some("X-Min-Position"),
            &format!("X-Min-Position {bad:?}"),
        );
    }
    let (s, headers, body) = app
        .get_with(&path, &[("X-Min-Position", "999999999999-1")])
        .await;
    assert_ok_envelope(s, &body, "far-future X-Min-Position");
    assert_eq!(body["data"]["title"], "Read Your Own Writes");
    assert_eq!(
        headers
            .get("x-read-consistency")
            .and_then(|v| v.to_str().ok()),
        Some("stale")
    );

    assert!(
        stale.is_empty(),
        "reads with X-Min-Position {min} (the new artwork's own event, already projected) \
         answered stale: {stale:#?}"
    );

    app.stop().await;
}

// ---------------------------------------------------------------------------------------------
// GET /api/auth/status
// ---------------------------------------------------------------------------------------------

fn is_token(s: &str) -> bool {
    s.len() == 64
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn auth_status_mints_an_anonymous_token_and_recognises_it() {
    let app = TestApp::spawn().await;

    // No token: a new one, in the header and the body.
    let (s, headers, body) = app.get("/api/auth/status").await;
    assert_ok_envelope(s, &body, "/api/auth/status");
    let token = headers
        .get("x-user-token")
        .expect("a minted token")
        .to_str()
        .unwrap()
        .to_owned();
    assert!(is_token(&token), "{token}");
    assert_eq!(
        headers.get("cache-control").and_then(|v| v.to_str().ok()),
        Some("no-store")
    );
    let d = &body["data"];
    let user = uuid_of(&d["user"]["uuid"]);
    assert_eq!(
        d,
        &json!({
            "is_authenticated": false,
            "is_anonymous": true,
            "user_token": token,
            "user": {"uuid": user.to_string(), "email": null, "created_at": null},
            "is_moderator": false,
            "can_review": false,
            "is_admin": false,
            "profile_name": null,
        })
    );

    // With the token: the same identity, and nothing new minted.
    for presented in [token.clone(), format!("  {token} ")] {
        let (s, headers, body) = app
            .get_with("/api/auth/status", &[("X-User-Token", &presented)])
            .await;
        assert_ok_envelope(s, &body, "with token");
        assert!(headers.get("x-user-token").is_none(), "{headers:?}");
        assert_eq!(body["data"]["user"]["uuid"], user.to_string());
        assert_eq!(body["data"]["user_token"], token.as_str());
        assert_eq!(body["data"]["is_anonymous"], true);
    }

    // Malformed tokens count as none: a new token and a new identity. The public uuid in
    // particular is not a token.
    let mut seen = HashSet::from([user]);
    for bad in [
        user.to_string(),
        token.to_uppercase(),
        token[..63].to_owned(),
        format!("{token}0"),
        "g".repeat(64),
        "nonsense".to_owned(),
    ] {
        let (s, headers, body) = app
            .get_with("/api/auth/status", &[("X-User-Token", &bad)])
            .await;
        assert_ok_envelope(s, &body, &bad);
        let minted = headers
            .get("x-user-token")
            .unwrap_or_else(|| panic!("{bad:?} should be refused and a token minted"))
            .to_str()
            .unwrap()
            .to_owned();
        assert!(is_token(&minted));
        assert_ne!(minted, token);
        assert_eq!(body["data"]["user_token"], minted.as_str());
        let other = uuid_of(&body["data"]["user"]["uuid"]);
        assert!(seen.insert(other), "{bad:?} gave back a known identity");
    }

    app.stop().await;
}
