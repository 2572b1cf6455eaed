//! Reading the `lists` read model (`rm.lists`, `rm.list_items`), checked at compile time.
//!
//! A person speaks for several identities (their account and the anonymous identities it
//! claimed); their system lists of one kind are read as one list — the union of what each of
//! those identities saved — under the id of the caller's own ([`domain::ListId::system`]), so
//! nothing saved before signing in is lost.

use chrono::{DateTime, Utc};
use domain::{ActorId, ListId, ListKind};
use platform::db::enum_value;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

/// A list as its owner (or, for a public list, anyone) sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ListSummary {
    pub id: Uuid,
    pub name: String,
    pub kind: ListKind,
    pub public: bool,
    /// Artworks in it.
    pub item_count: i64,
    /// Whether the caller may change it.
    pub owned: bool,
    /// `None` for a system list nothing was saved to yet.
    pub created_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// A list's row: whose and what it is.
#[derive(Debug, Clone, PartialEq)]
pub struct ListRow {
    pub id: Uuid,
    pub owner: Uuid,
    pub kind: ListKind,
    pub name: String,
    pub public: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

fn uuids(ids: &[ActorId]) -> Vec<Uuid> {
    ids.iter().map(|a| a.0).collect()
}

/// A list by id (`None` when it does not exist or was deleted).
pub async fn list(pool: &PgPool, id: Uuid) -> Result<Option<ListRow>, sqlx::Error> {
    sqlx::query!(
        "SELECT id, owner, kind, name, public, created_at, updated_at FROM rm.lists
          WHERE id = $1",
        id
    )
    .try_map(|r| {
        Ok(ListRow {
            kind: enum_value("kind", &r.kind, ListKind::parse)?,
            id: r.id,
            owner: r.owner,
            name: r.name,
            public: r.public,
            created_at: r.created_at,
            updated_at: r.updated_at,
        })
    })
    .fetch_optional(pool)
    .await
}

/// The system list kind `id` is for one of `identities`, if it is one.
pub fn system_kind(id: Uuid, identities: &[ActorId]) -> Option<(ActorId, ListKind)> {
    identities.iter().find_map(|owner| {
        ListKind::SYSTEM
            .into_iter()
            .find(|k| ListId::system(*owner, *k).0 == id)
            .map(|k| (*owner, k))
    })
}

/// The lists of kind `kind` that `identities` own (their system lists of that kind).
pub async fn system_lists(
    pool: &PgPool,
    identities: &[ActorId],
    kind: ListKind,
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT id FROM rm.lists WHERE owner = ANY($1) AND kind = $2",
        &uuids(identities),
        kind.as_str()
    )
    .fetch_all(pool)
    .await
}

/// The caller's lists: the three system lists first (Loved, Visited, Want to see; under the id
/// of `me`'s own, counting what any of `identities` saved), then their own lists, oldest first.
pub async fn mine(
    pool: &PgPool,
    me: ActorId,
    identities: &[ActorId],
) -> Result<Vec<ListSummary>, sqlx::Error> {
    let ids = uuids(identities);
    let system = sqlx::query!(
        r#"SELECT l.kind, count(DISTINCT i.artwork_id) AS "items!",
                  min(l.created_at) AS created_at, max(l.updated_at) AS updated_at
             FROM rm.lists l LEFT JOIN rm.list_items i ON i.list_id = l.id
            WHERE l.owner = ANY($1) AND l.kind <> 'custom'
            GROUP BY l.kind"#,
        &ids
    )
    .fetch_all(pool)
    .await?;
    let mut out: Vec<ListSummary> = ListKind::SYSTEM
        .into_iter()
        .map(|kind| {
            let row = system.iter().find(|r| r.kind == kind.as_str());
            ListSummary {
                id: ListId::system(me, kind).0,
                name: kind.system_name().unwrap_or_default().to_owned(),
                kind,
                public: false,
                item_count: row.map_or(0, |r| r.items),
                owned: true,
                created_at: row.and_then(|r| r.created_at),
                updated_at: row.and_then(|r| r.updated_at),
            }
        })
        .collect();
    let own = sqlx::query!(
        "SELECT id, name, public, item_count, created_at, updated_at FROM rm.lists
          WHERE owner = ANY($1) AND kind = 'custom' ORDER BY created_at, id",
        &ids
    )
    .fetch_all(pool)
    .await?;
    out.extend(own.into_iter().map(|r| ListSummary {
        id: r.id,
        name: r.name,
        kind: ListKind::Custom,
        public: r.public,
        item_count: i64::from(r.item_count),
        owned: true,
        created_at: Some(r.created_at),
        updated_at: Some(r.updated_at),
    }));
    Ok(out)
}

