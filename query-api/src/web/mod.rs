//! The app's pages as the server answers them, for link previews and search engines: the built
//! `index.html` with each public page's own head (title, description, canonical URL, Open Graph
//! and Twitter card tags, JSON-LD) read from the read models, 404 for an artwork, artist, list,
//! page or path that does not exist (the app then shows its not-found screen), a permanent
//! redirect for the app's old paths, `robots.txt` and the sitemap. The browser runs the same
//! app either way.

pub mod head;
mod pages;
pub mod site;
mod sitemap;

use std::sync::Arc;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::state::QueryState;
use head::{Brand, Head, Shell};
use site::Site;

/// What the pages are made from: the read models, the built shell, the app's site file, and
/// this instance's name and public address (canonical URLs never come from a request's `Host`).
#[derive(Clone)]
pub struct Web {
    query: QueryState,
    shell: Arc<Shell>,
    site: Arc<Site>,
    /// `PUBLIC_URL` without a trailing slash.
    base: Arc<str>,
    brand: Arc<Brand>,
}

impl Web {
    /// `None` (logged) when `index_html` is not a page with a head, or the built-in site file
    /// does not read: a broken build.
    pub fn new(query: QueryState, index_html: &str) -> Option<Self> {
        let site = Site::built_in()
            .inspect_err(|e| tracing::error!(error = %e, "webapp/src/config/site.json"))
            .ok()?;
        let Some(shell) = Shell::new(index_html) else {
            tracing::error!("the web app's index.html has no </head>");
            return None;
        };
        let base: Arc<str> = query.public_url.trim_end_matches('/').into();
        let logo = &query.client.logo_url;
        let brand = Brand {
            product: query.client.product_name.clone(),
            logo: if logo.starts_with('/') {
                format!("{base}{logo}")
            } else {
                logo.clone()
            },
            color: query.client.brand_color.clone(),
        };
        Some(Self {
            base,
            brand: Arc::new(brand),
            query,
            shell: Arc::new(shell),
            site: Arc::new(site),
        })
    }

    /// The absolute URL of `path` (which starts with `/`).
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn product(&self) -> &str {
        &self.brand.product
    }

    /// `head` in the app's page, answered with `status`.
    fn answer(&self, status: StatusCode, head: &Head) -> Response {
        let html = self.shell.page(&head.render(&self.brand));
        (
            status,
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("text/html; charset=utf-8"),
                ),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            html,
        )
            .into_response()
    }

    /// The app's page answering 404: the app shows its not-found screen.
    fn not_found(&self, path: &str) -> Response {
        let head = Head {
            title: Some("Page not found".into()),
            description: format!("There is no page at {path} on {}.", self.product()),
            canonical: self.url(path),
            kind: "website",
            noindex: true,
            ..Head::default()
        };
        self.answer(StatusCode::NOT_FOUND, &head)
    }
}

/// The pages' routes; merged after the API's, they answer every `GET` the API and the web app's
/// files do not.
pub fn router(web: Web) -> Router {
    Router::new()
        .route("/robots.txt", get(sitemap::robots))
        .route("/sitemap.xml", get(sitemap::index))
        .route("/sitemaps/{file}", get(sitemap::chunk))
        // The app's forms, not records: ahead of the records' `{id}`.
        .route("/artwork/new", get(pages::other))
        .route("/artist/new", get(pages::other))
        .route("/artwork/{id}", get(pages::artwork))
        .route("/artist/{id}", get(pages::artist))
        .route("/lists/{id}", get(pages::list))
        .route("/pages/{slug}", get(pages::static_page))
        .fallback(pages::other)
        .with_state(web)
}
