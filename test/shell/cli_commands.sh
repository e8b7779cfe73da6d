#!/usr/bin/env bash
# The DuckDB CLI's everyday dot commands and flags (issue 13): .databases, .open, .output, .once, .show,
# .columns/.rows, .maxwidth, .width, .changes, .tables over every attached lake, -s and -unsigned.
source "$(dirname "$0")/lib/helpers.bash" "$1"

run -list -noheader -c "ATTACH 'ducklake:lake_a.ducklake' AS lake_a" -c "ATTACH 'ducklake:sqlite:lake_b.sqlite' AS lake_b" \
	-c ".databases"
expect_eq ".databases lists the attached databases with their paths" "memory:
__ducklake_metadata_lake_a: lake_a.ducklake
lake_a: lake_a.ducklake
lake_b: lake_b.sqlite" "$OUT"

run -c "ATTACH 'ducklake:lake_a.ducklake' AS lake_a; ATTACH 'ducklake:sqlite:lake_b.sqlite' AS lake_b;
CREATE TABLE lake_a.alpha (i INTEGER); CREATE SCHEMA lake_b.side; CREATE TABLE lake_b.side.beta (j INTEGER);
CREATE TABLE local_gamma (k INTEGER);" -c ".tables"
expect_eq ".tables lists the tables of the current database first, then of every lake" "local_gamma       lake_a.alpha      lake_b.side.beta" "$OUT"
run -c "ATTACH 'ducklake:lake_a.ducklake' AS lake_a" -c ".tables al%"
expect_eq ".tables PATTERN matches the table name" "lake_a.alpha" "$OUT"

run -s "SELECT 40 + 2 AS answer" -list -noheader
expect_eq "-s runs a command and exits, like -c" "42" "$OUT"

run -unsigned -list -noheader -c "SELECT current_setting('allow_unsigned_extensions')"
expect_eq "-unsigned opens the database allowing unsigned extensions" "true" "$OUT"
run -list -noheader -c "SELECT current_setting('allow_unsigned_extensions')"
expect_eq "without -unsigned they are not allowed" "false" "$OUT"

run_input "CREATE TABLE kept (v INTEGER);
INSERT INTO kept VALUES (7);
.open second.duckdb
CREATE TABLE other (w INTEGER);
.open first.duckdb
SELECT v FROM kept;
.open
SELECT count(*) FROM duckdb_tables();
.open --readonly first.duckdb
INSERT INTO kept VALUES (8);
SELECT count(*) FROM kept;
" -list -noheader first.duckdb
expect_eq ".open switches databases (none: in memory; --readonly)" "7
0
1" "$OUT"
expect_contains ".open --readonly refuses writes" "read-only" "$ERR"

run_input ".open /nonexistent/folder/x.duckdb
SELECT 'still open';
" -list -noheader
expect_contains ".open of an impossible path names it" '/nonexistent/folder/x.duckdb' "$ERR"
expect_eq "a failed .open keeps the shell usable" "still open" "$OUT"

run_input ".output results.txt
SELECT 1 AS first;
SELECT 2 AS second;
.output
SELECT 3 AS third;
.once once.txt
SELECT 4 AS fourth;
SELECT 5 AS fifth;
" -list -noheader
expect_eq ".output and .once leave stdout with only what was not redirected" "3
5" "$OUT"
expect_eq ".output FILE gets every result until .output" "1
2" "$(cat results.txt)"
expect_eq ".once FILE gets the next result only" "4" "$(cat once.txt)"
run_input ".output /nonexistent/folder/out.txt
SELECT 6;
" -list -noheader
expect_contains ".output to an impossible path is an error naming it" '/nonexistent/folder/out.txt' "$ERR"
expect_eq "and output stays on stdout" "6" "$OUT"

run_input ".mode csv
.timer on
.show
" -noheader
expect_contains ".show shows the mode" "mode: csv" "$OUT"
expect_contains ".show shows the timer" "timer: on" "$OUT"
expect_contains ".show shows where output goes" "output: stdout" "$OUT"

