#!/usr/bin/env bash
# LOAD inlake, or LOAD of a path to inlake.duckdb_extension, inside the inlake shell (which has the lake built
# in) is a no-op with a short notice, instead of failing on function overloads that already exist (issue 31).
source "$(dirname "$0")/lib/helpers.bash" "$1"
EXTENSION="$(dirname "$INLAKE")/inlake.duckdb_extension"

run -list -noheader -c "LOAD inlake" -c "SELECT 'after load'"
expect_contains "LOAD inlake says the lake is built in" "this shell has the lake built in" "$ERR"
expect_eq "and the statements after it run" "after load" "$OUT"
expect_rc "LOAD inlake succeeds" 0

run -unsigned -list -noheader -c "LOAD '$EXTENSION'" -c "ATTACH 'ducklake:lake.ducklake' AS lake" \
	-c "CREATE TABLE lake.t AS SELECT 1 AS i" -c "SELECT i FROM lake.t"
expect_contains "LOAD of the extension file says so too" "this shell has the lake built in" "$ERR"
if [[ "$ERR" == *"already exists"* ]]; then
	fail "LOAD of the extension file failed: $ERR"
fi
expect_eq "and the lake works after it" "1" "$OUT"
expect_rc "LOAD of the extension file succeeds" 0

run -list -noheader -c "load 'Inlake.DuckDB_Extension'; SELECT 2"
expect_contains "any case, as a string" "this shell has the lake built in" "$ERR"
expect_eq "the statement after it in the same line runs" "2" "$OUT"

run -list -noheader -c "LOAD 'not_inlake.duckdb_extension'"
if [[ "$ERR" == *"built in"* ]]; then
	fail "LOAD of another extension was taken for inlake: $ERR"
fi
expect_rc "LOAD of another extension is left to DuckDB (and fails here)" 1

finish
