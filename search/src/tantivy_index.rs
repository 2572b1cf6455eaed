//! The embedded adapter: one Tantivy index (artworks and artists together) in the data dir.
//!
//! - Text fields share the lowercase + ASCII-folding analyzer (registered on every open). A word
//!   of the query matches exactly (BM25, boosted per field: title 3, artists 2.5, tags 1.5,
//!   description 1, notes 0.8) or, in title/artist/tag fields, within one edit (two from 8
//!   letters; transpositions count one) at a constant, lower score — so an exact match always
//!   outranks the same match with a typo. Every word must match; if none does, any word may.
//!   The last word also matches as a prefix (search-as-you-type), and whole-phrase matches in
//!   title/artists add a bonus.
//! - Filters are unscored term queries on raw keyword fields (`status`, `kind`, `artwork_type`,
//!   `tags` holding `key` and `key:value`).
//! - Ranking: text → score; no text → newest `updated_at` first; `near` and no text → distance
//!   ascending over every match (exact, from FAST lat/lon); `near` with text → score damped by
//!   distance, `score / (1 + d / 1 km)`, so a good match 1 km away halves but still competes.
//! - Suggestions: a raw `suggest` field whose terms encode a normalised phrase suffix (from each
//!   of the first word starts) with its kind, id and display text; a term-dictionary range scan
//!   of the prefix reads them without touching stored docs, capped per segment.
//! - Version checks read the FAST `version` of the live doc with the same id (or the staged
//!   version since the last commit) before `delete_term` + `add_document`; a rebuild after
//!   `clear` appends without either (`append`).
//! - The commit payload holds the checkpoint, so documents and checkpoint land in one commit.
//!   One `IndexWriter` behind a tokio mutex; the reader reloads manually after each commit; all
//!   Tantivy work runs in `spawn_blocking`.
//!
//! Kept in one file on purpose: the schema, the writer and the query translation of the embedded
//! index depend on the same field handles and are checked together by the conformance suite.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use async_trait::async_trait;
use tantivy::collector::{Count, TopDocs};
use tantivy::directory::MmapDirectory;
use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, ConstScoreQuery, FuzzyTermQuery, Occur, PhraseQuery, Query,
    TermQuery,
};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, Value, FAST, STORED, STRING,
};
use tantivy::{
    DocAddress, DocId, DocSet, Index, IndexReader, IndexWriter, Order, ReloadPolicy, Score,
    Searcher, SegmentReader, TantivyDocument, TantivyError, Term, TERMINATED,
};
use tokio::sync::Mutex;
use uuid::Uuid;

use crate::doc::{GeoPoint, SearchDoc, SuggestionKind};
use crate::query::{
    check_suggest_args, haversine_m, rank_suggestions, Candidate, SearchHit, SearchQuery,
    SearchResults, Suggestion,
};
use crate::text::{self, ANALYZER};
use crate::{Error, SearchIndex};

const WRITER_MEMORY_BYTES: usize = 64 * 1024 * 1024;

const TITLE_WEIGHT: Score = 3.0;
const ARTISTS_WEIGHT: Score = 2.5;
const TAGS_WEIGHT: Score = 1.5;
const DESCRIPTION_WEIGHT: Score = 1.0;
const NOTES_WEIGHT: Score = 0.8;
/// A typo match scores a constant `weight × FUZZY_FACTOR`, below what the exact term adds on top.
const FUZZY_FACTOR: Score = 0.5;
const PREFIX_FACTOR: Score = 0.3;
const PHRASE_FACTOR: Score = 2.0;
/// Shorter words match exactly only: one edit in a 3-letter word matches half the dictionary.
const FUZZY_MIN_CHARS: usize = 4;
const FUZZY_TWO_EDITS_MIN_CHARS: usize = 8;
const PREFIX_MIN_CHARS: usize = 3;
/// Query words beyond this are ignored (200 characters rarely hold more).
const MAX_QUERY_TERMS: usize = 12;
/// Distance at which a text match's score halves in `near` searches.
const NEAR_SCALE_M: f64 = 1000.0;

