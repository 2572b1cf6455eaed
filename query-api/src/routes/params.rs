//! Query parameters shared by list endpoints, checked with the messages clients see.

use platform::http::ApiError;
use serde::Serialize;

pub const DEFAULT_PAGE: u32 = 1;
pub const DEFAULT_LIMIT: u32 = 30;
pub const MAX_LIMIT: u32 = 100;
/// Deep offsets are costly and nobody pages that far by hand.
pub const MAX_PAGE: u32 = 10_000;

/// `page` and `limit` of a list, for the OpenAPI document (the handlers read them as text with
/// [`page_and_limit`], so a malformed number gets our message).
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[expect(
    dead_code,
    reason = "describes the parameters in the OpenAPI document only"
)]
pub struct ListPage {
    /// 1 to 10000 (default 1)
    page: Option<u32>,
    /// 1 to 100 (default 30)
    limit: Option<u32>,
}

/// A list's `page` and `limit` from the query (`get` looks a parameter up).
pub fn page_and_limit<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Result<(u32, u32), ApiError> {
    page_limit(get("page"), get("limit"), DEFAULT_LIMIT)
}

/// `page` (1 to 10000, default 1) and `limit` (1 to 100, default `default_limit`) as given.
pub fn page_limit(
    page: Option<&str>,
    limit: Option<&str>,
    default_limit: u32,
) -> Result<(u32, u32), ApiError> {
    Ok((
        int_param("page", page, DEFAULT_PAGE, 1, MAX_PAGE)?,
        int_param("limit", limit, default_limit, 1, MAX_LIMIT)?,
    ))
}

/// A word parameter (a status, a kind): `default` when absent or empty, else the word given if
/// `known` takes it, else a 400 on `name` saying `message`.
pub fn word_param<'a>(
    name: &str,
    raw: Option<&'a str>,
    default: &'a str,
    known: impl Fn(&str) -> bool,
    message: &str,
) -> Result<&'a str, ApiError> {
    let word = raw.filter(|s| !s.is_empty()).unwrap_or(default);
    if known(word) {
        Ok(word)
    } else {
        Err(ApiError::validation(name, message))
    }
}

/// A parameter naming one of `choices` (each a word and what it means): the first when absent or
/// empty, else a 400 on `name` listing the words.
pub fn choice_param<T: Copy>(
    name: &str,
    raw: Option<&str>,
    choices: &[(&str, T)],
) -> Result<T, ApiError> {
    let word = raw.map(str::trim).filter(|s| !s.is_empty());
    match choices
        .iter()
        .find(|(w, _)| word.is_none_or(|word| word == *w))
    {
        Some(&(_, choice)) => Ok(choice),
        None => {
            let words: Vec<&str> = choices.iter().map(|&(w, _)| w).collect();
            Err(ApiError::validation(
                name,
                format!("{name} must be one of {}", words.join(", ")),
            ))
        }
    }
}

/// Parses an optional numeric parameter given as text, so "abc" and "1.5" get our message.
pub fn int_param(
    name: &str,
    raw: Option<&str>,
    default: u32,
    min: u32,
    max: u32,
) -> Result<u32, ApiError> {
    let Some(raw) = raw.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(default);
    };
    match raw.parse::<u32>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(ApiError::validation(
            name,
            format!("{name} must be a whole number between {min} and {max}"),
        )),
    }
}

/// `lat` and `lon` of a place, for the OpenAPI document (the handlers read them as text with
/// [`place_params`]).
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[expect(
    dead_code,
    reason = "describes the parameters in the OpenAPI document only"
)]
pub struct PlaceParams {
    /// Latitude, -90 to 90
    lat: f64,
    /// Longitude, -180 to 180
    lon: f64,
}

/// The required `lat` and `lon` of a place (-90 to 90, -180 to 180).
pub fn place_params<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Result<(f64, f64), ApiError> {
    let lat = float_param("lat", get("lat"), -90.0, 90.0)?
        .ok_or_else(|| ApiError::validation("lat", "lat is required"))?;
    let lon = float_param("lon", get("lon"), -180.0, 180.0)?
        .ok_or_else(|| ApiError::validation("lon", "lon is required"))?;
    Ok((lat, lon))
}

