//! Importing the demo files: counts per file, rejects with reasons, and a second import that
//! changes nothing.

use crate::harness::{all_datasets, TestDb};
use std::collections::BTreeMap;

fn by_dataset(
    reports: &[plinth::import::run::FileReport],
) -> BTreeMap<String, &plinth::import::run::FileReport> {
    reports
        .iter()
        .map(|r| {
            let file = std::path::Path::new(&r.file)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (file, r)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn demo_import_counts_rejects_and_is_idempotent() {
    let db = TestDb::new().await;
    let commands = command_api::Commands::new(db.pool.clone());

    let first = plinth::import::run::import_files(&commands, &all_datasets(), false)
        .await
        .unwrap();
    let r = by_dataset(&first);
    // (file, records read, artworks new, artists new, rejects by reason)
    type Expected<'a> = (&'a str, usize, usize, usize, &'a [(&'a str, usize)]);
    let expected: &[Expected] = &[
        ("vancouver-artists.json", 611, 0, 610, &[]),
        (
            "vancouver.json",
            716,
            572,
            0,
            &[("missing coordinates", 144)],
        ),
        ("cambridge-ma.geojson", 423, 423, 87, &[]),
        (
            "new-york-city-parks-monuments.csv",
            1901,
            904,
            308,
            &[("duplicate", 32), ("missing coordinates", 965)],
        ),
        (
            "new-york-city-dot-art.csv",
            527,
            490,
            462,
            &[
                ("bad coordinates", 13),
                ("duplicate", 5),
                ("missing coordinates", 19),
            ],
        ),
        (
            "san-francisco.csv",
            942,
            410,
            290,
            &[
                ("bad coordinates", 3),
                ("missing coordinates", 58),
                ("missing title", 6),
            ],
        ),
    ];
    for (file, read, artworks, artists, rejects) in expected {
        let got = r
            .get(*file)
            .unwrap_or_else(|| panic!("no report for {file}"));
        assert_eq!(got.records_read, *read, "{file} read");
        assert_eq!(got.artworks_created, *artworks, "{file} artworks");
        assert_eq!(got.artists_created, *artists, "{file} artists");
        let want: BTreeMap<String, usize> =
            rejects.iter().map(|(k, n)| (k.to_string(), *n)).collect();
        assert_eq!(got.rejects_by_reason(), want, "{file} rejects");
        assert!(got.rejects.iter().all(|r| !r.reason.to_string().is_empty()));
    }
    // Artist files are imported before the artworks that credit them.
    let order: Vec<&str> = first
        .iter()
        .map(|r| r.file.rsplit('/').next().unwrap())
        .collect();
    assert_eq!(order[0], "vancouver-artists.json");

    // Every artwork has its history from its first event, with import metadata.
    let (events, with_meta): (i64, i64) = sqlx::query_as(
        "SELECT count(*), count(*) FILTER (WHERE metadata->>'source' = 'import' AND metadata ? 'correlation_id' \
           AND metadata->>'actor_role' = 'system' AND sequence = 1) FROM es.events",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(events, 2799 + 1757);
    assert_eq!(with_meta, events);

    let second = plinth::import::run::import_files(&commands, &all_datasets(), false)
        .await
        .unwrap();
    for rep in &second {
        assert_eq!(
            rep.artworks_created + rep.artists_created,
            0,
            "{} created something",
            rep.file
        );
    }
    let unchanged: usize = second
        .iter()
        .map(|r| r.artworks_unchanged + r.artists_unchanged)
        .sum();
    assert_eq!(unchanged, 2799 + 1757);
    let after: i64 = sqlx::query_scalar("SELECT count(*) FROM es.events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(after, events, "a second import writes no event");
    db.drop_db().await;
}

#[tokio::test]
async fn an_unknown_file_is_refused_before_anything_is_written() {
    let db = TestDb::new().await;
    let commands = command_api::Commands::new(db.pool.clone());
    let files = vec![
        crate::harness::dataset("cambridge-ma.geojson"),
        "nope.csv".into(),
    ];
    let err = plinth::import::run::import_files(&commands, &files, false)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("nope.csv"), "{err}");
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM es.events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(n, 0);
    db.drop_db().await;
}
