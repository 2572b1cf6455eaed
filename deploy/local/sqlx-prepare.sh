#!/usr/bin/env bash
# Regenerates `.sqlx/`, the query descriptions that let `sqlx::query!` check SQL at compile time
# without a database (builds run with SQLX_OFFLINE=true, set in .cargo/config.toml).
#
#   deploy/local/sqlx-prepare.sh          rewrite .sqlx/ from the current code and schema
#   deploy/local/sqlx-prepare.sh --check  fail if .sqlx/ is not what the code and schema give
#
# It builds a throwaway database `plinth_sqlx` from the platform migrations and every read
# model's tables.sql and indexes.sql (in schema `rm`, which is also first on that database's
# search path, as projectors name their tables unqualified), then compiles every crate that
# uses the macros online with SQLX_OFFLINE_DIR set, which is how sqlx's macros write their data.
# Needs PostgreSQL: TEST_DATABASE_URL (from deploy/local/test-services.sh) or the machine's.
set -euo pipefail
cd "$(dirname "$0")/../.."

check=""
[ "${1:-}" = "--check" ] && check=1

base="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}"
db=plinth_sqlx
psql "$base/postgres" -qX -v ON_ERROR_STOP=1 \
  -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
url="$base/$db"
for f in platform/migrations/*.sql; do
  psql "$url" -qX -v ON_ERROR_STOP=1 -1 -f "$f" >/dev/null
done
psql "$url" -qX -v ON_ERROR_STOP=1 -c "ALTER DATABASE $db SET search_path = rm, public"
for f in projectors/src/*/tables.sql projectors/src/*/indexes.sql; do
  psql "$url" -qX -v ON_ERROR_STOP=1 -1 -f "$f" >/dev/null
done

out="$PWD/.sqlx"
if [ -n "$check" ]; then
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
else
  rm -rf "$out"
  mkdir -p "$out"
fi

# The macros run again only when their crate is rebuilt: touch each crate that has them.
for crate in $(grep -rl --include=*.rs -E 'sqlx::query(_as|_scalar)?!' \
    projectors query-api command-api platform media src tests 2>/dev/null \
    | cut -d/ -f1 | sort -u); do
  case "$crate" in
    src|tests) touch src/main.rs ;;
    *) touch "$crate/src/lib.rs" ;;
  esac
done
find tests -name '*.rs' -exec touch {} +

# A build, not a check: `make test` then reuses what it compiled (the macros' mode is not part
# of cargo's fingerprint).
SQLX_OFFLINE=false SQLX_OFFLINE_DIR="$out" DATABASE_URL="$url" \
  cargo build --workspace --all-targets --quiet

if [ -n "$check" ]; then
  if ! diff -r "$out" .sqlx >/dev/null; then
    diff -r "$out" .sqlx | head -40 >&2 || true
    echo "sqlx-prepare: .sqlx/ is stale; run deploy/local/sqlx-prepare.sh and commit it" >&2
    exit 1
  fi
  echo "sqlx-prepare: .sqlx/ is fresh ($(ls .sqlx | wc -l) queries)"
else
  echo "sqlx-prepare: wrote $(ls .sqlx | wc -l) query descriptions to .sqlx/"
fi
