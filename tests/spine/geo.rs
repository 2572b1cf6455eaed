//! The in-memory geo model and PostgreSQL answer nearby identically.

use crate::harness::TestApp;
use rand::{Rng, SeedableRng};
use serde_json::Value;

async fn get_json(client: &reqwest::Client, url: String) -> Value {
    client.get(url).send().await.unwrap().json().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nearby_from_memory_equals_nearby_from_postgres() {
    let app = TestApp::with_demo_data().await;
    assert!(app.geo.is_ready());
    let (sql_base, sql_server) = app.spawn_sql_only_api().await;
    let client = reqwest::Client::new();
    let centres = [
        (49.2827, -123.1207),
        (42.3736, -71.1097),
        (40.758, -73.9855),
        (37.7793, -122.4193),
    ];
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut compared = 0;
    for i in 0..60 {
        let (clat, clon) = centres[i % centres.len()];
        let lat = clat + rng.random_range(-0.03..0.03);
        let lon = clon + rng.random_range(-0.03..0.03);
        let radius = [100, 500, 2_000, 10_000, 50_000][i % 5];
        let limit = [1, 10, 250, 1_000][i % 4];
        for minimal in [true, false] {
            let q = format!("/api/artworks/nearby?lat={lat}&lon={lon}&radius={radius}&limit={limit}&minimal={minimal}");
            let mem = get_json(&client, format!("{}{q}", app.base)).await;
            let sql = get_json(&client, format!("{sql_base}{q}")).await;
            let (a, b) = (&mem["data"]["artworks"], &sql["data"]["artworks"]);
            let ids = |v: &Value| {
                v.as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x["id"].clone())
                    .collect::<Vec<_>>()
            };
            assert_eq!(ids(a), ids(b), "{q}");
            for (x, y) in a.as_array().unwrap().iter().zip(b.as_array().unwrap()) {
                let (dx, dy) = (
                    x["distance_m"].as_f64().unwrap(),
                    y["distance_m"].as_f64().unwrap(),
                );
                assert!((dx - dy).abs() < 1e-6, "{q}: {dx} vs {dy}");
                let mut x = x.clone();
                let mut y = y.clone();
                x["distance_m"] = Value::Null;
                y["distance_m"] = Value::Null;
                assert_eq!(x, y, "{q}");
            }
            compared += a.as_array().unwrap().len();
        }
    }
    assert!(
        compared > 5_000,
        "the comparison should cover many results, got {compared}"
    );
    sql_server.abort();
    app.stop().await;
}
