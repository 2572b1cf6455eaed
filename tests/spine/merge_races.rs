//! Merges that race or chain (issue 27): opposite merges at once, one duplicate merged into two
//! artworks at once, a merge of an artwork that holds duplicates, and approvals racing a merge.
//! Every request of a race is in flight together; reads wait on the positions the answers gave.

use crate::fixtures::app_with_moderator;
use crate::harness::TestApp;
use crate::submissions::{approve, post_form, propose, LAT, LON};
use futures::future::join_all;
use reqwest::multipart::Form;
use serde_json::{json, Value};

const MERGED_AWAY: &str = "That artwork was itself merged into another; merge into that one";
const HOLDS: &str = "This artwork holds merged duplicates; unmerge them first";

/// Imports an approved artwork without photos, logbook or tags, and waits until it is read.
async fn imported(app: &TestApp, token: &str, source_id: &str) -> String {
    let commands = command_api::Commands::new(app.db.pool.clone());
    let record = crate::harness::vancouver_artwork(source_id, &format!("Mural {source_id}"), &[]);
    let id = record.id.to_string();
    let pos = crate::harness::import_artwork(&commands, record)
        .await
        .to_string();
    shown(app, token, &id, &pos).await;
    id
}

/// Waits until artwork `id` is read once `pos` is: a read answers 404, unmarked, while the
/// projector is more than the read's wait behind.
async fn shown(app: &TestApp, token: &str, id: &str, pos: &str) {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let (status, body) = app
            .get_as(token, &format!("/api/artworks/{id}"), Some(pos))
            .await;
        if status == 200 {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "{body}");
    }
}

/// A note-only visit to `artwork`, pending.
async fn visit(app: &TestApp, token: &str, artwork: &str, note: &str) -> String {
    let form = Form::new()
        .text("lat", LAT.to_string())
        .text("lon", LON.to_string())
        .text("artworkId", artwork.to_owned())
        .text("notes", note.to_owned());
    let (status, _, body) = post_form(app, token, form).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["id"].as_str().unwrap().to_owned()
}

/// An approved artwork made from a proposal (one photo, `material: metal`) with an approved
/// note-only visit in its logbook: (1 photo, 1 entry).
async fn with_content(app: &TestApp, modr: &str, token: &str, title: &str) -> String {
    let proposal = propose(app, token, title).await.id;
    let (status, headers, body) = approve(app, modr, &proposal, json!({})).await;
    assert_eq!(status, 200, "{body}");
    let id = body["data"]["artwork_id"].as_str().unwrap().to_owned();
    shown(app, token, &id, &crate::submissions::position(&headers)).await;
    let seen = visit(app, token, &id, &format!("Seen {title}")).await;
    let (status, _, body) = approve(app, modr, &seen, json!({})).await;
    assert_eq!(status, 200, "{body}");
    id
}

/// The artwork as the detail answers it once `pos` is read: (status, merged_into, photos,
/// logbook entries, tags).
async fn read(
    app: &TestApp,
    token: &str,
    id: &str,
    pos: &str,
) -> (Value, Value, usize, usize, Value) {
    let (status, body) = app
        .get_as(token, &format!("/api/artworks/{id}"), Some(pos))
        .await;
    assert_eq!(status, 200, "{body}");
    let d = &body["data"];
    (
        d["status"].clone(),
        d["merged_into"].clone(),
        d["photos"].as_array().unwrap().len(),
        d["logbook"].as_array().unwrap().len(),
        d["tags"].clone(),
    )
}

/// Whether the list of approved artworks has `id`, once `pos` is read.
async fn listed(app: &TestApp, token: &str, id: &str, pos: &str) -> bool {
    let (_, list) = app
        .get_as(token, "/api/artworks?limit=100", Some(pos))
        .await;
    list["data"]["artworks"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["id"] == id)
}

/// Ten pairs of imported artworks, `{prefix}-a{n}` and `{prefix}-b{n}`.
async fn imported_pairs(app: &TestApp, anon: &str, prefix: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    for n in 0..10 {
        let a = imported(app, anon, &format!("{prefix}-a{n}")).await;
        let b = imported(app, anon, &format!("{prefix}-b{n}")).await;
        pairs.push((a, b));
    }
    pairs
}

