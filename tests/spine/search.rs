//! Search on the real index (Tantivy in a temp dir) over the demo data, fed by the search
//! projector through PostgreSQL and NATS.

use crate::accounts::signed_in;
use crate::fixtures::{set_permission, sql_scalar, sql_value, strings};
use crate::harness::{import_artwork, vancouver_artwork, TestApp};
use domain::Permission;
use serde_json::Value;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// Waits until the index reflects every projected event.
async fn wait_indexed(app: &TestApp) {
    let cp = projectors::runtime::checkpoint(&app.db.pool, "search")
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while app.search.position() < cp {
        assert!(
            Instant::now() < deadline,
            "the search index did not catch up"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn search(app: &TestApp, query: &str) -> Value {
    let (status, _, body) = app.get(&format!("/api/search?{query}")).await;
    assert_eq!(status, 200, "{query}: {body}");
    body["data"].clone()
}

fn titles(data: &Value) -> Vec<String> {
    strings(&data["results"], "title")
}

fn ids(data: &Value) -> Vec<String> {
    strings(&data["results"], "id")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn search_over_the_demo_data() {
    let app = TestApp::with_demo_data().await;
    wait_indexed(&app).await;

    // A one-letter typo in a title still finds it, first.
    let d = search(&app, "q=Digital%20Orka").await;
    assert_eq!(
        titles(&d).first().map(String::as_str),
        Some("Digital Orca"),
        "{d}"
    );
    assert_eq!(
        d["results"][0]["artist_names"][0], "Douglas Coupland",
        "{d}"
    );
    assert_eq!(d["pagination"]["per_page"], 20);

    // A one-letter typo (transposition) in an artist's name finds the artist and the work.
    let d = search(&app, "q=Coupalnd").await;
    let results = d["results"].as_array().unwrap();
    assert!(
        results
            .iter()
            .any(|r| r["kind"] == "artist" && r["title"] == "Douglas Coupland"),
        "{d}"
    );
    assert!(results.iter().any(|r| r["title"] == "Digital Orca"), "{d}");

    // tag:material:bronze filters: exactly the approved bronze artworks.
    let sql = "SELECT count(*) FROM rm.artworks WHERE status = 'approved' AND tags->>'material' = 'bronze'";
    let bronze: i64 = sql_scalar(&app, sql).await;
    assert!(bronze > 50, "the demo data has bronze works ({bronze})");
    let d = search(&app, "q=tag:material:bronze&per_page=100").await;
    assert_eq!(d["total"], bronze, "{}", d["total"]);
    assert_eq!(d["tags"][0]["key"], "material");
    let found: Vec<Uuid> = ids(&d).iter().map(|s| s.parse().unwrap()).collect();
    let sql = "SELECT count(*) FROM rm.artworks WHERE id = ANY($1) AND tags->>'material' IS DISTINCT FROM 'bronze'";
    let not_bronze: i64 = sql_value(&app, sql, &found).await;
    assert_eq!(not_bronze, 0);
    // …combined with text.
    let d = search(&app, "q=tag:material:bronze%20Burns").await;
    assert!(titles(&d).iter().any(|t| t == "Robert Burns"), "{d}");

    // Suggestions complete prefixes of titles and artist names.
    let (status, _, body) = app.get("/api/search/suggestions?q=Digit").await;
    assert_eq!(status, 200);
    let s = body["data"]["suggestions"].as_array().unwrap();
    assert!(s.len() <= 5);
    assert!(s.iter().any(|x| x["text"] == "Digital Orca"), "{body}");
    let (_, _, body) = app.get("/api/search/suggestions?q=coupl&limit=3").await;
    assert!(
        body["data"]["suggestions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["text"] == "Douglas Coupland"),
        "{body}"
    );
    // A misspelled name completes nothing: the typo-tolerant matches are offered instead.
    let (_, _, body) = app.get("/api/search/suggestions?q=Coupalnd").await;
    let s = body["data"]["suggestions"].as_array().unwrap();
    assert!(
        s.iter().any(|x| x["text"] == "Douglas Coupland"
            && x["kind"] == "artist"
            && x["id"].is_string()),
        "{body}"
    );
    let (status, _, body) = app.get("/api/search/suggestions?q=%20%20").await;
    assert_eq!(
        (status, body["data"]["suggestions"].as_array().map(Vec::len)),
        (200, Some(0))
    );
    let (status, _, _) = app.get("/api/search/suggestions?q=a&limit=21").await;
    assert_eq!(status, 400);
    let (status, _, _) = app.get("/api/search?q=a&per_page=101").await;
    assert_eq!(status, 400);

    // Near: the same query ranks what is closer first.
    let d = search(&app, "q=fountain&lat=49.2827&lon=-123.1207&per_page=5").await;
    assert!(d["results"][0]["distance_m"].is_number(), "{d}");

    // Replay rebuilds the same results: the same matches, and the same best match. (Order among
    // near-equal scores may differ: BM25 statistics of a live index still count replaced
    // documents until segments merge, a freshly built one does not.)
    let queries = [
        "q=Digital%20Orka&per_page=100",
        "q=Coupalnd&per_page=100",
        "q=tag:material:bronze&per_page=100",
        "q=Lumbermans%20Arch&per_page=100",
    ];
    let summary = |d: &Value| {
        let mut all = ids(d);
        let first = all.first().cloned();
        all.sort();
        (d["total"].clone(), first, all)
    };
    let mut before = Vec::new();
    for q in queries {
        before.push(summary(&search(&app, q).await));
    }
    let old_generation: Uuid = sql_scalar(&app, "SELECT generation FROM rm.search_meta").await;
    let p = projectors::by_name("search").unwrap();
    projectors::replay::replay(&app.db.pool, p.as_ref(), |_| {})
        .await
        .unwrap();
    let generation: Uuid = sql_scalar(&app, "SELECT generation FROM rm.search_meta").await;
    assert_ne!(
        generation, old_generation,
        "a replay starts a new generation"
    );
    // Rebuilt: the index's checkpoint has reached the projector's, in the new generation. (The
    // generation alone is not enough: a large rebuild commits part-way too.)
    let replayed: (i64, i64) = sqlx::query_as(
        "SELECT tx_id, position FROM rm.projector_checkpoints WHERE name = 'search'",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let cp = app.search.index().checkpoint().await.unwrap();
        let reached = cp
            .as_deref()
            .and_then(|cp| cp.strip_prefix(&format!("{generation}/")))
            .and_then(|p| p.split_once('-'))
            .map(|(tx, pos)| (tx.parse::<i64>().unwrap(), pos.parse::<i64>().unwrap()));
        // The checkpoint is written before the service marks the rebuilt index ready; until
        // then answers are (rightly) marked stale.
        if reached.is_some_and(|r| r >= replayed) && app.search.is_ready() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the index was not rebuilt: {cp:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for (q, want) in queries.iter().zip(before) {
        let (status, headers, body) = app.get_with(&format!("/api/search?{q}"), &[]).await;
        assert_eq!(status, 200, "{q}: {body}");
        assert!(headers.get("x-read-consistency").is_none(), "{q}: stale");
        let got = summary(&body["data"]);
        assert_eq!(got.0, want.0, "{q}: total");
        if want.0.as_u64().unwrap() <= 100 {
            // Complete result sets: the same documents.
            assert_eq!(got.2, want.2, "{q}: matches");
        }
        if !q.contains("tag:") {
            assert_eq!(got.1, want.1, "{q}: best match");
        }
    }
    app.stop().await;
}

#[tokio::test]
async fn new_work_is_findable_at_once_and_pending_work_only_by_moderators() {
    let app = TestApp::spawn().await;
    let commands = command_api::Commands::new(app.db.pool.clone());

    // Approved: findable at once with X-Min-Position, and without it as soon as the indexer has
    // committed (not timed: on a loaded machine any bound short enough to mean much would fail).
    let record = vancouver_artwork("search-new-1", "Zyzzogeton Fountain", &[]);
    let position = import_artwork(&commands, record).await.to_string();
    let (status, headers, body) = app
        .get_with("/api/search?q=Zyzzogetn", &[("X-Min-Position", &position)])
        .await;
    assert_eq!(status, 200);
    assert!(headers.get("x-read-consistency").is_none(), "{body}");
    assert_eq!(body["data"]["results"][0]["title"], "Zyzzogeton Fountain");
    let record = vancouver_artwork("search-new-2", "Quokkatron Gate", &[]);
    let deadline = Instant::now() + Duration::from_secs(30);
    import_artwork(&commands, record).await;
    loop {
        let d = search(&app, "q=Quokkatron").await;
        if d["total"] == 1 {
            break;
        }
        assert!(Instant::now() < deadline, "never findable");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Pending: invisible to visitors, forbidden to ask for, visible to moderators.
    let mut record = vancouver_artwork("search-pending", "Xanthippe Obelisk", &[]);
    record.status = domain::ArtworkStatus::Pending;
    let position = import_artwork(&commands, record).await.to_string();
    let (_, _, body) = app
        .get_with("/api/search?q=Xanthippe", &[("X-Min-Position", &position)])
        .await;
    assert_eq!(body["data"]["total"], 0, "{body}");
    let (_, _, body) = app.get("/api/search/suggestions?q=Xanth").await;
    assert_eq!(body["data"]["suggestions"], serde_json::json!([]));
    let (status, _, _) = app.get("/api/search?q=Xanthippe&status=pending").await;
    assert_eq!(status, 403);

    let session = signed_in(&app, "mod@example.org").await;
    let (status, _, _) = app
        .get_with(
            "/api/search?q=Xanthippe&status=pending",
            &[("X-User-Token", &session)],
        )
        .await;
    assert_eq!(status, 403, "a signed-in user is no moderator");
    let (_, granted) = set_permission(&app, "mod@example.org", Permission::Moderator, true).await;
    let granted = granted.unwrap();
    crate::accounts::status_of(&app, &session, Some(&granted)).await;
    let (status, _, body) = app
        .get_with(
            "/api/search?q=Xanthippe&status=pending",
            &[("X-User-Token", &session), ("X-Min-Position", &position)],
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["results"][0]["title"], "Xanthippe Obelisk");
    assert_eq!(body["data"]["results"][0]["status"], "pending");
    let (_, _, body) = app
        .get_with(
            "/api/search?q=Xanthippe&status=all",
            &[("X-User-Token", &session)],
        )
        .await;
    assert_eq!(body["data"]["total"], 1);
    app.stop().await;
}

#[tokio::test]
async fn the_index_survives_a_restart_without_reindexing() {
    let app = TestApp::spawn().await;
    let commands = command_api::Commands::new(app.db.pool.clone());
    let position = import_artwork(
        &commands,
        vancouver_artwork("search-restart", "Wombatorium", &[]),
    )
    .await;
    assert!(app.search.wait_for(position).await);
    let cp = app.search.index().checkpoint().await.unwrap().unwrap();
    // A second service over the same directory (a restarted process) starts where it was.
    let reopened: std::sync::Arc<dyn search::SearchIndex> = std::sync::Arc::new(
        search::TantivyIndex::open(app.search_dir.path()).unwrap_or_else(|_| {
            // Tantivy allows one writer per directory: reopen a copy instead.
            let copy = tempfile::tempdir().unwrap().keep();
            for f in std::fs::read_dir(app.search_dir.path()).unwrap() {
                let f = f.unwrap();
                if f.file_type().unwrap().is_file() && f.file_name() != ".tantivy-writer.lock" {
                    std::fs::copy(f.path(), copy.join(f.file_name())).unwrap();
                }
            }
            search::TantivyIndex::open(&copy).unwrap()
        }),
    );
    assert_eq!(reopened.checkpoint().await.unwrap(), Some(cp));
    assert_eq!(reopened.doc_count().await.unwrap(), 1);
    app.stop().await;
}
