//! Edits of a subject's fields, an artwork's or an artist's: proposed by a signed-in user (set,
//! change, clear), checked without writing, reviewed field by field against the subject now,
//! approved in part or rejected, shown in the history and "as of", and kept by a replay.
//!
//! `shared` writes each scenario both subjects have once and runs it for each ([`Subject`] says
//! how they differ); `artworks` and `artists` hold what only one of them has.

mod artists;
mod artworks;
mod shared;

use crate::accounts::{anonymous_token, signed_in};
use crate::fixtures::{string_pairs, strings};
use crate::harness::TestApp;
use crate::submissions::{moderator, spawn};
use domain::text::{LongText, PersonName};
use futures::future::BoxFuture;
use serde_json::{json, Value};

/// How one subject's seeding returns: its id and the position of its import.
type Seed = for<'a> fn(&'a TestApp, &'a str, &'a str) -> BoxFuture<'a, (String, String)>;

/// What an edit changes, an artwork or an artist: every path, field name and answer key the
/// shared scenarios use comes from here.
#[derive(Clone, Copy)]
pub(crate) struct Subject {
    /// Its word in paths (`/api/{word}/{id}/edit`, `/api/{word}s/{id}`,
    /// `/api/review/{word}-edits`) and in each test's own data.
    word: &'static str,
    /// What a proposal for an id that names none calls it.
    noun: &'static str,
    /// The field that names it (required).
    name_field: &'static str,
    /// A plain text field that may be cleared, and its value when seeded.
    text_field: (&'static str, &'static str),
    /// The subject's id in a receipt and an approval's answer.
    id_key: &'static str,
    /// The subject's name in a queue row.
    queue_name_key: &'static str,
    /// The approval's list of the fields to apply.
    apply_key: &'static str,
    /// The read models a replay must keep.
    read_models: &'static [&'static str],
    /// Whether a moderator can revert an approved edit.
    revertible: bool,
    /// A field, an old value the seeded subject does not have, and a new one.
    stale: [&'static str; 3],
    /// One more change of the seeded subject (field, old and new as JSON), and the fields the
    /// server reads it as.
    extra: ([&'static str; 3], &'static [&'static str]),
    /// Imports a public subject: `(app, source_id, name)`.
    seed: Seed,
}

pub(crate) const ARTWORK: Subject = Subject {
    word: "artwork",
    noun: "Artwork",
    name_field: "title",
    text_field: ("description", "Painted in one summer."),
    id_key: "artwork_id",
    queue_name_key: "artwork_title",
    apply_key: "apply_to_artwork",
    read_models: &["artworks", "edits"],
    revertible: true,
    stale: ["artwork_type", "statue", "mosaic"],
    // Its tags object, split per key.
    extra: (
        [
            "tags",
            r#"{"material": "paint"}"#,
            r#"{"material": "concrete", "year": "1999"}"#,
        ],
        &["tag:material", "tag:year"],
    ),
    seed: |app, source_id, name| Box::pin(artwork(app, source_id, name)),
};

pub(crate) const ARTIST: Subject = Subject {
    word: "artist",
    noun: "Artist",
    name_field: "name",
    text_field: ("biography", "Works in steel."),
    id_key: "artist_id",
    queue_name_key: "artist_name",
    apply_key: "apply_to_artist",
    read_models: &["artists", "edits"],
    revertible: false,
    stale: ["country", "France", "Spain"],
    extra: (["birth_year", "null", "1956"], &["birth_year"]),
    seed: |app, source_id, name| Box::pin(artist(app, source_id, name)),
};

impl Subject {
    /// The subject whose edits are not this one's.
    fn other(self) -> Self {
        if self.word == ARTWORK.word {
            ARTIST
        } else {
            ARTWORK
        }
    }

    /// A test's email for `who`, its own to this subject.
    fn email(self, who: &str) -> String {
        format!("{who}-{}@plinth.test", self.word)
    }

    /// A test's source id, its own to this subject.
    fn source_id(self, name: &str) -> String {
        format!("{name}-{}", self.word)
    }

    fn edit(self, id: &str) -> String {
        format!("/api/{}/{id}/edit", self.word)
    }

    fn validate(self, id: &str) -> String {
        format!("{}/validate", self.edit(id))
    }

    fn pending(self, id: &str) -> String {
        format!("/api/{}/{id}/pending-edits", self.word)
    }

    /// The public detail (`/history` and `?as_of=` hang off it).
    fn detail(self, id: &str) -> String {
        format!("/api/{}s/{id}", self.word)
    }

    /// A moderator's revert of one of its changes (artworks only).
    fn revert(self, id: &str) -> String {
        format!("{}/revert", self.detail(id))
    }

    /// The moderators' queue.
    fn queue(self) -> String {
        format!("/api/review/{}-edits", self.word)
    }

    /// One edit's review.
    fn review(self, edit: &str) -> String {
        format!("{}/{edit}", self.queue())
    }

    fn approve(self, edit: &str) -> String {
        format!("{}/approve", self.review(edit))
    }

    fn reject(self, edit: &str) -> String {
        format!("{}/reject", self.review(edit))
    }

    /// An approval's body applying `fields` only.
    fn applying(self, fields: &[&str]) -> Value {
        json!({ self.apply_key: fields })
    }

    /// A change whose old value is not the seeded subject's, and its field.
    fn stale_change(self) -> (&'static str, Value) {
        let [field, old, new] = self.stale;
        (field, change(field, json!(old), json!(new)))
    }

    /// `extra` as a client sends it.
    fn extra_change(self) -> Value {
        let ([field, old, new], _) = self.extra;
        let json = |v: &str| serde_json::from_str::<Value>(v).unwrap();
        change(field, json(old), json(new))
    }

    /// Imports a public subject named `name` with its text field (an artwork with the material
    /// paint, an artist with a country and a website); answers its id and the position of its
    /// import.
    async fn seed(self, app: &TestApp, source_id: &str, name: &str) -> (String, String) {
        (self.seed)(app, source_id, name).await
    }
}

/// A test's own app with one seeded subject, an editor who has read it at its import, a
/// moderator and a visitor.
struct Scene {
    app: TestApp,
    /// The subject's id and the position of its import.
    id: String,
    imported: String,
    editor: String,
    modr: String,
    anon: String,
}

impl Scene {
    /// Seeds `subject` as `source_id` named `name` and signs in `editor` (an e-mail).
    async fn new(subject: Subject, source_id: &str, name: &str, editor: &str) -> Self {
        let app = spawn().await;
        let (id, imported) = subject.seed(&app, source_id, name).await;
        let scene = Self {
            editor: signed_in(&app, editor).await,
            modr: moderator(&app).await,
            anon: anonymous_token(&app).await,
            app,
            id,
            imported,
        };
        let detail = subject.detail(&scene.id);
        let (status, _) = scene
            .app
            .get_as(&scene.editor, &detail, Some(&scene.imported))
            .await;
        assert_eq!(status, 200);
        scene
    }
}

/// An imported artwork (a mural) with a description and the material paint, public; answers
/// its id and the position of its import.
async fn artwork(app: &TestApp, source_id: &str, title: &str) -> (String, String) {
    let commands = command_api::Commands::new(app.db.pool.clone());
    let mut record = crate::harness::vancouver_artwork(source_id, title, &[]);
    let (_, text) = ARTWORK.text_field;
    record.description = Some(LongText::parse(text).unwrap());
    record.tags =
        domain::Tags::parse([("material".to_owned(), "paint".to_owned())].into()).unwrap();
    let id = record.id.to_string();
    let pos = crate::harness::import_artwork(&commands, record).await;
    (id, pos.to_string())
}

/// An imported artist with a biography, the country Canada and a website; answers its id and
/// the position of its import.
async fn artist(app: &TestApp, source_id: &str, name: &str) -> (String, String) {
    let commands = command_api::Commands::new(app.db.pool.clone());
    let (_, text) = ARTIST.text_field;
    let record = domain::ImportedArtist {
        id: domain::ArtistId::for_import("vancouver", source_id),
        name: PersonName::parse(name).unwrap(),
        biography: Some(LongText::parse(text).unwrap()),
        country: Some("Canada".into()),
        website: Some("https://old.example".into()),
        provenance: domain::Provenance {
            dataset: "vancouver".into(),
            dataset_name: crate::harness::vancouver().name.to_string(),
            licence: "OGL-Vancouver".into(),
            attribution: "Contains information licensed under the Open Government Licence".into(),
            source_id: source_id.into(),
            source_url: None,
            place: None,
        },
    };
    let id = record.id.to_string();
    let pos = commands
        .execute::<domain::Artist>(
            &id,
            domain::ArtistCommand::ImportArtist(Box::new(record)),
            &domain::EventMetadata::system(domain::EventSource::Import, uuid::Uuid::now_v7()),
        )
        .await
        .unwrap()
        .unwrap();
    (id, pos.to_string())
}

/// One field's change as a client sends it.
pub(crate) fn change(field: &str, old: Value, new: Value) -> Value {
    json!({"field_name": field, "field_value_old": old, "field_value_new": new})
}

/// A check's problems as (field, message).
fn problems(check: &Value) -> Vec<(String, String)> {
    string_pairs(&check["data"]["errors"], "field", "message")
}

/// The field names of a list of changes as the server gave them.
fn field_names(edits: &Value) -> Vec<String> {
    strings(edits, "field_name")
}

/// Each change a history entry records, as (field, before, after).
fn changes(entry: &Value) -> Vec<(&str, &Value, &Value)> {
    let all = entry["changes"].as_array().unwrap();
    all.iter()
        .map(|c| (c["field"].as_str().unwrap(), &c["before"], &c["after"]))
        .collect()
}

/// Proposes `edits` (a list of changes) of subject `id` as `token`; answers the edit's id and
/// position.
pub(crate) async fn propose(
    app: &TestApp,
    subject: Subject,
    token: &str,
    id: &str,
    edits: Value,
) -> (String, String) {
    let (status, pos, body) = app
        .post_as(token, &subject.edit(id), json!({ "edits": edits }))
        .await;
    assert_eq!(status, 201, "{body}");
    (body["data"]["id"].as_str().unwrap().to_owned(), pos)
}

/// Posts a moderator's decision `body` to `path` as `modr` and checks it was taken: the position
/// and the answer.
async fn decided(app: &TestApp, modr: &str, path: &str, body: Value) -> (String, Value) {
    let (status, pos, answer) = app.post_as(modr, path, body).await;
    assert_eq!(status, 200, "{answer}");
    (pos, answer)
}

/// Rejects `edit` of `subject` as `modr` with `reason`, checked on its review: the position.
async fn reject(app: &TestApp, subject: Subject, modr: &str, edit: &str, reason: &str) -> String {
    let body = json!({ "reason": reason });
    let (pos, _) = decided(app, modr, &subject.reject(edit), body).await;
    let (_, review) = app.get_as(modr, &subject.review(edit), Some(&pos)).await;
    assert_eq!(
        (&review["data"]["status"], &review["data"]["reason"]),
        (&json!("rejected"), &json!(reason))
    );
    pos
}

/// Approves `edit` of `subject` as `modr` with `body` (what to apply: `true` or field names,
/// every field when not given) and checks it was: the position and the answer.
pub(crate) async fn approve_with(
    app: &TestApp,
    subject: Subject,
    modr: &str,
    edit: &str,
    body: Value,
) -> (String, Value) {
    decided(app, modr, &subject.approve(edit), body).await
}

/// [`approve_with`] applying `fields` only.
async fn approve_applying(
    app: &TestApp,
    subject: Subject,
    modr: &str,
    edit: &str,
    fields: &[&str],
) -> (String, Value) {
    approve_with(app, subject, modr, edit, subject.applying(fields)).await
}

/// Renames subject `id` `from` → `to` as `token`; answers the edit's id and position.
pub(crate) async fn rename(
    app: &TestApp,
    subject: Subject,
    token: &str,
    id: &str,
    from: &str,
    to: &str,
) -> (String, String) {
    let edits = json!([change(subject.name_field, json!(from), json!(to))]);
    propose(app, subject, token, id, edits).await
}

/// The subject's history entries, newest first.
async fn history(app: &TestApp, subject: Subject, id: &str, token: &str) -> Value {
    let path = format!("{}/history", subject.detail(id));
    let (status, body) = app.get_as(token, &path, None).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["entries"].clone()
}

/// A test of each subject for each scenario: `<scenario>::artwork` and `<scenario>::artist`.
macro_rules! for_each_subject {
    ($($scenario:ident),* $(,)?) => {$(
        mod $scenario {
            #[tokio::test]
            async fn artwork() {
                super::$scenario(crate::edits::ARTWORK).await;
            }

            #[tokio::test]
            async fn artist() {
                super::$scenario(crate::edits::ARTIST).await;
            }
        }
    )*};
}
pub(crate) use for_each_subject;
