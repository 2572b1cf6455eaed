pub mod model;
pub mod parse;
pub use model::*;
pub mod run;
