#!/usr/bin/env bash
# The whole test suite: sets up and builds, then runs every CTest
# (sqllogictests under test/sql, GoogleTest units, shell and extension tests),
# then the fuzz targets for a bounded time (scripts/fuzz.sh) and the whole suite
# again under ASan + UBSan (scripts/sanitize.sh).
#   INLAKE_SKIP_FUZZ=1       skip the fuzzers       INLAKE_FUZZ_SECONDS=N  seconds per fuzz target (30)
#   INLAKE_SKIP_SANITIZE=1   skip the sanitizer build and suite
#   INLAKE_SANITIZE_TESTS=REGEX  only the CTests matching REGEX under the sanitizers (ctest -R)
# Arguments go to the first ctest (e.g. -R insert).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
build_dir="${INLAKE_BUILD_DIR:-build}"
(cd "$build_dir" && ctest --output-on-failure -j "$(nproc)" "$@")
if [ "${INLAKE_SKIP_FUZZ:-0}" != 1 ]; then
  scripts/fuzz.sh "${INLAKE_FUZZ_SECONDS:-30}"
fi
if [ "${INLAKE_SKIP_SANITIZE:-0}" != 1 ]; then
  scripts/sanitize.sh ${INLAKE_SANITIZE_TESTS:+-R "$INLAKE_SANITIZE_TESTS"}
fi
