//! Open data out: every approved artwork as GeoJSON, CSV or OpenStreetMap XML, streamed a batch
//! at a time (memory stays bounded at a million artworks), with the instance's licence and
//! attribution and each imported record's own. `GET /api/export/artworks.{geojson,csv,osm}`
//! serves it ([`route`]); `plinth export` writes the full dump to files with the same stream.

pub mod format;
pub mod route;

use bytes::Bytes;
use futures::Stream;
use projectors::artworks::read::{export_batch, ExportFilter};
use sqlx::PgPool;
use uuid::Uuid;

pub use format::{Format, Terms};
pub use route::parse_bbox;

/// Artworks read per query.
pub const BATCH: i64 = 1000;

/// What to export, and how.
#[derive(Clone)]
pub struct Export {
    pub pool: PgPool,
    pub filter: ExportFilter,
    pub format: Format,
    /// The instance's public URL, without a trailing slash.
    pub base: String,
    pub terms: Terms,
}

enum Step {
    Head,
    Rows { after: Option<Uuid>, n: u64 },
    Done,
}

impl Export {
    /// The export, as chunks of bytes: the format's head, each batch, its tail. A failed read
    /// ends the stream with the error (an HTTP answer is then cut short, never silently short).
    pub fn stream(self) -> impl Stream<Item = Result<Bytes, sqlx::Error>> + Send + 'static {
        futures::stream::unfold((self, Step::Head), |(export, step)| async move {
            let cx = format::Context {
                base: &export.base,
                terms: &export.terms,
            };
            match step {
                Step::Head => {
                    let head = Bytes::from(format::head(export.format, &cx));
                    Some((Ok(head), (export, Step::Rows { after: None, n: 0 })))
                }
                Step::Rows { after, mut n } => {
                    let rows = match export_batch(&export.pool, &export.filter, after, BATCH).await
                    {
                        Ok(rows) => rows,
                        Err(e) => return Some((Err(e), (export, Step::Done))),
                    };
                    if rows.is_empty() {
                        let tail = Bytes::from_static(format::tail(export.format).as_bytes());
                        return Some((Ok(tail), (export, Step::Done)));
                    }
                    let mut chunk = String::with_capacity(rows.len() * 512);
                    for row in &rows {
                        chunk.push_str(&format::write(export.format, n, row, &cx));
                        n += 1;
                    }
                    let after = rows.last().map(|r| r.id);
                    Some((Ok(Bytes::from(chunk)), (export, Step::Rows { after, n })))
                }
                Step::Done => None,
            }
        })
    }
}
