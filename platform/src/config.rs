//! Process configuration from the environment (DESIGN §2).
//!
//! | variable | default | meaning |
//! |---|---|---|
//! | `PLINTH_ADDR` | `127.0.0.1:8080` | listen address |
//! | `PLINTH_DATA_DIR` | `./data` | private services, search index, files, outbox |
//! | `DATABASE_URL` | unset: private cluster under the data dir | PostgreSQL |
//! | `NATS_URL` | unset: private `nats-server -js` under the data dir | NATS JetStream |
//! | `SEARCH_BACKEND` | `tantivy` | `tantivy` or `meilisearch` |
//! | `MEILI_URL`, `MEILI_API_KEY` | unset | Meilisearch (required when the backend is meilisearch) |
//! | `SMTP_URL` | unset: mail written to `<data>/outbox` | e.g. `smtp://host:25`, `smtps://user:pass@host` |
//! | `MAIL_FROM` | `Plinth <no-reply@localhost>` | sender |
//! | `PUBLIC_URL` | `http://<PLINTH_ADDR>` | base of links in mail |
//! | `PRODUCT_NAME` | `Plinth` | the name the instance shows |
//! | `DATA_LICENCE` | `CC0-1.0` | the licence of what people contribute here, in exports (imported records keep their dataset's) |
//! | `DATA_ATTRIBUTION` | `<PRODUCT_NAME> contributors` | how reusers credit those contributions |
//! | `MAP_STYLE_URL` | unset: OpenFreeMap's public vector style ([`DEFAULT_MAP_STYLE_URL`]; Mapbox's streets with a token); `offline`: a style that needs no network | map tiles; a browser that cannot reach them falls back to the offline style with a notice |
//! | `MAP_DEFAULT_VIEW` | `49.2827,-123.1207,13` | where the map opens for a first visit: `lat,lng,zoom` |
//! | `BRAND_COLOR` | unset: the palette's own | the instance's primary colour (`#rrggbb`), for the default palette and browsers' theme colour |
//! | `BRAND_LOGO_URL` | unset: `/favicon.svg` | the instance's logo (a path on this site or an `https` URL), in the shell and link previews |
//! | `MAPBOX_ACCESS_TOKEN` | unset | use mapbox-gl instead of maplibre-gl |
//! | `ADMIN_EMAILS` | empty | comma-separated bootstrap admins |
//! | `STORAGE_URL` | unset: files under the data dir | `s3://bucket/prefix` for object storage |
//! | `TRUSTED_PROXY_HOPS` | `0` | reverse proxies whose `X-Forwarded-For` entries are trusted (client address for rate limits) |
//! | `CSP_EXTRA_ORIGINS` | empty | space-separated origins the map may load from besides `MAP_STYLE_URL`'s (tile and glyph hosts its style names) |
//! | `PHOTO_RENDER_BUDGET_MB` | `384` | memory the photo worker may use for renders at once (64–16384); a photo whose render alone would need more is refused on upload |
//! | `ARTWORK_CACHE_MB` | `64` | memory the query API may keep approved artworks' answers in, for nearby and the list (0–4096; 0 keeps none) |
//! | `PLINTH_LOG` | `info` | tracing filter (`debug`, `info`, `warn`, `error`, or directives) |

use std::net::SocketAddr;
use std::path::PathBuf;

/// The map's style when `MAP_STYLE_URL` is unset (and no Mapbox token is given): OpenFreeMap's
/// "Liberty", free and keyless, whose style, tiles, glyphs and sprites share one origin.
pub const DEFAULT_MAP_STYLE_URL: &str = "https://tiles.openfreemap.org/styles/liberty";

/// Where the map opens when the visitor's place is unknown.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, utoipa::ToSchema)]
pub struct MapView {
    pub lat: f64,
    pub lng: f64,
    pub zoom: f64,
}

