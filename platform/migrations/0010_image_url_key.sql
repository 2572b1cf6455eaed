-- The key that signs image URLs of photos not yet public (issue 15): the author's and
-- moderators' answers carry `/api/images/{size}/{key}?expires=…&sig=…`, an HMAC-SHA256 of size,
-- key and expiry under this key. One row, made by the first process that needs it, read by every
-- process (the write API signs its answers, the read API signs and checks). It is a server key,
-- not a user's secret: whoever can read this table can read the photos' table and storage too.
CREATE TABLE media.image_url_key (
    id         smallint    PRIMARY KEY CHECK (id = 1),
    secret     bytea       NOT NULL CHECK (length(secret) = 32),
    created_at timestamptz NOT NULL DEFAULT now()
);