/// Suggestion phrases are indexed from at most this many word starts.
const MAX_SUGGEST_WORD_STARTS: usize = 8;
/// Terms read for one suggestion prefix, shared among segments (each gets at least the
/// minimum): keeps one-letter prefixes fast at 1M docs. Docs spread over segments at random, so
/// each segment's first terms are a fair sample.
const SUGGEST_SCAN_BUDGET: usize = 1024;
const SUGGEST_SCAN_MIN_PER_SEGMENT: usize = 64;
const SEP: char = '\u{1f}';

struct Fields {
    id: Field,
    kind: Field,
    status: Field,
    artwork_type: Field,
    tags: Field,
    title: Field,
    artists: Field,
    tags_text: Field,
    description: Field,
    notes: Field,
    lat: Field,
    lon: Field,
    updated_at: Field,
    version: Field,
    suggest: Field,
    doc: Field,
}

const LAT: &str = "lat";
const LON: &str = "lon";
const UPDATED_AT: &str = "updated_at";
const VERSION: &str = "version";

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let text = |positions: bool| {
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(ANALYZER)
                .set_index_option(if positions {
                    IndexRecordOption::WithFreqsAndPositions
                } else {
                    IndexRecordOption::WithFreqs
                }),
        )
    };
    let fields = Fields {
        id: b.add_text_field("id", STRING),
        kind: b.add_text_field("kind", STRING),
        status: b.add_text_field("status", STRING),
        artwork_type: b.add_text_field("artwork_type", STRING),
        tags: b.add_text_field("tags", STRING),
        title: b.add_text_field("title", text(true)),
        artists: b.add_text_field("artists", text(true)),
        tags_text: b.add_text_field("tags_text", text(false)),
        description: b.add_text_field("description", text(false)),
        notes: b.add_text_field("notes", text(false)),
        lat: b.add_f64_field(LAT, FAST),
        lon: b.add_f64_field(LON, FAST),
        updated_at: b.add_i64_field(UPDATED_AT, FAST),
        version: b.add_u64_field(VERSION, FAST),
        suggest: b.add_text_field("suggest", STRING),
        doc: b.add_text_field("doc", STORED),
    };
    (b.build(), fields)
}

struct Shared {
    index: Index,
    reader: IndexReader,
    fields: Fields,
}

struct WriterState {
    writer: IndexWriter,
    /// Versions staged since the last commit; `None` = deleted.
    staged: HashMap<Uuid, Option<u64>>,
}

/// See the module documentation.
pub struct TantivyIndex {
    shared: Arc<Shared>,
    writer: Arc<Mutex<WriterState>>,
}

fn io_error(e: impl std::fmt::Display) -> Error {
    Error::Backend(format!("tantivy: {e}"))
}

/// Removes the files of a Tantivy index (which keeps them all at the top of its directory);
/// subdirectories are left alone.
fn remove_index_files(dir: &Path) -> Result<(), Error> {
    for entry in std::fs::read_dir(dir).map_err(io_error)? {
        let entry = entry.map_err(io_error)?;
        if entry.file_type().map_err(io_error)?.is_file() {
            std::fs::remove_file(entry.path()).map_err(io_error)?;
        }
    }
    Ok(())
}

fn join_error(e: tokio::task::JoinError) -> Error {
    Error::Backend(format!("search task failed: {e}"))
}

impl TantivyIndex {
    /// Opens the index in `dir` (a directory of its own, e.g. `<data dir>/search`), creating it
    /// if needed. An index written with another schema is derived data: its files are removed
    /// and it is recreated empty (its checkpoint goes with it, so the projector rebuilds it from
    /// the event store).
    pub fn open(dir: &Path) -> Result<Self, Error> {
        std::fs::create_dir_all(dir).map_err(io_error)?;
        let (schema, fields) = schema();
        let open = || -> Result<Index, TantivyError> {
            let directory =
                MmapDirectory::open(dir).map_err(|e| TantivyError::SystemError(e.to_string()))?;
            Index::open_or_create(directory, schema.clone())
        };
        let index = match open() {
            Err(TantivyError::SchemaError(reason)) => {
                tracing::warn!(
                    index.dir = %dir.display(),
                    reason,
                    "search index has another schema: recreating it empty for a rebuild"
                );
                remove_index_files(dir)?;
                open()?
            }
            other => other?,
        };
        Self::with_index(index, fields)
    }

