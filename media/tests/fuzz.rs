//! Fuzzing the upload entry points (docs/SECURITY.md, "Fuzzing"): whatever bytes arrive as a
//! photo, `sniff`, `inspect` and `render_variants` answer a value or a `PhotoError`, never a
//! panic, and what they read from EXIF stays within the summary's rules. Fixed case budgets and
//! no persistence files, so `make test` runs them in bounded time.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails at once, and says where, when its setup breaks"
)]

use std::sync::OnceLock;

use chrono::{TimeZone, Utc};
use domain::photo::{ExifSummary, PhotoSize};
use exif::{Rational, Tag, Value};
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPEncoder;
use image::ImageEncoder;
use media::images::{PhotoDto, Signature, UrlSigner};
use media::photos::{inspect, render_variants, sniff, PhotoError, MAX_PIXELS};
use media::testing::{
    field, phone_jpeg, png_claiming, scene, with_app1, with_claimed_size, with_exif, PhoneJpeg,
};
use proptest::prelude::*;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Renders are tried only for images this small: a mutated header may claim up to
/// [`MAX_PIXELS`], which is accepted by design and would make a case take seconds.
const RENDER_AT_MOST_PIXELS: u64 = 200_000;

struct Seeds {
    jpeg: Vec<u8>,
    phone: Vec<u8>,
    png: Vec<u8>,
    webp: Vec<u8>,
}

/// Small valid images of each accepted format, made once.
fn seeds() -> &'static Seeds {
    static SEEDS: OnceLock<Seeds> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let img = scene(48, 32);
        let mut jpeg = Vec::new();
        JpegEncoder::new_with_quality(&mut jpeg, 80)
            .encode_image(&img)
            .unwrap();
        let mut png = Vec::new();
        PngEncoder::new(&mut png)
            .write_image(img.as_raw(), 48, 32, image::ExtendedColorType::Rgb8)
            .unwrap();
        let mut webp = Vec::new();
        WebPEncoder::new_lossless(&mut webp)
            .write_image(img.as_raw(), 48, 32, image::ExtendedColorType::Rgb8)
            .unwrap();
        Seeds {
            jpeg,
            phone: phone_jpeg(&PhoneJpeg::new(64, 48, 49.2827, -123.1207)),
            png,
            webp,
        }
    })
}

/// What the summary may hold, whatever the EXIF said.
fn assert_summary_is_sane(exif: &ExifSummary) {
    if let Some(lat) = exif.latitude {
        assert!(lat.is_finite() && lat.abs() <= 90.0, "{exif:?}");
    }
    if let Some(lon) = exif.longitude {
        assert!(lon.is_finite() && lon.abs() <= 180.0, "{exif:?}");
    }
    assert_eq!(
        exif.latitude.is_some(),
        exif.longitude.is_some(),
        "{exif:?}"
    );
    for text in [&exif.make, &exif.model, &exif.date_time]
        .into_iter()
        .flatten()
    {
        assert!(!text.is_empty() && text.chars().count() <= 100, "{text:?}");
        assert!(!text.chars().any(char::is_control), "{text:?}");
    }
    if let Some(o) = exif.orientation {
        assert!((1..=8).contains(&o), "{exif:?}");
    }
}

/// Every entry point on `bytes`: no panic; what succeeds is consistent.
fn check_upload(bytes: &[u8]) {
    let format = sniff(bytes);
    match inspect(bytes) {
        Ok(inspected) => {
            assert_eq!(Some(inspected.format), format);
            assert!(u64::from(inspected.width) * u64::from(inspected.height) <= MAX_PIXELS);
            assert!(inspected.width > 0 && inspected.height > 0);
            assert_summary_is_sane(&inspected.exif);
            if u64::from(inspected.width) * u64::from(inspected.height) <= RENDER_AT_MOST_PIXELS {
                if let Ok(variants) = render_variants(bytes) {
                    assert_eq!(variants.len(), PhotoSize::ALL.len());
                    for v in &variants {
                        assert!(v.jpeg.starts_with(&[0xFF, 0xD8]));
                    }
                }
            }
        }
        Err(PhotoError::NotAnImage) => assert_eq!(format, None),
        Err(_) => {
            // Corrupt, too large or too many pixels: rendering refuses it too, without a panic.
            if bytes.len() <= 64 * 1024 {
                assert!(render_variants(bytes).is_err());
            }
        }
    }
}