/// A required box: `north`, `south` (-90 to 90, south not above north), `east`, `west` (-180 to
/// 180, west not east of east).
pub fn view_params<'a>(
    get: impl Fn(&str) -> Option<&'a str>,
) -> Result<projectors::areas::read::View, ApiError> {
    let side = |name: &str, limit: f64| {
        float_param(name, get(name), -limit, limit)?
            .ok_or_else(|| ApiError::validation(name, format!("{name} is required")))
    };
    let (north, south) = (side("north", 90.0)?, side("south", 90.0)?);
    let (east, west) = (side("east", 180.0)?, side("west", 180.0)?);
    if south > north {
        return Err(ApiError::validation(
            "south",
            "south must not be above north",
        ));
    }
    if west > east {
        return Err(ApiError::validation(
            "west",
            "west must not be east of east",
        ));
    }
    Ok(projectors::areas::read::View {
        north,
        south,
        east,
        west,
    })
}

/// The default and largest `radius` (metres) and `limit` of a query around a place.
pub struct NearBounds {
    pub radius: (u32, u32),
    pub limit: (u32, u32),
}

/// A query around a place: the required `lat` and `lon`, and `radius` and `limit` (each from 1 to
/// its largest, its default when absent), as `(lat, lon, radius, limit)`.
pub fn near_params<'a>(
    get: impl Fn(&str) -> Option<&'a str>,
    bounds: NearBounds,
) -> Result<(f64, f64, u32, u32), ApiError> {
    let (lat, lon) = place_params(&get)?;
    let (radius, max_radius) = bounds.radius;
    let (limit, max_limit) = bounds.limit;
    let radius = int_param("radius", get("radius"), radius, 1, max_radius)?;
    let limit = int_param("limit", get("limit"), limit, 1, max_limit)?;
    Ok((lat, lon, radius, limit))
}

pub fn float_param(
    name: &str,
    raw: Option<&str>,
    min: f64,
    max: f64,
) -> Result<Option<f64>, ApiError> {
    let Some(raw) = raw.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    match raw.parse::<f64>() {
        Ok(v) if v.is_finite() && (min..=max).contains(&v) => Ok(Some(v)),
        _ => Err(ApiError::validation(
            name,
            format!("{name} must be a number between {min} and {max}"),
        )),
    }
}

pub fn bool_param(name: &str, raw: Option<&str>) -> Result<bool, ApiError> {
    match raw.map(str::trim) {
        None | Some("") | Some("false") | Some("0") => Ok(false),
        Some("true") | Some("1") => Ok(true),
        Some(_) => Err(ApiError::validation(
            name,
            format!("{name} must be true or false"),
        )),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Pagination {
    pub page: u32,
    pub limit: u32,
    pub total: i64,
    pub total_pages: i64,
    pub has_more: bool,
}

impl Pagination {
    pub fn new(page: u32, limit: u32, total: i64) -> Self {
        let total_pages = (total + i64::from(limit) - 1) / i64::from(limit);
        Self {
            page,
            limit,
            total,
            total_pages,
            has_more: i64::from(page) < total_pages,
        }
    }

    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_checked_against_their_range() {
        assert_eq!(int_param("page", None, 1, 1, 10).ok(), Some(1));
        assert_eq!(int_param("page", Some("3"), 1, 1, 10).ok(), Some(3));
        for bad in ["0", "11", "-1", "1.5", "abc"] {
            assert!(int_param("page", Some(bad), 1, 1, 10).is_err(), "{bad}");
        }
        assert!(float_param("lat", Some("NaN"), -90.0, 90.0).is_err());
        assert!(float_param("lat", Some("inf"), -90.0, 90.0).is_err());
        assert_eq!(
            float_param("lat", Some("49.5"), -90.0, 90.0).ok(),
            Some(Some(49.5))
        );
    }

    #[test]
    fn a_choice_is_one_of_its_words_the_first_by_default() {
        let choices = [("updated_desc", 1), ("title_asc", 2), ("created_desc", 3)];
        let choose = |raw| choice_param("sort", raw, &choices).map_err(|e| e.to_string());
        assert_eq!(choose(None), Ok(1));
        assert_eq!(choose(Some(" ")), Ok(1));
        assert_eq!(choose(Some(" title_asc ")), Ok(2));
        assert_eq!(choose(Some("created_desc")), Ok(3));
        let refused = choice_param("sort", Some("newest"), &choices).err();
        assert_eq!(
            refused.map(|e| (e.code(), e.to_string())),
            Some((
                "VALIDATION_ERROR",
                "sort must be one of updated_desc, title_asc, created_desc".to_owned()
            ))
        );
    }

    #[test]
    fn pagination_counts_pages() {
        let p = Pagination::new(2, 30, 61);
        assert_eq!((p.total_pages, p.has_more, p.offset()), (3, true, 30));
        assert!(!Pagination::new(3, 30, 61).has_more);
        assert_eq!(Pagination::new(1, 30, 0).total_pages, 0);
    }
}
