-- Which submission a photo belongs to, set just before that submission is recorded. An upload
-- that no recorded submission owns half an hour on (its request failed or was cut off, or its
-- process died in between) is collected with its files (issue 15).
ALTER TABLE media.photos ADD COLUMN submission_id uuid;

-- Photos already in a recorded submission: their owner, from the events that name them.
UPDATE media.photos p
   SET submission_id = owner.aggregate_id::uuid
  FROM (SELECT DISTINCT ON (k.key) k.key, e.aggregate_id
          FROM es.events e,
               LATERAL jsonb_path_query(e.payload, 'lax $.**.photos[*].key') AS j(key_json),
               LATERAL (SELECT (j.key_json #>> '{}')::uuid AS key) k
         WHERE e.aggregate_type = 'submission'
         ORDER BY k.key, e.global_position) owner
 WHERE owner.key = p.key;

CREATE INDEX photos_unowned ON media.photos (created_at) WHERE status <> 'deleted';
