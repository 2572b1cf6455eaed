-- Own lists by owner, from the event store: creating a list counts the owner's lists under a
-- lock (at most 100 each, issue 27), and must not scan every event to do it.
CREATE INDEX events_list_owner ON es.events ((payload -> 'ListCreated' ->> 'owner'))
    WHERE aggregate_type = 'list' AND event_type = 'ListCreated';
