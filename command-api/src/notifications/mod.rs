//! Use cases on a person's notifications, one a file: `dismiss` (seen).

pub mod dismiss;

pub use dismiss::DismissError;