impl Default for MapView {
    /// Vancouver, whose open data the demo carries.
    fn default() -> Self {
        Self {
            lat: 49.2827,
            lng: -123.1207,
            zoom: 13.0,
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{var}: {problem}")]
pub struct ConfigError {
    pub var: &'static str,
    pub problem: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchBackend {
    Tantivy,
    Meilisearch,
}

#[derive(Clone, PartialEq)]
pub struct Config {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: Option<String>,
    pub nats_url: Option<String>,
    pub search_backend: SearchBackend,
    pub meili_url: Option<String>,
    pub meili_api_key: Option<String>,
    pub smtp_url: Option<String>,
    pub mail_from: String,
    pub public_url: String,
    pub product_name: String,
    /// `DATA_LICENCE`: an SPDX identifier or a licence's name, at most 100 characters.
    pub data_licence: String,
    /// `DATA_ATTRIBUTION`, at most 200 characters.
    pub data_attribution: String,
    /// The style the web app's map loads; `None`: the built-in offline style (or Mapbox's own
    /// streets with a token).
    pub map_style_url: Option<String>,
    pub mapbox_access_token: Option<String>,
    pub map_default_view: MapView,
    /// `#rrggbb`.
    pub brand_color: Option<String>,
    /// A path on this site (`/brand/logo.svg`) or an `https` URL.
    pub brand_logo_url: String,
    pub admin_emails: Vec<String>,
    pub storage_url: Option<String>,
    pub trusted_proxy_hops: usize,
    /// Origins (`https://host[:port]`) the web app's Content-Security-Policy also allows the map.
    pub csp_extra_origins: Vec<String>,
    /// `PHOTO_RENDER_BUDGET_MB` in bytes.
    pub render_budget_bytes: u64,
    /// `ARTWORK_CACHE_MB` in bytes.
    pub artwork_cache_bytes: usize,
    pub log: String,
}

/// Secrets stay out of debug output.
impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("addr", &self.addr)
            .field("data_dir", &self.data_dir)
            .field("database_url", &self.database_url.as_ref().map(|_| "<set>"))
            .field("nats_url", &self.nats_url)
            .field("search_backend", &self.search_backend)
            .field("smtp_url", &self.smtp_url.as_ref().map(|_| "<set>"))
            .field("public_url", &self.public_url)
            .field("product_name", &self.product_name)
            .finish_non_exhaustive()
    }
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|k| std::env::var(k).ok())
    }

