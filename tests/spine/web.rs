//! The app's pages as crawlers and link previews get them (issue 31): each public page's head
//! and JSON-LD already in the HTML, read with an HTML parser; 404 for what does not exist; 301
//! for old paths; `robots.txt`; and a sitemap, read with an XML parser, that lists every public
//! page of the demo data exactly once and nothing pending.

use std::collections::{BTreeMap, HashSet};

use scraper::{Html, Selector};
use serde_json::{json, Value};

use crate::accounts::anonymous_token;
use crate::fixtures::{app_with_moderator, approved_proposal};
use crate::harness::TestApp;
use crate::submissions::{propose, LAT, LON};

/// A page's HTML: status and the parsed document.
async fn page(app: &TestApp, path: &str) -> (u16, Html) {
    let resp = app.get_raw(path).await;
    let status = resp.status().as_u16();
    let ct = resp.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(ct.starts_with("text/html"), "{path}: {ct}");
    (status, Html::parse_document(&resp.text().await.unwrap()))
}

/// What a page's head says: `<title>`, every `<meta>` by name or property, the canonical link
/// and the JSON-LD, each parsed.
struct Head {
    title: String,
    meta: BTreeMap<String, String>,
    canonical: Option<String>,
    json_ld: Vec<Value>,
}

fn head(doc: &Html) -> Head {
    let sel = |s: &str| Selector::parse(s).unwrap();
    let titles: Vec<String> = doc
        .select(&sel("head title"))
        .map(|t| t.text().collect())
        .collect();
    assert_eq!(titles.len(), 1, "one title: {titles:?}");
    let mut meta = BTreeMap::new();
    for m in doc.select(&sel("head meta")) {
        let v = m.value();
        if let (Some(key), Some(content)) =
            (v.attr("name").or(v.attr("property")), v.attr("content"))
        {
            assert!(
                meta.insert(key.to_owned(), content.to_owned()).is_none(),
                "{key} twice"
            );
        }
    }
    let canonical = doc
        .select(&sel("head link[rel=canonical]"))
        .next()
        .and_then(|l| l.value().attr("href").map(str::to_owned));
    let json_ld = doc
        .select(&sel("script[type=\"application/ld+json\"]"))
        .map(|s| serde_json::from_str(&s.text().collect::<String>()).unwrap())
        .collect();
    Head {
        title: titles.into_iter().next().unwrap(),
        meta,
        canonical,
        json_ld,
    }
}

/// The head every public page has: title, description, canonical URL `url`, Open Graph and
/// Twitter tags agreeing with them, and one JSON-LD object of `ld_type`.
fn assert_public_head(h: &Head, title: &str, url: &str, ld_type: &str) -> Value {
    assert_eq!(h.title, title);
    assert!(!h.meta["description"].is_empty());
    assert_eq!(h.canonical.as_deref(), Some(url));
    assert_eq!(h.meta["og:title"], title);
    assert_eq!(h.meta["og:url"], url);
    assert_eq!(h.meta["og:description"], h.meta["description"]);
    assert_eq!(h.meta["og:site_name"], "Plinth");
    assert_eq!(h.meta["twitter:title"], title);
    assert!(!h.meta.contains_key("robots"), "{title} is indexed");
    assert_eq!(h.json_ld.len(), 1);
    let ld = h.json_ld[0].clone();
    assert_eq!(ld["@context"], "https://schema.org");
    assert_eq!(ld["@type"], ld_type);
    ld
}

