#!/usr/bin/env bash
# Many processes write one SQLite-catalog lake at once: four processes commit 60 single-row inserts each
# (inlined) and, after every tenth, delete one of their rows again; one commits 30 inserts of 25 rows (Parquet
# files) and one flushes the inlined rows again and again. Every process must succeed, the lake must hold
# exactly what the writers committed, row ids must be unique, and the snapshot ids sequential without gaps or
# duplicates (no cached id counter in any process). Then the sqlite3 tool reads the lake by the spec.
source "$(dirname "$0")/lib/helpers.bash" "$1"

LAKE="ATTACH 'ducklake:sqlite:lake.sqlite' AS lake (DATA_PATH 'files/');"
run -c "$LAKE CREATE TABLE lake.t (id BIGINT, writer INTEGER, note VARCHAR); INSERT INTO lake.t VALUES (-1, -1, 'gone');"
expect_eq "the lake is created" "0" "$RC"

# run_retrying NAME SQL: one statement in a process of its own (a new attach each time, as separate clients
# are), run again while it fails with a transaction conflict (a delete that meets a concurrent flush of the same
# rows is refused as one, as an application would retry it); any other error is recorded in NAME.err
run_retrying() {
	local name=$1 sql=$2 attempt out
	for attempt in $(seq 1 30); do
		if out=$("$INLAKE" -bail -c "$LAKE $sql" 2>&1); then
			return 0
		fi
		if ! grep -q "Transaction conflict" <<< "$out"; then
			echo "$out" >> "$name.err"
			return 1
		fi
		echo "$sql" >> "$name.conflicts"
	done
	echo "gave up after 30 conflicts: $sql" >> "$name.err"
}

writer() {
	local w=$1 i
	for i in $(seq 1 60); do
		run_retrying writer$w "INSERT INTO lake.t VALUES ($((w * 1000 + i)), $w, 'w$w-$i');"
		if ((i % 10 == 0)); then
			run_retrying writer$w "DELETE FROM lake.t WHERE id = $((w * 1000 + i - 5));"
		fi
	done
}

bulk() {
	local i
	for i in $(seq 1 30); do
		run_retrying bulk "INSERT INTO lake.t SELECT 100000 + $i * 100 + range, 9, 'bulk' FROM range(25);"
	done
}

flusher() {
	local i
	run_retrying flusher "DELETE FROM lake.t WHERE id = -1;"
	for i in $(seq 1 15); do
		run_retrying flusher "CALL ducklake_flush_inlined_data('lake');"
	done
}

pids=()
for w in 1 2 3 4; do
	writer $w &
	pids+=($!)
done
bulk &
pids+=($!)
flusher &
pids+=($!)
for pid in "${pids[@]}"; do
	wait "$pid" || true
done
for name in writer1 writer2 writer3 writer4 bulk flusher; do
	if [[ -e $name.err ]]; then
		fail "$name: $(head -3 $name.err)"
	fi
done
echo "conflicts retried: $(cat *.conflicts 2>/dev/null | wc -l)"

run -csv -noheader -c "$LAKE SELECT count(*), count(DISTINCT id), sum(id), count(DISTINCT rowid) FROM lake.t;"
expected=$(python3 -c "
rows = [w * 1000 + i for w in range(1, 5) for i in range(1, 61) if i % 10 != 5]
rows += [100000 + i * 100 + r for i in range(1, 31) for r in range(25)]
print(f'{len(rows)},{len(rows)},{sum(rows)},{len(rows)}')")
expect_eq "the lake holds exactly the committed rows, each once, with unique row ids" "$expected" "$OUT"

run -csv -noheader -c "$LAKE SELECT count(*) = max(snapshot_id) + 1, count(DISTINCT snapshot_id) = count(*) FROM ducklake_snapshots('lake');"
expect_eq "snapshot ids are 0..n without gaps or duplicates" "true,true" "$OUT"

run -csv -noheader -c "$LAKE SELECT count(*) FROM ducklake_snapshots('lake') WHERE changes::VARCHAR LIKE '%inlined_insert%';"
expect_eq "each single-row insert is its own inlined commit" "241" "$OUT"

# (a delete of rows a flush has just moved into a file may be written as a delete file: tables_deleted_from)
run -csv -noheader -c "$LAKE SELECT count(*) FROM ducklake_snapshots('lake') WHERE changes::VARCHAR LIKE '%inlined_delete%' OR changes::VARCHAR LIKE '%tables_deleted_from%';"
expect_eq "each small delete is its own commit" "25" "$OUT"

# the sqlite3 tool reads the catalog by the spec: the snapshots, the table, its data files and inlined rows
if command -v sqlite3 > /dev/null; then
	run -csv -noheader -c "$LAKE SELECT max(snapshot_id) FROM ducklake_snapshots('lake');"
	expect_eq "sqlite3 sees the same latest snapshot" "$OUT" "$(sqlite3 lake.sqlite 'SELECT max(snapshot_id) FROM ducklake_snapshot')"
	expect_eq "sqlite3 finds the table" "t|1" "$(sqlite3 lake.sqlite 'SELECT table_name, table_id FROM ducklake_table WHERE end_snapshot IS NULL')"
	run -csv -noheader -c "$LAKE SELECT count(*) FROM ducklake_catalog_table('lake', 'ducklake_data_file') WHERE end_snapshot IS NULL;"
	expect_eq "sqlite3 lists the same live data files" "$OUT" \
		"$(sqlite3 lake.sqlite 'SELECT count(*) FROM ducklake_data_file WHERE end_snapshot IS NULL')"
	run -csv -noheader -c "$LAKE INSERT INTO lake.t VALUES (7, 7, 'it''s ü');"
	expect_eq "sqlite3 reads an inlined row's values" "7|7|it's ü" \
		"$(sqlite3 lake.sqlite "SELECT i.id, i.writer, i.note FROM ducklake_inlined_data_tables r JOIN pragma_table_list p ON p.name = r.table_name, ducklake_inlined_data_1_1 i WHERE i.id = 7 AND i.end_snapshot IS NULL")"
else
	fail "the sqlite3 tool is missing (scripts/setup.sh installs it)"
fi

exit $FAILURES
