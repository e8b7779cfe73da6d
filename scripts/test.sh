#!/usr/bin/env bash
# The whole test suite: sets up and builds, starts a throwaway PostgreSQL cluster (scripts/pg-cluster.sh: a
# temporary folder, a Unix socket only, run as a non-root user) for the PostgreSQL half of the suite, then runs
# every CTest (sqllogictests under test/sql on the DuckDB-file, SQLite and PostgreSQL catalogs, GoogleTest units,
# shell and extension tests), then the fuzz targets for a bounded time (scripts/fuzz.sh) and the suite again
# under ASan + UBSan (scripts/sanitize.sh). The cluster is stopped and removed whatever happens.
#   INLAKE_SKIP_FUZZ=1       skip the fuzzers       INLAKE_FUZZ_SECONDS=N  seconds per fuzz target (30)
#   INLAKE_SKIP_SANITIZE=1   skip the sanitizer build and suite
#   INLAKE_SANITIZE_TESTS=REGEX  only the CTests matching REGEX under the sanitizers (ctest -R)
#   INLAKE_ALLOW_NO_POSTGRES=1   go on (loudly) when no PostgreSQL server can be installed or started
# Arguments go to the first ctest (e.g. -R insert).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
build_dir="${INLAKE_BUILD_DIR:-build}"
pg_dir=$(mktemp -d /tmp/inlake-pg.XXXXXX)
stop_postgres() {
  scripts/pg-cluster.sh stop "$pg_dir" || true
  rm -rf "$pg_dir"
}
trap stop_postgres EXIT
if conninfo=$(scripts/pg-cluster.sh start "$pg_dir"); then
  export INLAKE_TEST_PG="$conninfo"
  echo "test: PostgreSQL test server at $conninfo"
elif [ "${INLAKE_ALLOW_NO_POSTGRES:-0}" = 1 ]; then
  echo "################################################################################" >&2
  echo "test: NO POSTGRESQL SERVER: the PostgreSQL catalog tests are SKIPPED (see $pg_dir)" >&2
  echo "################################################################################" >&2
else
  echo "test: cannot start a PostgreSQL test server (INLAKE_ALLOW_NO_POSTGRES=1 runs without it)" >&2
  cat "$pg_dir"/*.log >&2 2>/dev/null || true
  exit 1
fi
# each part says how long it took (CI's budget is about 45 minutes on 2 cores)
timed() {
  local part=$1 start=$SECONDS
  shift
  "$@"
  echo "test: $part took $((SECONDS - start)) s (total so far $SECONDS s); $(disk_report)"
}
# a full disk fails tests in confusing ways (the PostgreSQL server stops): say how much is left after each part
disk_report() {
  echo "free disk $(df -Pk . | awk 'NR == 2 { printf "%.1f GiB", $4 / 1048576 }'), PostgreSQL cluster $(du -sk "$pg_dir" 2>/dev/null | awk '{ printf "%.0f MiB", $1 / 1024 }')"
}
echo "test: setup and build took $SECONDS s; $(disk_report)"
timed "the quick suite" bash -c 'cd "$1" && shift && ctest --output-on-failure -j "$(nproc)" "$@"' - "$build_dir" "$@"
if [ "${INLAKE_SKIP_FUZZ:-0}" != 1 ]; then
  timed "the fuzzers (build and runs)" scripts/fuzz.sh "${INLAKE_FUZZ_SECONDS:-30}"
fi
if [ "${INLAKE_SKIP_SANITIZE:-0}" != 1 ]; then
  timed "the sanitizer build and suite" scripts/sanitize.sh ${INLAKE_SANITIZE_TESTS:+-R "$INLAKE_SANITIZE_TESTS"}
fi
