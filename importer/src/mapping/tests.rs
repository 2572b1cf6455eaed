//! Mappings: their rules, applying one, and inference on files the tests write and on the
//! shared datasets.

use super::*;
use crate::source::{self, Format};
use crate::{Presence, RejectReason};
use domain::ArtworkType;
use std::io::Write;

/// A city inventory in the shape many publish: semicolons, French names, Windows-1252.
const MONTREAL: &str = "No;Titre;Artiste;Catégorie;Matériaux;Année;Statut;Latitude;Longitude;Quartier;Adresse\n\
    101;Le Phare;\"Marie Roy; Jean Roy\";Sculpture;Bronze;1992;En place;45.5017;-73.5673;Ville-Marie;1 rue Sainte-Catherine\n\
    102;Murale des saisons;Collectif A;Murale;Peinture;vers 2015;Repeinte;45.52;-73.58;Plateau;\n\
    103;;Inconnu;Fontaine;Granit;1920;En place;45.51;-73.55;Ville-Marie;\n\
    104;Sans coordonnées;X;Sculpture;Acier;2001;En place;;;Rosemont;\n\
    101;Le Phare;Paul Roy;Sculpture;Bronze;1992;En place;45.5017;-73.5673;Ville-Marie;\n\
    105;Loin;Y;Sculpture;Acier;2001;Retirée;48.85;2.35;Ailleurs;\n";

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.path().join(name);
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .unwrap();
    path
}

fn montreal_mapping() -> Mapping {
    toml::from_str(
        r#"
        [dataset]
        key = "montreal"
        name = "Art public de Montréal"
        place = "Montréal"
        licence = "CC BY 4.0"
        attribution = "Ville de Montréal"
        source_url = "https://donnees.montreal.ca/"

        [id]
        column = "No"

        [coordinates]
        lat = "Latitude"
        lon = "Longitude"
        bounds = [45.3, -74.0, 45.8, -73.4]

        [fields]
        title = "Titre"
        artists = "Artiste"
        year = "Année"
        material = "Matériaux"
        address = "Adresse"

        [type]
        column = "Catégorie"
        [type.map]
        Murale = "mural"

        [status]
        column = "Statut"
        [status.map]
        "En place" = "in_place"
        Repeinte = "painted_over"
        "Retirée" = "removed"

        [tags]
        neighbourhood = "Quartier"
        "#,
    )
    .unwrap()
}

#[test]
fn a_mapping_turns_a_city_inventory_into_artworks_and_rejects_with_reasons() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "montreal.csv", MONTREAL);
    let m = montreal_mapping();
    m.check().unwrap();
    let p = apply(&m, source::read(&path, &m.format).unwrap());
    assert_eq!(p.dataset.key, "montreal");
    assert_eq!(p.records_read, 6);
    let ids: Vec<&str> = p.artworks.iter().map(|a| a.source_id.as_str()).collect();
    assert_eq!(ids, ["101", "102", "103"]);

    let phare = &p.artworks[0];
    assert_eq!(phare.title, "Le Phare");
    assert_eq!(phare.artwork_type, "sculpture");
    assert_eq!((phare.lat, phare.lon), (45.5017, -73.5673));
    assert_eq!(phare.tags["year"], "1992");
    assert_eq!(phare.tags["material"], "bronze");
    assert_eq!(phare.tags["neighbourhood"], "Ville-Marie");
    assert_eq!(phare.tags["address"], "1 rue Sainte-Catherine");
    assert_eq!(phare.presence, Presence::InPlace);
    // Two credits in one cell, and a repeated row's artist folded into the first.
    let names: Vec<&str> = phare
        .artist_source_ids
        .iter()
        .map(|id| {
            p.artists
                .iter()
                .find(|a| &a.source_id == id)
                .unwrap()
                .name
                .as_str()
        })
        .collect();
    assert_eq!(names, ["Marie Roy", "Jean Roy", "Paul Roy"]);

    let murale = &p.artworks[1];
    assert_eq!(murale.artwork_type, "mural");
    assert_eq!(murale.presence, Presence::Removed);
    assert_eq!(murale.tags["condition_detail"], "painted over");
    assert_eq!(murale.tags["year"], "2015");
    assert_eq!(murale.tags["date_detail"], "vers 2015");

    // No title but a type: a work the publisher did not name. "Inconnu" is not an artist.
    let fontaine = &p.artworks[2];
    assert_eq!(fontaine.title, "Untitled fountain");
    assert_eq!(fontaine.artwork_type, "fountain");

    let reasons: Vec<(usize, &RejectReason)> =
        p.rejects.iter().map(|r| (r.row, &r.reason)).collect();
    assert_eq!(reasons.len(), 3, "{reasons:?}");
    assert_eq!(reasons[0], (4, &RejectReason::MissingCoordinates));
    assert!(matches!(reasons[1], (5, RejectReason::Duplicate(why)) if why.contains("row 1")));
    assert!(matches!(reasons[2], (6, RejectReason::BadCoordinates(why)) if why.contains("bounds")));
}

