//! Artwork types and materials from the publishers' words.

use super::*;

/// Allowed `artwork_type` and `material` values: the anchor tag schema's own.
pub use domain::tags::{ARTWORK_TYPES, MATERIALS};

/// Word → material class. Words are matched whole (so "plexiglass" and "fiberglass" are not
/// glass), "painted" is deliberately absent (painted steel is metal), and "acrylic"/"oil"
/// mean paint because in these sources they always do ("Acrylic on Sintra", "Oil on canvas").
const MATERIAL_WORDS: &[(&str, &str)] = &[
    ("bronze", "bronze"),
    ("brass", "metal"),
    ("steel", "metal"),
    ("stainless", "metal"),
    ("corten", "metal"),
    ("iron", "metal"),
    ("aluminum", "metal"),
    ("aluminium", "metal"),
    ("copper", "metal"),
    ("zinc", "metal"),
    ("tin", "metal"),
    ("titanium", "metal"),
    ("metal", "metal"),
    ("metals", "metal"),
    ("stone", "stone"),
    ("stones", "stone"),
    ("granite", "stone"),
    ("marble", "stone"),
    ("limestone", "stone"),
    ("sandstone", "stone"),
    ("brownstone", "stone"),
    ("bluestone", "stone"),
    ("slate", "stone"),
    ("basalt", "stone"),
    ("travertine", "stone"),
    ("diorite", "stone"),
    ("boulder", "stone"),
    ("boulders", "stone"),
    ("concrete", "concrete"),
    ("cement", "concrete"),
    ("terrazzo", "concrete"),
    ("lithocrete", "concrete"),
    ("wood", "wood"),
    ("wooden", "wood"),
    ("timber", "wood"),
    ("plywood", "wood"),
    ("cedar", "wood"),
    ("redwood", "wood"),
    ("oak", "wood"),
    ("maple", "wood"),
    ("birch", "wood"),
    ("cherry", "wood"),
    ("pine", "wood"),
    ("basswood", "wood"),
    ("paint", "paint"),
    ("paints", "paint"),
    ("acrylic", "paint"),
    ("oil", "paint"),
    ("aerosol", "paint"),
    ("fresco", "paint"),
    ("tempera", "paint"),
    ("gouache", "paint"),
    ("watercolor", "paint"),
    ("watercolour", "paint"),
    ("ceramic", "ceramic"),
    ("ceramics", "ceramic"),
    ("porcelain", "ceramic"),
    ("terracotta", "ceramic"),
    ("cotta", "ceramic"),
    ("clay", "ceramic"),
    ("glass", "glass"),
    ("mirror", "glass"),
    ("mirrors", "glass"),
    ("jade", "stone"),
    ("nephrite", "stone"),
    ("fir", "wood"),
];

/// Words that name a material only when nothing more specific does: "Tile" alone is ceramic,
/// but "Stone tiles" are stone and "Glass tile" glass.
const WEAK_MATERIAL_WORDS: &[(&str, &str)] = &[
    ("tile", "ceramic"),
    ("glaze", "ceramic"),
    ("glazed", "ceramic"),
    ("aggregate", "concrete"),
    ("mural", "paint"),
];

/// Maps free material text onto the schema's enum: the class of the recognised words when
/// they agree, "mixed" when they name several classes (or say "mixed media"), "other" when
/// none is recognised. The support a work is mounted on ("Bronze on granite", "Oil on
/// canvas") is ignored: it is not what the work is made of. "Cast stone" is concrete.
pub fn map_material(text: &str) -> Option<&'static str> {
    let text = clean(text)?.to_lowercase();
    if [
        "mixed media",
        "mixed-media",
        "mixed medium",
        "various materials",
    ]
    .iter()
    .any(|m| text.contains(m))
    {
        return Some("mixed");
    }
    let lookup = |table: &[(&str, &'static str)], word: &str| {
        // Plurals: "granites", "tiles".
        let singular = word.strip_suffix('s').unwrap_or(word);
        table
            .iter()
            .find(|(w, _)| *w == word || *w == singular)
            .map(|(_, class)| *class)
    };
    let mut found: Vec<&'static str> = Vec::new();
    let mut weak: Vec<&'static str> = Vec::new();
    for segment in text.split([',', ';']) {
        let work_part = segment.split(" on ").next().unwrap_or(segment);
        let work_part = work_part
            .replace("cast stone", "concrete")
            .replace("cor-ten", "corten");
        for word in work_part
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
        {
            for (table, into) in [
                (MATERIAL_WORDS, &mut found),
                (WEAK_MATERIAL_WORDS, &mut weak),
            ] {
                if let Some(class) = lookup(table, word) {
                    if !into.contains(&class) {
                        into.push(class);
                    }
                }
            }
        }
    }
    let classes = if found.is_empty() { weak } else { found };
    Some(match classes.as_slice() {
        [] => "other",
        [one] => one,
        _ => "mixed",
    })
}

/// Sets `material` and keeps the original text in `material_detail`.
pub fn put_material(tags: &mut BTreeMap<String, String>, raw: Option<&str>) {
    if let Some(detail) = clean_opt(raw) {
        if let Some(m) = map_material(&detail) {
            put(tags, "material", Some(m.to_string()));
        }
        put(tags, "material_detail", Some(detail));
    }
}

/// Whether `word` occurs in `text` as a whole word (ASCII case-insensitive).
pub fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case(word))
}

/// Whether any word of `text` starts with `prefix` (ASCII case-insensitive): "relief" matches
/// "Bas-relief", "fountain" matches "fountains".
pub fn has_word_prefix(text: &str, prefix: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric()).any(|w| {
        w.get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    })
}
