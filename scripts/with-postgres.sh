#!/usr/bin/env bash
# Runs a command against a real PostgreSQL server.
#
#   scripts/with-postgres.sh npx vitest run
#   scripts/with-postgres.sh npm run bench -w bench
#
# When DATABASE_URL is already set the command simply runs against that server. Otherwise this
# starts a throwaway cluster (initdb in a temp dir, loopback only, fsync off) on a free port,
# exports DATABASE_URL=postgres://USER:PASS@127.0.0.1:PORT/postgres for a superuser role, runs
# the command, then stops the cluster, removes the temp dir and exits with the command's status.
# Installs Debian's postgresql package first (apt-get, non-interactive) when no server binaries
# are found. Works as root (the cluster runs as the postgres user) or as an ordinary user.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 command [args...]" >&2
  exit 64
fi

if [ -n "${DATABASE_URL:-}" ]; then
  exec "$@"
fi

log() { echo "with-postgres: $*" >&2; }

# The newest server bin directory: Debian's versioned layout first, then whatever is on PATH.
find_pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
    echo "$dir"
    return 0
  fi
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 && command -v postgres >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return 0
  fi
  return 1
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo -n "$@"
  else
    log "need root (or passwordless sudo) to run: $*"
    return 1
  fi
}

PG_BIN=$(find_pg_bin || true)
if [ -z "$PG_BIN" ]; then
  log "PostgreSQL server binaries not found; installing Debian's postgresql package"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update </dev/null
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
    postgresql postgresql-contrib </dev/null
  PG_BIN=$(find_pg_bin || true)
  if [ -z "$PG_BIN" ]; then
    log "postgresql was installed but initdb/pg_ctl/postgres are still not found"
    exit 1
  fi
fi

# Who owns the cluster: PostgreSQL refuses to run as root.
if [ "$(id -u)" -eq 0 ]; then
  PG_OWNER=postgres
  if ! id "$PG_OWNER" >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/postgresql --shell /bin/bash "$PG_OWNER"
  fi
  as_owner() { runuser -u "$PG_OWNER" -- "$@"; }
else
  PG_OWNER=$(id -un)
  as_owner() { "$@"; }
fi

TMP_BASE=$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")
PGDATA_DIR="$TMP_BASE/data"
PG_LOG="$TMP_BASE/postgres.log"
STARTED=0

cleanup() {
  local status=$?
  if [ "$STARTED" -eq 1 ]; then
    as_owner "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$TMP_BASE"
  return "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

if [ "$(id -u)" -eq 0 ]; then chown "$PG_OWNER" "$TMP_BASE"; fi
chmod 700 "$TMP_BASE"

PG_USER=portal_test
PG_PASS=$(od -An -tx1 -N12 /dev/urandom | tr -d ' \n')
PWFILE="$TMP_BASE/pwfile"
echo "$PG_PASS" >"$PWFILE"
if [ "$(id -u)" -eq 0 ]; then chown "$PG_OWNER" "$PWFILE"; fi
chmod 600 "$PWFILE"

# C locale and UTF-8, like PGlite: ordering of text is the same on both.
if ! as_owner "$PG_BIN/initdb" -D "$PGDATA_DIR" -U "$PG_USER" --pwfile="$PWFILE" \
  --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --no-locale >"$TMP_BASE/initdb.log" 2>&1; then
  cat "$TMP_BASE/initdb.log" >&2
  log "initdb failed"
  exit 1
fi
rm -f "$PWFILE"

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

PORT=""
for _attempt in $(seq 1 20); do
  candidate=$((20000 + RANDOM % 40000))
  if port_in_use "$candidate" || [ -e "/tmp/.s.PGSQL.$candidate" ]; then continue; fi
  if as_owner "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -l "$PG_LOG" -w -t 60 \
    -o "-p $candidate -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null 2>&1; then
    PORT=$candidate
    STARTED=1
    break
  fi
  # Another process may have taken the port between the check and the start: try another one.
  as_owner "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -m immediate -w stop >/dev/null 2>&1 || true
done
if [ -z "$PORT" ]; then
  [ -f "$PG_LOG" ] && cat "$PG_LOG" >&2
  log "could not start PostgreSQL"
  exit 1
fi

export DATABASE_URL="postgres://$PG_USER:$PG_PASS@127.0.0.1:$PORT/postgres"
log "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (data in $PGDATA_DIR)"

set +e
"$@"
status=$?
set -e
exit "$status"
