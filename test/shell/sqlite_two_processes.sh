#!/usr/bin/env bash
# Two processes on one SQLite-catalog lake, one of them kept open: it sees what the other commits in between
# without re-attaching: a new table, new rows, and a persisted option (here the inlining limit set to 0, after
# which its own next insert goes to a Parquet file instead of the catalog).
source "$(dirname "$0")/lib/helpers.bash" "$1"

LAKE="ATTACH 'ducklake:sqlite:lake.sqlite' AS l (DATA_PATH 'files/');"
start_session
echo "$LAKE CREATE TABLE l.a (x INTEGER); INSERT INTO l.a VALUES (1);" >&3
echo "SELECT 'first', count(*) FROM l.a;" >&3
wait_for_session first

run -c "$LAKE CREATE TABLE l.b (y INTEGER); INSERT INTO l.b VALUES (2); INSERT INTO l.a VALUES (3); CALL l.set_option('data_inlining_row_limit', 0);"
expect_eq "the other process commits" "0" "$RC"

echo "SELECT 'b', y FROM l.b;" >&3
echo "SELECT 'sum', sum(x) FROM l.a;" >&3
echo "INSERT INTO l.a VALUES (5);" >&3
echo "SELECT 'files', count(*) FROM ducklake_catalog_table('l', 'ducklake_data_file');" >&3
exec 3>&-
wait $session || true

expect_eq "the open session sees the new table" "b,2" "$(grep '^b,' session.out)"
expect_eq "and the other process's rows" "sum,4" "$(grep '^sum,' session.out)"
expect_eq "and the option it set: the next insert writes a data file" "files,1" "$(grep '^files,' session.out)"
if grep -qi "error" session.out; then
	fail "the session reported: $(grep -i -m1 error session.out)"
fi

exit $FAILURES
