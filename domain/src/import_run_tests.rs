//! `import_run`'s given/when/then tests, a table of named cases.

use super::*;
use crate::testing::check_all;

type Case = crate::testing::Case<ImportRun>;

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

fn record_run(record: ImportRunRecord) -> ImportRunCommand {
    ImportRunCommand::Record(Box::new(record))
}

#[tokio::test]
async fn recording_a_run() {
    check_all([
        Case {
            name: "a run is recorded",
            given: vec![],
            when: record_run(record()),
            then: Ok(vec![recorded()]),
        },
        Case {
            name: "a run is recorded once",
            given: vec![recorded()],
            when: record_run(record()),
            then: Err(ImportRunError::AlreadyRecorded),
        },
        Case {
            name: "a run without a file is refused",
            given: vec![],
            when: record_run(ImportRunRecord {
                file: " ".into(),
                ..record()
            }),
            then: Err(ImportRunError::Unnamed),
        },
        Case {
            name: "a run without a dataset is refused",
            given: vec![],
            when: record_run(ImportRunRecord {
                dataset: String::new(),
                ..record()
            }),
            then: Err(ImportRunError::Unnamed),
        },
    ])
    .await;
}
