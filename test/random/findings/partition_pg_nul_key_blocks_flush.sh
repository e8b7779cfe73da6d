#!/usr/bin/env bash
# FIXED 2026-12-06 (test/sql/partitioning/write_limits.test; the chr(0) key on PostgreSQL is now refused at the INSERT,
# naming the key, before it is inlined or written). What follows is the finding as reported.
# Finding (hostile29, medium, PostgreSQL catalog only): a VARCHAR value holding chr(0) is accepted by inlining
# and by unpartitioned files (README: such bounds are just not recorded), but when the column is a partition
# key its value must go to ducklake_file_partition_value, which PostgreSQL text cannot hold. So:
#  (1) an INSERT that writes files fails at commit, and
#  (2) worse, a small INSERT is inlined fine, after which every ducklake_flush_inlined_data('lake') / CHECKPOINT
#      fails at commit for the WHOLE lake: the other table's inlined rows are not flushed either.
# Expected: flush other tables (and report the one table), or store/escape the value; at least refuse the row
# up front. Actual: "TransactionContext Error: Failed to commit: A PostgreSQL catalog cannot store text holding
# a NUL character (chr(0)) in a catalog column", 'files other' stays 0.
# Usage: INLAKE_TEST_PG='host=... port=... user=...' test/random/findings/partition_pg_nul_key_blocks_flush.sh [inlake]
# (start a server with scripts/pg-cluster.sh start DIR; the script creates and drops database nulkey_finding)
set -u
INLAKE=${1:-build/inlake}
PG=${INLAKE_TEST_PG:?set INLAKE_TEST_PG to a PostgreSQL conninfo}
dir=$(mktemp -d)
psql "$PG" -qc "DROP DATABASE IF EXISTS nulkey_finding" && psql "$PG" -qc "CREATE DATABASE nulkey_finding"
"$INLAKE" <<SQL
ATTACH 'ducklake:postgres:$PG dbname=nulkey_finding' AS lake (DATA_PATH '$dir/data/');
CREATE TABLE lake.other(id INT);
INSERT INTO lake.other VALUES (1), (2);
CREATE TABLE lake.t(id INT, s VARCHAR);
ALTER TABLE lake.t SET PARTITIONED BY (s);
INSERT INTO lake.t VALUES (3, 'c' || chr(0)), (4, 'y');   -- inlined: works
SELECT count(*) AS inlined_rows FROM lake.t;
CALL ducklake_flush_inlined_data('lake');                  -- fails for the whole lake
SELECT count(*) AS files_other_expected_1 FROM ducklake_list_files('lake', 'other');
CALL lake.set_option('data_inlining_row_limit', 0);
INSERT INTO lake.t VALUES (5, 'd' || chr(0));             -- direct file write: fails at commit
SQL
psql "$PG" -qc "DROP DATABASE IF EXISTS nulkey_finding"
rm -rf "$dir"
