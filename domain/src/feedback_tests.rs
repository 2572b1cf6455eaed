//! `feedback`'s given/when/then tests.

use super::*;
use cqrs_es::test::TestFramework;

type Harness = TestFramework<Feedback>;

const ARTWORK: Uuid = Uuid::from_u128(7);

fn sender() -> ActorId {
    ActorId(Uuid::from_u128(1))
}

fn moderator() -> AccountId {
    AccountId(Uuid::from_u128(2))
}

fn sent(subject: Subject, issue_type: IssueType) -> FeedbackEvent {
    FeedbackEvent::FeedbackSent {
        subject,
        issue_type,
        note: Note::parse(MISSING_NOTE).unwrap(),
        sender: sender(),
    }
}

fn missing() -> FeedbackEvent {
    sent(Subject::Artwork(ARTWORK), IssueType::Missing)
}

fn resolve(remove_artwork: bool) -> FeedbackCommand {
    FeedbackCommand::Resolve {
        moderator: moderator(),
        note: Note::decision("Gone since the works").unwrap(),
        remove_artwork,
    }
}

#[tokio::test]
async fn feedback_is_sent_once() {
    let send = FeedbackCommand::Send {
        subject: Subject::Artwork(ARTWORK),
        issue_type: IssueType::Missing,
        note: Note::parse(&format!("  {MISSING_NOTE}\n")).unwrap(),
        sender: sender(),
    };
    Harness::with(())
        .given_no_previous_events()
        .when_async(send.clone())
        .await
        .then_expect_events(vec![missing()]);
    Harness::with(())
        .given(vec![missing()])
        .when_async(send)
        .await
        .then_expect_error(FeedbackError::AlreadySent);
}

#[test]
fn notes_are_trimmed_and_bounded() {
    assert_eq!(Note::parse("  hi  ").unwrap().as_str(), "hi");
    assert!(Note::parse(" \n ").is_err());
    assert!(Note::parse(&"é".repeat(MAX_NOTE_CHARS)).is_ok());
    let too_long = Note::parse(&"é".repeat(MAX_NOTE_CHARS + 1)).unwrap_err();
    assert_eq!(too_long.to_string(), "Note must be at most 1000 characters");
}

#[test]
fn subjects_and_issue_types_are_parsed_strictly() {
    assert_eq!(
        Subject::parse("artwork", Some(ARTWORK)).unwrap(),
        Subject::Artwork(ARTWORK)
    );
    assert_eq!(Subject::parse("general", None).unwrap(), Subject::General);
    assert!(Subject::parse("artwork", None).is_err());
    assert!(Subject::parse("general", Some(ARTWORK)).is_err());
    assert!(Subject::parse("user", Some(ARTWORK)).is_err());
    assert_eq!(IssueType::read("missing").unwrap(), IssueType::Missing);
    assert!(IssueType::read("spam").is_err());
}

#[test]
fn the_sent_event_names_its_subject_flat() {
    let v = serde_json::to_value(missing()).unwrap();
    assert_eq!(v["FeedbackSent"]["subject_type"], "artwork");
    assert_eq!(v["FeedbackSent"]["subject_id"], ARTWORK.to_string());
    let back: FeedbackEvent = serde_json::from_value(v).unwrap();
    assert_eq!(back, missing());
}

#[tokio::test]
async fn open_feedback_is_archived_or_resolved_once() {
    let archive = FeedbackCommand::Archive {
        moderator: moderator(),
        note: None,
    };
    let archived = FeedbackEvent::FeedbackArchived {
        moderator: moderator(),
        note: None,
    };
    Harness::with(())
        .given(vec![missing()])
        .when_async(archive.clone())
        .await
        .then_expect_events(vec![archived.clone()]);
    Harness::with(())
        .given(vec![missing()])
        .when_async(resolve(false))
        .await
        .then_expect_events(vec![FeedbackEvent::FeedbackResolved {
            moderator: moderator(),
            note: Note::decision("Gone since the works").unwrap(),
            removed_artwork: None,
        }]);
    Harness::with(())
        .given(vec![missing(), archived])
        .when_async(resolve(false))
        .await
        .then_expect_error(FeedbackError::AlreadyDecided("archived"));
    Harness::with(())
        .given_no_previous_events()
        .when_async(archive)
        .await
        .then_expect_error(FeedbackError::NotFound);
}

#[tokio::test]
async fn only_a_missing_artwork_report_removes_the_artwork() {
    Harness::with(())
        .given(vec![missing()])
        .when_async(resolve(true))
        .await
        .then_expect_events(vec![FeedbackEvent::FeedbackResolved {
            moderator: moderator(),
            note: Note::decision("Gone since the works").unwrap(),
            removed_artwork: Some(ARTWORK),
        }]);
    for other in [
        sent(Subject::Artwork(ARTWORK), IssueType::Comment),
        sent(Subject::Artist(ARTWORK), IssueType::Missing),
        sent(Subject::General, IssueType::Missing),
    ] {
        Harness::with(())
            .given(vec![other])
            .when_async(resolve(true))
            .await
            .then_expect_error(FeedbackError::NotAMissingArtwork);
    }
}
