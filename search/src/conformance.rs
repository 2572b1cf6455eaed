//! Behaviour every [`SearchIndex`] adapter must show, as async checks over `&dyn SearchIndex`.
//! Each check expects a fresh, empty index of its own (it clears it first anyway) and returns an
//! error naming what differed. The Tantivy tests run all of them; `tests/meili.rs` runs the same
//! ones against a Meilisearch server when `MEILI_URL` is set.
//!
//! [`fixtures`] are real Vancouver public artworks and their artists (titles, artists, years and
//! places are public facts; descriptions are ours).
//!
//! Kept in one file on purpose: it is test support (feature `testing`), the one list of behaviours
//! every `SearchIndex` must show, run against each backend.

/// Calls `$each!` with the name of every check that takes `&dyn SearchIndex` (all but
/// [`checkpoint_survives_reopen`], which opens indexes itself): each adapter's test file turns
/// the names into tests, so a new check runs on every adapter.
#[macro_export]
macro_rules! for_each_conformance_check {
    ($each:ident) => {
        $each!(
            typo_in_a_title_word_still_finds_the_artwork,
            typo_in_an_artist_name_still_finds_the_artwork,
            exact_match_ranks_above_a_typo_match,
            tag_tokens_filter_by_key_and_value,
            pending_docs_are_hidden_unless_asked_for,
            older_versions_never_overwrite_newer_ones,
            a_rebuild_by_append_answers_as_upserts_do,
            delete_removes_the_doc,
            clear_empties_the_index,
            pages_report_the_total,
            near_ranks_by_distance,
            suggestions_complete_prefixes_once,
            accents_and_case_fold,
            kind_and_type_filters,
            browsing_without_text_lists_newest_first,
            plain_questions_get_sensible_answers,
        );
    };
}

use std::collections::{BTreeMap, HashSet};
use std::future::Future;

use anyhow::{ensure, Context};
use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::{
    ArtistDoc, ArtworkDoc, DocKind, DocStatus, Error, GeoPoint, KindFilter, QueryError, SearchDoc,
    SearchIndex, SearchQuery, SearchResults, SuggestionKind,
};

pub const THE_BIRDS: Uuid = Uuid::from_u128(0x1001);
pub const DIGITAL_ORCA: Uuid = Uuid::from_u128(0x1002);
pub const AMAZEING_LAUGHTER: Uuid = Uuid::from_u128(0x1003);
pub const GATE_NORTHWEST_PASSAGE: Uuid = Uuid::from_u128(0x1004);
pub const GIRL_IN_A_WETSUIT: Uuid = Uuid::from_u128(0x1005);
pub const THE_DROP: Uuid = Uuid::from_u128(0x1006);
pub const TRANS_AM_TOTEM: Uuid = Uuid::from_u128(0x1007);
pub const ENGAGEMENT: Uuid = Uuid::from_u128(0x1008);

/// Stanley Park seawall, where Girl in a Wetsuit sits.
pub const STANLEY_PARK: GeoPoint = GeoPoint {
    lat: 49.3030,
    lon: -123.1262,
};

pub const DOUGLAS_COUPLAND: Uuid = Uuid::from_u128(0x2001);
pub const MYFANWY_MACLEOD: Uuid = Uuid::from_u128(0x2002);
pub const YUE_MINJUN: Uuid = Uuid::from_u128(0x2003);
pub const ALAN_CHUNG_HUNG: Uuid = Uuid::from_u128(0x2004);
pub const ELEK_IMREDY: Uuid = Uuid::from_u128(0x2005);

fn base_time() -> DateTime<Utc> {
    DateTime::from_timestamp(1_700_000_000, 0).unwrap_or(DateTime::UNIX_EPOCH)
}

