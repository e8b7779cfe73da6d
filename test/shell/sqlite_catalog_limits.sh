#!/usr/bin/env bash
# What SQLite itself limits or allows, met head-on (found by the hostile review of issue 11):
# - a table with more columns than a SQLite table may hold (2000, with the 3 bookkeeping columns of inlined rows)
#   takes small inserts as Parquet files instead of failing;
# - a column missing from a damaged inlined table is an error, never its own name read as the value (SQLite's
#   double-quoted string literals are off);
# - SQLite URI names and :memory: are refused, leaving nothing behind.
source "$(dirname "$0")/lib/helpers.bash" "$1"

LAKE="ATTACH 'ducklake:sqlite:lake.sqlite' AS l (DATA_PATH 'files/', DATA_INLINING_ROW_LIMIT 20);"
columns=$(python3 -c "print(', '.join(f'c{i} INTEGER' for i in range(1998)))")
values=$(python3 -c "print(', '.join(str(i) for i in range(1998)))")
run -csv -noheader -c "$LAKE CREATE TABLE l.wide ($columns); INSERT INTO l.wide VALUES ($values), ($values);
SELECT count(*), sum(c1997) FROM l.wide; SELECT count(*) FROM ducklake_catalog_table('l', 'ducklake_data_file');"
expect_eq "a 1998-column table takes a small insert (in a Parquet file)" "0" "$RC"
expect_eq "its rows read back" "$(printf '2,3994\n1')" "$OUT"

run -csv -noheader -c "$LAKE CREATE TABLE l.t (a INTEGER, b VARCHAR); INSERT INTO l.t VALUES (1, 'one');"
inlined=$(sqlite3 lake.sqlite "SELECT r.table_name FROM ducklake_inlined_data_tables r JOIN ducklake_table t USING (table_id) WHERE t.table_name = 't'")
sqlite3 lake.sqlite "ALTER TABLE $inlined DROP COLUMN b"
run -csv -noheader -c "$LAKE SELECT a, b FROM l.t;"
expect_eq "a column missing from a damaged inlined table fails the query" "1" "$RC"
if grep -q "no such column" <<< "$ERR"; then
	echo "ok: the error says which column is missing"
else
	fail "unexpected: $OUT / $ERR"
fi

for name in "file:u.sqlite" "file:u.sqlite?mode=memory" ":memory:"; do
	run -c "ATTACH 'ducklake:sqlite:$name' AS u (DATA_PATH 'u_files/');"
	if [[ $RC -ne 0 ]] && grep -q "not a SQLite catalog file path" <<< "$ERR"; then
		echo "ok: $name is refused"
	else
		fail "$name: $OUT / $ERR"
	fi
done
expect_eq "nothing was created for them" "" "$(ls -d u* :memory:* file:* 2>/dev/null)"

exit $FAILURES
