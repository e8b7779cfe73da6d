#!/usr/bin/env bash
# Runs node_client.mjs: installs @duckdb/node-api 1.4.4 (pinned) from the npm registry into BUILD/node_client
# once, then loads the extension into a stock Node.js DuckDB with no environment tricks.
# Usage: run_node_client.sh BUILD_DIR EXTENSION
set -euo pipefail
build=${1:?build dir}
extension=${2:?extension file}
here=$(cd "$(dirname "$0")" && pwd)
dir="$build/node_client"
if [ ! -d "$dir/node_modules/@duckdb/node-api" ]; then
  mkdir -p "$dir"
  (cd "$dir" && npm init -y >/dev/null && npm install --no-audit --no-fund @duckdb/node-api@1.4.4-r.4 >/dev/null)
fi
cp "$here/node_client.mjs" "$dir/"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
node "$dir/node_client.mjs" "$extension" "$scratch"