/// An approved artwork with the given facts; the rest empty. `minutes` orders `updated_at`.
#[expect(
    clippy::too_many_arguments,
    reason = "one argument per fact a conformance case sets"
)]
pub fn artwork(
    id: Uuid,
    title: &str,
    artists: &[&str],
    artwork_type: &str,
    tags: &[(&str, &str)],
    at: Option<(f64, f64)>,
    description: &str,
    minutes: i64,
) -> ArtworkDoc {
    ArtworkDoc {
        id,
        title: title.into(),
        description: (!description.is_empty()).then(|| description.into()),
        artwork_type: artwork_type.into(),
        status: DocStatus::Approved,
        artist_names: artists.iter().map(|a| a.to_string()).collect(),
        artist_aliases: Vec::new(),
        tags: tags
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<BTreeMap<_, _>>(),
        notes: Vec::new(),
        location: at.map(|(lat, lon)| GeoPoint { lat, lon }),
        updated_at: base_time() + Duration::minutes(minutes),
        version: 1,
        thumbnail: None,
        city: None,
    }
}

/// An approved artwork by one artist, with no tags, place or description.
fn plain(id: Uuid, title: &str, artist: &str, artwork_type: &str, minutes: i64) -> ArtworkDoc {
    artwork(id, title, &[artist], artwork_type, &[], None, "", minutes)
}

fn artist(id: Uuid, name: &str, aliases: &[&str], bio: &str, minutes: i64) -> SearchDoc {
    SearchDoc::Artist(ArtistDoc {
        id,
        name: name.into(),
        aliases: aliases.iter().map(|a| a.to_string()).collect(),
        bio: Some(bio.into()),
        status: DocStatus::Approved,
        updated_at: base_time() + Duration::minutes(minutes),
        version: 1,
    })
}

/// A fixture artwork: id, title, artist, type, tags, (lat, lon), description.
type ArtworkRow = (
    Uuid,
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
    (f64, f64),
    &'static str,
);

/// The eight artworks, one a row; each a minute newer than the row before (from 1).
#[rustfmt::skip]
const ARTWORKS: [ArtworkRow; 8] = [
    (THE_BIRDS, "The Birds", "Myfanwy MacLeod", "sculpture", &[("year", "2010")], (49.2707, -123.1087), "Two giant house sparrows stand in the plaza of the former Olympic Village."),
    (DIGITAL_ORCA, "Digital Orca", "Douglas Coupland", "sculpture", &[("material", "metal"), ("year", "2009")], (49.2893, -123.1172), "A leaping orca built from black and white cubes beside the convention centre."),
    (AMAZEING_LAUGHTER, "A-maze-ing Laughter", "Yue Minjun", "sculpture", &[("material", "bronze"), ("year", "2009")], (49.2876, -123.1421), "Fourteen laughing figures in Morton Park, a block from English Bay."),
    (GATE_NORTHWEST_PASSAGE, "Gate to the Northwest Passage", "Alan Chung Hung", "sculpture", &[("material", "metal"), ("year", "1980")], (49.2766, -123.1460), "A steel gateway in Vanier Park framing the view across English Bay."),
    (GIRL_IN_A_WETSUIT, "Girl in a Wetsuit", "Elek Imredy", "statue", &[("material", "bronze"), ("year", "1972")], (STANLEY_PARK.lat, STANLEY_PARK.lon), "A woman in a wetsuit sits on a rock off the Stanley Park seawall."),
    (THE_DROP, "The Drop", "Inges Idee", "sculpture", &[("year", "2009")], (49.2896, -123.1167), "A bright blue raindrop on the waterfront by the convention centre."),
    (TRANS_AM_TOTEM, "Trans Am Totem", "Marcus Bowcott", "sculpture", &[("material", "mixed"), ("year", "2015")], (49.2745, -123.1000), "Cars stacked on a cedar trunk beside the viaducts."),
    (ENGAGEMENT, "Engagement", "Dan Corson", "sculpture", &[("year", "2013")], (49.2796, -123.1383), "Two giant interlocking rings on Sunset Beach."),
];

/// Five of their artists, one a row: id, name, aliases, biography; each a minute newer than the
/// row before, after the artworks.
#[rustfmt::skip]
const ARTISTS: [(Uuid, &str, &[&str], &str); 5] = [
    (DOUGLAS_COUPLAND, "Douglas Coupland", &[], "Novelist and visual artist from Vancouver."),
    (MYFANWY_MACLEOD, "Myfanwy MacLeod", &[], "Vancouver sculptor."),
    (YUE_MINJUN, "Yue Minjun", &["岳敏君"], "Painter and sculptor."),
    (ALAN_CHUNG_HUNG, "Alan Chung Hung", &[], "Sculptor of large steel works."),
    (ELEK_IMREDY, "Elek Imredy", &[], "Sculptor who settled in Vancouver."),
];

