//! Read model `artists`: one row per artist, with a trigram index for name search. Its history
//! and "as of" are rebuilt from the artist's own events (`history`).

pub mod history;
pub mod read;

use chrono::{DateTime, Utc};
use domain::{Artist, ArtistEvent, ArtistFieldEdit};
use platform::eventlog::EventEnvelope;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

pub const NAME: &str = "artists";

read_model!(ArtistsProjector, NAME, ["artists"]);

/// An artist's editable fields as the read model keeps them. The projector and the history
/// fold both set them through [`ArtistFields::set`], so the two cannot drift apart.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ArtistFields {
    pub name: String,
    pub aliases: Vec<String>,
    pub biography: Option<String>,
    pub website: Option<String>,
    pub country: Option<String>,
    pub birth_year: Option<i32>,
    pub death_year: Option<i32>,
}

impl ArtistFields {
    /// Sets one field to a change's new value.
    pub fn set(&mut self, change: &ArtistFieldEdit) {
        match change.clone() {
            ArtistFieldEdit::Name { new, .. } => self.name = new.into(),
            ArtistFieldEdit::Aliases { new, .. } => {
                self.aliases = new.into_iter().map(String::from).collect();
            }
            ArtistFieldEdit::Biography { new, .. } => self.biography = new.map(String::from),
            ArtistFieldEdit::Website { new, .. } => self.website = new,
            ArtistFieldEdit::Country { new, .. } => self.country = new,
            ArtistFieldEdit::BirthYear { new, .. } => self.birth_year = new,
            ArtistFieldEdit::DeathYear { new, .. } => self.death_year = new,
        }
    }

    /// The fields a first event gives, and its provenance; `None` for later events.
    pub fn of_first(event: &ArtistEvent) -> Option<(ArtistFields, Option<Value>)> {
        match event {
            ArtistEvent::ArtistImported {
                name,
                biography,
                country,
                website,
                provenance,
            } => Some((
                ArtistFields {
                    name: name.as_str().to_owned(),
                    biography: biography.as_ref().map(|b| b.as_str().to_owned()),
                    country: country.clone(),
                    website: website.clone(),
                    ..ArtistFields::default()
                },
                serde_json::to_value(provenance).ok(),
            )),
            ArtistEvent::ArtistCreated { name, .. } => Some((
                ArtistFields {
                    name: name.as_str().to_owned(),
                    ..ArtistFields::default()
                },
                None,
            )),
            ArtistEvent::ArtistAdded { changes, .. } => {
                let mut fields = ArtistFields::default();
                for c in changes {
                    fields.set(c);
                }
                Some((fields, None))
            }
            ArtistEvent::ArtistEdited { .. } | ArtistEvent::ArtistUpdatedFromSource { .. } => None,
        }
    }

