#!/usr/bin/env bash
# The lake's table-option statements DuckDB 1.4.4 cannot parse are rewritten by
# the shell: CREATE TABLE ... WITH (...) AS SELECT, ALTER TABLE [IF EXISTS] ... SET (...)
# and ALTER TABLE [IF EXISTS] ... RESET (...), with DuckDB's name resolution, atomically.
source "$(dirname "$0")/lib/helpers.bash" "$1"

ATTACH="ATTACH 'ducklake:$WORK_DIR/l.duckdb' AS l;"
# the table options of the lake, one "entry|key|value" line each
OPTIONS="SELECT scope_entry, option_name, value FROM ducklake_options('l') WHERE scope = 'table' ORDER BY ALL;"

# lake SQL: runs SQL on the lake (attached and in use), -list output
lake() {
	run -list -noheader -c "$ATTACH USE l; $1"
}

lake "CREATE TABLE initial_events WITH (data_inlining_row_limit = 100) AS SELECT 1 AS event_id; $OPTIONS"
expect_rc "CREATE TABLE WITH (...) AS SELECT" 0
expect_eq "the CTAS option is a table option" "main.initial_events|data_inlining_row_limit|100" "$OUT"

lake "SELECT event_id FROM initial_events"
expect_eq "the CTAS query ran" "1" "$OUT"

lake "CREATE TABLE IF NOT EXISTS initial_events WITH (data_inlining_row_limit = 5) AS SELECT 2 AS event_id; $OPTIONS"
expect_eq "CREATE TABLE IF NOT EXISTS ... WITH AS leaves an existing table alone" \
	"main.initial_events|data_inlining_row_limit|100" "$OUT"

lake "create or replace table initial_events
  with ( DATA_INLINING_ROW_LIMIT = 20 )
  as select 3 as event_id; SELECT event_id FROM initial_events; $OPTIONS"
expect_rc "CREATE OR REPLACE ... with (...) as, lower case and newlines" 0
expect_eq "CREATE OR REPLACE replaced the table and its option" "3
main.initial_events|data_inlining_row_limit|20" "$OUT"

lake "CREATE TABLE events (event_id INTEGER) WITH (data_inlining_row_limit = 100); ALTER TABLE events SET (data_inlining_row_limit = 50); $OPTIONS"
expect_rc "ALTER TABLE SET" 0
expect_eq "ALTER TABLE SET changes the option, and prints nothing" "main.events|data_inlining_row_limit|50
main.initial_events|data_inlining_row_limit|20" "$OUT"

lake "ALTER TABLE events RESET (data_inlining_row_limit); $OPTIONS"
expect_rc "ALTER TABLE RESET" 0
expect_eq "ALTER TABLE RESET removes the table option" "main.initial_events|data_inlining_row_limit|20" "$OUT"

run -list -noheader -c "$ATTACH ALTER TABLE l.main.events SET (data_inlining_row_limit = 11); $OPTIONS"
expect_eq "catalog.schema.table from another database" "main.events|data_inlining_row_limit|11
main.initial_events|data_inlining_row_limit|20" "$OUT"

run -list -noheader -c "$ATTACH ALTER TABLE l.events SET (data_inlining_row_limit = 12); $OPTIONS"
expect_eq "catalog.table: l is an attached database" "main.events|data_inlining_row_limit|12
main.initial_events|data_inlining_row_limit|20" "$OUT"

lake "ALTER TABLE l.events RESET (data_inlining_row_limit); ALTER TABLE main.initial_events RESET (data_inlining_row_limit); $OPTIONS"
expect_eq "catalog.table and schema.table in the current database" "" "$OUT"
expect_rc "the resets succeeded" 0

lake "CREATE SCHEMA s2; CREATE TABLE s2.\"My Table\" (a INTEGER);
ALTER TABLE s2.\"My Table\" SET (Data_Inlining_Row_Limit = 7, parquet_compression = 'zstd'); $OPTIONS"
expect_rc "several keys, another schema, a quoted name" 0
expect_eq "both keys are set on s2.\"My Table\"" "s2.My Table|data_inlining_row_limit|7
s2.My Table|parquet_compression|zstd" "$OUT"

lake "USE l.s2; ALTER TABLE \"My Table\" RESET (parquet_compression); $OPTIONS"
expect_eq "an unqualified name resolves in the current schema" "s2.My Table|data_inlining_row_limit|7" "$OUT"

lake "-- a comment first
ALTER   TABLE
  l.s2.\"My Table\"   /* and one inside */
  SET ( data_inlining_row_limit = 8 ,
        parquet_compression = 'snappy' -- trailing comment
  ); $OPTIONS"
expect_rc "comments, whitespace and newlines" 0
expect_eq "the options of the commented statement" "s2.My Table|data_inlining_row_limit|8
s2.My Table|parquet_compression|snappy" "$OUT"

lake "ALTER TABLE s2.\"My Table\" SET (data_inlining_row_limit = 9, no_such_option = 1)"
expect_contains "an unknown key is an error on stderr" "no_such_option" "$ERR"
expect_rc "an unknown key exits non-zero" 1
ERROR_LINES=$(grep -c "no_such_option" <<<"$ERR" || true)
expect_eq "the error is reported once" 1 "$ERROR_LINES"
lake "$OPTIONS"
expect_eq "a failed ALTER TABLE SET changes nothing (atomic)" "s2.My Table|data_inlining_row_limit|8
s2.My Table|parquet_compression|snappy" "$OUT"

