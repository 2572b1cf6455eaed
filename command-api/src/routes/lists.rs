//! Saved lists: create, add to, remove from, rename or change visibility, delete. Anyone has
//! lists, signed in or not (an anonymous caller's token is minted on first use). Every write
//! counts against the identity's and the client's hourly budget (429 + `Retry-After` beyond).

use axum::response::Response;
use platform::http::{ApiError, Envelope, PathId};
use serde::Serialize;
use uuid::Uuid;

use super::{created, written, Body, OptionalBody, Write};
use crate::actor::Sender;
use crate::lists::{self, AddItem, ListUpdate, NewList, RemoveItems};

/// What a list change answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ListChanged {
    pub id: Uuid,
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
    Ok(w.caller.respond(created(ListChanged { id }, position)))
}

/// The changes to list `{id}` (its owner's only), each a handler `$name` passing the body (when
/// it has one) to its use case `$run` and answering 200 with the list's id: `$done` in the
/// OpenAPI document, with its own refusals besides the 403 and 429 every change has.
macro_rules! list_changes {
    ($(
        $(#[doc = $doc:tt])*
        $method:ident $path:literal, $name:ident($($body:ident($req:ident): $Req:ty)?) => $run:path,
            $done:literal $(, $status:tt $why:literal)+;
    )+) => {$(
        $(#[doc = $doc])*
        #[utoipa::path($method, path = $path, tag = "lists",
            params(("id" = Uuid, Path)),
            $(request_body = $Req,)?
            responses(
                (status = 200, description = $done, body = Envelope<ListChanged>),
                $((status = $status, description = $why, body = platform::http::ErrorBody),)+
                (status = 403, description = "'Only its owner can change a list'", body = platform::http::ErrorBody),
                (status = 429, description = "Too many list changes from this identity or address; see Retry-After", body = platform::http::ErrorBody)))]
        pub async fn $name(
            w: Write<Sender>,
            PathId(id): PathId,
            $($body($req): $body<$Req>,)?
        ) -> Result<Response, ApiError> {
            let position = $run(&w.state.commands, &w.actor, id $(, $req)?).await?;
            Ok(w.caller.respond(written(ListChanged { id }, position)))
        }
    )+};
}

list_changes! {
    /// `POST /api/lists/{id}/items`: saves an artwork to a list (a system list id from
    /// `GET /api/me/lists` works before anything was saved to it). Saving it twice changes nothing.
    post "/api/lists/{id}/items", add_item(Body(req): AddItem) => lists::add::run, "In the list",
        404 "'List not found', 'Artwork not found'", 409 "'A list holds at most 1000 artworks'";

    /// `DELETE /api/lists/{id}/items {artwork_ids}`: removes up to 100 artworks.
    delete "/api/lists/{id}/items", remove_items(Body(req): RemoveItems) => lists::remove::run,
        "Removed (those the list held)", 404 "'List not found'",
        400 "'Name at least one artwork to remove', 'At most 100 artworks can be removed at once'";

    /// `PATCH /api/lists/{id} {name?, public?}`: renames one's own list or changes who may see it.
    patch "/api/lists/{id}", update_list(OptionalBody(req): ListUpdate) => lists::update::run,
        "Changed", 400 "A name rule, or 'Loved cannot be renamed or deleted'", 404 "'List not found'";

    /// `DELETE /api/lists/{id}`: deletes one's own list (never a system list).
    delete "/api/lists/{id}", delete_list() => lists::delete::run, "Deleted",
        400 "'Loved cannot be renamed or deleted'", 404 "'List not found'";
}
