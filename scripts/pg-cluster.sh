#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests and benchmarks.
#   scripts/pg-cluster.sh start DIR [--durable]   initdb into DIR/data, start it listening only on a Unix socket
#                                                 in DIR (port 5432 there), print the conninfo on stdout
#   scripts/pg-cluster.sh stop DIR                stop it (and leave DIR to the caller to remove)
# Installs Debian's postgresql when no server is found. The tests run as root, and PostgreSQL refuses to run as
# root, so the cluster runs as the user inlake_pg (created when missing). Without --durable the cluster runs
# with fsync off (tests: nothing survives a machine crash anyway); benchmarks pass --durable.
# Users: postgres (superuser, trust over the socket) and inlake_pw (password "inlake-secret-pw", scram: for the
# credential tests).
set -euo pipefail
command=${1:?start or stop}
dir=${2:?a folder for the cluster}
find_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [ -z "$found" ] && command -v pg_ctl >/dev/null 2>&1; then found=$(dirname "$(command -v pg_ctl)"); fi
  echo "$found"
}
bin=$(find_bin)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  "$(dirname "$0")/install-packages.sh" postgresql >&2
  bin=$(find_bin)
fi
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u inlake_pg -- "$@"; else "$@"; fi
}
case "$command" in
  start)
    durable=${3:-}
    if [ "$(id -u)" -eq 0 ] && ! id inlake_pg >/dev/null 2>&1; then
      useradd --system --no-create-home --shell /usr/sbin/nologin inlake_pg
    fi
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown inlake_pg "$dir"
    chmod 755 "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C >"$dir/initdb.log" 2>&1
    settings="-c listen_addresses='' -c unix_socket_directories='$dir' -p 5432 -c max_connections=300"
    settings+=" -c shared_buffers=128MB"
    # a test run creates and drops hundreds of databases: keep the write-ahead log small (no replication here)
    settings+=" -c wal_level=minimal -c max_wal_senders=0 -c max_wal_size=256MB -c min_wal_size=64MB"
    if [ "$durable" != "--durable" ]; then settings+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"; fi
    as_owner "$bin/pg_ctl" -D "$dir/data" -o "$settings" -l "$dir/server.log" -w start >/dev/null
    "$bin/psql" -q -h "$dir" -p 5432 -U postgres -d postgres -c \
      "CREATE ROLE inlake_pw LOGIN SUPERUSER PASSWORD 'inlake-secret-pw'" >/dev/null
    # the password user authenticates with scram over the socket; everyone else is trusted
    sed -i '1i local all inlake_pw scram-sha-256' "$dir/data/pg_hba.conf"
    as_owner "$bin/pg_ctl" -D "$dir/data" reload >/dev/null
    echo "host=$dir port=5432 user=postgres"
    ;;
  stop)
    if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
    ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
