//! Photo bytes in, facts and served files out: recognise an upload by its magic bytes, read its
//! size and EXIF summary without decoding it, and render the metadata-free JPEG variants that are
//! served. Everything here is synchronous and CPU-bound: call it from `spawn_blocking`.
//!
//! Kept in one file on purpose: the pipeline (content check, EXIF, bounded decode, variants) is one
//! sequence whose steps share the memory-budget and orientation types; the tests follow it.

use std::cmp::Reverse;
use std::io::Cursor;

use domain::photo::{ExifSummary, PhotoSize, MAX_PHOTO_BYTES};
use exif::{In, Tag, Value};
use image::codecs::jpeg::JpegEncoder;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageReader, Limits, RgbImage};

/// Most pixels (width × height, as stored) an upload may have: a decompression-bomb guard checked
/// on the header before any pixel buffer is allocated. 50 MP is above every phone's default
/// photo (12–48 MP) and keeps one render within a few hundred megabytes.
pub const MAX_PIXELS: u64 = 50_000_000;

/// What a render holds besides its pixel buffers: the scaled copies (≤ 2048 px) and the encoded
/// JPEGs, the full-size one included.
const RENDER_OVERHEAD: u64 = 32 * 1024 * 1024;

/// Most bytes one decode may allocate (image's own default, made explicit): enough for
/// `MAX_PIXELS` of 8-bit RGBA.
const MAX_DECODE_ALLOC: u64 = 512 * 1024 * 1024;

/// Longest make, model or date text kept from EXIF, in characters.
const MAX_EXIF_TEXT_CHARS: usize = 100;

/// The image formats accepted for upload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Jpeg,
    Png,
    Webp,
}

impl ImageFormat {
    pub fn mime_type(self) -> &'static str {
        match self {
            ImageFormat::Jpeg => "image/jpeg",
            ImageFormat::Png => "image/png",
            ImageFormat::Webp => "image/webp",
        }
    }

    fn codec(self) -> image::ImageFormat {
        match self {
            ImageFormat::Jpeg => image::ImageFormat::Jpeg,
            ImageFormat::Png => image::ImageFormat::Png,
            ImageFormat::Webp => image::ImageFormat::WebP,
        }
    }
}

/// The format of `bytes` judged by their magic bytes alone; a file name or a declared content
/// type is never consulted.
pub fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
    const JPEG_SOI: &[u8] = &[0xFF, 0xD8, 0xFF];
    const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.starts_with(JPEG_SOI) {
        return Some(ImageFormat::Jpeg);
    }
    if bytes.starts_with(PNG_SIGNATURE) {
        return Some(ImageFormat::Png);
    }
    let riff = bytes.get(0..4) == Some(b"RIFF");
    let webp = bytes.get(8..12) == Some(b"WEBP");
    let chunk = bytes.get(12..16);
    if riff && webp && matches!(chunk, Some(b"VP8 " | b"VP8L" | b"VP8X")) {
        return Some(ImageFormat::Webp);
    }
    None
}

#[derive(Debug, Clone, thiserror::Error, PartialEq)]
pub enum PhotoError {
    #[error("not a JPEG, PNG or WebP image")]
    NotAnImage,
    #[error("the file is {bytes} bytes, over the limit of {max} bytes", max = MAX_PHOTO_BYTES)]
    TooLarge { bytes: usize },
    #[error("the image is {width}×{height} pixels, over the limit of {max} pixels", max = MAX_PIXELS)]
    TooManyPixels { width: u32, height: u32 },
    #[error("the image is damaged or unreadable: {0}")]
    Corrupt(String),
}

/// What [`inspect`] learns from an upload's headers.
#[derive(Debug, Clone, PartialEq)]
pub struct Inspected {
    pub format: ImageFormat,
    pub exif: ExifSummary,
    /// Size as viewers see it: the stored size, swapped when the EXIF orientation (5–8) turns the
    /// picture by a quarter.
    pub width: u32,
    pub height: u32,
    /// An upper bound of the memory [`render_variants`] takes for it, in bytes: what the worker
    /// admits renders by.
    pub render_bytes: u64,
}

/// Checks an upload and reads its facts without decoding its pixels: the byte limit, the format
/// by magic bytes, the header's size against [`MAX_PIXELS`], and the EXIF summary. Missing or
/// unreadable EXIF is not an error: the summary is then mostly empty.
pub fn inspect(bytes: &[u8]) -> Result<Inspected, PhotoError> {
    let format = check_container(bytes)?;
    let decoder = open_decoder(bytes, format)?;
    let (width, height) = decoder.dimensions();
    check_pixels(width, height)?;
    let exif = summarize(read_exif(bytes).as_ref(), width, height);
    let render_bytes = render_memory(&decoder, quarter_turned(exif.orientation));
    let (width, height) = if quarter_turned(exif.orientation) {
        (height, width)
    } else {
        (width, height)
    };
    Ok(Inspected {
        format,
        exif,
        width,
        height,
        render_bytes,
    })
}

/// The most [`render_variants`] holds at once for this image: the decoded buffer (twice when a
/// quarter turn copies it), an 8-bit RGBA and an RGB copy when it is not 8-bit RGB already
/// (alpha, grey, 16-bit), and [`RENDER_OVERHEAD`].
fn render_memory(decoder: &impl ImageDecoder, quarter_turn: bool) -> u64 {
    let (width, height) = decoder.dimensions();
    let pixels = u64::from(width) * u64::from(height);
    let decoded = decoder.total_bytes();
    let turned = if quarter_turn { decoded } else { 0 };
    let converted = if decoder.color_type() == image::ColorType::Rgb8 {
        0
    } else {
        7 * pixels
    };
    decoded + turned + converted + RENDER_OVERHEAD
}

/// One served size of a photo: a baseline JPEG with no EXIF, XMP, ICC or comment segment.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub size: PhotoSize,
    pub width: u32,
    pub height: u32,
    pub jpeg: Vec<u8>,
}

