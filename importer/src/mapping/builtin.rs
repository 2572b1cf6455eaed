//! The mappings of the shared datasets in `datasets/public-art/` (in its `mappings/` folder),
//! built into the binary so `plinth import FILE` knows those files by name wherever they are.
//! Two of them need the whole file at hand ([`super::Mapping::whole_file`]: an artists file,
//! and San Francisco's parts of one work), so those files are read whole.

use super::Mapping;
use crate::source::ParseError;
use crate::ParsedFile;
use std::path::Path;

/// File name → mapping text.
const BUILTIN: &[(&str, &str)] = &[
    (
        "vancouver.json",
        include_str!("../../../datasets/public-art/mappings/vancouver.json.mapping.toml"),
    ),
    (
        "vancouver-artists.json",
        include_str!("../../../datasets/public-art/mappings/vancouver-artists.json.mapping.toml"),
    ),
    (
        "cambridge-ma.geojson",
        include_str!("../../../datasets/public-art/mappings/cambridge-ma.geojson.mapping.toml"),
    ),
    (
        "new-york-city-parks-monuments.csv",
        include_str!(
            "../../../datasets/public-art/mappings/new-york-city-parks-monuments.csv.mapping.toml"
        ),
    ),
    (
        "new-york-city-dot-art.csv",
        include_str!(
            "../../../datasets/public-art/mappings/new-york-city-dot-art.csv.mapping.toml"
        ),
    ),
    (
        "san-francisco.csv",
        include_str!("../../../datasets/public-art/mappings/san-francisco.csv.mapping.toml"),
    ),
];

/// The file names with a built-in mapping, in the order they are listed to the user.
pub const SUPPORTED_FILES: &[&str] = &[
    "vancouver.json",
    "vancouver-artists.json",
    "cambridge-ma.geojson",
    "new-york-city-parks-monuments.csv",
    "new-york-city-dot-art.csv",
    "san-francisco.csv",
];

/// Reads one shared dataset file whole, with the built-in mapping its name selects.
pub fn parse_file(path: &Path) -> Result<ParsedFile, ParseError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Some(m) = builtin(&name) else {
        return Err(unknown(if name.is_empty() {
            path.display().to_string()
        } else {
            name
        }));
    };
    let records = crate::source::read(path, &m.format)?;
    Ok(super::apply(&m, records))
}

/// That a file of this name has no mapping, naming those that do.
pub fn unknown(name: String) -> ParseError {
    ParseError::UnknownDataset {
        name,
        known: SUPPORTED_FILES,
    }
}

/// The built-in mapping for a file of this name.
pub fn builtin(file_name: &str) -> Option<Mapping> {
    let (_, text) = BUILTIN.iter().find(|(name, _)| *name == file_name)?;
    let mapping: Mapping = toml::from_str(text).ok()?;
    mapping.check().ok()?;
    Some(mapping)
}

/// The names of the files with a built-in mapping.
pub fn names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(name, _)| *name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_builtin_mapping_reads_and_checks() {
        for name in super::names() {
            assert!(super::builtin(name).is_some(), "{name}");
        }
        assert!(super::builtin("montreal.csv").is_none());
    }
}

#[cfg(test)]
mod by_name {
    use super::*;

    #[test]
    fn unknown_file_names_list_the_supported_ones() {
        let err = parse_file(Path::new("/tmp/montreal.csv")).unwrap_err();
        assert!(matches!(&err, ParseError::UnknownDataset { name, .. } if name == "montreal.csv"));
        let msg = err.to_string();
        for name in SUPPORTED_FILES {
            assert!(msg.contains(name), "{msg}");
        }
    }

    #[test]
    fn a_missing_file_is_an_io_error() {
        let err = parse_file(Path::new("/nonexistent/dir/san-francisco.csv")).unwrap_err();
        assert!(matches!(err, ParseError::Io { .. }), "{err}");
        assert!(std::error::Error::source(&err).is_some());
    }

    #[test]
    fn every_supported_file_has_a_builtin_mapping() {
        let names: Vec<&str> = names().collect();
        assert_eq!(names, SUPPORTED_FILES);
    }

    #[test]
    fn dispatches_every_supported_file_by_name() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../datasets/public-art/");
        let keys: Vec<String> = SUPPORTED_FILES
            .iter()
            .map(|f| {
                parse_file(&Path::new(dir).join(f))
                    .unwrap()
                    .dataset
                    .key
                    .into_owned()
            })
            .collect();
        assert_eq!(
            keys,
            [
                "vancouver",
                "vancouver",
                "cambridge-ma",
                "nyc-parks",
                "nyc-dot",
                "san-francisco"
            ]
        );
    }
}
