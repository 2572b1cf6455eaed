//! `clear`: the boundary file in force goes; areas are the grid's cells again.

use domain::area::area_map_id;
use domain::{AccountId, AreaError, AreaMapCommand, EventMetadata};
use platform::position::EventPosition;

use crate::commands::{CommandError, Commands};

/// Clears the boundary file in force (refused when none is).
pub async fn run(
    commands: &Commands,
    admin: Option<AccountId>,
    md: &EventMetadata,
) -> Result<Option<EventPosition>, CommandError<AreaError>> {
    commands
        .execute::<domain::AreaMap>(
            &area_map_id().to_string(),
            AreaMapCommand::Clear { by: admin },
            md,
        )
        .await
}