    /// An index in memory, for tests.
    pub fn in_memory() -> Result<Self, Error> {
        let (schema, fields) = schema();
        Self::with_index(Index::create_in_ram(schema), fields)
    }

    fn with_index(index: Index, fields: Fields) -> Result<Self, Error> {
        index.tokenizers().register(ANALYZER, text::analyzer());
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let writer = index.writer(WRITER_MEMORY_BYTES)?;
        Ok(Self {
            shared: Arc::new(Shared {
                index,
                reader,
                fields,
            }),
            writer: Arc::new(Mutex::new(WriterState {
                writer,
                staged: HashMap::new(),
            })),
        })
    }

    /// Runs `f` on a blocking thread with the writer locked.
    async fn with_writer<T, F>(&self, f: F) -> Result<T, Error>
    where
        T: Send + 'static,
        F: FnOnce(&Shared, &mut WriterState) -> Result<T, Error> + Send + 'static,
    {
        let mut guard = self.writer.clone().lock_owned().await;
        let shared = self.shared.clone();
        tokio::task::spawn_blocking(move || f(&shared, &mut guard))
            .await
            .map_err(join_error)?
    }

    async fn with_searcher<T, F>(&self, f: F) -> Result<T, Error>
    where
        T: Send + 'static,
        F: FnOnce(&Shared, Searcher) -> Result<T, Error> + Send + 'static,
    {
        let shared = self.shared.clone();
        tokio::task::spawn_blocking(move || {
            let searcher = shared.reader.searcher();
            f(&shared, searcher)
        })
        .await
        .map_err(join_error)?
    }
}

impl Shared {
    fn document(&self, doc: &SearchDoc) -> Result<TantivyDocument, Error> {
        let f = &self.fields;
        let mut d = TantivyDocument::new();
        d.add_text(f.id, doc.id().to_string());
        d.add_text(f.kind, doc.kind().as_str());
        d.add_text(f.status, doc.status().as_str());
        d.add_text(f.title, doc.title());
        match doc {
            SearchDoc::Artwork(a) => {
                d.add_text(f.artwork_type, a.artwork_type.trim().to_lowercase());
                for name in a.artist_names.iter().chain(&a.artist_aliases) {
                    d.add_text(f.artists, name);
                }
                if let Some(desc) = &a.description {
                    d.add_text(f.description, desc);
                }
                for note in &a.notes {
                    d.add_text(f.notes, note);
                }
            }
            SearchDoc::Artist(a) => {
                for alias in &a.aliases {
                    d.add_text(f.artists, alias);
                }
                if let Some(bio) = &a.bio {
                    d.add_text(f.description, bio);
                }
            }
        }
        for t in doc.tag_terms() {
            d.add_text(f.tags, t);
        }
        for v in doc.tag_values() {
            d.add_text(f.tags_text, v);
        }
        if let Some(p) = doc.location() {
            d.add_f64(f.lat, p.lat);
            d.add_f64(f.lon, p.lon);
        }
        d.add_i64(f.updated_at, doc.updated_at().timestamp_millis());
        d.add_u64(f.version, doc.version());
        for source in doc.suggestion_sources() {
            let words = text::normalize(&source.text);
            let id = source
                .id
                .map(|id| id.simple().to_string())
                .unwrap_or_default();
            for start in 0..words.len().min(MAX_SUGGEST_WORD_STARTS) {
                let at_start = if start == 0 { '1' } else { '0' };
                d.add_text(
                    f.suggest,
                    format!(
                        "{}{SEP}{}{at_start}{SEP}{id}{SEP}{}",
                        words[start..].join(" "),
                        source.kind.code(),
                        source.text
                    ),
                );
            }
        }
        let json = serde_json::to_string(doc).map_err(io_error)?;
        d.add_text(f.doc, json);
        Ok(d)
    }

