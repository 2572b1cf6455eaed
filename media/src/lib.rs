//! Photos, apart from the plumbing that stores them (`platform::storage`): an upload checked by
//! its content with its EXIF summary and render memory bound, its served variants made without
//! metadata ([`photos`]), and how a photo appears in API answers, at plain or signed URLs
//! ([`images`]).

pub mod images;
pub mod photos;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
