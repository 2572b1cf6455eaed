//! Read model `artists`: one row per artist, with a trigram index for name search.

pub mod read;

use async_trait::async_trait;
use cqrs_es::Aggregate;
use domain::{Artist, ArtistEvent};
use platform::eventlog::EventEnvelope;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::runtime::{Projector, ReadModel};

pub struct ArtistsProjector;

pub const NAME: &str = "artists";

read_model!(NAME, ["artists"]);

#[async_trait]
impl Projector for ArtistsProjector {
    fn model(&self) -> &'static ReadModel {
        &MODEL
    }

    async fn apply(&self, db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
        let mut id = Vec::new();
        let mut name = Vec::new();
        let mut biography = Vec::new();
        let mut country = Vec::new();
        let mut website = Vec::new();
        let mut provenance: Vec<Option<Value>> = Vec::new();
        let mut at = Vec::new();
        let mut version = Vec::new();
        let mut tx = Vec::new();
        let mut pos = Vec::new();
        for e in events.iter().filter(|e| e.aggregate_type == Artist::TYPE) {
            match serde_json::from_value::<ArtistEvent>(e.payload.clone())? {
                ArtistEvent::ArtistImported {
                    name: n,
                    biography: b,
                    country: c,
                    website: w,
                    provenance: p,
                } => {
                    id.push(Uuid::parse_str(&e.aggregate_id)?);
                    name.push(String::from(n));
                    biography.push(b.map(String::from));
                    country.push(c);
                    website.push(w);
                    provenance.push(Some(serde_json::to_value(&p)?));
                    at.push(e.recorded_at);
                    version.push(e.sequence);
                    tx.push(e.tx_id);
                    pos.push(e.position);
                }
                ArtistEvent::ArtistCreated { name: n, .. } => {
                    id.push(Uuid::parse_str(&e.aggregate_id)?);
                    name.push(String::from(n));
                    biography.push(None);
                    country.push(None);
                    website.push(None);
                    provenance.push(None);
                    at.push(e.recorded_at);
                    version.push(e.sequence);
                    tx.push(e.tx_id);
                    pos.push(e.position);
                }
            }
        }
        if id.is_empty() {
            return Ok(());
        }
        sqlx::query!(
            "INSERT INTO artists (id, name, biography, country, website, provenance,
                created_at, updated_at, version, last_tx, last_pos)
             SELECT u.id, u.name, u.biography, u.country, u.website, u.provenance, u.at, u.at,
                u.version, u.tx, u.pos
             FROM UNNEST($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[],
                $6::jsonb[], $7::timestamptz[], $8::int8[], $9::int8[], $10::int8[])
                AS u(id, name, biography, country, website, provenance, at, version, tx, pos)
             ON CONFLICT (id) DO NOTHING",
            &id,
            &name,
            &biography as _,
            &country as _,
            &website as _,
            &provenance as _,
            &at,
            &version,
            &tx,
            &pos
        )
        .execute(db)
        .await?;
        Ok(())
    }
}