lake "ALTER TABLE s2.\"My Table\" SET (data_inlining_row_limit = 10, no_such_option = 1); BEGIN TRANSACTION; SELECT 'still usable'; COMMIT"
expect_eq "after a failed ALTER, no transaction is left open" "still usable" "$OUT"
if [[ "$ERR" == *"no_such_option"* && "$ERR" != *"ransaction"* ]]; then
	echo "ok: only the ALTER's error, no transaction error after it"
else
	fail "unexpected errors after a failed ALTER: $ERR"
fi

lake "BEGIN TRANSACTION; ALTER TABLE s2.\"My Table\" SET (data_inlining_row_limit = 77, parquet_compression = 'gzip'); $OPTIONS ROLLBACK; $OPTIONS"
expect_rc "ALTER TABLE inside an explicit transaction" 0
expect_eq "inside the transaction the change shows, after ROLLBACK it is gone" "s2.My Table|data_inlining_row_limit|77
s2.My Table|parquet_compression|gzip
s2.My Table|data_inlining_row_limit|8
s2.My Table|parquet_compression|snappy" "$OUT"

lake "BEGIN; ALTER TABLE s2.\"My Table\" SET (data_inlining_row_limit = 78, no_such_option = 1); ROLLBACK; $OPTIONS"
expect_contains "a failed ALTER inside a transaction is an error" "no_such_option" "$ERR"
expect_eq "and the user's ROLLBACK drops it" "s2.My Table|data_inlining_row_limit|8
s2.My Table|parquet_compression|snappy" "$OUT"

# ALTER TABLE IF EXISTS is rewritten too (found by a hostile review: it reached DuckDB, which cannot parse it); a
# table that is not there is no error and changes nothing, as DuckDB's ALTER TABLE IF EXISTS
lake "ALTER TABLE IF EXISTS s2.\"My Table\" SET (data_inlining_row_limit = 5, parquet_compression = 'gzip'); $OPTIONS"
expect_rc "ALTER TABLE IF EXISTS SET of an existing table" 0
expect_eq "ALTER TABLE IF EXISTS SET changes the options" "s2.My Table|data_inlining_row_limit|5
s2.My Table|parquet_compression|gzip" "$OUT"

lake "alter table if exists l.s2.\"My Table\" reset (parquet_compression); $OPTIONS"
expect_eq "alter table if exists ... reset, lower case and qualified" "s2.My Table|data_inlining_row_limit|5" "$OUT"

lake "ALTER TABLE IF EXISTS missing_table SET (data_inlining_row_limit = 1); ALTER TABLE IF EXISTS nos.missing_table RESET (data_inlining_row_limit); SELECT 'went on'; $OPTIONS"
expect_rc "ALTER TABLE IF EXISTS of a missing table or schema" 0
expect_eq "is no error and changes nothing" "went on
s2.My Table|data_inlining_row_limit|5" "$OUT"
expect_eq "and prints nothing on stderr" "" "$ERR"

lake "CREATE TABLE \"if\" (a INTEGER); ALTER TABLE if SET (data_inlining_row_limit = 3); $OPTIONS DROP TABLE \"if\""
expect_eq "a table named if is still a table name" "main.if|data_inlining_row_limit|3
s2.My Table|data_inlining_row_limit|5" "$OUT"

lake "ALTER TABLE missing_table SET (data_inlining_row_limit = 1)"
expect_contains "a missing table is an error" "missing_table" "$ERR"
expect_rc "missing table exit status" 1

run -c "CREATE TABLE plain (a INTEGER); ALTER TABLE plain SET (data_inlining_row_limit = 1)"
expect_contains "a plain DuckDB table gets the lake's error" "is not a DuckLake catalog" "$ERR"
expect_rc "plain table exit status" 1

# statements that only look similar run unchanged
run -list -noheader -c "CREATE TABLE x AS WITH c AS (SELECT 1 AS a) SELECT * FROM c; SELECT a FROM x"
expect_eq "a CTAS whose query has a CTE is untouched" "1" "$OUT"
expect_rc "CTE CTAS exit status" 0

run -list -noheader -c "SELECT 'CREATE TABLE t WITH (k = 1) AS SELECT 1' AS s; SELECT 'ALTER TABLE t SET (k = 1)' AS s"
expect_eq "strings holding the forms are untouched" "CREATE TABLE t WITH (k = 1) AS SELECT 1
ALTER TABLE t SET (k = 1)" "$OUT"

# option text that would end the comment the rewrite puts it in is not rewritten, so it never runs as SQL of
# its own (found by the fuzzer: a value holding */ dropped a table)
printf '%s\n' "CREATE TABLE victim AS SELECT 1 AS x;" \
	'CREATE TABLE t WITH (parquet_compression = $$*/ AS SELECT 1 AS x -- )' \
	'; DROP TABLE victim; CREATE TABLE u /*$$) AS SELECT 2;' \
	"SELECT string_agg(table_name, ',' ORDER BY table_name) FROM duckdb_tables() WHERE table_name IN ('victim', 'u');" > injection.sql
run -list -noheader -f injection.sql
expect_eq "a */ in a CTAS option value cannot smuggle statements" "victim" "$(tail -n 1 <<< "$OUT")"

run -c "ALTER TABLE t SET SORTED BY (a)"
expect_contains "ALTER TABLE SET SORTED BY still reaches DuckDB" "t does not exist" "$ERR"

finish
