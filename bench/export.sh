#!/usr/bin/env bash
# Open-data export at scale (issue 31): seed N synthetic artworks, build the artworks and artists
# read models by replay, then time `plinth export` (the nightly dump: GeoJSON, CSV, OSM XML) with
# its peak memory, check the files parse with every artwork once, and download each format from
# `plinth serve` while sampling the server's resident memory.
# Usage: bench/export.sh N   (a fresh database plinth_export_N; needs the release build and wrk's
# machine notes in bench/run.sh).
set -euo pipefail
n="${1:?number of artworks}"
. "$(dirname "$0")/fresh.sh"
fresh "plinth_export_$n" 54334 8098
"$bin" migrate >/dev/null
echo "## export of $n artworks"
/usr/bin/time -f "seed: %e s, max RSS %M KB" "$bin" seed-synthetic --artworks "$n" 2>&1 | tail -1
for model in artworks artists; do
  /usr/bin/time -f "replay $model: %e s, max RSS %M KB" "$bin" replay "$model" 2>&1 | tail -1
done
out="$work/export"
mkdir -p "$out"
/usr/bin/time -f "plinth export (3 files): %e s, %U s user, %S s system, max RSS %M KB" "$bin" export --dir "$out" 2>&1 | tail -1
ls -l "$out" | awk 'NR > 1 { printf "  %s: %.1f MB\n", $9, $5 / 1e6 }'
python3 - "$out" "$n" <<'PY'
import csv, json, os, sys
import xml.etree.ElementTree as ET
d, n = sys.argv[1], int(sys.argv[2])
with open(os.path.join(d, 'artworks.geojson')) as f:
    ids = [feature['id'] for feature in json.load(f)['features']]
with open(os.path.join(d, 'artworks.csv'), newline='') as f:
    rows = sum(1 for _ in csv.reader(f)) - 1
nodes = sum(1 for _, e in ET.iterparse(os.path.join(d, 'artworks.osm')) if e.tag == 'node')
print(f'  parsed: {len(ids)} features ({len(set(ids))} distinct), {rows} CSV rows, {nodes} OSM nodes; {n} approved')
PY
"$bin" serve > "$work/serve.log" 2>&1 &
pid=$!
until curl -fs "$url/healthz" >/dev/null; do sleep 0.5; done
before=$(ps -o rss= -p "$pid")
( while kill -0 "$pid" 2>/dev/null; do ps -o rss= -p "$pid"; sleep 0.2; done ) > "$work/rss.txt" &
sampler=$!
for format in geojson csv osm; do
  curl -s -o /dev/null -w "GET /api/export/artworks.$format: %{http_code}, %{size_download} bytes in %{time_total} s (first byte after %{time_starttransfer} s)\n" \
    "$url/api/export/artworks.$format"
done
kill "$sampler" 2>/dev/null || true
echo "plinth serve resident: $before KB before the downloads, at most $(sort -n "$work/rss.txt" | tail -1) KB during them"