/// Renders every [`PhotoSize`], in the order of [`PhotoSize::ALL`]: decoded once (under
/// [`Limits`]), turned upright by its EXIF orientation, flattened onto white, converted to sRGB
/// from an embedded colour profile, scaled down (never up) so the longest edge fits the size,
/// and re-encoded as JPEG. Each smaller size is scaled
/// from the next larger one, which costs far less than scaling each from the original.
pub fn render_variants(bytes: &[u8]) -> Result<Vec<Variant>, PhotoError> {
    let format = check_container(bytes)?;
    let mut decoder = open_decoder(bytes, format)?;
    let (width, height) = decoder.dimensions();
    check_pixels(width, height)?;
    let too_many = PhotoError::TooManyPixels { width, height };

    // The same EXIF reading as `inspect`, so the rendered shape always matches the size it
    // reported.
    let orientation = read_exif(bytes)
        .as_ref()
        .and_then(exif_orientation)
        .and_then(|o| u8::try_from(o).ok())
        .and_then(Orientation::from_exif)
        .unwrap_or(Orientation::NoTransforms);

    let mut limits = decode_limits();
    limits
        .reserve(decoder.total_bytes())
        .map_err(|_| too_many.clone())?;
    decoder.set_limits(limits).map_err(|_| too_many.clone())?;
    // A profile that cannot be read is treated as no profile: the pixels are taken as sRGB.
    let icc = decoder.icc_profile().ok().flatten();
    let mut decoded = DynamicImage::from_decoder(decoder).map_err(|e| match e {
        image::ImageError::Limits(_) => too_many.clone(),
        other => PhotoError::Corrupt(other.to_string()),
    })?;
    decoded.apply_orientation(orientation);
    let mut source = flatten_onto_white(decoded);
    if let Some(icc) = icc {
        convert_to_srgb(&mut source, &icc);
    }

    let mut largest_first = PhotoSize::ALL;
    largest_first.sort_by_key(|size| Reverse(size.max_edge().unwrap_or(u32::MAX)));
    let mut variants = Vec::with_capacity(largest_first.len());
    for size in largest_first {
        if let Some(max_edge) = size.max_edge() {
            let (w, h) = fit_within(source.width(), source.height(), max_edge);
            if (w, h) != source.dimensions() {
                source = downscale(&source, w, h)?;
            }
        }
        variants.push(Variant {
            size,
            width: source.width(),
            height: source.height(),
            jpeg: encode_jpeg(&source, jpeg_quality(size))?,
        });
    }
    variants.sort_by_key(|v| PhotoSize::ALL.iter().position(|s| *s == v.size));
    Ok(variants)
}

fn jpeg_quality(size: PhotoSize) -> u8 {
    match size {
        PhotoSize::Original | PhotoSize::Large => 90,
        PhotoSize::Medium | PhotoSize::Thumbnail => 82,
    }
}

/// The byte limit, the format, and for JPEG a structure that reaches its end: a truncated upload
/// would otherwise decode "successfully" with its missing part painted grey.
fn check_container(bytes: &[u8]) -> Result<ImageFormat, PhotoError> {
    if bytes.len() > MAX_PHOTO_BYTES {
        return Err(PhotoError::TooLarge { bytes: bytes.len() });
    }
    let format = sniff(bytes).ok_or(PhotoError::NotAnImage)?;
    if format == ImageFormat::Jpeg {
        jpeg::segments(bytes).map_err(PhotoError::Corrupt)?;
    }
    Ok(format)
}

fn decode_limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    limits
}

/// A decoder that has read only the headers.
fn open_decoder(bytes: &[u8], format: ImageFormat) -> Result<impl ImageDecoder + '_, PhotoError> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format.codec());
    reader.limits(decode_limits());
    reader
        .into_decoder()
        .map_err(|e| PhotoError::Corrupt(e.to_string()))
}

fn check_pixels(width: u32, height: u32) -> Result<(), PhotoError> {
    let pixels = u64::from(width) * u64::from(height);
    if pixels > MAX_PIXELS {
        return Err(PhotoError::TooManyPixels { width, height });
    }
    if pixels == 0 {
        return Err(PhotoError::Corrupt(format!(
            "empty image ({width}×{height})"
        )));
    }
    Ok(())
}

/// The largest size with the same aspect ratio whose longest edge is at most `max_edge`; the
/// size itself when it already fits.
fn fit_within(width: u32, height: u32, max_edge: u32) -> (u32, u32) {
    let longest = width.max(height);
    if longest <= max_edge {
        return (width, height);
    }
    let scale = |edge: u32| -> u32 {
        let scaled =
            (u64::from(edge) * u64::from(max_edge) + u64::from(longest) / 2) / u64::from(longest);
        u32::try_from(scaled).unwrap_or(max_edge).clamp(1, max_edge)
    };
    if width >= height {
        (max_edge, scale(height))
    } else {
        (scale(width), max_edge)
    }
}

/// Composites any transparency onto white (JPEG has none; black would be the default).
fn flatten_onto_white(image: DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    let mut rgb = RgbImage::new(rgba.width(), rgba.height());
    for (out, px) in rgb.pixels_mut().zip(rgba.pixels()) {
        let alpha = u32::from(px[3]);
        for c in 0..3 {
            let blended = (u32::from(px[c]) * alpha + 255 * (255 - alpha) + 127) / 255;
            out[c] = blended as u8;
        }
    }
    rgb
}

