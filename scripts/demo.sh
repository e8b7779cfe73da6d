#!/usr/bin/env bash
# The main job: sets up and builds, then runs the inlake shell on the demo
# script (examples/demo.sql) against an embedded DuckDB-file catalog in a fresh
# scratch folder.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
root="$PWD"
work="${INLAKE_DEMO_DIR:-$root/build/demo-run}"
rm -rf "$work" && mkdir -p "$work"
cd "$work"
"$root/build/inlake" -echo -bail < "$root/examples/demo.sql"
