//! Fixture builders and checks, for tests and benchmarks (here and in other crates' tests):
//! phone-like JPEGs with full EXIF, and a detector of metadata left in a served JPEG. They
//! panic on internal failure, as test helpers do. Built with the `testing` feature.
#![expect(
    clippy::expect_used,
    reason = "test support: a broken fixture should stop the test at once"
)]

use std::io::Cursor;

use exif::experimental::Writer;
use exif::{Field, In, Rational, Tag, Value};
use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};

use crate::photos::jpeg;

/// A baseline JPEG whose frame header claims `width` × `height` while its data stays as
/// small as it was: a decompression bomb's shape, refused on its header.
pub fn with_claimed_size(mut jpeg: Vec<u8>, width: u16, height: u16) -> Vec<u8> {
    let sof = jpeg
        .windows(2)
        .position(|w| w == [0xFF, 0xC0])
        .expect("a baseline JPEG has a SOF0 segment");
    jpeg[sof + 5..sof + 7].copy_from_slice(&height.to_be_bytes());
    jpeg[sof + 7..sof + 9].copy_from_slice(&width.to_be_bytes());
    jpeg
}

/// What [`phone_jpeg`] makes: the stored pixel size and the EXIF it carries.
#[derive(Debug, Clone, PartialEq)]
pub struct PhoneJpeg {
    pub width: u32,
    pub height: u32,
    pub lat: f64,
    pub lon: f64,
    pub make: String,
    pub model: String,
    /// EXIF orientation 1–8, written as is (the pixels are not turned).
    pub orientation: u16,
    /// EXIF form, e.g. `2024:05:01 14:03:22`.
    pub date_time: String,
    /// Tagged with a Display P3 colour profile, as recent phones tag their photos.
    pub display_p3: bool,
}

impl PhoneJpeg {
    pub fn new(width: u32, height: u32, lat: f64, lon: f64) -> Self {
        Self {
            width,
            height,
            lat,
            lon,
            make: "Plinthcam".into(),
            model: "Pocket 12 Pro".into(),
            orientation: 1,
            date_time: "2024:05:01 14:03:22".into(),
            display_p3: false,
        }
    }
}

impl Default for PhoneJpeg {
    /// A small landscape photo taken in Vancouver.
    fn default() -> Self {
        Self::new(640, 480, 49.2827, -123.1207)
    }
}

/// A JPEG like a phone's: a busy scene (so its size is realistic) with an APP1 Exif segment
/// right after SOI holding make, model, orientation, date, pixel size and a GPS position, and
/// an APP2 colour profile when asked for.
/// The scene has a red square in its stored top-left corner, to check orientation by.
pub fn phone_jpeg(spec: &PhoneJpeg) -> Vec<u8> {
    use image::ImageEncoder;
    let mut jpeg = Vec::new();
    let mut encoder = JpegEncoder::new_with_quality(&mut jpeg, 92);
    if spec.display_p3 {
        let icc = moxcms::ColorProfile::new_display_p3()
            .encode()
            .expect("encoding the Display P3 profile");
        encoder
            .set_icc_profile(icc)
            .expect("JPEG takes a colour profile");
    }
    encoder
        .encode_image(&scene(spec.width, spec.height))
        .expect("encoding the fixture scene");
    with_exif(&jpeg, &phone_exif_fields(spec))
}

/// `jpeg` with an APP1 Exif segment holding `fields` inserted right after SOI.
pub fn with_exif(jpeg: &[u8], fields: &[Field]) -> Vec<u8> {
    let mut writer = Writer::new();
    for field in fields {
        writer.push_field(field);
    }
    let mut tiff = Cursor::new(Vec::new());
    writer
        .write(&mut tiff, false)
        .expect("writing the EXIF block");
    with_app1(jpeg, b"Exif\0\0", &tiff.into_inner())
}

/// `jpeg` with an APP1 segment of `header` + `body` inserted right after SOI.
pub fn with_app1(jpeg: &[u8], header: &[u8], body: &[u8]) -> Vec<u8> {
    assert!(jpeg.starts_with(&[0xFF, 0xD8]), "not a JPEG");
    let length = u16::try_from(2 + header.len() + body.len()).expect("APP1 over 64 KiB");
    let mut out = Vec::with_capacity(jpeg.len() + usize::from(length) + 2);
    out.extend_from_slice(&jpeg[..2]);
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&length.to_be_bytes());
    out.extend_from_slice(header);
    out.extend_from_slice(body);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// The EXIF fields [`phone_jpeg`] writes.
pub fn phone_exif_fields(spec: &PhoneJpeg) -> Vec<Field> {
    let ascii = |tag: Tag, text: &str| field(tag, Value::Ascii(vec![text.as_bytes().to_vec()]));
    vec![
        ascii(Tag::Make, &spec.make),
        ascii(Tag::Model, &spec.model),
        field(Tag::Orientation, Value::Short(vec![spec.orientation])),
        ascii(Tag::DateTimeOriginal, &spec.date_time),
        field(Tag::PixelXDimension, Value::Long(vec![spec.width])),
        field(Tag::PixelYDimension, Value::Long(vec![spec.height])),
        field(Tag::GPSVersionID, Value::Byte(vec![2, 3, 0, 0])),
        ascii(Tag::GPSLatitudeRef, if spec.lat < 0.0 { "S" } else { "N" }),
        field(Tag::GPSLatitude, Value::Rational(dms(spec.lat))),
        ascii(Tag::GPSLongitudeRef, if spec.lon < 0.0 { "W" } else { "E" }),
        field(Tag::GPSLongitude, Value::Rational(dms(spec.lon))),
        field(Tag::GPSAltitudeRef, Value::Byte(vec![0])),
        field(Tag::GPSAltitude, Value::Rational(vec![(3550, 100).into()])),
    ]
}