    /// Reads configuration through `get`, so tests need not touch the process environment.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let var = |k: &str| {
            get(k)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        // An optional URL, which must have one of `schemes` when set.
        let url_var = |k: &'static str, schemes: &[&str]| -> Result<Option<String>, ConfigError> {
            let value = var(k);
            if let Some(u) = &value {
                check_scheme(k, u, schemes)?;
            }
            Ok(value)
        };
        let addr_raw = var("PLINTH_ADDR").unwrap_or_else(|| "127.0.0.1:8080".into());
        let addr: SocketAddr = addr_raw.parse().map_err(|_| ConfigError {
            var: "PLINTH_ADDR",
            problem: format!("'{addr_raw}' is not a host:port socket address"),
        })?;
        let database_url = url_var("DATABASE_URL", &["postgres", "postgresql"])?;
        let nats_url = url_var("NATS_URL", &["nats", "tls"])?;
        let search_backend = match var("SEARCH_BACKEND").as_deref() {
            None | Some("tantivy") => SearchBackend::Tantivy,
            Some("meilisearch") => SearchBackend::Meilisearch,
            Some(other) => {
                return Err(ConfigError {
                    var: "SEARCH_BACKEND",
                    problem: format!("'{other}' is not one of tantivy, meilisearch"),
                })
            }
        };
        let meili_url = url_var("MEILI_URL", &["http", "https"])?;
        if search_backend == SearchBackend::Meilisearch && meili_url.is_none() {
            return Err(ConfigError {
                var: "MEILI_URL",
                problem: "required when SEARCH_BACKEND=meilisearch".into(),
            });
        }
        let smtp_url = url_var("SMTP_URL", &["smtp", "smtps"])?;
        let public_url = var("PUBLIC_URL").unwrap_or_else(|| format!("http://{addr}"));
        check_scheme("PUBLIC_URL", &public_url, &["http", "https"])?;
        let mapbox_access_token = var("MAPBOX_ACCESS_TOKEN");
        let map_style_url = match var("MAP_STYLE_URL").as_deref() {
            Some("offline") => None,
            None if mapbox_access_token.is_some() => None,
            None => Some(DEFAULT_MAP_STYLE_URL.to_owned()),
            Some(_) => url_var("MAP_STYLE_URL", &["http", "https"])?,
        };
        let map_default_view = match var("MAP_DEFAULT_VIEW") {
            None => MapView::default(),
            Some(raw) => parse_view(&raw).ok_or_else(|| ConfigError {
                var: "MAP_DEFAULT_VIEW",
                problem: format!(
                    "'{raw}' is not lat,lng,zoom (latitude -90..90, longitude -180..180, zoom 0..20)"
                ),
            })?,
        };
        let brand_color = var("BRAND_COLOR").map(|c| c.to_lowercase());
        if let Some(c) = &brand_color {
            let hex = c.strip_prefix('#').unwrap_or_default();
            if hex.len() != 6 || !hex.chars().all(|ch| ch.is_ascii_hexdigit()) {
                return Err(ConfigError {
                    var: "BRAND_COLOR",
                    problem: format!("'{c}' is not a colour written #rrggbb"),
                });
            }
        }
        let brand_logo_url = match var("BRAND_LOGO_URL") {
            None => "/favicon.svg".to_owned(),
            Some(path) if path.starts_with('/') && !path.starts_with("//") => path,
            Some(url) => {
                check_scheme("BRAND_LOGO_URL", &url, &["https"])?;
                url
            }
        };
        let storage_url = url_var("STORAGE_URL", &["s3", "file"])?;
        let admin_emails = var("ADMIN_EMAILS")
            .map(|v| {
                v.split(',')
                    .map(|e| e.trim().to_lowercase())
                    .filter(|e| !e.is_empty())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        if let Some(bad) = admin_emails.iter().find(|e| !e.contains('@')) {
            return Err(ConfigError {
                var: "ADMIN_EMAILS",
                problem: format!("'{bad}' is not an e-mail address"),
            });
        }
        let product_name = var("PRODUCT_NAME").unwrap_or_else(|| "Plinth".into());
        if product_name.chars().count() > 60 {
            return Err(ConfigError {
                var: "PRODUCT_NAME",
                problem: "at most 60 characters".into(),
            });
        }
        let data_licence =
            bounded("DATA_LICENCE", var("DATA_LICENCE"), 100)?.unwrap_or_else(|| "CC0-1.0".into());
        let data_attribution = bounded("DATA_ATTRIBUTION", var("DATA_ATTRIBUTION"), 200)?
            .unwrap_or_else(|| format!("{product_name} contributors"));
        let hops = ranged(
            var("TRUSTED_PROXY_HOPS"),
            "TRUSTED_PROXY_HOPS",
            0,
            0..=10,
            "",
        )?;
        let mb = |name, default, range| ranged(var(name), name, default, range, " of megabytes");
        let render_budget_bytes = mb("PHOTO_RENDER_BUDGET_MB", 384, 64..=16_384)? << 20;
        let artwork_cache_bytes = mb("ARTWORK_CACHE_MB", 64, 0..=4_096)? << 20;
        let mut csp_extra_origins = Vec::new();
        for raw in var("CSP_EXTRA_ORIGINS")
            .unwrap_or_default()
            .split_whitespace()
        {
            check_scheme("CSP_EXTRA_ORIGINS", raw, &["http", "https"])?;
            let origin = url::Url::parse(raw)
                .map(|u| u.origin().ascii_serialization())
                .unwrap_or_default();
            csp_extra_origins.push(origin);
        }
        Ok(Self {
            addr,
            data_dir: PathBuf::from(var("PLINTH_DATA_DIR").unwrap_or_else(|| "./data".into())),
            database_url,
            nats_url,
            search_backend,
            meili_url,
            meili_api_key: var("MEILI_API_KEY"),
            smtp_url,
            mail_from: var("MAIL_FROM").unwrap_or_else(|| "Plinth <no-reply@localhost>".into()),
            public_url: public_url.trim_end_matches('/').to_owned(),
            product_name,
            data_licence,
            data_attribution,
            map_style_url,
            mapbox_access_token,
            map_default_view,
            brand_color,
            brand_logo_url,
            admin_emails,
            storage_url,
            trusted_proxy_hops: hops as usize,
            csp_extra_origins,
            render_budget_bytes,
            artwork_cache_bytes: usize::try_from(artwork_cache_bytes).unwrap_or(usize::MAX),
            log: var("PLINTH_LOG").unwrap_or_else(|| "info".into()),
        })
    }
}

