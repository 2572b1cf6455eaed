//! Reading the `accounts` read model (`rm.accounts`, `rm.account_permissions`,
//! `rm.account_identities`), checked at compile time.

use chrono::{DateTime, Utc};
use domain::ActorId;
use platform::http::ApiError;
use platform::identity::Caller;
use sqlx::PgPool;
use uuid::Uuid;

/// Who sent a submission (or made a visit), as others see them.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Submitter {
    pub id: Uuid,
    /// The name of whoever the identity belongs to now: their profile name, staff without one
    /// by their role ('Admin', 'Moderator'), else 'Anonymous ({first 8 characters of the id}...)'.
    pub display_name: String,
}

/// The names people are shown by, as they stand now: an identity an account claimed is named
/// as that account. An account is named by its profile name; staff without one by their role
/// ('Admin', 'Moderator'); anyone else 'Anonymous ({first 8 characters of the id}...)'.
#[derive(Debug, Default)]
pub struct Names(std::collections::HashMap<Uuid, String>);

impl Names {
    /// The names of `ids` (an account or an anonymous identity each).
    pub async fn of(pool: &PgPool, ids: &[Uuid]) -> Result<Self, sqlx::Error> {
        if ids.is_empty() {
            return Ok(Self::default());
        }
        let rows = sqlx::query!(
            r#"SELECT i.id AS "id!", acc.profile_name,
                      EXISTS (SELECT 1 FROM rm.account_permissions p
                               WHERE p.account_id = acc.account_id AND p.is_active
                                 AND p.permission = 'admin') AS "admin!",
                      EXISTS (SELECT 1 FROM rm.account_permissions p
                               WHERE p.account_id = acc.account_id AND p.is_active
                                 AND p.permission = 'moderator') AS "moderator!"
                 FROM unnest($1::uuid[]) AS i(id)
                 LEFT JOIN rm.account_identities ai ON ai.anonymous_id = i.id
                 JOIN rm.accounts acc ON acc.account_id = coalesce(ai.account_id, i.id)"#,
            ids
        )
        .fetch_all(pool)
        .await?;
        Ok(Self(
            rows.into_iter()
                .filter_map(|r| {
                    let name = r.profile_name.or_else(|| {
                        (r.admin.then_some("Admin"))
                            .or(r.moderator.then_some("Moderator"))
                            .map(str::to_owned)
                    })?;
                    Some((r.id, name))
                })
                .collect(),
        ))
    }

    /// The name `id` is shown by.
    pub fn name(&self, id: Uuid) -> String {
        self.0
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("Anonymous ({}...)", &id.to_string()[..8]))
    }

    /// `id` with its name.
    pub fn submitter(&self, id: Uuid) -> Submitter {
        Submitter {
            id,
            display_name: self.name(id),
        }
    }
}

/// Every identity this caller speaks for: itself, and the anonymous identities its account
/// claimed.
pub async fn identities(pool: &PgPool, caller: &Caller) -> Result<Vec<ActorId>, sqlx::Error> {
    let mut ids = vec![caller.actor()];
    if let Some(a) = caller.account() {
        let claimed = sqlx::query_scalar!(
            "SELECT anonymous_id FROM rm.account_identities WHERE account_id = $1",
            a.account_id
        )
        .fetch_all(pool)
        .await?;
        ids.extend(claimed.into_iter().map(ActorId));
    }
    Ok(ids)
}

/// The identities an account speaks for: itself and the anonymous identities it claimed.
pub async fn identities_of(pool: &PgPool, account: Uuid) -> Result<Vec<Uuid>, sqlx::Error> {
    let mut ids = vec![account];
    ids.extend(
        sqlx::query_scalar!(
            "SELECT anonymous_id FROM rm.account_identities WHERE account_id = $1",
            account
        )
        .fetch_all(pool)
        .await?,
    );
    Ok(ids)
}

/// An account's profile name, if it has one.
pub async fn profile_name(pool: &PgPool, account: Uuid) -> Result<Option<String>, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "SELECT profile_name FROM rm.accounts WHERE account_id = $1",
        account
    )
    .fetch_optional(pool)
    .await?
    .flatten())
}

/// What anyone may see of an account with a profile name: the name and since when.
pub async fn public_profile(
    pool: &PgPool,
    account: Uuid,
) -> Result<Option<(String, DateTime<Utc>)>, sqlx::Error> {
    Ok(sqlx::query!(
        r#"SELECT profile_name AS "profile_name!", created_at FROM rm.accounts
            WHERE account_id = $1 AND profile_name IS NOT NULL"#,
        account
    )
    .fetch_optional(pool)
    .await?
    .map(|r| (r.profile_name, r.created_at)))
}

/// `GET /api/me/profile` (SPEC §3: `is_reviewer`, `debug.permissions[{permission, is_active}]`).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Profile {
    pub uuid: Uuid,
    pub email: String,
    pub profile_name: Option<String>,
    pub created_at: DateTime<Utc>,
    /// The caller's preferences: a flat object of strings, numbers and booleans.
    #[schema(value_type = std::collections::BTreeMap<String, PreferenceValueDoc>)]
    pub preferences: serde_json::Value,
    /// Moderator or admin: may review submissions.
    pub is_reviewer: bool,
    pub is_moderator: bool,
    pub is_admin: bool,
    /// Active permissions.
    pub permissions: Vec<domain::Permission>,
    pub debug: ProfileDebug,
}

