//! Photos as the domain sees them: a storage key, the oriented size, and the summary of the EXIF
//! data read on upload. The image bytes live in object storage (`platform::storage`); events only
//! carry these references.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Most photos one submission may carry.
pub const MAX_PHOTOS_PER_SUBMISSION: usize = 10;
/// Largest accepted upload of one photo, in bytes (15 MiB).
pub const MAX_PHOTO_BYTES: usize = 15 * 1024 * 1024;

/// The served sizes of a photo, each a JPEG without metadata; `Original` is the full-size,
/// oriented re-encoding (the uploaded bytes themselves are never served).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhotoSize {
    Thumbnail,
    Medium,
    Large,
    Original,
}

impl PhotoSize {
    pub const ALL: [PhotoSize; 4] = [
        PhotoSize::Thumbnail,
        PhotoSize::Medium,
        PhotoSize::Large,
        PhotoSize::Original,
    ];

    pub fn as_str(&self) -> &'static str {
        match self {
            PhotoSize::Thumbnail => "thumbnail",
            PhotoSize::Medium => "medium",
            PhotoSize::Large => "large",
            PhotoSize::Original => "original",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }

    /// The longest edge of this size in pixels; `None` keeps the original's.
    pub fn max_edge(&self) -> Option<u32> {
        match self {
            PhotoSize::Thumbnail => Some(400),
            PhotoSize::Medium => Some(1024),
            PhotoSize::Large => Some(2048),
            PhotoSize::Original => None,
        }
    }
}

/// A stored photo's key: a time-ordered uuid, written in its simple form (32 hex digits) in
/// events, URLs and storage paths. Keys are made by the server, never taken from a client, so
/// they are safe in paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PhotoKey(pub Uuid);

impl Serialize for PhotoKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0.simple())
    }
}

impl<'de> Deserialize<'de> for PhotoKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Uuid::parse_str(&s)
            .map(PhotoKey)
            .map_err(serde::de::Error::custom)
    }
}

impl PhotoKey {
    pub fn new() -> Self {
        Self(Uuid::now_v7())
    }

    /// Parses a key as it appears in image URLs (32 lowercase hex digits).
    pub fn parse(s: &str) -> Option<Self> {
        if s.len() != 32
            || !s
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        {
            return None;
        }
        Uuid::parse_str(s).ok().map(Self)
    }
}

impl Default for PhotoKey {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Display for PhotoKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.simple().fmt(f)
    }
}

/// What the EXIF block of an uploaded photo said (SPEC §3 "Photo EXIF summary"). Kept with the
/// submission for moderators; never written into a served file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ExifSummary {
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// As the camera wrote it, e.g. `2024:05:01 14:03:22`.
    pub date_time: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    /// EXIF orientation 1–8; 1 when absent.
    pub orientation: Option<u16>,
    /// Pixel size as stored in the file, before orientation is applied.
    pub width: Option<u32>,
    pub height: Option<u32>,
}

impl ExifSummary {
    /// The fields that say nothing about the person: orientation and stored size. Events keep
    /// only these; the location, time and camera stay in operational storage, where the author
    /// can have them erased.
    pub fn without_personal(&self) -> ExifSummary {
        ExifSummary {
            orientation: self.orientation,
            width: self.width,
            height: self.height,
            ..ExifSummary::default()
        }
    }
}

/// One photo of a submission or an artwork.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Photo {
    pub key: PhotoKey,
    /// Size after orientation is applied (what viewers see).
    pub width: u32,
    pub height: u32,
    pub exif: ExifSummary,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_personal_part_of_an_exif_summary_is_dropped() {
        let full = ExifSummary {
            latitude: Some(49.28),
            longitude: Some(-123.12),
            date_time: Some("2024:05:01 14:03:22".into()),
            make: Some("Plinthcam".into()),
            model: Some("Pocket".into()),
            orientation: Some(6),
            width: Some(800),
            height: Some(600),
        };
        assert_eq!(
            full.without_personal(),
            ExifSummary {
                orientation: Some(6),
                width: Some(800),
                height: Some(600),
                ..ExifSummary::default()
            }
        );
    }

    #[test]
    fn keys_round_trip_and_reject_anything_else() {
        let k = PhotoKey::new();
        assert_eq!(PhotoKey::parse(&k.to_string()), Some(k));
        assert_eq!(PhotoKey::parse("../etc/passwd"), None);
        assert_eq!(PhotoKey::parse(&k.0.to_string()), None, "hyphenated form");
        assert_eq!(PhotoKey::parse(&k.to_string().to_uppercase()), None);
    }

    #[test]
    fn keys_are_stored_in_their_simple_form() {
        let k = PhotoKey::new();
        let v = serde_json::to_value(k).unwrap();
        assert_eq!(v, serde_json::Value::String(k.to_string()));
        assert_eq!(serde_json::from_value::<PhotoKey>(v).unwrap(), k);
    }

    #[test]
    fn sizes_parse_and_bound() {
        assert_eq!(PhotoSize::parse("medium"), Some(PhotoSize::Medium));
        assert_eq!(PhotoSize::parse("huge"), None);
        assert_eq!(PhotoSize::Thumbnail.max_edge(), Some(400));
        assert_eq!(PhotoSize::Original.max_edge(), None);
    }
}
