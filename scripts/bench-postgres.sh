#!/usr/bin/env bash
# Runs bench/postgres_bench against a throwaway durable PostgreSQL cluster (fsync on, as a real server runs),
# started and stopped here. Arguments go to the benchmark (e.g. --commits 400).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
dir=$(mktemp -d /tmp/inlake-pg-bench.XXXXXX)
trap 'scripts/pg-cluster.sh stop "$dir"; rm -rf "$dir"' EXIT
conninfo=$(scripts/pg-cluster.sh start "$dir" --durable)
"${INLAKE_BUILD_DIR:-build}/postgres_bench" --server "$conninfo" "$@"
