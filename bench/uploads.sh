#!/usr/bin/env bash
# Memory and time of `plinth serve` under concurrent photo uploads: C clients (default 10) each
# post one new-artwork proposal with P photos (default 10) of 12 MP (4000 × 3000 phone-like JPEGs
# with GPS EXIF) at the same moment. Reports the server's resident memory when idle, its peak
# (VmHWM) once every upload is stored, and its peak once every photo's variants are rendered.
# Usage: bench/uploads.sh [C] [P]. Uses a fresh database plinth_bench_uploads and a private
# nats-server (bench/fresh.sh).
# Needs a release build of the server and the photo example:
#   CARGO_TARGET_DIR=~/.cache/plinth/target-release cargo build --release -p plinth --bin plinth \
#     -p media --features media/testing --example phone_jpeg
set -euo pipefail
clients="${1:-10}"
per="${2:-10}"
. "$(dirname "$0")/fresh.sh"
fresh plinth_bench_uploads 54335 8097

# The photos: distinct files, each at a slightly different spot.
for i in $(seq 1 "$per"); do
  "$target/examples/phone_jpeg" "$work/p$i.jpg" "49.28$i" "-123.11$i" 4000 3000 > /dev/null
done
photo_bytes=$(cat "$work"/p*.jpg | wc -c)

sleep 0.5
"$bin" serve > "$work/serve.log" 2>&1 &
pid=$!
until curl -fs "$url/api/status" > /dev/null; do sleep 0.2; done
sleep 2
mem() { awk -v k="$1:" '$1 == k { print $2 }' "/proc/$pid/status"; }
idle=$(mem VmRSS)

# One anonymous identity per client, fetched before the clock starts.
for c in $(seq 1 "$clients"); do
  curl -fs -D - -o /dev/null "$url/api/auth/status" | tr -d '\r' \
    | awk 'tolower($1) == "x-user-token:" { print $2 }' > "$work/token$c"
done
parts=()
for i in $(seq 1 "$per"); do parts+=(-F "photos=@$work/p$i.jpg;type=image/jpeg"); done

start=$(date +%s.%N)
uploads=()
for c in $(seq 1 "$clients"); do
  # A process takes 8 uploads at once (503 + Retry-After beyond): curl waits and retries.
  curl -s --retry 10 --retry-max-time 300 -o "$work/answer$c.json" -w '%{http_code} %{time_total}\n' \
    -H "X-User-Token: $(cat "$work/token$c")" \
    -F lat=49.2891 -F lon=-123.1172 -F type=new_artwork -F "title=Bench upload $c" \
    -F artwork_type=sculpture "${parts[@]}" "$url/api/logbook" > "$work/status$c" &
  uploads+=($!)
done
wait "${uploads[@]}"
stored=$(date +%s.%N)
after_upload=$(mem VmHWM)
ok=$(cat "$work"/status* | awk '$1 == 201 || $1 == 200' | wc -l)
slowest=$(cat "$work"/status* | awk '{ print $2 }' | sort -n | tail -1)
if [ "$ok" -ne "$clients" ]; then
  echo "only $ok of $clients uploads were accepted:" >&2
  cat "$work"/status* "$work"/answer*.json >&2
  exit 1
fi
total=$((clients * per))
until [ "$(psql "$DATABASE_URL" -tAc "select count(*) from media.photos where status = 'ready'")" -ge "$total" ]; do
  if [ "$(psql "$DATABASE_URL" -tAc "select count(*) from media.photos where status = 'failed'")" -gt 0 ]; then
    echo "a render failed; see $work/serve.log" >&2
    exit 1
  fi
  sleep 0.2
done
rendered=$(date +%s.%N)
peak=$(mem VmHWM)
python3 - "$clients" "$per" "$photo_bytes" "$idle" "$after_upload" "$peak" "$start" "$stored" "$rendered" "$slowest" <<'EOF'
import sys
c, p, photo_bytes, idle, up, peak = (int(x) for x in sys.argv[1:7])
start, stored, rendered, slowest = (float(x) for x in sys.argv[7:11])
mb = lambda kb: kb / 1024
print(f"{c} clients x {p} photos of 12 MP ({photo_bytes / p / 1e6:.1f} MB each, {c * photo_bytes / 1e6:.0f} MB sent)")
print(f"uploads stored: {stored - start:.1f} s (slowest request {slowest:.1f} s)")
print(f"all {c * p} photos rendered: {rendered - start:.1f} s after the first byte ({(rendered - start) / (c * p):.2f} s per photo)")
print(f"serve RSS idle {mb(idle):.0f} MB; peak while uploading {mb(up):.0f} MB; peak overall {mb(peak):.0f} MB")
EOF
