#!/usr/bin/env bash
# FIXED 2026-12-06 (test/sql/partitioning/write_limits.test; the chr(0) key on PostgreSQL is now refused at the INSERT,
# naming the key, before it is inlined or written). What follows is the finding as reported.
# Finding (hostile29, low): the error text says "the bucket count must be a whole number", and bucket(0.4, i)
# is refused, but bucket(1.5, i) and bucket(2.5e0, i) are accepted and silently rounded to bucket(2).
# Expected: both ALTERs fail with the "must be a whole number" Binder Error (as 0.4 does).
# Actual: both succeed; ducklake_partition_column.transform is bucket(2) for both.
set -u
INLAKE=${1:-build/inlake}
dir=$(mktemp -d)
"$INLAKE" <<SQL
ATTACH 'ducklake:$dir/cat.duckdb' AS lake (DATA_PATH '$dir/data/');
CREATE TABLE lake.t(i INT);
ALTER TABLE lake.t SET PARTITIONED BY (bucket(0.4, i));
ALTER TABLE lake.t SET PARTITIONED BY (bucket(1.5, i));
ALTER TABLE lake.t SET PARTITIONED BY (bucket(2.5e0, i));
SELECT partition_id, transform FROM __ducklake_metadata_lake.ducklake_partition_column ORDER BY partition_id;
SQL
rm -rf "$dir"