/// Converts pixels in the colour space of an embedded ICC profile to sRGB, in place. The
/// variants carry no profile, so browsers show their pixels as sRGB: without this a wide-gamut
/// photo (Display P3, as most recent phones take them; Adobe RGB from cameras) looks flat.
/// Colours outside sRGB are clipped (relative colorimetric, the profile's default). A profile
/// that does not parse or does not describe RGB (grey, CMYK) leaves the pixels as they are, as
/// browsers do with a broken profile.
fn convert_to_srgb(image: &mut RgbImage, icc: &[u8]) {
    use moxcms::{ColorProfile, DataColorSpace, Layout, TransformOptions};
    let Some(transform) = ColorProfile::new_from_slice(icc)
        .ok()
        .filter(|profile| profile.color_space == DataColorSpace::Rgb)
        .and_then(|profile| {
            let srgb = ColorProfile::new_srgb();
            let options = TransformOptions::default();
            profile
                .create_transform_8bit(Layout::Rgb, &srgb, Layout::Rgb, options)
                .ok()
        })
    else {
        return;
    };
    // A row at a time through one row of scratch space: no second full-size buffer. The
    // transform fails only on slices of unequal length, which these are not.
    let row = image.width() as usize * 3;
    let mut converted = vec![0u8; row];
    for pixels in image.chunks_exact_mut(row) {
        if transform.transform(pixels, &mut converted).is_ok() {
            pixels.copy_from_slice(&converted);
        }
    }
}

/// `image` resized to `width` × `height` with a Catmull-Rom filter (sharp, with less ringing
/// than Lanczos3, and ~5% smaller files), in 8-bit integer arithmetic (SIMD where the CPU has it). `image::imageops::resize` works through a four-channel `f32`
/// buffer of the source's width by the target's height, about 98 MB for the large size of a
/// 12 MP photo; this needs little beyond the two images.
fn downscale(image: &RgbImage, width: u32, height: u32) -> Result<RgbImage, PhotoError> {
    use fast_image_resize as fir;
    let failed = |e: &dyn std::fmt::Display| PhotoError::Corrupt(format!("resizing: {e}"));
    let src = fir::images::ImageRef::new(
        image.width(),
        image.height(),
        image.as_raw(),
        fir::PixelType::U8x3,
    )
    .map_err(|e| failed(&e))?;
    let mut dst = fir::images::Image::new(width, height, fir::PixelType::U8x3);
    let options = fir::ResizeOptions::new()
        .resize_alg(fir::ResizeAlg::Convolution(fir::FilterType::CatmullRom));
    fir::Resizer::new()
        .resize(&src, &mut dst, &options)
        .map_err(|e| failed(&e))?;
    RgbImage::from_raw(width, height, dst.into_vec())
        .ok_or_else(|| failed(&"the resized buffer has the wrong size"))
}

fn encode_jpeg(image: &RgbImage, quality: u8) -> Result<Vec<u8>, PhotoError> {
    let mut out = Vec::with_capacity(image.as_raw().len() / 8);
    JpegEncoder::new_with_quality(&mut out, quality)
        .encode_image(image)
        .map_err(|e| PhotoError::Corrupt(format!("encoding JPEG: {e}")))?;
    Ok(out)
}

fn quarter_turned(orientation: Option<u16>) -> bool {
    matches!(orientation, Some(5..=8))
}

/// The EXIF block of a JPEG, PNG or WebP, as far as it parses; `None` when there is none or it
/// is unreadable.
fn read_exif(bytes: &[u8]) -> Option<exif::Exif> {
    let mut cursor = Cursor::new(bytes);
    match exif::Reader::new()
        .continue_on_error(true)
        .read_from_container(&mut cursor)
    {
        Ok(exif) => Some(exif),
        Err(e) => e.distill_partial_result(|_ignored| {}).ok(),
    }
}

fn summarize(exif: Option<&exif::Exif>, header_width: u32, header_height: u32) -> ExifSummary {
    let Some(exif) = exif else {
        return ExifSummary {
            width: Some(header_width),
            height: Some(header_height),
            ..ExifSummary::default()
        };
    };
    let (latitude, longitude) = match gps_position(exif) {
        Some((lat, lon)) => (Some(lat), Some(lon)),
        None => (None, None),
    };
    let date_time = exif_text(exif, Tag::DateTimeOriginal)
        .or_else(|| exif_text(exif, Tag::DateTime))
        .filter(|t| t.bytes().any(|b| (b'1'..=b'9').contains(&b)));
    let exif_size = (
        exif_uint(exif, Tag::PixelXDimension),
        exif_uint(exif, Tag::PixelYDimension),
    );
    let (width, height) = match exif_size {
        (Some(w), Some(h)) if w > 0 && h > 0 => (w, h),
        _ => (header_width, header_height),
    };
    ExifSummary {
        latitude,
        longitude,
        date_time,
        make: exif_text(exif, Tag::Make),
        model: exif_text(exif, Tag::Model),
        orientation: exif_orientation(exif),
        width: Some(width),
        height: Some(height),
    }
}

fn exif_orientation(exif: &exif::Exif) -> Option<u16> {
    exif_uint(exif, Tag::Orientation)
        .filter(|o| (1..=8).contains(o))
        .and_then(|o| u16::try_from(o).ok())
}

fn exif_uint(exif: &exif::Exif, tag: Tag) -> Option<u32> {
    exif.get_field(tag, In::PRIMARY)?.value.get_uint(0)
}

/// An ASCII field's first string, without NULs, control characters or surrounding spaces,
/// at most [`MAX_EXIF_TEXT_CHARS`] long; `None` when nothing is left.
fn exif_text(exif: &exif::Exif, tag: Tag) -> Option<String> {
    let Value::Ascii(strings) = &exif.get_field(tag, In::PRIMARY)?.value else {
        return None;
    };
    let raw = String::from_utf8_lossy(strings.first()?);
    let printable: String = raw.chars().filter(|c| !c.is_control()).collect();
    let capped: String = printable.trim().chars().take(MAX_EXIF_TEXT_CHARS).collect();
    let text = capped.trim_end();
    (!text.is_empty()).then(|| text.to_string())
}

/// Signed decimal degrees (south and west negative), or `None` unless both coordinates are
/// present, well formed and in range. 0,0 is what receivers without a fix write: also `None`.
fn gps_position(exif: &exif::Exif) -> Option<(f64, f64)> {
    let lat = gps_coordinate(exif, &LATITUDE)?;
    let lon = gps_coordinate(exif, &LONGITUDE)?;
    if lat == 0.0 && lon == 0.0 {
        return None;
    }
    Some((lat, lon))
}

