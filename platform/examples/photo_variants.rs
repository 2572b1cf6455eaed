//! Times the upload path's image work on a 12-megapixel phone photo: `inspect` plus
//! `render_variants`, 5 runs. Build with `--release`; debug timings mean nothing.
//! `cargo run --release -p platform --example photo_variants`

use std::time::Instant;

use anyhow::Context;
use platform::photos::testing::{phone_jpeg, PhoneJpeg};
use platform::photos::{inspect, render_variants};

const RUNS: usize = 5;

fn main() -> anyhow::Result<()> {
    let started = Instant::now();
    let photo = phone_jpeg(&PhoneJpeg::new(4000, 3000, 49.2827, -123.1207));
    println!(
        "input: 4000×3000 phone JPEG, {} bytes (made in {} ms)",
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
