#!/usr/bin/env bash
# FIXED 2026-12-06 (test/sql/partitioning/write_limits.test; the chr(0) key on PostgreSQL is now refused at the INSERT,
# naming the key, before it is inlined or written). What follows is the finding as reported.
# Finding (hostile29): a partitioned INSERT or a flush of inlined data keeps one Parquet file open per partition
# value, with no cap; with more distinct values than the open-file limit the statement fails with
# "IO Error: ... Too many open files". DuckDB's own COPY ... (PARTITION_BY) under the same limit succeeds
# (partitioned_write_max_open_files, default 100, closes and reopens files). With a flush, inlined data of a table
# with more partition values than the limit can never be flushed.
# Usage: test/random/findings/partition_too_many_open_files.sh [path/to/inlake]
set -u
INLAKE=${1:-build/inlake}
dir=$(mktemp -d)
ulimit -n 256
echo "== DuckDB COPY PARTITION_BY with 1000 values (expected: works)"
echo "COPY (SELECT i AS id, i % 1000 AS k FROM range(100000) r(i)) TO '$dir/copy' (FORMAT parquet, PARTITION_BY (k));" | "$INLAKE"
find "$dir/copy" -type f | wc -l
echo "== partitioned INSERT with 1000 values (expected: 100000 rows in 1000 files; actual: Too many open files)"
"$INLAKE" <<SQL
ATTACH 'ducklake:$dir/cat.duckdb' AS lake (DATA_PATH '$dir/data/', DATA_INLINING_ROW_LIMIT 0);
CREATE TABLE lake.t(id BIGINT, k INT);
ALTER TABLE lake.t SET PARTITIONED BY (k);
INSERT INTO lake.t SELECT i, i % 1000 FROM range(100000) r(i);
SELECT count(*) FROM lake.t;
SQL
echo "== flush of 1000 inlined partition values (expected: 1000 files; actual: Too many open files)"
"$INLAKE" <<SQL
ATTACH 'ducklake:$dir/cat2.duckdb' AS lake (DATA_PATH '$dir/data2/', DATA_INLINING_ROW_LIMIT 1000000);
CREATE TABLE lake.t(id BIGINT, k INT);
ALTER TABLE lake.t SET PARTITIONED BY (k);
INSERT INTO lake.t SELECT i, i % 1000 FROM range(100000) r(i);
CALL ducklake_flush_inlined_data('lake');
SELECT count(*) AS files FROM ducklake_list_files('lake', 't');
SQL
rm -rf "$dir"
