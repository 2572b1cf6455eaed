//! Each public page's head, from the read models: an artwork (`VisualArtwork`), an artist
//! (`Person`), a public list (`ItemList`), a static page, and the app's sections.

use std::future::Future;

use axum::extract::{Path, State};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use domain::{ArtworkStatus, ArtworkType};
use projectors::artists::read::ArtistDto;
use projectors::artworks::read::ArtworkDto;
use projectors::lists::read::ListRow;
use serde_json::{json, Value};
use uuid::Uuid;

use super::head::Head;
use super::Web;

/// A read model that did not answer: the app's page without a head of its own, so a link still
/// opens (the app says what failed); never cached.
fn unavailable(web: &Web, path: &str, e: sqlx::Error) -> Response {
    tracing::warn!(error = %e, path, "page head: read model unavailable");
    let mut head = web.section_head(path);
    head.noindex = true;
    web.answer(StatusCode::SERVICE_UNAVAILABLE, &head)
}

/// The page of one record: `read` finds it by the uuid in the path, `head` makes its head; a 404
/// when the path holds no uuid or `read` finds nothing.
async fn record_page<T, F: Future<Output = Result<Option<T>, sqlx::Error>>>(
    web: &Web,
    uri: &Uri,
    id: &str,
    read: impl FnOnce(Uuid) -> F,
    head: impl FnOnce(&Web, &T) -> Head,
) -> Response {
    let Ok(id) = Uuid::parse_str(id) else {
        return web.not_found(uri.path());
    };
    match read(id).await {
        Ok(Some(record)) => web.answer(StatusCode::OK, &head(web, &record)),
        Ok(None) => web.not_found(uri.path()),
        Err(e) => unavailable(web, uri.path(), e),
    }
}

/// `GET /artwork/{id}`.
pub async fn artwork(State(web): State<Web>, Path(id): Path<String>, uri: Uri) -> Response {
    let pool = &web.query.pool;
    let read = |id| projectors::artworks::read::public_by_id(pool, id);
    record_page(&web, &uri, &id, read, artwork_head).await
}

/// `GET /artist/{id}`.
pub async fn artist(State(web): State<Web>, Path(id): Path<String>, uri: Uri) -> Response {
    let pool = &web.query.pool;
    record_page(
        &web,
        &uri,
        &id,
        |id| projectors::artists::read::by_id(pool, id),
        artist_head,
    )
    .await
}

/// `GET /lists/{id}`: a public list; a private one is a 404 here (its owner's app still shows
/// it, asking the API with its token).
pub async fn list(State(web): State<Web>, Path(id): Path<String>, uri: Uri) -> Response {
    let pool = &web.query.pool;
    let read = |id| async move {
        let list = projectors::lists::read::list(pool, id).await?;
        Ok::<_, sqlx::Error>(list.filter(|l| l.public))
    };
    record_page(&web, &uri, &id, read, list_head).await
}

fn list_head(web: &Web, list: &ListRow) -> Head {
    let canonical = web.url(&format!("/lists/{}", list.id));
    let description = format!("A list of public artworks on {}.", web.product());
    let json_ld = json!({
        "@context": "https://schema.org",
        "@type": "ItemList",
        "name": list.name,
        "url": canonical,
        "description": description,
        "dateModified": list.updated_at.to_rfc3339(),
    });
    Head::of("website", &list.name, description, canonical, json_ld)
}

/// `GET /pages/{slug}`.
pub async fn static_page(State(web): State<Web>, Path(slug): Path<String>, uri: Uri) -> Response {
    let Some(page) = web.site.page(&slug) else {
        return web.not_found(uri.path());
    };
    let canonical = web.url(&format!("/pages/{}", page.slug));
    let json_ld = json!({
        "@context": "https://schema.org",
        "@type": "WebPage",
        "name": page.title,
        "description": page.summary,
        "url": canonical,
        "isPartOf": web.website(),
    });
    let head = Head::of(
        "article",
        &page.title,
        page.summary.clone(),
        canonical,
        json_ld,
    );
    web.answer(StatusCode::OK, &head)
}

/// Every other path: an old path is redirected, one of the app's pages gets its section's head,
/// anything else is a 404. Only `GET` and `HEAD` reach a page.
pub async fn other(State(web): State<Web>, method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    if let Some(to) = web.site.redirect(uri.path()) {
        return Redirect::permanent(to).into_response();
    }
    app_page(&web, uri.path())
}

/// One of the app's pages with its section's head, or a 404.
fn app_page(web: &Web, path: &str) -> Response {
    if web.site.is_page(path) {
        web.answer(StatusCode::OK, &web.section_head(path))
    } else {
        web.not_found(path)
    }
}

impl Web {
    /// The instance as a schema.org `WebSite`.
    fn website(&self) -> Value {
        json!({"@type": "WebSite", "name": self.product(), "url": self.url("/")})
    }

