//! Projected X/Y → WGS84 latitude/longitude, for the few named projections city datasets use:
//! three US state plane zones (Lambert conformal conic, US survey feet), Web Mercator, and UTM.
//! Only the inverse is needed: a mapping reads a publisher's easting (`x`) and northing (`y`).
//!
//! The state plane zones are defined on NAD83 (GRS 1980). NAD83 is taken as WGS84 here: the two
//! differ by a metre or two in the contiguous US, which is below what a public-art position
//! needs and below what most publishers' own geocoding achieves. No datum shift is applied.

use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};

/// The US survey foot, in metres (1200/3937, exactly).
const US_SURVEY_FOOT: f64 = 1200.0 / 3937.0;

/// An ellipsoid by semi-major axis (metres) and inverse flattening.
#[derive(Debug, Clone, Copy)]
struct Ellipsoid {
    a: f64,
    inverse_flattening: f64,
}

impl Ellipsoid {
    fn f(&self) -> f64 {
        1.0 / self.inverse_flattening
    }

    /// First eccentricity.
    fn e(&self) -> f64 {
        let f = self.f();
        (f * (2.0 - f)).sqrt()
    }
}

const GRS80: Ellipsoid = Ellipsoid {
    a: 6_378_137.0,
    inverse_flattening: 298.257_222_101,
};

const WGS84: Ellipsoid = Ellipsoid {
    a: 6_378_137.0,
    inverse_flattening: 298.257_223_563,
};

/// A Lambert conformal conic (2SP) zone as the EPSG dataset defines it: angles in degrees,
/// false easting and northing in the zone's unit.
#[derive(Debug, Clone, Copy)]
struct ConicZone {
    code: u32,
    name: &'static str,
    /// Latitude and longitude of the false origin.
    lat_origin: f64,
    lon_origin: f64,
    /// Standard parallels.
    lat_1: f64,
    lat_2: f64,
    false_easting: f64,
    false_northing: f64,
    /// Metres per unit of X and Y.
    unit: f64,
}

/// Degrees and minutes as decimal degrees (the EPSG dataset gives state plane angles so).
const fn dm(degrees: f64, minutes: f64) -> f64 {
    if degrees < 0.0 {
        degrees - minutes / 60.0
    } else {
        degrees + minutes / 60.0
    }
}

/// The state plane zones known by name (parameters from the EPSG dataset; all NAD83, GRS 1980,
/// US survey feet).
const CONIC_ZONES: &[ConicZone] = &[
    ConicZone {
        code: 2263,
        name: "NAD83 / New York Long Island (ftUS)",
        lat_origin: dm(40.0, 10.0),
        lon_origin: -74.0,
        lat_1: dm(41.0, 2.0),
        lat_2: dm(40.0, 40.0),
        false_easting: 984_250.0,
        false_northing: 0.0,
        unit: US_SURVEY_FOOT,
    },
    ConicZone {
        code: 2249,
        name: "NAD83 / Massachusetts Mainland (ftUS)",
        lat_origin: 41.0,
        lon_origin: dm(-71.0, 30.0),
        lat_1: dm(42.0, 41.0),
        lat_2: dm(41.0, 43.0),
        false_easting: 656_166.667,
        false_northing: 2_460_625.0,
        unit: US_SURVEY_FOOT,
    },
    ConicZone {
        code: 2227,
        name: "NAD83 / California zone 3 (ftUS)",
        lat_origin: dm(36.0, 30.0),
        lon_origin: dm(-120.0, 30.0),
        lat_1: dm(38.0, 26.0),
        lat_2: dm(37.0, 4.0),
        false_easting: 6_561_666.667,
        false_northing: 1_640_416.667,
        unit: US_SURVEY_FOOT,
    },
];

