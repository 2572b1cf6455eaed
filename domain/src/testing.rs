//! Support for the aggregates' given/when/then tests: a case names what it shows, runs in the
//! cqrs-es harness, and says its name when it fails, so a table of cases reads like the tests.

use cqrs_es::test::TestFramework;
use cqrs_es::Aggregate;

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
