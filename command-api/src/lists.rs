//! Use cases on saved lists: create one, add an artwork, remove some, rename it or change who
//! may see it, delete it. Every caller (anonymous too) has lists; a list is changed only by an
//! identity its owner is (the aggregate checks it against every identity the caller speaks for).
//!
//! The system lists (Loved, Visited, Want to see) have fixed ids per identity and come into
//! being with their first artwork. A signed-in person's system list of one kind is read as the
//! union of their identities' (`projectors::lists::read`), so removing from it removes from each
//! of those lists that holds the artwork.
//!
//! Every write is an event each projector reads, and an anonymous identity costs nothing, so
//! each write counts against the identity's and the client's hourly budget
//! ([`WRITES`]), and an identity has at most
//! [`MAX_LISTS_PER_IDENTITY`] lists of its own, counted in the event store under a lock.

use domain::{ActorId, ArtworkId, List, ListCommand, ListError, ListId, ListName};
use platform::identity::Caller;
use platform::position::EventPosition;
use platform::ratelimit::Budget;
use projectors::lists::read::{system_kind, system_lists};
use serde::Deserialize;
use uuid::Uuid;

use crate::commands::{CommandError, Commands};

/// List writes (create, add, remove, rename, delete) one identity, and one client, may make an
/// hour: each is an event every projector must read.
pub const WRITES: Budget = Budget::hourly("lists", 120, 300);
/// Lists of its own one identity may have (the system lists are not counted).
pub const MAX_LISTS_PER_IDENTITY: i64 = 100;

#[derive(Clone)]
pub struct Lists {
    commands: Commands,
}

/// `POST /api/lists`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NewList {
    /// 1 to 100 characters.
    pub name: String,
    /// Seen by anyone with its link when true; private (the default) otherwise.
    #[serde(default)]
    pub public: bool,
}

/// `PATCH /api/lists/{id}`'s body: what to change.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ListUpdate {
    pub name: Option<String>,
    pub public: Option<bool>,
}

/// `POST /api/lists/{id}/items`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AddItem {
    pub artwork_id: Uuid,
}

/// `DELETE /api/lists/{id}/items`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RemoveItems {
    /// 1 to 100 artwork ids.
    pub artwork_ids: Vec<Uuid>,
}

#[derive(Debug, thiserror::Error)]
pub enum ListUseError {
    #[error(transparent)]
    Rule(ListError),
    /// The identity or the client made its hourly share of list changes.
    #[error("too many list changes")]
    RateLimited { retry_after_secs: u64 },
    #[error("You have {MAX_LISTS_PER_IDENTITY} lists; delete one to make another")]
    TooManyLists,
    #[error("Artwork not found")]
    ArtworkNotFound,
    #[error("the record was changed by someone else; reload and try again")]
    Conflict,
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

impl From<CommandError<ListError>> for ListUseError {
    fn from(e: CommandError<ListError>) -> Self {
        match e {
            CommandError::Rejected(e) => ListUseError::Rule(e),
            CommandError::Conflict => ListUseError::Conflict,
            CommandError::Store(s) => ListUseError::Store(anyhow::anyhow!(s)),
        }
    }
}

impl From<sqlx::Error> for ListUseError {
    fn from(e: sqlx::Error) -> Self {
        ListUseError::Store(e.into())
    }
}

impl Lists {
    pub fn new(commands: Commands) -> Self {
        Self { commands }
    }

    async fn identities(&self, caller: &Caller) -> Result<Vec<ActorId>, ListUseError> {
        Ok(caller.identities(self.commands.pool()).await?)
    }

    /// The in-process queue for database lock `key`.
    /// Counts one write against the caller's and the client's (`client`: its rate-limit bucket)
    /// hourly budget; called once the input is good, so a mistake costs nothing.
    async fn admit(&self, caller: &Caller, client: &str) -> Result<(), ListUseError> {
        WRITES
            .admit(self.commands.pool(), caller.actor_id(), client)
            .await?
            .map_err(|retry_after_secs| ListUseError::RateLimited { retry_after_secs })
    }

