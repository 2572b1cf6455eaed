# Sourced by the benchmark scripts: `fresh DB NATS_PORT HTTP_PORT` makes a fresh database DB on
# $BENCH_PG (default postgres://postgres@127.0.0.1:5432) and starts a private nats-server on
# NATS_PORT, both in a work folder $work that goes on exit, with the server the script starts as
# $pid. Sets DATABASE_URL, NATS_URL, PLINTH_DATA_DIR, PLINTH_LOG and PLINTH_ADDR (the server on
# HTTP_PORT, at $url); $bin is the release `plinth` (PLINTH_BIN overrides it).
pg="${BENCH_PG:-postgres://postgres@127.0.0.1:5432}"
target="${CARGO_TARGET_DIR:-$HOME/.cache/plinth/target-release}/release"
bin="${PLINTH_BIN:-$target/plinth}"
pid=

fresh() {
  local db=$1 nats_port=$2
  export PLINTH_ADDR="127.0.0.1:$3"
  url="http://$PLINTH_ADDR"
  work=$(mktemp -d "/tmp/plinth-bench-$db.XXXXXX")
  export DATABASE_URL="$pg/$db" PLINTH_LOG=warn PLINTH_DATA_DIR="$work/data"
  export NATS_URL="nats://127.0.0.1:$nats_port"
  psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
  nats-server -js -a 127.0.0.1 -p "$nats_port" -sd "$work/nats" > "$work/nats.log" 2>&1 &
  nats_pid=$!
  trap 'kill $pid $nats_pid 2>/dev/null || true; wait $pid $nats_pid 2>/dev/null || true; rm -rf "$work"' EXIT
  local deadline=$((SECONDS + 30))
  until grep -q "Server is ready" "$work/nats.log" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || { echo "nats-server did not start" >&2; cat "$work/nats.log" >&2; exit 1; }
    sleep 0.1
  done
}
