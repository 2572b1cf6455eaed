//! The open-data importer. Any file: `source` reads CSV, GeoJSON, JSON and Overpass exports
//! into flat records, and a `mapping` (a TOML file, or one `infer`red from the file) says what
//! they mean. The six datasets in `datasets/public-art/` also have hand-written parsers
//! (`parse`). Both produce the same shape (`model`), and `run` turns it into `Import*` commands
//! idempotently. The `plinth import` command and `plinth serve --demo` use it, and `admin`
//! serves the admin's Import tab.

pub mod admin;
pub mod link;
pub mod mapping;
pub mod model;
pub mod parse;
pub use model::*;
pub mod run;
pub mod source;