/// The public lists `owners` (one person's identities) made, oldest first, as others see them.
pub async fn public_of(pool: &PgPool, owners: &[Uuid]) -> Result<Vec<ListSummary>, sqlx::Error> {
    Ok(sqlx::query!(
        "SELECT id, name, item_count, created_at, updated_at FROM rm.lists
          WHERE owner = ANY($1) AND kind = 'custom' AND public ORDER BY created_at, id",
        owners
    )
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|r| ListSummary {
        id: r.id,
        name: r.name,
        kind: ListKind::Custom,
        public: true,
        item_count: i64::from(r.item_count),
        owned: false,
        created_at: Some(r.created_at),
        updated_at: Some(r.updated_at),
    })
    .collect())
}

/// A page of the artworks in `lists` (one list, or a person's system lists of one kind), the
/// most recently added first, and how many there are. A duplicate merged into another artwork
/// is read as that artwork; artworks pending or unknown are left out.
pub async fn items(
    pool: &PgPool,
    lists: &[Uuid],
    limit: i64,
    offset: i64,
) -> Result<(Vec<Uuid>, i64), sqlx::Error> {
    let total = sqlx::query_scalar!(
        r#"SELECT count(DISTINCT coalesce(a.merged_into, a.id)) AS "n!"
             FROM rm.list_items i JOIN rm.artworks a ON a.id = i.artwork_id
            WHERE i.list_id = ANY($1) AND a.status IN ('approved', 'removed', 'merged')"#,
        lists
    )
    .fetch_one(pool)
    .await?;
    let page = sqlx::query_scalar!(
        r#"SELECT coalesce(a.merged_into, a.id) AS "id!"
             FROM rm.list_items i JOIN rm.artworks a ON a.id = i.artwork_id
            WHERE i.list_id = ANY($1) AND a.status IN ('approved', 'removed', 'merged')
            GROUP BY 1 ORDER BY max(i.added_at) DESC, 1 LIMIT $2 OFFSET $3"#,
        lists,
        limit,
        offset
    )
    .fetch_all(pool)
    .await?;
    Ok((page, total))
}

/// How often an artwork is in each system list, and whether in the caller's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SavedCount {
    pub kind: ListKind,
    /// The caller's list of this kind (pass it to add or remove).
    pub list_id: Uuid,
    /// How many people have it in this list.
    pub count: i64,
    /// Whether the caller has.
    pub mine: bool,
}

/// For each system list kind: how many identities saved `artwork` (or a duplicate merged into
/// it) there, and whether one of `identities` did.
pub async fn saved_counts(
    pool: &PgPool,
    artwork: Uuid,
    me: ActorId,
    identities: &[ActorId],
) -> Result<Vec<SavedCount>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT l.kind, count(DISTINCT l.owner) AS "count!",
                  bool_or(l.owner = ANY($2)) AS "mine!"
             FROM rm.list_items i JOIN rm.lists l ON l.id = i.list_id
            WHERE (i.artwork_id = $1
                   OR i.artwork_id IN (SELECT m.id FROM rm.artworks m WHERE m.merged_into = $1))
              AND l.kind <> 'custom'
            GROUP BY l.kind"#,
        artwork,
        &uuids(identities)
    )
    .fetch_all(pool)
    .await?;
    Ok(ListKind::SYSTEM
        .into_iter()
        .map(|kind| {
            let row = rows.iter().find(|r| r.kind == kind.as_str());
            SavedCount {
                kind,
                list_id: ListId::system(me, kind).0,
                count: row.map_or(0, |r| r.count),
                mine: row.is_some_and(|r| r.mine),
            }
        })
        .collect())
}

/// The own (custom) lists of `identities` that hold `artwork` (for the save dialog's ticks).
pub async fn own_holding(
    pool: &PgPool,
    identities: &[ActorId],
    artwork: Uuid,
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT i.list_id FROM rm.list_items i JOIN rm.lists l ON l.id = i.list_id
          WHERE l.owner = ANY($1) AND l.kind = 'custom' AND i.artwork_id = $2
          ORDER BY l.created_at, l.id",
        &uuids(identities),
        artwork
    )
    .fetch_all(pool)
    .await
}
