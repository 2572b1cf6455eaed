//! `GET /api/search` and `GET /api/search/suggestions` (SPEC §7, §9: per_page 20, status
//! approved, suggestions limit 5), over the search read model (`crate::search`).

use axum::extract::State;
use axum::response::Response;
use platform::http::{ok, ApiError, MinPosition, Query};
use platform::identity::Caller;
use search::{DocStatus, GeoPoint, KindFilter, SearchHit, SearchQuery, SearchResults, Suggestion};
use serde::{Deserialize, Serialize};

use crate::routes::respond::{consistent, with_consistency};
use crate::state::QueryState;

const READS: &[&str] = &["search"];

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct SearchParams {
    /// Free text (trimmed; at most 200 characters). `tag:key` and `tag:key:value` tokens filter
    /// by the anchor's tags (`tag:material:bronze`).
    pub q: Option<String>,
    /// 1-based, at most 1000.
    pub page: Option<u32>,
    /// 1–100, default 20.
    pub per_page: Option<u32>,
    /// `approved` (default); `pending`, `removed` or `all` for moderators only.
    pub status: Option<String>,
    /// `artworks`, `artists` or `all` (default).
    pub kind: Option<String>,
    /// Only artworks of this type (`statue`, `mural`, …).
    pub artwork_type: Option<String>,
    /// With `lon`: rank nearer artworks higher (and report `distance_m`).
    pub lat: Option<f64>,
    pub lon: Option<f64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SearchPagination {
    pub page: u32,
    pub per_page: u32,
    pub total: u64,
    pub total_pages: u64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TagFilterDto {
    pub key: String,
    pub value: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SearchResponse {
    pub results: Vec<SearchHit>,
    pub total: u64,
    pub pagination: SearchPagination,
    /// The text searched for, after `tag:` tokens were taken out.
    pub query: String,
    pub tags: Vec<TagFilterDto>,
}

fn query_error(e: search::Error) -> ApiError {
    match e {
        search::Error::Query(q) => ApiError::Validation {
            message: q.to_string(),
            field: None,
        },
        search::Error::Unavailable(m) => {
            ApiError::Unavailable(format!("Search is unavailable: {m}"))
        }
        other => ApiError::internal(anyhow::anyhow!("search backend: {other}")),
    }
}

/// Runs `query` on the index.
async fn find(state: &QueryState, query: &SearchQuery) -> Result<SearchResults, ApiError> {
    state
        .search
        .index()
        .search(query)
        .await
        .map_err(query_error)
}

/// Waits for the search documents, then for the index, to pass `min`. An index still loading
/// or being rebuilt is never consistent: it holds only part of the documents.
async fn search_consistent(state: &QueryState, min: Option<MinPosition>) -> bool {
    let Some(MinPosition(p)) = min else {
        return state.search.is_ready();
    };
    consistent(state, Some(MinPosition(p)), READS).await && state.search.wait_for(p).await
}

/// `GET /api/search`.
#[utoipa::path(get, path = "/api/search", tag = "search", params(SearchParams),
    responses(
        (status = 200, description = "Ranked, typo-tolerant matches", body = platform::http::Envelope<SearchResponse>),
        (status = 400, description = "A parameter is out of range", body = platform::http::ErrorBody),
        (status = 403, description = "A status other than approved, asked by someone who is not a moderator", body = platform::http::ErrorBody)))]
pub async fn search(
    State(state): State<QueryState>,
    caller: Caller,
    Query(p): Query<SearchParams>,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let raw = p.q.unwrap_or_default();
    let mut query = SearchQuery::parse_text(raw.trim()).map_err(|e| query_error(e.into()))?;
    query.page = p.page.unwrap_or(1);
    query.per_page = p.per_page.unwrap_or(search::DEFAULT_PER_PAGE);
    query.status = match p.status.as_deref().unwrap_or("approved") {
        "approved" => Some(DocStatus::Approved),
        other => {
            let wanted = match other {
                "all" => None,
                s => Some(DocStatus::parse(s).ok_or_else(|| {
                    ApiError::validation(
                        "status",
                        "status must be approved, pending, removed or all",
                    )
                })?),
            };
            if !caller.is_moderator() {
                return Err(ApiError::Forbidden(
                    "Only moderators may search items that are not approved".into(),
                ));
            }
            wanted
        }
    };
    query.kind = match p.kind.as_deref() {
        None | Some("all") => KindFilter::All,
        Some("artworks") | Some("artwork") => KindFilter::Artworks,
        Some("artists") | Some("artist") => KindFilter::Artists,
        Some(_) => {
            return Err(ApiError::validation(
                "kind",
                "kind must be artworks, artists or all",
            ))
        }
    };
    query.artwork_type = p.artwork_type.filter(|t| !t.trim().is_empty());
    query.near = match (p.lat, p.lon) {
        (Some(lat), Some(lon)) => Some(GeoPoint { lat, lon }),
        (None, None) => None,
        _ => return Err(ApiError::validation("lat", "lat and lon go together")),
    };
    query.validate().map_err(|e| query_error(e.into()))?;
    let caught_up = search_consistent(&state, min).await;
    let r = find(&state, &query).await?;
    let per_page = u64::from(r.per_page.max(1));
    let body = SearchResponse {
        total: r.total,
        pagination: SearchPagination {
            page: r.page,
            per_page: r.per_page,
            total: r.total,
            total_pages: r.total.div_ceil(per_page),
        },
        results: r.hits,
        query: query.text.clone(),
        tags: query
            .tags
            .iter()
            .map(|t| TagFilterDto {
                key: t.key.clone(),
                value: t.value.clone(),
            })
            .collect(),
    };
    Ok(caller.respond(with_consistency(ok(body), caught_up)))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct SuggestParams {
    /// The prefix typed so far (trimmed); empty gives no suggestions.
    pub q: Option<String>,
    /// 1–20, default 5.
    pub limit: Option<usize>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SuggestionsResponse {
    pub suggestions: Vec<Suggestion>,
}

/// `GET /api/search/suggestions`.
#[utoipa::path(get, path = "/api/search/suggestions", tag = "search", params(SuggestParams),
    responses(
        (status = 200, description = "Prefix completions over approved titles, artist names, types and tag values; when nothing completes the text, the best typo-tolerant matches", body = platform::http::Envelope<SuggestionsResponse>),
        (status = 400, description = "limit out of range or text too long", body = platform::http::ErrorBody)))]
pub async fn suggestions(
    State(state): State<QueryState>,
    Query(p): Query<SuggestParams>,
) -> Result<Response, ApiError> {
    let limit = p.limit.unwrap_or(search::DEFAULT_SUGGEST_LIMIT);
    if !(1..=search::MAX_SUGGEST_LIMIT).contains(&limit) {
        return Err(query_error(search::QueryError::LimitOutOfRange.into()));
    }
    let q = p.q.unwrap_or_default();
    let q = q.trim();
    if q.chars().count() > search::MAX_TEXT_CHARS {
        return Err(query_error(search::QueryError::TextTooLong.into()));
    }
    let mut suggestions = if q.is_empty() {
        Vec::new()
    } else {
        state
            .search
            .index()
            .suggest(q, limit)
            .await
            .map_err(query_error)?
    };
    // Nothing starts with a misspelled word: offer what a typo-tolerant search finds instead.
    if !q.is_empty() && suggestions.is_empty() {
        let query = SearchQuery {
            text: q.to_owned(),
            per_page: u32::try_from(limit).unwrap_or(5),
            ..SearchQuery::default()
        };
        let found = find(&state, &query).await?;
        for h in found.hits {
            let kind = match h.kind {
                search::DocKind::Artist => search::SuggestionKind::Artist,
                search::DocKind::Artwork => search::SuggestionKind::Title,
            };
            if !suggestions
                .iter()
                .any(|s| s.text.eq_ignore_ascii_case(&h.title))
            {
                suggestions.push(Suggestion {
                    text: h.title,
                    kind,
                    id: Some(h.id),
                });
            }
        }
    }
    let body = SuggestionsResponse { suggestions };
    Ok(axum::response::IntoResponse::into_response(ok(body)))
}