/// One coordinate of a GPS position as EXIF writes it: the tag of its value, the tag of its
/// reference, the reference's letters for a positive and a negative value, and its largest
/// magnitude.
struct Axis {
    value: Tag,
    reference: Tag,
    signs: (u8, u8),
    max: f64,
}

const LATITUDE: Axis = Axis {
    value: Tag::GPSLatitude,
    reference: Tag::GPSLatitudeRef,
    signs: (b'N', b'S'),
    max: 90.0,
};

const LONGITUDE: Axis = Axis {
    value: Tag::GPSLongitude,
    reference: Tag::GPSLongitudeRef,
    signs: (b'E', b'W'),
    max: 180.0,
};

fn gps_coordinate(exif: &exif::Exif, axis: &Axis) -> Option<f64> {
    let Value::Rational(parts) = &exif.get_field(axis.value, In::PRIMARY)?.value else {
        return None;
    };
    // Degrees, then minutes and seconds; some writers give decimal degrees or minutes only.
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    let mut degrees = 0.0;
    for (part, divisor) in parts.iter().zip([1.0, 60.0, 3600.0]) {
        if part.denom == 0 {
            return None;
        }
        let value = part.to_f64();
        if divisor > 1.0 && value > 60.0 {
            return None;
        }
        degrees += value / divisor;
    }
    let Value::Ascii(refs) = &exif.get_field(axis.reference, In::PRIMARY)?.value else {
        return None;
    };
    let hemisphere = refs.first()?.first()?.to_ascii_uppercase();
    let (positive, negative) = axis.signs;
    let signed = match hemisphere {
        h if h == positive => degrees,
        h if h == negative => -degrees,
        _ => return None,
    };
    if !signed.is_finite() || signed.abs() > axis.max {
        return None;
    }
    Some((signed * 1e7).round() / 1e7)
}

/// A walk over a JPEG's marker segments, for the truncation check and `testing::has_metadata`.
pub(crate) mod jpeg {
    pub const SOI: u8 = 0xD8;
    pub const EOI: u8 = 0xD9;
    pub const SOS: u8 = 0xDA;

