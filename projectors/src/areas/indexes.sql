-- Read model `areas`: its indexes, created after a replay has loaded the rows.
CREATE INDEX IF NOT EXISTS area_rings_area ON area_rings (area_key);
CREATE INDEX IF NOT EXISTS areas_box ON areas (south, north);
