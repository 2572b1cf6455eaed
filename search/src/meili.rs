//! The Meilisearch adapter (`SEARCH_BACKEND=meilisearch`): artworks and artists in one index
//! `<prefix>_docs`, the projector's checkpoint in `<prefix>_meta`.
//!
//! - Settings, applied at connect and awaited: searchable attributes in ranking order (title,
//!   artist names, aliases, tag values, description, notes); filterable `id`, `status`, `kind`,
//!   `artwork_type`, `tags` (`key` and `key:value` strings), `tag_values`, `artist_names`, `_geo`;
//!   sortable `updated_at` and `_geo`; the default ranking rules (`sort` after the text rules, so
//!   `near` orders equally relevant matches by distance); typo tolerance with one typo from 4
//!   letters and two from 8 (Meilisearch's default of 5/9 would miss "Orka" for "Orca", and the
//!   Tantivy adapter uses 4/8); `maxTotalHits` = the deepest page the API serves.
//! - Meilisearch has no conditional write, so upserts read the stored versions (`id IN [...]`,
//!   fields `id,version`) and send only newer docs; versions sent since the last commit are
//!   remembered, because their tasks may still be queued.
//! - `commit` waits for every document task, then writes the checkpoint document and waits for
//!   that. Not atomic: a crash in between leaves the checkpoint behind the documents, and the
//!   replay that follows is harmless because writes are version-checked.
//! - Filters and sorts are built as strings by the pure functions below (unit-tested); string
//!   values are always double-quoted with `\` and `"` escaped.
//!
//! Kept in one file on purpose: the whole adapter against Meilisearch's documented API (index
//! settings, filter syntax, geo, task waits) reads in one pass when checked against those docs.

use std::collections::HashMap;
use std::time::Duration;

use async_trait::async_trait;
use chrono::DateTime;
use meilisearch_sdk::client::Client;
use meilisearch_sdk::documents::DocumentsQuery;
use meilisearch_sdk::errors::{Error as MeiliError, ErrorCode};
use meilisearch_sdk::indexes::Index;
use meilisearch_sdk::settings::{
    MinWordSizeForTypos, PaginationSetting, Settings, TypoToleranceSettings,
};
use meilisearch_sdk::task_info::TaskInfo;
use meilisearch_sdk::tasks::Task;
use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;
use uuid::Uuid;

use crate::doc::{ArtistDoc, ArtworkDoc, DocKind, DocStatus, GeoPoint, SearchDoc, SuggestionKind};
use crate::query::{
    check_suggest_args, rank_suggestions, Candidate, SearchHit, SearchQuery, SearchResults,
    Suggestion, MAX_PAGE, MAX_PER_PAGE,
};
use crate::text;
use crate::{Error, SearchIndex};

pub(crate) const SEARCHABLE_ATTRIBUTES: [&str; 6] = [
    "title",
    "artist_names",
    "artist_aliases",
    "tags_text",
    "description",
    "notes",
];
pub(crate) const FILTERABLE_ATTRIBUTES: [&str; 8] = [
    "id",
    "status",
    "kind",
    "artwork_type",
    "tags",
    "tag_values",
    "artist_names",
    "_geo",
];
pub(crate) const SORTABLE_ATTRIBUTES: [&str; 2] = ["updated_at", "_geo"];
pub(crate) const RANKING_RULES: [&str; 6] = [
    "words",
    "typo",
    "proximity",
    "attribute",
    "sort",
    "exactness",
];
const ONE_TYPO_MIN_CHARS: u8 = 4;
const TWO_TYPOS_MIN_CHARS: u8 = 8;

const PRIMARY_KEY: &str = "id";
const CHECKPOINT_ID: &str = "checkpoint";
const WRITE_BATCH: usize = 1000;
const VERSION_FETCH_BATCH: usize = 500;
/// Search hits read for suggestions before they are narrowed to true completions.
const SUGGEST_HITS: usize = 50;
const TASK_POLL: Duration = Duration::from_millis(50);
const DEFAULT_TASK_TIMEOUT: Duration = Duration::from_secs(60);

