//! Benchmark commands, not tests: `plinth bench-lag` (how long an event takes from its command
//! to the read model, measured against a running `plinth serve` on the same database) and
//! `plinth bench-history` (an artwork's history and "as of" state rebuilt from a long stream).

use command_api::Commands;
use domain::text::Title;
use domain::{
    ArtworkCommand, ArtworkId, ArtworkStatus, ArtworkType, EventMetadata, EventSource, Location,
    Provenance, Tags,
};
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use uuid::Uuid;

pub struct LagReport {
    pub samples: usize,
    /// The command alone (aggregate load, append, position lookup).
    pub command_p50_ms: f64,
    /// The command → its read-model row.
    pub lag: Percentiles,
}

impl fmt::Display for LagReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "event -> read model lag over {} samples: {} (the command alone: p50 {:.1} ms)",
            self.samples, self.lag, self.command_p50_ms
        )
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// A benchmark run's id and the metadata of the synthetic events it writes.
fn synthetic_run() -> (Uuid, EventMetadata) {
    let run = Uuid::now_v7();
    (run, EventMetadata::system(EventSource::Synthetic, run))
}

/// Imports a probe artwork (see [`probe`]); its id.
async fn import(
    commands: &Commands,
    record: domain::artwork::ImportedArtwork,
    metadata: &EventMetadata,
) -> anyhow::Result<ArtworkId> {
    let id = record.id;
    let command = ArtworkCommand::ImportArtwork(Box::new(record));
    commands
        .execute::<domain::Artwork>(&id.to_string(), command, metadata)
        .await?;
    Ok(id)
}

/// Writes `samples` artworks one at a time and times each until its read-model row exists.
pub async fn lag(commands: &Commands, samples: usize) -> anyhow::Result<LagReport> {
    let (run, metadata) = synthetic_run();
    let mut lags = Vec::with_capacity(samples);
    let mut command_ms = Vec::with_capacity(samples);
    for i in 0..samples {
        let record = probe(&format!("lag-{run}-{i}"), &format!("Lag probe {i}"))?;
        let started = Instant::now();
        let id = import(commands, record, &metadata).await?;
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
        let lag_ms = started.elapsed().as_secs_f64() * 1000.0;
        if lag_ms > 1000.0 {
            // Told with the time, to be found in the server's log.
            tracing::warn!(sample = i, artwork = %id.0, lag_ms, at = %chrono::Utc::now(), "slow lag sample");
        }
        lags.push(lag_ms);
        // Space the probes so each one meets an idle pipeline, as a user's write would.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    command_ms.sort_by(f64::total_cmp);
    Ok(LagReport {
        samples,
        command_p50_ms: percentile(&command_ms, 0.50),
        lag: Percentiles::of(lags),
    })
}

/// A benchmark's artwork: removed, so it never shows on maps or lists.
fn probe(source_id: &str, title: &str) -> anyhow::Result<domain::artwork::ImportedArtwork> {
    Ok(domain::artwork::ImportedArtwork {
        id: ArtworkId::for_import("bench", source_id),
        title: Title::parse(title)?,
        description: None,
        artwork_type: ArtworkType::Other,
        location: Location::parse(-60.0, 0.0)?,
        tags: Tags::default(),
        artist_ids: vec![],
        // Removed, so probes never show on maps or lists.
        status: ArtworkStatus::Removed,
        provenance: Provenance {
            dataset: "bench".into(),
            dataset_name: "Benchmark probes".into(),
            licence: "CC0-1.0".into(),
            attribution: "plinth bench-lag, bench-history".into(),
            source_id: source_id.to_owned(),
            source_url: None,
            place: None,
        },
    })
}

pub struct HistoryReport {
    pub events: usize,
    pub samples: usize,
    /// The first page (20 entries) of the history.
    pub page_p50_ms: f64,
    pub page_p99_ms: f64,
    /// The artwork as of a position halfway along its stream.
    pub as_of_p50_ms: f64,
    pub as_of_p99_ms: f64,
}

impl fmt::Display for HistoryReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "history of one artwork with {} events, {} samples: first page p50 {:.1} ms, p99 {:.1} ms; as of its middle event p50 {:.1} ms, p99 {:.1} ms",
            self.events, self.samples, self.page_p50_ms, self.page_p99_ms, self.as_of_p50_ms, self.as_of_p99_ms
        )
    }
}

