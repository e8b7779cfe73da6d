#!/usr/bin/env bash
# FIXED 2026-12-06 (test/sql/partitioning/write_limits.test; the chr(0) key on PostgreSQL is now refused at the INSERT,
# naming the key, before it is inlined or written). What follows is the finding as reported.
# Finding (hostile29, low): each Hive folder name is capped (long values are cut and get a hash suffix), but the
# whole path is not: a table partitioned by many keys with long text values makes an INSERT fail with
# "IO Error: Failed to create directory ...: File name too long" (PATH_MAX 4096 on Linux). The rows cannot be
# written at all while hive_file_pattern is true (the default). The failed statement leaves the lake unchanged.
# Expected: the insert succeeds (path shortened, e.g. by falling back to a flat or hashed layout) or a clear
# error naming the table and suggesting hive_file_pattern=false. Actual: IO Error from mkdir.
set -u
INLAKE=${1:-build/inlake}
dir=$(mktemp -d)
keys=$(seq -s, 0 39 | sed 's/\([0-9]*\)/k\1/g')
cols=$(seq 0 39 | sed 's/.*/k& VARCHAR/' | paste -sd, -)
vals=$(seq 0 39 | sed "s/.*/repeat('v', 400)/" | paste -sd, -)
"$INLAKE" <<SQL
ATTACH 'ducklake:$dir/cat.duckdb' AS lake (DATA_PATH '$dir/data/', DATA_INLINING_ROW_LIMIT 0);
CREATE TABLE lake.w(id INT, $cols);
ALTER TABLE lake.w SET PARTITIONED BY ($keys);
INSERT INTO lake.w VALUES (1, $vals);
SELECT count(*) AS rows_expected_1 FROM lake.w;
SQL
echo "== inlined (default row limit): the row is stored, but every flush / CHECKPOINT of the lake now errors"
"$INLAKE" <<SQL
ATTACH 'ducklake:$dir/cat2.duckdb' AS lake (DATA_PATH '$dir/data2/');
CREATE TABLE lake.w(id INT, $cols);
ALTER TABLE lake.w SET PARTITIONED BY ($keys);
INSERT INTO lake.w VALUES (1, $vals);
SELECT count(*) AS inlined_rows FROM lake.w;
CHECKPOINT lake;
SQL
rm -rf "$dir"
