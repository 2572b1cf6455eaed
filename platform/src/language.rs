//! The language a person reads (issue 31): English or French, as the web app speaks them. Mail
//! sent in answer to a request is written in the request's `Accept-Language` (the web app sends
//! the language its interface is in; a browser sends its own).

use axum::extract::FromRequestParts;
use axum::http::header::ACCEPT_LANGUAGE;
use axum::http::request::Parts;
use std::convert::Infallible;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Language {
    #[default]
    En,
    Fr,
}

impl Language {
    /// The first language of an `Accept-Language` value this site speaks, by quality then
    /// order ("fr-CA,fr;q=0.9,en;q=0.8" is French); English when it names none.
    pub fn negotiate(accept: &str) -> Self {
        let mut best: Option<(f32, Language)> = None;
        for range in accept.split(',').take(20) {
            let mut parts = range.split(';');
            let tag = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
            let quality = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let language = match tag.split('-').next() {
                Some("en") => Language::En,
                Some("fr") => Language::Fr,
                _ => continue,
            };
            if quality > 0.0 && best.is_none_or(|(q, _)| quality > q) {
                best = Some((quality, language));
            }
        }
        best.map(|(_, l)| l).unwrap_or_default()
    }
}

/// The request's language; never refuses a request.
impl<S: Send + Sync> FromRequestParts<S> for Language {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts
            .headers
            .get(ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .map(Language::negotiate)
            .unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_language_spoken_here_wins() {
        for (accept, expected) in [
            ("fr-CA,fr;q=0.9,en;q=0.8", Language::Fr),
            ("fr", Language::Fr),
            ("de-DE,de;q=0.9,fr;q=0.5,en;q=0.7", Language::En),
            ("de-DE,de;q=0.9", Language::En),
            ("en;q=0.2, fr;q=0.6", Language::Fr),
            ("fr;q=0, en", Language::En),
            ("", Language::En),
            ("*", Language::En),
        ] {
            assert_eq!(Language::negotiate(accept), expected, "{accept}");
        }
    }
}
