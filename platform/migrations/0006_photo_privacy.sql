-- A photo's personal EXIF fields (GPS position, time, camera make and model) live here, beside
-- the photo's processing state, and not in the Submission events: the author may have them
-- erased (issue 15), which an append-only event store could not do. Events keep the key and the
-- non-personal fields (orientation, size).

ALTER TABLE media.photos
    ADD COLUMN exif jsonb,
    ADD COLUMN exif_erased_at timestamptz;
