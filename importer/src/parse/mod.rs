//! Parsers for the open-data files in `datasets/public-art/` (see `SOURCES.md` there). Each parser
//! reads one whole file and maps its records onto [`ParsedFile`]; rows it cannot use become
//! [`Reject`](super::Reject)s, while a file it cannot read at all is a [`ParseError`].

pub mod cambridge;
pub mod common;
#[cfg(test)]
mod fuzz;
pub mod nyc_dot;
pub mod nyc_parks;
pub mod san_francisco;
pub mod vancouver;

use super::ParsedFile;
use std::path::{Path, PathBuf};

/// The file names `parse_file` recognises, in the order they are listed to the user.
pub const SUPPORTED_FILES: &[&str] = &[
    "vancouver.json",
    "vancouver-artists.json",
    "cambridge-ma.geojson",
    "new-york-city-parks-monuments.csv",
    "new-york-city-dot-art.csv",
    "san-francisco.csv",
];

/// Parses one dataset file, choosing the parser by the file's name.
pub fn parse_file(path: &Path) -> Result<ParsedFile, ParseError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match name.as_str() {
        "vancouver.json" => vancouver::parse_artworks(path),
        "vancouver-artists.json" => vancouver::parse_artists(path),
        "cambridge-ma.geojson" => cambridge::parse(path),
        "new-york-city-parks-monuments.csv" => nyc_parks::parse(path),
        "new-york-city-dot-art.csv" => nyc_dot::parse(path),
        "san-francisco.csv" => san_francisco::parse(path),
        _ => Err(ParseError::UnknownDataset(if name.is_empty() {
            path.display().to_string()
        } else {
            name
        })),
    }
}

/// Why a whole file could not be parsed. Problems with single records are rejects, not errors.
#[derive(Debug)]
pub enum ParseError {
    /// The file name is not one of [`SUPPORTED_FILES`].
    UnknownDataset(String),
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    Csv {
        path: PathBuf,
        source: csv::Error,
    },
    /// The file parsed but does not have the expected shape (e.g. a missing column).
    Format {
        path: PathBuf,
        message: String,
    },
}

impl ParseError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        Self::Io {
            path: path.to_path_buf(),
            source,
        }
    }
    pub(crate) fn json(path: &Path, source: serde_json::Error) -> Self {
        Self::Json {
            path: path.to_path_buf(),
            source,
        }
    }
    pub(crate) fn csv(path: &Path, source: csv::Error) -> Self {
        Self::Csv {
            path: path.to_path_buf(),
            source,
        }
    }
    pub(crate) fn format(path: &Path, message: impl Into<String>) -> Self {
        Self::Format {
            path: path.to_path_buf(),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseError::UnknownDataset(name) => write!(
                f,
                "no mapping for '{name}': `plinth import {name} --infer` proposes one (written \
                 beside it as {name}.mapping.toml), or name one with --mapping; files known \
                 without a mapping: {}",
                SUPPORTED_FILES.join(", ")
            ),
            ParseError::Io { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            ParseError::Json { path, source } => {
                write!(f, "{} is not valid JSON: {source}", path.display())
            }
            ParseError::Csv { path, source } => {
                write!(f, "{} is not valid CSV: {source}", path.display())
            }
            ParseError::Format { path, message } => {
                write!(f, "{} has an unexpected format: {message}", path.display())
            }
        }
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseError::UnknownDataset(_) | ParseError::Format { .. } => None,
            ParseError::Io { source, .. } => Some(source),
            ParseError::Json { source, .. } => Some(source),
            ParseError::Csv { source, .. } => Some(source),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_file_names_list_the_supported_ones() {
        let err = parse_file(Path::new("/tmp/montreal.csv")).unwrap_err();
        assert!(matches!(&err, ParseError::UnknownDataset(n) if n == "montreal.csv"));
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
