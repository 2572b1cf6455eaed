//! Moderators' commands on artworks themselves (not through a submission), one use case per
//! file: undoing a change (`revert`).

mod revert;

pub use revert::{RevertError, RevertRequest, Reverted};

use crate::commands::Commands;

#[derive(Clone)]
pub struct Artworks {
    commands: Commands,
}

impl Artworks {
    pub fn new(commands: Commands) -> Self {
        Self { commands }
    }
}
