//! Index-build and query-latency benchmark of the Tantivy adapter on synthetic docs.
//!
//! `cargo run --release --example bench -- [N=100000] [DIR]` builds N docs into DIR (default: a
//! temp dir), then times searches and suggestions. Figures belong in docs/PERFORMANCE.md with
//! the machine, N, and whether the build was debug or release.

use std::time::{Duration, Instant};

use search::{synthetic, GeoPoint, KindFilter, SearchIndex, SearchQuery, TantivyIndex};

const BATCH: usize = 10_000;
const SEED: u64 = 2024;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(i).copied().unwrap_or_default()
}

fn report(name: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{name:<28} n={:<5} p50={:>8.2?} p99={:>8.2?} max={:>8.2?}",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times.last().copied().unwrap_or_default()
    );
}

fn dir_size(path: &std::path::Path) -> u64 {
    std::fs::read_dir(path)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| e.metadata().ok())
                .filter(|m| m.is_file())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let n: u64 = args
        .next()
        .map(|a| a.parse())
        .transpose()?
        .unwrap_or(100_000);
    let temp = tempfile::tempdir()?;
    let dir = args
        .next()
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| temp.path().to_owned());
    println!("building {n} synthetic docs into {}", dir.display());

    let index = TantivyIndex::open(&dir)?;
    index.clear().await?;
    let started = Instant::now();
    let mut docs = synthetic::synthetic_docs(n, SEED).peekable();
    let mut done = 0u64;
    while docs.peek().is_some() {
        let batch: Vec<_> = docs.by_ref().take(BATCH).collect();
        done += batch.len() as u64;
        index.upsert(batch).await?;
        if done.is_multiple_of(100_000) {
            index.commit(format!("0-{done}")).await?;
        }
    }
    index.commit(format!("0-{n}")).await?;
    let build = started.elapsed();
    println!(
        "build: {build:.2?} ({:.0} docs/s), {} docs, {:.1} MB on disk",
        n as f64 / build.as_secs_f64(),
        index.doc_count().await?,
        dir_size(&dir) as f64 / 1e6
    );

    let texts = [
        "sparrow",
        "sparow",
        "golden heron",
        "goldn hreon",
        "bronze",
        "silent gate of the river",
        "nakamura",
        "nakamra",
        "city of vancouver",
        "orca",
    ];
    let mut times = Vec::new();
    for round in 0..20 {
        for t in texts {
            let mut q = SearchQuery::parse_text(t)?;
            q.page = 1 + round % 3;
            let start = Instant::now();
            index.search(&q).await?;
            times.push(start.elapsed());
        }
    }
    report("search text", times);

    for t in ["", "tag:material:bronze", "mural tag:condition:poor"] {
        let mut times = Vec::new();
        for _ in 0..50 {
            let mut q = SearchQuery::parse_text(t)?;
            q.kind = KindFilter::Artworks;
            let start = Instant::now();
            index.search(&q).await?;
            times.push(start.elapsed());
        }
        report(&format!("browse {t:?}"), times);
    }

    for t in ["", "bronze", "heron"] {
        let mut times = Vec::new();
        for _ in 0..30 {
            let mut q = SearchQuery::parse_text(t)?;
            q.near = Some(GeoPoint {
                lat: 49.2827,
                lon: -123.1207,
            });
            let start = Instant::now();
            index.search(&q).await?;
            times.push(start.elapsed());
        }
        report(&format!("near {t:?}"), times);
    }

    let mut all = Vec::new();
    for prefix in [
        "s", "sp", "spa", "gol", "nak", "bron", "city of", "her", "zi", "x",
    ] {
        let mut times = Vec::new();
        for _ in 0..30 {
            let start = Instant::now();
            index.suggest(prefix, 5).await?;
            times.push(start.elapsed());
        }
        all.extend(times.iter().copied());
        report(&format!("suggest {prefix:?}"), times);
    }
    report("suggest (all prefixes)", all);
    Ok(())
}
