#!/usr/bin/env bash
# Benchmarks on synthetic data: seed, project, replay, then load the read API with wrk.
# Usage: bench/run.sh N   (N synthetic artworks; uses a fresh database plinth_bench_N and a
# private nats-server: bench/fresh.sh).
# Needs a release build: CARGO_TARGET_DIR=... cargo build --release --workspace; wrk installed.
set -euo pipefail
n="${1:?number of artworks}"
db="plinth_bench_$n"
. "$(dirname "$0")/fresh.sh"
fresh "$db" 54333
export PLINTH_ADDR=127.0.0.1:8099
"$bin" migrate >/dev/null
echo "## $n artworks"
/usr/bin/time -f "seed: %e s, max RSS %M KB" "$bin" seed-synthetic --artworks "$n" 2>&1 | tail -2
events=$(psql "$pg/$db" -tAc "select count(*) from es.events")
"$bin" serve > "/tmp/plinth-bench-$n.log" 2>&1 &
pid=$!
start=$(date +%s.%N)
until [ "$(psql "$pg/$db" -tAc "select coalesce(min(applied),0) from rm.projector_checkpoints")" -ge "$events" ] 2>/dev/null; do sleep 0.2; done
end=$(date +%s.%N)
python3 -c "d=$end-$start; print(f'relay + projectors: $events events in {d:.1f} s ({$events/d:.0f} events/s)')"
"$bin" bench-lag --samples 200
kill $pid; wait $pid 2>/dev/null || true
"$bin" replay | sed 's/^/replay /'
docs=$(psql "$pg/$db" -tAc "select count(*) from rm.search_docs")
# The replay started a new search generation: the index is rebuilt from scratch at this start.
rm -rf "$PLINTH_DATA_DIR/search"
start=$(date +%s.%N)
"$bin" serve > "/tmp/plinth-bench-$n.log" 2>&1 &
pid=$!
until curl -fs localhost:8099/api/status >/dev/null; do sleep 0.5; done
# The public status says `ok` for search once its first sync (here the whole rebuild) is done;
# the document count is admin-only since the hardening, so it is not waited on. A deadline keeps
# a search that never loads from hanging the run.
deadline=$((SECONDS + 900))
until [ "$(curl -fs localhost:8099/api/status | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["components"]["search"]["status"])')" = ok ] 2>/dev/null; do
  [ "$SECONDS" -lt "$deadline" ] || { echo "search did not load in 900 s" >&2; exit 1; }
  sleep 0.5
done
end=$(date +%s.%N)
python3 -c "d=$end-$start; print(f'search index build at start: $docs documents in {d:.1f} s ({$docs/d:.0f} documents/s), index {sum(f.stat().st_size for f in __import__(\"pathlib\").Path(\"$PLINTH_DATA_DIR/search\").iterdir() if f.is_file())/1e6:.0f} MB')"
echo "### search"; wrk -t2 -c16 -d20s --latency -s bench/search.lua http://127.0.0.1:8099 | grep -E "Requests/sec|50%|99%|Latency"
echo "### suggestions"; wrk -t2 -c16 -d20s --latency -s bench/suggest.lua http://127.0.0.1:8099 | grep -E "Requests/sec|50%|99%|Latency"
# One connection: the latency of one request on an otherwise idle server (no queueing).
echo "### search, one connection"; wrk -t1 -c1 -d10s --latency -s bench/search.lua http://127.0.0.1:8099 | grep -E "Requests/sec|50%|99%"
echo "### suggestions, one connection"; wrk -t1 -c1 -d10s --latency -s bench/suggest.lua http://127.0.0.1:8099 | grep -E "Requests/sec|50%|99%"
echo "### nearby minimal"; MINIMAL=true wrk -t2 -c16 -d20s --latency -s bench/nearby.lua http://127.0.0.1:8099 | grep -E "Requests/sec|50%|99%|Latency"
echo "### nearby full"; MINIMAL=false wrk -t2 -c16 -d20s --latency -s bench/nearby.lua http://127.0.0.1:8099 | grep -E "Requests/sec|50%|99%|Latency"
echo "### artworks list"; wrk -t2 -c16 -d20s --latency -s bench/artworks.lua http://127.0.0.1:8099 | grep -E "Requests/sec|50%|99%|Latency"
echo "### serve RSS: $(ps -o rss= -p $pid) KB"
