//! Reading the `artists` read model (`rm.artists`), checked at compile time.

use chrono::{DateTime, Utc};
use domain::ArtistId;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashMap;
use uuid::Uuid;

use super::ArtistFields;

// An artist with the number of approved artworks crediting them (a plain comment: the OpenAPI
// schema has no description for it).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct ArtistDto {
    pub id: Uuid,
    pub name: String,
    /// Other names the artist is known by.
    #[schema(value_type = Vec<String>)]
    pub aliases: sqlx::types::Json<Vec<String>>,
    pub biography: Option<String>,
    pub country: Option<String>,
    pub website: Option<String>,
    pub birth_year: Option<i32>,
    pub death_year: Option<i32>,
    #[schema(value_type = Option<domain::Provenance>)]
    pub provenance: Option<Value>,
    pub artwork_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// `SELECT` of [`ArtistDto`] from `$from` (a relation aliased `a` with the artists' columns),
/// then the rest of the query. The count runs per returned row only.
macro_rules! select_artists {
    ([$($from:tt)+], [$($rest:tt)+] $(, $arg:expr)*) => {
        sqlx::query_as!(
            ArtistDto,
            r#"SELECT a.id AS "id!", a.name AS "name!",
                      a.aliases AS "aliases!: sqlx::types::Json<Vec<String>>", a.biography,
                      a.country, a.website, a.birth_year, a.death_year, a.provenance, a.created_at AS "created_at!", a.updated_at AS "updated_at!",
                      (SELECT count(*) FROM rm.artworks w
                        WHERE w.artist_ids @> ARRAY[a.id] AND w.status = 'approved')
                        AS "artwork_count!"
                 FROM "#
                + $($from)+
                + " "
                + $($rest)+
            $(, $arg)*
        )
    };
}

/// Orders of the artist list; each ends on the id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArtistOrder {
    UpdatedDesc,
    NameAsc,
    CreatedDesc,
}

/// How many artists have a name or an alias containing the lower-case `LIKE` pattern (all
/// without one).
pub async fn count(pool: &PgPool, pattern: Option<&str>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.artists a
            WHERE $1::text IS NULL OR lower(a.name) LIKE $1
               OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(a.aliases) x
                           WHERE lower(x) LIKE $1)"#,
        pattern
    )
    .fetch_one(pool)
    .await
}

/// A page of artists whose name or an alias matches `pattern` (all without one). The page is chosen
/// first, so the per-artist count runs for its rows only.
pub async fn page(
    pool: &PgPool,
    pattern: Option<&str>,
    order: ArtistOrder,
    limit: i64,
    offset: i64,
) -> Result<Vec<ArtistDto>, sqlx::Error> {
    macro_rules! ordered_by {
        ($order:literal) => {
            select_artists!(
                [
                    "(SELECT * FROM rm.artists a WHERE $1::text IS NULL OR lower(a.name) LIKE $1
                        OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(a.aliases) x
                                    WHERE lower(x) LIKE $1)
                       ORDER BY "
                        + $order
                        + " LIMIT $2 OFFSET $3) a"
                ],
                ["ORDER BY " + $order],
                pattern,
                limit,
                offset
            )
            .fetch_all(pool)
            .await
        };
    }
    match order {
        ArtistOrder::UpdatedDesc => ordered_by!("a.updated_at DESC, a.id"),
        ArtistOrder::NameAsc => ordered_by!("lower(a.name), a.id"),
        ArtistOrder::CreatedDesc => ordered_by!("a.created_at DESC, a.id"),
    }
}

/// One artist.
pub async fn by_id(pool: &PgPool, id: Uuid) -> Result<Option<ArtistDto>, sqlx::Error> {
    select_artists!(["rm.artists a"], ["WHERE a.id = $1"], id)
        .fetch_optional(pool)
        .await
}

/// The names of these artists, by id (unknown ids are left out).
pub async fn names(pool: &PgPool, ids: &[Uuid]) -> Result<HashMap<Uuid, String>, sqlx::Error> {
    Ok(
        sqlx::query!("SELECT id, name FROM rm.artists WHERE id = ANY($1)", ids)
            .fetch_all(pool)
            .await?
            .into_iter()
            .map(|r| (r.id, r.name))
            .collect(),
    )
}

/// These artists' editable fields as the read model has them now, by id (unknown ids are left
/// out): what an artist edit is compared with.
pub async fn fields_of(
    pool: &PgPool,
    ids: &[Uuid],
) -> Result<HashMap<Uuid, ArtistFields>, sqlx::Error> {
    Ok(sqlx::query!(
        "SELECT id, name, aliases, biography, website, country, birth_year, death_year
               FROM rm.artists WHERE id = ANY($1)",
        ids
    )
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|r| {
        let fields = ArtistFields {
            name: r.name,
            aliases: serde_json::from_value(r.aliases).unwrap_or_default(),
            biography: r.biography,
            website: r.website,
            country: r.country,
            birth_year: r.birth_year,
            death_year: r.death_year,
        };
        (r.id, fields)
    })
    .collect())
}

/// The first artist (oldest) with this name, ignoring case.
pub async fn by_name(pool: &PgPool, name: &str) -> Result<Option<ArtistId>, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "SELECT id FROM rm.artists WHERE lower(name) = lower($1) ORDER BY created_at, id LIMIT 1",
        name
    )
    .fetch_optional(pool)
    .await?
    .map(ArtistId))
}

/// An artist a name is known by, and where the record came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    pub id: ArtistId,
    /// The dataset it was imported from; none for a contributor's.
    pub dataset: Option<String>,
}

/// For each name (any case), the artists with that name (oldest first), and the artists among
/// `ids` that exist, with their names' lower case as the key.
pub async fn by_names(
    pool: &PgPool,
    names: &[String],
    ids: &[Uuid],
) -> Result<HashMap<String, Vec<Named>>, sqlx::Error> {
    let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    let rows = sqlx::query!(
        r#"SELECT lower(name) AS "key!", id, provenance->>'dataset' AS dataset FROM rm.artists
            WHERE lower(name) = ANY($1) OR id = ANY($2)
            ORDER BY created_at, id"#,
        &lower,
        ids
    )
    .fetch_all(pool)
    .await?;
    let mut out: HashMap<String, Vec<Named>> = HashMap::new();
    for r in rows {
        out.entry(r.key).or_default().push(Named {
            id: ArtistId(r.id),
            dataset: r.dataset,
        });
    }
    Ok(out)
}
