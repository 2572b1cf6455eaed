//! A page's head as crawlers and link previews read it: title, description, canonical URL, Open
//! Graph and Twitter card tags, and JSON-LD, written into the built `index.html` ([`Shell`]).
//! Every value is escaped for where it goes (an attribute, or a script element's JSON).

use std::fmt::Write as _;

use serde_json::Value;

/// What a page says about itself.
#[derive(Debug, Clone, Default)]
pub struct Head {
    /// The page's own title, without the product name (`None` on the home page).
    pub title: Option<String>,
    pub description: String,
    /// Absolute.
    pub canonical: String,
    /// Absolute: the main photo's large rendering.
    pub image: Option<String>,
    /// `og:type`: `website`, `article` or `profile`.
    pub kind: &'static str,
    /// Schema.org JSON-LD.
    pub json_ld: Option<Value>,
    /// Kept out of search engines (a removed artwork, a not-found page).
    pub noindex: bool,
}

/// The instance as every head names it (`PRODUCT_NAME`, `BRAND_LOGO_URL`, `BRAND_COLOR`).
#[derive(Debug, Clone)]
pub struct Brand {
    pub product: String,
    /// Absolute: the preview image of a page that has no photo of its own.
    pub logo: String,
    /// `#rrggbb`: the browser's theme colour.
    pub color: Option<String>,
}

/// The default palette's primary, the browser's theme colour when no `BRAND_COLOR` is set.
pub const DEFAULT_THEME_COLOR: &str = "#3949ab";

/// Longest description in a head; search engines show about this much.
const MAX_DESCRIPTION: usize = 300;

impl Head {
    /// The head of a page about one thing: its `og:type` (`kind`), title, description, canonical
    /// URL and JSON-LD.
    pub fn of(
        kind: &'static str,
        title: &str,
        description: String,
        canonical: String,
        json_ld: Value,
    ) -> Self {
        Head {
            title: Some(title.to_owned()),
            description,
            canonical,
            kind,
            json_ld: Some(json_ld),
            ..Head::default()
        }
    }

    /// The tags, for the instance `brand` (titles as the app writes them: "{Page} - {product}").
    pub fn render(&self, brand: &Brand) -> String {
        let product = brand.product.as_str();
        let title = match &self.title {
            Some(t) => format!("{t} - {product}"),
            None => product.to_owned(),
        };
        let description = search::snippet(&self.description, MAX_DESCRIPTION);
        let mut out = String::with_capacity(2048);
        let _ = write!(out, "<title>{}</title>", text(&title));
        meta(&mut out, "name", "description", &description);
        let _ = write!(
            out,
            "<link rel=\"canonical\" href=\"{}\">",
            attr(&self.canonical)
        );
        meta(&mut out, "property", "og:site_name", product);
        meta(&mut out, "property", "og:type", self.kind);
        meta(&mut out, "property", "og:title", &title);
        meta(&mut out, "property", "og:description", &description);
        meta(&mut out, "property", "og:url", &self.canonical);
        let card = match &self.image {
            Some(image) => {
                meta(&mut out, "property", "og:image", image);
                meta(&mut out, "name", "twitter:image", image);
                "summary_large_image"
            }
            None => {
                if !brand.logo.is_empty() {
                    meta(&mut out, "property", "og:image", &brand.logo);
                }
                "summary"
            }
        };
        meta(&mut out, "name", "twitter:card", card);
        meta(&mut out, "name", "twitter:title", &title);
        meta(&mut out, "name", "twitter:description", &description);
        let color = brand.color.as_deref().unwrap_or(DEFAULT_THEME_COLOR);
        meta(&mut out, "name", "theme-color", color);
        if self.noindex {
            meta(&mut out, "name", "robots", "noindex");
        }
        if let Some(ld) = &self.json_ld {
            let _ = write!(
                out,
                "<script type=\"application/ld+json\">{}</script>",
                script_json(ld)
            );
        }
        out
    }
}

fn meta(out: &mut String, key: &str, name: &str, content: &str) {
    let _ = write!(out, "<meta {key}=\"{name}\" content=\"{}\">", attr(content));
}

