//! The open-data importer. Any file: `source` reads CSV, GeoJSON, JSON and OpenStreetMap
//! exports into flat records, and a `mapping` (a TOML file, or one `infer`red from the file)
//! says what they mean; the six datasets in `datasets/public-art/` have built-in mappings
//! (`mapping::builtin`), so they are read by name. A mapping gives the `model`, and `run` turns
//! it into `Import*` commands idempotently. The `plinth import` command and `plinth serve --demo` use it, and `admin`
//! serves the admin's Import tab.

pub mod admin;
pub mod link;
pub mod mapping;
pub mod model;
pub use model::*;
pub mod run;
pub mod source;