    /// Creates the caller's own list; answers its id. Refused once the caller has
    /// [`MAX_LISTS_PER_IDENTITY`] lists: counted from the event store and the list written in
    /// one transaction under a lock on the owner, so concurrent creations cannot pass the cap.
    pub async fn create(
        &self,
        caller: &Caller,
        client: &str,
        req: NewList,
    ) -> Result<(Uuid, Option<EventPosition>), ListUseError> {
        let name = ListName::parse(&req.name).map_err(ListUseError::Rule)?;
        self.admit(caller, client).await?;
        let owner = caller.actor();
        let list = ListId::new();
        let id = list.0.to_string();
        let lock = format!("lists:owner:{}", owner.0);
        let queued = platform::db::queued(&lock).await;
        let mut tx = self.commands.pool().begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 27))")
            .bind(&lock)
            .execute(&mut *tx)
            .await?;
        if own_lists(&mut tx, owner).await? >= MAX_LISTS_PER_IDENTITY {
            return Err(ListUseError::TooManyLists);
        }
        let command = ListCommand::Create {
            owner,
            name,
            public: req.public,
        };
        Commands::create_in::<List>(&mut tx, &id, command, &caller.metadata()).await?;
        tx.commit().await?;
        drop(queued);
        let position = self.commands.position::<List>(&id).await?;
        Ok((list.0, position))
    }

    /// Adds an artwork the public can see to list `id` (a system list comes into being).
    pub async fn add(
        &self,
        caller: &Caller,
        client: &str,
        id: Uuid,
        req: AddItem,
    ) -> Result<Option<EventPosition>, ListUseError> {
        let pool = self.commands.pool();
        let status = projectors::artworks::read::status_of(pool, req.artwork_id).await?;
        if !matches!(status.as_deref(), Some("approved" | "removed")) {
            return Err(ListUseError::ArtworkNotFound);
        }
        self.admit(caller, client).await?;
        let identities = self.identities(caller).await?;
        let system = system_kind(id, &identities);
        Ok(self
            .commands
            .list(
                &id.to_string(),
                ListCommand::AddItem {
                    identities,
                    artwork_id: ArtworkId(req.artwork_id),
                    system,
                },
                &caller.metadata(),
            )
            .await?)
    }

    /// Removes artworks from list `id` (for a system list, from each of the caller's identities'
    /// lists of that kind).
    pub async fn remove(
        &self,
        caller: &Caller,
        client: &str,
        id: Uuid,
        req: RemoveItems,
    ) -> Result<Option<EventPosition>, ListUseError> {
        self.admit(caller, client).await?;
        let identities = self.identities(caller).await?;
        let artwork_ids: Vec<ArtworkId> = req.artwork_ids.into_iter().map(ArtworkId).collect();
        let targets = match system_kind(id, &identities) {
            Some((_, kind)) => {
                // Checked here too: the lists below may be none (nothing saved yet).
                if artwork_ids.is_empty() {
                    return Err(ListUseError::Rule(ListError::NothingToRemove));
                }
                if artwork_ids.len() > domain::list::MAX_BULK_REMOVE {
                    return Err(ListUseError::Rule(ListError::TooManyToRemove));
                }
                system_lists(self.commands.pool(), &identities, kind).await?
            }
            None => vec![id],
        };
        let mut position = None;
        for list in targets {
            let at = self
                .commands
                .list(
                    &list.to_string(),
                    ListCommand::RemoveItems {
                        identities: identities.clone(),
                        artwork_ids: artwork_ids.clone(),
                    },
                    &caller.metadata(),
                )
                .await?;
            position = position.max(at);
        }
        Ok(position)
    }

    /// Renames list `id` and/or changes who may see it.
    pub async fn update(
        &self,
        caller: &Caller,
        client: &str,
        id: Uuid,
        req: ListUpdate,
    ) -> Result<Option<EventPosition>, ListUseError> {
        let name = req
            .name
            .as_deref()
            .map(ListName::parse)
            .transpose()
            .map_err(ListUseError::Rule)?;
        self.admit(caller, client).await?;
        let identities = self.identities(caller).await?;
        let mut position = None;
        if let Some(name) = name {
            position = self
                .commands
                .list(
                    &id.to_string(),
                    ListCommand::Rename {
                        identities: identities.clone(),
                        name,
                    },
                    &caller.metadata(),
                )
                .await?;
        }
        if let Some(public) = req.public {
            position = self
                .commands
                .list(
                    &id.to_string(),
                    ListCommand::SetVisibility { identities, public },
                    &caller.metadata(),
                )
                .await?;
        }
        Ok(position)
    }

    /// Deletes the caller's own list `id`.
    pub async fn delete(
        &self,
        caller: &Caller,
        client: &str,
        id: Uuid,
    ) -> Result<Option<EventPosition>, ListUseError> {
        self.admit(caller, client).await?;
        let identities = self.identities(caller).await?;
        if let Some((_, kind)) = system_kind(id, &identities) {
            return Err(ListUseError::Rule(ListError::SystemList(
                kind.system_name().unwrap_or_default(),
            )));
        }
        Ok(self
            .commands
            .list(
                &id.to_string(),
                ListCommand::Delete { identities },
                &caller.metadata(),
            )
            .await?)
    }
}

/// Lists of its own `owner` has now (created and not deleted), from the event store.
async fn own_lists(tx: &mut sqlx::PgConnection, owner: ActorId) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT count(*) FROM es.events c
          WHERE c.aggregate_type = 'list' AND c.event_type = 'ListCreated'
            AND c.payload -> 'ListCreated' ->> 'owner' = $1
            AND c.payload -> 'ListCreated' ->> 'kind' = 'custom'
            AND NOT EXISTS (SELECT 1 FROM es.events d
                             WHERE d.aggregate_type = 'list' AND d.aggregate_id = c.aggregate_id
                               AND d.event_type = 'ListDeleted')",
    )
    .bind(owner.0.to_string())
    .fetch_one(tx)
    .await
}
