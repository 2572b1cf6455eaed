//! Text cleanup: whitespace, placeholders, paragraphs, HTML entities, title case, name folding
//! and credit lines.

use crate::source::is_missing;

/// Trims and collapses whitespace runs to one space. `None` for empty text and for the
/// placeholders publishers use for "no value" ([`is_missing`]).
pub fn clean(s: &str) -> Option<String> {
    let joined = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if is_missing(&joined) {
        None
    } else {
        Some(joined)
    }
}

/// [`clean`] for an optional value.
pub fn clean_opt(s: Option<&str>) -> Option<String> {
    s.and_then(clean)
}

/// Long text: every non-empty line becomes a paragraph, paragraphs are separated by a blank
/// line (the domain's `LongText` keeps "\n\n" breaks and joins single newlines). The sources put
/// paragraph breaks as single or double CRLFs, so a single newline is treated as a break too.
pub fn clean_paragraphs(s: &str) -> Option<String> {
    let paras: Vec<String> = s
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect();
    let text = paras.join("\n\n");
    if is_missing(&text) {
        None
    } else {
        Some(text)
    }
}

/// Decodes the HTML character references that appear in the Vancouver export (`&rsquo;`,
/// `&#39;`, `&theta;` …). Unknown references are left as they are.
pub fn decode_html_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let decoded = after
            .find(';')
            .filter(|&semi| semi > 0 && semi <= 10)
            .and_then(|semi| {
                let name = &after[..semi];
                decode_entity(name).map(|c| (c, semi))
            });
        match decoded {
            Some((c, semi)) => {
                if let Some(c) = c {
                    out.push(c);
                }
                rest = &after[semi + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `Some(None)` for a reference that decodes to nothing (soft hyphen).
fn decode_entity(name: &str) -> Option<Option<char>> {
    if let Some(num) = name.strip_prefix('#') {
        let code = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => num.parse().ok()?,
        };
        return char::from_u32(code).map(Some);
    }
    let c = match name {
        "shy" => return Some(None),
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        "rsquo" => '’',
        "lsquo" => '‘',
        "rdquo" => '”',
        "ldquo" => '“',
        "ndash" => '–',
        "mdash" => '—',
        "hellip" => '…',
        "laquo" => '«',
        "raquo" => '»',
        "middot" => '·',
        "bull" => '•',
        "deg" => '°',
        "copy" => '©',
        "reg" => '®',
        "trade" => '™',
        "times" => '×',
        "hearts" => '♥',
        "frac14" => '¼',
        "frac12" => '½',
        "frac34" => '¾',
        "theta" => 'θ',
        "aacute" => 'á',
        "Aacute" => 'Á',
        "agrave" => 'à',
        "Agrave" => 'À',
        "acirc" => 'â',
        "auml" => 'ä',
        "aring" => 'å',
        "atilde" => 'ã',
        "aelig" => 'æ',
        "ccedil" => 'ç',
        "Ccedil" => 'Ç',
        "eacute" => 'é',
        "Eacute" => 'É',
        "egrave" => 'è',
        "Egrave" => 'È',
        "ecirc" => 'ê',
        "euml" => 'ë',
        "iacute" => 'í',
        "Iacute" => 'Í',
        "igrave" => 'ì',
        "icirc" => 'î',
        "iuml" => 'ï',
        "ntilde" => 'ñ',
        "Ntilde" => 'Ñ',
        "oacute" => 'ó',
        "Oacute" => 'Ó',
        "ograve" => 'ò',
        "ocirc" => 'ô',
        "ouml" => 'ö',
        "Ouml" => 'Ö',
        "oslash" => 'ø',
        "otilde" => 'õ',
        "uacute" => 'ú',
        "Uacute" => 'Ú',
        "ugrave" => 'ù',
        "ucirc" => 'û',
        "uuml" => 'ü',
        "Uuml" => 'Ü',
        "yacute" => 'ý',
        "szlig" => 'ß',
        "scaron" => 'š',
        "Scaron" => 'Š',
        "zcaron" => 'ž',
        _ => return None,
    };
    Some(Some(c))
}

const SMALL_WORDS: &[&str] = &[
    "a", "an", "and", "as", "at", "by", "de", "del", "della", "der", "di", "for", "from", "in",
    "la", "of", "on", "or", "the", "to", "van", "von", "with",
];
const ROMAN_NUMERALS: &[&str] = &[
    "ii", "iii", "iv", "vi", "vii", "viii", "ix", "xi", "xii", "xiii", "xiv", "xv", "xvi", "xx",
];

/// Title-cases text that is entirely lower case (NYC Parks has names such as
/// "quinn, matthew d." and "public school #94"); text with any capital letter is returned as it
/// is, because its capitalisation was chosen by someone.
pub fn title_case_if_lower(s: &str) -> String {
    if s.chars().any(char::is_uppercase) || !s.chars().any(char::is_alphabetic) {
        return s.to_string();
    }
    s.split(' ')
        .enumerate()
        .map(|(i, word)| {
            let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
            if i > 0 && SMALL_WORDS.contains(&bare) {
                word.to_string()
            } else if ROMAN_NUMERALS.contains(&bare) {
                word.to_uppercase()
            } else {
                capitalise_word(word)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Upper-cases the first letter of the word and of every part after '-', '.', '/', '(' or a
/// quote, and after a one-letter prefix with an apostrophe ("o'brien" → "O'Brien", but
/// "seaman's" stays "Seaman's").
fn capitalise_word(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    let mut out = String::with_capacity(word.len());
    let mut start = true;
    for (i, &c) in chars.iter().enumerate() {
        if start && c.is_alphabetic() {
            out.extend(c.to_uppercase());
            start = false;
            continue;
        }
        out.push(c);
        if matches!(c, '-' | '.' | '/' | '(' | '"' | '“') {
            start = true;
        } else if c == '\'' || c == '’' {
            // "o'brien": the apostrophe follows a single letter at the start of a part.
            start = i == 1 || (i >= 2 && !chars[i - 2].is_alphabetic());
        }
    }
    out
}

/// Lowercase, ASCII-folded (common Latin accents), punctuation-free, single-spaced form of a
/// name: the source id of artists that have no publisher id, so spelling variants in case,
/// accents and punctuation ("JoeSam." / "Joesam.") meet.
pub fn normalise_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars().flat_map(char::to_lowercase) {
        match c {
            // Dropped so that "O'Neil" and "O’Neil", "J.Q.A." and "JQA" meet.
            '\'' | '’' | '.' => {}
            '-' => out.push('-'),
            c if c.is_alphanumeric() => match fold_char(c) {
                Some(s) => out.push_str(s),
                None => out.push(c),
            },
            _ => out.push(' '),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn fold_char(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' => "c",
        'ď' | 'đ' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ę' | 'ě' => "e",
        'ğ' => "g",
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'ı' => "i",
        'ł' => "l",
        'ñ' | 'ń' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => "o",
        'œ' => "oe",
        'ř' => "r",
        'ś' | 'š' | 'ş' => "s",
        'ß' => "ss",
        'ť' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' => "u",
        'ý' | 'ÿ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        _ => return None,
    })
}

/// Removes "(…)" groups: in credit fields they hold aliases, roles or real names
/// ("Fuller (McChesney), Mary", "Emil Siebern (?)", "VIZIE (Patrick Griffin)").
pub fn strip_parentheticals(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut depth = 0usize;
    for c in s.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(" ,", ",")
        .replace(" ;", ";")
}

/// Splits a credit line into names on ';', ',', '&', '+', '/', " and " and " with ". Callers
/// handle what this cannot know (e.g. "Last, First" order, firms named "A and B").
pub fn split_credit_list(s: &str) -> Vec<String> {
    let mut text = format!(" {s} ");
    for sep in [" and ", " And ", " with ", " With "] {
        text = text.replace(sep, ";");
    }
    text.split([';', ',', '&', '+', '/'])
        .filter_map(clean)
        .collect()
}

/// Words that end the name of a firm or group, not a surname ("Frankie Boyle Studios").
const GROUP_WORDS: &[&str] = &[
    "studio",
    "studios",
    "collective",
    "architects",
    "associates",
    "design",
    "inc",
    "inc.",
    "llc",
    "group",
    "lab",
    "brothers",
];

/// "Emily and Jamie Erekson" → ["Emily Erekson", "Jamie Erekson"]: a lone capitalised first
/// name joined by "and"/"&" to a two-word name shares that name's surname. Anything else
/// ("Elian and Pastel", "Neon and Frankie Boyle Studios") is left to the caller.
pub fn shared_surname_pair(s: &str) -> Option<[String; 2]> {
    for sep in [" and ", " & "] {
        let Some((a, b)) = s.split_once(sep) else {
            continue;
        };
        let a = a.trim();
        let b: Vec<&str> = b.split_whitespace().collect();
        let lone_first = !a.is_empty()
            && !a.contains(char::is_whitespace)
            && a.chars().next().is_some_and(char::is_uppercase);
        if lone_first && b.len() == 2 && !GROUP_WORDS.contains(&b[1].to_lowercase().as_str()) {
            return Some([format!("{a} {}", b[1]), b.join(" ")]);
        }
    }
    None
}

/// Names that stand for "no known artist".
pub fn is_placeholder_name(name: &str) -> bool {
    let n = normalise_name(name);
    matches!(
        n.as_str(),
        "" | "unknown"
            | "anonymous"
            | "anon"
            | "various"
            | "unattributed"
            | "artist unknown"
            | "unknown artist"
            | "n/a"
            | "na"
            | "none"
            | "inconnu"
            | "inconnue"
            | "anonyme"
            | "artiste inconnu"
    ) || n.starts_with("various ")
}
