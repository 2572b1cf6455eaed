-- A projector stopped on a poison event (one whose projection fails the same way every time)
-- says so here, naming the event, so every process reports it; an admin asks for a restart by
-- setting restart_requested_at after stopped_at (issue 15). A process restart also runs it again.
ALTER TABLE rm.projector_checkpoints
    ADD COLUMN stopped_at           timestamptz,
    ADD COLUMN stopped_event        text,
    ADD COLUMN restart_requested_at timestamptz;