run_input ".changes on
CREATE TABLE c (x INTEGER);
INSERT INTO c VALUES (1), (2), (3);
UPDATE c SET x = x + 1 WHERE x > 1;
.changes off
DELETE FROM c;
"
expect_eq ".changes prints the rows each statement and the session changed" "changes: 3   total_changes: 3
changes: 2   total_changes: 5" "$OUT"

run_input ".columns
SELECT 1 AS a, 'x' AS b;
.rows
SELECT 2 AS a;
"
expect_eq ".columns renders a row as a column, .rows back" "┌─────────┬─────────┬─────────┐
│ Column  │  Type   │  Row 1  │
├─────────┼─────────┼─────────┤
│ a       │ int32   │       1 │
│ b       │ varchar │       x │
└─────────┴─────────┴─────────┘
┌───────┐
│   a   │
│ int32 │
├───────┤
│     2 │
└───────┘" "$OUT"

wide_query="SELECT $(for i in 1 2 3 4 5 6 7 8; do printf "'xxxxxxxxxxxx' AS column_$i, "; done) 9 AS column_9;"
run_input ".maxwidth 60
$wide_query
"
expect_contains ".maxwidth hides the columns that do not fit" "9 columns (" "$OUT"
run_input ".maxwidth 0
$wide_query
"
expect_contains ".maxwidth 0 shows every column" "column_5" "$OUT"
run_input ".maxwidth wide
"
expect_contains ".maxwidth refuses a non-number" 'not a non-negative number: "wide"' "$ERR"

run_input ".mode table
.width 6 0 4
SELECT 1 AS a, 2 AS b, 3 AS c;
"
expect_eq ".width sets minimum column widths in table mode (numbers right-aligned)" "+--------+---+------+
|   a    | b |  c   |
+--------+---+------+
|      1 | 2 |    3 |
+--------+---+------+" "$OUT"
run_input ".mode table
.width -5 5
SELECT 'ab' AS s, 'cd' AS t;
"
expect_eq "a negative .width right-aligns its column" "+-------+-------+
|   s   |   t   |
+-------+-------+
|    ab | cd    |
+-------+-------+" "$OUT"

printf "SELECT count(*) FROM range(100000000000) a, range(10) b;\nSELECT 'after_the_slow_one' AS marker;\n" >slow.sql
set +e
OUT=$(timeout --preserve-status -s INT -k 10 2 "$INLAKE" -f slow.sql 2>"$WORK_DIR/.stderr")
RC=$?
set -e
ERR=$(cat "$WORK_DIR/.stderr")
expect_contains "Ctrl-C (SIGINT) interrupts a script's query" "Interrupted" "$ERR"
expect_eq "and the rest of the script does not run" "" "$OUT"
expect_rc "an interrupted script fails" 1

echo ".read self.sql" >self.sql
run -f self.sql
expect_contains "a .read of itself stops with an error, not a crash" 'files read inside each other more than 32 deep' "$ERR"
expect_rc "the recursive .read fails" 1

run -list -noheader -cmd ".separator \\t" -c "SELECT 1, 2"
expect_eq ".separator takes \\t for a tab" "$(printf '1\t2')" "$OUT"
run -list -noheader -separator '\t' -c "SELECT 3, 4"
expect_eq "-separator too" "$(printf '3\t4')" "$OUT"

run -c ".e"
expect_contains "an ambiguous prefix says so" '".e" is the start of more than one command' "$ERR"

run -list -noheader ducklake:as_database.ducklake -c "INSTALL ducklake; LOAD ducklake; CREATE TABLE t (i INTEGER); INSERT INTO t VALUES (5)" \
	-c "SELECT current_database(), i FROM t"
expect_eq "a ducklake: path as the database opens the lake (INSTALL/LOAD ducklake need no download)" "as_database|5" "$OUT"
run -readonly -list -noheader ducklake:as_database.ducklake -c "INSERT INTO t VALUES (6)"
expect_contains "-readonly attaches it read-only" "is attached READ_ONLY" "$ERR"

finish
