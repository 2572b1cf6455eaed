//! What the sitemap lists, from the read models that hold it: every approved artwork, every
//! artist and every public list, by id (a stable order, so chunk N is the same URLs between
//! crawls while nothing is added), with when it last changed.

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

/// A kind of public page the sitemap lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listed {
    Artworks,
    Artists,
    Lists,
}

impl Listed {
    pub const ALL: [Listed; 3] = [Self::Artworks, Self::Artists, Self::Lists];

    /// The name its sitemap chunks go by.
    pub fn name(self) -> &'static str {
        match self {
            Self::Artworks => "artworks",
            Self::Artists => "artists",
            Self::Lists => "lists",
        }
    }

    /// The app's page of `id`.
    pub fn path(self, id: Uuid) -> String {
        match self {
            Self::Artworks => format!("/artwork/{id}"),
            Self::Artists => format!("/artist/{id}"),
            Self::Lists => format!("/lists/{id}"),
        }
    }
}

/// How many pages of this kind there are.
pub async fn count(pool: &PgPool, listed: Listed) -> Result<i64, sqlx::Error> {
    let n = match listed {
        Listed::Artworks => {
            sqlx::query_scalar!(
                r#"SELECT count(*) AS "n!" FROM rm.artworks WHERE status = 'approved'"#
            )
            .fetch_one(pool)
            .await?
        }
        Listed::Artists => {
            sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM rm.artists"#)
                .fetch_one(pool)
                .await?
        }
        Listed::Lists => {
            sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM rm.lists WHERE public"#)
                .fetch_one(pool)
                .await?
        }
    };
    Ok(n)
}

/// One page of ids and last changes: `$sql` takes the limit and the offset.
macro_rules! ids_page {
    ($pool:expr, $sql:literal, $limit:expr, $offset:expr) => {
        sqlx::query!($sql, $limit, $offset)
            .fetch_all($pool)
            .await?
            .into_iter()
            .map(|r| (r.id, r.updated_at))
            .collect()
    };
}

/// `limit` pages of this kind from `offset`, by id: each id and when it last changed.
pub async fn page(
    pool: &PgPool,
    listed: Listed,
    limit: i64,
    offset: i64,
) -> Result<Vec<(Uuid, DateTime<Utc>)>, sqlx::Error> {
    Ok(match listed {
        Listed::Artworks => ids_page!(
            pool,
            "SELECT id, updated_at FROM rm.artworks WHERE status = 'approved'
                 ORDER BY id LIMIT $1 OFFSET $2",
            limit,
            offset
        ),
        Listed::Artists => ids_page!(
            pool,
            "SELECT id, updated_at FROM rm.artists ORDER BY id LIMIT $1 OFFSET $2",
            limit,
            offset
        ),
        Listed::Lists => ids_page!(
            pool,
            "SELECT id, updated_at FROM rm.lists WHERE public ORDER BY id LIMIT $1 OFFSET $2",
            limit,
            offset
        ),
    })
}
