//! `plinth replay`: rebuilds read models from one pass over the event store, with a progress bar,
//! then writes the search index from the rebuilt search documents.

use platform::config::Config;
use sqlx::PgPool;

use crate::app;

/// Rebuilds every read model, or the one named, and reports each.
pub async fn run(pool: &PgPool, config: &Config, only: Option<String>) -> anyhow::Result<()> {
    let list = match only {
        Some(name) => vec![projectors::by_name(&name).ok_or_else(|| {
            anyhow::anyhow!(
                "no projector named '{name}' (have: {})",
                projectors::all()
                    .iter()
                    .map(|p| p.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?],
        None => projectors::all(),
    };
    let pb = indicatif::ProgressBar::new(0);
    pb.set_style(indicatif::ProgressStyle::with_template(
        "replaying {msg} {wide_bar} {pos}/{len} events, {per_sec}, {eta} left",
    )?);
    pb.set_message(list.iter().map(|p| p.name()).collect::<Vec<_>>().join(", "));
    let reports =
        projectors::replay::replay_all(pool, &projectors::replay::as_refs(&list), |n, total| {
            pb.set_length(total);
            pb.set_position(n);
        })
        .await?;
    pb.finish_and_clear();
    for r in reports {
        println!(
            "{}: {} events in {:.2} s ({:.0} events/s), now at {}",
            r.projector,
            r.events,
            r.seconds,
            r.events as f64 / r.seconds.max(1e-9),
            r.position
        );
    }
    if list
        .iter()
        .any(|p| p.name() == projectors::search::MODEL.name)
    {
        write_search_index(pool, config).await?;
    }
    Ok(())
}

/// After a replay of the search documents: writes the search index from them here, so the next
/// start finds it current (a server that is running holds the index and rebuilds it itself).
async fn write_search_index(pool: &PgPool, config: &Config) -> anyhow::Result<()> {
    let index = match app::search_index(config).await {
        Ok(index) => index,
        Err(e) => {
            println!(
                "search index: not written here ({e:#}); the running server rebuilds it from the replayed documents"
            );
            return Ok(());
        }
    };
    let started = std::time::Instant::now();
    let written = query_api::search::SearchService::sync_once(pool, index).await?;
    println!(
        "search index: {written} documents written in {:.2} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