#[test]
fn ten_thousand_garbage_rows_are_each_rejected_and_nothing_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("No;Titre;Latitude;Longitude\n");
    for i in 0..10_000 {
        text.push_str(&format!("{i};%%{i}%%;north;{}\n", i as f64 * 7.3));
    }
    let path = write(&dir, "garbage.csv", &text);
    let m = montreal_mapping();
    let p = apply(&m, source::read(&path, &m.format).unwrap());
    assert!(p.artworks.is_empty());
    assert_eq!(p.rejects.len(), 10_000);
    assert!(p.rejects.iter().all(
        |r| matches!(&r.reason, RejectReason::BadCoordinates(w) if w.contains("cannot read"))
    ));
}

#[test]
fn a_mapping_without_coordinates_or_licence_is_refused_with_what_is_wrong() {
    let mut m = montreal_mapping();
    m.coordinates = Coordinates::default();
    assert!(m
        .check()
        .unwrap_err()
        .contains("[coordinates] needs exactly one"));
    let mut m = montreal_mapping();
    m.dataset.licence = " ".into();
    assert!(m.check().unwrap_err().contains("licence is empty"));
    let mut m = montreal_mapping();
    m.dataset.key = "Montréal!".into();
    assert!(m.check().unwrap_err().contains("key"));
    let mut m = montreal_mapping();
    m.id.column = None;
    assert!(m.check().unwrap_err().contains("[id]"));
    // Both: the hash is for records without an id of their own.
    let mut m = montreal_mapping();
    m.id.hash_of = vec!["Titre".into()];
    assert!(m.check().is_ok());
    let err = toml::from_str::<Mapping>("[dataset]\nkey = 1").unwrap_err();
    assert!(err.to_string().contains("key"), "{err}");
}

#[test]
fn ids_can_be_a_stable_hash_when_the_source_has_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "montreal.csv", MONTREAL);
    let mut m = montreal_mapping();
    m.id = IdSpec {
        column: None,
        hash_of: vec!["Titre".into(), "Latitude".into(), "Longitude".into()],
        ..IdSpec::default()
    };
    let first = apply(&m, source::read(&path, &m.format).unwrap());
    let again = apply(&m, source::read(&path, &m.format).unwrap());
    let ids: Vec<&String> = first.artworks.iter().map(|a| &a.source_id).collect();
    assert_eq!(
        ids,
        again
            .artworks
            .iter()
            .map(|a| &a.source_id)
            .collect::<Vec<_>>()
    );
    assert!(ids
        .iter()
        .all(|id| id.starts_with("montreal-") && id.len() == "montreal-".len() + 16));
    // The repeated row hashes to the same id and is folded again.
    assert!(first
        .rejects
        .iter()
        .any(|r| matches!(r.reason, RejectReason::Duplicate(_))));
}

#[test]
fn words_name_our_types_in_english_and_french() {
    for (word, t) in [
        ("Sculptures", ArtworkType::Sculpture),
        ("Bas-relief", ArtworkType::Relief),
        ("Murale", ArtworkType::Mural),
        ("War Memorial", ArtworkType::Monument),
        ("fontaine", ArtworkType::Fountain),
        ("statue", ArtworkType::Statue),
    ] {
        assert_eq!(type_of_words(word), Some(t), "{word}");
    }
    assert_eq!(type_of_words("Plaque"), None);
}

