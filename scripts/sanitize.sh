#!/usr/bin/env bash
# The whole CTest suite under AddressSanitizer + UndefinedBehaviorSanitizer.
# Installs what is missing (as scripts/setup.sh does), builds our code with -DINLAKE_SANITIZE=ON into
# build-sanitize/ (libduckdb.so stays the prebuilt, uninstrumented library) and runs every CTest with the
# options of scripts/sanitizer-env.sh. Fails on a failing test or on any sanitizer report, also one from a
# process whose exit status the test did not look at. Extra arguments go to ctest (e.g. -R insert).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
build_dir="${INLAKE_SANITIZE_BUILD_DIR:-build-sanitize}"
# RelWithDebInfo as before: the sanitizer flags add -O1 -g1, which a stripped Release link would throw away
CMAKE_BUILD_TYPE=RelWithDebInfo INLAKE_BUILD_DIR="$build_dir" INLAKE_CMAKE_ARGS="-DINLAKE_SANITIZE=ON" scripts/setup.sh
echo "sanitize: the build took $SECONDS s"
logs="$root/$build_dir/sanitizer-logs"
rm -rf "$logs"
# shellcheck source=sanitizer-env.sh
source scripts/sanitizer-env.sh "$logs"
status=0
# The SQLite and PostgreSQL runs of the sqllogictests exercise the same core code as the DuckDB-file run; under
# the sanitizers (2-3x slower) only their catalog and type files run, which cover the backends' own code, so the
# whole CI run stays within its budget. flush_concurrent_writers (four writer threads and a flusher) takes ten
# times as long under ASan as without (240 s here) and runs on every backend in the plain suite. Fewer random
# seeds run under the sanitizers (CMakeLists.txt). INLAKE_SANITIZE_ALL_BACKENDS=1 runs all of them.
exclude=()
if [ "${INLAKE_SANITIZE_ALL_BACKENDS:-0}" != 1 ] && [ $# -eq 0 ]; then
  exclude=(-E '^(sqlite|postgres)/test/sql/(alter|change_feed|ddl|delete|errors|flush|inlining|insert|maintenance|metadata|read|time_travel|transactions|update)/|flush_concurrent_writers')
fi
(cd "$build_dir" && ctest --output-on-failure -j "$(nproc)" "${exclude[@]}" "$@") || status=$?
if [ -n "$(ls -A "$logs")" ]; then
  echo "sanitize: sanitizer reports (in $logs):" >&2
  for report in "$logs"/*; do
    echo "=== $report" >&2
    cat "$report" >&2
  done
  status=1
fi
if [ "$status" -ne 0 ]; then
  echo "sanitize: FAILED" >&2
else
  echo "sanitize: every test passed, no sanitizer report"
fi
exit "$status"
