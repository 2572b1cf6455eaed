//! Saved lists: the caller's lists, one list's artworks (a private list is seen by its owner
//! only: 404 to anyone else), and how often an artwork is saved to each system list.

use std::collections::HashMap;

use axum::extract::State;
use axum::response::Response;
use platform::http::{ok, ApiError, MinPosition, PathId, Query};
use platform::identity::Caller;
use projectors::artworks::read::ArtworkDto;
use projectors::lists::read::{self as lists, ListSummary, SavedCount};
use serde::Serialize;
use uuid::Uuid;

use crate::routes::params::{int_param, Pagination, DEFAULT_PAGE, MAX_PAGE};
use crate::routes::respond::{consistent, private, with_consistency};
use crate::state::QueryState;

const READS: &[&str] = &["lists", "accounts", "artworks"];
/// SPEC §9: list details are read 50 at a time.
pub const LIST_LIMIT: u32 = 50;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MyLists {
    /// Loved, Visited and Want to see first, then the caller's own lists, oldest first.
    pub lists: Vec<ListSummary>,
}

/// `GET /api/me/lists`: the caller's lists (signed in or not).
#[utoipa::path(get, path = "/api/me/lists", tag = "lists",
    responses((status = 200, body = platform::http::Envelope<MyLists>)))]
pub async fn my_lists(
    State(state): State<QueryState>,
    caller: Caller,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let caught_up = consistent(&state, min, READS).await;
    let identities = projectors::accounts::read::identities(&state.pool, &caller).await?;
    let lists = lists::mine(&state.pool, caller.actor(), &identities).await?;
    Ok(caller.respond(private(with_consistency(ok(MyLists { lists }), caught_up))))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ListDetails {
    pub list: ListSummary,
    /// Most recently saved first.
    pub items: Vec<ArtworkDto>,
    pub pagination: Pagination,
}

/// `GET /api/lists/{id}?page&limit`: a list and a page of its artworks (`limit` 1–50, default 50).
#[utoipa::path(get, path = "/api/lists/{id}", tag = "lists",
    params(
        ("id" = Uuid, Path),
        ("page" = Option<u32>, Query, description = "1 to 10000 (default 1)"),
        ("limit" = Option<u32>, Query, description = "1 to 50 (default 50)"),
    ),
    responses(
        (status = 200, body = platform::http::Envelope<ListDetails>),
        (status = 400, body = platform::http::ErrorBody),
        (status = 404, description = "'List not found' (also a private list of someone else's)", body = platform::http::ErrorBody)))]
pub async fn get_list(
    State(state): State<QueryState>,
    caller: Caller,
    PathId(id): PathId,
    Query(q): Query<HashMap<String, String>>,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let get = |k: &str| q.get(k).map(String::as_str);
    let page = int_param("page", get("page"), DEFAULT_PAGE, 1, MAX_PAGE)?;
    let limit = int_param("limit", get("limit"), LIST_LIMIT, 1, LIST_LIMIT)?;
    let caught_up = consistent(&state, min, READS).await;
    let pool = &state.pool;
    let identities = projectors::accounts::read::identities(pool, &caller).await?;
    let not_found = || ApiError::NotFound("List not found".into());
    let (list, members) = match lists::system_kind(id, &identities) {
        // The caller's own system list: what any of their identities saved there.
        Some((_, kind)) => {
            let mine = lists::mine(pool, caller.actor(), &identities).await?;
            let mut summary = mine
                .into_iter()
                .find(|l| l.kind == kind)
                .ok_or_else(not_found)?;
            summary.id = id;
            (summary, lists::system_lists(pool, &identities, kind).await?)
        }
        None => {
            let row = lists::list(pool, id).await?.ok_or_else(not_found)?;
            let owned = identities.iter().any(|i| i.0 == row.owner);
            if !row.public && !owned {
                return Err(not_found());
            }
            let summary = ListSummary {
                id,
                name: row.name,
                kind: row.kind,
                public: row.public,
                item_count: 0,
                owned,
                created_at: Some(row.created_at),
                updated_at: Some(row.updated_at),
            };
            (summary, vec![id])
        }
    };
    let mut list = list;
    let offset = i64::from(page - 1) * i64::from(limit);
    let (ids, total) = lists::items(pool, &members, i64::from(limit), offset).await?;
    list.item_count = total;
    let mut found = projectors::artworks::read::by_ids(pool, &ids).await?;
    // In the list's order (most recently saved first).
    found.sort_by_key(|a| ids.iter().position(|i| *i == a.id));
    let details = ListDetails {
        list,
        items: found,
        pagination: Pagination::new(page, limit, total),
    };
    Ok(caller.respond(private(with_consistency(ok(details), caught_up))))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SavedCounts {
    /// Loved, Visited and Want to see.
    pub lists: Vec<SavedCount>,
    /// The caller's own lists that hold the artwork.
    pub in_lists: Vec<Uuid>,
}

/// `GET /api/artworks/{id}/saved`: for the one-tap toggles, how many people saved the artwork to
/// each system list and whether the caller did, and which of the caller's own lists hold it.
#[utoipa::path(get, path = "/api/artworks/{id}/saved", tag = "lists",
    params(("id" = Uuid, Path)),
    responses((status = 200, body = platform::http::Envelope<SavedCounts>)))]
pub async fn saved_counts(
    State(state): State<QueryState>,
    caller: Caller,
    PathId(id): PathId,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let caught_up = consistent(&state, min, READS).await;
    let pool = &state.pool;
    let identities = projectors::accounts::read::identities(pool, &caller).await?;
    let counts = lists::saved_counts(pool, id, caller.actor(), &identities).await?;
    let own: Vec<Uuid> = lists::mine(pool, caller.actor(), &identities)
        .await?
        .into_iter()
        .filter(|l| l.kind == domain::ListKind::Custom)
        .map(|l| l.id)
        .collect();
    let in_lists = lists::holding(pool, &own, id).await?;
    Ok(caller.respond(private(with_consistency(
        ok(SavedCounts {
            lists: counts,
            in_lists,
        }),
        caught_up,
    ))))
}
