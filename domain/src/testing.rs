//! Support for the aggregates' given/when/then tests: a case names what it shows, runs in the
//! cqrs-es harness, and says its name when it fails, so a table of cases reads like the tests.

use cqrs_es::test::TestFramework;
use cqrs_es::Aggregate;

use crate::provenance::Provenance;

/// One given/when/then case: after the `given` events, handling `when` gives `then`.
pub(crate) struct Case<A: Aggregate> {
    /// What the case shows, as a sentence; a failure names it.
    pub name: &'static str,
    pub given: Vec<A::Event>,
    pub when: A::Command,
    /// The events recorded, or the typed error the command is refused with.
    pub then: Result<Vec<A::Event>, A::Error>,
}

impl<A> Case<A>
where
    A: Aggregate<Services = ()>,
    A::Error: PartialEq,
{
    /// Runs the case in the harness and asserts its outcome, naming the case if it differs.
    pub(crate) async fn check(self) {
        let outcome = TestFramework::<A>::with(())
            .given(self.given)
            .when_async(self.when)
            .await
            .inspect_result();
        assert_eq!(outcome, self.then, "case: {}", self.name);
    }
}

/// Checks each case in turn (see [`Case::check`]).
pub(crate) async fn check_all<A>(cases: impl IntoIterator<Item = Case<A>>)
where
    A: Aggregate<Services = ()>,
    A::Error: PartialEq,
{
    for case in cases {
        case.check().await;
    }
}

/// The aggregate as `events` leave it, for tests of what its state answers.
pub(crate) fn after<A: Aggregate>(events: impl IntoIterator<Item = A::Event>) -> A {
    let mut aggregate = A::default();
    for event in events {
        aggregate.apply(event);
    }
    aggregate
}

/// `value` changed by `change`: a fixture with one thing different.
pub(crate) fn changed<T>(mut value: T, change: impl FnOnce(&mut T)) -> T {
    change(&mut value);
    value
}

/// Where test records of the Vancouver public art registry come from: its record `source_id`.
pub(crate) fn vancouver(source_id: &str) -> Provenance {
    Provenance {
        dataset: "vancouver".into(),
        dataset_name: "Vancouver Public Art Registry".into(),
        licence: "Open Government Licence – Vancouver".into(),
        attribution: "Contains information licensed under the Open Government Licence – Vancouver"
            .into(),
        source_id: source_id.into(),
        source_url: None,
        place: None,
    }
}

/// What an aggregate an open dataset feeds (see [`crate::source::FromSource`]) does with the
/// records `R` of it, for the cases every such aggregate shows alike ([`Imports::cases`]).
pub(crate) struct Imports<A: Aggregate, R> {
    /// The command importing a record, and the event recording a new one.
    pub import: fn(&R) -> A::Command,
    pub imported: fn(&R) -> A::Event,
    /// A record's provenance, to make records of another source or with other links of it.
    pub provenance: fn(&mut R) -> &mut Provenance,
    /// The record imported first.
    pub record: R,
    /// A newer record of the same source, and the event of what it changes.
    pub newer: (R, A::Event),
    /// A community edit, a newer record of the source, and the event of what that changes
    /// (not what the community changed).
    pub kept: (A::Event, R, A::Event),
    /// How a record of another source under the same id is refused.
    pub mismatch: fn(&R) -> A::Error,
    /// How a record whose source url is not http is refused.
    pub bad_source_url: A::Error,
}

impl<A: Aggregate, R: Clone> Imports<A, R>
where
    A::Event: Clone,
    A::Error: Clone,
{
    /// A new record is recorded (with an https source url too), the same again changes
    /// nothing, a newer one of the same source changes what it changed (once) where the
    /// community has not changed it since, and one of another source or with a source url that
    /// is not http is refused.
    pub(crate) fn cases(self) -> Vec<Case<A>> {
        let Imports {
            import,
            imported,
            provenance,
            record,
            newer: (newer, update),
            kept: (edit, renewed, kept),
            mismatch,
            bad_source_url: bad_url,
        } = self;
        let vary =
            |change: &dyn Fn(&mut Provenance)| changed(record.clone(), |r| change(provenance(r)));
        let other = vary(&|p| p.source_id.push_str("-other"));
        let with_url = |url: &str| vary(&|p| p.source_url = Some(url.into()));
        let mut cases = Vec::new();
        for (name, new) in [
            ("import records what a new record describes", record.clone()),
            (
                "import accepts an https source url",
                with_url("https://opendata.vancouver.ca/explore/dataset/public-art/"),
            ),
        ] {
            cases.push(Case {
                name,
                given: vec![],
                when: import(&new),
                then: Ok(vec![imported(&new)]),
            });
        }
        for url in [
            "javascript:alert(document.cookie)",
            "data:text/html,<script>alert(1)</script>",
        ] {
            cases.push(Case {
                name: "import fails with a source url that is not http",
                given: vec![],
                when: import(&with_url(url)),
                then: Err(bad_url.clone()),
            });
        }
        cases.extend([
            Case {
                name: "import of an already imported record changes nothing",
                given: vec![imported(&record)],
                when: import(&record),
                then: Ok(vec![]),
            },
            Case {
                name: "a newer record of the same source changes what the source changed",
                given: vec![imported(&record)],
                when: import(&newer),
                then: Ok(vec![update.clone()]),
            },
            Case {
                name: "a newer record keeps what the community changed since",
                given: vec![imported(&record), edit],
                when: import(&renewed),
                then: Ok(vec![kept]),
            },
            Case {
                name: "the same newer record again changes nothing",
                given: vec![imported(&record), update],
                when: import(&newer),
                then: Ok(vec![]),
            },
            Case {
                name: "import fails when the id belongs to another source",
                given: vec![imported(&record)],
                when: import(&other),
                then: Err(mismatch(&other)),
            },
        ]);
        cases
    }
}