    /// Each field as an edit's JSON value, by the edit's field name.
    pub fn values(&self) -> [(&'static str, Value); 7] {
        let text = |v: &Option<String>| v.clone().map_or(Value::Null, Value::String);
        let year = |v: Option<i32>| v.map_or(Value::Null, Value::from);
        [
            ("name", Value::String(self.name.clone())),
            ("aliases", serde_json::json!(self.aliases)),
            ("biography", text(&self.biography)),
            ("website", text(&self.website)),
            ("country", text(&self.country)),
            ("birth_year", year(self.birth_year)),
            ("death_year", year(self.death_year)),
        ]
    }
}

/// A new artist's row, buffered for one insert per batch.
struct NewRow {
    id: Uuid,
    fields: ArtistFields,
    provenance: Option<Value>,
    at: DateTime<Utc>,
    version: i64,
    tx: i64,
    pos: i64,
}

/// Applies a batch of events, as [`Projector::apply`](crate::Projector::apply) says.
async fn apply(db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
    let mut rows: Vec<NewRow> = Vec::new();
    // Edits follow their artist's creation, so they are applied after the batch's inserts.
    let mut edits: Vec<(Uuid, Vec<ArtistFieldEdit>, &EventEnvelope)> = Vec::new();
    for decoded in crate::events_of::<Artist>(events) {
        let (e, id, event) = decoded?;

        match ArtistFields::of_first(&event) {
            Some((fields, provenance)) => rows.push(NewRow {
                id,
                fields,
                provenance,
                at: e.recorded_at,
                version: e.sequence,
                tx: e.tx_id,
                pos: e.position,
            }),
            None => {
                if let Some(changes) = event.field_changes() {
                    edits.push((id, changes.to_vec(), e));
                }
            }
        }
    }
    insert(db, rows).await?;
    for (id, changes, e) in edits {
        edit(db, id, &changes, e).await?;
    }
    Ok(())
}

async fn insert(db: &mut PgConnection, rows: Vec<NewRow>) -> anyhow::Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let mut id = Vec::with_capacity(rows.len());
    let mut name = Vec::with_capacity(rows.len());
    let mut aliases = Vec::with_capacity(rows.len());
    let mut biography = Vec::with_capacity(rows.len());
    let mut country = Vec::with_capacity(rows.len());
    let mut website = Vec::with_capacity(rows.len());
    let mut born = Vec::with_capacity(rows.len());
    let mut died = Vec::with_capacity(rows.len());
    let mut provenance = Vec::with_capacity(rows.len());
    let mut at = Vec::with_capacity(rows.len());
    let mut version = Vec::with_capacity(rows.len());
    let mut tx = Vec::with_capacity(rows.len());
    let mut pos = Vec::with_capacity(rows.len());
    for r in rows {
        id.push(r.id);
        aliases.push(serde_json::json!(r.fields.aliases));
        name.push(r.fields.name);
        biography.push(r.fields.biography);
        country.push(r.fields.country);
        website.push(r.fields.website);
        born.push(r.fields.birth_year);
        died.push(r.fields.death_year);
        provenance.push(r.provenance);
        at.push(r.at);
        version.push(r.version);
        tx.push(r.tx);
        pos.push(r.pos);
    }
    sqlx::query!(
        "INSERT INTO artists (id, name, aliases, biography, country, website, birth_year,
            death_year, provenance, created_at, updated_at, version, last_tx, last_pos)
         SELECT u.id, u.name, u.aliases, u.biography, u.country, u.website, u.born, u.died,
            u.provenance, u.at, u.at, u.version, u.tx, u.pos
         FROM UNNEST($1::uuid[], $2::text[], $3::jsonb[], $4::text[], $5::text[], $6::text[],
            $7::int4[], $8::int4[], $9::jsonb[], $10::timestamptz[], $11::int8[], $12::int8[],
            $13::int8[])
            AS u(id, name, aliases, biography, country, website, born, died, provenance, at,
                 version, tx, pos)
         ON CONFLICT (id) DO NOTHING",
        &id,
        &name,
        &aliases,
        &biography as _,
        &country as _,
        &website as _,
        &born as _,
        &died as _,
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

/// Makes an approved edit's changes to its artist's row (skipped when the row has it already).
async fn edit(
    db: &mut PgConnection,
    id: Uuid,
    changes: &[ArtistFieldEdit],
    e: &EventEnvelope,
) -> anyhow::Result<()> {
    let Some(r) = sqlx::query!(
        r#"SELECT name, aliases, biography, website, country, birth_year, death_year, version
             FROM artists WHERE id = $1"#,
        id
    )
    .fetch_optional(&mut *db)
    .await?
    else {
        anyhow::bail!("artist {id} edited before it was recorded");
    };
    if r.version >= e.sequence {
        return Ok(());
    }
    let mut fields = ArtistFields {
        name: r.name,
        aliases: serde_json::from_value(r.aliases)?,
        biography: r.biography,
        website: r.website,
        country: r.country,
        birth_year: r.birth_year,
        death_year: r.death_year,
    };
    for c in changes {
        fields.set(c);
    }
    sqlx::query!(
        "UPDATE artists SET name = $2, aliases = $3, biography = $4, website = $5, country = $6,
            birth_year = $7, death_year = $8, updated_at = $9, version = $10, last_tx = $11,
            last_pos = $12
          WHERE id = $1",
        id,
        fields.name,
        serde_json::json!(fields.aliases),
        fields.biography,
        fields.website,
        fields.country,
        fields.birth_year,
        fields.death_year,
        e.recorded_at,
        e.sequence,
        e.tx_id,
        e.position
    )
    .execute(db)
    .await?;
    Ok(())
}
