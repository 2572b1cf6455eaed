//! Pauses between the retries of a task that runs until it fails (a feed, a relay, a follower).

use std::time::Duration;
use tokio::time::Instant;

/// Doubling from `first` up to `max`, and from `first` again after a run that lasted three
/// longest pauses (it had recovered in between).
#[derive(Debug)]
pub struct Backoff {
    first: Duration,
    max: Duration,
    next: Duration,
    run_started: Instant,
}

impl Backoff {
    pub fn new(first: Duration, max: Duration) -> Self {
        Self {
            first,
            max,
            next: first,
            run_started: Instant::now(),
        }
    }

    /// Marks the start of a run: its length decides whether the next pause starts over.
    pub fn run_starts(&mut self) {
        self.run_started = Instant::now();
    }

    /// The pause [`Self::pause`] is about to take.
    pub fn next(&self) -> Duration {
        if self.run_started.elapsed() > self.max * 3 {
            self.first
        } else {
            self.next
        }
    }

    pub async fn pause(&mut self) {
        let now = self.next();
        tokio::time::sleep(now).await;
        self.next = (now * 2).min(self.max);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn pauses_double_up_to_the_longest_and_start_over_after_a_long_run() {
        let (first, max) = (Duration::from_millis(100), Duration::from_millis(800));
        let mut b = Backoff::new(first, max);
        let mut seen = Vec::new();
        for _ in 0..6 {
            b.run_starts();
            seen.push(b.next().as_millis());
            b.pause().await;
        }
        assert_eq!(seen, [100, 200, 400, 800, 800, 800]);

        // A run longer than three longest pauses: the failure after it waits the first pause.
        b.run_starts();
        tokio::time::advance(max * 3 + Duration::from_millis(1)).await;
        assert_eq!(b.next(), first);
        b.pause().await;
        b.run_starts();
        assert_eq!(b.next(), first * 2);
    }
}
