//! Saved lists: create, add to, remove from, rename or change visibility, delete. Anyone has
//! lists, signed in or not (an anonymous caller's token is minted on first use). Every write
//! counts against the identity's and the client's hourly budget (429 + `Retry-After` beyond).

use axum::http::StatusCode;
use axum::response::Response;
use platform::http::{ok, with_position, ApiError, Envelope, PathId};
use platform::identity::Caller;
use serde::Serialize;
use uuid::Uuid;

use super::{no_store, Body, OptionalBody, Write};
use crate::actor::Sender;
use crate::lists::{self, AddItem, ListUpdate, NewList, RemoveItems};

/// What a list change answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ListChanged {
    pub id: Uuid,
}

fn answer(
    caller: &Caller,
    status: StatusCode,
    id: Uuid,
    position: Option<platform::position::EventPosition>,
) -> Response {
    caller.respond(no_store(with_position(
        (status, ok(ListChanged { id })),
        position,
    )))
}

/// `POST /api/lists`: a new list of the caller's, private unless `public`.
#[utoipa::path(post, path = "/api/lists", tag = "lists",
    request_body = NewList,
    responses(
        (status = 201, description = "Created", body = Envelope<ListChanged>),
        (status = 400, description = "'A list name is required', 'A list name must be at most 100 characters'", body = platform::http::ErrorBody),
        (status = 409, description = "'You have 100 lists; delete one to make another'", body = platform::http::ErrorBody),
        (status = 429, description = "Too many list changes from this identity or address; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn create_list(w: Write<Sender>, Body(req): Body<NewList>) -> Result<Response, ApiError> {
    let (id, position) = lists::create::run(&w.state.commands, &w.actor, req).await?;
    Ok(answer(&w.caller, StatusCode::CREATED, id, position))
}

/// `POST /api/lists/{id}/items`: saves an artwork to a list (a system list id from
/// `GET /api/me/lists` works before anything was saved to it). Saving it twice changes nothing.
#[utoipa::path(post, path = "/api/lists/{id}/items", tag = "lists",
    params(("id" = Uuid, Path)),
    request_body = AddItem,
    responses(
        (status = 200, description = "In the list", body = Envelope<ListChanged>),
        (status = 403, description = "'Only its owner can change a list'", body = platform::http::ErrorBody),
        (status = 404, description = "'List not found', 'Artwork not found'", body = platform::http::ErrorBody),
        (status = 409, description = "'A list holds at most 1000 artworks'", body = platform::http::ErrorBody),
        (status = 429, description = "Too many list changes from this identity or address; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn add_item(
    w: Write<Sender>,
    PathId(id): PathId,
    Body(req): Body<AddItem>,
) -> Result<Response, ApiError> {
    let position = lists::add::run(&w.state.commands, &w.actor, id, req).await?;
    Ok(answer(&w.caller, StatusCode::OK, id, position))
}

/// `DELETE /api/lists/{id}/items {artwork_ids}`: removes up to 100 artworks.
#[utoipa::path(delete, path = "/api/lists/{id}/items", tag = "lists",
    params(("id" = Uuid, Path)),
    request_body = RemoveItems,
    responses(
        (status = 200, description = "Removed (those the list held)", body = Envelope<ListChanged>),
        (status = 400, description = "'Name at least one artwork to remove', 'At most 100 artworks can be removed at once'", body = platform::http::ErrorBody),
        (status = 403, description = "'Only its owner can change a list'", body = platform::http::ErrorBody),
        (status = 404, description = "'List not found'", body = platform::http::ErrorBody),
        (status = 429, description = "Too many list changes from this identity or address; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn remove_items(
    w: Write<Sender>,
    PathId(id): PathId,
    Body(req): Body<RemoveItems>,
) -> Result<Response, ApiError> {
    let position = lists::remove::run(&w.state.commands, &w.actor, id, req).await?;
    Ok(answer(&w.caller, StatusCode::OK, id, position))
}

/// `PATCH /api/lists/{id} {name?, public?}`: renames one's own list or changes who may see it.
#[utoipa::path(patch, path = "/api/lists/{id}", tag = "lists",
    params(("id" = Uuid, Path)),
    request_body = ListUpdate,
    responses(
        (status = 200, description = "Changed", body = Envelope<ListChanged>),
        (status = 400, description = "A name rule, or 'Loved cannot be renamed or deleted'", body = platform::http::ErrorBody),
        (status = 403, description = "'Only its owner can change a list'", body = platform::http::ErrorBody),
        (status = 404, description = "'List not found'", body = platform::http::ErrorBody),
        (status = 429, description = "Too many list changes from this identity or address; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn update_list(
    w: Write<Sender>,
    PathId(id): PathId,
    OptionalBody(req): OptionalBody<ListUpdate>,
) -> Result<Response, ApiError> {
    let position = lists::update::run(&w.state.commands, &w.actor, id, req).await?;
    Ok(answer(&w.caller, StatusCode::OK, id, position))
}

/// `DELETE /api/lists/{id}`: deletes one's own list (never a system list).
#[utoipa::path(delete, path = "/api/lists/{id}", tag = "lists",
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "Deleted", body = Envelope<ListChanged>),
        (status = 400, description = "'Loved cannot be renamed or deleted'", body = platform::http::ErrorBody),
        (status = 403, description = "'Only its owner can change a list'", body = platform::http::ErrorBody),
        (status = 404, description = "'List not found'", body = platform::http::ErrorBody),
        (status = 429, description = "Too many list changes from this identity or address; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn delete_list(w: Write<Sender>, PathId(id): PathId) -> Result<Response, ApiError> {
    let position = lists::delete::run(&w.state.commands, &w.actor, id).await?;
    Ok(answer(&w.caller, StatusCode::OK, id, position))
}