/// The index settings, in the SDK's types (unit-tested as JSON).
pub fn meili_settings() -> Settings {
    Settings::new()
        .with_searchable_attributes(SEARCHABLE_ATTRIBUTES)
        .with_filterable_attributes(FILTERABLE_ATTRIBUTES)
        .with_sortable_attributes(SORTABLE_ATTRIBUTES)
        .with_ranking_rules(RANKING_RULES)
        .with_typo_tolerance(TypoToleranceSettings {
            enabled: Some(true),
            disable_on_attributes: Some(Vec::new()),
            disable_on_words: Some(Vec::new()),
            min_word_size_for_typos: Some(MinWordSizeForTypos {
                one_typo: Some(ONE_TYPO_MIN_CHARS),
                two_typos: Some(TWO_TYPOS_MIN_CHARS),
            }),
            disable_on_numbers: None,
        })
        .with_pagination(PaginationSetting {
            max_total_hits: (MAX_PAGE * MAX_PER_PAGE) as usize,
        })
}

/// A filter string value: always double-quoted, `\` and `"` escaped.
pub(crate) fn quote(value: &str) -> String {
    format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The `filter` expression for a query's filters, or `None` when it has none.
pub fn filter_expression(q: &SearchQuery) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(status) = q.status {
        parts.push(format!("status = {}", quote(status.as_str())));
    }
    if let Some(kind) = q.kind.kind() {
        parts.push(format!("kind = {}", quote(kind.as_str())));
    }
    if let Some(t) = &q.artwork_type {
        parts.push(format!(
            "artwork_type = {}",
            quote(&t.trim().to_lowercase())
        ));
    }
    for tag in &q.tags {
        parts.push(format!("tags = {}", quote(&tag.term())));
    }
    (!parts.is_empty()).then(|| parts.join(" AND "))
}

/// `id IN ["…", …]` for a version look-up.
pub(crate) fn ids_filter(ids: &[Uuid]) -> String {
    let quoted: Vec<String> = ids.iter().map(|id| quote(&id.to_string())).collect();
    format!("id IN [{}]", quoted.join(", "))
}