pub fn field(tag: Tag, value: Value) -> Field {
    Field {
        tag,
        ifd_num: In::PRIMARY,
        value,
    }
}

/// |degrees| as degrees, minutes and seconds (to 1/10000 s), as GPS tags store them.
pub fn dms(degrees: f64) -> Vec<Rational> {
    let abs = degrees.abs();
    let whole = abs.trunc();
    let minutes = (abs - whole) * 60.0;
    let whole_minutes = minutes.trunc();
    let seconds = (minutes - whole_minutes) * 60.0;
    vec![
        (whole as u32, 1).into(),
        (whole_minutes as u32, 1).into(),
        ((seconds * 10_000.0).round() as u32, 10_000).into(),
    ]
}

/// A gradient with shapes and fine grain, so it compresses like a photo rather than a flat
/// test card; a red square marks the top-left corner.
pub fn scene(width: u32, height: u32) -> RgbImage {
    let (w, h) = (width.max(1), height.max(1));
    let marker = (w.min(h) / 5).max(1);
    let (cx, cy, radius) = (
        i64::from(w) * 2 / 3,
        i64::from(h) / 2,
        i64::from(w.min(h)) / 4,
    );
    RgbImage::from_fn(w, h, |x, y| {
        if x < marker && y < marker {
            return Rgb([220, 20, 20]);
        }
        let grain = (x.wrapping_mul(0x9E37_79B1) ^ y.wrapping_mul(0x85EB_CA77))
            .wrapping_mul(0xC2B2_AE3D)
            >> 27;
        let grain = grain as u8; // 0..=31
        let (dx, dy) = (i64::from(x) - cx, i64::from(y) - cy);
        let base = if dx * dx + dy * dy < radius * radius {
            [235, 205, 60] // a yellow disc
        } else if (x / (w / 8).max(1) + y / (h / 6).max(1)) % 5 == 0 {
            [40, 40, 55] // dark blocks
        } else {
            [
                30,
                (60 + 150 * u64::from(y) / u64::from(h)) as u8,
                (80 + 150 * u64::from(x) / u64::from(w)) as u8,
            ]
        };
        Rgb(base.map(|c: u8| c.saturating_add(grain).saturating_sub(16)))
    })
}

/// Every metadata carrier left in a JPEG: APP1 (Exif, XMP or other), APP2 (ICC or other),
/// APP13 (IPTC), other application segments except JFIF (APP0) and Adobe (APP14), comments,
/// and bytes after the end marker; plus any GPS, make or model tag an EXIF reader still finds.
/// Empty for a clean file.
pub fn has_metadata(jpeg: &[u8]) -> Vec<String> {
    let mut found = Vec::new();
    match jpeg::segments(jpeg) {
        Err(e) => found.push(format!("not a well-formed JPEG: {e}")),
        Ok((segments, trailing)) => {
            for segment in segments {
                if let Some(kind) = metadata_kind(segment.marker, segment.payload) {
                    found.push(kind);
                }
            }
            if trailing > 0 {
                found.push(format!("{trailing} bytes after the end marker"));
            }
        }
    }
    if let Ok(exif) = exif::Reader::new().read_from_container(&mut Cursor::new(jpeg)) {
        for field in exif.fields() {
            let sensitive = matches!(field.tag, Tag::Make | Tag::Model)
                || field.tag.context() == exif::Context::Gps;
            if sensitive {
                found.push(format!("readable EXIF tag {}", field.tag));
            }
        }
    }
    found
}

fn metadata_kind(marker: u8, payload: &[u8]) -> Option<String> {
    let kind = match marker {
        0xE0 if payload.starts_with(b"JFIF\0") || payload.starts_with(b"JFXX\0") => return None,
        0xE1 if payload.starts_with(b"Exif\0") => "APP1 Exif".to_string(),
        0xE1 if payload.starts_with(b"http://ns.adobe.com/") => "APP1 XMP".to_string(),
        0xE1 => "APP1 (unknown)".to_string(),
        0xE2 if payload.starts_with(b"ICC_PROFILE\0") => "APP2 ICC profile".to_string(),
        0xE2 => "APP2 (unknown)".to_string(),
        0xED => "APP13 IPTC/Photoshop".to_string(),
        0xEE if payload.starts_with(b"Adobe") => return None,
        0xFE => "COM comment".to_string(),
        0xE0..=0xEF => format!("APP{}", marker - 0xE0),
        _ => return None,
    };
    Some(kind)
}

/// A PNG whose IHDR (with a correct CRC) declares `width` × `height` over a few bytes of data.
pub fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc32(&body).to_be_bytes());
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB, deflate, no filter, no interlace
    chunk(&mut out, b"IHDR", &ihdr);
    // A zlib stream of a few zero bytes: what would inflate to the whole image in a real bomb.
    chunk(
        &mut out,
        b"IDAT",
        &[0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01],
    );
    chunk(&mut out, b"IEND", &[]);
    out
}