    /// One marker segment: its marker code and its payload (after the length field). The
    /// truncation check needs only the walk; the fields are read by `testing::has_metadata`.
    #[derive(Debug)]
    #[cfg_attr(
        not(any(test, feature = "testing")),
        expect(dead_code, reason = "read only by testing::has_metadata")
    )]
    pub struct Segment<'a> {
        pub marker: u8,
        pub payload: &'a [u8],
    }

    /// Every segment from SOI up to the first EOI, and how many bytes follow that EOI. An error
    /// says where the structure broke: above all a file that ends before its EOI.
    pub fn segments(bytes: &[u8]) -> Result<(Vec<Segment<'_>>, usize), String> {
        if bytes.get(..2) != Some(&[0xFF, SOI][..]) {
            return Err("no JPEG start marker".into());
        }
        let mut segments = Vec::new();
        let mut pos = 2;
        loop {
            // Fill bytes (0xFF) may precede a marker; stray bytes between segments are skipped
            // as decoders do.
            let next_ff = bytes
                .get(pos..)
                .and_then(|rest| rest.iter().position(|&b| b == 0xFF))
                .ok_or_else(|| {
                    format!("file ends at byte {} before its end marker", bytes.len())
                })?;
            pos += next_ff;
            while bytes.get(pos) == Some(&0xFF) {
                pos += 1;
            }
            let marker = *bytes
                .get(pos)
                .ok_or_else(|| "file ends inside a marker".to_string())?;
            pos += 1;
            match marker {
                EOI => return Ok((segments, bytes.len() - pos)),
                SOI => return Err(format!("second start marker at byte {}", pos - 2)),
                // Stand-alone markers carry no length.
                0x01 | 0xD0..=0xD7 => continue,
                0x00 => continue,
                _ => {}
            }
            let length = bytes
                .get(pos..pos + 2)
                .map(|l| usize::from(u16::from_be_bytes([l[0], l[1]])))
                .ok_or_else(|| "file ends inside a segment header".to_string())?;
            if length < 2 {
                return Err(format!("segment length {length} at byte {pos}"));
            }
            let payload = bytes
                .get(pos + 2..pos + length)
                .ok_or_else(|| format!("file ends inside segment 0xFF{marker:02X}"))?;
            segments.push(Segment { marker, payload });
            pos += length;
            if marker == SOS {
                pos = skip_scan_data(bytes, pos)?;
            }
        }
    }

    /// The position of the marker that ends the entropy-coded data starting at `pos`: the first
    /// 0xFF that is neither a stuffed zero (FF 00) nor a restart marker (FF D0–D7).
    fn skip_scan_data(bytes: &[u8], mut pos: usize) -> Result<usize, String> {
        loop {
            let next_ff = bytes
                .get(pos..)
                .and_then(|rest| rest.iter().position(|&b| b == 0xFF))
                .ok_or_else(|| "file ends inside the image data".to_string())?;
            pos += next_ff;
            match bytes.get(pos + 1) {
                None => return Err("file ends inside the image data".into()),
                Some(0x00 | 0xD0..=0xD7) => pos += 2,
                Some(0xFF) => pos += 1,
                Some(_) => return Ok(pos),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        field, has_metadata, phone_jpeg, scene, with_app1, with_claimed_size, with_exif, PhoneJpeg,
    };

    const SANTIAGO: (f64, f64) = (-33.8568, -70.6483);
    const VANCOUVER: (f64, f64) = (49.2827, -123.1207);

    /// A phone photo taken in Vancouver, stored `width` × `height` with EXIF orientation 6
    /// (held upright, the camera's top to the right).
    fn turned_a_quarter(width: u32, height: u32) -> Vec<u8> {
        phone_jpeg(&PhoneJpeg {
            orientation: 6,
            ..PhoneJpeg::new(width, height, VANCOUVER.0, VANCOUVER.1)
        })
    }

    fn jpeg_of(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        JpegEncoder::new_with_quality(&mut out, 85)
            .encode_image(&scene(width, height))
            .unwrap();
        out
    }

    fn variant(variants: &[Variant], size: PhotoSize) -> &Variant {
        variants.iter().find(|v| v.size == size).unwrap()
    }

    /// The width and height of the variant of `size`.
    fn dimensions_of(variants: &[Variant], size: PhotoSize) -> (u32, u32) {
        let v = variant(variants, size);
        (v.width, v.height)
    }

    fn decode(jpeg: &[u8]) -> RgbImage {
        image::load_from_memory_with_format(jpeg, image::ImageFormat::Jpeg)
            .unwrap()
            .into_rgb8()
    }

    /// A JPEG of two flat halves, `left` and `right`, with `icc` embedded as its colour profile.
    fn two_tone_jpeg(left: [u8; 3], right: [u8; 3], icc: &[u8]) -> Vec<u8> {
        use image::ImageEncoder;
        let img = RgbImage::from_fn(800, 400, |x, _| {
            image::Rgb(if x < 400 { left } else { right })
        });
        let mut out = Vec::new();
        let mut encoder = JpegEncoder::new_with_quality(&mut out, 95);
        encoder.set_icc_profile(icc.to_vec()).unwrap();
        encoder.encode_image(&img).unwrap();
        out
    }

    /// The pixel in the middle of the left and of the right half.
    fn halves(jpeg: &[u8]) -> ([u8; 3], [u8; 3]) {
        let img = decode(jpeg);
        let y = img.height() / 2;
        (
            img.get_pixel(img.width() / 4, y).0,
            img.get_pixel(img.width() * 3 / 4, y).0,
        )
    }

    fn near(actual: [u8; 3], expected: [u8; 3], tolerance: u8) -> bool {
        actual
            .iter()
            .zip(expected)
            .all(|(a, e)| a.abs_diff(e) <= tolerance)
    }

    #[test]
    fn a_display_p3_photo_is_converted_to_srgb_and_served_without_its_profile() {
        let p3 = moxcms::ColorProfile::new_display_p3().encode().unwrap();
        // P3 (180, 120, 90) is sRGB ≈ (190, 117, 84) (the P3-to-sRGB matrix on linear light);
        // a neutral grey is the same in both (same white point and tone curve).
        let photo = two_tone_jpeg([128, 128, 128], [180, 120, 90], &p3);
        for v in render_variants(&photo).unwrap() {
            let (grey, warm) = halves(&v.jpeg);
            assert!(
                near(grey, [128, 128, 128], 2),
                "{:?}: grey became {grey:?}",
                v.size
            );
            assert!(
                near(warm, [190, 117, 84], 3),
                "{:?}: P3 (180, 120, 90) became {warm:?}",
                v.size
            );
            assert!(has_metadata(&v.jpeg).is_empty(), "{:?}", v.size);
        }
    }

    #[test]
    fn an_srgb_or_unreadable_profile_leaves_the_colours_as_they_are() {
        let srgb = moxcms::ColorProfile::new_srgb().encode().unwrap();
        let mut broken = srgb.clone();
        broken.truncate(60);
        let grey = moxcms::ColorProfile::new_gray_with_gamma(2.2)
            .encode()
            .unwrap();
        for (name, icc) in [("sRGB", srgb), ("truncated", broken), ("grey", grey)] {
            let photo = two_tone_jpeg([128, 128, 128], [180, 120, 90], &icc);
            let large = render_variants(&photo).unwrap();
            let (g, warm) = halves(&variant(&large, PhotoSize::Large).jpeg);
            assert!(near(g, [128, 128, 128], 2), "{name}: grey became {g:?}");
            assert!(
                near(warm, [180, 120, 90], 2),
                "{name}: (180, 120, 90) became {warm:?}"
            );
        }
    }

    fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    /// The JPEG with its frame header claiming another size.
    #[test]
    fn sniff_accepts_jpeg_png_and_webp_magic() {
        assert_eq!(sniff(&jpeg_of(8, 8)), Some(ImageFormat::Jpeg));
        assert_eq!(
            sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            Some(ImageFormat::Png)
        );
        assert_eq!(sniff(b"RIFF\x24\0\0\0WEBPVP8 "), Some(ImageFormat::Webp));
        assert_eq!(sniff(b"RIFF\x24\0\0\0WEBPVP8L"), Some(ImageFormat::Webp));
        assert_eq!(sniff(b"RIFF\x24\0\0\0WEBPVP8X"), Some(ImageFormat::Webp));
    }

    #[test]
    fn sniff_rejects_text_pdf_svg_gif_wav_and_empty() {
        let not_images: [&[u8]; 8] = [
            b"",
            b"hello, this is plain text",
            b"%PDF-1.7\n%\xe2\xe3\xcf\xd3",
            b"<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>",
            b"GIF89a\x01\0\x01\0\0\0\0;",
            b"RIFF\x24\0\0\0WAVEfmt ",
            b"\xFF\xD8",
        ];
        for bytes in not_images {
            assert_eq!(sniff(bytes), None, "{:?}", String::from_utf8_lossy(bytes));
        }
    }

    #[test]
    fn sniff_rejects_the_bytes_of_a_text_file_named_like_a_jpeg() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("holiday.jpg");
        std::fs::write(&path, "Content-Type: image/jpeg\r\n\r\nnot really").unwrap();

        let bytes = std::fs::read(&path).unwrap();

        assert_eq!(sniff(&bytes), None);
        assert_eq!(inspect(&bytes), Err(PhotoError::NotAnImage));
    }

    /// Asserts that a phone photo taken at `at` (latitude, longitude) reads back at `at`.
    fn assert_inspect_reads_position(at: (f64, f64)) {
        let photo = phone_jpeg(&PhoneJpeg::new(320, 240, at.0, at.1));

        let inspected = inspect(&photo).unwrap();

        let (lat, lon) = (
            inspected.exif.latitude.unwrap(),
            inspected.exif.longitude.unwrap(),
        );
        assert!((lat - at.0).abs() < 1e-6, "{lat}");
        assert!((lon - at.1).abs() < 1e-6, "{lon}");
    }

    #[test]
    fn inspect_reads_a_southern_western_position_as_negative_degrees() {
        assert_inspect_reads_position(SANTIAGO);
    }

    #[test]
    fn inspect_reads_a_northern_western_position_with_the_right_signs() {
        assert_inspect_reads_position(VANCOUVER);
    }

    #[test]
    fn inspect_reads_make_model_date_time_orientation_and_size() {
        let spec = PhoneJpeg {
            make: "Plinthcam".into(),
            model: "Pocket 12 Pro".into(),
            orientation: 3,
            date_time: "2023:11:30 08:15:59".into(),
            ..PhoneJpeg::new(320, 240, VANCOUVER.0, VANCOUVER.1)
        };

        let inspected = inspect(&phone_jpeg(&spec)).unwrap();

        assert_eq!(inspected.format, ImageFormat::Jpeg);
        let exif = &inspected.exif;
        assert_eq!(exif.make.as_deref(), Some("Plinthcam"));
        assert_eq!(exif.model.as_deref(), Some("Pocket 12 Pro"));
        assert_eq!(exif.date_time.as_deref(), Some("2023:11:30 08:15:59"));
        assert_eq!(exif.orientation, Some(3));
        assert_eq!((exif.width, exif.height), (Some(320), Some(240)));
        assert_eq!((inspected.width, inspected.height), (320, 240));
    }

    #[test]
    fn inspect_with_orientation_6_reports_the_swapped_upright_size() {
        let inspected = inspect(&turned_a_quarter(400, 300)).unwrap();

        assert_eq!(inspected.exif.orientation, Some(6));
        assert_eq!(
            (inspected.exif.width, inspected.exif.height),
            (Some(400), Some(300))
        );
        assert_eq!((inspected.width, inspected.height), (300, 400));
    }

    #[test]
    fn inspect_falls_back_to_date_time_when_date_time_original_is_absent() {
        let photo = with_exif(
            &jpeg_of(64, 48),
            &[field(
                Tag::DateTime,
                Value::Ascii(vec![b"2022:02:02 22:22:22".to_vec()]),
            )],
        );

        let exif = inspect(&photo).unwrap().exif;

        assert_eq!(exif.date_time.as_deref(), Some("2022:02:02 22:22:22"));
        assert_eq!((exif.latitude, exif.longitude), (None, None));
        assert_eq!(exif.orientation, None);
    }

    #[test]
    fn inspect_trims_nuls_and_spaces_and_caps_make_and_model() {
        let long_model = "M".repeat(300);
        let photo = with_exif(
            &jpeg_of(64, 48),
            &[
                field(
                    Tag::Make,
                    Value::Ascii(vec![b"  Plinthcam \0\0\0".to_vec()]),
                ),
                field(Tag::Model, Value::Ascii(vec![long_model.into_bytes()])),
                field(Tag::Orientation, Value::Short(vec![9])),
            ],
        );

        let exif = inspect(&photo).unwrap().exif;

        assert_eq!(exif.make.as_deref(), Some("Plinthcam"));
        assert_eq!(exif.model.map(|m| m.chars().count()), Some(100));
        assert_eq!(exif.orientation, None, "9 is not an orientation");
    }

    #[test]
    fn inspect_drops_out_of_range_unreferenced_or_null_island_positions() {
        let rational = |d: u32| Value::Rational(vec![(d, 1).into(), (0, 1).into(), (0, 1).into()]);
        let ascii = |s: &str| Value::Ascii(vec![s.as_bytes().to_vec()]);
        // A position north and east of 0, 0, with its references.
        let north_east = |lat: Value, lon: Value| {
            vec![
                field(Tag::GPSLatitudeRef, ascii("N")),
                field(Tag::GPSLatitude, lat),
                field(Tag::GPSLongitudeRef, ascii("E")),
                field(Tag::GPSLongitude, lon),
            ]
        };
        let cases = [
            north_east(rational(95), rational(10)),
            vec![
                field(Tag::GPSLatitude, rational(45)),
                field(Tag::GPSLongitude, rational(10)),
            ],
            north_east(rational(0), rational(0)),
            north_east(
                Value::Rational(vec![(45, 1).into(), (3, 0).into(), (0, 1).into()]),
                rational(10),
            ),
        ];
        for fields in cases {
            let exif = inspect(&with_exif(&jpeg_of(32, 32), &fields)).unwrap().exif;
            assert_eq!((exif.latitude, exif.longitude), (None, None), "{fields:?}");
        }
    }

    #[test]
    fn inspect_of_a_photo_without_exif_gives_the_header_size_and_nothing_else() {
        let inspected = inspect(&jpeg_of(200, 100)).unwrap();

        assert_eq!(
            inspected.exif,
            ExifSummary {
                width: Some(200),
                height: Some(100),
                ..ExifSummary::default()
            }
        );
        assert_eq!((inspected.width, inspected.height), (200, 100));
    }

    #[test]
    fn inspect_ignores_an_unreadable_exif_block() {
        let photo = with_app1(
            &jpeg_of(64, 48),
            b"Exif\0\0",
            b"MM\0*garbage that is not an IFD",
        );

        let inspected = inspect(&photo).unwrap();

        assert_eq!(inspected.exif.latitude, None);
        assert_eq!((inspected.width, inspected.height), (64, 48));
    }

    #[test]
    fn inspect_reads_png_and_webp_headers() {
        let mut png = Vec::new();
        DynamicImage::ImageRgb8(scene(30, 20))
            .write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        let mut webp = Vec::new();
        DynamicImage::ImageRgba8(DynamicImage::ImageRgb8(scene(30, 20)).into_rgba8())
            .write_to(&mut Cursor::new(&mut webp), image::ImageFormat::WebP)
            .unwrap();

        let png = inspect(&png).unwrap();
        let webp = inspect(&webp).unwrap();

        assert_eq!(
            (png.format, png.width, png.height),
            (ImageFormat::Png, 30, 20)
        );
        assert_eq!(
            (webp.format, webp.width, webp.height),
            (ImageFormat::Webp, 30, 20)
        );
    }

    #[test]
    fn a_header_claiming_60000_by_60000_is_refused_before_decoding() {
        let bomb = with_claimed_size(jpeg_of(16, 16), 60_000, 60_000);
        let expected = PhotoError::TooManyPixels {
            width: 60_000,
            height: 60_000,
        };

        let started = std::time::Instant::now();
        assert_eq!(inspect(&bomb), Err(expected.clone()));
        assert_eq!(render_variants(&bomb), Err(expected));
        // 3.6 gigapixels would take many seconds and gigabytes to even allocate and clear.
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
    }

    #[test]
    fn a_100_megapixel_header_is_refused_and_50_megapixels_is_the_limit() {
        let hundred = with_claimed_size(jpeg_of(16, 16), 10_000, 10_000);
        assert_eq!(
            inspect(&hundred),
            Err(PhotoError::TooManyPixels {
                width: 10_000,
                height: 10_000
            })
        );
        let fifty = with_claimed_size(jpeg_of(16, 16), 10_000, 5_000);
        assert!(inspect(&fifty).is_ok());
        let over = with_claimed_size(jpeg_of(16, 16), 10_000, 5_001);
        assert!(matches!(
            inspect(&over),
            Err(PhotoError::TooManyPixels { .. })
        ));
    }

    #[test]
    fn the_render_memory_bound_counts_the_decoded_buffer_turns_and_conversions() {
        let mb = |b: u64| b as f64 / 1e6;
        let overhead = RENDER_OVERHEAD;
        // An upright 8-bit RGB JPEG: its buffer only.
        let upright = inspect(&jpeg_of(400, 300)).unwrap();
        assert_eq!(upright.render_bytes, 400 * 300 * 3 + overhead);
        // Turned by a quarter: the buffer twice.
        let turned = inspect(&turned_a_quarter(400, 300)).unwrap();
        assert_eq!(turned.render_bytes, 2 * 400 * 300 * 3 + overhead);
        // RGBA: the buffer, then 8-bit RGBA and RGB copies.
        let mut png = Vec::new();
        DynamicImage::ImageRgba8(DynamicImage::ImageRgb8(scene(40, 30)).into_rgba8())
            .write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        let png = inspect(&png).unwrap();
        assert_eq!(png.render_bytes, 40 * 30 * 4 + 7 * 40 * 30 + overhead);
        // A 48 MP phone photo turned upright fits a 384 MB budget.
        let phone48 = 2 * 8_000 * 6_000 * 3 + overhead;
        assert!(mb(phone48) < 384.0 * 1.048_576, "{}", mb(phone48));
    }

    #[test]
    fn a_truncated_jpeg_is_corrupt() {
        let photo = phone_jpeg(&PhoneJpeg::new(320, 240, VANCOUVER.0, VANCOUVER.1));
        let truncated = &photo[..photo.len() * 2 / 3];

        assert!(matches!(inspect(truncated), Err(PhotoError::Corrupt(_))));
        assert!(matches!(
            render_variants(truncated),
            Err(PhotoError::Corrupt(_))
        ));
        let header_only = &photo[..40];
        assert!(matches!(inspect(header_only), Err(PhotoError::Corrupt(_))));
    }

    #[test]
    fn an_oversize_buffer_is_too_large() {
        let mut big = jpeg_of(16, 16);
        big.resize(MAX_PHOTO_BYTES + 1, 0);

        assert_eq!(
            inspect(&big),
            Err(PhotoError::TooLarge {
                bytes: MAX_PHOTO_BYTES + 1
            })
        );
        assert_eq!(
            render_variants(&big),
            Err(PhotoError::TooLarge {
                bytes: MAX_PHOTO_BYTES + 1
            })
        );
    }

    #[test]
    fn render_variants_bound_each_longest_edge_and_keep_the_aspect_ratio() {
        let photo = phone_jpeg(&PhoneJpeg::new(2100, 1400, VANCOUVER.0, VANCOUVER.1));

        let variants = render_variants(&photo).unwrap();

        let sizes: Vec<_> = variants.iter().map(|v| v.size).collect();
        assert_eq!(sizes, PhotoSize::ALL.to_vec());
        let dims = |size| {
            let v = variant(&variants, size);
            (v.width, v.height)
        };
        assert_eq!(dims(PhotoSize::Thumbnail), (400, 267));
        assert_eq!(dims(PhotoSize::Medium), (1024, 683));
        assert_eq!(dims(PhotoSize::Large), (2048, 1365));
        assert_eq!(dims(PhotoSize::Original), (2100, 1400));
        for v in &variants {
            assert_eq!(decode(&v.jpeg).dimensions(), (v.width, v.height));
            if let Some(max) = v.size.max_edge() {
                assert!(v.width.max(v.height) <= max);
            }
        }
    }

    #[test]
    fn render_variants_never_upscale_a_small_photo() {
        let photo = phone_jpeg(&PhoneJpeg::new(300, 200, SANTIAGO.0, SANTIAGO.1));

        let variants = render_variants(&photo).unwrap();

        assert_eq!(variants.len(), PhotoSize::ALL.len());
        for v in &variants {
            assert_eq!((v.width, v.height), (300, 200), "{:?}", v.size);
            assert_eq!(decode(&v.jpeg).dimensions(), (300, 200));
        }
    }

    #[test]
    fn render_variants_of_orientation_6_are_portrait_and_turned_clockwise() {
        let variants = render_variants(&turned_a_quarter(800, 600)).unwrap();

        assert_eq!(dimensions_of(&variants, PhotoSize::Original), (600, 800));
        assert_eq!(dimensions_of(&variants, PhotoSize::Thumbnail), (300, 400));
        for v in &variants {
            assert!(v.height > v.width, "{:?} is not portrait", v.size);
        }
        // Turned 90° clockwise, the stored top-left red square is now top-right.
        let thumb = decode(&variant(&variants, PhotoSize::Thumbnail).jpeg);
        let red = |x: u32, y: u32| {
            let p = thumb.get_pixel(x, y);
            p[0] > 150 && p[1] < 90 && p[2] < 90
        };
        assert!(
            red(thumb.width() - 10, 10),
            "top-right should be the red marker"
        );
        assert!(!red(10, 10), "top-left should not be red");
    }

    #[test]
    fn rendered_variants_carry_no_metadata_of_the_upload() {
        let spec = PhoneJpeg {
            make: "UniqueMakerXyz".into(),
            model: "SecretModel-42".into(),
            ..PhoneJpeg::new(1200, 900, SANTIAGO.0, SANTIAGO.1)
        };
        let photo = phone_jpeg(&spec);
        assert!(
            !has_metadata(&photo).is_empty(),
            "the fixture must carry metadata"
        );

        let variants = render_variants(&photo).unwrap();

        for v in &variants {
            assert_eq!(has_metadata(&v.jpeg), Vec::<String>::new(), "{:?}", v.size);
            assert!(!contains(&v.jpeg, b"UniqueMakerXyz"), "{:?}", v.size);
            assert!(!contains(&v.jpeg, b"SecretModel-42"), "{:?}", v.size);
            assert!(!contains(&v.jpeg, b"Exif\0"), "{:?}", v.size);
            assert_eq!(sniff(&v.jpeg), Some(ImageFormat::Jpeg));
        }
    }

    #[test]
    fn has_metadata_finds_exif_xmp_icc_iptc_and_comments() {
        let clean = jpeg_of(16, 16);
        assert!(has_metadata(&clean).is_empty());

        let xmp = with_app1(&clean, b"http://ns.adobe.com/xap/1.0/\0", b"<x:xmpmeta/>");
        let insert = |marker: u8, payload: &[u8]| {
            let mut out = clean[..2].to_vec();
            out.extend_from_slice(&[0xFF, marker]);
            out.extend_from_slice(&u16::try_from(payload.len() + 2).unwrap().to_be_bytes());
            out.extend_from_slice(payload);
            out.extend_from_slice(&clean[2..]);
            out
        };
        let found = |jpeg: &[u8]| has_metadata(jpeg).join(", ");

        assert!(found(&phone_jpeg(&PhoneJpeg::default())).contains("APP1 Exif"));
        assert!(found(&phone_jpeg(&PhoneJpeg::default())).contains("GPSLatitude"));
        assert!(found(&xmp).contains("APP1 XMP"));
        assert!(found(&insert(0xE2, b"ICC_PROFILE\0\x01\x01")).contains("ICC"));
        assert!(found(&insert(0xED, b"Photoshop 3.0\0")).contains("APP13"));
        assert!(found(&insert(0xFE, b"shot at home")).contains("COM"));
        let mut trailing = clean.clone();
        trailing.extend_from_slice(b"appended");
        assert!(found(&trailing).contains("after the end marker"));
    }

    #[test]
    fn a_png_with_alpha_renders_onto_white() {
        let mut rgba = image::RgbaImage::from_pixel(50, 40, image::Rgba([0, 0, 0, 0]));
        for x in 0..25 {
            for y in 0..40 {
                rgba.put_pixel(x, y, image::Rgba([0, 0, 200, 255]));
            }
        }
        let mut png = Vec::new();
        DynamicImage::ImageRgba8(rgba)
            .write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();

        let variants = render_variants(&png).unwrap();

        let original = decode(&variant(&variants, PhotoSize::Original).jpeg);
        assert_eq!(original.dimensions(), (50, 40));
        let transparent = original.get_pixel(45, 20);
        assert!(
            transparent.0.iter().all(|&c| c > 240),
            "{transparent:?} is not white"
        );
        let opaque = original.get_pixel(5, 20);
        assert!(opaque[2] > 150 && opaque[0] < 60, "{opaque:?} is not blue");
        for v in &variants {
            assert!(has_metadata(&v.jpeg).is_empty());
        }
    }

    #[test]
    fn a_webp_renders() {
        let mut webp = Vec::new();
        DynamicImage::ImageRgba8(DynamicImage::ImageRgb8(scene(500, 250)).into_rgba8())
            .write_to(&mut Cursor::new(&mut webp), image::ImageFormat::WebP)
            .unwrap();

        let variants = render_variants(&webp).unwrap();

        assert_eq!(dimensions_of(&variants, PhotoSize::Thumbnail), (400, 200));
    }

    #[test]
    fn the_jpeg_walk_follows_several_scans_and_needs_the_end_marker() {
        // SOI, SOS + data (with a stuffed FF00 and a restart marker), DHT, SOS + data, EOI:
        // the shape of a progressive file.
        let mut file = vec![0xFF, 0xD8];
        file.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x04, 0x01, 0x02]);
        file.extend_from_slice(&[0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]);
        file.extend_from_slice(&[0xFF, 0xC4, 0x00, 0x03, 0x00]);
        file.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x04, 0x01, 0x02]);
        file.extend_from_slice(&[0x78, 0x9A]);
        let complete = [file.as_slice(), &[0xFF, 0xD9]].concat();

        let (segments, trailing) = jpeg::segments(&complete).unwrap();

        let markers: Vec<u8> = segments.iter().map(|s| s.marker).collect();
        assert_eq!(markers, vec![0xDA, 0xC4, 0xDA]);
        assert_eq!(trailing, 0);
        assert!(jpeg::segments(&file).is_err(), "no end marker");
    }

    #[test]
    fn fit_within_rounds_and_never_reaches_zero() {
        assert_eq!(fit_within(4000, 3000, 400), (400, 300));
        assert_eq!(fit_within(3000, 4000, 400), (300, 400));
        assert_eq!(fit_within(10_000, 1, 400), (400, 1));
        assert_eq!(fit_within(400, 400, 400), (400, 400));
        assert_eq!(fit_within(100, 50, 400), (100, 50));
    }
}
