//! Response headers every answer carries (issue 15): a strict Content-Security-Policy for the web
//! app and a locked-down one for the API, HSTS behind https, no MIME sniffing, no framing, a
//! referrer policy that keeps `/verify?token=…` to this site, and `Cache-Control: private` with
//! `Vary: X-User-Token` on any answer that minted a token or depended on the caller's.

use axum::extract::{Request, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::auth::USER_TOKEN_HEADER;
use crate::config::Config;

/// Set by the caller extractor when a handler resolved the caller's token: the answer may
/// depend on who asked, so no shared cache may keep it for anyone else.
#[derive(Clone, Default)]
pub struct TokenUse(Arc<AtomicBool>);

impl TokenUse {
    pub fn mark(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    fn used(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The headers, computed once from the configuration.
#[derive(Clone)]
pub struct SecurityHeaders {
    web_csp: HeaderValue,
    hsts: bool,
}

/// The API answers JSON and images only: nothing in them may run, load or be framed.
const API_CSP: &str =
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

impl SecurityHeaders {
    pub fn from_config(config: &Config) -> Self {
        // A logo on another host is an image the shell shows.
        let mut extra = config.csp_extra_origins.clone();
        extra.extend(origin_of(&config.brand_logo_url));
        Self::new(
            &config.public_url,
            config.map_style_url.as_deref(),
            config.mapbox_access_token.is_some(),
            &extra,
        )
    }

    /// `map_style_url`'s origin, Mapbox's (with a token) and `extra` origins (tile and glyph
    /// hosts a remote style names) may be fetched by the map; nothing else leaves the site.
    pub fn new(
        public_url: &str,
        map_style_url: Option<&str>,
        mapbox: bool,
        extra: &[String],
    ) -> Self {
        let mut remote: Vec<String> = Vec::new();
        if let Some(origin) = map_style_url.and_then(origin_of) {
            remote.push(origin);
        }
        if mapbox {
            remote
                .extend(["https://api.mapbox.com", "https://events.mapbox.com"].map(str::to_owned));
        }
        remote.extend(extra.iter().cloned());
        remote.sort();
        remote.dedup();
        let remote = remote.iter().map(|o| format!(" {o}")).collect::<String>();
        // maplibre-gl runs its workers from blob: URLs and draws images from data:/blob:.
        let csp = format!(
            "default-src 'self'; script-src 'self'; style-src 'self'; \
             img-src 'self' data: blob:{remote}; font-src 'self'; connect-src 'self'{remote}; \
             worker-src 'self' blob:; child-src blob:; frame-ancestors 'none'; base-uri 'self'; \
             form-action 'self'; object-src 'none'"
        );
        Self {
            web_csp: HeaderValue::from_str(&csp)
                .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'")),
            hsts: public_url.starts_with("https://"),
        }
    }

    fn apply(&self, api: bool, token_used: bool, headers: &mut HeaderMap) {
        let csp = if api {
            HeaderValue::from_static(API_CSP)
        } else {
            self.web_csp.clone()
        };
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
        headers.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        headers.insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        );
        if self.hsts {
            headers.insert(
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static("max-age=31536000; includeSubDomains"),
            );
        }
        let minted = headers.contains_key(USER_TOKEN_HEADER);
        if minted || token_used {
            private(headers, minted);
        }
    }
}

/// Keeps a token-dependent answer out of shared caches. A handler that says `public` has judged
/// the answer the same for everyone (an approved photo); a minted token is never public.
fn private(headers: &mut HeaderMap, minted: bool) {
    let current = headers
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    let public = current.split(',').any(|d| d.trim() == "public");
    if public && !minted {
        return;
    }
    // `no-store` already keeps it out of every cache, shared or not.
    if !current.contains("no-store") && !current.contains("private") {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, no-cache"),
        );
    }
    headers.append(header::VARY, HeaderValue::from_static("X-User-Token"));
}

/// The scheme, host and port of an http(s) URL.
fn origin_of(url: &str) -> Option<String> {
    let u = url::Url::parse(url).ok()?;
    matches!(u.scheme(), "http" | "https").then(|| u.origin().ascii_serialization())
}

/// The middleware: wrap the whole app (web app and `/api`) in it.
pub async fn security_headers(
    State(headers): State<SecurityHeaders>,
    mut req: Request,
    next: Next,
) -> Response {
    let api = req.uri().path().starts_with("/api/") || req.uri().path() == "/api";
    let use_flag = TokenUse::default();
    req.extensions_mut().insert(use_flag.clone());
    let mut resp = next.run(req).await;
    headers.apply(api, use_flag.used(), resp.headers_mut());
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    fn csp(h: &HeaderMap) -> &str {
        h[header::CONTENT_SECURITY_POLICY].to_str().unwrap()
    }

    #[test]
    fn the_web_app_may_load_only_from_itself_and_the_configured_map_hosts() {
        let s = SecurityHeaders::new(
            "https://art.example.org",
            Some("https://tiles.example.com/styles/basic.json"),
            false,
            &["https://glyphs.example.net".into()],
        );
        let mut h = HeaderMap::new();
        s.apply(false, false, &mut h);
        let policy = csp(&h);
        assert!(policy.contains("script-src 'self';"), "{policy}");
        assert!(policy.contains("worker-src 'self' blob:"), "{policy}");
        assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
        assert!(
            policy.contains(
                "connect-src 'self' https://glyphs.example.net https://tiles.example.com;"
            ),
            "{policy}"
        );
        assert!(!policy.contains("unsafe"), "{policy}");
        assert_eq!(
            h[header::STRICT_TRANSPORT_SECURITY],
            "max-age=31536000; includeSubDomains"
        );
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert!(h.get(header::CACHE_CONTROL).is_none());
    }

    #[test]
    fn plain_http_gets_no_hsts_and_the_api_a_policy_that_allows_nothing() {
        let s = SecurityHeaders::new("http://127.0.0.1:8080", None, false, &[]);
        let mut h = HeaderMap::new();
        s.apply(true, false, &mut h);
        assert!(h.get(header::STRICT_TRANSPORT_SECURITY).is_none());
        assert!(csp(&h).starts_with("default-src 'none'"));
    }

    #[test]
    fn answers_that_depend_on_the_token_are_private_and_vary_by_it() {
        let s = SecurityHeaders::new("http://localhost", None, false, &[]);
        // Depended on the caller, no caching said: private.
        let mut h = HeaderMap::new();
        s.apply(true, true, &mut h);
        assert_eq!(h[header::CACHE_CONTROL], "private, no-cache");
        assert_eq!(h[header::VARY], "X-User-Token");
        // no-store (which no cache keeps) and private stay as they are.
        for kept in ["no-store", "private, max-age=60"] {
            let mut h = HeaderMap::new();
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static(kept));
            s.apply(true, true, &mut h);
            assert_eq!(h[header::CACHE_CONTROL], kept);
            assert_eq!(h[header::VARY], "X-User-Token");
        }
        // A handler's public answer stays public …
        let mut h = HeaderMap::new();
        h.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        );
        s.apply(true, true, &mut h);
        assert_eq!(
            h[header::CACHE_CONTROL],
            "public, max-age=31536000, immutable"
        );
        assert!(h.get(header::VARY).is_none());
        // … unless it mints a token.
        h.insert(USER_TOKEN_HEADER, HeaderValue::from_static("abc"));
        s.apply(true, false, &mut h);
        assert_eq!(h[header::CACHE_CONTROL], "private, no-cache");
        // Nothing token-related: untouched.
        let mut h = HeaderMap::new();
        s.apply(true, false, &mut h);
        assert!(h.get(header::CACHE_CONTROL).is_none());
        assert!(h.get(header::VARY).is_none());
    }
}