    /// The version of the live committed doc with this id.
    fn committed_version(&self, searcher: &Searcher, id: Uuid) -> Result<Option<u64>, Error> {
        let term = Term::from_field_text(self.fields.id, &id.to_string());
        for segment in searcher.segment_readers() {
            let inverted = segment.inverted_index(self.fields.id)?;
            let Some(mut postings) = inverted
                .read_postings(&term, IndexRecordOption::Basic)
                .map_err(io_error)?
            else {
                continue;
            };
            let versions = segment.fast_fields().u64(VERSION)?;
            let mut doc = postings.doc();
            while doc != TERMINATED {
                if !segment.is_deleted(doc) {
                    return Ok(versions.first(doc));
                }
                doc = postings.advance();
            }
        }
        Ok(None)
    }

    fn stored_doc(&self, searcher: &Searcher, address: DocAddress) -> Result<SearchDoc, Error> {
        let d: TantivyDocument = searcher.doc(address)?;
        let json = d
            .get_first(self.fields.doc)
            .and_then(|v| v.as_str())
            .ok_or_else(|| Error::Backend("tantivy: a document lost its stored body".into()))?;
        serde_json::from_str(json).map_err(io_error)
    }

    fn filters(&self, q: &SearchQuery) -> Vec<Box<dyn Query>> {
        let f = &self.fields;
        let term = |field, value: &str| -> Box<dyn Query> {
            Box::new(ConstScoreQuery::new(
                Box::new(TermQuery::new(
                    Term::from_field_text(field, value),
                    IndexRecordOption::Basic,
                )),
                0.0,
            ))
        };
        let mut out = Vec::new();
        if let Some(status) = q.status {
            out.push(term(f.status, status.as_str()));
        }
        if let Some(kind) = q.kind.kind() {
            out.push(term(f.kind, kind.as_str()));
        }
        if let Some(t) = &q.artwork_type {
            out.push(term(f.artwork_type, &t.trim().to_lowercase()));
        }
        for tag in &q.tags {
            out.push(term(f.tags, &tag.term()));
        }
        out
    }

