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

    /// Fuzzing (docs/SECURITY.md): the `X-Min-Position` and `as_of` text never panics the parser,
    /// and every position reads back as itself.
    mod fuzz {
        use super::*;
        use proptest::prelude::*;

        fn config(cases: u32) -> ProptestConfig {
            ProptestConfig {
                cases,
                failure_persistence: None,
                ..ProptestConfig::default()
            }
        }

        proptest! {
            #![proptest_config(config(2_000))]

            #[test]
            fn any_text_parses_or_is_refused(raw in "\\PC*|[-+ 0-9]{0,40}") {
                if let Ok(p) = raw.parse::<EventPosition>() {
                    prop_assert!(p.tx >= 0 && p.pos >= 0, "{:?} gave {:?}", raw, p);
                }
            }

            #[test]
            fn a_position_reads_back_as_itself(tx in 0..=i64::MAX, pos in 0..=i64::MAX) {
                let p = EventPosition::new(tx, pos);
                prop_assert_eq!(p.to_string().parse::<EventPosition>(), Ok(p));
            }

            #[test]
            fn negative_parts_are_refused(tx in i64::MIN..0, pos in 0..=i64::MAX) {
                let (first, second) = (format!("{tx}-{pos}"), format!("{pos}-{tx}"));
                prop_assert!(first.parse::<EventPosition>().is_err());
                prop_assert!(second.parse::<EventPosition>().is_err());
            }
        }
    }
}