    /// The head of one of the app's sections (`/artworks`), or the site's for pages without
    /// one of their own (kept out of search engines when private).
    fn section_head(&self, path: &str) -> Head {
        let home = self.site.section("/");
        let section = match path.trim_end_matches('/') {
            "" => home,
            p => self.site.section(p),
        };
        let description = section
            .or(home)
            .map(|s| s.description.clone())
            .unwrap_or_default();
        let canonical = self.url(path);
        let json_ld = match section {
            Some(s) if s.path == "/" => {
                let mut site = self.website();
                site["@context"] = json!("https://schema.org");
                site["description"] = json!(s.description);
                site["potentialAction"] = json!({
                    "@type": "SearchAction",
                    "target": self.url("/search/{search_term_string}"),
                    "query-input": "required name=search_term_string",
                });
                Some(site)
            }
            Some(s) => Some(json!({
                "@context": "https://schema.org",
                "@type": "CollectionPage",
                "name": s.title,
                "description": s.description,
                "url": canonical,
                "isPartOf": self.website(),
            })),
            None => None,
        };
        Head {
            title: section.and_then(|s| s.title.clone()),
            description,
            canonical,
            kind: "website",
            json_ld,
            noindex: section.is_none() || self.site.private.iter().any(|p| path.starts_with(p)),
            ..Head::default()
        }
    }
}

/// "Mural", as a person reads an artwork type.
fn type_label(t: ArtworkType) -> String {
    let s = t.as_str();
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn tag<'a>(a: &'a ArtworkDto, key: &str) -> Option<&'a str> {
    a.tags
        .get(key)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
}

fn artwork_head(web: &Web, a: &ArtworkDto) -> Head {
    let canonical = match a.merged_into {
        Some(into) => web.url(&format!("/artwork/{into}")),
        None => web.url(&format!("/artwork/{}", a.id)),
    };
    let kind = type_label(a.artwork_type);
    let by = a
        .artists
        .iter()
        .map(|x| x.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let mut description = if by.is_empty() {
        format!("{kind} on {}.", web.product())
    } else {
        format!("{kind} by {by}.")
    };
    if let Some(year) = tag(a, "year") {
        description = format!("{} ({year}).", description.trim_end_matches('.'));
    }
    if let Some(d) = a.description.as_deref().filter(|d| !d.trim().is_empty()) {
        description = format!("{description} {d}");
    }
    let image = a.photos.first().map(|p| web.url(&p.large_url));
    let mut ld = json!({
        "@context": "https://schema.org",
        "@type": "VisualArtwork",
        "name": a.title,
        "url": canonical,
        "artform": kind,
        "description": description,
        "dateModified": a.updated_at.to_rfc3339(),
        "contentLocation": {
            "@type": "Place",
            "geo": {"@type": "GeoCoordinates", "latitude": a.lat, "longitude": a.lon},
        },
        "creator": a.artists.iter().map(|x| json!({
            "@type": "Person",
            "name": x.name,
            "url": web.url(&format!("/artist/{}", x.id)),
        })).collect::<Vec<_>>(),
    });
    if let Some(image) = &image {
        ld["image"] = json!(image);
    }
    if let Some(year) = tag(a, "year") {
        ld["dateCreated"] = json!(year);
    }
    if let Some(material) = tag(a, "material") {
        ld["artMedium"] = json!(material);
    }
    Head {
        title: Some(a.title.clone()),
        description,
        canonical,
        image,
        kind: "article",
        json_ld: Some(ld),
        // Gone, or a duplicate of another: the canonical page is elsewhere or nowhere.
        noindex: a.status != ArtworkStatus::Approved,
    }
}

fn artist_head(web: &Web, a: &ArtistDto) -> Head {
    let canonical = web.url(&format!("/artist/{}", a.id));
    let lived = match (a.birth_year, a.death_year) {
        (Some(b), Some(d)) => format!(" ({b}–{d})"),
        (Some(b), None) => format!(" (born {b})"),
        _ => String::new(),
    };
    let works = match a.artwork_count {
        1 => "1 public artwork".to_owned(),
        n => format!("{n} public artworks"),
    };
    let mut description = format!("{}{lived}: {works} on {}.", a.name, web.product());
    if let Some(bio) = a.biography.as_deref().filter(|b| !b.trim().is_empty()) {
        description = format!("{description} {bio}");
    }
    let mut ld = json!({
        "@context": "https://schema.org",
        "@type": "Person",
        "name": a.name,
        "url": canonical,
        "description": description,
    });
    if !a.aliases.0.is_empty() {
        ld["alternateName"] = json!(a.aliases.0);
    }
    if let Some(site) = &a.website {
        ld["sameAs"] = json!([site]);
    }
    if let Some(country) = &a.country {
        ld["nationality"] = json!(country);
    }
    if let Some(b) = a.birth_year {
        ld["birthDate"] = json!(b.to_string());
    }
    if let Some(d) = a.death_year {
        ld["deathDate"] = json!(d.to_string());
    }
    Head::of("profile", &a.name, description, canonical, ld)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_read_as_words() {
        assert_eq!(type_label(ArtworkType::Mural), "Mural");
        assert_eq!(type_label(ArtworkType::Other), "Other");
    }
}
