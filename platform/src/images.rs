//! How photos appear in API answers: their served URLs by size (`/api/images/{size}/{key}`),
//! built from the photo JSON the read models keep. Shared by both APIs.

use domain::{ExifSummary, PhotoKey, PhotoSize};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The path a photo size is served at.
pub fn image_url(size: PhotoSize, key: &str) -> String {
    format!("/api/images/{}/{key}", size.as_str())
}

/// A photo in an API answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PhotoDto {
    /// 32 hex digits.
    pub key: String,
    /// Size as shown (orientation applied).
    pub width: u32,
    pub height: u32,
    /// The full-size, metadata-free rendering.
    pub url: String,
    /// At most 400 px on the longest edge.
    pub thumbnail_url: String,
    /// At most 1024 px.
    pub medium_url: String,
    /// At most 2048 px.
    pub large_url: String,
    /// What the upload's EXIF said; only in answers for moderators and the submitter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exif: Option<ExifDto>,
}

/// SPEC §3's photo EXIF summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExifDto {
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub date_time: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub orientation: Option<u16>,
    pub width: Option<u32>,
    pub height: Option<u32>,
}

impl From<ExifSummary> for ExifDto {
    fn from(e: ExifSummary) -> Self {
        Self {
            latitude: e.latitude,
            longitude: e.longitude,
            date_time: e.date_time,
            make: e.make,
            model: e.model,
            orientation: e.orientation,
            width: e.width,
            height: e.height,
        }
    }
}

impl PhotoDto {
    pub fn new(key: PhotoKey, width: u32, height: u32, exif: Option<ExifSummary>) -> Self {
        let k = key.to_string();
        Self {
            url: image_url(PhotoSize::Original, &k),
            thumbnail_url: image_url(PhotoSize::Thumbnail, &k),
            medium_url: image_url(PhotoSize::Medium, &k),
            large_url: image_url(PhotoSize::Large, &k),
            key: k,
            width,
            height,
            exif: exif.map(ExifDto::from),
        }
    }

    /// From a read model's photo list (`[{key, width, height, exif?}]`); entries that do not
    /// parse are skipped. `with_exif` keeps the EXIF summary where the row has one.
    pub fn list(photos: &Value, with_exif: bool) -> Vec<PhotoDto> {
        photos
            .as_array()
            .map(|a| a.iter().filter_map(|p| Self::one(p, with_exif)).collect())
            .unwrap_or_default()
    }

    fn one(p: &Value, with_exif: bool) -> Option<PhotoDto> {
        let key = PhotoKey::parse(p.get("key")?.as_str()?)?;
        let dim = |f: &str| {
            p.get(f)
                .and_then(Value::as_u64)
                .and_then(|v| u32::try_from(v).ok())
        };
        let exif = if with_exif {
            p.get("exif")
                .and_then(|e| serde_json::from_value::<ExifSummary>(e.clone()).ok())
        } else {
            None
        };
        Some(Self::new(key, dim("width")?, dim("height")?, exif))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_every_size_and_exif_only_when_asked() {
        let key = PhotoKey::new();
        let row = serde_json::json!([{"key": key.to_string(), "width": 400, "height": 300,
            "exif": {"latitude": 1.0, "longitude": 2.0, "date_time": null, "make": "Pixel",
                     "model": null, "orientation": 1, "width": 400, "height": 300}},
            {"key": "../../etc/passwd", "width": 1, "height": 1}]);
        let public = PhotoDto::list(&row, false);
        assert_eq!(public.len(), 1, "a malformed key is dropped");
        assert_eq!(
            public[0].thumbnail_url,
            format!("/api/images/thumbnail/{key}")
        );
        assert_eq!(public[0].url, format!("/api/images/original/{key}"));
        assert!(public[0].exif.is_none());
        let private = PhotoDto::list(&row, true);
        assert_eq!(
            private[0].exif.as_ref().unwrap().make.as_deref(),
            Some("Pixel")
        );
    }
}
