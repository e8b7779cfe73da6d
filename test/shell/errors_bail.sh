#!/usr/bin/env bash
# Errors: the message goes to stderr, the exit status is non-zero for -c,
# positional SQL, scripts and stdin; without -bail the input continues,
# with -bail (or .bail on) it stops at the first error.
source "$(dirname "$0")/lib/helpers.bash" "$1"

run -c "SELECT * FROM x"
expect_contains "error message on stderr" "Catalog Error: Table with name x does not exist!" "$ERR"
expect_eq "nothing on stdout for a failed statement" "" "$OUT"
expect_rc "-c error exit status" 1

run ":memory:" "SELECT * FROM x"
expect_rc "positional SQL error exit status" 1

run -c "SELEKT 1"
expect_contains "parser error" "Parser Error: syntax error at or near \"SELEKT\"" "$ERR"
expect_rc "parser error exit status" 1

LINE_COUNT=$(grep -c "^LINE 1:" <<<"$ERR" || true)
expect_eq "the error context is printed once" 1 "$LINE_COUNT"

run -c "SELECT 1"
expect_eq "no stderr on success" "" "$ERR"
expect_rc "success exit status" 0

INPUT="SELECT 1 AS a;
SELECT * FROM missing_table;
SELECT 2 AS b;
"
run_input "$INPUT" -list
expect_eq "without -bail, later statements still run" "a
1
b
2" "$OUT"
expect_contains "without -bail, the error is reported" "missing_table does not exist" "$ERR"
expect_rc "without -bail, exit status is still 1" 1

run_input "$INPUT" -list -bail
expect_eq "-bail stops at the first error" "a
1" "$OUT"
expect_rc "-bail exit status" 1

run_input ".bail on
$INPUT" -list
expect_eq ".bail on stops at the first error" "a
1" "$OUT"
expect_rc ".bail on exit status" 1

run -list -bail -c "SELECT 1 AS a; SELECT * FROM nope; SELECT 2 AS b"
expect_eq "-bail with -c stops within one argument" "a
1" "$OUT"
expect_rc "-bail with -c exit status" 1

run -list -c "SELECT 1 AS a; SELECT * FROM nope; SELECT 2 AS b"
expect_eq "-c without -bail continues" "a
1
b
2" "$OUT"
expect_rc "-c without -bail exit status" 1

printf 'SELECT 1;\nSELECT nope_column;\nSELECT 3;\n' > broken.sql
run -list -bail -f broken.sql
expect_eq "-bail with -f" "1
1" "$OUT"
expect_rc "-bail with -f exit status" 1

run_input "SELECT 1 AS a;
SELECT 'unterminated" -list
expect_contains "unterminated string at end of input is an error" "unterminated quoted string" "$ERR"
expect_rc "unterminated string exit status" 1

run -nosuchflag
expect_contains "unknown option" "unknown option: -nosuchflag" "$ERR"
expect_rc "unknown option exit status" 1

finish
