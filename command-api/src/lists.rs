//! Use cases on saved lists: create one, add an artwork, remove some, rename it or change who
//! may see it, delete it. Every caller (anonymous too) has lists; a list is changed only by an
//! identity its owner is (the aggregate checks it against every identity the caller speaks for).
//!
//! The system lists (Loved, Visited, Want to see) have fixed ids per identity and come into
//! being with their first artwork. A signed-in person's system list of one kind is read as the
//! union of their identities' (`projectors::lists::read`), so removing from it removes from each
//! of those lists that holds the artwork.

use domain::{ActorId, ArtworkId, ListCommand, ListError, ListId, ListName};
use platform::identity::Caller;
use platform::position::EventPosition;
use projectors::lists::read::{system_kind, system_lists};
use serde::Deserialize;
use uuid::Uuid;

use crate::commands::{CommandError, Commands};

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
        Ok(projectors::accounts::read::identities(self.commands.pool(), caller).await?)
    }

    /// Creates the caller's own list; answers its id.
    pub async fn create(
        &self,
        caller: &Caller,
        req: NewList,
    ) -> Result<(Uuid, Option<EventPosition>), ListUseError> {
        let name = ListName::parse(&req.name).map_err(ListUseError::Rule)?;
        let id = ListId::new();
        let position = self
            .commands
            .list(
                &id.0.to_string(),
                ListCommand::Create {
                    owner: caller.actor(),
                    name,
                    public: req.public,
                },
                &caller.metadata(),
            )
            .await?;
        Ok((id.0, position))
    }

    /// Adds an artwork the public can see to list `id` (a system list comes into being).
    pub async fn add(
        &self,
        caller: &Caller,
        id: Uuid,
        req: AddItem,
    ) -> Result<Option<EventPosition>, ListUseError> {
        let pool = self.commands.pool();
        let status = projectors::artworks::read::status_of(pool, req.artwork_id).await?;
        if !matches!(status.as_deref(), Some("approved" | "removed")) {
            return Err(ListUseError::ArtworkNotFound);
        }
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
        id: Uuid,
        req: RemoveItems,
    ) -> Result<Option<EventPosition>, ListUseError> {
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
        id: Uuid,
        req: ListUpdate,
    ) -> Result<Option<EventPosition>, ListUseError> {
        let name = req
            .name
            .as_deref()
            .map(ListName::parse)
            .transpose()
            .map_err(ListUseError::Rule)?;
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
        id: Uuid,
    ) -> Result<Option<EventPosition>, ListUseError> {
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
