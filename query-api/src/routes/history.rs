//! An artwork's or artist's history a page at a time, an artwork's state at any moment
//! (`GET /api/artworks/{id}?as_of=`) and `GET /api/artworks/{id}/contributors`, who made it
//! what it is: rebuilt from its events (`projectors::artworks::{history, credit}`).

use axum::extract::State;
use axum::response::Response;
use platform::http::{ok, ApiError, MinPosition, PathId};
use projectors::artworks::credit::{self, Credits};
use projectors::artworks::history::{self, AsOf, HistoryEntry};
use std::collections::HashMap;
use std::future::Future;
use uuid::Uuid;

use super::artworks::{not_found, ArtworkDetailDto};
use super::params::{page_and_limit, Pagination};
use super::respond::{consistent, with_consistency};
use crate::state::QueryState;

/// Read models a history names people from (who proposed, their profile names): a read sent
/// with `X-Min-Position` waits for them, so an entry made by an approval just answered names
/// its contributor.
pub const HISTORY_READS: &[&str] = &["submissions", "accounts"];

/// A page of one artwork's or artist's history (`page` and `limit` from `q`), read once the
/// models it names people from have passed `min`: `read(limit, offset)` gives the page's entries
/// and how many there are in all, `None` for an unknown id.
pub async fn history_page<F>(
    state: &QueryState,
    min: Option<MinPosition>,
    q: &HashMap<String, String>,
    read: impl FnOnce(usize, usize) -> F,
) -> Result<Option<(Vec<HistoryEntry>, Pagination, bool)>, ApiError>
where
    F: Future<Output = anyhow::Result<Option<(Vec<HistoryEntry>, usize)>>>,
{
    let (page, limit) = page_and_limit(|k| q.get(k).map(String::as_str))?;
    let offset = (page as usize - 1) * limit as usize;
    let caught_up = consistent(state, min, HISTORY_READS).await;
    let found = read(limit as usize, offset)
        .await
        .map_err(ApiError::internal)?;
    Ok(found.map(|(entries, total)| {
        (
            entries,
            Pagination::new(page, limit, total as i64),
            caught_up,
        )
    }))
}

/// `GET /api/artworks/{id}/contributors`: for each field, who contributed its current value and
/// whose approval made it current; who sent each approved batch of photos still shown; everyone
/// credited, most first. Display names only.
#[utoipa::path(get, path = "/api/artworks/{id}/contributors", tag = "artworks",
    params(("id" = Uuid, Path, description = "Artwork id")),
    responses(
        (status = 200, body = platform::http::Envelope<Credits>),
        (status = 404, description = "Artwork with ID {id} not found", body = platform::http::ErrorBody),
    ))]
pub async fn artwork_contributors(
    State(state): State<QueryState>,
    min: Option<MinPosition>,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    let caught_up = consistent(&state, min, HISTORY_READS).await;
    let credits = credit::credits(&state.pool, id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| not_found(id))?;
    Ok(with_consistency(ok(credits), caught_up))
}

/// The `as_of` parameter: a position (`<transaction>-<position>`, as history entries give), a
/// date (the end of that day) or an RFC 3339 time.
pub fn parse_as_of(raw: &str) -> Result<AsOf, ApiError> {
    AsOf::parse(raw).ok_or_else(|| {
        ApiError::validation(
            "as_of",
            "as_of must be a position like 123-456, a date like 2026-01-31 or an RFC 3339 time like 2026-01-31T12:00:00Z",
        )
    })
}

/// The artwork and its logbook as they were at `at`.
pub async fn artwork_as_of(
    state: &QueryState,
    id: Uuid,
    at: AsOf,
    logbook: usize,
) -> Result<ArtworkDetailDto, ApiError> {
    let (artwork, logbook) = history::as_of(&state.pool, id, at, logbook)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| not_found(id))?;
    Ok(ArtworkDetailDto {
        artwork,
        logbook,
        also_from: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, FixedOffset, SecondsFormat, TimeZone, Utc};
    use platform::position::EventPosition;
    use proptest::prelude::*;

    #[test]
    fn a_date_is_the_last_instant_of_that_day_utc() {
        let at = |raw: &str| parse_as_of(raw).ok();
        let end = Utc.with_ymd_and_hms(2026, 1, 31, 23, 59, 59).unwrap()
            + chrono::Duration::microseconds(999_999);
        assert_eq!(at("2026-01-31"), Some(AsOf::Time(end)));
        assert_eq!(at(" 2026-01-31 "), Some(AsOf::Time(end)));
        for bad in ["2026-02-30", "2026-1-31x", "31/01/2026"] {
            assert!(at(bad).is_none(), "{bad}");
        }
    }

    proptest! {
        #![proptest_config(crate::fuzz_config(2_000))]

        /// Any `as_of` text is a moment or a 400 naming `as_of`, never a panic.
        #[test]
        fn any_as_of_is_a_moment_or_a_validation_error(
            raw in "\\PC*|[-+:.TZ 0-9]{0,40}"
        ) {
            if let Err(e) = parse_as_of(&raw) {
                prop_assert_eq!(e.code(), "VALIDATION_ERROR");
            }
        }

        /// A position as history entries write it reads back as that position.
        #[test]
        fn a_position_reads_back_as_itself(tx in 0..=i64::MAX, pos in 0..=i64::MAX) {
            let p = EventPosition::new(tx, pos);
            prop_assert_eq!(parse_as_of(&p.to_string()).ok(), Some(AsOf::Position(p)));
        }

        /// An RFC 3339 time, in any offset and precision, reads back as the same instant.
        #[test]
        fn a_time_reads_back_as_the_same_instant(
            secs in -62_000_000_000i64..250_000_000_000,
            nanos in 0u32..1_000_000_000,
            offset_minutes in -1439i32..=1439,
            format in 0..4usize,
        ) {
            let t: DateTime<Utc> = Utc.timestamp_opt(secs, nanos).unwrap();
            let offset = FixedOffset::east_opt(offset_minutes * 60).unwrap();
            let precision = [SecondsFormat::Secs, SecondsFormat::Millis, SecondsFormat::Nanos, SecondsFormat::AutoSi][format];
            let written = t.with_timezone(&offset).to_rfc3339_opts(precision, true);
            let expected = DateTime::parse_from_rfc3339(&written).unwrap().with_timezone(&Utc);
            prop_assert_eq!(parse_as_of(&written).ok(), Some(AsOf::Time(expected)));
            if matches!(precision, SecondsFormat::Nanos | SecondsFormat::AutoSi) {
                prop_assert_eq!(expected, t);
            }
        }
    }
}