#[tokio::test]
async fn an_artwork_and_a_public_list_unfurl_and_what_does_not_exist_is_a_404() {
    let (app, anon, modr) = app_with_moderator().await;
    let made = approved_proposal(&app, &anon, &modr, "Digital Orca <&> \"Friends\"").await;
    // Read once the read models have the approval.
    let (status, detail) = app
        .get_as(
            &anon,
            &format!("/api/artworks/{}", made.artwork),
            Some(&made.position),
        )
        .await;
    assert_eq!(status, 200, "{detail}");

    let url = format!("{}/artwork/{}", app.base, made.artwork);
    let (status, doc) = page(&app, &format!("/artwork/{}", made.artwork)).await;
    assert_eq!(status, 200);
    let h = head(&doc);
    let ld = assert_public_head(
        &h,
        "Digital Orca <&> \"Friends\" - Plinth",
        &url,
        "VisualArtwork",
    );
    assert_eq!(ld["name"], "Digital Orca <&> \"Friends\"");
    assert_eq!(ld["url"], url.as_str());
    assert_eq!(ld["artform"], "Sculpture");
    assert_eq!(ld["artMedium"], "metal");
    assert_eq!(ld["contentLocation"]["geo"]["latitude"], json!(LAT));
    assert_eq!(ld["contentLocation"]["geo"]["longitude"], json!(LON));
    assert_eq!(ld["creator"][0]["@type"], "Person");
    assert_eq!(ld["creator"][0]["name"], "Douglas Coupland");
    let large = detail["data"]["photos"][0]["large_url"].as_str().unwrap();
    assert_eq!(h.meta["og:image"], format!("{}{large}", app.base));
    assert_eq!(ld["image"], h.meta["og:image"].as_str());
    assert_eq!(h.meta["twitter:card"], "summary_large_image");
    assert!(h.meta["description"].starts_with("Sculpture by Douglas Coupland."));
    // The app itself still boots from the page.
    assert_eq!(doc.select(&Selector::parse("#root").unwrap()).count(), 1);

    // A pending proposal has no public page; neither has an id that is nothing.
    let pending = propose(&app, &anon, "Not yet approved").await;
    for path in [
        format!("/artwork/{}", uuid::Uuid::now_v7()),
        format!("/artwork/{}", pending.id),
        "/artwork/not-an-id".to_owned(),
        format!("/artist/{}", uuid::Uuid::now_v7()),
        format!("/lists/{}", uuid::Uuid::now_v7()),
        "/pages/no-such-page".to_owned(),
        "/no/such/path".to_owned(),
        "/robots.php".to_owned(),
    ] {
        let (status, doc) = page(&app, &path).await;
        assert_eq!(status, 404, "{path}");
        let h = head(&doc);
        assert_eq!(h.meta["robots"], "noindex", "{path}");
        assert_eq!(h.title, "Page not found - Plinth");
    }

    // A public list unfurls; a private one is a 404 to the server (its owner's app asks the
    // API with its token).
    let mut lists = Vec::new();
    for body in [
        json!({"name": "Orcas & whales", "public": true}),
        json!({"name": "Secret walk"}),
    ] {
        let (status, pos, list) = app.post_as(&anon, "/api/lists", body).await;
        assert_eq!(status, 201, "{list}");
        let id = list["data"]["id"].as_str().unwrap().to_owned();
        // Read back once the lists read model has it.
        let (status, body) = app
            .get_as(&anon, &format!("/api/lists/{id}"), Some(&pos))
            .await;
        assert_eq!(status, 200, "{body}");
        lists.push(id);
    }
    let [public, private] = [&lists[0], &lists[1]];
    let (status, doc) = page(&app, &format!("/lists/{public}")).await;
    assert_eq!(status, 200);
    let ld = assert_public_head(
        &head(&doc),
        "Orcas & whales - Plinth",
        &format!("{}/lists/{public}", app.base),
        "ItemList",
    );
    assert_eq!(ld["name"], "Orcas & whales");
    let (status, doc) = page(&app, &format!("/lists/{private}")).await;
    assert_eq!(status, 404);
    assert!(!doc.html().contains("Secret walk"));

    // The app's own pages answer 200 (private ones kept out of search engines); old paths
    // move for good.
    for path in [
        "/add",
        "/artwork/new",
        "/profile/notifications",
        "/search/orca",
    ] {
        let (status, _) = page(&app, path).await;
        assert_eq!(status, 200, "{path}");
    }
    let (status, doc) = page(&app, "/review").await;
    assert_eq!(status, 200);
    assert_eq!(head(&doc).meta["robots"], "noindex");
    let resp = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(format!("{}/terms", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 308);
    assert_eq!(resp.headers()["location"], "/pages/terms-of-service");
    app.stop().await;
}

/// Every `<loc>` of an XML sitemap document, in order.
fn locs(xml: &str) -> Vec<String> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut out = Vec::new();
    let mut in_loc = false;
    loop {
        match reader.read_event().unwrap() {
            Event::Start(e) if e.name().as_ref() == b"loc" => in_loc = true,
            Event::End(e) if e.name().as_ref() == b"loc" => in_loc = false,
            Event::Text(t) if in_loc => out.push(t.decode().unwrap().into_owned()),
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

/// A GET of `url`: status, content type and body as text.
pub(crate) async fn text(app: &TestApp, url: &str) -> (u16, String, String) {
    let resp = app.client.get(url).send().await.unwrap();
    let status = resp.status().as_u16();
    let ct = resp
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, ct, resp.text().await.unwrap())
}

#[tokio::test]
async fn the_sitemap_lists_every_public_page_of_the_demo_data_once_and_each_unfurls() {
    let app = TestApp::with_demo_data().await;
    let anon = anonymous_token(&app).await;
    // Something pending must stay out.
    let pending = propose(&app, &anon, "Pending sculpture").await;

    let (status, ct, robots) = text(&app, &format!("{}/robots.txt", app.base)).await;
    assert_eq!(status, 200);
    assert!(ct.starts_with("text/plain"));
    let lines: Vec<&str> = robots.lines().collect();
    assert!(lines.contains(&"User-agent: *"));
    assert!(lines.contains(&"Disallow: /admin"));
    assert!(lines.contains(&"Allow: /api/images/"));
    let sitemap = format!("{}/sitemap.xml", app.base);
    assert!(lines.contains(&format!("Sitemap: {sitemap}").as_str()));

    let (status, ct, index) = text(&app, &sitemap).await;
    assert_eq!(status, 200);
    assert!(ct.starts_with("application/xml"));
    let chunks = locs(&index);
    assert!(chunks.contains(&format!("{}/sitemaps/static.xml", app.base)));
    let mut urls = Vec::new();
    for chunk in &chunks {
        let (status, _, body) = text(&app, chunk).await;
        assert_eq!(status, 200, "{chunk}");
        let these = locs(&body);
        assert!(!these.is_empty() && these.len() <= 50_000, "{chunk}");
        urls.extend(these);
    }
    let unique: HashSet<&String> = urls.iter().collect();
    assert_eq!(unique.len(), urls.len(), "each URL once");

    let ids = |sql: &'static str| {
        let pool = app.db.pool.clone();
        async move {
            sqlx::query_scalar::<_, uuid::Uuid>(sql)
                .fetch_all(&pool)
                .await
                .unwrap()
        }
    };
    let artworks = ids("SELECT id FROM rm.artworks WHERE status = 'approved'").await;
    let artists = ids("SELECT id FROM rm.artists").await;
    assert!(artworks.len() > 100 && !artists.is_empty());
    let listed = |prefix: &str| -> HashSet<String> {
        urls.iter()
            .filter_map(|u| u.strip_prefix(&format!("{}{prefix}", app.base)))
            .map(str::to_owned)
            .collect()
    };
    let want = |v: &[uuid::Uuid]| v.iter().map(|i| i.to_string()).collect::<HashSet<_>>();
    assert_eq!(listed("/artwork/"), want(&artworks));
    assert_eq!(listed("/artist/"), want(&artists));
    assert!(!urls.iter().any(|u| u.contains(&pending.id)));

    // Every static page and section of the sitemap unfurls with its own head.
    for url in urls.iter().filter(|u| {
        let path = &u[app.base.len()..];
        path == "/" || !path[1..].contains('/') || path.starts_with("/pages/")
    }) {
        let path = &url[app.base.len()..];
        let (status, doc) = page(&app, path).await;
        assert_eq!(status, 200, "{path}");
        let h = head(&doc);
        assert_eq!(h.canonical.as_deref(), Some(url.as_str()), "{path}");
        assert_eq!(h.json_ld.len(), 1, "{path}");
        assert!(!h.meta.contains_key("robots"), "{path}");
        if path.starts_with("/pages/") {
            assert_eq!(h.json_ld[0]["@type"], "WebPage", "{path}");
            assert_eq!(h.meta["og:type"], "article");
            assert_eq!(
                h.title,
                format!("{} - Plinth", h.json_ld[0]["name"].as_str().unwrap())
            );
        }
    }

    // An artist of the demo data.
    let artist = artists[0];
    let (status, _, body) = app.get(&format!("/api/artists/{artist}")).await;
    assert_eq!(status, 200);
    let name = body["data"]["name"].as_str().unwrap();
    let (status, doc) = page(&app, &format!("/artist/{artist}")).await;
    assert_eq!(status, 200);
    let ld = assert_public_head(
        &head(&doc),
        &format!("{name} - Plinth"),
        &format!("{}/artist/{artist}", app.base),
        "Person",
    );
    assert_eq!(ld["name"], name);
    app.stop().await;
}
