//! A place in the relay's order: (writing transaction id, global position). Positions compare in
//! that order, which is the order the relay publishes and projectors apply, so "projector P has
//! passed position N" is a plain comparison.

use serde::{Deserialize, Serialize};

/// Channel a projector notifies on each commit (payload: its name).
pub const PROJECTION_CHANNEL: &str = "plinth_projections";
use std::fmt;
use std::str::FromStr;

#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct EventPosition {
    pub tx: i64,
    pub pos: i64,
}

impl EventPosition {
    pub const ZERO: EventPosition = EventPosition { tx: 0, pos: 0 };

    pub fn new(tx: i64, pos: i64) -> Self {
        Self { tx, pos }
    }
}

/// Written as `<tx>-<pos>`, the form of the `X-Event-Position` and `X-Min-Position` headers.
impl fmt::Display for EventPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.tx, self.pos)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a position looks like <transaction>-<position>, both non-negative integers")]
pub struct BadPosition;

impl FromStr for EventPosition {
    type Err = BadPosition;
    fn from_str(s: &str) -> Result<Self, BadPosition> {
        let (tx, pos) = s.trim().split_once('-').ok_or(BadPosition)?;
        let tx: i64 = tx.parse().map_err(|_| BadPosition)?;
        let pos: i64 = pos.parse().map_err(|_| BadPosition)?;
        if tx < 0 || pos < 0 {
            return Err(BadPosition);
        }
        Ok(Self { tx, pos })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_order_by_transaction_first() {
        assert!(EventPosition::new(5, 100) < EventPosition::new(6, 1));
        assert!(EventPosition::new(5, 1) < EventPosition::new(5, 2));
    }

    #[test]
    fn positions_round_trip_through_text() {
        let p = EventPosition::new(812, 4410);
        assert_eq!(p.to_string().parse::<EventPosition>(), Ok(p));
        assert!("12".parse::<EventPosition>().is_err());
        assert!("-1-2".parse::<EventPosition>().is_err());
        assert!("a-b".parse::<EventPosition>().is_err());
    }
}