/// Writes one artwork with `events` events (an import, then edits retitling it), then times
/// reading its history's first page and its state as of its middle event, `samples` times each.
pub async fn history(
    commands: &Commands,
    events: usize,
    samples: usize,
) -> anyhow::Result<HistoryReport> {
    use projectors::artworks::history::{self, AsOf};
    let (run, metadata) = synthetic_run();
    let record = probe(&format!("history-{run}"), "History probe 0")?;
    let id = import(commands, record, &metadata).await?;
    let mut middle = None;
    for i in 1..events {
        let edit = ArtworkCommand::ApplyEdit {
            submission_id: domain::SubmissionId::new(),
            edits: vec![domain::FieldEdit::Title {
                old: Title::parse(&format!("History probe {}", i - 1))?,
                new: Title::parse(&format!("History probe {i}"))?,
            }],
            overwrite_stale: false,
        };
        let position = commands
            .execute::<domain::Artwork>(&id.to_string(), edit, &metadata)
            .await?;
        if i == events / 2 {
            middle = position;
        }
    }
    let middle = middle.ok_or_else(|| anyhow::anyhow!("--events must be at least 2"))?;
    let (mut page, mut as_of) = (Vec::with_capacity(samples), Vec::with_capacity(samples));
    for _ in 0..samples {
        let started = Instant::now();
        projectors::history::history(commands.pool(), domain::EditSubject::Artwork, id.0, 20, 0)
            .await?;
        page.push(started.elapsed().as_secs_f64() * 1000.0);
        let started = Instant::now();
        history::as_of(commands.pool(), id.0, AsOf::Position(middle), 20).await?;
        as_of.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    page.sort_by(f64::total_cmp);
    as_of.sort_by(f64::total_cmp);
    Ok(HistoryReport {
        events,
        samples,
        page_p50_ms: percentile(&page, 0.50),
        page_p99_ms: percentile(&page, 0.99),
        as_of_p50_ms: percentile(&as_of, 0.50),
        as_of_p99_ms: percentile(&as_of, 0.99),
    })
}

pub struct AwardLagReport {
    pub sign_ups: usize,
    /// Events the load stored per second (sign-ups and sign-ins), as achieved.
    pub events_per_s: f64,
    /// Sign-up event → `BadgeAwarded` event, from the store's own clock.
    pub award: Percentiles,
    /// Sign-up command sent → the badge notification readable (polled every 10 ms).
    pub notification: Percentiles,
}

impl fmt::Display for AwardLagReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} sign-ups at {:.0} events/s: sign-up -> badge awarded {}; command -> notification readable {}",
            self.sign_ups, self.events_per_s, self.award, self.notification
        )
    }
}

pub struct Percentiles {
    pub p50_ms: f64,
    pub p90_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl Percentiles {
    fn of(mut v: Vec<f64>) -> Self {
        v.sort_by(f64::total_cmp);
        Self {
            p50_ms: percentile(&v, 0.50),
            p90_ms: percentile(&v, 0.90),
            p99_ms: percentile(&v, 0.99),
            max_ms: v.last().copied().unwrap_or(0.0),
        }
    }
}

impl fmt::Display for Percentiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            self.p50_ms, self.p90_ms, self.p99_ms, self.max_ms
        )
    }
}

