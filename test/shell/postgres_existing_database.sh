#!/usr/bin/env bash
# A lake can be created in a PostgreSQL database (or METADATA_SCHEMA) that already holds other applications'
# tables, as DuckLake users do: those tables stay exactly as they were, and the lake's tables are the ducklake_*
# ones. Where a table (or view, sequence) named ducklake_* is in the way without a DuckLake catalog, the ATTACH is
# refused, naming it and METADATA_SCHEMA, and nothing is created.
source "$(dirname "$0")/lib/helpers.bash" "$1"
require_postgres
DB=$(pg_database existing)
psql -q "$PG dbname=$DB" -c "CREATE TABLE public.customers (id INTEGER PRIMARY KEY, name TEXT);
  INSERT INTO public.customers VALUES (1, 'ann'), (2, 'bob');
  CREATE VIEW public.customer_names AS SELECT name FROM public.customers;
  CREATE SCHEMA app; CREATE TABLE app.orders (id INTEGER); CREATE SEQUENCE app.ducklake_counter;" >/dev/null
LAKE="ATTACH 'ducklake:postgres:$PG dbname=$DB' AS l (DATA_PATH 'files/');"

run -csv -noheader -c "$LAKE CREATE TABLE l.t (id INTEGER); INSERT INTO l.t VALUES (1), (2), (3);
  CALL ducklake_flush_inlined_data('l'); INSERT INTO l.t VALUES (4); SELECT count(*), sum(id) FROM l.t;"
expect_eq "a lake is created beside the database's own tables" $'main,t,3\n4,10' "$OUT"
expect_eq "the database's table is unchanged" "1|ann,2|bob" \
  "$(psql -Atq "$PG dbname=$DB" -c "SELECT string_agg(id || '|' || name, ',' ORDER BY id) FROM public.customers")"
expect_eq "its view still reads" "2" "$(psql -Atq "$PG dbname=$DB" -c "SELECT count(*) FROM public.customer_names")"
run -csv -noheader -c "$LAKE SELECT count(*) FROM l.t; SELECT table_name FROM duckdb_tables() WHERE database_name = 'l';"
expect_eq "attached again, the lake shows its own tables only" $'4\nt' "$OUT"
non_lake=$(psql -Atq "$PG dbname=$DB" -c "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables
  WHERE schemaname = 'public' AND tablename NOT LIKE 'ducklake\_%'")
expect_eq "every table the lake made is named ducklake_*" "customers" "$non_lake"

# a schema with a ducklake_* object but no catalog: refused, naming it, and the schema is left as it was
before=$(psql -Atq "$PG dbname=$DB" -c "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'app'")
run -c "ATTACH 'ducklake:postgres:$PG dbname=$DB' AS a (DATA_PATH 'files2/', METADATA_SCHEMA 'app');"
expect_rc "a schema with ducklake_counter is refused" 1
expect_contains "the refusal names the object and METADATA_SCHEMA" \
  "holds ducklake_counter in schema \"app\" but no DuckLake catalog" "$ERR"
expect_contains "and says what to do" "choose another METADATA_SCHEMA" "$ERR"
expect_eq "nothing was created in that schema" "$before" "$(psql -Atq "$PG dbname=$DB" -c "SELECT count(*) FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'app'")"
finish
