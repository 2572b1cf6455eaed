//! Coordinates: parsing, plausibility boxes and rejects.

use super::*;

/// A dataset's own area: points outside are geocoding errors.
#[derive(Debug, Clone)]
pub struct Area {
    pub name: std::borrow::Cow<'static, str>,
    pub min_lat: f64,
    pub max_lat: f64,
    pub min_lon: f64,
    pub max_lon: f64,
}

impl Area {
    pub fn contains(&self, lat: f64, lon: f64) -> bool {
        (self.min_lat..=self.max_lat).contains(&lat) && (self.min_lon..=self.max_lon).contains(&lon)
    }
}

/// New York City's five boroughs: Tottenville (40.477 N) to the Westchester line (40.917 N),
/// Staten Island's west shore (74.259 W) to Glen Oaks, Queens (73.700 W), plus a small margin.
/// Points in the sea south of the city (40.33–40.47 N) or off Long Island (73.5 W) fall outside.
pub const NEW_YORK_CITY: Area = Area {
    name: std::borrow::Cow::Borrowed("New York City"),
    min_lat: 40.47,
    max_lat: 40.93,
    min_lon: -74.27,
    max_lon: -73.69,
};

/// Parses a coordinate written as a decimal number.
pub fn parse_coordinate(s: &str) -> Option<f64> {
    s.trim().parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Checks a parsed point: WGS84 range, then the dataset's area. Never flips signs or swaps
/// axes: a point that only makes sense after guessing is rejected.
pub fn check_point(lat: f64, lon: f64, area: &Area) -> Result<(f64, f64), RejectReason> {
    if !lat.is_finite()
        || !lon.is_finite()
        || !(-90.0..=90.0).contains(&lat)
        || !(-180.0..=180.0).contains(&lon)
    {
        return Err(RejectReason::BadCoordinates(format!(
            "{lat}, {lon} is not a WGS84 latitude/longitude"
        )));
    }
    if !area.contains(lat, lon) {
        return Err(RejectReason::BadCoordinates(format!(
            "{lat}, {lon} is outside {}",
            area.name
        )));
    }
    Ok((lat, lon))
}

/// Coordinates from two text cells: missing when either is blank, bad when unparseable or
/// out of range.
pub fn coordinates_from_text(
    lat: Option<&str>,
    lon: Option<&str>,
    area: &Area,
) -> Result<(f64, f64), RejectReason> {
    let lat = lat.map(str::trim).filter(|s| !s.is_empty());
    let lon = lon.map(str::trim).filter(|s| !s.is_empty());
    let (Some(lat_s), Some(lon_s)) = (lat, lon) else {
        return Err(RejectReason::MissingCoordinates);
    };
    let (Some(lat), Some(lon)) = (parse_coordinate(lat_s), parse_coordinate(lon_s)) else {
        return Err(RejectReason::BadCoordinates(format!(
            "cannot read '{lat_s}', '{lon_s}' as numbers"
        )));
    };
    check_point(lat, lon, area)
}
