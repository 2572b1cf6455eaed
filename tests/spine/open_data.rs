//! Open data out (issue 31): the exports, read with real GeoJSON, CSV and XML parsers, hold every
//! approved artwork of the demo data exactly once and nothing pending, narrow to a box and to
//! what changed since a time, and carry each record's licence.

use std::collections::HashSet;

use uuid::Uuid;

use crate::accounts::anonymous_token;
use crate::harness::TestApp;
use crate::submissions::propose;
use crate::web::text;

async fn export(app: &TestApp, query: &str) -> (u16, String, String) {
    text(app, &format!("{}/api/export/{query}", app.base)).await
}

/// The ids of a GeoJSON export's features, each feature checked as GeoJSON.
fn geojson_ids(body: &str) -> Vec<Uuid> {
    let collection = match body.parse::<geojson::GeoJson>().unwrap() {
        geojson::GeoJson::FeatureCollection(c) => c,
        other => panic!("not a FeatureCollection: {other:?}"),
    };
    collection
        .features
        .iter()
        .map(|f| {
            assert!(matches!(
                f.geometry.as_ref().unwrap().value,
                geojson::Value::Point(_)
            ));
            let props = f.properties.as_ref().unwrap();
            assert!(props["licence"].as_str().is_some_and(|l| !l.is_empty()));
            match f.id.as_ref().unwrap() {
                geojson::feature::Id::String(s) => Uuid::parse_str(s).unwrap(),
                other => panic!("id {other:?}"),
            }
        })
        .collect()
}

fn csv_ids(body: &str) -> Vec<Uuid> {
    let mut reader = csv::Reader::from_reader(body.as_bytes());
    let headers = reader.headers().unwrap().clone();
    assert_eq!(&headers[0], "id");
    assert!(headers.iter().any(|h| h == "licence"));
    reader
        .records()
        .map(|r| Uuid::parse_str(&r.unwrap()[0]).unwrap())
        .collect()
}

