//! Read model `badges`: the badge catalogue (every `BadgeDefinition`, active or not) and every
//! award (`BadgeAwards` events), for `GET /badges`, `GET /me/badges` and public profiles.

pub mod read;

use cqrs_es::Aggregate;
use domain::{AwardEvent, BadgeAwards, BadgeDefinition, BadgeEvent};
use platform::eventlog::EventEnvelope;
use sqlx::PgConnection;
use uuid::Uuid;

pub const NAME: &str = "badges";

read_model!(BadgesProjector, NAME, ["badges", "badge_awards"]);

/// Applies a batch of events, as [`Projector::apply`](crate::Projector::apply) says.
async fn apply(db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
    for e in events {
        if e.aggregate_type == BadgeAwards::TYPE {
            let AwardEvent::BadgeAwarded(award) = e.decode()?;
            sqlx::query!(
                "INSERT INTO badge_awards (account_id, badge_id, key, title, description,
                         icon_emoji, reason, awarded_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
                award.account.0,
                award.badge_id,
                award.key.as_str(),
                award.title,
                award.description,
                award.icon_emoji,
                award.reason,
                e.recorded_at
            )
            .execute(&mut *db)
            .await?;
            continue;
        }
        if e.aggregate_type != BadgeDefinition::TYPE {
            continue;
        }
        let id = Uuid::parse_str(&e.aggregate_id)?;
        let at = e.recorded_at;
        match e.decode::<BadgeEvent>()? {
            BadgeEvent::BadgeDefined { key, look, rule } => {
                sqlx::query!(
                    "INSERT INTO badges (id, key, title, description, icon_emoji, rule, active,
                             created_at, updated_at)
                         VALUES ($1, $2, $3, $4, $5, $6, true, $7, $7) ON CONFLICT (id) DO NOTHING",
                    id,
                    key.as_str(),
                    look.title,
                    look.description,
                    look.icon_emoji,
                    serde_json::to_value(rule)?,
                    at
                )
                .execute(&mut *db)
                .await?;
            }
            BadgeEvent::BadgeUpdated { look, rule } => {
                sqlx::query!(
                    "UPDATE badges SET title = $2, description = $3, icon_emoji = $4,
                                rule = $5, updated_at = $6
                          WHERE id = $1",
                    id,
                    look.title,
                    look.description,
                    look.icon_emoji,
                    serde_json::to_value(rule)?,
                    at
                )
                .execute(&mut *db)
                .await?;
            }
            event @ (BadgeEvent::BadgeDeactivated | BadgeEvent::BadgeReactivated) => {
                let active = event == BadgeEvent::BadgeReactivated;
                sqlx::query!(
                    "UPDATE badges SET active = $2, updated_at = $3 WHERE id = $1",
                    id,
                    active,
                    at
                )
                .execute(&mut *db)
                .await?;
            }
        }
    }
    Ok(())
}