/// Eight Vancouver artworks and five of their artists, all approved.
pub fn fixtures() -> Vec<SearchDoc> {
    let mut artworks: Vec<ArtworkDoc> = ARTWORKS
        .iter()
        .zip(1..)
        .map(|(&(id, title, artist, kind, tags, at, about), minutes)| {
            artwork(id, title, &[artist], kind, tags, Some(at), about, minutes)
        })
        .collect();
    for a in &mut artworks {
        match a.id {
            THE_BIRDS => {
                a.notes = vec!["Visited at dusk: the sparrows tower over the plaza.".into()];
                a.thumbnail = Some("thumbnail/birds.jpg".into());
            }
            AMAZEING_LAUGHTER => a.artist_aliases = vec!["岳敏君".into()],
            _ => {}
        }
    }
    let artists = ARTISTS
        .iter()
        .zip(ARTWORKS.len() as i64 + 1..)
        .map(|(&(id, name, aliases, bio), minutes)| artist(id, name, aliases, bio, minutes));
    artworks
        .into_iter()
        .map(SearchDoc::Artwork)
        .chain(artists)
        .collect()
}

async fn load(index: &dyn SearchIndex, docs: Vec<SearchDoc>) -> anyhow::Result<()> {
    index.clear().await?;
    index.upsert(docs).await?;
    index.commit("1-1".into()).await?;
    Ok(())
}

async fn search(index: &dyn SearchIndex, q: &str) -> anyhow::Result<SearchResults> {
    Ok(index.search(&SearchQuery::parse_text(q)?).await?)
}

fn titles(r: &SearchResults) -> Vec<&str> {
    r.hits.iter().map(|h| h.title.as_str()).collect()
}

fn first_title(r: &SearchResults) -> Option<&str> {
    r.hits.first().map(|h| h.title.as_str())
}

/// With the fixtures loaded, each query of `cases` (narrowed to `kind` where given) finds its
/// expected title first.
async fn each_finds_first(
    index: &dyn SearchIndex,
    kind: Option<KindFilter>,
    cases: &[(&str, &str)],
) -> anyhow::Result<()> {
    load(index, fixtures()).await?;
    for &(q, expected) in cases {
        let mut query = SearchQuery::parse_text(q)?;
        if let Some(kind) = kind {
            query.kind = kind;
        }
        let r = index.search(&query).await?;
        ensure!(
            first_title(&r) == Some(expected),
            "{q:?} should find {expected:?} first, got {:?}",
            titles(&r)
        );
    }
    Ok(())
}

pub async fn typo_in_a_title_word_still_finds_the_artwork(
    index: &dyn SearchIndex,
) -> anyhow::Result<()> {
    each_finds_first(
        index,
        None,
        &[
            ("brids", "The Birds"),              // transposition
            ("digitl orca", "Digital Orca"),     // deletion
            ("orcca", "Digital Orca"),           // insertion
            ("laughtor", "A-maze-ing Laughter"), // substitution
            ("wetsiut", "Girl in a Wetsuit"),    // transposition
        ],
    )
    .await
}

pub async fn typo_in_an_artist_name_still_finds_the_artwork(
    index: &dyn SearchIndex,
) -> anyhow::Result<()> {
    each_finds_first(
        index,
        Some(KindFilter::Artworks),
        &[
            ("coupalnd", "Digital Orca"),     // transposition
            ("macleud", "The Birds"),         // substitution
            ("minjn", "A-maze-ing Laughter"), // deletion
            ("imreddy", "Girl in a Wetsuit"), // insertion
        ],
    )
    .await
}

