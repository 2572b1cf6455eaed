//! How photos appear in API answers: their served URLs by size (`/api/images/{size}/{key}`),
//! built from the photo JSON the read models keep. Shared by both APIs.
//!
//! A public photo (one an approved artwork shows) is served to anyone at its plain URL and
//! cached forever. A photo still in review, or of a rejected submission, is served only at a
//! signed URL ([`UrlSigner`]) that answers for its author and moderators carry: an HMAC of size,
//! key and expiry, valid one to two hours, under a key every process reads from the database.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain::{ExifSummary, PhotoKey, PhotoSize};
use hmac::{Hmac, Mac};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::Sha256;
use sqlx::PgPool;

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

/// Signed URLs change once per this many seconds, so answers within the hour share them (and
/// the browser's cache); each is valid for at least this long and at most twice it.
pub const SIGNED_URL_STEP_SECS: i64 = 3600;
/// Bytes of the HMAC kept in a URL (128 bits).
const SIG_BYTES: usize = 16;

/// Signs and checks image URLs of photos that are not public.
#[derive(Clone)]
pub struct UrlSigner {
    key: Arc<[u8; 32]>,
}

/// What a signed image URL's query amounts to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signature {
    /// Signed by this deployment and valid for this many more seconds.
    Valid { max_age: i64 },
    /// Signed by this deployment, but its time is over.
    Expired,
    /// Not a signature of this URL.
    Invalid,
}

impl UrlSigner {
    pub fn from_key(key: [u8; 32]) -> Self {
        Self { key: Arc::new(key) }
    }

    /// The deployment's key from `media.image_url_key`, made by the first process to ask.
    pub async fn load(pool: &PgPool) -> Result<Self, sqlx::Error> {
        let mut fresh = [0u8; 32];
        rand::rng().fill_bytes(&mut fresh);
        sqlx::query(
            "INSERT INTO media.image_url_key (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
        )
        .bind(&fresh[..])
        .execute(pool)
        .await?;
        let stored: Vec<u8> =
            sqlx::query_scalar("SELECT secret FROM media.image_url_key WHERE id = 1")
                .fetch_one(pool)
                .await?;
        let key: [u8; 32] = stored.try_into().map_err(|_| {
            sqlx::Error::Protocol("media.image_url_key.secret is not 32 bytes".into())
        })?;
        Ok(Self::from_key(key))
    }

    fn mac(&self, size: PhotoSize, key: &str, expires: i64) -> Hmac<Sha256> {
        // A key of any length is accepted by HMAC; 32 bytes cannot fail.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key[..])
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(format!("plinth-image\n{}\n{key}\n{expires}", size.as_str()).as_bytes());
        mac
    }

    /// The signed URL of `key` at `size`, valid until the end of the next whole hour.
    pub fn url(&self, size: PhotoSize, key: &str, now: DateTime<Utc>) -> String {
        let expires = (now.timestamp().div_euclid(SIGNED_URL_STEP_SECS) + 2) * SIGNED_URL_STEP_SECS;
        let sig = self.mac(size, key, expires).finalize().into_bytes();
        format!(
            "{}?expires={expires}&sig={}",
            image_url(size, key),
            hex::encode(&sig[..SIG_BYTES])
        )
    }

    /// Checks a URL's `expires` and `sig` (in constant time).
    pub fn check(
        &self,
        size: PhotoSize,
        key: &str,
        expires: i64,
        sig: &str,
        now: DateTime<Utc>,
    ) -> Signature {
        let Ok(given) = hex::decode(sig) else {
            return Signature::Invalid;
        };
        if given.len() != SIG_BYTES
            || self
                .mac(size, key, expires)
                .verify_truncated_left(&given)
                .is_err()
        {
            return Signature::Invalid;
        }
        let left = expires - now.timestamp();
        if left <= 0 {
            Signature::Expired
        } else {
            Signature::Valid {
                max_age: left.min(2 * SIGNED_URL_STEP_SECS),
            }
        }
    }
}

/// A process's [`UrlSigner`], read from the database on first use and kept.
#[derive(Clone, Default)]
pub struct SigningKey(Arc<tokio::sync::OnceCell<UrlSigner>>);

impl SigningKey {
    pub async fn get(&self, pool: &PgPool) -> Result<&UrlSigner, sqlx::Error> {
        self.0.get_or_try_init(|| UrlSigner::load(pool)).await
    }
}

impl PhotoDto {
    /// The same photo at signed URLs: for answers to its author or moderators while it is not
    /// public.
    pub fn signed(self, signer: &UrlSigner, now: DateTime<Utc>) -> Self {
        let url = |size| signer.url(size, &self.key, now);
        Self {
            url: url(PhotoSize::Original),
            thumbnail_url: url(PhotoSize::Thumbnail),
            medium_url: url(PhotoSize::Medium),
            large_url: url(PhotoSize::Large),
            ..self
        }
    }

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

    fn at(secs: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(secs, 0).unwrap()
    }

    /// `(expires, sig)` of a signed URL.
    fn query_of(url: &str) -> (i64, String) {
        let q = url.split_once('?').unwrap().1;
        let (e, s) = q.split_once('&').unwrap();
        (
            e.strip_prefix("expires=").unwrap().parse().unwrap(),
            s.strip_prefix("sig=").unwrap().to_owned(),
        )
    }

    #[test]
    fn a_signed_url_is_valid_for_one_to_two_hours_and_only_for_its_size_and_key() {
        // Given a signer and a photo signed at 10:30.
        let signer = UrlSigner::from_key([7; 32]);
        let key = PhotoKey::new().to_string();
        let signed_at = 1_700_000_000 - 1_700_000_000 % 3600 + 1800;
        let dto = PhotoDto::new(PhotoKey::parse(&key).unwrap(), 10, 10, None)
            .signed(&signer, at(signed_at));
        assert!(dto
            .thumbnail_url
            .starts_with(&format!("/api/images/thumbnail/{key}?expires=")));
        let (expires, sig) = query_of(&dto.thumbnail_url);

        // Then it is valid until the end of the next whole hour, and the same all that hour.
        assert_eq!(expires, signed_at - 1800 + 7200);
        assert_eq!(
            signer.url(PhotoSize::Thumbnail, &key, at(signed_at + 1799)),
            dto.thumbnail_url
        );
        assert_eq!(
            signer.check(PhotoSize::Thumbnail, &key, expires, &sig, at(signed_at)),
            Signature::Valid { max_age: 5400 }
        );
        assert_eq!(
            signer.check(PhotoSize::Thumbnail, &key, expires, &sig, at(expires)),
            Signature::Expired
        );
        // And it is no signature of another size, key, expiry, or deployment.
        let now = at(signed_at);
        assert_eq!(
            signer.check(PhotoSize::Original, &key, expires, &sig, now),
            Signature::Invalid
        );
        let other = PhotoKey::new().to_string();
        assert_eq!(
            signer.check(PhotoSize::Thumbnail, &other, expires, &sig, now),
            Signature::Invalid
        );
        assert_eq!(
            signer.check(PhotoSize::Thumbnail, &key, expires + 3600, &sig, now),
            Signature::Invalid
        );
        let elsewhere = UrlSigner::from_key([8; 32]);
        assert_eq!(
            elsewhere.check(PhotoSize::Thumbnail, &key, expires, &sig, now),
            Signature::Invalid
        );
        assert_eq!(
            signer.check(PhotoSize::Thumbnail, &key, expires, "zz", now),
            Signature::Invalid
        );
        assert_eq!(
            signer.check(PhotoSize::Thumbnail, &key, expires, &sig[..16], now),
            Signature::Invalid
        );
    }
}
