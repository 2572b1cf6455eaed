//! The open-data importer: parsers for the public-art datasets in `datasets/public-art/`
//! (`parse`), the shape they produce (`model`), and the run that turns records into `Import*`
//! commands idempotently (`run`). The `plinth import` command and `plinth serve --demo` use it.

pub mod model;
pub mod parse;
pub use model::*;
pub mod run;