pub async fn exact_match_ranks_above_a_typo_match(index: &dyn SearchIndex) -> anyhow::Result<()> {
    let heron = Uuid::from_u128(0x3001);
    let huron = Uuid::from_u128(0x3002);
    load(
        index,
        vec![
            // The typo match first in insertion order, so order alone cannot pass the check.
            SearchDoc::Artwork(plain(huron, "Huron Canoe", "A. Carver", "sculpture", 1)),
            SearchDoc::Artwork(plain(
                heron,
                "Great Blue Heron",
                "B. Caster",
                "sculpture",
                2,
            )),
        ],
    )
    .await?;
    let r = search(index, "heron").await?;
    let ids: Vec<Uuid> = r.hits.iter().map(|h| h.id).collect();
    ensure!(
        ids == [heron, huron],
        "exact 'Heron' should rank above typo 'Huron', got {:?}",
        titles(&r)
    );
    ensure!(r.hits[0].score > r.hits[1].score, "scores should differ");
    Ok(())
}

pub async fn tag_tokens_filter_by_key_and_value(index: &dyn SearchIndex) -> anyhow::Result<()> {
    load(index, fixtures()).await?;
    let ids = |r: &SearchResults| r.hits.iter().map(|h| h.id).collect::<HashSet<_>>();
    let bronze = HashSet::from([AMAZEING_LAUGHTER, GIRL_IN_A_WETSUIT]);
    for q in ["tag:material:bronze", "TAG:Material:BRONZE"] {
        let r = search(index, q).await?;
        ensure!(
            ids(&r) == bronze && r.total == 2,
            "{q:?} gave {:?}",
            titles(&r)
        );
    }
    let r = search(index, "tag:material").await?;
    ensure!(
        ids(&r)
            == HashSet::from([
                DIGITAL_ORCA,
                AMAZEING_LAUGHTER,
                GATE_NORTHWEST_PASSAGE,
                GIRL_IN_A_WETSUIT,
                TRANS_AM_TOTEM
            ]),
        "tag:material gave {:?}",
        titles(&r)
    );
    let r = search(index, "laughter tag:material:bronze").await?;
    ensure!(
        ids(&r) == HashSet::from([AMAZEING_LAUGHTER]),
        "{:?}",
        titles(&r)
    );
    let r = search(index, "orca tag:material:bronze").await?;
    ensure!(r.total == 0 && r.hits.is_empty(), "{:?}", titles(&r));
    let r = search(index, "tag:condition").await?;
    ensure!(r.total == 0, "no fixture has a condition tag");
    Ok(())
}

pub async fn pending_docs_are_hidden_unless_asked_for(
    index: &dyn SearchIndex,
) -> anyhow::Result<()> {
    let mut pending = artwork(
        Uuid::from_u128(0x3101),
        "Spinning Chandelier",
        &["Rodney Graham"],
        "installation",
        &[],
        Some((49.2752, -123.1316)),
        "",
        1,
    );
    pending.status = DocStatus::Pending;
    let mut docs = fixtures();
    docs.push(SearchDoc::Artwork(pending));
    load(index, docs).await?;
    let mut q = SearchQuery::parse_text("chandelier")?;
    let r = index.search(&q).await?;
    ensure!(
        r.total == 0,
        "pending work is visible by default: {:?}",
        titles(&r)
    );
    q.status = Some(DocStatus::Pending);
    let r = index.search(&q).await?;
    ensure!(
        titles(&r) == ["Spinning Chandelier"] && r.hits[0].status == DocStatus::Pending,
        "status=pending should find it, got {:?}",
        titles(&r)
    );
    q.status = None;
    ensure!(
        index.search(&q).await?.total == 1,
        "any status should find it"
    );
    q.status = Some(DocStatus::Approved);
    q.text = String::new();
    let browse = index.search(&q).await?;
    ensure!(
        browse.total == 13,
        "13 approved fixtures, got {}",
        browse.total
    );
    Ok(())
}

