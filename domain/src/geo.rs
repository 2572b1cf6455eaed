//! Coordinates as parsed values, and the great-circle distance every "nearby" answer is held to.

use serde::{Deserialize, Serialize};

/// Mean Earth radius in metres (SPEC §9).
pub const EARTH_RADIUS_M: f64 = 6_371_000.0;

#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum GeoError {
    #[error("latitude must be a number between -90 and 90")]
    Latitude,
    #[error("longitude must be a number between -180 and 180")]
    Longitude,
}

/// Declares a coordinate in degrees: a newtype over `f64` that is finite and within ±`limit`,
/// stored as the bare number, refused with `error` otherwise.
macro_rules! degrees {
    ($name:ident, $limit:literal, $error:expr) => {
        #[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Serialize, Deserialize)]
        #[serde(try_from = "f64", into = "f64")]
        pub struct $name(f64);

        impl TryFrom<f64> for $name {
            type Error = GeoError;
            fn try_from(v: f64) -> Result<Self, GeoError> {
                if v.is_finite() && (-$limit..=$limit).contains(&v) {
                    Ok(Self(v))
                } else {
                    Err($error)
                }
            }
        }

        impl From<$name> for f64 {
            fn from(v: $name) -> f64 {
                v.0
            }
        }
    };
}

degrees!(Latitude, 90.0, GeoError::Latitude);
degrees!(Longitude, 180.0, GeoError::Longitude);

/// A WGS84 point.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Location {
    pub lat: Latitude,
    pub lon: Longitude,
}

impl Location {
    pub fn parse(lat: f64, lon: f64) -> Result<Self, GeoError> {
        Ok(Self {
            lat: Latitude::try_from(lat)?,
            lon: Longitude::try_from(lon)?,
        })
    }

    pub fn lat(&self) -> f64 {
        self.lat.0
    }

    pub fn lon(&self) -> f64 {
        self.lon.0
    }
}

/// Haversine distance in metres between two WGS84 points given in degrees.
pub fn haversine_m(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let dp = p2 - p1;
    let dl = (lon2 - lon1).to_radians();
    let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_M * a.sqrt().min(1.0).asin()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_out_of_range_and_non_finite_coordinates() {
        assert!(Location::parse(90.1, 0.0).is_err());
        assert!(Location::parse(0.0, -180.5).is_err());
        assert!(Location::parse(f64::NAN, 0.0).is_err());
        assert!(Location::parse(0.0, f64::INFINITY).is_err());
        assert!(Location::parse(-90.0, 180.0).is_ok());
    }

    #[test]
    fn haversine_matches_a_known_distance() {
        // Vancouver City Hall to Vancouver Art Gallery, about 2.37 km.
        let d = haversine_m(49.2612, -123.1139, 49.2829, -123.1207);
        assert!((d - 2_460.0).abs() < 50.0, "{d}");
        assert_eq!(haversine_m(10.0, 10.0, 10.0, 10.0), 0.0);
    }
}
