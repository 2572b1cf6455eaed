#!/usr/bin/env bash
# Benchmarks on synthetic data: seed, project, replay, then load the read API with wrk, beside
# the HTTP floor of the same server (a bare route and a constant answer under /api).
# Usage: bench/run.sh N   (N synthetic artworks; uses a fresh database plinth_bench_N and a
# private nats-server: bench/fresh.sh). Prints each step, then one table of every figure; the
# table also goes to bench/results/<commit>-N.md, and bench/compare.py sets it beside the
# previous result for N.
# Needs a release build: CARGO_TARGET_DIR=... cargo build --release --workspace; wrk installed.
set -euo pipefail
n="${1:?number of artworks}"
db="plinth_bench_$n"
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/fresh.sh"
fresh "$db" 54333 8099
figures="$work/figures.tsv"
: > "$figures"
# figure NAME VALUE: one row of the final table.
figure() { printf '%s\t%s\n' "$1" "$2" >> "$figures"; }
# load NAME SCRIPT-OR-PATH CONNECTIONS SECONDS: wrk against the server; records req/s, p50, p99.
load() {
  local name=$1 what=$2 conns=$3 secs=$4 out args=()
  if [[ $what == /* ]]; then args=("$url$what"); else args=(-s "$here/$what" "$url"); fi
  local perf_pid=
  if [ -n "${PROFILE:-}" ]; then
    # PROFILE=1: a CPU profile of the server under this load, saved beside the figures.
    perf record -q -e cpu-clock -F 499 -g -p "$pid" -o "$work/perf.data" -- sleep "$secs" 2>/dev/null &
    perf_pid=$!
  fi
  out=$(wrk -t"$(( conns < 2 ? 1 : 2 ))" -c"$conns" -d"${secs}s" --latency "${args[@]}")
  if [ -n "$perf_pid" ]; then
    wait "$perf_pid" || true
    mkdir -p "$here/results/profiles"
    perf report -q -i "$work/perf.data" --no-children --sort dso,symbol --percent-limit 0.7 --stdio -g none 2>/dev/null \
      | sed -E 's/ +- +- *$//; s/ {2,}/  /g' > "$here/results/profiles/${BENCH_LABEL:-run}-$n-$(tr -c 'a-z0-9' '-' <<<"${name%%,*}" | tr -s '-' | sed 's/-$//').txt" || true
  fi
  local rps p50 p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  echo "### $name: $rps req/s, p50 $p50, p99 $p99"
  figure "$name" "$rps req/s, p50 $p50, p99 $p99"
  printf '%s\t%s\n' "$name" "$rps" >> "$work/rates.tsv"
}
: > "$work/rates.tsv"

"$bin" migrate >/dev/null
echo "## $n artworks"
seed_started=$(date -u +%s.%N)
/usr/bin/time -f "seed: %e s, max RSS %M KB" "$bin" seed-synthetic --artworks "$n" 2>&1 | tail -2
events=$(psql "$pg/$db" -tAc "select count(*) from es.events")
seeded_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)
# Halfway through the seeding: about half the artworks were on the map then.
half_seeded_at=$(python3 -c "import datetime as d; print(d.datetime.fromtimestamp(($seed_started + $(date -u +%s.%N)) / 2, d.timezone.utc).strftime('%Y-%m-%dT%H:%M:%S.%fZ'))")
# The live run's log is kept apart from the loaded run's: the lag's outliers are looked for in it.
"$bin" serve > "/tmp/plinth-bench-$n-live.log" 2>&1 &
pid=$!
start=$(date +%s.%N)
# Done when every projector has applied the seeded events and the relay has published them all:
# projectors that fall behind the stream read the store themselves and can finish first, and a
# new event waits behind whatever the relay has left (that was the first lag probe's outlier).
caught_up() {
  psql "$pg/$db" -tAc "select (select coalesce(min(applied),0) from rm.projector_checkpoints) >= $events
                          and (select coalesce(max(published),0) from es.relay_checkpoints) >= $events" 2>/dev/null
}
until [ "$(caught_up)" = t ]; do sleep 0.2; done
end=$(date +%s.%N)
live=$(python3 -c "d=$end-$start; print(f'$events events in {d:.1f} s, {$events/d:,.0f} events/s')")
echo "relay + projectors: $live"
figure "relay + every projector, live, from empty" "$live"
# A probe that is not projected within 30 s is said so and the run goes on.
lag=$( ("$bin" bench-lag --samples 200 2>&1 || true) | grep -E "p99|p50|not projected" | sed 's/^.*samples: //')
echo "$lag"
figure "event → read model lag, idle (200 commands)" "$lag"
kill $pid; wait $pid 2>/dev/null || true
start=$(date +%s.%N)
"$bin" replay | sed 's/^/replay /'
end=$(date +%s.%N)
replayed=$(python3 -c "d=$end-$start; print(f'{d:.1f} s for every read model, {$events/d:,.0f} events/s')")
figure "replay of every read model" "$replayed"
docs=$(psql "$pg/$db" -tAc "select count(*) from rm.search_docs")
# The replay wrote the search index from the replayed documents: this start finds it current.
start=$(date +%s.%N)
"$bin" serve > "/tmp/plinth-bench-$n.log" 2>&1 &
pid=$!
until curl -fs "$url/api/status" >/dev/null; do sleep 0.5; done
# The public status says `ok` for search once its first sync (here the whole rebuild) is done;
# the document count is admin-only since the hardening, so it is not waited on. A deadline keeps
# a search that never loads from hanging the run.
deadline=$((SECONDS + 900))
until [ "$(curl -fs "$url/api/status" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["components"]["search"]["status"])')" = ok ] 2>/dev/null; do
  [ "$SECONDS" -lt "$deadline" ] || { echo "search did not load in 900 s" >&2; exit 1; }
  sleep 0.5
done
end=$(date +%s.%N)
built=$(python3 -c "d=$end-$start; print(f'{d:.1f} s, $docs documents, index {sum(f.stat().st_size for f in __import__(\"pathlib\").Path(\"$PLINTH_DATA_DIR/search\").iterdir() if f.is_file())/1e6:.0f} MB')")
echo "search ready at start (the index the replay wrote): $built"
figure "search ready at start (the index the replay wrote)" "$built"

# The floor: what any request costs before its handler does anything.
load "floor: GET /healthz (no /api layers)" /healthz 16 10
load "floor: GET /api/config (a constant under /api)" /api/config 16 10
load "search, 16 connections" search.lua 16 20
load "suggestions, 16 connections" suggest.lua 16 20
# One connection: the latency of one request on an otherwise idle server (no queueing).
load "search, one connection" search.lua 1 10
load "suggestions, one connection" suggest.lua 1 10
MINIMAL=true load "nearby minimal (r 500 m, limit 250), 16 connections" nearby.lua 16 20
MINIMAL=false load "nearby full, 16 connections" nearby.lua 16 20
# The map as it was (issue 33): the same minimal markers at a past moment, from the geo model
# (today's items there by then, and the stretches that have ended), here the end of the seeding:
# every artwork's first stretch.
AS_OF="$seeded_at" MINIMAL=true load "nearby minimal as of a date (the map as it was), 16 connections" nearby.lua 16 20
AS_OF="$half_seeded_at" MINIMAL=true load "nearby minimal as of halfway through the seeding, 16 connections" nearby.lua 16 20
READ=tasks load "Help nearby tasks (r 1000 m, limit 50), 16 connections" nearby.lua 16 20
READ=areas load "areas in a 3 km view (grid cells), 16 connections" nearby.lua 16 20
load "artworks list page, 16 connections" artworks.lua 16 20
kb() { awk -v f="$1:" '$1 == f { print int($2 / 1024) }' "/proc/$pid/status"; }
figure "plinth serve resident memory after the runs" "$(kb VmRSS) MB: $(kb RssAnon) MB its own, $(kb RssFile) MB mapped files"

commit=${BENCH_LABEL:-}
[ -n "$commit" ] || commit=$(git -C "$here" rev-parse --short HEAD)$(git -C "$here/.." diff --quiet HEAD -- . ':!docs' ':!bench/results' || echo "+changes")
mkdir -p "$here/results"
result="$here/results/$commit-$n.md"
{
  echo "| figure at $n artworks ($commit, $(date -u +%F)) | value | share of the /api floor |"
  echo "|---|---|---|"
  floor=$(awk -F'\t' '$1 ~ /api\/config/ {print $2}' "$work/rates.tsv")
  while IFS=$'\t' read -r name value; do
    rate=$(awk -F'\t' -v n="$name" '$1 == n {print $2}' "$work/rates.tsv")
    share=""
    if [ -n "$rate" ] && [ -n "$floor" ]; then
      share=$(python3 -c "print(f'{$rate / $floor:.1%}')")
    fi
    echo "| $name | $value | $share |"
  done < "$figures"
} > "$result"
echo
cat "$result"
python3 "$here/compare.py" "$result" || true