    /// Text clauses: each word exact or fuzzy (`all_words`: every word must match), plus
    /// optional phrase bonuses.
    fn text_clauses(&self, words: &[String], all_words: bool) -> Vec<(Occur, Box<dyn Query>)> {
        let f = &self.fields;
        let exact_fields = [
            (f.title, TITLE_WEIGHT),
            (f.artists, ARTISTS_WEIGHT),
            (f.tags_text, TAGS_WEIGHT),
            (f.description, DESCRIPTION_WEIGHT),
            (f.notes, NOTES_WEIGHT),
        ];
        let fuzzy_fields = [
            (f.title, TITLE_WEIGHT),
            (f.artists, ARTISTS_WEIGHT),
            (f.tags_text, TAGS_WEIGHT),
        ];
        let mut groups: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (i, word) in words.iter().enumerate() {
            let chars = word.chars().count();
            let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
            for (field, weight) in exact_fields {
                let q = TermQuery::new(
                    Term::from_field_text(field, word),
                    IndexRecordOption::WithFreqs,
                );
                clauses.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(Box::new(q), weight)),
                ));
            }
            if chars >= FUZZY_MIN_CHARS {
                let distance = if chars >= FUZZY_TWO_EDITS_MIN_CHARS {
                    2
                } else {
                    1
                };
                for (field, weight) in fuzzy_fields {
                    let q = FuzzyTermQuery::new(Term::from_field_text(field, word), distance, true);
                    clauses.push((
                        Occur::Should,
                        Box::new(BoostQuery::new(Box::new(q), weight * FUZZY_FACTOR)),
                    ));
                }
            }
            if i + 1 == words.len() && chars >= PREFIX_MIN_CHARS {
                for (field, weight) in [(f.title, TITLE_WEIGHT), (f.artists, ARTISTS_WEIGHT)] {
                    let q = FuzzyTermQuery::new_prefix(Term::from_field_text(field, word), 0, true);
                    clauses.push((
                        Occur::Should,
                        Box::new(BoostQuery::new(Box::new(q), weight * PREFIX_FACTOR)),
                    ));
                }
            }
            let occur = if all_words {
                Occur::Must
            } else {
                Occur::Should
            };
            groups.push((occur, Box::new(BooleanQuery::new(clauses))));
        }
        if words.len() > 1 {
            for (field, weight) in [(f.title, TITLE_WEIGHT), (f.artists, ARTISTS_WEIGHT)] {
                let terms = words
                    .iter()
                    .map(|w| Term::from_field_text(field, w))
                    .collect();
                groups.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(
                        Box::new(PhraseQuery::new(terms)),
                        weight * PHRASE_FACTOR,
                    )),
                ));
            }
        }
        groups
    }

    fn query(&self, q: &SearchQuery, words: &[String], all_words: bool) -> BooleanQuery {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = self
            .filters(q)
            .into_iter()
            .map(|f| (Occur::Must, f))
            .collect();
        if !words.is_empty() {
            let text = BooleanQuery::new(self.text_clauses(words, all_words));
            clauses.push((Occur::Must, Box::new(text)));
        } else if clauses.is_empty() {
            // Only a browse of everything needs AllQuery: intersecting with it costs a step per
            // document.
            clauses.push((Occur::Must, Box::new(AllQuery)));
        }
        BooleanQuery::new(clauses)
    }

    /// Runs one query with the ranking the request calls for: (total, [(score, address)]).
    fn run(
        &self,
        searcher: &Searcher,
        query: &BooleanQuery,
        q: &SearchQuery,
        has_text: bool,
    ) -> Result<(u64, Vec<(Score, DocAddress)>), Error> {
        let top = TopDocs::with_limit(q.per_page as usize).and_offset(q.offset());
        match (q.near, has_text) {
            (None, true) => {
                let (n, hits) = searcher.search(query, &(Count, top.order_by_score()))?;
                Ok((n as u64, hits))
            }
            (None, false) => {
                let (n, hits) = searcher.search(
                    query,
                    &(
                        Count,
                        top.order_by_fast_field::<i64>(UPDATED_AT, Order::Desc),
                    ),
                )?;
                Ok((n as u64, hits.into_iter().map(|(_, a)| (0.0, a)).collect()))
            }
            (Some(point), _) => {
                let collector = top.tweak_score(move |segment: &SegmentReader| {
                    let lat = segment.fast_fields().f64(LAT).ok();
                    let lon = segment.fast_fields().f64(LON).ok();
                    move |doc: DocId, score: Score| -> f64 {
                        let here = lat
                            .as_ref()
                            .and_then(|c| c.first(doc))
                            .zip(lon.as_ref().and_then(|c| c.first(doc)))
                            .map(|(lat, lon)| GeoPoint { lat, lon });
                        match (has_text, here) {
                            (false, Some(p)) => -haversine_key(point, p),
                            (false, None) => f64::NEG_INFINITY,
                            (true, Some(p)) => {
                                f64::from(score) / (1.0 + haversine_m(point, p) / NEAR_SCALE_M)
                            }
                            // Unlocated matches come after every located one.
                            (true, None) => f64::from(score) * 1e-9,
                        }
                    }
                });
                let (n, hits) = searcher.search(query, &(Count, collector))?;
                let hits = hits
                    .into_iter()
                    .map(|(key, a)| (if has_text { key as Score } else { 0.0 }, a))
                    .collect();
                Ok((n as u64, hits))
            }
        }
    }

    fn search(&self, searcher: &Searcher, q: &SearchQuery) -> Result<SearchResults, Error> {
        let mut words = text::normalize(q.trimmed_text());
        let mut seen = std::collections::HashSet::new();
        words.retain(|w| seen.insert(w.clone()));
        words.truncate(MAX_QUERY_TERMS);
        let has_text = !words.is_empty();
        let (mut total, mut hits) =
            self.run(searcher, &self.query(q, &words, true), q, has_text)?;
        if total == 0 && words.len() > 1 {
            (total, hits) = self.run(searcher, &self.query(q, &words, false), q, has_text)?;
        }
        let hits = hits
            .into_iter()
            .map(|(score, address)| {
                let doc = self.stored_doc(searcher, address)?;
                Ok(SearchHit::from_doc(&doc, score, q.near))
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(SearchResults {
            total,
            page: q.page,
            per_page: q.per_page,
            hits,
        })
    }

    fn suggest(
        &self,
        searcher: &Searcher,
        prefix: &str,
        limit: usize,
    ) -> Result<Vec<Suggestion>, Error> {
        let prefix = text::normalized_phrase(prefix);
        if prefix.is_empty() {
            return Ok(Vec::new());
        }
        let lower = prefix.as_bytes().to_vec();
        let mut upper = lower.clone();
        // 0xFF never occurs in UTF-8, so this bounds every key that starts with the prefix.
        upper.push(0xFF);
        let mut candidates = Vec::new();
        let segments = searcher.segment_readers();
        let cap = (SUGGEST_SCAN_BUDGET / segments.len().max(1)).max(SUGGEST_SCAN_MIN_PER_SEGMENT);
        for segment in segments {
            let inverted = segment.inverted_index(self.fields.suggest)?;
            let mut stream = inverted
                .terms()
                .range()
                .ge(&lower)
                .lt(&upper)
                .into_stream()
                .map_err(io_error)?;
            let mut scanned = 0;
            while scanned < cap && stream.advance() {
                scanned += 1;
                let count = if segment.has_deletes() {
                    let mut postings = inverted
                        .read_postings_from_terminfo(stream.value(), IndexRecordOption::Basic)
                        .map_err(io_error)?;
                    let mut live = 0u64;
                    let mut doc = postings.doc();
                    while doc != TERMINATED {
                        live += u64::from(!segment.is_deleted(doc));
                        doc = postings.advance();
                    }
                    live
                } else {
                    u64::from(stream.value().doc_freq)
                };
                if count == 0 {
                    continue;
                }
                if let Some(mut c) = decode_suggest_term(stream.key()) {
                    c.count = count;
                    candidates.push(c);
                }
            }
        }
        Ok(rank_suggestions(candidates, limit))
    }
}

/// Orders like the haversine distance without its square root and arcsine (it is the haversine
/// of the central angle), for sorting every match of a browse by distance.
fn haversine_key(a: GeoPoint, b: GeoPoint) -> f64 {
    let dlat = (b.lat - a.lat).to_radians();
    let dlon = (b.lon - a.lon).to_radians();
    (dlat / 2.0).sin().powi(2)
        + a.lat.to_radians().cos() * b.lat.to_radians().cos() * (dlon / 2.0).sin().powi(2)
}

fn decode_suggest_term(key: &[u8]) -> Option<Candidate> {
    let key = std::str::from_utf8(key).ok()?;
    let mut parts = key.splitn(4, SEP);
    let _suffix = parts.next()?;
    let mut flags = parts.next()?.chars();
    let kind = SuggestionKind::from_code(flags.next()?)?;
    let at_start = flags.next()? == '1';
    let id = parts.next()?;
    let id = if id.is_empty() {
        None
    } else {
        Some(Uuid::parse_str(id).ok()?)
    };
    Some(Candidate {
        text: parts.next()?.to_owned(),
        kind,
        id,
        at_start,
        count: 1,
    })
}

#[async_trait]
impl SearchIndex for TantivyIndex {
    fn backend(&self) -> &'static str {
        "tantivy"
    }

    async fn upsert(&self, docs: Vec<SearchDoc>) -> Result<usize, Error> {
        self.with_writer(move |shared, state| {
            let searcher = shared.reader.searcher();
            let mut accepted = 0;
            for doc in docs {
                let id = doc.id();
                let stored = match state.staged.get(&id) {
                    Some(staged) => *staged,
                    None => shared.committed_version(&searcher, id)?,
                };
                if stored.is_some_and(|v| doc.version() <= v) {
                    continue;
                }
                let document = shared.document(&doc)?;
                state
                    .writer
                    .delete_term(Term::from_field_text(shared.fields.id, &id.to_string()));
                state.writer.add_document(document)?;
                state.staged.insert(id, Some(doc.version()));
                accepted += 1;
            }
            Ok(accepted)
        })
        .await
    }

    async fn append(&self, docs: Vec<SearchDoc>) -> Result<usize, Error> {
        self.with_writer(move |shared, state| {
            let staged = docs.len();
            for doc in docs {
                state.writer.add_document(shared.document(&doc)?)?;
                state.staged.insert(doc.id(), Some(doc.version()));
            }
            Ok(staged)
        })
        .await
    }

    async fn delete(&self, ids: &[Uuid]) -> Result<(), Error> {
        let ids = ids.to_vec();
        self.with_writer(move |shared, state| {
            for id in ids {
                state
                    .writer
                    .delete_term(Term::from_field_text(shared.fields.id, &id.to_string()));
                state.staged.insert(id, None);
            }
            Ok(())
        })
        .await
    }

    async fn commit(&self, checkpoint: String) -> Result<(), Error> {
        self.with_writer(move |shared, state| {
            state.staged.clear();
            let committed = state.writer.prepare_commit().and_then(|mut prepared| {
                prepared.set_payload(&checkpoint);
                prepared.commit()
            });
            if let Err(e) = committed {
                // Drop whatever was staged: the projector replays from the stored checkpoint.
                state.writer.rollback()?;
                return Err(e.into());
            }
            shared.reader.reload()?;
            Ok(())
        })
        .await
    }

    async fn checkpoint(&self) -> Result<Option<String>, Error> {
        // Under the writer's lock, as commits and their reader reloads are: a checkpoint read
        // between a commit and its reload would be ahead of what searches see.
        self.with_writer(|shared, _| Ok(shared.index.load_metas()?.payload))
            .await
    }

    async fn clear(&self) -> Result<(), Error> {
        self.with_writer(|shared, state| {
            state.staged.clear();
            state.writer.rollback()?;
            state.writer.delete_all_documents()?;
            // No payload: a cleared index has no checkpoint.
            state.writer.commit()?;
            shared.reader.reload()?;
            Ok(())
        })
        .await
    }

    async fn search(&self, query: &SearchQuery) -> Result<SearchResults, Error> {
        query.validate()?;
        let query = query.clone();
        self.with_searcher(move |shared, searcher| shared.search(&searcher, &query))
            .await
    }

    async fn suggest(&self, prefix: &str, limit: usize) -> Result<Vec<Suggestion>, Error> {
        check_suggest_args(prefix, limit)?;
        let prefix = prefix.to_owned();
        self.with_searcher(move |shared, searcher| shared.suggest(&searcher, &prefix, limit))
            .await
    }

    async fn health(&self) -> Result<(), Error> {
        self.with_searcher(|shared, _searcher| {
            shared.index.load_metas()?;
            Ok(())
        })
        .await
    }

    async fn doc_count(&self) -> Result<u64, Error> {
        self.with_searcher(|_shared, searcher| Ok(searcher.num_docs()))
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_distance_key_orders_like_the_distance() {
        let origin = GeoPoint {
            lat: 49.28,
            lon: -123.12,
        };
        let mut points: Vec<GeoPoint> = (0..200)
            .map(|i| GeoPoint {
                lat: -80.0 + (i as f64 * 7.3) % 160.0,
                lon: -179.0 + (i as f64 * 13.7) % 358.0,
            })
            .collect();
        points.sort_by(|a, b| haversine_key(origin, *a).total_cmp(&haversine_key(origin, *b)));
        let distances: Vec<f64> = points.iter().map(|p| haversine_m(origin, *p)).collect();
        assert!(distances.windows(2).all(|w| w[0] <= w[1] + 1e-6));
    }

    #[test]
    fn suggest_terms_decode() {
        let id = Uuid::from_u128(42);
        let key = format!("coupland{SEP}a0{SEP}{}{SEP}Douglas Coupland", id.simple());
        let c = decode_suggest_term(key.as_bytes());
        assert_eq!(
            c.map(|c| (c.text, c.kind, c.id, c.at_start)),
            Some((
                "Douglas Coupland".to_owned(),
                SuggestionKind::Artist,
                Some(id),
                false
            ))
        );
        assert!(decode_suggest_term(b"junk").is_none());
    }
}