/// How HTML and XML write `c` where it would be read as markup (`'` as `apos`: `&#39;` in
/// HTML, `&apos;` in XML), or `None` where it stands as itself.
pub fn markup_entity(c: char, apos: &'static str) -> Option<&'static str> {
    match c {
        '&' => Some("&amp;"),
        '"' => Some("&quot;"),
        '\'' => Some(apos),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        _ => None,
    }
}

/// Escaped for a double-quoted attribute.
pub fn attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match markup_entity(c, "&#39;") {
            Some(entity) => out.push_str(entity),
            None => out.push(c),
        }
    }
    out
}

/// Escaped for an element's text.
pub fn text(s: &str) -> String {
    attr(s)
}

/// JSON safe inside a `<script>` element: no `<`, `>` or `&` can end it or open a comment.
fn script_json(v: &Value) -> String {
    v.to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The built `index.html` with its own title and description taken out, ready to take a page's
/// head before `</head>`.
#[derive(Debug, Clone)]
pub struct Shell {
    before: String,
    after: String,
}

impl Shell {
    /// Reads `html` (the web app's built `index.html`); `None` when it has no `</head>`.
    pub fn new(html: &str) -> Option<Self> {
        let mut html = html.to_owned();
        remove_element(&mut html, "<title", "</title>");
        remove_element(&mut html, "<meta name=\"description\"", ">");
        remove_element(&mut html, "<meta name=\"theme-color\"", ">");
        let at = html.find("</head>")?;
        Some(Self {
            after: html[at..].to_owned(),
            before: html[..at].to_owned(),
        })
    }

    /// The page with `head` (already rendered) in it.
    pub fn page(&self, head: &str) -> String {
        let mut out = String::with_capacity(self.before.len() + head.len() + self.after.len());
        out.push_str(&self.before);
        out.push_str(head);
        out.push_str(&self.after);
        out
    }
}

/// Removes the first element starting with `open` through the end marker `close` after it.
fn remove_element(html: &mut String, open: &str, close: &str) {
    if let Some(start) = html.find(open) {
        if let Some(len) = html[start..].find(close) {
            html.replace_range(start..start + len + close.len(), "");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_cannot_break_out_of_their_attribute_or_script() {
        let head = Head {
            title: Some("\"><script>alert(1)</script>".into()),
            description: "a & b".into(),
            canonical: "https://x.example/artwork/1".into(),
            kind: "article",
            json_ld: Some(serde_json::json!({"name": "</script><script>alert(1)</script>"})),
            ..Head::default()
        };
        let html = head.render(&Brand {
            product: "Plinth".into(),
            logo: String::new(),
            color: None,
        });
        assert!(!html.contains("<script>alert"));
        assert!(html.contains("&quot;&gt;&lt;script&gt;"));
        assert!(html.contains("\\u003c/script\\u003e"));
        assert!(html.contains("content=\"a &amp; b\""));
    }

    #[test]
    fn a_page_without_a_photo_previews_the_logo_in_the_brand_s_colour() {
        let brand = Brand {
            product: "Art in Montréal".into(),
            logo: "https://art.example/brand/logo.png".into(),
            color: Some("#1b5e20".into()),
        };
        let html = Head {
            title: Some("Help".into()),
            kind: "website",
            ..Head::default()
        }
        .render(&brand);
        assert!(html.contains("<title>Help - Art in Montréal</title>"));
        assert!(html.contains(
            "<meta property=\"og:image\" content=\"https://art.example/brand/logo.png\">"
        ));
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary\">"));
        assert!(html.contains("<meta name=\"theme-color\" content=\"#1b5e20\">"));
    }

    #[test]
    fn the_shell_loses_its_own_title_and_description() {
        let built = "<html><head><meta charset=\"UTF-8\" /><meta name=\"description\" content=\"x\" /><meta name=\"theme-color\" content=\"#3949ab\" /><title>Plinth</title><script src=\"/a.js\"></script></head><body></body></html>";
        let shell = Shell::new(built).unwrap();
        let page = shell.page("<title>T</title>");
        assert_eq!(
            page,
            "<html><head><meta charset=\"UTF-8\" /><script src=\"/a.js\"></script><title>T</title></head><body></body></html>"
        );
        assert!(Shell::new("<html></html>").is_none());
    }
}
