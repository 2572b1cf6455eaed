//! `GET /api/feed.atom?bbox`: what changed in the registry, newest first, as an Atom feed (RFC
//! 4287) built from the event store: artworks added (approved or imported), approved edits and
//! removals, each linking to the artwork's page, with its position as GeoRSS. The newest
//! [`SCANNED`] such events are read; a box keeps those of artworks inside it, up to [`ENTRIES`].

use std::collections::HashMap;
use std::fmt::Write as _;

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::{ArtworkEvent, FieldChange};
use platform::eventlog::EventEnvelope;
use platform::http::{ApiError, Query};
use projectors::artworks::read::ArtworkDto;
use uuid::Uuid;

use crate::state::QueryState;

/// Entries in the feed.
pub const ENTRIES: usize = 50;
/// Events read to fill it (a box may keep few of them).
pub const SCANNED: i64 = 500;
/// The artwork events the feed tells of.
const TOLD: &[&str] = &[
    "ArtworkCreated",
    "ArtworkImported",
    "ArtworkEdited",
    "ArtworkRemoved",
];

/// What one entry says.
struct Entry {
    event: EventEnvelope,
    artwork: Uuid,
    title: String,
    summary: String,
}

/// The entry an event makes, for `artwork` as it is now.
fn entry(event: EventEnvelope, artwork: &ArtworkDto) -> Option<Entry> {
    let decoded: ArtworkEvent = event.decode().ok()?;
    let name = &artwork.title;
    let (title, summary) = match decoded {
        ArtworkEvent::ArtworkCreated(_) => (
            format!("New artwork: {name}"),
            format!("{name} was added by the community."),
        ),
        ArtworkEvent::ArtworkImported { provenance, .. } => (
            format!("New artwork: {name}"),
            format!("{name} was imported from {}.", provenance.dataset_name),
        ),
        ArtworkEvent::ArtworkEdited { changes, .. } => {
            let fields: Vec<String> = changes.iter().map(FieldChange::field_name).collect();
            (
                format!("Edited: {name}"),
                format!("An approved edit changed {}.", fields.join(", ")),
            )
        }
        ArtworkEvent::ArtworkRemoved { reason, .. } => (
            format!("Removed: {name}"),
            format!("{name} is gone: {}", reason.as_str()),
        ),
        _ => return None,
    };
    Some(Entry {
        artwork: artwork.id,
        event,
        title,
        summary,
    })
}

/// Escaped for XML text and attributes.
fn esc(s: &str) -> String {
    crate::web::head::attr(s)
}

fn atom(base: &str, product: &str, self_url: &str, entries: &[(Entry, f64, f64)]) -> String {
    let updated = entries
        .first()
        .map(|(e, ..)| e.event.recorded_at)
        .unwrap_or(DateTime::<Utc>::UNIX_EPOCH);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    let _ = write!(
        out,
        "<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:georss=\"http://www.georss.org/georss\">\n\
         <title>{}: what changed</title>\n<id>{}</id>\n<link rel=\"self\" href=\"{}\"/>\n\
         <link rel=\"alternate\" type=\"text/html\" href=\"{base}/\"/>\n<updated>{}</updated>\n\
         <author><name>{} contributors</name></author>\n<generator>Plinth</generator>\n",
        esc(product),
        esc(self_url),
        esc(self_url),
        updated.to_rfc3339(),
        esc(product),
    );
    for (e, lat, lon) in entries {
        let page = format!("{base}/artwork/{}", e.artwork);
        let _ = write!(
            out,
            "<entry>\n<id>{page}#event-{}-{}</id>\n<title>{}</title>\n\
             <link rel=\"alternate\" type=\"text/html\" href=\"{page}\"/>\n\
             <updated>{}</updated>\n<summary>{}</summary>\n\
             <georss:point>{lat} {lon}</georss:point>\n</entry>\n",
            e.event.tx_id,
            e.event.position,
            esc(&e.title),
            e.event.recorded_at.to_rfc3339(),
            esc(&e.summary),
        );
    }
    out.push_str("</feed>\n");
    out
}

/// `GET /api/feed.atom?bbox`: the registry's changes, newest first.
#[utoipa::path(get, path = "/api/feed.atom", tag = "export",
    params(("bbox" = Option<String>, Query, description = "west,south,east,north in degrees: only artworks inside")),
    responses(
        (status = 200, description = "An Atom feed (application/atom+xml) of the newest additions, approved edits and removals"),
        (status = 400, description = "A bad bbox", body = platform::http::ErrorBody)))]
pub async fn feed(
    State(state): State<QueryState>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let bbox = crate::export::parse_bbox(q.get("bbox").map(String::as_str))?;
    let events = platform::eventlog::newest_of(&state.pool, "artwork", TOLD, SCANNED).await?;
    let mut ids: Vec<Uuid> = events
        .iter()
        .filter_map(|e| Uuid::parse_str(&e.aggregate_id).ok())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let artworks: HashMap<Uuid, ArtworkDto> = projectors::artworks::read::by_ids(&state.pool, &ids)
        .await?
        .into_iter()
        .map(|a| (a.id, a))
        .collect();
    let inside = |a: &ArtworkDto| {
        bbox.is_none_or(|[w, s, e, n]| {
            let lon_in = if w <= e {
                (w..=e).contains(&a.lon)
            } else {
                a.lon >= w || a.lon <= e
            };
            lon_in && (s..=n).contains(&a.lat)
        })
    };
    let entries: Vec<(Entry, f64, f64)> = events
        .into_iter()
        .filter_map(|e| {
            let a = artworks.get(&Uuid::parse_str(&e.aggregate_id).ok()?)?;
            inside(a).then_some(())?;
            Some((entry(e, a)?, a.lat, a.lon))
        })
        .take(ENTRIES)
        .collect();
    let base = state.public_url.trim_end_matches('/');
    let self_url = match q.get("bbox") {
        Some(b) => format!("{base}/api/feed.atom?bbox={}", urlencode(b)),
        None => format!("{base}/api/feed.atom"),
    };
    let body = atom(base, &state.product_name, &self_url, &entries);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/atom+xml; charset=utf-8"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=60"),
            ),
        ],
        body,
    )
        .into_response())
}

/// `s` with everything but unreserved characters and commas percent-encoded.
fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b',' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
