//! The names (English, French, OSM's) and values the guesses go by.

use crate::mapping::SourceStatus;

/// Words in field names, English, French and OSM's, for each of our fields.
pub(super) const TITLE: &[&str] = &["title", "titre", "name", "nom"];

pub(super) const NOT_TITLE: &[&str] = &[
    "artist",
    "sculptor",
    "first",
    "last",
    "park",
    "site",
    "location",
    "file",
    "place",
    "street",
    "sponsor",
    "donor",
    "architect",
    "foundry",
    "fabricator",
    "borough",
];

pub(super) const ARTIST: &[&str] = &[
    "artist", "sculptor", "creator", "author", "artiste", "auteur",
];

pub(super) const TYPE: &[&str] = &[
    "type",
    "category",
    "categorie",
    "catégorie",
    "genre",
    "kind",
    "objet",
];

pub(super) const YEAR: &[&str] = &[
    "year",
    "date",
    "année",
    "annee",
    "dedicated",
    "created",
    "installation",
    "built",
];

pub(super) const DESCRIPTION: &[&str] = &[
    "descri",
    "statement",
    "about",
    "summary",
    "notes",
    "history",
];

pub(super) const MATERIAL: &[&str] = &[
    "material",
    "medium",
    "matériau",
    "materiau",
    "matiere",
    "matière",
];

pub(super) const ADDRESS: &[&str] = &["address", "adresse", "street"];

pub(super) const STATUS: &[&str] = &["status", "statut", "extant", "condition", "state", "état"];

pub(super) const PHOTO: &[&str] = &["photo", "image", "picture", "thumbnail"];

pub(super) const URL: &[&str] = &["url", "link", "lien", "page", "detail"];

pub(super) const ID: &[&str] = &[
    "id",
    "no",
    "nr",
    "numero",
    "numéro",
    "objectid",
    "registryid",
    "accession",
    "accessionnumber",
    "number",
    "code",
    "identifier",
];

/// Fields kept as tags: our key, and words of the publisher's field names.
pub(super) const TAGS: &[(&str, &[&str])] = &[
    (
        "neighbourhood",
        &[
            "neighbourhood",
            "neighborhood",
            "quartier",
            "arrondissement",
        ],
    ),
    ("borough", &["borough"]),
    ("district", &["district"]),
    (
        "site",
        &[
            "sitename", "site", "location", "lieu", "parkname", "facility",
        ],
    ),
    ("inscription", &["inscription", "inscribed"]),
    ("wikidata_id", &["wikidata"]),
    ("website", &["website"]),
    (
        "operator",
        &["owner", "ownership", "operator", "propriétaire"],
    ),
];

/// The status words publishers use, onto ours.
pub(super) fn status_of(value: &str) -> Option<SourceStatus> {
    let v = value.trim().to_lowercase();
    let has = |w: &[&str]| w.iter().any(|w| v.contains(w));
    if has(&["painted over", "repeint", "covered"]) {
        Some(SourceStatus::PaintedOver)
    } else if has(&["destroy", "demolish", "détruit", "detruit"]) {
        Some(SourceStatus::Destroyed)
    } else if has(&[
        "removed",
        "deaccession",
        "no longer",
        "lost",
        "stolen",
        "retiré",
        "retire",
        "ended",
        "gone",
    ]) || v == "n"
    {
        Some(SourceStatus::Removed)
    } else if has(&[
        "in place",
        "existing",
        "installed",
        "active",
        "en place",
        "permanent",
    ]) || v == "y"
    {
        Some(SourceStatus::InPlace)
    } else {
        None
    }
}
