//! The web app's map as the server needs it: which paths are its pages (anything else is a 404),
//! its redirects, what crawlers are kept out of, the sections' titles and the static pages'.
//! One file, `webapp/src/config/site.json`, is read by both: the app imports it and a web test
//! checks it against the app's routes, so the two cannot drift apart.

use serde::Deserialize;

const SITE_JSON: &str = include_str!("../../../webapp/src/config/site.json");

#[derive(Debug, Deserialize)]
pub struct Site {
    /// The app's route patterns (`/artwork/:id`, `/search/:query?`).
    paths: Vec<String>,
    /// Old paths and where they went.
    pub redirects: Vec<(String, String)>,
    /// Path prefixes crawlers are asked to leave alone (`robots.txt`).
    pub private: Vec<String>,
    /// The public sections' own titles and descriptions (a sitemap's static part).
    pub sections: Vec<Section>,
    /// The static pages (`/pages/{slug}`).
    pub pages: Vec<StaticPage>,
}

#[derive(Debug, Deserialize)]
pub struct Section {
    pub path: String,
    pub title: Option<String>,
    pub description: String,
}

#[derive(Debug, Deserialize)]
pub struct StaticPage {
    pub slug: String,
    pub title: String,
    pub summary: String,
}

impl Site {
    /// The web app's site file, as built in (its test in the web app keeps it valid).
    pub fn built_in() -> Result<Self, serde_json::Error> {
        serde_json::from_str(SITE_JSON)
    }

    /// Whether `path` is one of the app's pages.
    pub fn is_page(&self, path: &str) -> bool {
        self.paths.iter().any(|p| matches(p, path))
    }

    /// Where an old path went.
    pub fn redirect(&self, path: &str) -> Option<&str> {
        self.redirects
            .iter()
            .find(|(from, _)| from == path)
            .map(|(_, to)| to.as_str())
    }

    pub fn section(&self, path: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.path == path)
    }

    pub fn page(&self, slug: &str) -> Option<&StaticPage> {
        self.pages.iter().find(|p| p.slug == slug)
    }
}

/// Whether `path` matches the route `pattern`: `:name` takes one non-empty segment, `:name?`
/// one or none; a trailing slash is the same path.
fn matches(pattern: &str, path: &str) -> bool {
    let want: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
    let got: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let required = want.iter().filter(|s| !s.ends_with('?')).count();
    if got.len() < required || got.len() > want.len() {
        return false;
    }
    want.iter()
        .zip(got.iter().map(Some).chain(std::iter::repeat(None)))
        .all(|(w, g)| match g {
            Some(g) if w.starts_with(':') => !g.is_empty(),
            Some(g) => w == g,
            None => w.ends_with('?'),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_take_their_segments() {
        assert!(matches("/", "/"));
        assert!(matches("/artwork/:id", "/artwork/abc"));
        assert!(matches("/artwork/:id", "/artwork/abc/"));
        assert!(!matches("/artwork/:id", "/artwork"));
        assert!(!matches("/artwork/:id", "/artwork/abc/photos"));
        assert!(matches("/search/:query?", "/search"));
        assert!(matches("/search/:query?", "/search/mural"));
        assert!(!matches("/search/:query?", "/search/a/b"));
        assert!(!matches("/", "/nope"));
    }

    #[test]
    fn the_built_in_site_knows_its_pages() {
        let site = Site::built_in().unwrap();
        assert!(site.is_page("/"));
        assert!(site.is_page("/artwork/0190a3c4-0000-7000-8000-000000000000"));
        assert!(site.is_page("/pages/privacy-policy"));
        assert!(!site.is_page("/robots.php"));
        assert_eq!(site.redirect("/terms"), Some("/pages/terms-of-service"));
        assert!(site.page("terms-of-service").is_some());
        assert!(site.section("/artworks").is_some());
    }
}
