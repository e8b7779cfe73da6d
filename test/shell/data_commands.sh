#!/usr/bin/env bash
# .import FILE TABLE (DuckDB's read_csv into a new or an existing table, a lake's included) and .dump (a DuckDB
# database as SQL that rebuilds it; refused for a lake), issue 31.
source "$(dirname "$0")/lib/helpers.bash" "$1"

printf 'id,name\n1,apple\n2,pear\n' >fruit.csv
printf 'skip me\nid,name\n3,plum\n' >skipped.csv

run -list -noheader -c ".import fruit.csv fruit" -c "SELECT id, name, typeof(id) FROM fruit ORDER BY id"
expect_eq ".import creates a new table from the file, header and types sniffed" "1|apple|BIGINT
2|pear|BIGINT" "$OUT"
expect_rc ".import exit status" 0

run -list -noheader -c "CREATE TABLE kept (k INTEGER, label VARCHAR); INSERT INTO kept VALUES (0, 'zero')" \
	-c ".import --csv fruit.csv kept" -c ".import --skip 1 skipped.csv kept" -c "SELECT k, label FROM kept ORDER BY k"
expect_eq ".import appends to an existing table (--csv accepted, --skip N skips lines)" "0|zero
1|apple
2|pear
3|plum" "$OUT"

run -list -noheader -c "ATTACH 'ducklake:lake.ducklake' AS lake; CREATE TABLE lake.items (id INTEGER, name VARCHAR)" \
	-c ".import fruit.csv lake.items" -c "SELECT name FROM lake.items ORDER BY id"
expect_eq ".import into a lake's table" "apple
pear" "$OUT"

run -list -noheader -c "CREATE TABLE kept (k INTEGER)" -c ".import missing.csv kept" -c "SELECT count(*) FROM kept"
expect_contains ".import of a missing file names it" 'cannot import "missing.csv" into kept' "$ERR"
expect_eq "and the table stays as it was" "0" "$OUT"
expect_rc "a failed .import fails" 1

printf 'k\nnot a number\n' >bad.csv
run -list -noheader -c "CREATE TABLE kept (k INTEGER); INSERT INTO kept VALUES (7)" -c ".import bad.csv kept" \
	-c "SELECT count(*) FROM kept"
expect_contains "a file that does not fit the table is an error" 'cannot import "bad.csv" into kept' "$ERR"
expect_eq "and nothing of it is inserted" "1" "$OUT"

run -c ".import fruit.csv"
expect_contains ".import without a table prints its usage" "Usage: .import ?--csv? ?--skip N? FILE TABLE" "$ERR"
run -c ".import --bogus fruit.csv t"
expect_contains ".import names an unknown option" "unknown option to .import: --bogus" "$ERR"

run -c "CREATE SCHEMA side; CREATE TABLE side.t (i INTEGER, v VARCHAR, d DOUBLE);
INSERT INTO side.t VALUES (1, 'it''s
two lines', 'inf'), (NULL, NULL, 2.5);
CREATE TABLE \"select\" (x INTEGER); INSERT INTO \"select\" VALUES (3);
CREATE VIEW both_tables AS SELECT i, x FROM side.t, \"select\"" -c ".dump"
expect_eq ".dump prints the database as SQL" "BEGIN TRANSACTION;
CREATE SCHEMA \"side\";
CREATE TABLE side.t(i INTEGER, v VARCHAR, d DOUBLE);
INSERT INTO side.t VALUES(1,concat('it''s', chr(10), 'two lines'),'inf');
INSERT INTO side.t VALUES(NULL,NULL,2.5);
CREATE TABLE \"select\"(x INTEGER);
INSERT INTO \"select\" VALUES(3);
CREATE VIEW both_tables AS SELECT i, x FROM side.t , \"select\";
COMMIT;" "$OUT"
printf '%s\n' "$OUT" >dump.sql
run -list -noheader -cmd ".read dump.sql" -c "SELECT i, v = 'it''s' || chr(10) || 'two lines', d FROM side.t ORDER BY i" \
	-c "SELECT count(*) FROM both_tables"
expect_eq "the dump rebuilds the tables, their rows and the view" "1|true|inf
||2.5
2" "$OUT"

run -c "CREATE TABLE alpha (a INTEGER); INSERT INTO alpha VALUES (1); CREATE TABLE beta (b INTEGER)" -c ".dump al%"
expect_eq ".dump PATTERN dumps the matching tables" "BEGIN TRANSACTION;
CREATE TABLE alpha(a INTEGER);
INSERT INTO alpha VALUES(1);
COMMIT;" "$OUT"

run ducklake:lake.ducklake -c ".dump"
expect_contains ".dump of a lake says it is not supported" '.dump is not supported for lake catalogs: the current database "lake" is a lake' "$ERR"
expect_eq "and prints nothing" "" "$OUT"
expect_rc ".dump of a lake fails" 1

finish
