//! The conformance checks against a real Meilisearch server. They run when `MEILI_URL` (and, if
//! the server needs one, `MEILI_API_KEY`) is set; each check gets its own pair of indexes under a
//! unique prefix and deletes them afterwards. Without `MEILI_URL` each test says why it skipped.

use meilisearch_sdk::client::Client;
use search::{conformance, MeiliIndex, SearchIndex};
use uuid::Uuid;

struct Server {
    url: String,
    api_key: Option<String>,
}

fn server() -> Option<Server> {
    let url = std::env::var("MEILI_URL")
        .ok()
        .filter(|u| !u.trim().is_empty());
    let Some(url) = url else {
        eprintln!("skipping: MEILI_URL is not set");
        return None;
    };
    Some(Server {
        url,
        api_key: std::env::var("MEILI_API_KEY")
            .ok()
            .filter(|k| !k.is_empty()),
    })
}

fn unique_prefix(name: &str) -> String {
    format!("plinth_test_{name}_{}", Uuid::new_v4().simple())
}

async fn connect(server: &Server, prefix: &str) -> anyhow::Result<MeiliIndex> {
    Ok(MeiliIndex::connect(&server.url, server.api_key.as_deref(), prefix).await?)
}

/// Best effort: a failed test still removes its indexes.
async fn drop_indexes(server: &Server, prefix: &str) {
    if let Ok(client) = Client::new(&server.url, server.api_key.as_deref()) {
        for suffix in ["docs", "meta"] {
            let _ = client.delete_index(format!("{prefix}_{suffix}")).await;
        }
    }
}

macro_rules! conformance_checks {
    ($($name:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $name() -> anyhow::Result<()> {
                let Some(server) = server() else { return Ok(()) };
                let prefix = unique_prefix(stringify!($name));
                let result = match connect(&server, &prefix).await {
                    Ok(index) => conformance::$name(&index).await,
                    Err(e) => Err(e),
                };
                drop_indexes(&server, &prefix).await;
                result
            }
        )*
    };
}

search::for_each_conformance_check!(conformance_checks);

#[tokio::test]
async fn checkpoint_survives_reopen() -> anyhow::Result<()> {
    let Some(server) = server() else {
        return Ok(());
    };
    let prefix = unique_prefix("reopen");
    let result = conformance::checkpoint_survives_reopen(|name| {
        let prefix = format!("{prefix}_{name}");
        let server = &server;
        async move { Ok(Box::new(connect(server, &prefix).await?) as Box<dyn SearchIndex>) }
    })
    .await;
    drop_indexes(&server, &format!("{prefix}_reopen")).await;
    result
}

#[tokio::test]
async fn health_reports_the_server_up() -> anyhow::Result<()> {
    let Some(server) = server() else {
        return Ok(());
    };
    let prefix = unique_prefix("health");
    let result = async {
        let index = connect(&server, &prefix).await?;
        index.health().await?;
        anyhow::ensure!(index.doc_count().await? == 0);
        anyhow::ensure!(index.checkpoint().await?.is_none());
        Ok(())
    }
    .await;
    drop_indexes(&server, &prefix).await;
    result
}
