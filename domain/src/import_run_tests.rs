//! `import_run`'s given/when/then tests.

use super::*;
use cqrs_es::test::TestFramework;

type Harness = TestFramework<ImportRun>;

fn record() -> ImportRunRecord {
    ImportRunRecord {
        file: "art-public-montreal.csv".into(),
        dataset: "art-public-montreal".into(),
        dataset_name: "Art public de Montréal".into(),
        licence: "CC BY 4.0".into(),
        attribution: "Ville de Montréal".into(),
        source_url: "https://donnees.montreal.ca/".into(),
        records_read: 4,
        artworks_new: 3,
        rejected: 1,
        ..Default::default()
    }
}

fn recorded() -> ImportRunEvent {
    ImportRunEvent::ImportRunRecorded(Box::new(record()))
}

#[tokio::test]
async fn a_run_is_recorded_once() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(ImportRunCommand::Record(Box::new(record())))
        .await
        .then_expect_events(vec![recorded()]);
    Harness::with(())
        .given(vec![recorded()])
        .when_async(ImportRunCommand::Record(Box::new(record())))
        .await
        .then_expect_error(ImportRunError::AlreadyRecorded);
}

#[tokio::test]
async fn a_run_without_a_file_or_dataset_is_refused() {
    for unnamed in [
        ImportRunRecord {
            file: " ".into(),
            ..record()
        },
        ImportRunRecord {
            dataset: String::new(),
            ..record()
        },
    ] {
        Harness::with(())
            .given_no_previous_events()
            .when_async(ImportRunCommand::Record(Box::new(unnamed)))
            .await
            .then_expect_error(ImportRunError::Unnamed);
    }
}
