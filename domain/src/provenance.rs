//! Where a record came from: the open dataset, its licence, and the publisher's own id.

use serde::{Deserialize, Serialize};

/// Where a record came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Provenance {
    /// Stable dataset key, e.g. `vancouver`.
    pub dataset: String,
    pub dataset_name: String,
    pub licence: String,
    pub attribution: String,
    /// The publisher's id of the record within the dataset.
    pub source_id: String,
    /// The publisher's page for the record or, failing that, the dataset. Shown as a link, so
    /// only ever an http(s) URL (see [`is_web_url`]).
    pub source_url: Option<String>,
    /// The city or town the dataset covers, e.g. "Vancouver": the place its records are in
    /// (absent from records imported before places were kept, and from synthetic data).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
}

/// Longest URL a record may link to.
pub const MAX_URL_CHARS: usize = 500;

/// An `http://` or `https://` URL without whitespace, at most [`MAX_URL_CHARS`] long: the only
/// kind of link the product shows (a `javascript:` or `data:` link would run in the viewer's page).
pub fn is_web_url(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    rest.is_some_and(|r| !r.is_empty() && !r.starts_with('/'))
        && value.len() <= MAX_URL_CHARS
        && !value.contains(char::is_whitespace)
}

impl Provenance {
    /// Whether its link, if any, may be shown.
    pub fn has_valid_link(&self) -> bool {
        self.source_url.as_deref().is_none_or(is_web_url)
    }

    /// Whether a record that came from `kept` (none for one no dataset gave) and one from
    /// `other` are the same record of the same dataset: a newer import of it, not another's.
    pub fn same_record(kept: Option<&Provenance>, other: &Provenance) -> bool {
        kept.is_some_and(|p| p.dataset == other.dataset && p.source_id == other.source_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_and_https_urls_are_links() {
        for good in [
            "https://example.org/a",
            "HTTP://EXAMPLE.ORG",
            "http://x.y/?q=1#f",
        ] {
            assert!(is_web_url(good), "{good}");
        }
        for bad in [
            "javascript:alert(1)",
            "data:text/html,<script>",
            "//example.org",
            "ftp://example.org",
            "https://exa mple.org",
            "https://",
            "",
        ] {
            assert!(!is_web_url(bad), "{bad}");
        }
        assert!(!is_web_url(&format!(
            "https://{}",
            "a".repeat(MAX_URL_CHARS)
        )));
    }
}
