#!/usr/bin/env bash
# The badge and notification process managers' lag under a steady load of events.
# Usage: bench/awards.sh [RATE] [SECONDS]   (RATE sign-ups a second, each two events: the
# account's sign-up and its e-mail verification; default 250/s = 500 events/s for 30 s).
# A fresh database plinth_bench_awards on $BENCH_PG (default postgres://postgres@127.0.0.1:5432)
# and a private nats-server; `plinth serve` runs the process managers and projectors, and
# `plinth bench-awards` writes the load from a second process and times, per sign-up, the event
# → BadgeAwarded event (the store's clock) and the command → notification readable.
# Needs a release build: CARGO_TARGET_DIR=$HOME/.cache/plinth/target-release cargo build --release -p plinth.
set -euo pipefail
rate="${1:-250}"
seconds="${2:-30}"
pg="${BENCH_PG:-postgres://postgres@127.0.0.1:5432}"
bin="${PLINTH_BIN:-${CARGO_TARGET_DIR:-$HOME/.cache/plinth/target-release}/release/plinth}"
db="plinth_bench_awards"
export DATABASE_URL="$pg/$db" PLINTH_ADDR=127.0.0.1:8098 PLINTH_LOG=warn
export PLINTH_DATA_DIR="$(mktemp -d /tmp/plinth-bench-data.XXXXXX)"
psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
nats_dir=$(mktemp -d /tmp/plinth-bench-nats.XXXXXX)
nats-server -js -a 127.0.0.1 -p 54334 -sd "$nats_dir" > "$nats_dir/log" 2>&1 &
nats_pid=$!
export NATS_URL=nats://127.0.0.1:54334
"$bin" migrate >/dev/null
"$bin" serve > /tmp/plinth-bench-awards.log 2>&1 &
pid=$!
trap 'kill $pid $nats_pid 2>/dev/null || true; wait $pid $nats_pid 2>/dev/null || true; rm -rf "$nats_dir" "$PLINTH_DATA_DIR"' EXIT
deadline=$((SECONDS + 120))
until curl -fs "http://$PLINTH_ADDR/api/status" >/dev/null; do
  [ "$SECONDS" -lt "$deadline" ] || { echo "serve did not start"; tail /tmp/plinth-bench-awards.log; exit 1; }
  sleep 0.5
done
echo "## badge + notification lag: $rate sign-ups/s for $seconds s"
/usr/bin/time -f "bench process: %e s, max RSS %M KB" "$bin" bench-awards --rate "$rate" --seconds "$seconds"
echo "serve RSS after: $(ps -o rss= -p $pid) KB"
