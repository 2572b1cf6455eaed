#!/usr/bin/env bash
# Where the live path's time goes: seeds N synthetic artworks into a fresh database, starts
# `plinth serve` (relay, feed and every projector) and records the whole machine with `perf`
# while it catches up from empty, then writes the CPU share of each process (the server,
# PostgreSQL's backends, nats-server) and the hottest symbols of each to
# bench/results/profiles/<label>-N-live.txt.
# Usage: bench/profile-live.sh N   (needs a release build, perf, and nothing else running)
set -euo pipefail
n="${1:?number of artworks}"
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/fresh.sh"
fresh "plinth_profile_$n" 54334 8098
"$bin" migrate >/dev/null
"$bin" seed-synthetic --artworks "$n" > /dev/null
events=$(psql "$DATABASE_URL" -tAc "select count(*) from es.events")
applied() { psql "$DATABASE_URL" -tAc "select coalesce(min(applied),0) from rm.projector_checkpoints" 2>/dev/null || echo 0; }
perf record -q -a -g -F 299 -o "$work/perf.data" -- sleep 3600 2>/dev/null &
perf_pid=$!
"$bin" serve > "$work/serve.log" 2>&1 &
pid=$!
start=$(date +%s.%N)
until [ "$(applied)" -ge "$events" ]; do sleep 0.2; done
end=$(date +%s.%N)
kill -INT "$perf_pid"; wait "$perf_pid" 2>/dev/null || true
label="${BENCH_LABEL:-$(git -C "$here" rev-parse --short HEAD)}"
out="$here/results/profiles/$label-$n-live.txt"
mkdir -p "$(dirname "$out")"
{
  python3 -c "d=$end-$start; print(f'# live catch-up: $events events in {d:.1f} s, {$events/d:,.0f} events/s')"
  echo "# CPU by process"
  perf report -q -i "$work/perf.data" --no-children --sort comm --stdio -g none 2>/dev/null | sed -E 's/ {2,}/  /g' | head -15
  echo "# hottest symbols (process, library, symbol)"
  perf report -q -i "$work/perf.data" --no-children --sort comm,dso,symbol --percent-limit 0.6 --stdio -g none 2>/dev/null \
    | sed -E 's/ +- +- *$//; s/ {2,}/  /g' | head -80
} > "$out"
cat "$out"