/// `lat,lng,zoom` within the globe and the map's zooms.
fn parse_view(raw: &str) -> Option<MapView> {
    let parts = raw
        .split(',')
        .map(|p| p.trim().parse::<f64>().ok().filter(|v| v.is_finite()))
        .collect::<Option<Vec<_>>>()?;
    let [lat, lng, zoom] = parts[..] else {
        return None;
    };
    let view = MapView { lat, lng, zoom };
    ((-90.0..=90.0).contains(&lat)
        && (-180.0..=180.0).contains(&lng)
        && (0.0..=20.0).contains(&zoom))
    .then_some(view)
}

/// `value` trimmed, `None` when blank, refused when longer than `max` characters.
/// A whole number from `range` (`default` when unset); refused naming its unit (" of
/// megabytes", or nothing).
fn ranged(
    value: Option<String>,
    var: &'static str,
    default: u64,
    range: std::ops::RangeInclusive<u64>,
    unit: &str,
) -> Result<u64, ConfigError> {
    let Some(raw) = value else {
        return Ok(default);
    };
    raw.parse::<u64>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| ConfigError {
            var,
            problem: format!(
                "'{raw}' is not a number{unit} from {} to {}",
                range.start(),
                range.end()
            ),
        })
}

fn bounded(
    var: &'static str,
    value: Option<String>,
    max: usize,
) -> Result<Option<String>, ConfigError> {
    let Some(v) = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if v.chars().count() > max {
        return Err(ConfigError {
            var,
            problem: format!("at most {max} characters"),
        });
    }
    Ok(Some(v))
}