/// One edit of a seed file: overwrite, insert, delete or truncate at `at` (a fraction of the
/// length, so edits land in headers and data alike).
#[derive(Debug, Clone)]
enum Mutation {
    Overwrite(f64, Vec<u8>),
    Insert(f64, Vec<u8>),
    Delete(f64, usize),
    Truncate(f64),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = 0.0..1.0f64;
    prop_oneof![
        4 => (at.clone(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(a, b)| Mutation::Overwrite(a, b)),
        2 => (at.clone(), prop::collection::vec(any::<u8>(), 1..64))
            .prop_map(|(a, b)| Mutation::Insert(a, b)),
        2 => (at.clone(), 1..256usize).prop_map(|(a, n)| Mutation::Delete(a, n)),
        1 => at.prop_map(Mutation::Truncate),
    ]
}

fn mutate(seed: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut out = seed.to_vec();
    for m in mutations {
        let pos = |f: f64, len: usize| ((len as f64) * f) as usize;
        match m {
            Mutation::Overwrite(f, bytes) => {
                let p = pos(*f, out.len());
                for (i, b) in bytes.iter().enumerate() {
                    if let Some(slot) = out.get_mut(p + i) {
                        *slot = *b;
                    }
                }
            }
            Mutation::Insert(f, bytes) => {
                let p = pos(*f, out.len()).min(out.len());
                out.splice(p..p, bytes.iter().copied());
            }
            Mutation::Delete(f, n) => {
                let p = pos(*f, out.len()).min(out.len());
                let end = (p + n).min(out.len());
                out.drain(p..end);
            }
            Mutation::Truncate(f) => out.truncate(pos(*f, out.len())),
        }
    }
    out
}

proptest! {
    #![proptest_config(config(1_000))]

    /// Bytes of any kind, bare or behind each format's magic bytes.
    #[test]
    fn random_bytes_as_a_photo_are_refused_or_read(
        prefix in prop::sample::select(vec![
            &b""[..],
            &[0xFF, 0xD8, 0xFF][..],
            &[0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x40, b'E', b'x', b'i', b'f', 0, 0][..],
            &b"\x89PNG\r\n\x1a\n"[..],
            &b"RIFF\x40\x00\x00\x00WEBPVP8 "[..],
            &b"RIFF\x40\x00\x00\x00WEBPVP8L"[..],
            &b"RIFF\x40\x00\x00\x00WEBPVP8X"[..],
        ]),
        tail in prop::collection::vec(any::<u8>(), 0..2048),
    ) {
        let mut bytes = prefix.to_vec();
        bytes.extend_from_slice(&tail);
        check_upload(&bytes);
    }

    /// Valid small JPEG, PNG and WebP files with bytes overwritten, inserted, deleted or cut.
    #[test]
    fn mutated_images_are_refused_or_read(
        which in 0..4usize,
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let s = seeds();
        let seed = [&s.jpeg, &s.phone, &s.png, &s.webp][which];
        check_upload(&mutate(seed, &mutations));
    }
}

proptest! {
    #![proptest_config(config(500))]

    /// Random bytes in an APP1 segment of a valid JPEG, bare, after the Exif header, or after
    /// a TIFF header of either byte order: the photo is still accepted and rendered, and the
    /// summary keeps to its rules.
    #[test]
    fn exif_garbage_never_breaks_a_valid_photo(
        header in prop::sample::select(vec![
            &b""[..],
            &b"Exif\0\0"[..],
            &b"Exif\0\0II*\0\x08\0\0\0"[..],
            &b"Exif\0\0MM\0*\0\0\0\x08"[..],
        ]),
        body in prop::collection::vec(any::<u8>(), 0..1500),
    ) {
        let bytes = with_app1(&seeds().jpeg, header, &body);
        let inspected = inspect(&bytes).unwrap();
        prop_assert_eq!((inspected.width, inspected.height), (48, 32));
        assert_summary_is_sane(&inspected.exif);
        prop_assert_eq!(render_variants(&bytes).unwrap().len(), PhotoSize::ALL.len());
    }

    /// Well-formed EXIF with hostile values: zero denominators, huge or non-finite GPS parts,
    /// any orientation, text with control characters and no end.
    #[test]
    fn hostile_exif_values_stay_within_the_summary_rules(
        lat in prop::collection::vec((any::<u32>(), any::<u32>()), 0..5),
        lon in prop::collection::vec((any::<u32>(), any::<u32>()), 0..5),
        lat_ref in prop::collection::vec(any::<u8>(), 0..3),
        lon_ref in prop::collection::vec(any::<u8>(), 0..3),
        orientation in prop::collection::vec(any::<u16>(), 0..3),
        make in prop::collection::vec(any::<u8>(), 0..300),
        date in prop::collection::vec(any::<u8>(), 0..40),
        pixel_x in any::<u32>(),
    ) {
        let rationals = |parts: &[(u32, u32)]| -> Vec<Rational> {
            parts.iter().map(|&(n, d)| (n, d).into()).collect()
        };
        let fields = vec![
            field(Tag::Make, Value::Ascii(vec![make])),
            field(Tag::Model, Value::Ascii(vec![])),
            field(Tag::DateTimeOriginal, Value::Ascii(vec![date])),
            field(Tag::Orientation, Value::Short(orientation)),
            field(Tag::PixelXDimension, Value::Long(vec![pixel_x])),
            field(Tag::GPSLatitudeRef, Value::Ascii(vec![lat_ref])),
            field(Tag::GPSLatitude, Value::Rational(rationals(&lat))),
            field(Tag::GPSLongitudeRef, Value::Ascii(vec![lon_ref])),
            field(Tag::GPSLongitude, Value::Rational(rationals(&lon))),
        ];
        let bytes = with_exif(&seeds().jpeg, &fields);
        let inspected = inspect(&bytes).unwrap();
        assert_summary_is_sane(&inspected.exif);
        prop_assert!(matches!(inspected.width, 32 | 48));
    }

    /// Decompression bombs: a tiny JPEG or PNG whose header claims a huge size is refused on the
    /// header, before any pixel buffer exists; a claimed size within the limit over missing data
    /// is never a panic.
    #[test]
    fn bombs_are_refused_on_their_header(
        width in 1..=u16::MAX,
        height in 1..=u16::MAX,
        png_width in 1..=u32::MAX / 2,
        png_height in 1..=u32::MAX / 2,
    ) {
        let jpeg = with_claimed_size(seeds().jpeg.clone(), width, height);
        let pixels = u64::from(width) * u64::from(height);
        if pixels > MAX_PIXELS {
            let too_many = PhotoError::TooManyPixels { width: width.into(), height: height.into() };
            prop_assert_eq!(inspect(&jpeg), Err(too_many.clone()));
            prop_assert_eq!(render_variants(&jpeg), Err(too_many));
        } else {
            check_upload(&jpeg);
        }
        let png = png_claiming(png_width, png_height);
        let png_pixels = u64::from(png_width) * u64::from(png_height);
        match inspect(&png) {
            Ok(i) => prop_assert!(png_pixels <= MAX_PIXELS, "{:?}", i),
            Err(PhotoError::TooManyPixels { .. }) => prop_assert!(png_pixels > MAX_PIXELS),
            Err(PhotoError::Corrupt(_)) => {}
            Err(e) => prop_assert!(false, "{}", e),
        }
        if png_pixels > MAX_PIXELS {
            prop_assert!(render_variants(&png).is_err());
        }
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// An image URL's `expires` and `sig` as anyone may send them: an answer, never a panic;
    /// the deployment's own signature checks as valid for its size and key only.
    #[test]
    fn signed_url_checks_never_panic(
        key in "\\PC{0,40}",
        sig in "\\PC{0,40}|[0-9a-f]{32}",
        expires in any::<i64>(),
        now in -8_000_000_000i64..8_000_000_000,
    ) {
        let signer = UrlSigner::from_key([7; 32]);
        let now = Utc.timestamp_opt(now, 0).unwrap();
        for size in PhotoSize::ALL {
            let _ = signer.check(size, &key, expires, &sig, now);
        }
        let url = signer.url(PhotoSize::Large, &key, now);
        let (_, query) = url.rsplit_once('?').unwrap();
        let params: std::collections::HashMap<&str, &str> =
            query.split('&').filter_map(|p| p.split_once('=')).collect();
        let expires: i64 = params["expires"].parse().unwrap();
        let valid = signer.check(PhotoSize::Large, &key, expires, params["sig"], now);
        prop_assert!(matches!(valid, Signature::Valid { .. }), "{:?}", valid);
        prop_assert_eq!(
            signer.check(PhotoSize::Thumbnail, &key, expires, params["sig"], now),
            Signature::Invalid
        );
    }

    /// A read model's photo list of any shape: entries that do not parse are skipped.
    #[test]
    fn photo_lists_of_any_shape_are_read_without_panic(value in json_value()) {
        for with_exif in [false, true] {
            let _ = PhotoDto::list(&value, with_exif);
            let wrapped = serde_json::Value::Array(vec![value.clone()]);
            let _ = PhotoDto::list(&wrapped, with_exif);
        }
    }
}

/// JSON of any shape, with the photo list's keys likely.
fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{json, Value as J};
    let leaf = prop_oneof![
        Just(J::Null),
        any::<bool>().prop_map(J::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        "\\PC{0,40}".prop_map(J::String),
        "[0-9a-f]{32}".prop_map(J::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(J::Array),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "key",
                    "width",
                    "height",
                    "exif",
                    "latitude",
                    "longitude",
                    "make",
                    "orientation",
                    "other",
                ])
                .prop_map(str::to_owned),
                inner,
                0..6
            )
            .prop_map(|m| J::Object(m.into_iter().collect())),
        ]
    })
}

#[test]
fn a_truncated_phone_photo_is_refused_at_every_length() {
    // The regression shape of the mutation fuzzing: every cut of a real upload.
    let phone = &seeds().phone;
    for len in (0..phone.len()).step_by(97) {
        check_upload(&phone[..len]);
    }
}
