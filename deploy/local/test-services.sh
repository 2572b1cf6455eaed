#!/usr/bin/env bash
# Makes sure a PostgreSQL and a NATS JetStream server are reachable for the integration tests and
# prints the `export` lines that point the tests at them. Uses the machine's servers on the
# standard ports when they answer (trust auth for user postgres); otherwise starts private ones
# under $PLINTH_CACHE (trust auth, loopback only) and leaves them running for the next run.
# PLINTH_TEST_PRIVATE=1 always uses the private ones.
set -euo pipefail

cache="${PLINTH_CACHE:-$HOME/.cache/plinth}"
mkdir -p "$cache"
say() { echo "test-services: $*" >&2; }

pg_bin=""
for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do pg_bin="$d"; break; done

# --- PostgreSQL ---
pg_url="${TEST_DATABASE_URL:-}"
if [ -z "$pg_url" ]; then
  if [ -z "${PLINTH_TEST_PRIVATE:-}" ] && command -v psql >/dev/null \
     && psql "postgres://postgres@127.0.0.1:5432/postgres" -tAc 'select 1' >/dev/null 2>&1; then
    pg_url="postgres://postgres@127.0.0.1:5432"
  else
    if [ -z "$pg_bin" ]; then
      say "PostgreSQL is not installed. Install it with: apt-get install -y postgresql"
      exit 1
    fi
    dir="$cache/test-postgres"
    port=55432
    as=()
    if [ "$(id -u)" = 0 ]; then
      # initdb refuses root: the cluster belongs to the postgres user, in a place it can reach.
      as=(runuser -u postgres --)
      dir="$(getent passwd postgres | cut -d: -f6)/plinth-test"
    fi
    if [ ! -f "$dir/PG_VERSION" ]; then
      "${as[@]}" mkdir -p "$dir"
      "${as[@]}" "$pg_bin/initdb" -D "$dir" --auth=trust --username=postgres --encoding=UTF8 >/dev/null
    fi
    if ! "${as[@]}" "$pg_bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
      "${as[@]}" "$pg_bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null
      say "started a private PostgreSQL on 127.0.0.1:$port"
    fi
    pg_url="postgres://postgres@127.0.0.1:$port"
  fi
fi

# --- NATS JetStream ---
nats_url="${TEST_NATS_URL:-}"
js_ok() { # host port: does the server answer with JetStream enabled?
  { exec 3<>"/dev/tcp/$1/$2"; } 2>/dev/null || return 1
  local info; IFS= read -r -t 2 info <&3 || true; exec 3>&-
  [[ "$info" == *'"jetstream":true'* ]]
}
if [ -z "$nats_url" ]; then
  if [ -z "${PLINTH_TEST_PRIVATE:-}" ] && js_ok 127.0.0.1 4222; then
    nats_url="nats://127.0.0.1:4222"
  else
    if ! command -v nats-server >/dev/null && [ ! -x /usr/sbin/nats-server ]; then
      say "nats-server is not installed. Install it with: apt-get install -y nats-server"
      exit 1
    fi
    bin="$(command -v nats-server || echo /usr/sbin/nats-server)"
    port=54222
    if ! js_ok 127.0.0.1 "$port"; then
      mkdir -p "$cache/test-nats"
      nohup "$bin" -js -a 127.0.0.1 -p "$port" -sd "$cache/test-nats" -l "$cache/test-nats/nats.log" >/dev/null 2>&1 &
      for _ in $(seq 1 50); do js_ok 127.0.0.1 "$port" && break; sleep 0.1; done
      js_ok 127.0.0.1 "$port" || { say "nats-server did not start; see $cache/test-nats/nats.log"; exit 1; }
      say "started a private nats-server -js on 127.0.0.1:$port"
    fi
    nats_url="nats://127.0.0.1:$port"
  fi
fi

# --- SMTP sink (aiosmtpd, from PyPI, in a private virtualenv) ---
# The tests start one aiosmtpd per test on a free port, storing mail in a Maildir they read.
venv="$cache/venv-smtp"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import aiosmtpd' 2>/dev/null; then
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    say "python3 cannot make a virtualenv. Install it with: apt-get install -y python3-venv"
    exit 1
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'aiosmtpd==1.4.6' >&2 \
    || { say "pip could not install aiosmtpd 1.4.6"; exit 1; }
  say "installed aiosmtpd into $venv"
fi

echo "export TEST_DATABASE_URL='$pg_url'"
echo "export TEST_SMTP_PYTHON='$venv/bin/python'"
echo "export TEST_NATS_URL='$nats_url'"