/// The sort for a query: nearest first (latitude first, as Meilisearch's geo functions take it),
/// or newest first when browsing without text, or relevance alone.
pub(crate) fn sort_rules(q: &SearchQuery) -> Vec<String> {
    match q.near {
        Some(p) => vec![format!("_geoPoint({}, {}):asc", p.lat, p.lon)],
        None if q.trimmed_text().is_empty() => vec!["updated_at:desc".to_owned()],
        None => Vec::new(),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
struct MeiliGeo {
    lat: f64,
    lng: f64,
}

/// A doc as Meilisearch stores it: flat fields for searching and filtering, enough to rebuild
/// the [`SearchDoc`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct MeiliDoc {
    id: String,
    kind: String,
    status: String,
    title: String,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    artwork_type: Option<String>,
    #[serde(default)]
    artist_names: Vec<String>,
    #[serde(default)]
    artist_aliases: Vec<String>,
    /// Filter terms: `key` and `key:value`, lowercase.
    #[serde(default)]
    tags: Vec<String>,
    /// The tags themselves, to rebuild the doc.
    #[serde(default)]
    tag_map: std::collections::BTreeMap<String, String>,
    #[serde(default)]
    tags_text: Vec<String>,
    /// Tag values worth suggesting (facet-searched).
    #[serde(default)]
    tag_values: Vec<String>,
    #[serde(default)]
    notes: Vec<String>,
    #[serde(rename = "_geo", default, skip_serializing_if = "Option::is_none")]
    geo: Option<MeiliGeo>,
    /// Milliseconds since the epoch (sortable as a number).
    updated_at: i64,
    version: u64,
    #[serde(default)]
    thumbnail: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    city: Option<String>,
    /// Present in hits of `_geoPoint` sorts only.
    #[serde(rename = "_geoDistance", default, skip_serializing)]
    geo_distance: Option<f64>,
}

impl MeiliDoc {
    pub(crate) fn from_doc(doc: &SearchDoc) -> Self {
        let mut out = MeiliDoc {
            id: doc.id().to_string(),
            kind: doc.kind().as_str().to_owned(),
            status: doc.status().as_str().to_owned(),
            title: doc.title().to_owned(),
            description: None,
            artwork_type: None,
            artist_names: Vec::new(),
            artist_aliases: Vec::new(),
            tags: doc.tag_terms(),
            tag_map: Default::default(),
            tags_text: doc.tag_values(),
            tag_values: doc.suggestible_tag_values(),
            notes: Vec::new(),
            geo: doc.location().map(|p| MeiliGeo {
                lat: p.lat,
                lng: p.lon,
            }),
            updated_at: doc.updated_at().timestamp_millis(),
            version: doc.version(),
            thumbnail: None,
            city: None,
            geo_distance: None,
        };
        match doc {
            SearchDoc::Artwork(a) => {
                out.description = a.description.clone();
                // Stored as given: `=` in filters compares strings case-insensitively.
                out.artwork_type = Some(a.artwork_type.clone());
                out.artist_names = a.artist_names.clone();
                out.artist_aliases = a.artist_aliases.clone();
                out.tag_map = a.tags.clone();
                out.notes = a.notes.clone();
                out.thumbnail = a.thumbnail.clone();
                out.city = a.city.clone();
            }
            SearchDoc::Artist(a) => {
                out.description = a.bio.clone();
                out.artist_aliases = a.aliases.clone();
            }
        }
        out
    }

    pub(crate) fn into_doc(self) -> Result<SearchDoc, Error> {
        let bad = |what: &str| Error::Backend(format!("meilisearch: stored doc has a bad {what}"));
        let id = Uuid::parse_str(&self.id).map_err(|_| bad("id"))?;
        let status = DocStatus::parse(&self.status).ok_or_else(|| bad("status"))?;
        let updated_at =
            DateTime::from_timestamp_millis(self.updated_at).ok_or_else(|| bad("updated_at"))?;
        match DocKind::parse(&self.kind).ok_or_else(|| bad("kind"))? {
            DocKind::Artwork => Ok(SearchDoc::Artwork(ArtworkDoc {
                id,
                title: self.title,
                description: self.description,
                artwork_type: self.artwork_type.unwrap_or_default(),
                status,
                artist_names: self.artist_names,
                artist_aliases: self.artist_aliases,
                tags: self.tag_map,
                notes: self.notes,
                location: self.geo.map(|g| GeoPoint {
                    lat: g.lat,
                    lon: g.lng,
                }),
                updated_at,
                version: self.version,
                thumbnail: self.thumbnail,
                city: self.city,
            })),
            DocKind::Artist => Ok(SearchDoc::Artist(ArtistDoc {
                id,
                name: self.title,
                aliases: self.artist_aliases,
                bio: self.description,
                status,
                updated_at,
                version: self.version,
            })),
        }
    }
}

#[derive(Debug, Deserialize)]
struct IdVersion {
    id: String,
    version: u64,
}

#[derive(Debug, Serialize, Deserialize)]
struct MetaDoc {
    id: String,
    value: String,
}

#[derive(Default)]
struct WriteState {
    /// Versions sent since the last commit (`None` = deleted): their tasks may still be queued.
    staged: HashMap<Uuid, Option<u64>>,
    /// Tasks `commit` must see succeed before it stores the checkpoint.
    tasks: Vec<TaskInfo>,
}

/// See the module documentation.
pub struct MeiliIndex {
    client: Client,
    docs: Index,
    meta: Index,
    state: Mutex<WriteState>,
    task_timeout: Duration,
}

impl MeiliIndex {
    /// Connects, creates `<index_prefix>_docs` and `<index_prefix>_meta` if missing, and applies
    /// the settings (waiting for the tasks).
    pub async fn connect(
        url: &str,
        api_key: Option<&str>,
        index_prefix: &str,
    ) -> Result<Self, Error> {
        let client = Client::new(url.trim_end_matches('/'), api_key)?;
        let docs_uid = format!("{index_prefix}_docs");
        let meta_uid = format!("{index_prefix}_meta");
        let this = Self {
            docs: client.index(&docs_uid),
            meta: client.index(&meta_uid),
            client,
            state: Mutex::new(WriteState::default()),
            task_timeout: DEFAULT_TASK_TIMEOUT,
        };
        this.ensure_index(&docs_uid).await?;
        this.ensure_index(&meta_uid).await?;
        let task = this.docs.set_settings(&meili_settings()).await?;
        this.wait(task).await?;
        Ok(this)
    }

    async fn ensure_index(&self, uid: &str) -> Result<(), Error> {
        let task = self.client.create_index(uid, Some(PRIMARY_KEY)).await?;
        match self
            .client
            .wait_for_task(task, Some(TASK_POLL), Some(self.task_timeout))
            .await?
        {
            Task::Failed { content }
                if content.error.error_code == ErrorCode::IndexAlreadyExists =>
            {
                Ok(())
            }
            task => task_result(task),
        }
    }

    async fn wait(&self, task: TaskInfo) -> Result<(), Error> {
        let task = self
            .client
            .wait_for_task(task, Some(TASK_POLL), Some(self.task_timeout))
            .await?;
        task_result(task)
    }

    async fn stored_versions(&self, ids: &[Uuid]) -> Result<HashMap<Uuid, u64>, Error> {
        let mut out = HashMap::new();
        for chunk in ids.chunks(VERSION_FETCH_BATCH) {
            let filter = ids_filter(chunk);
            let mut query = DocumentsQuery::new(&self.docs);
            query
                .with_filter(&filter)
                .with_fields(["id", "version"])
                .with_limit(chunk.len());
            let found = self.docs.get_documents_with::<IdVersion>(&query).await?;
            for doc in found.results {
                if let Ok(id) = Uuid::parse_str(&doc.id) {
                    out.insert(id, doc.version);
                }
            }
        }
        Ok(out)
    }

    async fn facet_candidates(
        &self,
        facet: &str,
        prefix: &str,
        filter: &str,
        kind: SuggestionKind,
    ) -> Result<Vec<Candidate>, Error> {
        let mut query = self.docs.facet_search(facet);
        query.with_facet_query(prefix).with_filter(filter);
        let found = query.execute().await?;
        Ok(found
            .facet_hits
            .into_iter()
            .filter_map(|hit| {
                text::completes(&hit.value, prefix).map(|at_start| Candidate {
                    text: hit.value,
                    kind,
                    id: None,
                    at_start,
                    count: hit.count as u64,
                })
            })
            .collect())
    }
}

fn task_result(task: Task) -> Result<(), Error> {
    match task {
        Task::Succeeded { .. } => Ok(()),
        Task::Failed { content } => Err(Error::Backend(format!(
            "meilisearch task {} failed: {}",
            content.task.uid, content.error
        ))),
        Task::Enqueued { .. } | Task::Processing { .. } => Err(Error::Backend(
            "meilisearch task did not finish in time".into(),
        )),
    }
}

#[async_trait]
impl SearchIndex for MeiliIndex {
    fn backend(&self) -> &'static str {
        "meilisearch"
    }

    async fn upsert(&self, docs: Vec<SearchDoc>) -> Result<usize, Error> {
        let mut state = self.state.lock().await;
        let mut newest: HashMap<Uuid, SearchDoc> = HashMap::new();
        for doc in docs {
            match newest.get(&doc.id()) {
                Some(kept) if kept.version() >= doc.version() => {}
                _ => {
                    newest.insert(doc.id(), doc);
                }
            }
        }
        let unknown: Vec<Uuid> = newest
            .keys()
            .filter(|id| !state.staged.contains_key(id))
            .copied()
            .collect();
        let stored = self.stored_versions(&unknown).await?;
        let accepted: Vec<SearchDoc> = newest
            .into_values()
            .filter(|doc| {
                let current = match state.staged.get(&doc.id()) {
                    Some(staged) => *staged,
                    None => stored.get(&doc.id()).copied(),
                };
                current.is_none_or(|v| doc.version() > v)
            })
            .collect();
        let body: Vec<MeiliDoc> = accepted.iter().map(MeiliDoc::from_doc).collect();
        for chunk in body.chunks(WRITE_BATCH) {
            let task = self.docs.add_or_replace(chunk, Some(PRIMARY_KEY)).await?;
            state.tasks.push(task);
        }
        for doc in &accepted {
            state.staged.insert(doc.id(), Some(doc.version()));
        }
        Ok(accepted.len())
    }

    async fn delete(&self, ids: &[Uuid]) -> Result<(), Error> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut state = self.state.lock().await;
        let keys: Vec<String> = ids.iter().map(Uuid::to_string).collect();
        let task = self.docs.delete_documents(&keys).await?;
        state.tasks.push(task);
        for id in ids {
            state.staged.insert(*id, None);
        }
        Ok(())
    }

    async fn commit(&self, checkpoint: String) -> Result<(), Error> {
        let mut state = self.state.lock().await;
        let tasks = std::mem::take(&mut state.tasks);
        let result = async {
            for task in tasks {
                self.wait(task).await?;
            }
            let meta = [MetaDoc {
                id: CHECKPOINT_ID.to_owned(),
                value: checkpoint,
            }];
            let task = self.meta.add_or_replace(&meta, Some(PRIMARY_KEY)).await?;
            self.wait(task).await
        }
        .await;
        // Succeeded: the stored versions are current. Failed: the projector replays anyway.
        state.staged.clear();
        result
    }

    async fn checkpoint(&self) -> Result<Option<String>, Error> {
        match self.meta.get_document::<MetaDoc>(CHECKPOINT_ID).await {
            Ok(doc) => Ok(Some(doc.value)),
            Err(MeiliError::Meilisearch(e)) if e.error_code == ErrorCode::DocumentNotFound => {
                Ok(None)
            }
            Err(e) => Err(e.into()),
        }
    }

    async fn clear(&self) -> Result<(), Error> {
        let mut state = self.state.lock().await;
        state.tasks.clear();
        state.staged.clear();
        let docs = self.docs.delete_all_documents().await?;
        let meta = self.meta.delete_all_documents().await?;
        self.wait(docs).await?;
        self.wait(meta).await
    }

    async fn search(&self, query: &SearchQuery) -> Result<SearchResults, Error> {
        query.validate()?;
        let text = query.trimmed_text();
        let filter = filter_expression(query);
        let sort = sort_rules(query);
        let sort: Vec<&str> = sort.iter().map(String::as_str).collect();
        let mut request = self.docs.search();
        request
            .with_query(text)
            .with_page(query.page as usize)
            .with_hits_per_page(query.per_page as usize)
            .with_show_ranking_score(true);
        if let Some(filter) = &filter {
            request.with_filter(filter);
        }
        if !sort.is_empty() {
            request.with_sort(&sort);
        }
        let found = request.execute::<MeiliDoc>().await?;
        let hits = found
            .hits
            .into_iter()
            .map(|hit| {
                let score = if text.is_empty() {
                    0.0
                } else {
                    hit.ranking_score.unwrap_or(0.0) as f32
                };
                let distance = hit.result.geo_distance;
                let doc = hit.result.into_doc()?;
                let mut out = SearchHit::from_doc(&doc, score, query.near);
                if distance.is_some() && out.distance_m.is_some() {
                    out.distance_m = distance;
                }
                Ok(out)
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(SearchResults {
            total: found.total_hits.unwrap_or(hits.len()) as u64,
            page: query.page,
            per_page: query.per_page,
            hits,
        })
    }

    async fn suggest(&self, prefix: &str, limit: usize) -> Result<Vec<Suggestion>, Error> {
        check_suggest_args(prefix, limit)?;
        let prefix = prefix.trim();
        if text::normalized_phrase(prefix).is_empty() {
            return Ok(Vec::new());
        }
        let approved = format!("status = {}", quote(DocStatus::Approved.as_str()));
        let mut request = self.docs.search();
        request
            .with_query(prefix)
            .with_filter(&approved)
            .with_limit(SUGGEST_HITS)
            .with_attributes_to_search_on(&[
                "title",
                "artist_names",
                "artist_aliases",
                "tags_text",
            ]);
        let found = request.execute::<MeiliDoc>().await?;
        let mut candidates = Vec::new();
        for hit in found.hits {
            for source in hit.result.into_doc()?.suggestion_sources() {
                if let Some(at_start) = text::completes(&source.text, prefix) {
                    candidates.push(Candidate {
                        text: source.text,
                        kind: source.kind,
                        id: source.id,
                        at_start,
                        count: 1,
                    });
                }
            }
        }
        candidates.extend(
            self.facet_candidates("artwork_type", prefix, &approved, SuggestionKind::Type)
                .await?,
        );
        candidates.extend(
            self.facet_candidates("tag_values", prefix, &approved, SuggestionKind::Tag)
                .await?,
        );
        Ok(rank_suggestions(candidates, limit))
    }

    async fn health(&self) -> Result<(), Error> {
        let health = self.client.health().await?;
        if health.status == "available" {
            Ok(())
        } else {
            Err(Error::Unavailable(format!(
                "meilisearch reports status {}",
                health.status
            )))
        }
    }

    async fn doc_count(&self) -> Result<u64, Error> {
        Ok(self.docs.get_stats().await?.number_of_documents as u64)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde_json::json;

    use super::*;
    use crate::query::{KindFilter, TagFilter};

    #[test]
    fn settings_rank_searchable_fields_and_declare_filters_sorts_and_typos() {
        let settings = serde_json::to_value(meili_settings()).ok();
        assert_eq!(
            settings,
            Some(json!({
                "searchableAttributes": [
                    "title", "artist_names", "artist_aliases", "tags_text", "description", "notes"
                ],
                "filterableAttributes": [
                    "id", "status", "kind", "artwork_type", "tags", "tag_values", "artist_names",
                    "_geo"
                ],
                "sortableAttributes": ["updated_at", "_geo"],
                "rankingRules": ["words", "typo", "proximity", "attribute", "sort", "exactness"],
                "typoTolerance": {
                    "enabled": true,
                    "disableOnAttributes": [],
                    "disableOnWords": [],
                    "minWordSizeForTypos": { "oneTypo": 4, "twoTypos": 8 }
                },
                "pagination": { "maxTotalHits": 100000 }
            }))
        );
    }

    #[test]
    fn default_query_filters_approved_only() {
        assert_eq!(
            filter_expression(&SearchQuery::default()).as_deref(),
            Some(r#"status = "approved""#)
        );
    }

    #[test]
    fn every_filter_joins_with_and_and_tags_use_their_terms() {
        let q = SearchQuery {
            status: Some(DocStatus::Pending),
            kind: KindFilter::Artworks,
            artwork_type: Some(" Mural ".into()),
            tags: vec![
                TagFilter {
                    key: "material".into(),
                    value: Some("Bronze".into()),
                },
                TagFilter {
                    key: "year".into(),
                    value: None,
                },
            ],
            ..SearchQuery::default()
        };
        assert_eq!(
            filter_expression(&q).as_deref(),
            Some(
                r#"status = "pending" AND kind = "artwork" AND artwork_type = "mural" AND tags = "material:bronze" AND tags = "year""#
            )
        );
        let any = SearchQuery {
            status: None,
            ..SearchQuery::default()
        };
        assert_eq!(filter_expression(&any), None);
    }

    #[test]
    fn quoted_values_escape_quotes_and_backslashes() {
        assert_eq!(quote(r#"say "hi" \ bye"#), r#""say \"hi\" \\ bye""#);
        let q = SearchQuery {
            tags: vec![TagFilter {
                key: "operator".into(),
                value: Some(r#"x" OR status = "pending"#.into()),
            }],
            ..SearchQuery::default()
        };
        assert_eq!(
            filter_expression(&q).as_deref(),
            Some(r#"status = "approved" AND tags = "operator:x\" or status = \"pending""#)
        );
    }

    #[test]
    fn id_filter_lists_quoted_ids() {
        let ids = [Uuid::from_u128(1), Uuid::from_u128(2)];
        assert_eq!(
            ids_filter(&ids),
            r#"id IN ["00000000-0000-0000-0000-000000000001", "00000000-0000-0000-0000-000000000002"]"#
        );
    }

    #[test]
    fn sorts_put_latitude_first_and_browse_newest_first() {
        let near = SearchQuery {
            near: Some(GeoPoint {
                lat: 49.2827,
                lon: -123.1207,
            }),
            text: "orca".into(),
            ..SearchQuery::default()
        };
        assert_eq!(sort_rules(&near), ["_geoPoint(49.2827, -123.1207):asc"]);
        assert_eq!(sort_rules(&SearchQuery::default()), ["updated_at:desc"]);
        let text = SearchQuery {
            text: " orca ".into(),
            ..SearchQuery::default()
        };
        assert!(sort_rules(&text).is_empty());
    }

    fn artwork() -> SearchDoc {
        SearchDoc::Artwork(ArtworkDoc {
            id: Uuid::from_u128(9),
            title: "A-maze-ing Laughter".into(),
            description: Some("Fourteen laughing figures.".into()),
            artwork_type: "Sculpture".into(),
            status: DocStatus::Approved,
            artist_names: vec!["Yue Minjun".into()],
            artist_aliases: vec!["岳敏君".into()],
            tags: BTreeMap::from([
                ("material".to_owned(), "bronze".to_owned()),
                ("year".to_owned(), "2009".to_owned()),
            ]),
            notes: vec!["Morning light is best.".into()],
            location: Some(GeoPoint {
                lat: 49.2871,
                lon: -123.1420,
            }),
            updated_at: DateTime::from_timestamp_millis(1_700_000_000_123)
                .unwrap_or(DateTime::UNIX_EPOCH),
            version: 4,
            thumbnail: Some("thumb/abc.jpg".into()),
            city: Some("Vancouver".into()),
        })
    }

    #[test]
    fn documents_carry_geo_as_lat_lng_and_flat_filter_fields() {
        let json = serde_json::to_value(MeiliDoc::from_doc(&artwork())).ok();
        assert_eq!(
            json,
            Some(json!({
                "id": "00000000-0000-0000-0000-000000000009",
                "kind": "artwork",
                "status": "approved",
                "title": "A-maze-ing Laughter",
                "description": "Fourteen laughing figures.",
                "artwork_type": "Sculpture",
                "artist_names": ["Yue Minjun"],
                "artist_aliases": ["岳敏君"],
                "tags": ["material:bronze", "material", "year:2009", "year"],
                "tag_map": { "material": "bronze", "year": "2009" },
                "tags_text": ["bronze", "2009"],
                "tag_values": ["bronze"],
                "notes": ["Morning light is best."],
                "_geo": { "lat": 49.2871, "lng": -123.142 },
                "updated_at": 1_700_000_000_123_i64,
                "version": 4,
                "thumbnail": "thumb/abc.jpg",
                "city": "Vancouver"
            }))
        );
    }

    #[test]
    fn documents_round_trip_and_hits_read_geo_distance() {
        let doc = artwork();
        let mut json = serde_json::to_value(MeiliDoc::from_doc(&doc)).unwrap_or_default();
        json["_geoDistance"] = json!(120);
        let back: Option<MeiliDoc> = serde_json::from_value(json).ok();
        assert_eq!(back.as_ref().and_then(|d| d.geo_distance), Some(120.0));
        assert_eq!(back.map(|d| d.into_doc().ok()), Some(Some(doc)));
        let artist = SearchDoc::Artist(ArtistDoc {
            id: Uuid::from_u128(3),
            name: "Douglas Coupland".into(),
            aliases: vec![],
            bio: Some("Writer and visual artist.".into()),
            status: DocStatus::Pending,
            updated_at: DateTime::UNIX_EPOCH,
            version: 1,
        });
        assert_eq!(
            MeiliDoc::from_doc(&artist).into_doc().ok(),
            Some(artist.clone())
        );
        let json = serde_json::to_value(MeiliDoc::from_doc(&artist)).ok();
        assert!(json.is_some_and(|j| j.get("_geo").is_none()));
    }
}