pub async fn older_versions_never_overwrite_newer_ones(
    index: &dyn SearchIndex,
) -> anyhow::Result<()> {
    index.clear().await?;
    let id = ENGAGEMENT;
    let version = |v: u64, title: &str| {
        let mut a = plain(id, title, "Dan Corson", "sculpture", v as i64);
        a.version = v;
        SearchDoc::Artwork(a)
    };
    ensure!(index.upsert(vec![version(2, "Engagement")]).await? == 1);
    index.commit("1-2".into()).await?;
    // Older and equal versions after a commit.
    ensure!(index.upsert(vec![version(1, "Old Rings")]).await? == 0);
    ensure!(index.upsert(vec![version(2, "Same Version")]).await? == 0);
    index.commit("1-3".into()).await?;
    let r = search(index, "engagement").await?;
    ensure!(titles(&r) == ["Engagement"], "got {:?}", titles(&r));
    ensure!(search(index, "rings").await?.total == 0);
    ensure!(search(index, "same version").await?.total == 0);
    // Older version staged behind a newer one that is not committed yet.
    ensure!(index.upsert(vec![version(5, "Five Rings")]).await? == 1);
    ensure!(index.upsert(vec![version(4, "Four Rings")]).await? == 0);
    index.commit("1-4".into()).await?;
    let r = search(index, "rings").await?;
    ensure!(titles(&r) == ["Five Rings"], "got {:?}", titles(&r));
    ensure!(index.doc_count().await? == 1, "one id, one doc");
    ensure!(index.upsert(vec![version(6, "Six Rings")]).await? == 1);
    index.commit("1-5".into()).await?;
    ensure!(titles(&search(index, "rings").await?) == ["Six Rings"]);
    Ok(())
}

pub async fn a_rebuild_by_append_answers_as_upserts_do(
    index: &dyn SearchIndex,
) -> anyhow::Result<()> {
    let questions = [
        "orca",
        "the birds",
        "bronze",
        "english bay",
        "laughter",
        "rings",
    ];
    load(index, fixtures()).await?;
    let mut upserted = Vec::new();
    for q in questions {
        upserted.push(ids_and_total(&search(index, q).await?));
    }
    let suggested = index.suggest("bron", 5).await?;
    index.clear().await?;
    let mut first = fixtures();
    let rest = first.split_off(4);
    ensure!(index.append(first).await? == 4);
    index.commit("2-1".into()).await?;
    ensure!(index.append(rest).await? == 9);
    index.commit("2-2".into()).await?;
    ensure!(index.doc_count().await? == 13);
    for (q, expected) in questions.into_iter().zip(upserted) {
        let got = ids_and_total(&search(index, q).await?);
        ensure!(got == expected, "{q}: {got:?}, upserted {expected:?}");
    }
    ensure!(index.suggest("bron", 5).await? == suggested);
    // The versions appended hold against later upserts.
    let same = fixtures().swap_remove(0);
    ensure!(index.upsert(vec![same]).await? == 0, "same version");
    Ok(())
}

/// The hits best first, ties (whose order is the backend's) by id, and the total.
fn ids_and_total(r: &SearchResults) -> (Vec<(i64, Uuid)>, u64) {
    let mut hits: Vec<(i64, Uuid)> = r
        .hits
        .iter()
        .map(|h| (-(f64::from(h.score) * 1000.0).round() as i64, h.id))
        .collect();
    hits.sort();
    (hits, r.total)
}

pub async fn delete_removes_the_doc(index: &dyn SearchIndex) -> anyhow::Result<()> {
    load(index, fixtures()).await?;
    let before = index.doc_count().await?;
    index
        .delete(&[DIGITAL_ORCA, Uuid::from_u128(0xdead)])
        .await?;
    index.commit("1-2".into()).await?;
    ensure!(
        search(index, "digital orca").await?.total == 0,
        "deleted doc still found"
    );
    ensure!(index.doc_count().await? == before - 1);
    // A deleted id takes any version again (an event-sourced id is never reused otherwise).
    let doc = SearchDoc::Artwork(plain(
        DIGITAL_ORCA,
        "Digital Orca",
        "Douglas Coupland",
        "sculpture",
        1,
    ));
    ensure!(index.upsert(vec![doc]).await? == 1);
    index.commit("1-3".into()).await?;
    ensure!(search(index, "digital orca").await?.total == 1);
    Ok(())
}

