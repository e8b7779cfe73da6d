#!/usr/bin/env bash
# The whole test suite: sets up and builds, then runs every CTest
# (sqllogictests under test/sql, GoogleTest units, shell and extension tests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
build_dir="${INLAKE_BUILD_DIR:-build}"
cd "$build_dir"
ctest --output-on-failure -j "$(nproc)" "$@"
