#!/usr/bin/env bash
# FIXED 2026-12-06 (test/sql/partitioning/write_limits.test; the chr(0) key on PostgreSQL is now refused at the INSERT,
# naming the key, before it is inlined or written). What follows is the finding as reported.
# Finding (hostile29, low): a file written in a transaction that then drops the table (here: under a new
# partition spec) is left on disk at COMMIT: no catalog row names it and it is not scheduled for deletion, so
# only ducklake_delete_orphaned_files removes it (by default only an hour later). A ROLLBACK of the same
# transaction removes it. Happens without partitioning too (plain INSERT then DROP in one transaction).
# Expected: after COMMIT no unreferenced file stays under the table's folder. Actual: one .parquet file stays.
set -u
INLAKE=${1:-build/inlake}
dir=$(mktemp -d)
"$INLAKE" <<SQL
ATTACH 'ducklake:$dir/cat.duckdb' AS lake (DATA_PATH '$dir/data/', DATA_INLINING_ROW_LIMIT 0);
CREATE TABLE lake.x(id INT, k INT);
BEGIN;
ALTER TABLE lake.x SET PARTITIONED BY (k);
INSERT INTO lake.x VALUES (1, 1);
DROP TABLE lake.x;
COMMIT;
SQL
echo "parquet files on disk after COMMIT (expected 0):"
find "$dir/data" -name '*.parquet'
rm -rf "$dir"
