//! Plinth's search index: one port, [`SearchIndex`], with two adapters — [`TantivyIndex`] (embedded,
//! the default, an index in the data dir) and [`MeiliIndex`] (a Meilisearch server).
//!
//! Design, in the order a request meets it:
//! - **Documents** ([`SearchDoc`]) are artworks and artists flattened for search. The search
//!   projector builds them from read models and sends them here; the index never runs business rules.
//! - **Writes are version-checked and idempotent.** Every doc carries its aggregate's version; an
//!   upsert whose version is not newer than the stored one (or one staged since the last commit) is
//!   ignored, so redelivered or reordered events cannot roll a document back.
//! - **Checkpoints live with the data.** [`SearchIndex::commit`] makes staged writes visible and
//!   stores the projector's event position in the same durable step (Tantivy: the commit payload;
//!   Meilisearch: a `<prefix>_meta` index written once the documents' tasks have succeeded, so a
//!   crash can only leave the checkpoint behind the data, and replaying from it is harmless).
//! - **Queries** ([`SearchQuery`]) are free text plus filters (status, kind, type, anchor tags via
//!   `tag:key[:value]` tokens) and an optional point to rank by distance. Both backends give typo
//!   tolerance (one typo from 4 letters, two from 8), exact-before-fuzzy ranking, ASCII folding and
//!   prefix suggestions; `conformance` (feature `testing`) holds the behaviour both must show.
//! - [`synthetic`] builds deterministic fake docs for index-build and latency benchmarks.

#[cfg(feature = "testing")]
pub mod conformance;
mod doc;
mod meili;
mod query;
pub mod synthetic;
mod tantivy_index;
mod text;

pub use doc::{
    ArtistDoc, ArtworkDoc, DocKind, DocStatus, GeoPoint, SearchDoc, SuggestionKind,
    SuggestionSource,
};
pub use meili::{filter_expression, meili_settings, MeiliIndex};
pub use query::{
    haversine_m, KindFilter, QueryError, SearchHit, SearchQuery, SearchResults, Suggestion,
    TagFilter, DEFAULT_PER_PAGE, DEFAULT_SUGGEST_LIMIT, MAX_PAGE, MAX_PER_PAGE, MAX_SUGGEST_LIMIT,
    MAX_TEXT_CHARS, SNIPPET_CHARS,
};
pub use tantivy_index::TantivyIndex;
pub use text::{normalize, snippet};

use async_trait::async_trait;
use uuid::Uuid;

/// What can go wrong behind the port. `Query` is the caller's fault (answer 400/422); the others
/// are the backend's (degrade `/api/status`, retry the projector's message).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Query(#[from] QueryError),
    /// The backend could not be reached (Meilisearch down, connection refused).
    #[error("search backend unavailable: {0}")]
    Unavailable(String),
    /// The backend answered with a failure, or the index on disk is unusable.
    #[error("search backend failed: {0}")]
    Backend(String),
}

impl From<tantivy::TantivyError> for Error {
    fn from(e: tantivy::TantivyError) -> Self {
        Error::Backend(format!("tantivy: {e}"))
    }
}

impl From<meilisearch_sdk::errors::Error> for Error {
    fn from(e: meilisearch_sdk::errors::Error) -> Self {
        match e {
            meilisearch_sdk::errors::Error::HttpError(e) => {
                Error::Unavailable(format!("meilisearch: {e}"))
            }
            meilisearch_sdk::errors::Error::MeilisearchCommunication(e) => {
                Error::Unavailable(format!("meilisearch: {e}"))
            }
            e => Error::Backend(format!("meilisearch: {e}")),
        }
    }
}

/// The port the search projector writes through and query-api reads through.
///
/// Writes are staged by `upsert`/`delete` and become visible at `commit` (Tantivy) or when the
/// backend has processed them (Meilisearch, at the latest by `commit`'s return): callers that need
/// read-your-writes compare [`SearchIndex::checkpoint`] with the position they wait for.
#[async_trait]
pub trait SearchIndex: Send + Sync {
    /// Short backend name for logs and `/api/status`: `"tantivy"` or `"meilisearch"`.
    fn backend(&self) -> &'static str;

    /// Stages docs for indexing. A doc whose version is ≤ the stored (or staged) version of the
    /// same id is skipped. Returns how many docs were accepted.
    async fn upsert(&self, docs: Vec<SearchDoc>) -> Result<usize, Error>;

    /// Stages docs into an index being rebuilt since its last [`SearchIndex::clear`]: the caller
    /// vouches that none of these ids has been added since the clear (a rebuild reads each
    /// document once), so no stored version is looked up. Returns how many docs were staged.
    /// Backends without a cheaper way in take them as [`SearchIndex::upsert`] does.
    async fn append(&self, docs: Vec<SearchDoc>) -> Result<usize, Error> {
        self.upsert(docs).await
    }

    /// Stages removal of these ids (unknown ids are fine). A later upsert of a deleted id is
    /// accepted whatever its version.
    async fn delete(&self, ids: &[Uuid]) -> Result<(), Error>;

    /// Makes everything staged visible and durably stores `checkpoint` (the projector's event
    /// position) with it. On error nothing staged is kept: replay from the last checkpoint.
    async fn commit(&self, checkpoint: String) -> Result<(), Error>;

    /// The checkpoint stored by the last successful commit; `None` for a new or cleared index.
    async fn checkpoint(&self) -> Result<Option<String>, Error>;

    /// Wipes every document and the checkpoint, durably and at once (for replay).
    async fn clear(&self) -> Result<(), Error>;

    async fn search(&self, query: &SearchQuery) -> Result<SearchResults, Error>;

    /// Completions of `prefix` over approved titles, artist names, artwork types and tag values;
    /// deduplicated case- and accent-insensitively, best first. `limit` is 1..=20 (see
    /// [`DEFAULT_SUGGEST_LIMIT`]).
    async fn suggest(&self, prefix: &str, limit: usize) -> Result<Vec<Suggestion>, Error>;

    async fn health(&self) -> Result<(), Error>;

    /// Committed documents of every kind and status.
    async fn doc_count(&self) -> Result<u64, Error>;
}
