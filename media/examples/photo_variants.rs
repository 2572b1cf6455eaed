//! Times the upload path's image work on a 12-megapixel phone photo: `inspect` plus
//! `render_variants`, 5 runs. Build with `--release`; debug timings mean nothing.
//! `cargo run --release -p platform --example photo_variants [-- --display-p3]`
//! (`--display-p3`: the photo carries a Display P3 profile, so the render converts it to sRGB).

use std::time::Instant;

use anyhow::Context;
use media::photos::{inspect, render_variants};
use media::testing::{phone_jpeg, PhoneJpeg};

const RUNS: usize = 5;

fn main() -> anyhow::Result<()> {
    let display_p3 = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--display-p3") => true,
        Some(other) => {
            anyhow::bail!("unknown argument {other:?}; usage: photo_variants [--display-p3]")
        }
    };
    let started = Instant::now();
    let photo = phone_jpeg(&PhoneJpeg {
        display_p3,
        ..PhoneJpeg::new(4000, 3000, 49.2827, -123.1207)
    });
    println!(
        "input: 4000×3000 phone JPEG{}, {} bytes (made in {} ms)",
        if display_p3 { " tagged Display P3" } else { "" },
        photo.len(),
        started.elapsed().as_millis()
    );

    let mut timings = Vec::with_capacity(RUNS);
    let mut last = Vec::new();
    for _ in 0..RUNS {
        let started = Instant::now();
        let inspected = inspect(&photo).context("inspect")?;
        let variants = render_variants(&photo).context("render_variants")?;
        timings.push(started.elapsed().as_secs_f64() * 1000.0);
        anyhow::ensure!(inspected.width == 4000 && variants.len() == 4);
        last = variants;
    }
    timings.sort_by(f64::total_cmp);
    println!(
        "inspect + render_variants over {RUNS} runs: min {:.0} ms, median {:.0} ms, max {:.0} ms",
        timings[0],
        timings[RUNS / 2],
        timings[RUNS - 1]
    );
    for v in &last {
        println!(
            "  {:<9} {:>4}×{:<4} {:>10} pixels {:>9} bytes",
            v.size.as_str(),
            v.width,
            v.height,
            u64::from(v.width) * u64::from(v.height),
            v.jpeg.len()
        );
    }
    Ok(())
}