/// A projection a mapping can name, ready to turn X/Y into latitude/longitude.
#[derive(Debug, Clone, PartialEq)]
pub struct Projection {
    method: Method,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Method {
    Conic(Conic),
    TransverseMercator(TransverseMercator),
    WebMercator,
}

impl Projection {
    /// The projection an EPSG code names ("EPSG:2263", any case), if it is one we know.
    pub fn named(name: &str) -> Option<Projection> {
        let name = name.trim();
        let prefix = name.get(..5)?;
        if !prefix.eq_ignore_ascii_case("EPSG:") {
            return None;
        }
        let digits = name[5..].trim();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let code: u32 = digits.parse().ok()?;
        let method = match code {
            3857 => Method::WebMercator,
            32601..=32660 => {
                Method::TransverseMercator(TransverseMercator::utm(code - 32600, false))
            }
            32701..=32760 => {
                Method::TransverseMercator(TransverseMercator::utm(code - 32700, true))
            }
            _ => Method::Conic(Conic::new(CONIC_ZONES.iter().find(|z| z.code == code)?)),
        };
        Some(Projection { method })
    }

    /// The names `named` accepts, for an error message.
    pub fn known() -> String {
        let mut names: Vec<String> = CONIC_ZONES
            .iter()
            .map(|z| format!("EPSG:{} ({})", z.code, z.name))
            .collect();
        names.push("EPSG:3857 (Web Mercator)".into());
        names.push("EPSG:32601 to EPSG:32660 (WGS 84 / UTM zones 1N to 60N)".into());
        names.push("EPSG:32701 to EPSG:32760 (WGS 84 / UTM zones 1S to 60S)".into());
        names.join(", ")
    }

    /// Easting `x` and northing `y`, in the projection's unit, as (latitude, longitude) in
    /// degrees. Nonsense in gives non-finite or out-of-range degrees out: check the result.
    pub fn to_wgs84(&self, x: f64, y: f64) -> (f64, f64) {
        let (lat, lon) = match &self.method {
            Method::Conic(c) => c.inverse(x, y),
            Method::TransverseMercator(t) => t.inverse(x, y),
            Method::WebMercator => web_mercator_inverse(x, y),
        };
        (lat.to_degrees(), lon.to_degrees())
    }
}

/// t, the conformal function of latitude: tan(π/4 − φ/2) / ((1 − e sin φ)/(1 + e sin φ))^(e/2).
fn conformal_t(lat: f64, e: f64) -> f64 {
    let es = e * lat.sin();
    (FRAC_PI_4 - lat / 2.0).tan() / ((1.0 - es) / (1.0 + es)).powf(e / 2.0)
}

/// The latitude (radians) whose `conformal_t` is `t`, by fixed-point iteration (it converges
/// in a handful of steps for the Earth's small eccentricity).
fn latitude_of_t(t: f64, e: f64) -> f64 {
    let mut lat = FRAC_PI_2 - 2.0 * t.atan();
    for _ in 0..30 {
        let es = e * lat.sin();
        let next = FRAC_PI_2 - 2.0 * (t * ((1.0 - es) / (1.0 + es)).powf(e / 2.0)).atan();
        let done = (next - lat).abs() < 1e-14;
        lat = next;
        if done {
            break;
        }
    }
    lat
}

/// Lambert conformal conic with two standard parallels, its constants worked out once.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Conic {
    e: f64,
    /// The cone constant.
    n: f64,
    /// a·F: the ellipsoid's semi-major axis times the mapping radius factor.
    a_f: f64,
    /// The radius of the false origin's parallel.
    r_origin: f64,
    lon_origin: f64,
    /// False easting and northing, in metres.
    false_easting: f64,
    false_northing: f64,
    unit: f64,
}

impl Conic {
    fn new(z: &ConicZone) -> Conic {
        let ellipsoid = GRS80;
        let e = ellipsoid.e();
        let m = |lat: f64| lat.cos() / (1.0 - (e * lat.sin()).powi(2)).sqrt();
        let (lat_1, lat_2) = (z.lat_1.to_radians(), z.lat_2.to_radians());
        let (m1, m2) = (m(lat_1), m(lat_2));
        let (t1, t2) = (conformal_t(lat_1, e), conformal_t(lat_2, e));
        let n = (m1.ln() - m2.ln()) / (t1.ln() - t2.ln());
        let a_f = ellipsoid.a * m1 / (n * t1.powf(n));
        let r_origin = a_f * conformal_t(z.lat_origin.to_radians(), e).powf(n);
        Conic {
            e,
            n,
            a_f,
            r_origin,
            lon_origin: z.lon_origin.to_radians(),
            false_easting: z.false_easting * z.unit,
            false_northing: z.false_northing * z.unit,
            unit: z.unit,
        }
    }

