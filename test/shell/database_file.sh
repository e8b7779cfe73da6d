#!/usr/bin/env bash
# A database file argument persists tables across runs; -readonly refuses
# writes; .tables lists the current schema's tables and views first, then the other schemas' (qualified);
# .schema shows the current database's catalog.
source "$(dirname "$0")/lib/helpers.bash" "$1"

run persist.duckdb -c "CREATE TABLE kept(id INTEGER, \"label\" VARCHAR); INSERT INTO kept VALUES (1, 'a'), (2, 'b');"
expect_rc "create in a database file" 0
if [[ -f persist.duckdb ]]; then echo "ok: database file exists"; else fail "database file was not created"; fi

run -csv persist.duckdb -c "SELECT id, label FROM kept ORDER BY id"
expect_eq "table persisted across runs" "id,label
1,a
2,b" "$OUT"

run -readonly persist.duckdb -c "INSERT INTO kept VALUES (3, 'c')"
expect_contains "-readonly refuses a write" "read-only mode" "$ERR"
expect_rc "-readonly write exit status" 1

run -readonly -csv -noheader persist.duckdb -c "SELECT count(*) FROM kept"
expect_eq "-readonly still reads, and the write did not happen" "2" "$OUT"
expect_rc "-readonly read exit status" 0

run persist.duckdb -c "CREATE VIEW kept_view AS SELECT id FROM kept; CREATE TABLE another(x DOUBLE); CREATE SCHEMA other; CREATE TABLE other.hidden(y INTEGER);"
run persist.duckdb -c ".tables"
expect_eq ".tables lists tables and views of the current schema, then those of others" "another       kept          kept_view     other.hidden" "$OUT"

run persist.duckdb -c ".tables kept%"
expect_eq ".tables with a pattern" "kept       kept_view" "$OUT"

run persist.duckdb -c ".schema kept"
expect_eq ".schema TABLE" "CREATE TABLE kept(id INTEGER, \"label\" VARCHAR);" "$OUT"

run persist.duckdb -c ".schema"
expect_eq ".schema" "CREATE TABLE another(x DOUBLE);
CREATE TABLE kept(id INTEGER, \"label\" VARCHAR);
CREATE VIEW kept_view AS SELECT id FROM kept;
CREATE TABLE other.hidden(y INTEGER);" "$OUT"

run_input "USE other;
.tables
" persist.duckdb
expect_eq ".tables follows USE" "hidden          main.another    main.kept       main.kept_view" "$OUT"

run -c ".tables"
expect_eq ".tables on an empty database" "" "$OUT"
expect_rc ".tables on an empty database exit status" 0

finish