/// The `website` tag of every `tourism=artwork` node, as artwork ids.
fn osm_ids(body: &str) -> Vec<Uuid> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(body);
    let mut ids = Vec::new();
    let mut nodes = 0;
    let mut artworks = 0;
    loop {
        match reader.read_event().unwrap() {
            Event::Start(e) if e.name().as_ref() == b"node" => nodes += 1,
            Event::Empty(e) if e.name().as_ref() == b"tag" => {
                let attr = |name: &[u8]| {
                    e.try_get_attribute(name)
                        .unwrap()
                        .map(|a| a.unescape_value().unwrap().into_owned())
                };
                match (attr(b"k").as_deref(), attr(b"v")) {
                    (Some("tourism"), Some(v)) if v == "artwork" => artworks += 1,
                    (Some("website"), Some(v)) => {
                        let id = v.rsplit('/').next().unwrap();
                        ids.push(Uuid::parse_str(id).unwrap());
                    }
                    _ => {}
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(nodes, ids.len());
    assert_eq!(artworks, ids.len());
    ids
}

fn once(ids: &[Uuid]) -> HashSet<Uuid> {
    let set: HashSet<Uuid> = ids.iter().copied().collect();
    assert_eq!(set.len(), ids.len(), "each artwork once");
    set
}

#[tokio::test]
async fn every_export_holds_each_approved_artwork_once_and_nothing_pending() {
    let app = TestApp::with_demo_data().await;
    let anon = anonymous_token(&app).await;
    let pending = propose(&app, &anon, "Pending sculpture").await;
    let approved: HashSet<Uuid> =
        sqlx::query_scalar("SELECT id FROM rm.artworks WHERE status = 'approved'")
            .fetch_all(&app.db.pool)
            .await
            .unwrap()
            .into_iter()
            .collect();
    assert!(approved.len() > 100);
    let pending_artwork: Option<Uuid> =
        sqlx::query_scalar("SELECT id FROM rm.artworks WHERE status = 'pending' LIMIT 1")
            .fetch_optional(&app.db.pool)
            .await
            .unwrap();

    type Read = fn(&str) -> Vec<Uuid>;
    let formats: [(&str, &str, Read); 3] = [
        ("artworks.geojson", "application/geo+json", geojson_ids),
        ("artworks.csv", "text/csv", csv_ids),
        ("artworks.osm", "application/xml", osm_ids),
    ];
    for (file, content_type, read) in formats {
        let (status, ct, body) = export(&app, file).await;
        assert_eq!(status, 200, "{file}: {body}");
        assert!(ct.starts_with(content_type), "{file}: {ct}");
        let ids = once(&read(&body));
        assert_eq!(ids, approved, "{file}");
        assert!(!body.contains(&pending.id));
        if let Some(p) = pending_artwork {
            assert!(!ids.contains(&p));
        }
    }

    // Narrowed to a box: exactly the approved artworks inside it.
    let (w, s, e, n) = (-123.2, 49.2, -123.0, 49.3);
    let inside: HashSet<Uuid> = sqlx::query_scalar(
        "SELECT id FROM rm.artworks WHERE status = 'approved'
         AND lon BETWEEN $1 AND $3 AND lat BETWEEN $2 AND $4",
    )
    .bind(w)
    .bind(s)
    .bind(e)
    .bind(n)
    .fetch_all(&app.db.pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    assert!(!inside.is_empty() && inside.len() < approved.len());
    let (status, _, body) = export(&app, &format!("artworks.geojson?bbox={w},{s},{e},{n}")).await;
    assert_eq!(status, 200);
    assert_eq!(once(&geojson_ids(&body)), inside);

    // Nothing changed after tomorrow.
    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1)).to_rfc3339();
    let (status, _, body) = export(
        &app,
        &format!(
            "artworks.csv?updated_since={}",
            tomorrow.replace('+', "%2B")
        ),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(csv_ids(&body).is_empty());

    for (query, status, field) in [
        ("artworks.geojson?bbox=1,2,3", 400, Some("bbox")),
        ("artworks.geojson?bbox=0,10,1,5", 400, Some("bbox")),
        (
            "artworks.csv?updated_since=yesterday",
            400,
            Some("updated_since"),
        ),
        ("artworks.xlsx", 404, None),
        ("everything.geojson", 404, None),
    ] {
        let (got, _, body) = export(&app, query).await;
        assert_eq!(got, status, "{query}: {body}");
        let body: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(body["success"], false);
        if let Some(field) = field {
            assert_eq!(body["details"]["field"], field, "{query}");
        }
    }
    app.stop().await;
}

/// The feed, parsed as an Atom document.
async fn feed(app: &TestApp, query: &str) -> (u16, String) {
    let (status, ct, body) = text(app, &format!("{}/api/feed.atom{query}", app.base)).await;
    if status == 200 {
        assert!(ct.starts_with("application/atom+xml"), "{ct}");
    }
    (status, body)
}

#[tokio::test]
async fn the_feed_tells_of_an_addition_an_approved_edit_and_a_removal_newest_first() {
    use crate::accounts::sign_in;
    use crate::edits::{approve_with, rename, ARTWORK};
    use crate::feedback::{resolve, send};
    use crate::fixtures::{app_with_moderator, approved_proposal};
    use crate::submissions::{LAT, LON};
    use serde_json::json;

    let (app, anon, modr) = app_with_moderator().await;
    let made = approved_proposal(&app, &anon, &modr, "Feed Orca").await;
    let artwork = made.artwork.clone();

    // An approved edit, proposed by someone else than the moderator.
    let (editor, _, _) = sign_in(&app, "feed-editor@plinth.test", &anon, 1).await;
    let renamed = "Feed Orca, renamed";
    let (edit, _) = rename(&app, ARTWORK, &editor, &artwork, "Feed Orca", renamed).await;
    approve_with(&app, ARTWORK, &modr, &edit, json!({})).await;

    // A confirmed report that it is gone removes it.
    let report = json!({"subject_type": "artwork", "subject_id": artwork,
                        "issue_type": "missing", "note": "Gone since the works"});
    let (status, _, sent) = send(&app, &anon, report).await;
    assert_eq!(status, 201, "{sent}");
    let report = sent["data"]["id"].as_str().unwrap();
    let gone = json!({"note": "Confirmed gone", "remove_artwork": true});
    let (status, pos, resolved) = resolve(&app, &modr, report, gone).await;
    assert_eq!(status, 200, "{resolved}");
    let (status, _) = app
        .get_as(&anon, &format!("/api/artworks/{artwork}"), Some(&pos))
        .await;
    assert_eq!(status, 200);

    let (status, body) = feed(&app, "").await;
    assert_eq!(status, 200);
    let atom = atom_syndication::Feed::read_from(body.as_bytes()).unwrap();
    assert!(!atom.id().is_empty());
    assert!(atom.links().iter().any(|l| l.rel() == "self"));
    let titles: Vec<&str> = atom.entries().iter().map(|e| e.title().as_str()).collect();
    assert_eq!(
        titles,
        [
            "Removed: Feed Orca, renamed",
            "Edited: Feed Orca, renamed",
            "New artwork: Feed Orca, renamed",
        ]
    );
    let page = format!("{}/artwork/{artwork}", app.base);
    let mut ids = HashSet::new();
    for e in atom.entries() {
        assert_eq!(e.links()[0].href(), page);
        assert!(ids.insert(e.id().to_owned()), "entry ids are unique");
        assert!(e.summary().is_some_and(|s| !s.as_str().is_empty()));
    }
    let updated: Vec<_> = atom.entries().iter().map(|e| *e.updated()).collect();
    assert!(updated.windows(2).all(|w| w[0] >= w[1]), "newest first");
    assert!(atom.entries()[1]
        .summary()
        .unwrap()
        .as_str()
        .contains("title"));

    // A box around the artwork keeps it; one elsewhere has nothing; a bad box is refused.
    let around = format!(
        "?bbox={},{},{},{}",
        LON - 0.01,
        LAT - 0.01,
        LON + 0.01,
        LAT + 0.01
    );
    let (status, body) = feed(&app, &around).await;
    assert_eq!(status, 200);
    let around_feed = atom_syndication::Feed::read_from(body.as_bytes()).unwrap();
    assert_eq!(around_feed.entries().len(), 3);
    let (status, body) = feed(&app, "?bbox=2.2,48.8,2.4,48.9").await;
    assert_eq!(status, 200);
    assert!(atom_syndication::Feed::read_from(body.as_bytes())
        .unwrap()
        .entries()
        .is_empty());
    let (status, _) = feed(&app, "?bbox=north").await;
    assert_eq!(status, 400);
    app.stop().await;
}