    /// (latitude, longitude) in radians.
    fn inverse(&self, x: f64, y: f64) -> (f64, f64) {
        let dx = x * self.unit - self.false_easting;
        let dy = self.r_origin - (y * self.unit - self.false_northing);
        // For a cone opening south (n < 0) both the radius and the angle change sign.
        let sign = self.n.signum();
        let r = sign * dx.hypot(dy);
        let theta = (sign * dx).atan2(sign * dy);
        let t = (r / self.a_f).powf(1.0 / self.n);
        let lat = latitude_of_t(t, self.e);
        let lon = theta / self.n + self.lon_origin;
        (lat, lon)
    }
}

/// Transverse Mercator on WGS84 by Krüger's series in the third flattening n (the form
/// Karney (2011) gives), to n³: the terms left out are far below a millimetre across a UTM zone.
#[derive(Debug, Clone, Copy, PartialEq)]
struct TransverseMercator {
    e: f64,
    /// k0 · A, A being the rectifying radius.
    k0_a: f64,
    beta: [f64; 3],
    lon_origin: f64,
    false_easting: f64,
    false_northing: f64,
}

impl TransverseMercator {
    /// UTM zone 1 to 60, north or south: central meridian 6·zone − 183°, scale 0.9996, false
    /// easting 500 km, false northing 0 (north) or 10 000 km (south), metres.
    fn utm(zone: u32, south: bool) -> TransverseMercator {
        let ellipsoid = WGS84;
        let f = ellipsoid.f();
        let n = f / (2.0 - f);
        let (n2, n3) = (n * n, n * n * n);
        let rectifying_radius = ellipsoid.a / (1.0 + n) * (1.0 + n2 / 4.0 + n2 * n2 / 64.0);
        TransverseMercator {
            e: ellipsoid.e(),
            k0_a: 0.9996 * rectifying_radius,
            beta: [
                n / 2.0 - 2.0 * n2 / 3.0 + 37.0 * n3 / 96.0,
                n2 / 48.0 + n3 / 15.0,
                17.0 * n3 / 480.0,
            ],
            lon_origin: (6.0 * f64::from(zone) - 183.0).to_radians(),
            false_easting: 500_000.0,
            false_northing: if south { 10_000_000.0 } else { 0.0 },
        }
    }

    /// (latitude, longitude) in radians.
    fn inverse(&self, x: f64, y: f64) -> (f64, f64) {
        let xi = (y - self.false_northing) / self.k0_a;
        let eta = (x - self.false_easting) / self.k0_a;
        let (mut xi_1, mut eta_1) = (xi, eta);
        for (j, beta) in self.beta.iter().enumerate() {
            let k = 2.0 * (j as f64 + 1.0);
            xi_1 -= beta * (k * xi).sin() * (k * eta).cosh();
            eta_1 -= beta * (k * xi).cos() * (k * eta).sinh();
        }
        // χ, the conformal latitude, then the geodetic latitude with the same t as the conic.
        let chi = (xi_1.sin() / eta_1.cosh()).asin();
        let lat = latitude_of_t((FRAC_PI_4 - chi / 2.0).tan(), self.e);
        let lon = self.lon_origin + eta_1.sinh().atan2(xi_1.cos());
        // Zones 1 and 60 reach a little past the antimeridian (Fiji, Chukotka): ±180° is
        // crossed, not overrun.
        let lon = if lon > PI {
            lon - 2.0 * PI
        } else if lon < -PI {
            lon + 2.0 * PI
        } else {
            lon
        };
        (lat, lon)
    }
}

