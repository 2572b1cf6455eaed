//! Edit proposals as their authors and moderators read them: the caller's own pending edits of
//! an artwork or an artist, the moderators' queues, and one edit field by field against the
//! artwork or artist now. One handler per read, generic in the subject's changes
//! (`projectors::submissions::edits::Subject`), written for each subject by `edit_routes!`.

use axum::extract::State;
use axum::response::Response;
use domain::{ArtistFieldEdit, FieldEdit};
use platform::http::{ApiError, MinPosition, PathId, Query};
use platform::identity::{Caller, Moderator};
use projectors::submissions::edits::{
    self, ArtistEditDetail, ArtistEditSummary, EditDetail, EditSummary, PendingEdit,
};
use serde::{Deserialize, Serialize};

use crate::routes::params::int_param;
use crate::routes::respond::{caller_ok, checked_after, consistent};
use crate::state::QueryState;

/// Read models the artwork edit endpoints read (for `X-Min-Position`).
const READS: &[&str] = &["submissions", "artworks", "accounts"];
/// Read models the artist edit endpoints read.
const ARTIST_READS: &[&str] = &["submissions", "artists", "accounts"];

/// The review queue's default page size (SPEC §9).
const PER_PAGE: u32 = 20;

/// The caller's own pending edits of one artwork.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PendingEdits {
    pub edits: Vec<PendingEdit>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct EditQueueParams {
    /// From 1 (default 1).
    page: Option<String>,
    /// 1 to 100 (default 20).
    per_page: Option<String>,
}

/// One subject's (`$subject`'s) three read routes over `projectors::submissions::edits`, reading
/// the models `$reads`: the caller's own pending edits of one (none for anonymous callers), the
/// moderators' queue (a page type of its own, `$queue` of `$summary`) and one edit in the
/// subject's words (`$detail`, its 404 described as `$missing`). The doc comment before each
/// name is its OpenAPI description.
macro_rules! edit_routes {
    ($subject:ident, $reads:ident,
     $(#[doc = $queue_doc:tt])* $queue:ident<$summary:ident>,
     $(#[doc = $pending_doc:tt])* $pending:ident $pending_path:tt,
     $(#[doc = $list_doc:tt])* $list:ident $list_path:tt,
     $(#[doc = $detail_doc:tt])* $one:ident $one_path:tt => $detail:ident $missing:tt $(,)?) => {
        $(#[doc = $queue_doc])*
        #[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
        pub struct $queue {
            pub edits: Vec<$summary>,
            pub total: i64,
            pub page: u32,
            pub per_page: u32,
        }

        $(#[doc = $pending_doc])*
        #[utoipa::path(get, path = $pending_path, tag = "edits",
            params(("id" = uuid::Uuid, Path)),
            responses((status = 200, body = platform::http::Envelope<PendingEdits>)))]
        pub async fn $pending(
            State(state): State<QueryState>,
            caller: Caller,
            min: Option<MinPosition>,
            PathId(id): PathId,
        ) -> Result<Response, ApiError> {
            let caught_up = consistent(&state, min, $reads).await;
            let edits = match caller.account() {
                None => Vec::new(),
                Some(_) => {
                    let ids = projectors::accounts::read::identities(&state.pool, &caller).await?;
                    edits::pending_of::<$subject>(&state.pool, id, &ids).await?
                }
            };
            Ok(caller_ok(&caller, PendingEdits { edits }, caught_up))
        }

        $(#[doc = $list_doc])*
        #[utoipa::path(get, path = $list_path, tag = "review",
            params(EditQueueParams),
            responses(
                (status = 200, body = platform::http::Envelope<$queue>),
                Moderator))]
        pub async fn $list(
            State(state): State<QueryState>,
            Moderator(caller): Moderator,
            min: Option<MinPosition>,
            Query(p): Query<EditQueueParams>,
        ) -> Result<Response, ApiError> {
            let page = int_param("page", p.page.as_deref(), 1, 1, 10_000)?;
            let per_page = int_param("per_page", p.per_page.as_deref(), PER_PAGE, 1, 100)?;
            let (caller, caught_up) =
                checked_after(&state, caller, min, $reads, Caller::require_moderator).await?;
            let offset = i64::from(page - 1) * i64::from(per_page);
            let (rows, total) =
                edits::queue::<$subject>(&state.pool, i64::from(per_page), offset).await?;
            let edits = rows.into_iter().map(Into::into).collect();
            let answer = $queue { edits, total, page, per_page };
            Ok(caller_ok(&caller, answer, caught_up))
        }

        $(#[doc = $detail_doc])*
        #[utoipa::path(get, path = $one_path, tag = "review",
            params(("id" = uuid::Uuid, Path)),
            responses(
                (status = 200, body = platform::http::Envelope<$detail>),
                (status = 404, description = $missing, body = platform::http::ErrorBody),
                Moderator))]
        pub async fn $one(
            State(state): State<QueryState>,
            Moderator(caller): Moderator,
            min: Option<MinPosition>,
            PathId(id): PathId,
        ) -> Result<Response, ApiError> {
            let (caller, caught_up) =
                checked_after(&state, caller, min, $reads, Caller::require_moderator).await?;
            let detail = edits::detail::<$subject>(&state.pool, id)
                .await?
                .ok_or_else(|| ApiError::NotFound(format!("Edit {id} not found")))?;
            Ok(caller_ok(&caller, $detail::from(detail), caught_up))
        }
    };
}

edit_routes! {
    FieldEdit, READS,
    /// A page of the edits waiting for review.
    EditQueue<EditSummary>,
    /// `GET /api/artwork/{id}/pending-edits`: the caller's own edits of this artwork still waiting
    /// for review, newest first (anonymous callers have none).
    pending_edits "/api/artwork/{id}/pending-edits",
    /// `GET /api/review/artwork-edits`: moderators' queue of pending edits, oldest first.
    edit_queue "/api/review/artwork-edits",
    /// `GET /api/review/artwork-edits/{id}`: one edit, each field with the value its proposer saw,
    /// the proposed one and the artwork's now (`stale` when those differ).
    edit_detail "/api/review/artwork-edits/{id}" => EditDetail "No such edit",
}

edit_routes! {
    ArtistFieldEdit, ARTIST_READS,
    /// A page of the artist edits (and new artists) waiting for review.
    ArtistEditQueue<ArtistEditSummary>,
    /// `GET /api/artist/{id}/pending-edits`: the caller's own edits of this artist still waiting
    /// for review, newest first (anonymous callers have none).
    pending_artist_edits "/api/artist/{id}/pending-edits",
    /// `GET /api/review/artist-edits`: moderators' queue of pending artist edits and new artists,
    /// oldest first.
    artist_edit_queue "/api/review/artist-edits",
    /// `GET /api/review/artist-edits/{id}`: one artist edit, each field with the value its
    /// proposer saw, the proposed one and the artist's now (`stale` when those differ).
    artist_edit_detail "/api/review/artist-edits/{id}" => ArtistEditDetail "No such artist edit",
}
