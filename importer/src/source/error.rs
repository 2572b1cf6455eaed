//! Why a whole file could not be read. Problems with single records are rejects, not errors.

use std::path::{Path, PathBuf};

#[derive(Debug)]
pub enum ParseError {
    /// No mapping was named, none is beside the file, and its name is none of `known` (the
    /// files with a built-in mapping).
    UnknownDataset {
        name: String,
        known: &'static [&'static str],
    },
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
            ParseError::UnknownDataset { name, known } => write!(
                f,
                "no mapping for '{name}': `plinth import {name} --infer` proposes one (written \
                 beside it as {name}.mapping.toml), or name one with --mapping; files known \
                 without a mapping: {}",
                known.join(", ")
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
            ParseError::UnknownDataset { .. } | ParseError::Format { .. } => None,
            ParseError::Io { source, .. } => Some(source),
            ParseError::Json { source, .. } => Some(source),
            ParseError::Csv { source, .. } => Some(source),
        }
    }
}
