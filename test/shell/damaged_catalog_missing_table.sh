#!/usr/bin/env bash
# A SQLite or PostgreSQL catalog whose inlined data table was dropped by hand (the ATTACH cannot tell: it checks
# the spec's tables only) fails every statement that reads or writes the table's inlined rows with an error that
# names the missing table and says the catalog is damaged, as the ATTACH says of a catalog that lacks ducklake_*
# tables, without the internal statement (hostile review: PostgreSQL showed its raw error with the DECLARE ...
# CURSOR statement inlake sent; SQLite its raw error with the statement). A failed statement leaves the lake as it
# was. The PostgreSQL part runs when INLAKE_TEST_PG names a test server.
source "$(dirname "$0")/lib/helpers.bash" "$1"

if ! command -v sqlite3 >/dev/null; then
	fail "the sqlite3 tool is missing (scripts/setup.sh installs it)"
	exit $FAILURES
fi

# check_damaged BACKEND LAKE: the lake's table t has inlined rows in ducklake_inlined_data_1_1, which is gone
check_damaged() {
	local backend=$1 lake=$2 statement
	local damaged="is damaged: it lacks the catalog table ducklake_inlined_data_1_1"
	run -csv -noheader -c "$lake SELECT count(*) FROM ducklake_snapshots('l');"
	local snapshots=$OUT
	for statement in "SELECT * FROM l.t" "SELECT count(*) FROM l.t WHERE id > 1" "INSERT INTO l.t VALUES (4)" \
		"DELETE FROM l.t WHERE id = 1" "UPDATE l.t SET id = 7" "CALL ducklake_flush_inlined_data('l')"; do
		run -c "$lake $statement;"
		expect_eq "$backend: $statement fails" "1" "$RC"
		expect_contains "$backend: $statement names the missing table" "$damaged" "$ERR"
		if grep -qiE "running:|DECLARE|CURSOR|LINE 1" <<<"$ERR"; then
			fail "$backend: $statement shows the internal statement: $ERR"
		fi
	done
	run -csv -noheader -c "$lake SELECT count(*) FROM ducklake_snapshots('l');"
	expect_eq "$backend: the failed statements committed nothing" "$snapshots" "$OUT"
	run -csv -noheader -c "$lake CREATE TABLE l.u AS SELECT 1 AS x; SELECT * FROM l.u;"
	expect_eq "$backend: the lake's other tables work on" "1" "$OUT"
}

run -c "ATTACH 'ducklake:sqlite:lake.sqlite' AS l (DATA_PATH 'sqlite_files/');
  CREATE TABLE l.t (id INTEGER); INSERT INTO l.t VALUES (1), (2), (3);"
expect_rc "sqlite: the lake is created" 0
sqlite3 lake.sqlite "DROP TABLE ducklake_inlined_data_1_1"
check_damaged sqlite "ATTACH 'ducklake:sqlite:lake.sqlite' AS l;"

if [[ -z "${INLAKE_TEST_PG:-}" ]]; then
	echo "SKIPPED the PostgreSQL part: no PostgreSQL test server (INLAKE_TEST_PG)"
	exit $FAILURES
fi
require_postgres
DB=$(pg_database damaged)
LAKE="ATTACH 'ducklake:postgres:$PG dbname=$DB' AS l (DATA_PATH 'pg_files/');"
run -c "$LAKE CREATE TABLE l.t (id INTEGER); INSERT INTO l.t VALUES (1), (2), (3);"
expect_rc "postgres: the lake is created" 0
psql -q "$PG dbname=$DB" -c "DROP TABLE public.ducklake_inlined_data_1_1" >/dev/null
check_damaged postgres "$LAKE"

exit $FAILURES
