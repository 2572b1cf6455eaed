//! `GET /api/places`: the cities the demo data covers and their neighbourhoods or boroughs, each
//! with how many approved artworks it holds and the box around them; an artwork added without a
//! dataset counts in the city whose box holds it. `GET /api/artworks` narrows to one of them, to
//! a type and to artworks with a photo.

use std::collections::HashMap;

use crate::accounts::anonymous_token;
use crate::fixtures::strings;
use crate::harness::{
    import_artwork, vancouver_artwork, vancouver_record, wait_projected, TestApp,
};
use crate::submissions::{approve, moderator, position, propose, spawn};
use serde_json::{json, Value};

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

/// The titles of a page of `GET /api/artworks` (by title), and its total.
async fn titles(app: &TestApp, token: &str, query: &str, pos: &str) -> (Vec<String>, i64) {
    let (status, body) = app
        .get_as(
            token,
            &format!("/api/artworks?sort=title_asc&{query}"),
            Some(pos),
        )
        .await;
    assert_eq!(status, 200, "{query}: {body}");
    let titles = strings(&body["data"]["artworks"], "title");
    (
        titles,
        body["data"]["pagination"]["total"].as_i64().unwrap(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_artwork_list_narrows_to_a_place_an_area_a_type_and_a_photo() {
    // Given two imported Vancouver murals without photos, one in Downtown, and a sculpture with
    // a photo, contributed (no dataset's place) within the murals' box.
    let app = spawn().await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    let mural = |id: &str, title: &str, lat: f64, lon: f64, area: Option<&str>| {
        vancouver_record(plinth::import::ImportedArtwork {
            source_id: id.into(),
            title: title.into(),
            description: None,
            artwork_type: "mural".into(),
            lat,
            lon,
            tags: area
                .map(|a| [("neighbourhood".to_owned(), a.to_owned())].into())
                .unwrap_or_default(),
            artist_source_ids: vec![],
            presence: plinth::import::Presence::InPlace,
            source_url: None,
        })
    };
    import_artwork(
        &commands,
        mural("f-1", "A mural", 49.28, -123.13, Some("Downtown")),
    )
    .await;
    import_artwork(&commands, mural("f-2", "B mural", 49.30, -123.10, None)).await;
    let anon = anonymous_token(&app).await;
    let modr = moderator(&app).await;
    let orca = propose(&app, &anon, "C orca").await;
    let (status, headers, body) = approve(&app, &modr, &orca.id, json!({})).await;
    assert_eq!(status, 200, "{body}");
    let pos = position(&headers);
    wait_projected(&app.db.pool).await;

    // When the list is narrowed, then it holds what matches, counted in its total.
    let all = ["A mural", "B mural", "C orca"];
    for (query, want) in [
        ("", &all[..]),
        ("city=Vancouver", &all[..]),
        ("city=Vancouver&area=Downtown", &["A mural"][..]),
        ("type=mural", &["A mural", "B mural"][..]),
        ("type=SCULPTURE", &["C orca"][..]),
        ("has_photo=true", &["C orca"][..]),
        ("has_photo=false", &all[..]),
        ("city=Vancouver&type=mural&has_photo=true", &[][..]),
        ("city=Atlantis", &[][..]),
        ("city=Vancouver&area=Atlantis", &[][..]),
    ] {
        let (got, total) = titles(&app, &anon, query, &pos).await;
        assert_eq!(got, want, "{query}");
        assert_eq!(total, want.len() as i64, "{query}");
    }
    // A page of a narrowed list counts the whole of it.
    let (got, total) = titles(&app, &anon, "city=Vancouver&limit=1&page=2", &pos).await;
    assert_eq!((got, total), (vec!["B mural".to_owned()], 3));

    // Search results say where each artwork is, as far as its data tells.
    let (status, found) = app.get_as(&anon, "/api/search?q=mural", Some(&pos)).await;
    assert_eq!(status, 200, "{found}");
    let places: HashMap<&str, &Value> = found["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["title"].as_str().unwrap(), &r["place"]))
        .collect();
    assert_eq!(
        places.get("A mural"),
        Some(&&json!("Downtown, Vancouver")),
        "{found}"
    );
    assert_eq!(places.get("B mural"), Some(&&json!("Vancouver")), "{found}");
    app.stop().await;
}
