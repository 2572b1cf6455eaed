//! `robots.txt` and the sitemap: an index (`/sitemap.xml`) of chunks of at most 50,000 URLs
//! each (the sitemaps protocol's limit): the app's public sections and static pages, then every
//! approved artwork, artist and public list, read from the read models a chunk at a time.

use std::fmt::Write as _;

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use projectors::sitemap::{self, Listed};

use super::head::text;
use super::Web;

/// URLs in one chunk (the protocol allows 50,000).
pub const CHUNK: i64 = 50_000;

/// How long crawlers and caches may keep an answer.
const MAX_AGE: HeaderValue = HeaderValue::from_static("public, max-age=3600");

fn xml(body: String) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/xml; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, MAX_AGE),
        ],
        body,
    )
        .into_response()
}

fn failed(e: sqlx::Error) -> Response {
    tracing::warn!(error = %e, "sitemap: read model unavailable");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        "The sitemap is not available now",
    )
        .into_response()
}

/// `GET /robots.txt`: every crawler may read the public pages (and the photos they show), not
/// the private ones nor the API; where the sitemap is.
pub async fn robots(State(web): State<Web>) -> Response {
    let mut body = String::from("User-agent: *\nAllow: /\nAllow: /api/images/\n");
    for p in &web.site.private {
        let _ = writeln!(body, "Disallow: {p}");
    }
    let _ = writeln!(body, "\nSitemap: {}", web.url("/sitemap.xml"));
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, MAX_AGE),
        ],
        body,
    )
        .into_response()
}

/// `GET /sitemap.xml`: the chunks.
pub async fn index(State(web): State<Web>) -> Response {
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut chunk = |name: &str| {
        let loc = web.url(&format!("/sitemaps/{name}.xml"));
        let _ = writeln!(body, "<sitemap><loc>{}</loc></sitemap>", text(&loc));
    };
    chunk("static");
    for listed in Listed::ALL {
        let total = match sitemap::count(&web.query.pool, listed).await {
            Ok(n) => n,
            Err(e) => return failed(e),
        };
        for n in 1..=chunks(total) {
            chunk(&format!("{}-{n}", listed.name()));
        }
    }
    body.push_str("</sitemapindex>\n");
    xml(body)
}

/// How many chunks `total` URLs take.
fn chunks(total: i64) -> i64 {
    (total + CHUNK - 1) / CHUNK
}

/// `GET /sitemaps/{name}.xml`: `static`, or `artworks-N`, `artists-N`, `lists-N` (from 1).
pub async fn chunk(State(web): State<Web>, Path(file): Path<String>) -> Response {
    let Some(name) = file.strip_suffix(".xml") else {
        return web.not_found(&format!("/sitemaps/{file}"));
    };
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut url = |path: &str, lastmod: Option<String>| {
        let _ = write!(body, "<url><loc>{}</loc>", text(&web.url(path)));
        if let Some(m) = lastmod {
            let _ = write!(body, "<lastmod>{m}</lastmod>");
        }
        body.push_str("</url>\n");
    };
    if name == "static" {
        for s in &web.site.sections {
            url(&s.path, None);
        }
        for p in &web.site.pages {
            url(&format!("/pages/{}", p.slug), None);
        }
    } else {
        let Some((listed, n)) = name.rsplit_once('-').and_then(|(kind, n)| {
            let listed = Listed::ALL.into_iter().find(|l| l.name() == kind)?;
            Some((listed, n.parse::<i64>().ok().filter(|n| *n >= 1)?))
        }) else {
            return web.not_found(&format!("/sitemaps/{file}"));
        };
        let page = match sitemap::page(&web.query.pool, listed, CHUNK, (n - 1) * CHUNK).await {
            Ok(p) if !p.is_empty() => p,
            Ok(_) => return web.not_found(&format!("/sitemaps/{file}")),
            Err(e) => return failed(e),
        };
        for (id, updated) in page {
            let lastmod = updated.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
            url(&listed.path(id), Some(lastmod));
        }
    }
    body.push_str("</urlset>\n");
    xml(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_hold_at_most_fifty_thousand() {
        assert_eq!(chunks(0), 0);
        assert_eq!(chunks(1), 1);
        assert_eq!(chunks(50_000), 1);
        assert_eq!(chunks(50_001), 2);
    }
}
