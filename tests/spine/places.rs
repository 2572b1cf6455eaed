//! `GET /api/places`: the cities the demo data covers and their neighbourhoods or boroughs, each
//! with how many approved artworks it holds and the box around them; an artwork added without a
//! dataset counts in the city whose box holds it.

use std::collections::HashMap;

use crate::harness::{import_artwork, vancouver_artwork, wait_projected, TestApp};
use serde_json::Value;

/// What the places must be, worked out here from the read model's rows.
#[derive(Debug, Default, PartialEq)]
struct Tally {
    artworks: i64,
    north: f64,
    south: f64,
    east: f64,
    west: f64,
}

impl Tally {
    fn add(&mut self, lat: f64, lon: f64) {
        if self.artworks == 0 {
            (self.north, self.south, self.east, self.west) = (lat, lat, lon, lon);
        }
        self.artworks += 1;
        self.north = self.north.max(lat);
        self.south = self.south.min(lat);
        self.east = self.east.max(lon);
        self.west = self.west.min(lon);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_places_are_the_cities_and_their_areas_with_their_artworks_and_an_added_one_counts_where_it_stands(
) {
    // Given the demo data and one artwork imported without a place, in downtown Vancouver.
    let app = TestApp::with_demo_data().await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    let mut unplaced = vancouver_artwork("places-unplaced", "Unplaced mural", &[]);
    unplaced.provenance.place = None;
    import_artwork(&commands, unplaced).await;
    wait_projected(&app.db.pool).await;

    // When the places are read…
    let (status, headers, body) = app.get("/api/places").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(headers["cache-control"], "public, max-age=300");
    let places = body["data"]["places"].as_array().unwrap();

    // …then they are what the approved artworks give, the unplaced one in Vancouver.
    let rows: Vec<(Option<String>, Option<String>, f64, f64)> = sqlx::query_as(
        "SELECT provenance->>'place', coalesce(tags->>'neighbourhood', tags->>'borough'), lat, lon
           FROM rm.artworks WHERE status = 'approved'",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    let mut want: HashMap<(String, Option<String>), Tally> = HashMap::new();
    for (city, area, lat, lon) in rows {
        let city = city.unwrap_or_else(|| "Vancouver".into());
        want.entry((city.clone(), None)).or_default().add(lat, lon);
        if let Some(area) = area {
            want.entry((city, Some(area))).or_default().add(lat, lon);
        }
    }
    let mut got: HashMap<(String, Option<String>), Tally> = HashMap::new();
    for p in places {
        let key = (
            p["city"].as_str().unwrap().to_owned(),
            p["area"].as_str().map(str::to_owned),
        );
        let f = |k: &str| p[k].as_f64().unwrap();
        let tally = Tally {
            artworks: p["artworks"].as_i64().unwrap(),
            north: f("north"),
            south: f("south"),
            east: f("east"),
            west: f("west"),
        };
        assert!(got.insert(key, tally).is_none(), "each place once: {p}");
    }
    assert_eq!(got, want);
    let cities: Vec<&str> = places
        .iter()
        .filter(|p| p["area"].is_null())
        .map(|p| p["city"].as_str().unwrap())
        .collect();
    let mut sorted = cities.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        ["Cambridge, MA", "New York", "San Francisco", "Vancouver"]
    );
    assert!(got[&("Vancouver".into(), Some("Downtown".into()))].artworks > 0);

    // Cities by size, each followed by its areas by size.
    let size = |c: &str| got[&(c.to_owned(), None)].artworks;
    assert!(
        cities.windows(2).all(|w| size(w[0]) >= size(w[1])),
        "{cities:?}"
    );
    let mut current: Option<&Value> = None;
    for p in places {
        if p["area"].is_null() {
            current = Some(p);
            continue;
        }
        let city = current.expect("a city before its areas");
        assert_eq!(p["city"], city["city"], "{p} under {city}");
    }
}
