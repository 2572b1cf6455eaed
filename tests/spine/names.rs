//! The names people are shown by: always whoever an identity belongs to now. Work sent
//! anonymously and then claimed shows the claiming account's profile name everywhere it is
//! credited (history, credits, the logbook, the review queue); staff without a profile name
//! are named by their role.

use crate::accounts::{anonymous_token, set_profile, sign_in};
use crate::fixtures::{app_with_moderator, approved_proposal, approved_visit};
use crate::submissions::{propose, Proposed};
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
    let (app, anon, modr) = app_with_moderator().await;
    let proposal = approved_proposal(&app, &anon, &modr, "Names Orca").await;
    let detail = format!("/api/artworks/{}", proposal.artwork);
    let (status, _) = app.get_as(&anon, &detail, Some(&proposal.position)).await;
    assert_eq!(status, 200);
    approved_visit(&app, &anon, &modr, &proposal.artwork, None).await;
    let Proposed { id: waiting, .. } = propose(&app, &anon, "Names Heron").await;

    let (_, hist) = app.get_as(&anon, &format!("{detail}/history"), None).await;
    let created = hist["data"]["entries"].as_array().unwrap().last().unwrap();
    let anonymous = created["contributor"].as_str().unwrap().to_owned();
    assert!(anonymous.starts_with("Anonymous ("), "{anonymous}");
    assert_eq!(created["actor"]["display_name"], "Admin", "{created}");

    // When the person signs in from the same device (claiming the work) and chooses a name.
    let (session, _, _) = sign_in(&app, "names-ada@plinth.test", &anon, 1).await;
    let profile = json!({"profile_name": "ada-names"});
    let (status, named, body) = set_profile(&app, &session, profile).await;
    assert_eq!(status, 200, "{body}");
    assert!(!named.is_empty(), "the profile change has a position");

    // Then everything they sent is credited to that name, for everyone.
    let stranger = anonymous_token(&app).await;
    let at = Some(named.as_str());
    let (_, hist) = app
        .get_as(&stranger, &format!("{detail}/history"), at)
        .await;
    let entries = &hist["data"]["entries"];
    assert_eq!(names(entries, "contributor"), ["ada-names", "ada-names"]);
    let (_, credit) = app
        .get_as(&stranger, &format!("{detail}/contributors"), at)
        .await;
    assert!(
        names(&credit["data"]["contributors"], "display_name").contains(&"ada-names"),
        "{credit}"
    );
    let (_, page) = app.get_as(&stranger, &detail, at).await;
    let visitors: Vec<&Value> = page["data"]["logbook"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["visitor"])
        .collect();
    assert_eq!(visitors.len(), 1, "{page}");
    assert_eq!(visitors[0]["display_name"], "ada-names");
    let (_, queue) = app
        .get_as(&modr, "/api/review/queue?type=new_artwork", at)
        .await;
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
