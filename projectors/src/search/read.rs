//! Reading the search documents (`rm.search_docs`, `rm.search_meta`), for the search index that
//! follows them; checked at compile time.

use platform::position::EventPosition;
use search::SearchDoc;
use sqlx::types::Json;
use sqlx::PgConnection;
use uuid::Uuid;

/// The documents' generation: a replay of the projector starts a new one.
pub async fn generation(db: &mut PgConnection) -> Result<Uuid, sqlx::Error> {
    sqlx::query_scalar!("SELECT generation FROM rm.search_meta LIMIT 1")
        .fetch_one(db)
        .await
}

/// A document (decoded straight from its column) and the position of the event that last
/// changed it.
#[derive(Debug, Clone)]
pub struct DocRow {
    pub doc: Json<SearchDoc>,
    pub last_tx: i64,
    pub last_pos: i64,
}

/// Up to `limit` documents changed after `from`, in change order, in the caller's snapshot.
pub async fn changed_after(
    db: &mut PgConnection,
    from: EventPosition,
    limit: i64,
) -> Result<Vec<DocRow>, sqlx::Error> {
    sqlx::query_as!(
        DocRow,
        r#"SELECT doc AS "doc: Json<SearchDoc>", last_tx, last_pos FROM rm.search_docs
          WHERE (last_tx, last_pos) > ($1, $2)
          ORDER BY last_tx, last_pos LIMIT $3"#,
        from.tx,
        from.pos,
        limit
    )
    .fetch_all(db)
    .await
}