async fn merge(app: &TestApp, modr: &str, id: &str, into: &str) -> (u16, String, Value) {
    app.post_as(
        modr,
        &format!("/api/artworks/{id}/merge"),
        json!({"into": into, "reason": "Same work"}),
    )
    .await
}

async fn unmerge(app: &TestApp, modr: &str, id: &str) -> (u16, String, Value) {
    app.post_as(
        modr,
        &format!("/api/artworks/{id}/unmerge"),
        json!({"reason": "Two works after all"}),
    )
    .await
}

#[tokio::test]
async fn opposite_merges_at_once_leave_exactly_one_merged_into_the_other() {
    // Given ten pairs of artworks.
    let (app, anon, modr) = app_with_moderator().await;
    let pairs = imported_pairs(&app, &anon, "race").await;

    // When each pair is merged both ways at once (all twenty requests in flight together).
    let answers = join_all(
        pairs
            .iter()
            .flat_map(|(a, b)| [merge(&app, &modr, a, b), merge(&app, &modr, b, a)]),
    )
    .await;

    // Then in each pair exactly one merge succeeded and the other was refused as a conflict...
    for ((a, b), both) in pairs.iter().zip(answers.chunks(2)) {
        let won: Vec<usize> = (0..2).filter(|i| both[*i].0 == 200).collect();
        assert_eq!(won.len(), 1, "{a} ⇄ {b}: {both:?}");
        let (winner, loser) = (&both[won[0]], &both[1 - won[0]]);
        assert_eq!(loser.0, 409, "{loser:?}");
        assert_eq!(loser.2["message"], MERGED_AWAY);
        let (dup, kept) = if won[0] == 0 { (a, b) } else { (b, a) };
        // ...and the two read consistently: the duplicate merged into the other, which is
        // approved, points nowhere and is listed.
        let pos = &winner.1;
        let (status, into, ..) = read(&app, &anon, dup, pos).await;
        assert_eq!((status, into), (json!("merged"), json!(kept)));
        let (status, into, ..) = read(&app, &anon, kept, pos).await;
        assert_eq!((status, into), (json!("approved"), Value::Null));
        assert!(listed(&app, &anon, kept, pos).await, "{kept}");
        assert!(!listed(&app, &anon, dup, pos).await, "{dup}");
    }
    app.stop().await;
}

