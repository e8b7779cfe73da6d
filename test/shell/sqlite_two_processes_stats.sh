#!/usr/bin/env bash
# A process that keeps an SQLite-catalog lake attached remembers the table stats of its own last commit; another
# process's commits in between must not be overwritten by them: the open session's next inserts (inlined, after
# the other process inserted, deleted and added a column) get new row ids, and the table's stats count every row.
source "$(dirname "$0")/lib/helpers.bash" "$1"

LAKE="ATTACH 'ducklake:sqlite:lake.sqlite' AS l (DATA_PATH 'files/');"
start_session
# two inserts: the first creates the inlined table, the second commits only rows (its stats are remembered)
echo "$LAKE CREATE TABLE l.a (x INTEGER); INSERT INTO l.a VALUES (1); INSERT INTO l.a VALUES (2);" >&3
echo "SELECT 'first', count(*) FROM l.a;" >&3
wait_for_session first

run -c "$LAKE INSERT INTO l.a VALUES (3), (4);"
expect_eq "the other process inserts" "0" "$RC"
echo "INSERT INTO l.a VALUES (5); SELECT 'second', count(*) FROM l.a;" >&3
wait_for_session second

run -c "$LAKE DELETE FROM l.a WHERE x = 1; ALTER TABLE l.a ADD COLUMN z INTEGER; INSERT INTO l.a VALUES (6, 60);"
expect_eq "the other process deletes, alters and inserts" "0" "$RC"
echo "INSERT INTO l.a VALUES (7, 70);" >&3
echo "SELECT 'rows', count(*), count(DISTINCT rowid), sum(x), sum(z) FROM l.a;" >&3
echo "SELECT 'stats', s.next_row_id = (SELECT max(rowid) + 1 FROM l.a) FROM ducklake_catalog_table('l', 'ducklake_table_stats') s JOIN ducklake_catalog_table('l', 'ducklake_table') t USING (table_id) WHERE t.table_name = 'a' AND t.end_snapshot IS NULL;" >&3
exec 3>&-
wait $session || true

expect_eq "every row is there once, each with its own row id" "rows,6,6,27,130" "$(grep '^rows,' session.out)"
expect_eq "the stats' next row id follows the last row id" "stats,true" "$(grep '^stats,' session.out)"
if grep -qi "error" session.out; then
	fail "the session reported: $(grep -i -m1 error session.out)"
fi

run -csv -noheader -c "$LAKE SELECT count(*), count(DISTINCT rowid), sum(x) FROM l.a;"
expect_eq "a new process reads the same" "6,6,27" "$OUT"

exit $FAILURES
