//! A value read at most once a while and shared: the first reader after it has aged makes it
//! again while the others wait for that answer, so a burst of readers costs one query.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Mutex;

pub struct Recent<T> {
    ttl: Duration,
    slot: Mutex<Option<(Instant, Arc<T>)>>,
}

impl<T> Recent<T> {
    pub fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            slot: Mutex::new(None),
        }
    }

    /// The value made less than `ttl` ago, else `make`'s (a failure is not kept).
    pub async fn get<E, F>(&self, make: impl FnOnce() -> F) -> Result<Arc<T>, E>
    where
        F: Future<Output = Result<T, E>>,
    {
        let mut slot = self.slot.lock().await;
        if let Some((made, value)) = slot.as_ref() {
            if made.elapsed() < self.ttl {
                return Ok(value.clone());
            }
        }
        let value = Arc::new(make().await?);
        *slot = Some((Instant::now(), value.clone()));
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    async fn count(made: &AtomicUsize) -> Result<usize, ()> {
        Ok(made.fetch_add(1, Ordering::SeqCst) + 1)
    }

    #[tokio::test]
    async fn a_fresh_value_is_shared_and_an_aged_one_made_again() {
        let made = AtomicUsize::new(0);
        let kept = Recent::new(Duration::from_secs(3600));
        assert_eq!(*kept.get(|| count(&made)).await.unwrap(), 1);
        assert_eq!(*kept.get(|| count(&made)).await.unwrap(), 1);

        let aged = Recent::new(Duration::ZERO);
        assert_eq!(*aged.get(|| count(&made)).await.unwrap(), 2);
        assert_eq!(*aged.get(|| count(&made)).await.unwrap(), 3);
    }

    #[tokio::test]
    async fn a_failure_is_not_kept() {
        let kept: Recent<u8> = Recent::new(Duration::from_secs(3600));
        assert_eq!(
            kept.get(|| async { Err::<u8, _>("down") })
                .await
                .unwrap_err(),
            "down"
        );
        assert_eq!(*kept.get(|| async { Ok::<_, &str>(7) }).await.unwrap(), 7);
    }

    #[tokio::test]
    async fn readers_at_once_wait_for_one_making() {
        let made = Arc::new(AtomicUsize::new(0));
        let kept = Arc::new(Recent::new(Duration::from_secs(3600)));
        let readers: Vec<_> = (0..16)
            .map(|_| {
                let (kept, made) = (kept.clone(), made.clone());
                tokio::spawn(async move {
                    *kept
                        .get(|| async {
                            tokio::task::yield_now().await;
                            count(&made).await
                        })
                        .await
                        .unwrap()
                })
            })
            .collect();
        for r in readers {
            assert_eq!(r.await.unwrap(), 1);
        }
        assert_eq!(made.load(Ordering::SeqCst), 1);
    }
}
