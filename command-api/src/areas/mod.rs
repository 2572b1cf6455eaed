//! The areas a person can finish: an admin loads a boundary file (it replaces the one in force)
//! or clears it (areas go back to the grid). One use case a file; each records an `AreaMap`
//! event with the admin as actor, so the event store is the audit of who loaded what.

pub mod clear;
pub mod load;

pub use load::BoundaryUpload;

/// Largest boundary file body accepted (GeoJSON of a city's neighbourhoods is well under this).
pub const MAX_BOUNDARY_BYTES: usize = 16 * 1024 * 1024;