/// Signs up `rate` new accounts a second for `seconds` against a running `plinth serve`, each
/// sign-up (two events) earning the e-mail badge through the badge process manager and that
/// award a notification through the notifications projector, and times both.
pub async fn award_lag(
    commands: &Commands,
    rate: u32,
    seconds: u32,
) -> anyhow::Result<AwardLagReport> {
    use domain::account::EmailAddress;
    use domain::{AccountCommand, AccountId};

    let total = usize::try_from(rate.saturating_mul(seconds))?;
    let (run, metadata) = synthetic_run();
    let mut tick = tokio::time::interval(Duration::from_secs(1) / rate.max(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let sent: Arc<Mutex<Vec<(Uuid, Instant)>>> = Arc::new(Mutex::new(Vec::with_capacity(total)));
    // The load runs as a task of its own, so notifications are looked for while it runs.
    let mut load = {
        let (commands, sent) = (commands.clone(), sent.clone());
        tokio::spawn(async move {
            let mut writes = tokio::task::JoinSet::new();
            let began = Instant::now();
            for i in 0..total {
                tick.tick().await;
                let account = AccountId(Uuid::now_v7());
                let email = EmailAddress::parse(&format!("bench-{run}-{i}@bench.invalid"))?;
                let (commands, metadata) = (commands.clone(), metadata.clone());
                if let Ok(mut sent) = sent.lock() {
                    sent.push((account.0, Instant::now()));
                }
                writes.spawn(async move {
                    let command = AccountCommand::Authenticate {
                        email,
                        at: chrono::Utc::now(),
                        claim: None,
                        bootstrap_admin: false,
                    };
                    commands
                        .execute::<domain::Account>(&account.to_string(), command, &metadata)
                        .await
                });
            }
            while let Some(done) = writes.join_next().await {
                done??;
            }
            anyhow::Ok(began.elapsed().as_secs_f64())
        })
    };

    let mut seen: std::collections::HashMap<Uuid, Instant> = Default::default();
    let mut load_secs = None;
    let mut deadline = Instant::now() + Duration::from_secs(u64::from(seconds) + 120);
    loop {
        if load_secs.is_none() && load.is_finished() {
            load_secs = Some((&mut load).await??);
            deadline = Instant::now() + Duration::from_secs(120);
        }
        let waiting: Vec<Uuid> = sent
            .lock()
            .map_err(|_| anyhow::anyhow!("load task panicked"))?
            .iter()
            .map(|(a, _)| *a)
            .filter(|a| !seen.contains_key(a))
            .collect();
        if load_secs.is_some() && waiting.is_empty() {
            break;
        }
        let found =
            projectors::notifications::read::told_of_a_badge(commands.pool(), &waiting).await?;
        let now = Instant::now();
        for a in found {
            seen.entry(a).or_insert(now);
        }
        if now > deadline {
            anyhow::bail!(
                "{} awards not notified after 120 s: is plinth serve running?",
                waiting.len()
            );
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let load_secs = load_secs.unwrap_or_default();
    let sent = std::mem::take(&mut *sent.lock().map_err(|_| anyhow::anyhow!("poisoned"))?);
    let notification = sent
        .iter()
        .map(|(a, at)| (seen[a] - *at).as_secs_f64() * 1000.0)
        .collect();
    let ids: Vec<String> = sent.iter().map(|(a, _)| a.to_string()).collect();
    let award: Vec<f64> = sqlx::query_scalar(
        "SELECT (extract(epoch FROM a.recorded_at - s.recorded_at) * 1000)::float8
           FROM es.events s JOIN es.events a
             ON a.aggregate_type = 'badge_awards' AND a.aggregate_id = s.aggregate_id
          WHERE s.aggregate_type = 'account' AND s.event_type = 'AccountSignedUp'
            AND s.aggregate_id = ANY($1)",
    )
    .bind(&ids)
    .fetch_all(commands.pool())
    .await?;
    Ok(AwardLagReport {
        sign_ups: total,
        events_per_s: (total * 2) as f64 / load_secs.max(1e-9),
        award: Percentiles::of(award),
        notification: Percentiles::of(notification),
    })
}