#[test]
fn inference_finds_the_fields_of_an_unseen_city_and_its_toml_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "Art public Montréal 2024.csv", MONTREAL);
    let records = source::read(&path, &Default::default()).unwrap();
    let inferred = infer(&path, &records);
    let m = &inferred.mapping;
    assert_eq!(m.dataset.key, "art-public-montr-al-2024");
    assert_eq!(m.format.kind, Some(Format::Csv));
    assert_eq!(m.coordinates.lat.as_deref(), Some("Latitude"));
    assert_eq!(m.coordinates.lon.as_deref(), Some("Longitude"));
    assert_eq!(m.fields.title.as_deref(), Some("Titre"));
    assert_eq!(m.fields.artists.as_deref(), Some("Artiste"));
    assert_eq!(m.fields.year.as_deref(), Some("Année"));
    assert_eq!(m.fields.material.as_deref(), Some("Matériaux"));
    assert_eq!(m.fields.address.as_deref(), Some("Adresse"));
    assert_eq!(m.artwork_type.column.as_deref(), Some("Catégorie"));
    assert_eq!(m.artwork_type.map["Murale"], ArtworkType::Mural);
    assert_eq!(m.artwork_type.map["Fontaine"], ArtworkType::Fountain);
    assert_eq!(m.status.column.as_deref(), Some("Statut"));
    assert_eq!(m.status.map["En place"], SourceStatus::InPlace);
    assert_eq!(m.status.map["Retirée"], SourceStatus::Removed);
    assert_eq!(m.tags["neighbourhood"], "Quartier");
    // "No" repeats (101 twice), so it is not an id: the hash of title and position is.
    assert_eq!(m.id.column, None);
    assert_eq!(m.id.hash_of, ["Titre", "Latitude", "Longitude"]);
    for what in [
        "dataset.place",
        "dataset.licence",
        "dataset.attribution",
        "dataset.source_url",
    ] {
        assert!(
            inferred.undecided.iter().any(|u| u.starts_with(what)),
            "{what}"
        );
    }

    let text = inferred.to_toml(&path);
    assert!(
        text.contains("# \"Latitude\": named like a latitude"),
        "{text}"
    );
    assert!(text.contains("#   - dataset.licence"), "{text}");
    let back: Mapping = toml::from_str(&text).unwrap();
    assert_eq!(&back, m);
    // Undecided facts keep it from being used until a person fills them in.
    assert!(back.check().unwrap_err().contains("[dataset]"));
}

#[test]
fn inference_reads_an_overpass_export_with_osm_tags_and_licence() {
    let dir = tempfile::tempdir().unwrap();
    let text = r#"{"elements": [
        {"type": "node", "id": 1, "lat": 48.85, "lon": 2.35, "tags": {"tourism": "artwork", "artwork_type": "statue", "name": "La Liberté", "artist_name": "A. Bartholdi", "start_date": "1889", "material": "bronze", "wikidata": "Q1"}},
        {"type": "node", "id": 2, "lat": 48.86, "lon": 2.34, "tags": {"tourism": "artwork", "artwork_type": "mural"}},
        {"type": "way", "id": 3, "center": {"lat": 48.87, "lon": 2.33}, "tags": {"historic": "memorial", "name": "Mur des noms", "memorial": "wall"}}
    ]}"#;
    let path = write(&dir, "paris-overpass.json", text);
    let records = source::read(&path, &Default::default()).unwrap();
    let inferred = infer(&path, &records);
    let mut m = inferred.mapping.clone();
    assert!(m.coordinates.geometry);
    assert_eq!(m.fields.title.as_deref(), Some("tags.name"));
    assert_eq!(m.fields.artists.as_deref(), Some("tags.artist_name"));
    assert_eq!(m.fields.year.as_deref(), Some("tags.start_date"));
    assert_eq!(m.fields.material.as_deref(), Some("tags.material"));
    assert_eq!(m.artwork_type.column.as_deref(), Some("tags.artwork_type"));
    assert_eq!(m.tags["wikidata_id"], "tags.wikidata");
    assert_eq!(m.dataset.licence, "Open Database License (ODbL) 1.0");
    m.dataset.place = "Paris".into();
    m.check().unwrap();
    let p = apply(&m, records);
    let titles: Vec<&str> = p.artworks.iter().map(|a| a.title.as_str()).collect();
    assert_eq!(titles, ["La Liberté", "Untitled mural", "Mur des noms"]);
    assert_eq!(p.artworks[0].artwork_type, "statue");
    assert!(p.artworks[2].tags["location_note"].contains("centre"));
}