/// One preference value (documentation of `domain::PreferenceValue`).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum PreferenceValueDoc {
    Bool(bool),
    Number(f64),
    Text(String),
}

#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct ProfileDebug {
    /// Every permission the account has held, revoked ones with `is_active: false`.
    pub permissions: Vec<PermissionState>,
}

#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct PermissionState {
    pub permission: domain::Permission,
    pub is_active: bool,
}

/// A permission as the Account stream names it.
fn permission(name: &str) -> Result<domain::Permission, ApiError> {
    domain::Permission::parse(name)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("unknown permission {name:?}")))
}

/// The signed-in caller's profile, from the accounts read model.
pub async fn profile(pool: &PgPool, caller: &Caller) -> Result<Profile, ApiError> {
    let a = caller.require_account()?;
    let row = sqlx::query!(
        "SELECT profile_name, preferences FROM rm.accounts WHERE account_id = $1",
        a.account_id
    )
    .fetch_optional(pool)
    .await?;
    let (profile_name, preferences) = row.map_or_else(
        || (None, serde_json::Value::Object(Default::default())),
        |r| (r.profile_name, r.preferences),
    );
    let history = sqlx::query!(
        "SELECT permission, is_active FROM rm.account_permissions
          WHERE account_id = $1 ORDER BY permission",
        a.account_id
    )
    .fetch_all(pool)
    .await?;
    Ok(Profile {
        uuid: a.account_id,
        email: a.email.clone(),
        profile_name,
        created_at: a.created_at,
        preferences,
        is_reviewer: caller.is_moderator(),
        is_moderator: caller.is_moderator(),
        is_admin: caller.is_admin(),
        permissions: a
            .permissions
            .iter()
            .map(|p| permission(p))
            .collect::<Result<_, _>>()?,
        debug: ProfileDebug {
            permissions: history
                .into_iter()
                .map(|r| {
                    Ok(PermissionState {
                        permission: permission(&r.permission)?,
                        is_active: r.is_active,
                    })
                })
                .collect::<Result<_, ApiError>>()?,
        },
    })
}

/// An account and the roles it holds, as admins look them up.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct AccountRoles {
    pub user_uuid: Uuid,
    pub email: String,
    pub profile_name: Option<String>,
    pub created_at: DateTime<Utc>,
    /// Active permissions.
    pub permissions: Vec<domain::Permission>,
}

/// At most `limit` accounts, holders of a role first, then by e-mail: those `holding` a
/// permission when given, those whose e-mail or profile name contains `search`
/// (case-insensitive) when given.
pub async fn with_roles(
    pool: &PgPool,
    holding: Option<domain::Permission>,
    search: Option<&str>,
    limit: i64,
) -> Result<Vec<AccountRoles>, ApiError> {
    let pattern = search.map(|s| {
        let escaped = s
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_");
        format!("%{escaped}%")
    });
    let rows = sqlx::query!(
        r#"SELECT a.account_id, a.email, r.profile_name AS "profile_name?", a.created_at,
                  coalesce(array_agg(p.permission ORDER BY p.permission)
                           FILTER (WHERE p.permission IS NOT NULL), '{}') AS "permissions!"
             FROM auth.accounts a
             LEFT JOIN rm.accounts r USING (account_id)
             LEFT JOIN rm.account_permissions p ON p.account_id = a.account_id AND p.is_active
            WHERE ($1::text IS NULL OR EXISTS (
                      SELECT 1 FROM rm.account_permissions q
                       WHERE q.account_id = a.account_id AND q.permission = $1 AND q.is_active))
              AND ($2::text IS NULL OR a.email ILIKE $2 OR r.profile_name ILIKE $2)
            GROUP BY a.account_id, a.email, r.profile_name, a.created_at
            ORDER BY count(p.permission) DESC, a.email
            LIMIT $3"#,
        holding.map(|p| p.as_str()),
        pattern,
        limit
    )
    .fetch_all(pool)
    .await?;
    rows.into_iter()
        .map(|r| {
            Ok(AccountRoles {
                user_uuid: r.account_id,
                email: r.email,
                profile_name: r.profile_name,
                created_at: r.created_at,
                permissions: r
                    .permissions
                    .iter()
                    .map(|p| permission(p))
                    .collect::<Result<_, _>>()?,
            })
        })
        .collect()
}

/// How many accounts there are.
pub async fn count(pool: &PgPool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM rm.accounts"#)
        .fetch_one(pool)
        .await
}

/// Accounts made on each of the last `days` days (today included), by day.
pub async fn made_per_day(
    pool: &PgPool,
    days: i32,
) -> Result<std::collections::BTreeMap<chrono::NaiveDate, i64>, sqlx::Error> {
    Ok(sqlx::query!(
        r#"SELECT created_at::date AS "day!", count(*) AS "n!" FROM rm.accounts
            WHERE created_at >= (current_date - ($1::int - 1))::timestamptz
            GROUP BY 1"#,
        days
    )
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|r| (r.day, r.n))
    .collect())
}