/// `open(name)` must return the same index for the same name (same directory, same prefix).
pub async fn checkpoint_survives_reopen<F, Fut>(open: F) -> anyhow::Result<()>
where
    F: Fn(String) -> Fut,
    Fut: Future<Output = anyhow::Result<Box<dyn SearchIndex>>>,
{
    let index = open("reopen".into()).await?;
    index.clear().await?;
    ensure!(
        index.checkpoint().await?.is_none(),
        "a cleared index has no checkpoint"
    );
    index.upsert(fixtures()).await?;
    index.commit("812-4410".into()).await?;
    ensure!(index.checkpoint().await?.as_deref() == Some("812-4410"));
    // Staged but not committed work does not move the checkpoint.
    index.delete(&[THE_BIRDS]).await?;
    ensure!(index.checkpoint().await?.as_deref() == Some("812-4410"));
    drop(index);
    let index = open("reopen".into()).await?;
    ensure!(
        index.checkpoint().await?.as_deref() == Some("812-4410"),
        "checkpoint lost on reopen"
    );
    let r = search(index.as_ref(), "orca").await?;
    ensure!(
        first_title(&r) == Some("Digital Orca"),
        "docs lost on reopen"
    );
    index.commit("813-1".into()).await?;
    ensure!(index.checkpoint().await?.as_deref() == Some("813-1"));
    Ok(())
}

pub async fn clear_empties_the_index(index: &dyn SearchIndex) -> anyhow::Result<()> {
    load(index, fixtures()).await?;
    ensure!(index.doc_count().await? == 13);
    ensure!(index.checkpoint().await?.is_some());
    index.clear().await?;
    ensure!(index.doc_count().await? == 0, "docs left after clear");
    ensure!(
        index.checkpoint().await?.is_none(),
        "checkpoint left after clear"
    );
    let r = index.search(&SearchQuery::default()).await?;
    ensure!(r.total == 0 && r.hits.is_empty());
    ensure!(index.suggest("bron", 5).await?.is_empty());
    Ok(())
}

pub async fn pages_report_the_total(index: &dyn SearchIndex) -> anyhow::Result<()> {
    let docs = (1..=25)
        .map(|n| {
            SearchDoc::Artwork(plain(
                Uuid::from_u128(0x4000 + n),
                &format!("Mural {n:02}"),
                "Paint Collective",
                "mural",
                n as i64,
            ))
        })
        .collect();
    load(index, docs).await?;
    let mut seen = HashSet::new();
    for (page, expected) in [(1, 10), (2, 10), (3, 5), (4, 0)] {
        let mut q = SearchQuery::parse_text("mural")?;
        q.page = page;
        q.per_page = 10;
        let r = index.search(&q).await?;
        ensure!(r.total == 25, "page {page}: total {}", r.total);
        ensure!(
            r.hits.len() == expected,
            "page {page}: {} hits",
            r.hits.len()
        );
        ensure!((r.page, r.per_page) == (page, 10));
        seen.extend(r.hits.iter().map(|h| h.id));
    }
    ensure!(seen.len() == 25, "pages overlap: {} distinct", seen.len());
    let q = SearchQuery {
        artwork_type: Some("mural".into()),
        per_page: 7,
        ..SearchQuery::default()
    };
    let r = index.search(&q).await?;
    ensure!(r.total == 25 && r.hits.len() == 7);
    let too_deep = SearchQuery {
        page: 1001,
        ..SearchQuery::default()
    };
    ensure!(
        matches!(
            index.search(&too_deep).await,
            Err(Error::Query(QueryError::PageOutOfRange))
        ),
        "page 1001 must be refused"
    );
    Ok(())
}

