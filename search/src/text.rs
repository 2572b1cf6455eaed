//! Text normalisation shared by both backends: one analyzer (split on non-alphanumerics, drop
//! over-long tokens, lowercase, ASCII-fold), so "Café" and "CAFE" are the same word everywhere —
//! in Tantivy's fields, in suggestion keys, and when Meilisearch's answers are re-ranked here.

use tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RemoveLongFilter, SimpleTokenizer, TextAnalyzer, TokenStream,
};

/// Name under which the analyzer is registered on every Tantivy index open.
pub(crate) const ANALYZER: &str = "plinth_text";

/// Tokens longer than this are dropped (URLs, hashes): they only bloat the term dictionary.
const MAX_TOKEN_BYTES: usize = 40;

pub(crate) fn analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

thread_local! {
    /// Building an analyzer boxes its filters: reuse one per thread (suggestions normalise
    /// hundreds of phrases per request).
    static ANALYZER_CACHE: std::cell::RefCell<TextAnalyzer> = std::cell::RefCell::new(analyzer());
}

/// The normalised words of `text`, in order.
pub fn normalize(text: &str) -> Vec<String> {
    ANALYZER_CACHE.with(|cell| {
        let mut analyzer = cell.borrow_mut();
        let mut stream = analyzer.token_stream(text);
        let mut words = Vec::new();
        while stream.advance() {
            words.push(stream.token().text.clone());
        }
        words
    })
}

/// The normalised text as one string of words separated by single spaces.
pub(crate) fn normalized_phrase(text: &str) -> String {
    if !text.is_ascii() {
        return normalize(text).join(" ");
    }
    // Suggestions normalise thousands of phrases per request: plain ASCII (most of them) takes
    // this allocation-light path, which gives what the analyzer gives.
    let mut out = String::with_capacity(text.len());
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        if word.is_empty() || word.len() >= MAX_TOKEN_BYTES {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().map(|c| c.to_ascii_lowercase()));
    }
    out
}

/// Whether some word of `text` starts the normalised `prefix` (which may span several words):
/// "coup" and "douglas cou" both complete "Douglas Coupland".
pub(crate) fn completes(text: &str, prefix: &str) -> Option<bool> {
    let prefix = normalized_phrase(prefix);
    if prefix.is_empty() {
        return None;
    }
    let words = normalize(text);
    (0..words.len()).find_map(|i| words[i..].join(" ").starts_with(&prefix).then_some(i == 0))
}

/// At most `max` characters of `text`, cut at a word boundary with an ellipsis when cut; white
/// space folded (descriptions come from multi-line text). Search hits' snippets and the web
/// pages' descriptions both read it.
pub fn snippet(text: &str, max: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= max {
        return text;
    }
    let cut: String = text.chars().take(max.saturating_sub(1)).collect();
    let cut = match cut.rfind(' ') {
        Some(i) if i > max / 2 => &cut[..i],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end_matches([',', ';', ':', '.', ' ']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_lowercases_folds_and_splits() {
        assert_eq!(normalize("Café  A-maze-ing"), ["cafe", "a", "maze", "ing"]);
        assert_eq!(normalize("ÉCOLE Ñandú"), ["ecole", "nandu"]);
        assert!(normalize(&"x".repeat(41)).is_empty());
    }

    #[test]
    fn the_ascii_fast_path_agrees_with_the_analyzer() {
        for text in [
            "The Birds",
            "  A-maze-ing   Laughter!! ",
            "Gate to the Northwest Passage (1980)",
            &format!("short {} words", "x".repeat(39)),
            &format!("short {} words", "x".repeat(40)),
            "",
            "--",
        ] {
            assert_eq!(
                normalized_phrase(text),
                normalize(text).join(" "),
                "{text:?}"
            );
        }
    }

    #[test]
    fn completes_matches_word_starts_and_says_whether_at_the_beginning() {
        assert_eq!(completes("Douglas Coupland", "coup"), Some(false));
        assert_eq!(completes("Douglas Coupland", "Douglas Cou"), Some(true));
        assert_eq!(completes("Café Mural", "cafe m"), Some(true));
        assert_eq!(completes("Douglas Coupland", "oupl"), None);
        assert_eq!(completes("anything", "  "), None);
    }

    #[test]
    fn snippet_cuts_at_a_word_and_stays_within_the_limit() {
        let long = "word ".repeat(100);
        // (limit, short text, what it reads as): a search hit's snippet, a page's description.
        for (max, short, folded) in [
            (200, "short  text", "short text"),
            (50, "  two\n lines ", "two lines"),
        ] {
            let s = snippet(&long, max);
            assert!(s.chars().count() <= max, "{max}");
            assert!(s.ends_with("word…"), "{max}");
            assert_eq!(snippet(short, max), folded);
        }
    }
}