#[tokio::test]
async fn one_duplicate_merged_into_two_artworks_at_once_goes_to_one_and_unmerge_gives_all_back() {
    // Given five duplicates with content (a photo, a logbook entry, `material: metal`), each
    // with two imported candidates holding nothing.
    let (app, anon, modr) = app_with_moderator().await;
    let mut triples = Vec::new();
    for n in 0..5 {
        let a = with_content(&app, &modr, &anon, &format!("Orca {n}")).await;
        let b = imported(&app, &anon, &format!("fan-b{n}")).await;
        let c = imported(&app, &anon, &format!("fan-c{n}")).await;
        triples.push((a, b, c));
    }

    // When each duplicate is merged into both candidates at once.
    let answers = join_all(
        triples
            .iter()
            .flat_map(|(a, b, c)| [merge(&app, &modr, a, b), merge(&app, &modr, a, c)]),
    )
    .await;

    for ((a, b, c), both) in triples.iter().zip(answers.chunks(2)) {
        // Then exactly one won; the other was refused as a conflict...
        let won: Vec<usize> = (0..2).filter(|i| both[*i].0 == 200).collect();
        assert_eq!(won.len(), 1, "{a} → {b} | {c}: {both:?}");
        let (winner, loser) = (&both[won[0]], &both[1 - won[0]]);
        assert_eq!(loser.0, 409, "{loser:?}");
        let (kept, other) = if won[0] == 0 { (b, c) } else { (c, b) };
        let pos = &winner.1;
        // ...the winner holds everything the duplicate had, the loser nothing of it...
        let (_, _, photos, logbook, tags) = read(&app, &anon, kept, pos).await;
        assert_eq!(
            (photos, logbook, tags),
            (1, 1, json!({"material": "metal"}))
        );
        let (_, _, photos, logbook, tags) = read(&app, &anon, other, pos).await;
        assert_eq!((photos, logbook, tags), (0, 0, json!({})));
        let (status, into, ..) = read(&app, &anon, a, pos).await;
        assert_eq!((status, into), (json!("merged"), json!(kept)));

        // ...and unmerging gives it all back.
        let (status, back, body) = unmerge(&app, &modr, a).await;
        assert_eq!(status, 200, "{body}");
        let (_, _, photos, logbook, tags) = read(&app, &anon, kept, &back).await;
        assert_eq!((photos, logbook, tags), (0, 0, json!({})));
        let (status, into, photos, logbook, tags) = read(&app, &anon, a, &back).await;
        assert_eq!(
            (status, into, photos, logbook, tags),
            (
                json!("approved"),
                Value::Null,
                1,
                1,
                json!({"material": "metal"})
            )
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn an_artwork_holding_duplicates_is_not_merged_away_and_each_unmerge_gives_back_what_its_merge_moved(
) {
    // Given A (a photo, a logbook entry, `material: metal`), B (a photo, `material: metal`)
    // and C (nothing).
    let (app, anon, modr) = app_with_moderator().await;
    let a = with_content(&app, &modr, &anon, "Orca A").await;
    let proposal = propose(&app, &anon, "Orca B").await.id;
    let (status, _, body) = approve(&app, &modr, &proposal, json!({})).await;
    assert_eq!(status, 200, "{body}");
    let b = body["data"]["artwork_id"].as_str().unwrap().to_owned();
    let c = imported(&app, &anon, "chain-c").await;
    let metal = json!({"material": "metal"});

    // When A is merged into B, then B into C.
    let (status, pos, body) = merge(&app, &modr, &a, &b).await;
    assert_eq!(status, 200, "{body}");
    let (status, _, body) = merge(&app, &modr, &b, &c).await;
    // Then B, holding A, is not merged away; nor is anything merged into A.
    assert_eq!((status, body["message"].as_str()), (409, Some(HOLDS)));
    let (status, _, body) = merge(&app, &modr, &c, &a).await;
    assert_eq!((status, body["message"].as_str()), (409, Some(MERGED_AWAY)));
    let (status, into, photos, logbook, tags) = read(&app, &anon, &b, &pos).await;
    assert_eq!(
        (status, into, photos, logbook, &tags),
        (json!("approved"), Value::Null, 2, 1, &metal)
    );
    let (_, _, photos, logbook, tags) = read(&app, &anon, &c, &pos).await;
    assert_eq!((photos, logbook, tags), (0, 0, json!({})));

    // When A is unmerged, B has only its own again, and B can be merged into C.
    let (status, pos, body) = unmerge(&app, &modr, &a).await;
    assert_eq!(status, 200, "{body}");
    let (_, _, photos, logbook, tags) = read(&app, &anon, &b, &pos).await;
    assert_eq!((photos, logbook, &tags), (1, 0, &metal));
    let (status, _, body) = merge(&app, &modr, &b, &c).await;
    assert_eq!(status, 200, "{body}");
    // A into B is now refused (B was merged away); A into C is not.
    let (status, _, body) = merge(&app, &modr, &a, &b).await;
    assert_eq!((status, body["message"].as_str()), (409, Some(MERGED_AWAY)));
    let (status, pos, body) = merge(&app, &modr, &a, &c).await;
    assert_eq!(status, 200, "{body}");
    let (_, _, photos, logbook, tags) = read(&app, &anon, &c, &pos).await;
    assert_eq!((photos, logbook, &tags), (2, 1, &metal));

    // When B is unmerged from C, C gives back exactly what B's merge moved: B's photo and the
    // tag C lacked then (A's merge found the tag there and moved none); A's content stays.
    // And when A is unmerged, C is as it was and A has all its own. Each case: the artwork
    // unmerged, then C's photos, logbook entries and tags, then the unmerged one's own.
    for (unmerged, left_in_c, own) in [
        (&b, (1, 1, json!({})), (1, 0)),
        (&a, (0, 0, json!({})), (1, 1)),
    ] {
        let (status, pos, body) = unmerge(&app, &modr, unmerged).await;
        assert_eq!(status, 200, "{body}");
        let (_, _, photos, logbook, tags) = read(&app, &anon, &c, &pos).await;
        assert_eq!((photos, logbook, tags), left_in_c, "{unmerged}");
        let (status, into, photos, logbook, tags) = read(&app, &anon, unmerged, &pos).await;
        assert_eq!(
            (status, into, (photos, logbook), &tags),
            (json!("approved"), Value::Null, own, &metal),
            "{unmerged}"
        );
    }
    app.stop().await;
}

/// Whether submission `id` is still pending, from its own events.
async fn pending(app: &TestApp, id: &str) -> bool {
    let commands = command_api::Commands::new(app.db.pool.clone());
    let (state, _) = commands.state::<domain::Submission>(id).await.unwrap();
    state.pending().is_ok()
}

/// Whether the merge of `from` into `into` moved visit `seen`, from `into`'s own events.
async fn moved(app: &TestApp, from: &str, into: &str, seen: &str) -> bool {
    let commands = command_api::Commands::new(app.db.pool.clone());
    let (kept, _) = commands.state::<domain::Artwork>(into).await.unwrap();
    let from = domain::ArtworkId(from.parse().unwrap());
    let seen = domain::SubmissionId(seen.parse().unwrap());
    kept.absorbed
        .get(&from)
        .is_some_and(|a| a.visits.contains(&seen))
}

#[tokio::test]
async fn an_approval_racing_a_merge_lands_before_it_or_is_refused_and_left_pending() {
    // Given ten duplicates, each with a pending visit, and ten artworks to keep.
    let (app, anon, modr) = app_with_moderator().await;
    let mut races = Vec::new();
    for (n, (a, b)) in imported_pairs(&app, &anon, "visit")
        .await
        .into_iter()
        .enumerate()
    {
        let seen = visit(&app, &anon, &a, &format!("Visit {n}")).await;
        races.push((a, b, seen));
    }
    let late = visit(&app, &anon, &races[0].0, "Seen before the merge").await;

    // When each visit is approved while its artwork is merged away (together, all at once).
    let approvals = join_all(
        races
            .iter()
            .map(|(_, _, seen)| approve(&app, &modr, seen, json!({}))),
    );
    let merges = join_all(races.iter().map(|(a, b, _)| merge(&app, &modr, a, b)));
    let (approvals, merges) = futures::join!(approvals, merges);

    let mut refused = 0;
    for ((a, b, seen), (approval, merged)) in races.iter().zip(approvals.iter().zip(&merges)) {
        // Then every merge went through...
        assert_eq!(merged.0, 200, "{merged:?}");
        let pos = &merged.1;
        let (status, into, ..) = read(&app, &anon, a, pos).await;
        assert_eq!((status, into), (json!("merged"), json!(b)));
        let (_, _, _, logbook, _) = read(&app, &anon, b, pos).await;
        match approval.0 {
            // ...and an approval either landed before the merge, which moved the visit to the
            // artwork kept...
            200 => {
                assert!(!pending(&app, seen).await);
                assert_eq!(logbook, 1, "{seen} approved but not on {b}");
                assert!(moved(&app, a, b, seen).await, "{seen} left on {a}");
            }
            // ...or was refused with a conflict that says why, the visit still pending and on
            // no artwork: never approved with nothing applied, never left on a hidden duplicate.
            409 => {
                refused += 1;
                let message = approval.2["message"].as_str().unwrap_or_default();
                assert!(
                    message.starts_with("This artwork was merged into"),
                    "{message}"
                );
                assert!(
                    pending(&app, seen).await,
                    "{seen} approved, nothing applied"
                );
                assert_eq!(logbook, 0);
            }
            other => panic!("approval answered {other}: {:?}", approval.2),
        }
    }
    // A visit sent before the merge and approved after it is refused the same way.
    let (status, _, body) = approve(&app, &modr, &late, json!({})).await;
    assert_eq!(status, 409, "{body}");
    assert!(pending(&app, &late).await);
    eprintln!(
        "approvals refused in the race: {refused} of {}",
        races.len()
    );
    app.stop().await;
}
