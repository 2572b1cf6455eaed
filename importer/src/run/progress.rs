//! How far an import is: a bar on a terminal, a plain line every few seconds elsewhere, and
//! the caller's [`Progress`].

use indicatif::{ProgressBar, ProgressStyle};

/// Told how far an import is: what (e.g. "montreal artworks"), how many done, of how many.
pub type Progress = std::sync::Arc<dyn Fn(&str, usize, usize) + Send + Sync>;

fn bar(show: bool, len: usize, label: &str) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(len as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{msg:<40} [{bar:30}] {pos}/{len} {per_sec} eta {eta}")
    {
        pb.set_style(style.progress_chars("=> "));
    }
    pb.set_message(label.to_owned());
    pb
}

/// Where progress goes: the terminal's bar (or, when standard error is not a terminal, a plain
/// line every few seconds) and the caller's [`Progress`].
pub(super) struct Told {
    what: String,
    total: usize,
    pub(super) bar: ProgressBar,
    /// When the plain lines began, and when the last was written.
    plain: Option<std::sync::Mutex<(std::time::Instant, std::time::Instant)>>,
    progress: Option<Progress>,
    done: std::sync::atomic::AtomicUsize,
}

/// How often a plain progress line is written.
const PLAIN_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

impl Told {
    pub(super) fn new(what: &str, total: usize, show: bool, progress: Option<Progress>) -> Self {
        use std::io::IsTerminal;
        if let Some(p) = &progress {
            p(what, 0, total);
        }
        let terminal = std::io::stderr().is_terminal();
        let now = std::time::Instant::now();
        Self {
            what: what.to_owned(),
            total,
            bar: bar(show && terminal, total, what),
            plain: (show && !terminal && total > 0).then(|| std::sync::Mutex::new((now, now))),
            progress,
            done: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// `n` more records done.
    pub(super) fn add(&self, n: usize) {
        self.bar.inc(n as u64);
        let before = self.done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        let done = before + n;
        if let Some(Ok(mut times)) = self.plain.as_ref().map(|p| p.lock()) {
            let now = std::time::Instant::now();
            if now - times.1 >= PLAIN_EVERY || done >= self.total {
                times.1 = now;
                eprintln!(
                    "{}",
                    plain_line(&self.what, done, self.total, now - times.0)
                );
            }
        }
        let step = (self.total / 200).max(1);
        if let Some(p) = self
            .progress
            .as_ref()
            .filter(|_| done / step > before / step || done == self.total)
        {
            p(&self.what, done, self.total);
        }
    }
}

/// "montreal artworks: 40,000 of 100,000 (40%), 6,800 records/s, about 9 s left".
fn plain_line(what: &str, done: usize, total: usize, took: std::time::Duration) -> String {
    let rate = done as f64 / took.as_secs_f64().max(1e-3);
    let left = total.saturating_sub(done) as f64 / rate.max(1e-9);
    let share = done * 100 / total.max(1);
    let end = if done >= total {
        format!("done in {:.1} s", took.as_secs_f64())
    } else {
        format!("about {left:.0} s left")
    };
    format!("{what}: {done} of {total} ({share}%), {rate:.0} records/s, {end}")
}

#[cfg(test)]
mod tests {
    use super::plain_line;
    use std::time::Duration;

    #[test]
    fn a_plain_progress_line_says_how_far_how_fast_and_how_long_is_left() {
        assert_eq!(
            plain_line("montreal artworks", 40_000, 100_000, Duration::from_secs(8)),
            "montreal artworks: 40000 of 100000 (40%), 5000 records/s, about 12 s left"
        );
        assert_eq!(
            plain_line("montreal artworks", 100, 100, Duration::from_millis(2500)),
            "montreal artworks: 100 of 100 (100%), 40 records/s, done in 2.5 s"
        );
    }
}
