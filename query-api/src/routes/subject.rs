//! The routes artworks and artists both have (the list, one by id, also as it was at a moment,
//! and its history), written once by [`subject_routes!`] over each subject's own reads.

use std::collections::HashMap;

use platform::http::MinPosition;

use crate::state::QueryState;

/// A subject route's request as the subject's read gets it: the state, the query's parameters
/// and the position the answer is to reflect (`X-Min-Position`).
pub struct ReadRequest<'a> {
    pub state: &'a QueryState,
    pub q: &'a HashMap<String, String>,
    pub min: Option<MinPosition>,
}

impl<'a> ReadRequest<'a> {
    /// The query parameter `k`, as given.
    pub fn get(&self, k: &str) -> Option<&'a str> {
        self.q.get(k).map(String::as_str)
    }
}

/// The page of a subject's list a request asks for: its number, its size and its order (`sort`).
pub struct Page<O> {
    pub page: u32,
    pub limit: u32,
    pub order: O,
}

/// One subject's three read routes, their OpenAPI tag `$tag`, the description of their id
/// `$id`, and the 404 an unknown id gets, described as `$missing` and made by `$not_found(id)`:
/// - the list `$list` of `$page`: `page`, `limit` and `sort` (one of `$orders`) read here, the
///   rest of the query (`params` documents it and `sort`) by `$list_read(request, page)`;
/// - one by id, `$get` (`$detail`), also as it was at a moment (`as_of`, described by `$as_of`):
///   `$get_read(request, id)`;
/// - its history `$history`, a page of `$history_page` read by
///   [`history_page`](super::history::history_page) from `$subject`'s events.
///
/// The doc comment before each name is that route's OpenAPI description.
macro_rules! subject_routes {
    // A route by id: 200 with `$body`, 400, and 404 for an unknown id.
    (@by_id $(#[doc = $doc:tt])* $name:ident $path:tt, $tag:tt, $missing:tt => $body:ident,
        [$($params:tt)*], ($($args:tt)*) $handler:block) => {
        $(#[doc = $doc])*
        #[utoipa::path(get, path = $path, tag = $tag, params($($params)*),
            responses(
                (status = 200, body = platform::http::Envelope<$body>),
                (status = 400, body = platform::http::ErrorBody),
                (status = 404, description = $missing, body = platform::http::ErrorBody),
            ))]
        pub async fn $name($($args)*) -> Result<Response, ApiError> $handler
    };
    ($tag:tt, $id:tt, $missing:tt, $not_found:ident;
     $(#[doc = $list_doc:tt])* $list:ident $list_path:tt => $page:ident, $list_read:ident,
        $orders:ident, params($($param:tt)*);
     $(#[doc = $get_doc:tt])* $get:ident $get_path:tt => $detail:ident, $get_read:ident,
        as_of $as_of:tt;
     $(#[doc = $history_doc:tt])* $history:ident $history_path:tt => $history_page:ident,
        $subject:expr $(;)?) => {
        $(#[doc = $list_doc])*
        #[utoipa::path(get, path = $list_path, tag = $tag,
            params(ListPage, $($param)*),
            responses(
                (status = 200, body = platform::http::Envelope<$page>),
                (status = 400, body = platform::http::ErrorBody),
            ))]
        pub async fn $list(
            State(state): State<QueryState>,
            Query(q): Query<HashMap<String, String>>,
            min: Option<MinPosition>,
        ) -> Result<Response, ApiError> {
            let get = |k: &str| q.get(k).map(String::as_str);
            let (page, limit) = page_and_limit(get)?;
            let order = choice_param("sort", get("sort"), $orders)?;
            let page = $crate::routes::subject::Page { page, limit, order };
            $list_read(ReadRequest { state: &state, q: &q, min }, page).await
        }

        $crate::routes::subject::subject_routes!(@by_id
            $(#[doc = $get_doc])* $get $get_path, $tag, $missing => $detail,
            [("id" = Uuid, Path, description = $id),
             ("as_of" = Option<String>, Query, description = $as_of)],
            (State(state): State<QueryState>, PathId(id): PathId,
             Query(q): Query<HashMap<String, String>>, min: Option<MinPosition>)
            { $get_read(ReadRequest { state: &state, q: &q, min }, id).await });

        #[derive(Debug, Serialize, utoipa::ToSchema)]
        pub struct $history_page {
            /// Newest first.
            pub entries: Vec<projectors::artworks::history::HistoryEntry>,
            pub pagination: Pagination,
        }

        $crate::routes::subject::subject_routes!(@by_id
            $(#[doc = $history_doc])* $history $history_path, $tag, $missing => $history_page,
            [("id" = Uuid, Path, description = $id), ListPage],
            (State(state): State<QueryState>, min: Option<MinPosition>, PathId(id): PathId,
             Query(q): Query<HashMap<String, String>>)
            {
                let read = |limit, offset| {
                    projectors::history::history(&state.pool, $subject, id, limit, offset)
                };
                let (entries, pagination, caught_up) =
                    $crate::routes::history::history_page(&state, min, &q, read)
                        .await?
                        .ok_or_else(|| $not_found(id))?;
                Ok(with_consistency(ok($history_page { entries, pagination }), caught_up))
            });
    };
}
pub(crate) use subject_routes;
