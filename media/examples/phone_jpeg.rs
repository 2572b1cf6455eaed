//! Writes a phone-like JPEG with EXIF (GPS, make, model, date) for browser-test fixtures:
//! `cargo run -p platform --example phone_jpeg -- OUT.jpg LAT LON [WIDTH HEIGHT]`.

use anyhow::{bail, Context};
use media::testing::{phone_jpeg, PhoneJpeg};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !(args.len() == 3 || args.len() == 5) {
        bail!("usage: phone_jpeg OUT.jpg LAT LON [WIDTH HEIGHT]");
    }
    let number = |i: usize, name: &str| -> anyhow::Result<f64> {
        args[i]
            .parse::<f64>()
            .with_context(|| format!("{name} {:?} is not a number", args[i]))
    };
    let lat = number(1, "LAT")?;
    let lon = number(2, "LON")?;
    if !(-90.0..=90.0).contains(&lat) || !(-180.0..=180.0).contains(&lon) {
        bail!("LAT must be within ±90 and LON within ±180");
    }
    let (width, height) = if args.len() == 5 {
        let edge = |i: usize, name: &str| -> anyhow::Result<u32> {
            args[i]
                .parse::<u32>()
                .ok()
                .filter(|v| (1..=65_535).contains(v))
                .with_context(|| format!("{name} {:?} must be 1 to 65535", args[i]))
        };
        (edge(3, "WIDTH")?, edge(4, "HEIGHT")?)
    } else {
        (1600, 1200)
    };

    let jpeg = phone_jpeg(&PhoneJpeg::new(width, height, lat, lon));
    std::fs::write(&args[0], &jpeg).with_context(|| format!("writing {}", args[0]))?;
    println!(
        "wrote {} ({width}×{height}, {} bytes, GPS {lat}, {lon})",
        args[0],
        jpeg.len()
    );
    Ok(())
}
