//! Peak memory of photo work, read from this test process's own `VmHWM` (Linux). A test binary
//! of its own, with one test, so no other test allocates while it measures.

#![expect(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test fails at once, and says where, when its setup breaks"
)]

use media::photos::{inspect, render_variants, PhotoError};
use media::testing::{phone_jpeg, with_claimed_size, PhoneJpeg};

/// A field of `/proc/self/status`, in bytes.
fn status_bytes(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with(field))
        .unwrap_or_else(|| panic!("no {field} in /proc/self/status"));
    let kb: u64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.parse().ok())
        .unwrap();
    kb * 1024
}

/// Resets the peak to the current resident size and answers that size.
fn reset_peak() -> u64 {
    std::fs::write("/proc/self/clear_refs", "5").expect("resetting VmHWM (clear_refs 5)");
    status_bytes("VmRSS:")
}

/// How much the peak resident size rose above `start` since [`reset_peak`].
fn peak_growth(start: u64) -> u64 {
    status_bytes("VmHWM:").saturating_sub(start)
}

#[test]
fn photo_work_stays_within_its_memory_bound() {
    // A 100-megapixel JPEG (10,000 × 10,000 claimed in its header, 1.5 MB or less of data):
    // refused on its header by both inspect and render, before any pixel buffer exists.
    let bomb = with_claimed_size(
        phone_jpeg(&PhoneJpeg::new(64, 64, 49.28, -123.12)),
        10_000,
        10_000,
    );
    let start = reset_peak();
    let refused = PhotoError::TooManyPixels {
        width: 10_000,
        height: 10_000,
    };
    assert_eq!(inspect(&bomb), Err(refused.clone()));
    assert_eq!(render_variants(&bomb), Err(refused));
    let grew = peak_growth(start);
    assert!(
        grew < 8 * 1024 * 1024,
        "refusing a 100 MP header raised the peak by {} MB",
        grew / 1_000_000
    );

    // A 12-megapixel phone photo, turned by a quarter (EXIF orientation 6): its render holds no
    // more than the bound `inspect` reports, which the worker admits renders by.
    let mut spec = PhoneJpeg::new(4_000, 3_000, 49.28, -123.12);
    spec.orientation = 6;
    let photo = phone_jpeg(&spec);
    let bound = inspect(&photo).unwrap().render_bytes;
    let start = reset_peak();
    let variants = render_variants(&photo).unwrap();
    let grew = peak_growth(start);
    assert_eq!(variants.len(), 4);
    assert!(
        grew <= bound,
        "the render raised the peak by {} MB, above its bound of {} MB",
        grew / 1_000_000,
        bound / 1_000_000
    );
    // The bound is not slack either: the decoded buffer alone is 36 MB.
    assert!(
        grew > 36_000_000,
        "the render raised the peak by only {} MB: was anything decoded?",
        grew / 1_000_000
    );
}
