#!/usr/bin/env bash
# A process killed right after a flush on a DuckDB-file catalog: the catalog opens again with every committed row
# (found by inlake_crash_test --kill-in-maintenance --seed 207: DuckDB could not replay the WAL such a flush left,
# "Failure while replaying WAL file ... Could not find node in column segment tree", and the lake could not be
# opened; a flush now checkpoints the catalog database after its commit). Every check failed before.
source "$(dirname "$0")/lib/helpers.bash" "$1"

d="$WORK_DIR"
run -c "ATTACH 'ducklake:$d/lake.duckdb' AS l (DATA_PATH '$d/data/', DATA_INLINING_ROW_LIMIT 10);
  CREATE TABLE l.t1 (k BIGINT, c TINYINT); INSERT INTO l.t1 VALUES (1, 1);"
expect_rc "the lake is made" 0
mkfifo in
"$INLAKE" < in > session.out 2>&1 & session=$!
exec 3>in
echo "ATTACH 'ducklake:$d/lake.duckdb' AS l (DATA_PATH '$d/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t2 (k BIGINT);
INSERT INTO l.t2 VALUES (1);
INSERT INTO l.t1 VALUES (24, -128), (25, 127);
CALL ducklake_flush_inlined_data('l');
SELECT 'committed';" >&3
for i in $(seq 100); do grep -q committed session.out && break; sleep 0.1; done
kill -9 $session; exec 3>&-; wait $session 2>/dev/null || true
expect_contains "the session committed its flush before the kill" "committed" "$(cat session.out)"
run -csv -noheader -c "ATTACH 'ducklake:$d/lake.duckdb' AS l; SELECT count(*), sum(k) FROM l.t1; SELECT count(*) FROM l.t2"
expect_eq "the lake opens after the kill, every committed row there" "3,50
1" "$OUT"
finish
