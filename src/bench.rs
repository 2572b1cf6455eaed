//! `plinth bench-lag`: how long an event takes from its command to the read model, measured
//! against a running `plinth serve` on the same database. A benchmark command, not a test.

use command_api::Commands;
use domain::text::Title;
use domain::{
    ArtworkCommand, ArtworkId, ArtworkStatus, ArtworkType, EventMetadata, EventSource, Location,
    Provenance, Tags,
};
use std::time::{Duration, Instant};
use uuid::Uuid;

pub struct LagReport {
    pub samples: usize,
    /// The command alone (aggregate load, append, position lookup).
    pub command_p50_ms: f64,
    pub p50_ms: f64,
    pub p90_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Writes `samples` artworks one at a time and times each until its read-model row exists.
pub async fn lag(commands: &Commands, samples: usize) -> anyhow::Result<LagReport> {
    let run = Uuid::now_v7();
    let metadata = EventMetadata::system(EventSource::Synthetic, run);
    let mut lags = Vec::with_capacity(samples);
    let mut command_ms = Vec::with_capacity(samples);
    for i in 0..samples {
        let source_id = format!("lag-{run}-{i}");
        let id = ArtworkId::for_import("bench", &source_id);
        let record = domain::artwork::ImportedArtwork {
            id,
            title: Title::parse(&format!("Lag probe {i}"))?,
            description: None,
            artwork_type: ArtworkType::Other,
            location: Location::parse(-60.0, 0.0)?,
            tags: Tags::default(),
            artist_ids: vec![],
            // Removed, so probes never show on maps or lists.
            status: ArtworkStatus::Removed,
            provenance: Provenance {
                dataset: "bench".into(),
                dataset_name: "Lag probes".into(),
                licence: "CC0-1.0".into(),
                attribution: "plinth bench-lag".into(),
                source_id,
                source_url: None,
            },
        };
        let started = Instant::now();
        commands
            .artwork(
                &id.to_string(),
                ArtworkCommand::ImportArtwork(Box::new(record)),
                &metadata,
            )
            .await?;
        command_ms.push(started.elapsed().as_secs_f64() * 1000.0);
        loop {
            let found = projectors::artworks::read::status_of(commands.pool(), id.0).await?;
            if found.is_some() {
                break;
            }
            if started.elapsed() > Duration::from_secs(30) {
                anyhow::bail!("event {i} not projected after 30 s: is plinth serve running?");
            }
            tokio::time::sleep(Duration::from_micros(500)).await;
        }
        lags.push(started.elapsed().as_secs_f64() * 1000.0);
        // Space the probes so each one meets an idle pipeline, as a user's write would.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    lags.sort_by(f64::total_cmp);
    command_ms.sort_by(f64::total_cmp);
    Ok(LagReport {
        samples,
        command_p50_ms: percentile(&command_ms, 0.50),
        p50_ms: percentile(&lags, 0.50),
        p90_ms: percentile(&lags, 0.90),
        p99_ms: percentile(&lags, 0.99),
        max_ms: lags.last().copied().unwrap_or(0.0),
    })
}
