//! `load`: a boundary file (GeoJSON neighbourhoods, with its attribution) becomes the areas.

use domain::area::area_map_id;
use domain::{AccountId, AreaError, AreaMapCommand, BoundaryFile, EventMetadata};
use platform::position::EventPosition;

use crate::commands::{CommandError, Commands};

/// `PUT /api/admin/areas`'s body.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
pub struct BoundaryUpload {
    /// What the file is, shown with its areas (e.g. "Local area boundaries").
    pub name: String,
    /// Whom it comes from and under which licence, shown wherever its areas are.
    pub attribution: String,
    /// The feature property that names each area; by default the first of `name`, `Name`,
    /// `NAME`, `name_en`, `neighbourhood`, `neighborhood`, `nom`, `label` a feature has.
    pub name_property: Option<String>,
    /// A GeoJSON FeatureCollection of Polygon and MultiPolygon features.
    #[schema(value_type = Object)]
    pub geojson: serde_json::Value,
}

/// Loads `upload` in place of the file in force; answers how many areas it has.
pub async fn run(
    commands: &Commands,
    admin: Option<AccountId>,
    md: &EventMetadata,
    upload: BoundaryUpload,
) -> Result<(usize, Option<EventPosition>), CommandError<AreaError>> {
    let file = BoundaryFile::from_geojson(
        &upload.name,
        &upload.attribution,
        upload.name_property.as_deref(),
        &upload.geojson,
    )
    .map_err(CommandError::Rejected)?;
    let areas = file.areas.len();
    let position = commands
        .execute::<domain::AreaMap>(
            &area_map_id().to_string(),
            AreaMapCommand::Load { file, by: admin },
            md,
        )
        .await?;
    Ok((areas, position))
}
