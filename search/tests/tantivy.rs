//! The conformance checks on the Tantivy adapter, each on a fresh index in a temp dir, plus what
//! only an embedded index can show (uncommitted work is invisible and lost on reopen, a schema
//! change rebuilds, synthetic data at a realistic mix).

use search::{
    conformance, synthetic, DocStatus, Error, GeoPoint, KindFilter, SearchIndex, SearchQuery,
    TantivyIndex,
};
use tempfile::TempDir;

fn fresh() -> anyhow::Result<(TempDir, TantivyIndex)> {
    let dir = tempfile::tempdir()?;
    let index = TantivyIndex::open(dir.path())?;
    Ok((dir, index))
}

macro_rules! conformance_checks {
    ($($name:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $name() -> anyhow::Result<()> {
                let (_dir, index) = fresh()?;
                conformance::$name(&index).await
            }
        )*
    };
}

search::for_each_conformance_check!(conformance_checks);

#[tokio::test]
async fn checkpoint_survives_reopen() -> anyhow::Result<()> {
    let root = tempfile::tempdir()?;
    let root_path = root.path().to_owned();
    conformance::checkpoint_survives_reopen(|name| {
        let path = root_path.join(name);
        async move { Ok(Box::new(TantivyIndex::open(&path)?) as Box<dyn SearchIndex>) }
    })
    .await
}

#[tokio::test]
async fn the_in_memory_index_behaves_the_same() -> anyhow::Result<()> {
    let index = TantivyIndex::in_memory()?;
    conformance::typo_in_a_title_word_still_finds_the_artwork(&index).await?;
    conformance::suggestions_complete_prefixes_once(&index).await
}

/// How many documents match "orca" and how many "heron".
async fn orcas_and_herons(index: &TantivyIndex) -> anyhow::Result<(u64, u64)> {
    let orcas = index.search(&SearchQuery::parse_text("orca")?).await?.total;
    let herons = index
        .search(&SearchQuery::parse_text("heron")?)
        .await?
        .total;
    Ok((orcas, herons))
}

#[tokio::test]
async fn uncommitted_writes_are_invisible_and_lost_on_reopen() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let index = TantivyIndex::open(dir.path())?;
    index.upsert(conformance::fixtures()).await?;
    index.commit("5-5".into()).await?;
    index.delete(&[conformance::DIGITAL_ORCA]).await?;
    index
        .upsert(vec![search::SearchDoc::Artwork(conformance::artwork(
            uuid::Uuid::from_u128(0x7001),
            "Uncommitted Heron",
            &["Someone"],
            "statue",
            &[],
            None,
            "",
            1,
        ))])
        .await?;
    assert_eq!(
        orcas_and_herons(&index).await?,
        (1, 0),
        "the delete and the upsert are not visible yet"
    );
    drop(index);
    let index = TantivyIndex::open(dir.path())?;
    assert_eq!(index.checkpoint().await?.as_deref(), Some("5-5"));
    assert_eq!(
        orcas_and_herons(&index).await?,
        (1, 0),
        "the delete and the upsert were never committed"
    );
    assert_eq!(index.doc_count().await?, 13);
    Ok(())
}

#[tokio::test]
async fn an_index_with_another_schema_is_rebuilt_empty() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    {
        let mut schema = tantivy::schema::Schema::builder();
        let title = schema.add_text_field("title", tantivy::schema::TEXT);
        let index = tantivy::Index::create_in_dir(dir.path(), schema.build())?;
        let mut writer: tantivy::IndexWriter = index.writer(15_000_000)?;
        writer.add_document(tantivy::doc!(title => "old"))?;
        let mut commit = writer.prepare_commit()?;
        commit.set_payload("9-9");
        commit.commit()?;
    }
    let index = TantivyIndex::open(dir.path())?;
    assert_eq!(
        index.checkpoint().await?,
        None,
        "a rebuilt index starts from scratch"
    );
    assert_eq!(index.doc_count().await?, 0);
    index.health().await?;
    Ok(())
}

#[tokio::test]
async fn out_of_range_requests_are_refused() -> anyhow::Result<()> {
    let index = TantivyIndex::in_memory()?;
    let q = SearchQuery {
        per_page: 101,
        ..SearchQuery::default()
    };
    assert!(matches!(index.search(&q).await, Err(Error::Query(_))));
    assert!(matches!(
        SearchQuery::parse_text(&"x".repeat(201)),
        Err(search::QueryError::TextTooLong)
    ));
    assert!(matches!(index.suggest("a", 0).await, Err(Error::Query(_))));
    Ok(())
}

#[tokio::test]
async fn a_synthetic_sample_is_searchable_end_to_end() -> anyhow::Result<()> {
    let (_dir, index) = fresh()?;
    let docs: Vec<_> = synthetic::synthetic_docs(3000, 42).collect();
    let approved = docs
        .iter()
        .filter(|d| d.status() == DocStatus::Approved)
        .count() as u64;
    for chunk in docs.chunks(1000) {
        index.upsert(chunk.to_vec()).await?;
    }
    index.commit("1-3000".into()).await?;
    assert_eq!(index.doc_count().await?, 3000);
    // Replaying the same batch changes nothing.
    assert_eq!(index.upsert(docs[..100].to_vec()).await?, 0);

    let browse = index.search(&SearchQuery::default()).await?;
    assert_eq!(browse.total, approved);

    let typo = index.search(&SearchQuery::parse_text("sparow")?).await?;
    assert!(typo.total > 0, "a typo of a vocabulary word matches");
    assert!(typo.hits.iter().all(|h| h.status == DocStatus::Approved));

    let mut q = SearchQuery::parse_text("tag:material:bronze")?;
    q.kind = KindFilter::Artworks;
    q.near = Some(GeoPoint {
        lat: 49.2827,
        lon: -123.1207,
    });
    q.per_page = 50;
    let near = index.search(&q).await?;
    let distances: Vec<f64> = near.hits.iter().filter_map(|h| h.distance_m).collect();
    assert!(!distances.is_empty());
    assert!(distances.windows(2).all(|w| w[0] <= w[1]));
    assert!(distances[0] < 40_000.0, "Vancouver docs come first");

    let s = index.suggest("spa", 5).await?;
    assert!(!s.is_empty() && s.len() <= 5);
    assert!(s.iter().all(|s| search::normalize(&s.text)
        .iter()
        .any(|w| w.starts_with("spa"))));
    Ok(())
}
