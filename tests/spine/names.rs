//! The names people are shown by: always whoever an identity belongs to now. Work sent
//! anonymously and then claimed shows the claiming account's profile name everywhere it is
//! credited (history, credits, the logbook, the review queue); staff without a profile name
//! are named by their role.

use crate::accounts::{anonymous_token, sign_in};
use crate::submissions::{
    approve, get_as, jpeg_part, moderator, phone, position, post_form, propose, spawn, Proposed,
    LAT, LON,
};
use reqwest::multipart::Form;
use reqwest::Method;
use serde_json::{json, Value};

/// The names an array of objects holds under `key`.
fn names<'a>(values: &'a Value, key: &str) -> Vec<&'a str> {
    values
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v[key].as_str())
        .collect()
}

#[tokio::test]
async fn claimed_work_shows_the_claiming_accounts_name_and_staff_without_one_their_role() {
    // Given an anonymous person's proposal, approved by an admin without a profile name, a
    // visit of theirs to it approved, and a second proposal still waiting.
    let app = spawn().await;
    let anon = anonymous_token(&app).await;
    let Proposed { id: proposal, .. } = propose(&app, &anon, "Names Orca").await;
    let modr = moderator(&app).await;
    let (status, headers, body) = approve(&app, &modr, &proposal, json!({})).await;
    assert_eq!(status, 200, "{body}");
    let artwork = body["data"]["artwork_id"].as_str().unwrap().to_owned();
    let detail = format!("/api/artworks/{artwork}");
    let (status, _) = get_as(&app, &detail, &anon, Some(&position(&headers))).await;
    assert_eq!(status, 200);
    let form = Form::new()
        .text("lat", LAT.to_string())
        .text("lon", LON.to_string())
        .text("artworkId", artwork.clone())
        .part("photos", jpeg_part(phone(LAT, LON), "visit.jpg"));
    let (status, _, body) = post_form(&app, &anon, form).await;
    assert_eq!(status, 201, "{body}");
    let visit = body["data"]["id"].as_str().unwrap().to_owned();
    let (status, _, _) = approve(&app, &modr, &visit, json!({})).await;
    assert_eq!(status, 200);
    let Proposed { id: waiting, .. } = propose(&app, &anon, "Names Heron").await;

    let (_, hist) = get_as(&app, &format!("{detail}/history"), &anon, None).await;
    let created = hist["data"]["entries"].as_array().unwrap().last().unwrap();
    let anonymous = created["contributor"].as_str().unwrap().to_owned();
    assert!(anonymous.starts_with("Anonymous ("), "{anonymous}");
    assert_eq!(created["actor"]["display_name"], "Admin", "{created}");

    // When the person signs in from the same device (claiming the work) and chooses a name.
    let (session, _, _) = sign_in(&app, "names-ada@plinth.test", &anon, 1).await;
    let (status, headers, body) = app
        .send(
            Method::PATCH,
            "/api/me/profile",
            Some(&session),
            Some(json!({"profile_name": "ada-names"})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let named = position(&headers);

    // Then everything they sent is credited to that name, for everyone.
    let stranger = anonymous_token(&app).await;
    let at = Some(named.as_str());
    let (_, hist) = get_as(&app, &format!("{detail}/history"), &stranger, at).await;
    let entries = &hist["data"]["entries"];
    assert_eq!(names(entries, "contributor"), ["ada-names", "ada-names"]);
    let (_, credit) = get_as(&app, &format!("{detail}/contributors"), &stranger, at).await;
    assert!(
        names(&credit["data"]["contributors"], "display_name").contains(&"ada-names"),
        "{credit}"
    );
    let (_, page) = get_as(&app, &detail, &stranger, at).await;
    let visitors: Vec<&Value> = page["data"]["logbook"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["visitor"])
        .collect();
    assert_eq!(visitors.len(), 1, "{page}");
    assert_eq!(visitors[0]["display_name"], "ada-names");
    let (_, queue) = get_as(&app, "/api/review/queue?type=new_artwork", &modr, at).await;
    let pending: Vec<&Value> = queue["data"]["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["id"] == waiting.as_str())
        .collect();
    assert_eq!(pending.len(), 1, "{queue}");
    assert_eq!(pending[0]["submitter"]["display_name"], "ada-names");
    // The admin is still named by their role: they chose no name of their own.
    assert_eq!(entries[0]["actor"]["display_name"], "Admin");
    app.stop().await;
}
