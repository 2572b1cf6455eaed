//! Read model `artworks`: one row per artwork with what lists, detail and nearby need, a GiST
//! index on location for approved works, and per-status counts for paging totals.

use async_trait::async_trait;
use cqrs_es::Aggregate;
use domain::{Artwork, ArtworkEvent};
use platform::eventlog::EventEnvelope;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::runtime::Projector;

pub struct ArtworksProjector;

pub const NAME: &str = "artworks";

#[async_trait]
impl Projector for ArtworksProjector {
    fn name(&self) -> &'static str {
        NAME
    }

    fn tables(&self) -> &'static [&'static str] {
        &["artworks", "artwork_counts"]
    }

    fn create_tables(&self, s: &str) -> String {
        format!(
            "CREATE TABLE IF NOT EXISTS {s}.artworks (
                id           uuid PRIMARY KEY,
                title        text NOT NULL,
                description  text,
                artwork_type text NOT NULL,
                status       text NOT NULL,
                lat          double precision NOT NULL,
                lon          double precision NOT NULL,
                location     point NOT NULL,
                tags         jsonb NOT NULL DEFAULT '{{}}',
                artist_ids   uuid[] NOT NULL DEFAULT '{{}}',
                provenance   jsonb,
                photos       jsonb NOT NULL DEFAULT '[]',
                created_at   timestamptz NOT NULL,
                updated_at   timestamptz NOT NULL,
                version      bigint NOT NULL,
                last_tx      bigint NOT NULL,
                last_pos     bigint NOT NULL
            );
            CREATE TABLE IF NOT EXISTS {s}.artwork_counts (
                status text PRIMARY KEY,
                n      bigint NOT NULL
            );"
        )
    }

    fn create_indexes(&self, s: &str) -> String {
        format!(
            "
            CREATE INDEX IF NOT EXISTS artworks_location ON {s}.artworks USING gist (location)
                WHERE status = 'approved';
            CREATE INDEX IF NOT EXISTS artworks_updated ON {s}.artworks (updated_at DESC, id)
                WHERE status = 'approved';
            CREATE INDEX IF NOT EXISTS artworks_created ON {s}.artworks (created_at DESC, id)
                WHERE status = 'approved';
            CREATE INDEX IF NOT EXISTS artworks_title ON {s}.artworks (lower(title), id)
                WHERE status = 'approved';
            CREATE INDEX IF NOT EXISTS artworks_artists ON {s}.artworks USING gin (artist_ids);
            CREATE INDEX IF NOT EXISTS artworks_change ON {s}.artworks (last_tx, last_pos);"
        )
    }

    async fn apply(
        &self,
        db: &mut PgConnection,
        schema: &str,
        events: &[EventEnvelope],
    ) -> anyhow::Result<()> {
        let mut rows = NewRows::default();
        for e in events.iter().filter(|e| e.aggregate_type == Artwork::TYPE) {
            let id = Uuid::parse_str(&e.aggregate_id)?;
            let event: ArtworkEvent = serde_json::from_value(e.payload.clone())?;
            match event {
                ArtworkEvent::ArtworkImported {
                    title,
                    description,
                    artwork_type,
                    location,
                    tags,
                    artist_ids,
                    status,
                    provenance,
                } => {
                    rows.id.push(id);
                    rows.title.push(title.into());
                    rows.description.push(description.map(String::from));
                    rows.artwork_type.push(artwork_type.as_str().to_owned());
                    rows.status.push(status.as_str().to_owned());
                    rows.lat.push(location.lat());
                    rows.lon.push(location.lon());
                    rows.tags.push(serde_json::to_value(&tags)?);
                    rows.artist_ids.push(serde_json::to_value(&artist_ids)?);
                    rows.provenance.push(serde_json::to_value(&provenance)?);
                    rows.at.push(e.recorded_at);
                    rows.version.push(e.sequence);
                    rows.tx.push(e.tx_id);
                    rows.pos.push(e.position);
                }
            }
        }
        rows.insert(db, schema).await
    }
}

/// Column arrays for one multi-row insert of newly created artworks.
#[derive(Default)]
struct NewRows {
    id: Vec<Uuid>,
    title: Vec<String>,
    description: Vec<Option<String>>,
    artwork_type: Vec<String>,
    status: Vec<String>,
    lat: Vec<f64>,
    lon: Vec<f64>,
    tags: Vec<Value>,
    artist_ids: Vec<Value>,
    provenance: Vec<Value>,
    at: Vec<chrono::DateTime<chrono::Utc>>,
    version: Vec<i64>,
    tx: Vec<i64>,
    pos: Vec<i64>,
}

impl NewRows {
    async fn insert(self, db: &mut PgConnection, s: &str) -> anyhow::Result<()> {
        if self.id.is_empty() {
            return Ok(());
        }
        let sql = format!(
            "WITH new AS (
                INSERT INTO {s}.artworks (id, title, description, artwork_type, status, lat, lon,
                    location, tags, artist_ids, provenance, created_at, updated_at, version,
                    last_tx, last_pos)
                SELECT u.id, u.title, u.description, u.artwork_type, u.status, u.lat, u.lon,
                    point(u.lon, u.lat), u.tags,
                    ARRAY(SELECT jsonb_array_elements_text(u.artist_ids)::uuid),
                    u.provenance, u.at, u.at, u.version, u.tx, u.pos
                FROM UNNEST($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[],
                    $6::float8[], $7::float8[], $8::jsonb[], $9::jsonb[], $10::jsonb[],
                    $11::timestamptz[], $12::int8[], $13::int8[], $14::int8[])
                    AS u(id, title, description, artwork_type, status, lat, lon, tags,
                         artist_ids, provenance, at, version, tx, pos)
                ON CONFLICT (id) DO NOTHING
                RETURNING status
            )
            INSERT INTO {s}.artwork_counts (status, n)
            SELECT status, count(*) FROM new GROUP BY status
            ON CONFLICT (status) DO UPDATE SET n = {s}.artwork_counts.n + EXCLUDED.n"
        );
        sqlx::query(&sql)
            .bind(&self.id)
            .bind(&self.title)
            .bind(&self.description)
            .bind(&self.artwork_type)
            .bind(&self.status)
            .bind(&self.lat)
            .bind(&self.lon)
            .bind(&self.tags)
            .bind(&self.artist_ids)
            .bind(&self.provenance)
            .bind(&self.at)
            .bind(&self.version)
            .bind(&self.tx)
            .bind(&self.pos)
            .execute(db)
            .await?;
        Ok(())
    }
}
