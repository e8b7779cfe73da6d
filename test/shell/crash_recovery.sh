#!/usr/bin/env bash
# A process killed (SIGKILL, no checkpoint, no clean detach) after small commits loses none of them:
# inlined rows, a Parquet file, snapshots, table and column stats written through the storage API come back from the
# catalog database's WAL when the lake is attached again.
source "$(dirname "$0")/lib/helpers.bash" "$1"

mkfifo commands
"$INLAKE" -csv -noheader < commands > killed.out 2> killed.err &
SHELL_PID=$!
exec 3> commands
{
	echo "ATTACH 'ducklake:lake.ducklake' AS lake (DATA_PATH 'files/');"
	echo "CREATE TABLE lake.t (id BIGINT, name VARCHAR);"
	for i in $(seq 1 30); do
		echo "INSERT INTO lake.t VALUES ($i, 'n$i');"
	done
	echo "DELETE FROM lake.t WHERE id = 3;"
	echo "UPDATE lake.t SET name = 'changed' WHERE id = 4;"
	echo "INSERT INTO lake.t SELECT 100 + i, 'p' FROM range(20) r(i);"
	echo "SELECT 'ready';"
} >&3
for _ in $(seq 1 200); do
	if grep -q ready killed.out 2>/dev/null; then break; fi
	sleep 0.05
done
expect_contains "the statements ran before the kill" "ready" "$(cat killed.out)"
kill -9 "$SHELL_PID"
wait "$SHELL_PID" 2>/dev/null || true
exec 3>&-

ATTACH="ATTACH 'ducklake:lake.ducklake' AS lake (DATA_PATH 'files/');"
run -csv -noheader -c "$ATTACH SELECT count(*), sum(id), max(id) FROM lake.t; SELECT name FROM lake.t WHERE id = 4;"
expect_eq "rows after recovery" "49,2652,119
changed" "$OUT"

run -csv -noheader -c "$ATTACH SELECT count(*), max(snapshot_id) FROM lake.snapshots();"
expect_eq "snapshots after recovery (create schema, table, 31 inserts, delete, update)" "35,34" "$OUT"

run -csv -noheader -c "$ATTACH SELECT record_count, next_row_id FROM __ducklake_metadata_lake.ducklake_table_stats; SELECT s.min_value, s.max_value FROM __ducklake_metadata_lake.ducklake_table_column_stats s JOIN __ducklake_metadata_lake.ducklake_column c USING (column_id) WHERE c.column_name = 'id';"
# the UPDATE kept its row's id: 30 inlined rows and 20 in Parquet took row ids 0..49
# the table's bounds cover the inlined rows (1..30) and the Parquet file's (100..119), the grown maximum with 1/32 of
# the range as headroom
expect_eq "table stats (live rows, next row id) and the table's column bounds after recovery" "49,50
1,122" "$OUT"

run -csv -noheader -c "$ATTACH INSERT INTO lake.t VALUES (31, 'after'); SELECT count(*), max(rowid) FROM lake.t;"
expect_eq "row ids continue after recovery" "50,50" "$OUT"

exit $FAILURES
