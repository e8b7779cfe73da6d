#!/usr/bin/env bash
# Two processes on one SQLite-catalog lake, one of them kept open: it sees what the other commits in between
# without re-attaching: a new table, new rows, and a persisted option (here the inlining limit set to 0, after
# which its own next insert goes to a Parquet file instead of the catalog).
source "$(dirname "$0")/lib/helpers.bash" "$1"

LAKE="ATTACH 'ducklake:sqlite:lake.sqlite' AS l (DATA_PATH 'files/');"
mkfifo session.in
"$INLAKE" -csv -noheader < session.in > session.out 2>&1 &
session=$!
exec 3> session.in
echo "$LAKE CREATE TABLE l.a (x INTEGER); INSERT INTO l.a VALUES (1);" >&3
echo "SELECT 'first', count(*) FROM l.a;" >&3
for i in $(seq 1 50); do
	grep -q "^first," session.out && break
	sleep 0.1
done

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
