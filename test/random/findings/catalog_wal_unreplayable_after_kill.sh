#!/usr/bin/env bash
# FINDING (inlake_crash_test --kill-in-maintenance --seed 207 --backend duckdb, round 1; no kill timing needed): a
# process killed (SIGKILL, power loss) after a flush of inlined data leaves a DuckDB catalog whose WAL cannot be
# replayed: the lake, and the catalog file in plain DuckDB, cannot be opened at all:
#   INTERNAL Error: Failure while replaying WAL file ".../lake.duckdb.wal": Could not find node in column segment
#   tree! (this script, every time), or "... Expected unified vector format of type INT8, but found type INT64" (the
#   crash test's seed: t1 had UTINYINT and MAP(VARCHAR, TINYINT) columns, t2 a TIME column)
# Needs, since the last checkpoint: a second table's inlined insert, then rows inlined into the first table (which
# has a TINYINT column and already held inlined rows before the session), then ducklake_flush_inlined_data. The
# catalog's WAL is only replayed after a crash (a clean DETACH checkpoints it), which is why only the crash test sees
# it. Expected: the catalog opens, with every committed snapshot.
# Run: bash this file [path/to/inlake]
set -u
INLAKE=${1:-build/inlake}
dir=$(mktemp -d) && cd "$dir" && mkfifo in
"$INLAKE" -c "ATTACH 'ducklake:$dir/lake.duckdb' AS l (DATA_PATH '$dir/data/', DATA_INLINING_ROW_LIMIT 10);
  CREATE TABLE l.t1 (k BIGINT, c TINYINT); INSERT INTO l.t1 VALUES (1, 1);"
# a session that is killed after its statements committed
"$INLAKE" < in > out.txt 2>&1 & pid=$!; exec 3>in
echo "ATTACH 'ducklake:$dir/lake.duckdb' AS l (DATA_PATH '$dir/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t2 (k BIGINT);
INSERT INTO l.t2 VALUES (1);
INSERT INTO l.t1 VALUES (24, -128), (25, 127);
CALL ducklake_flush_inlined_data('l');
SELECT 'committed';" >&3
for i in $(seq 100); do grep -q committed out.txt && break; sleep 0.1; done
kill -9 $pid; exec 3>&-; wait $pid 2>/dev/null
ls -l lake.duckdb.wal
"$INLAKE" -c "ATTACH 'ducklake:$dir/lake.duckdb' AS l; SELECT count(*) FROM l.t1"            # INTERNAL Error: ... WAL
"$INLAKE" -c "ATTACH '$dir/lake.duckdb' AS c (READ_ONLY); SELECT count(*) FROM c.ducklake_snapshot" # the same in DuckDB
