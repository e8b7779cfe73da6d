#!/usr/bin/env bash
# A PostgreSQL catalog's password may come from the connection string or from libpq's environment and files
# (PGPASSWORD, PGPASSFILE, PGSERVICE); in none of these ways does it appear in an error message, in inlake's own
# output, in duckdb_databases() or in the catalog (issue 12).
source "$(dirname "$0")/lib/helpers.bash" "$1"
require_postgres
DB=$(pg_database creds)
SECRET=inlake-secret-pw
BASE="$PG dbname=$DB user=inlake_pw"

no_password() { # NAME TEXT
	if [[ "$2" == *"$SECRET"* ]]; then fail "$1 shows the password"; else echo "ok: $1 does not show the password"; fi
}

run -csv -noheader -c "ATTACH 'ducklake:postgres:$BASE password=$SECRET' AS l (DATA_PATH 'files/'); CREATE TABLE l.t (i INTEGER); INSERT INTO l.t VALUES (1); SELECT path FROM duckdb_databases() WHERE database_name = 'l';"
expect_eq "a lake with the password in the connection string" "0" "$RC"
no_password "duckdb_databases()" "$OUT"
expect_contains "duckdb_databases() shows *** in its place" "password=***" "$OUT"

unset PGPASSWORD
export PGPASSWORD=$SECRET
run -csv -noheader -c "ATTACH 'ducklake:postgres:$BASE' AS l; SELECT count(*) FROM l.t; SELECT path FROM duckdb_databases() WHERE database_name = 'l';"
expect_eq "PGPASSWORD" "1" "$(head -1 <<< "$OUT")"
no_password "output with PGPASSWORD" "$OUT$ERR"
unset PGPASSWORD

echo "*:*:*:inlake_pw:$SECRET" > passfile
chmod 600 passfile
PGPASSFILE=$PWD/passfile run -csv -noheader -c "ATTACH 'ducklake:postgres:$BASE' AS l; SELECT count(*) FROM l.t;"
expect_eq "PGPASSFILE" "1" "$OUT"

printf '[lake]\nuser=inlake_pw\npassword=%s\n' "$SECRET" > services
PGSERVICEFILE=$PWD/services run -csv -noheader -c "ATTACH 'ducklake:postgres:$PG dbname=$DB service=lake' AS l; SELECT count(*) FROM l.t;"
expect_eq "PGSERVICE (service=)" "1" "$OUT"

# a wrong password: a clear error, without the password, and the shell goes on
run -csv -noheader -c "ATTACH 'ducklake:postgres:$BASE password=not-$SECRET-x' AS l;"
expect_contains "a wrong password is an error saying so" "password authentication failed" "$ERR"
no_password "the error of a wrong password" "$OUT$ERR"

# a failing statement on the lake: no password in its error either
run -csv -noheader -c "ATTACH 'ducklake:postgres:$BASE password=$SECRET' AS l; SELECT * FROM ducklake_catalog_table('l', 'nope');"
expect_contains "a failing catalog read is an error" "nope" "$ERR"
no_password "the error of a failing read" "$OUT$ERR"

# the catalog keeps no password
dump=$(psql -At "$PG dbname=$DB" -c "SELECT string_agg(key || '=' || value, ' ') FROM public.ducklake_metadata")
no_password "the catalog's ducklake_metadata" "$dump"
expect_contains "the catalog records the data path" "data_path=" "$dump"

exit $FAILURES