fn check_scheme(var: &'static str, value: &str, schemes: &[&str]) -> Result<(), ConfigError> {
    let parsed = url::Url::parse(value).map_err(|e| ConfigError {
        var,
        problem: format!("not a URL ({e})"),
    })?;
    if schemes.contains(&parsed.scheme()) {
        Ok(())
    } else {
        Err(ConfigError {
            var,
            problem: format!(
                "scheme '{}' is not one of {}",
                parsed.scheme(),
                schemes.join(", ")
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn cfg(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let m: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| m.get(k).cloned())
    }

    #[test]
    fn defaults_match_the_design() {
        let c = cfg(&[]).unwrap();
        assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(c.artwork_cache_bytes, 64 << 20);
        assert_eq!(c.data_dir, PathBuf::from("./data"));
        assert_eq!(c.search_backend, SearchBackend::Tantivy);
        assert_eq!(c.product_name, "Plinth");
        assert_eq!(c.public_url, "http://127.0.0.1:8080");
        assert!(c.database_url.is_none() && c.nats_url.is_none());
        assert_eq!(c.map_style_url.as_deref(), Some(DEFAULT_MAP_STYLE_URL));
        assert_eq!(c.map_default_view, MapView::default());
        assert_eq!(c.brand_logo_url, "/favicon.svg");
        assert_eq!(c.brand_color, None);
    }

    #[test]
    fn the_map_style_is_offline_on_request_and_mapbox_s_own_with_a_token() {
        assert_eq!(
            cfg(&[("MAP_STYLE_URL", "offline")]).unwrap().map_style_url,
            None
        );
        assert_eq!(
            cfg(&[("MAPBOX_ACCESS_TOKEN", "pk.x")])
                .unwrap()
                .map_style_url,
            None
        );
        let own = "https://tiles.example.org/style.json";
        assert_eq!(
            cfg(&[("MAP_STYLE_URL", own)])
                .unwrap()
                .map_style_url
                .as_deref(),
            Some(own)
        );
    }

    #[test]
    fn branding_and_the_default_view_are_read_and_checked() {
        let c = cfg(&[
            ("BRAND_COLOR", "#1B5E20"),
            ("BRAND_LOGO_URL", "https://cdn.example.org/logo.png"),
            ("MAP_DEFAULT_VIEW", "45.5017, -73.5673, 13"),
        ])
        .unwrap();
        assert_eq!(c.brand_color.as_deref(), Some("#1b5e20"));
        assert_eq!(c.brand_logo_url, "https://cdn.example.org/logo.png");
        assert_eq!(
            c.map_default_view,
            MapView {
                lat: 45.5017,
                lng: -73.5673,
                zoom: 13.0
            }
        );
        assert_eq!(
            cfg(&[("BRAND_LOGO_URL", "/brand/logo.svg")])
                .unwrap()
                .brand_logo_url,
            "/brand/logo.svg"
        );
    }

    #[test]
    fn bad_values_name_their_variable() {
        for (name, value, var) in [
            ("PLINTH_ADDR", "nope", "PLINTH_ADDR"),
            ("DATABASE_URL", "mysql://x", "DATABASE_URL"),
            ("SEARCH_BACKEND", "solr", "SEARCH_BACKEND"),
            ("SEARCH_BACKEND", "meilisearch", "MEILI_URL"),
            ("ADMIN_EMAILS", "a@b.c, nope", "ADMIN_EMAILS"),
            ("NATS_URL", "http://x", "NATS_URL"),
            ("TRUSTED_PROXY_HOPS", "-1", "TRUSTED_PROXY_HOPS"),
            ("TRUSTED_PROXY_HOPS", "11", "TRUSTED_PROXY_HOPS"),
            ("PHOTO_RENDER_BUDGET_MB", "32", "PHOTO_RENDER_BUDGET_MB"),
            ("ARTWORK_CACHE_MB", "4097", "ARTWORK_CACHE_MB"),
            ("ARTWORK_CACHE_MB", "lots", "ARTWORK_CACHE_MB"),
            ("MAP_STYLE_URL", "ftp://x/style.json", "MAP_STYLE_URL"),
            ("MAP_DEFAULT_VIEW", "49.2,-123.1", "MAP_DEFAULT_VIEW"),
            ("MAP_DEFAULT_VIEW", "91,0,10", "MAP_DEFAULT_VIEW"),
            ("MAP_DEFAULT_VIEW", "0,0,NaN", "MAP_DEFAULT_VIEW"),
            ("BRAND_COLOR", "green", "BRAND_COLOR"),
            ("BRAND_COLOR", "#12345g", "BRAND_COLOR"),
            (
                "BRAND_LOGO_URL",
                "http://cdn.example.org/logo.png",
                "BRAND_LOGO_URL",
            ),
            (
                "BRAND_LOGO_URL",
                "//cdn.example.org/logo.png",
                "BRAND_LOGO_URL",
            ),
        ] {
            assert_eq!(
                cfg(&[(name, value)]).unwrap_err().var,
                var,
                "{name}={value}"
            );
        }
    }

    #[test]
    fn secrets_do_not_appear_in_debug_output() {
        let c = cfg(&[("DATABASE_URL", "postgres://u:hunter2@h/db")]).unwrap();
        assert!(!format!("{c:?}").contains("hunter2"));
    }
}