pub async fn near_ranks_by_distance(index: &dyn SearchIndex) -> anyhow::Result<()> {
    load(index, fixtures()).await?;
    let q = SearchQuery {
        near: Some(STANLEY_PARK),
        kind: KindFilter::Artworks,
        ..SearchQuery::default()
    };
    let r = index.search(&q).await?;
    ensure!(r.total == 8, "8 artworks, got {}", r.total);
    ensure!(
        first_title(&r) == Some("Girl in a Wetsuit"),
        "nearest first, got {:?}",
        titles(&r)
    );
    let distances: Vec<f64> = r.hits.iter().filter_map(|h| h.distance_m).collect();
    ensure!(distances.len() == 8, "every located hit has a distance");
    ensure!(
        distances.windows(2).all(|w| w[0] <= w[1] + 1.0),
        "distances must not decrease: {distances:?}"
    );
    ensure!(distances[0] < 5.0, "Girl in a Wetsuit is at the point");
    // Filters and text still apply; the nearest match comes first.
    for text in ["tag:material:bronze", "bronze"] {
        let mut q = SearchQuery::parse_text(text)?;
        q.near = Some(STANLEY_PARK);
        let r = index.search(&q).await?;
        ensure!(
            titles(&r) == ["Girl in a Wetsuit", "A-maze-ing Laughter"],
            "{text:?} got {:?}",
            titles(&r)
        );
        let far = r.hits[1].distance_m.context("distance")?;
        ensure!(
            (1500.0..3500.0).contains(&far),
            "Morton Park is ~2 km away: {far}"
        );
    }
    Ok(())
}

pub async fn suggestions_complete_prefixes_once(index: &dyn SearchIndex) -> anyhow::Result<()> {
    let mut docs = fixtures();
    for (n, title) in [(1, "Untitled"), (2, "UNTITLED")] {
        docs.push(SearchDoc::Artwork(plain(
            Uuid::from_u128(0x5000 + n),
            title,
            "Anonymous",
            "mural",
            20,
        )));
    }
    let mut pending = plain(
        Uuid::from_u128(0x5003),
        "Bronze Horse",
        "Nobody Yet",
        "statue",
        21,
    );
    pending.status = DocStatus::Pending;
    docs.push(SearchDoc::Artwork(pending));
    load(index, docs).await?;

    let s = index.suggest("bron", 5).await?;
    let texts: Vec<&str> = s.iter().map(|s| s.text.as_str()).collect();
    ensure!(
        texts == ["bronze"] && s[0].kind == SuggestionKind::Tag,
        "'bron' should complete to the tag value once (pending titles hidden): {s:?}"
    );
    let s = index.suggest("coup", 5).await?;
    ensure!(
        s.first().map(|s| (s.text.as_str(), s.kind, s.id))
            == Some((
                "Douglas Coupland",
                SuggestionKind::Artist,
                Some(DOUGLAS_COUPLAND)
            )),
        "'coup' should complete the artist's name: {s:?}"
    );
    ensure!(s.len() == 1, "one artist, one suggestion: {s:?}");
    let s = index.suggest("Douglas Cou", 5).await?;
    ensure!(
        s.first().map(|s| s.text.as_str()) == Some("Douglas Coupland"),
        "{s:?}"
    );
    let s = index.suggest("digi", 5).await?;
    ensure!(
        s.first().map(|s| (s.text.as_str(), s.kind, s.id))
            == Some(("Digital Orca", SuggestionKind::Title, Some(DIGITAL_ORCA))),
        "{s:?}"
    );
    let s = index.suggest("laugh", 5).await?;
    ensure!(
        s.iter().any(|s| s.text == "A-maze-ing Laughter"),
        "a later word completes too: {s:?}"
    );
    let s = index.suggest("untit", 5).await?;
    ensure!(
        s.len() == 1 && s[0].id.is_none(),
        "'Untitled' twice is one suggestion naming neither: {s:?}"
    );
    let s = index.suggest("scul", 5).await?;
    ensure!(
        s.iter()
            .any(|s| s.text == "sculpture" && s.kind == SuggestionKind::Type),
        "types complete: {s:?}"
    );
    let s = index.suggest("s", 2).await?;
    ensure!(s.len() <= 2, "limit respected: {s:?}");
    ensure!(index.suggest("  ", 5).await?.is_empty());
    ensure!(matches!(
        index.suggest("x", 21).await,
        Err(Error::Query(QueryError::LimitOutOfRange))
    ));
    Ok(())
}