/// Of the artworks a built-in parser makes from a shared dataset, the share an inferred
/// mapping also makes (the same title within a metre), and its guesses for the fields.
#[test]
fn inference_on_the_shared_datasets_finds_their_fields_and_most_of_the_same_artworks() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../datasets/public-art/");
    /// (file, title field, lat and lon fields (none: the geometry), id field, share found)
    type Case<'a> = (
        &'a str,
        &'a str,
        Option<(&'a str, &'a str)>,
        Option<&'a str>,
        f64,
    );
    let cases: &[Case] = &[
        (
            "vancouver.json",
            "title_of_work",
            None,
            Some("registryid"),
            1.0,
        ),
        ("cambridge-ma.geojson", "List_Title", None, None, 0.99),
        (
            "new-york-city-parks-monuments.csv",
            "name",
            Some(("latitude", "longitude")),
            None,
            1.0,
        ),
        (
            "new-york-city-dot-art.csv",
            "Title",
            Some(("Latitude", "Longitude")),
            None,
            1.0,
        ),
        (
            "san-francisco.csv",
            "Display Title",
            Some(("Latitude", "Longitude")),
            None,
            0.98,
        ),
    ];
    for &(file, title, lat_lon, id, share) in cases {
        let path = Path::new(dir).join(file);
        let records = source::read(&path, &Default::default()).unwrap();
        let mut m = infer(&path, &records).mapping;
        assert_eq!(m.fields.title.as_deref(), Some(title), "{file}");
        match lat_lon {
            Some((lat, lon)) => {
                assert_eq!(m.coordinates.lat.as_deref(), Some(lat), "{file}");
                assert_eq!(m.coordinates.lon.as_deref(), Some(lon), "{file}");
            }
            None => assert!(m.coordinates.geometry, "{file}"),
        }
        if id.is_some() {
            assert_eq!(m.id.column.as_deref(), id, "{file}");
        }
        m.dataset.place = "X".into();
        m.dataset.licence = "X".into();
        m.dataset.attribution = "X".into();
        m.dataset.source_url = "https://example.org/".into();
        m.check().unwrap();
        let inferred = apply(&m, records);
        let built_in = crate::mapping::parse_file(&path).unwrap();
        let found = built_in
            .artworks
            .iter()
            .filter(|a| {
                inferred.artworks.iter().any(|b| {
                    b.title.eq_ignore_ascii_case(&a.title)
                        && (b.lat - a.lat).abs() < 1e-5
                        && (b.lon - a.lon).abs() < 1e-5
                })
            })
            .count();
        let got = found as f64 / built_in.artworks.len() as f64;
        println!("{file}: {found} of {} ({got:.3})", built_in.artworks.len());
        assert!(
            got >= share,
            "{file}: {found} of {}",
            built_in.artworks.len()
        );
    }
}

