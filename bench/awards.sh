#!/usr/bin/env bash
# The badge and notification process managers' lag under a steady load of events.
# Usage: bench/awards.sh [RATE] [SECONDS]   (RATE sign-ups a second, each two events: the
# account's sign-up and its e-mail verification; default 250/s = 500 events/s for 30 s).
# A fresh database plinth_bench_awards and a private nats-server (bench/fresh.sh); `plinth serve`
# runs the process managers and projectors, and `plinth bench-awards` writes the load from a second process and times, per sign-up, the event
# → BadgeAwarded event (the store's clock) and the command → notification readable.
# Needs a release build: CARGO_TARGET_DIR=$HOME/.cache/plinth/target-release cargo build --release -p plinth.
set -euo pipefail
rate="${1:-250}"
seconds="${2:-30}"
. "$(dirname "$0")/fresh.sh"
fresh plinth_bench_awards 54334 8098
"$bin" migrate >/dev/null
"$bin" serve > "$work/serve.log" 2>&1 &
pid=$!
deadline=$((SECONDS + 120))
until curl -fs "http://$PLINTH_ADDR/api/status" >/dev/null; do
  [ "$SECONDS" -lt "$deadline" ] || { echo "serve did not start"; tail "$work/serve.log"; exit 1; }
  sleep 0.5
done
echo "## badge + notification lag: $rate sign-ups/s for $seconds s"
/usr/bin/time -f "bench process: %e s, max RSS %M KB" "$bin" bench-awards --rate "$rate" --seconds "$seconds"
echo "serve RSS after: $(ps -o rss= -p $pid) KB"
