//! One module per resource.

pub mod admin;
pub mod areas;
pub mod artists;
pub mod artworks;
pub mod auth;
pub mod badges;
pub mod edits;
pub mod feedback;
pub mod history;
pub mod images;
pub mod lists;
pub mod notifications;
pub mod params;
pub mod past;
pub mod places;
pub mod profile;
pub mod respond;
pub mod search;
pub mod status;
pub mod subject;
pub mod submissions;
pub mod tags;
pub mod tasks;
