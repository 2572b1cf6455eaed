//! What every aggregate here declares the same way, written once: `event_types!` names an event
//! enum's events for the event store, and `aggregate!` makes a type with a pure `decide` and an
//! `evolve` a cqrs-es `Aggregate`.

/// Implements `cqrs_es::DomainEvent` for an event enum whose event types are its variants' own
/// names, every one at version 1: `event_types!(ListEvent: ListCreated, ListRenamed, …)`. The
/// names are stored with each event, so a variant is renamed only with a new version.
macro_rules! event_types {
    ($event:ident: $($variant:ident),+ $(,)?) => {
        impl cqrs_es::DomainEvent for $event {
            fn event_type(&self) -> String {
                match self {
                    $($event::$variant { .. } => stringify!($variant)),+
                }
                .to_owned()
            }

            fn event_version(&self) -> String {
                "1".to_owned()
            }
        }
    };
}

/// Implements `cqrs_es::Aggregate` (no services) for a type with two inherent methods:
/// `decide(&self, command) -> Result<events, error>`, the events a command records (anything
/// iterable: none when it was done already) or why it is refused, decided from the state alone;
/// and `evolve(&mut self, event)`, what one event changes. Each event is applied as it is
/// written, as cqrs-es does. `aggregate!(List, "list", ListCommand => ListEvent, ListError)`.
macro_rules! aggregate {
    ($aggregate:ty, $type:literal, $command:ty => $event:ty, $error:ty) => {
        impl cqrs_es::Aggregate for $aggregate {
            const TYPE: &'static str = $type;
            type Command = $command;
            type Event = $event;
            type Error = $error;
            type Services = ();

            async fn handle(
                &mut self,
                command: $command,
                _services: &(),
                sink: &cqrs_es::event_sink::EventSink<Self>,
            ) -> Result<(), $error> {
                for event in IntoIterator::into_iter(self.decide(command)?) {
                    sink.write(event, self).await;
                }
                Ok(())
            }

            fn apply(&mut self, event: $event) {
                self.evolve(event);
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use cqrs_es::DomainEvent;

    use crate::badge::BadgeEvent;
    use crate::list::ListEvent;

    #[test]
    fn an_event_type_is_its_variant_name_at_version_1() {
        let list = ListEvent::ListDeleted;
        assert_eq!(
            (list.event_type(), list.event_version()),
            ("ListDeleted".into(), "1".into())
        );
        let badge = BadgeEvent::BadgeReactivated;
        assert_eq!(badge.event_type(), "BadgeReactivated");
    }
}
