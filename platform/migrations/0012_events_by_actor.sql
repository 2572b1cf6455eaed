-- Events by who caused them: the audit log's actor filter, and what an anonymous identity made
-- on its device (the sign-in page asks before claiming any of it).
CREATE INDEX events_actor ON es.events ((metadata ->> 'actor_id'));
