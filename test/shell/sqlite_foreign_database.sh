#!/usr/bin/env bash
# ATTACH 'ducklake:sqlite:' of a SQLite database that holds tables of its own (not a lake) is refused with an
# error naming the file, and leaves the database exactly as it was: same bytes (its journal mode included), no
# lock, WAL or shared-memory file beside it, no data folder.
source "$(dirname "$0")/lib/helpers.bash" "$1"

if ! command -v sqlite3 > /dev/null; then
	fail "the sqlite3 tool is missing (scripts/setup.sh installs it)"
	exit $FAILURES
fi
sqlite3 own.db "CREATE TABLE mine (x INTEGER); INSERT INTO mine VALUES (1);"
before=$(md5sum own.db)

run -c "ATTACH 'ducklake:sqlite:own.db' AS l;"
expect_eq "the attach fails" "1" "$RC"
if grep -q "own.db\" is a database with tables of its own, not a DuckLake catalog" <<< "$ERR"; then
	echo "ok: the error names the file and the problem"
else
	fail "unexpected error: $ERR"
fi
expect_eq "the database's bytes are unchanged" "$before" "$(md5sum own.db)"
expect_eq "nothing was created beside it" "own.db" "$(ls)"
expect_eq "its journal mode is unchanged" "delete" "$(sqlite3 own.db 'PRAGMA journal_mode')"

exit $FAILURES
