//! `feedback`'s given/when/then tests, a table of named cases per command.

use super::*;
use crate::testing::check_all;

type Case = crate::testing::Case<Feedback>;

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

fn resolved(removed_artwork: Option<Uuid>) -> FeedbackEvent {
    FeedbackEvent::FeedbackResolved {
        moderator: moderator(),
        note: Note::decision("Gone since the works").unwrap(),
        removed_artwork,
    }
}

#[tokio::test]
async fn sending_and_deciding_feedback() {
    let send = FeedbackCommand::Send {
        subject: Subject::Artwork(ARTWORK),
        issue_type: IssueType::Missing,
        note: Note::parse(&format!("  {MISSING_NOTE}\n")).unwrap(),
        sender: sender(),
    };
    let archive = FeedbackCommand::Archive {
        moderator: moderator(),
        note: None,
    };
    let archived = FeedbackEvent::FeedbackArchived {
        moderator: moderator(),
        note: None,
    };
    check_all([
        Case {
            name: "feedback is sent",
            given: vec![],
            when: send.clone(),
            then: Ok(vec![missing()]),
        },
        Case {
            name: "feedback is sent once",
            given: vec![missing()],
            when: send,
            then: Err(FeedbackError::AlreadySent),
        },
        Case {
            name: "open feedback is archived",
            given: vec![missing()],
            when: archive.clone(),
            then: Ok(vec![archived.clone()]),
        },
        Case {
            name: "open feedback is resolved",
            given: vec![missing()],
            when: resolve(false),
            then: Ok(vec![resolved(None)]),
        },
        Case {
            name: "decided feedback is not decided again",
            given: vec![missing(), archived],
            when: resolve(false),
            then: Err(FeedbackError::AlreadyDecided("archived")),
        },
        Case {
            name: "feedback never sent is not decided",
            given: vec![],
            when: archive,
            then: Err(FeedbackError::NotFound),
        },
        Case {
            name: "a missing artwork report removes the artwork",
            given: vec![missing()],
            when: resolve(true),
            then: Ok(vec![resolved(Some(ARTWORK))]),
        },
        Case {
            name: "a comment does not remove the artwork",
            given: vec![sent(Subject::Artwork(ARTWORK), IssueType::Comment)],
            when: resolve(true),
            then: Err(FeedbackError::NotAMissingArtwork),
        },
        Case {
            name: "a report about an artist does not remove an artwork",
            given: vec![sent(Subject::Artist(ARTWORK), IssueType::Missing)],
            when: resolve(true),
            then: Err(FeedbackError::NotAMissingArtwork),
        },
        Case {
            name: "a general report does not remove an artwork",
            given: vec![sent(Subject::General, IssueType::Missing)],
            when: resolve(true),
            then: Err(FeedbackError::NotAMissingArtwork),
        },
    ])
    .await;
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