/// Web Mercator (EPSG:3857): the spherical Mercator on a sphere of WGS84's semi-major axis,
/// read as WGS84 latitude/longitude. (latitude, longitude) in radians.
fn web_mercator_inverse(x: f64, y: f64) -> (f64, f64) {
    let r = WGS84.a;
    ((y / r).sinh().atan(), x / r)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Metres between two points given in degrees (haversine on the mean Earth radius).
    fn metres_between(a: (f64, f64), b: (f64, f64)) -> f64 {
        let (lat_a, lat_b) = (a.0.to_radians(), b.0.to_radians());
        let d_lat = lat_b - lat_a;
        let d_lon = (b.1 - a.1).to_radians();
        let h =
            (d_lat / 2.0).sin().powi(2) + lat_a.cos() * lat_b.cos() * (d_lon / 2.0).sin().powi(2);
        2.0 * 6_371_008.8 * h.sqrt().asin()
    }

    fn close(got: (f64, f64), want: (f64, f64), degrees: f64) -> bool {
        (got.0 - want.0).abs() <= degrees && (got.1 - want.1).abs() <= degrees
    }

    #[test]
    fn names_are_epsg_codes_in_any_case() {
        for name in [
            "EPSG:2263",
            "epsg:2263",
            " Epsg:2249 ",
            "EPSG:2227",
            "EPSG:3857",
        ] {
            assert!(Projection::named(name).is_some(), "{name}");
        }
        for zone in [32601, 32618, 32660, 32701, 32733, 32760] {
            assert!(
                Projection::named(&format!("EPSG:{zone}")).is_some(),
                "{zone}"
            );
        }
        for name in [
            "2263",
            "EPSG:",
            "EPSG:4326",
            "EPSG:32600",
            "EPSG:32661",
            "EPSG:32700",
            "EPSG:32761",
            "EPSG:+2263",
            "ESRI:102718",
            "EPSG:2263x",
            "",
            "é",
        ] {
            assert_eq!(Projection::named(name), None, "{name}");
        }
        let known = Projection::known();
        for code in ["2263", "2249", "2227", "3857", "32601", "32760"] {
            assert!(known.contains(code), "{known}");
        }
    }

    /// Every row of the NYC Parks monuments file with X, Y (EPSG:2263) and a latitude and
    /// longitude: the projected point is within 2 m of the publisher's.
    #[test]
    fn new_york_long_island_matches_the_nyc_parks_file_within_two_metres() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../datasets/public-art/new-york-city-parks-monuments.csv"
        );
        let mut reader = csv::Reader::from_path(path).unwrap();
        let headers = reader.headers().unwrap().clone();
        let column = |name: &str| headers.iter().position(|h| h == name).unwrap();
        let (x, y, lat, lon) = (
            column("X"),
            column("Y"),
            column("latitude"),
            column("longitude"),
        );
        let p = Projection::named("EPSG:2263").unwrap();
        let (mut rows, mut worst) = (0, 0.0_f64);
        for record in reader.records() {
            let record = record.unwrap();
            let number = |i: usize| record.get(i).and_then(|s| s.trim().parse::<f64>().ok());
            let (Some(x), Some(y), Some(lat), Some(lon)) =
                (number(x), number(y), number(lat), number(lon))
            else {
                continue;
            };
            let d = metres_between(p.to_wgs84(x, y), (lat, lon));
            assert!(d < 2.0, "{x}, {y}: {d:.3} m from {lat}, {lon}");
            worst = worst.max(d);
            rows += 1;
        }
        println!("EPSG:2263 on {rows} NYC Parks rows: worst {worst:.3} m");
        assert_eq!(rows, 936);
    }

    /// A published conversion of a Lower Manhattan point (a proj4js example).
    #[test]
    fn new_york_long_island_matches_a_published_conversion() {
        let p = Projection::named("EPSG:2263").unwrap();
        let got = p.to_wgs84(981_349.0, 198_508.0);
        assert!(
            close(got, (40.711_534_838_350_92, -74.010_464_127_819_42), 1e-8),
            "{got:?}"
        );
    }

    /// The forward Lambert conformal conic (2SP), written from the textbook formulas, for
    /// round trips: (latitude, longitude) in degrees → X/Y in the zone's unit.
    fn conic_forward(z: &ConicZone, lat: f64, lon: f64) -> (f64, f64) {
        let e = GRS80.e();
        let m = |p: f64| p.cos() / (1.0 - (e * p.sin()).powi(2)).sqrt();
        let t = |p: f64| {
            let es = e * p.sin();
            (FRAC_PI_4 - p / 2.0).tan() / ((1.0 - es) / (1.0 + es)).powf(e / 2.0)
        };
        let (p1, p2) = (z.lat_1.to_radians(), z.lat_2.to_radians());
        let n = (m(p1).ln() - m(p2).ln()) / (t(p1).ln() - t(p2).ln());
        let big_f = m(p1) / (n * t(p1).powf(n));
        let r = |p: f64| GRS80.a * big_f * t(p).powf(n);
        let theta = n * (lon - z.lon_origin).to_radians();
        let r_point = r(lat.to_radians());
        let x = z.false_easting * z.unit + r_point * theta.sin();
        let y = z.false_northing * z.unit + r(z.lat_origin.to_radians()) - r_point * theta.cos();
        (x / z.unit, y / z.unit)
    }

    #[test]
    fn the_state_plane_zones_invert_their_origin_and_round_trip() {
        for z in CONIC_ZONES {
            let p = Projection::named(&format!("EPSG:{}", z.code)).unwrap();
            // The false origin is (false easting, false northing) by definition.
            let origin = p.to_wgs84(z.false_easting, z.false_northing);
            assert!(
                close(origin, (z.lat_origin, z.lon_origin), 1e-10),
                "{}: {origin:?}",
                z.code
            );
            for d_lat in [-1.5, -0.4, 0.0, 0.7, 1.9, 2.6] {
                for d_lon in [-2.5, -0.8, 0.0, 0.3, 1.7] {
                    let point = (z.lat_origin + d_lat, z.lon_origin + d_lon);
                    let (x, y) = conic_forward(z, point.0, point.1);
                    let back = p.to_wgs84(x, y);
                    assert!(close(back, point, 1e-9), "{}: {point:?} → {back:?}", z.code);
                }
            }
        }
        // The centre of Massachusetts Mainland's area of use as epsg.io publishes it.
        let p = Projection::named("EPSG:2249").unwrap();
        let centre = p.to_wgs84(607_375.44, 2_888_847.38);
        assert!(close(centre, (42.175, -71.68), 1e-6), "{centre:?}");
        // San Francisco City Hall, in the zone's range.
        let sf = CONIC_ZONES.iter().find(|z| z.code == 2227).unwrap();
        let (x, y) = conic_forward(sf, 37.7793, -122.4193);
        assert!((5_900_000.0..6_100_000.0).contains(&x) && (2_050_000.0..2_150_000.0).contains(&y));
    }

    /// The forward transverse Mercator by the USGS series (Snyder, Map Projections — A Working
    /// Manual, §8), an independent route from the Krüger series `inverse` uses: (latitude,
    /// longitude) in degrees → UTM easting and northing in metres.
    fn utm_forward(zone: u32, south: bool, lat: f64, lon: f64) -> (f64, f64) {
        let (a, e2) = (WGS84.a, WGS84.e().powi(2));
        let ep2 = e2 / (1.0 - e2);
        let k0 = 0.9996;
        let phi = lat.to_radians();
        let lambda0 = (6.0 * f64::from(zone) - 183.0).to_radians();
        let (e4, e6) = (e2 * e2, e2 * e2 * e2);
        let meridian = a
            * ((1.0 - e2 / 4.0 - 3.0 * e4 / 64.0 - 5.0 * e6 / 256.0) * phi
                - (3.0 * e2 / 8.0 + 3.0 * e4 / 32.0 + 45.0 * e6 / 1024.0) * (2.0 * phi).sin()
                + (15.0 * e4 / 256.0 + 45.0 * e6 / 1024.0) * (4.0 * phi).sin()
                - (35.0 * e6 / 3072.0) * (6.0 * phi).sin());
        let big_n = a / (1.0 - e2 * phi.sin().powi(2)).sqrt();
        let t = phi.tan().powi(2);
        let c = ep2 * phi.cos().powi(2);
        let big_a = (lon.to_radians() - lambda0) * phi.cos();
        let x = k0
            * big_n
            * (big_a
                + (1.0 - t + c) * big_a.powi(3) / 6.0
                + (5.0 - 18.0 * t + t * t + 72.0 * c - 58.0 * ep2) * big_a.powi(5) / 120.0);
        let y = k0
            * (meridian
                + big_n
                    * phi.tan()
                    * (big_a.powi(2) / 2.0
                        + (5.0 - t + 9.0 * c + 4.0 * c * c) * big_a.powi(4) / 24.0
                        + (61.0 - 58.0 * t + t * t + 600.0 * c - 330.0 * ep2) * big_a.powi(6)
                            / 720.0));
        (500_000.0 + x, if south { 10_000_000.0 + y } else { y })
    }

    #[test]
    fn utm_zones_round_trip_within_a_millionth_of_a_degree() {
        // Where the central meridian crosses the equator is (500 000, 0) north, (500 000,
        // 10 000 000) south.
        let p = Projection::named("EPSG:32631").unwrap();
        assert!(close(p.to_wgs84(500_000.0, 0.0), (0.0, 3.0), 1e-12));
        let p = Projection::named("EPSG:32731").unwrap();
        assert!(close(
            p.to_wgs84(500_000.0, 10_000_000.0),
            (0.0, 3.0),
            1e-12
        ));

        // (zone, south, latitude, longitude): NYC, Paris, Montréal, Sydney, Cape Town, Tromsø,
        // Ushuaia, near the date line, and points at a zone's edges.
        let cases = [
            (18, false, 40.7128, -74.0060),
            (31, false, 48.8566, 2.3522),
            (18, false, 45.5017, -73.5673),
            (56, true, -33.8688, 151.2093),
            (34, true, -33.9249, 18.4241),
            (34, false, 69.6492, 18.9553),
            (19, true, -54.8019, -68.3030),
            (60, false, 52.0, 179.9),
            (1, true, -17.5, -179.9),
            (33, false, 0.5, 12.0),
            (33, false, 60.0, 17.999),
            (33, true, -45.0, 12.001),
        ];
        // Past the antimeridian in zone 60 (Taveuni, Fiji) is a longitude west of it.
        let p = Projection::named("EPSG:32760").unwrap();
        let (x, y) = utm_forward(60, true, -16.85, 180.1);
        let back = p.to_wgs84(x, y);
        assert!(close(back, (-16.85, -179.9), 1e-6), "{back:?}");
        for (zone, south, lat, lon) in cases {
            let code = if south { 32700 + zone } else { 32600 + zone };
            let p = Projection::named(&format!("EPSG:{code}")).unwrap();
            let (x, y) = utm_forward(zone, south, lat, lon);
            let back = p.to_wgs84(x, y);
            assert!(
                close(back, (lat, lon), 1e-6),
                "EPSG:{code} {lat}, {lon} → {back:?}"
            );
        }
    }

    #[test]
    fn web_mercator_round_trips_within_a_millionth_of_a_degree() {
        let p = Projection::named("EPSG:3857").unwrap();
        let r = WGS84.a;
        assert!(close(p.to_wgs84(0.0, 0.0), (0.0, 0.0), 1e-12));
        // The map's east edge is π·R.
        assert!(close(
            p.to_wgs84(std::f64::consts::PI * r, 0.0),
            (0.0, 180.0),
            1e-9
        ));
        for (lat, lon) in [
            (40.7128, -74.0060),
            (48.8566, 2.3522),
            (-33.8688, 151.2093),
            (85.0, -179.5),
            (-60.25, 0.001),
        ] {
            let x = r * f64::to_radians(lon);
            let y = r * (FRAC_PI_4 + f64::to_radians(lat) / 2.0).tan().ln();
            let back = p.to_wgs84(x, y);
            assert!(close(back, (lat, lon), 1e-6), "{lat}, {lon} → {back:?}");
        }
    }
}