pub async fn accents_and_case_fold(index: &dyn SearchIndex) -> anyhow::Result<()> {
    let mut docs = fixtures();
    docs.push(SearchDoc::Artwork(plain(
        Uuid::from_u128(0x6001),
        "Café Façade",
        "Zoë Ørsted",
        "mural",
        30,
    )));
    load(index, docs).await?;
    for q in ["cafe", "CAFÉ", "facade", "zoe"] {
        let r = search(index, q).await?;
        ensure!(
            first_title(&r) == Some("Café Façade"),
            "{q:?} should find 'Café Façade', got {:?}",
            titles(&r)
        );
    }
    let s = index.suggest("caf", 5).await?;
    ensure!(
        s.first().map(|s| s.text.as_str()) == Some("Café Façade"),
        "suggestions keep the accents: {s:?}"
    );
    Ok(())
}

pub async fn kind_and_type_filters(index: &dyn SearchIndex) -> anyhow::Result<()> {
    load(index, fixtures()).await?;
    let mut q = SearchQuery::parse_text("coupland")?;
    let all: HashSet<Uuid> = index.search(&q).await?.hits.iter().map(|h| h.id).collect();
    ensure!(
        all == HashSet::from([DIGITAL_ORCA, DOUGLAS_COUPLAND]),
        "{all:?}"
    );
    q.kind = KindFilter::Artists;
    let r = index.search(&q).await?;
    ensure!(
        r.hits.len() == 1 && r.hits[0].kind == DocKind::Artist,
        "{:?}",
        titles(&r)
    );
    ensure!(r.hits[0].description.as_deref() == Some("Novelist and visual artist from Vancouver."));
    q.kind = KindFilter::Artworks;
    let r = index.search(&q).await?;
    ensure!(titles(&r) == ["Digital Orca"], "{:?}", titles(&r));
    ensure!(r.hits[0].artist_names == ["Douglas Coupland"]);
    ensure!(r.hits[0].artwork_type.as_deref() == Some("sculpture"));
    let q = SearchQuery {
        artwork_type: Some("Statue".into()),
        ..SearchQuery::default()
    };
    let r = index.search(&q).await?;
    ensure!(titles(&r) == ["Girl in a Wetsuit"], "{:?}", titles(&r));
    Ok(())
}

pub async fn browsing_without_text_lists_newest_first(
    index: &dyn SearchIndex,
) -> anyhow::Result<()> {
    load(index, fixtures()).await?;
    let q = SearchQuery {
        kind: KindFilter::Artworks,
        per_page: 3,
        ..SearchQuery::default()
    };
    let r = index.search(&q).await?;
    ensure!(
        titles(&r) == ["Engagement", "Trans Am Totem", "The Drop"],
        "newest first, got {:?}",
        titles(&r)
    );
    ensure!(r.total == 8);
    Ok(())
}

pub async fn plain_questions_get_sensible_answers(index: &dyn SearchIndex) -> anyhow::Result<()> {
    load(index, fixtures()).await?;
    let r = search(index, "the birds").await?;
    ensure!(first_title(&r) == Some("The Birds"), "{:?}", titles(&r));
    let hit = &r.hits[0];
    ensure!(hit.thumbnail.as_deref() == Some("thumbnail/birds.jpg"));
    ensure!(hit.lat == Some(49.2707) && hit.lon == Some(-123.1087));
    ensure!(hit.distance_m.is_none(), "no near, no distance");
    let r = search(index, "gate northwest passage").await?;
    ensure!(
        first_title(&r) == Some("Gate to the Northwest Passage"),
        "{:?}",
        titles(&r)
    );
    let r = search(index, "english bay").await?;
    let found: HashSet<&str> = titles(&r).into_iter().collect();
    ensure!(
        found.contains("A-maze-ing Laughter") && found.contains("Gate to the Northwest Passage"),
        "description words are searched: {found:?}"
    );
    let r = search(index, "dusk").await?;
    ensure!(
        titles(&r) == ["The Birds"],
        "notes are searched: {:?}",
        titles(&r)
    );
    let r = search(index, "岳敏君").await?;
    ensure!(
        titles(&r).contains(&"A-maze-ing Laughter"),
        "aliases are searched: {:?}",
        titles(&r)
    );
    // No doc has both words: the backends relax the query rather than answer nothing.
    let r = search(index, "orca birds").await?;
    ensure!(titles(&r).contains(&"Digital Orca"), "{:?}", titles(&r));
    Ok(())
}
