//! `plinth export`: the full open-data dump, nightly-style — every approved artwork as GeoJSON,
//! CSV and OpenStreetMap XML in one folder, from the same stream `GET /api/export/…` serves. Each
//! file is written beside its final name and renamed into place when whole, so a reader (a web
//! server publishing the folder) never sees half a file.

use std::path::{Path, PathBuf};
use std::time::Instant;

use futures::StreamExt;
use query_api::export::{Export, Format, Terms};
use sqlx::PgPool;
use tokio::io::AsyncWriteExt;

/// One file written: where, how large, how long it took.
#[derive(Debug)]
pub struct Written {
    pub path: PathBuf,
    pub bytes: u64,
    pub seconds: f64,
}

/// Writes `artworks.{geojson,csv,osm}` into `dir` (created when missing).
pub async fn dump(
    pool: &PgPool,
    dir: &Path,
    public_url: &str,
    terms: &Terms,
) -> anyhow::Result<Vec<Written>> {
    tokio::fs::create_dir_all(dir).await?;
    let mut written = Vec::new();
    for format in [Format::GeoJson, Format::Csv, Format::Osm] {
        let started = Instant::now();
        let path = dir.join(format!("artworks.{}", format.extension()));
        let partial = dir.join(format!(".artworks.{}.partial", format.extension()));
        let mut file = tokio::io::BufWriter::new(tokio::fs::File::create(&partial).await?);
        let mut stream = Box::pin(
            Export {
                pool: pool.clone(),
                filter: Default::default(),
                format,
                base: public_url.trim_end_matches('/').to_owned(),
                terms: terms.clone(),
            }
            .stream(),
        );
        let mut bytes = 0u64;
        while let Some(chunk) = stream.next().await {
            let chunk = chunk?;
            bytes += chunk.len() as u64;
            file.write_all(&chunk).await?;
        }
        file.flush().await?;
        file.into_inner().sync_all().await?;
        tokio::fs::rename(&partial, &path).await?;
        written.push(Written {
            path,
            bytes,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    Ok(written)
}
