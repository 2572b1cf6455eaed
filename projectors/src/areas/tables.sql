-- Read model `areas`: the boundary file in force (none: the map's areas are grid cells), its
-- areas and their rings. Created idempotently in the schema first on the search path (`rm` live,
-- a fresh schema during a replay). Indexes are in indexes.sql.
CREATE TABLE IF NOT EXISTS area_files (
    -- At most one row: the file in force.
    only_one    boolean PRIMARY KEY DEFAULT true CHECK (only_one),
    name        text NOT NULL,
    attribution text NOT NULL,
    loaded_at   timestamptz NOT NULL,
    -- The admin; null from the command line.
    loaded_by   uuid
);
CREATE TABLE IF NOT EXISTS areas (
    key       text PRIMARY KEY,
    name      text NOT NULL,
    north     double precision NOT NULL,
    south     double precision NOT NULL,
    east      double precision NOT NULL,
    west      double precision NOT NULL,
    -- The shapes as GeoJSON (a MultiPolygon's coordinates), for drawing.
    shapes    jsonb NOT NULL
);
-- Each polygon's outline and each hole, as PostgreSQL polygons of (lon, lat) points like the
-- artworks' `location`: an artwork is in an area when it is in one of its outlines and in none
-- of its holes.
CREATE TABLE IF NOT EXISTS area_rings (
    area_key  text NOT NULL,
    ring      polygon NOT NULL,
    hole      boolean NOT NULL
);