/// NYC Parks publishes X/Y in NAD83 / New York Long Island (US survey feet) beside latitude and
/// longitude: a mapping reading X/Y puts every record within 2 m of where one reading latitude
/// and longitude does. Missing and unreadable X/Y are rejected with a reason, and a mapping
/// with an unknown projection, or x without y, is refused.
#[test]
fn a_mapping_reads_projected_x_y_in_a_named_projection() {
    let mapping = |coordinates: &str| -> Mapping {
        toml::from_str(&format!(
            r#"
            [dataset]
            key = "nyc-parks"
            name = "NYC Parks monuments"
            place = "New York"
            licence = "NYC Open Data"
            attribution = "NYC Parks"
            source_url = "https://data.cityofnewyork.us/"

            [id]
            hash_of = ["name", "number", "Location"]

            [coordinates]
            {coordinates}
            bounds = [40.47, -74.27, 40.93, -73.69]

            [fields]
            title = "name"
            "#
        ))
        .unwrap()
    };
    let projected = mapping("x = \"X\"\ny = \"Y\"\nprojection = \"EPSG:2263\"");
    let geographic = mapping("lat = \"latitude\"\nlon = \"longitude\"");
    projected.check().unwrap();
    geographic.check().unwrap();
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../datasets/public-art/new-york-city-parks-monuments.csv"
    ));
    let from_x_y = apply(&projected, source::read(path, &projected.format).unwrap());
    let from_lat_lon = apply(&geographic, source::read(path, &geographic.format).unwrap());
    assert!(from_x_y.artworks.len() > 900, "{}", from_x_y.artworks.len());
    let (mut compared, mut worst) = (0, 0.0_f64);
    for a in &from_x_y.artworks {
        let Some(b) = from_lat_lon
            .artworks
            .iter()
            .find(|b| b.source_id == a.source_id)
        else {
            continue;
        };
        let metres_north = (a.lat - b.lat) * 111_320.0;
        let metres_east = (a.lon - b.lon) * 111_320.0 * a.lat.to_radians().cos();
        let d = metres_north.hypot(metres_east);
        assert!(d < 2.0, "{}: {d:.2} m apart", a.source_id);
        worst = worst.max(d);
        compared += 1;
    }
    println!("X/Y and latitude/longitude: {compared} artworks, worst {worst:.3} m apart");
    assert_eq!(compared, from_lat_lon.artworks.len());
    assert_eq!(compared, from_x_y.artworks.len());
    // Round trip through TOML: the new fields are written, the absent ones are not.
    let text = toml::to_string(&projected).unwrap();
    assert!(text.contains("projection = \"EPSG:2263\""), "{text}");
    assert!(!text.contains("lat ="), "{text}");
    assert_eq!(toml::from_str::<Mapping>(&text).unwrap(), projected);

    // Rows without X/Y, with unreadable X/Y, and with X/Y far outside the bounds.
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        &dir,
        "nyc.csv",
        "name,number,Location,X,Y\n\
         Kept,1,a,985120.0162926316,205443.46383473277\n\
         No position,2,b,,205443.4\n\
         Unreadable,3,c,985120 ft,205443.4\n\
         Far away,4,d,0,0\n",
    );
    let p = apply(&projected, source::read(&file, &projected.format).unwrap());
    assert_eq!(p.artworks.len(), 1);
    let kept = &p.artworks[0];
    assert!((kept.lat - 40.730_571_4).abs() < 1e-6 && (kept.lon + 73.996_860_9).abs() < 1e-6);
    let reasons: Vec<&RejectReason> = p.rejects.iter().map(|r| &r.reason).collect();
    assert_eq!(reasons[0], &RejectReason::MissingCoordinates);
    assert!(
        matches!(reasons[1], RejectReason::BadCoordinates(why) if why.contains("985120 ft")),
        "{reasons:?}"
    );
    assert!(
        matches!(reasons[2], RejectReason::BadCoordinates(why) if why.contains("bounds")),
        "{reasons:?}"
    );

    // Mappings refused, with what is wrong.
    let refused = |coordinates: &str| mapping(coordinates).check().unwrap_err();
    let unknown = refused("x = \"X\"\ny = \"Y\"\nprojection = \"EPSG:4326\"");
    assert!(unknown.contains("'EPSG:4326'"), "{unknown}");
    for known in [
        "EPSG:2263",
        "EPSG:2249",
        "EPSG:2227",
        "EPSG:3857",
        "EPSG:32601",
    ] {
        assert!(unknown.contains(known), "{unknown}");
    }
    let alone = refused("x = \"X\"\nprojection = \"EPSG:2263\"");
    assert!(alone.contains("x and y go together"), "{alone}");
    let unprojected = refused("x = \"X\"\ny = \"Y\"");
    assert!(unprojected.contains("need a projection"), "{unprojected}");
    let both = refused(
        "x = \"X\"\ny = \"Y\"\nprojection = \"EPSG:2263\"\nlat = \"latitude\"\nlon = \"longitude\"",
    );
    assert!(both.contains("exactly one"), "{both}");
    let stray = refused("lat = \"latitude\"\nlon = \"longitude\"\nprojection = \"EPSG:2263\"");
    assert!(stray.contains("only for x and y"), "{stray}");
}
