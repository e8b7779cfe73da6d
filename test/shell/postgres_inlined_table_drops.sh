#!/usr/bin/env bash
# Inlined tables a flush leaves empty are dropped on a PostgreSQL catalog without failing readers (found by the
# hostile review: a reader that had found an inlined table registered failed with "relation ... does not exist"
# when a flush dropped it before the reader read it). Readers hold a shared advisory lock from their BEGIN; the
# drop takes it exclusively (waiting at most 100 ms) and otherwise stays pending; tables whose drop never ran
# (the process ended) are dropped by a later commit that drops inlined tables, and only those: the registry
# ducklake_inlined_data_tables and registered tables stay.
source "$(dirname "$0")/lib/helpers.bash" "$1"
require_postgres
DB=$(pg_database drops)
LAKE="ATTACH 'ducklake:postgres:$PG dbname=$DB' AS l (DATA_PATH 'files/');"

run -c "$LAKE CREATE TABLE l.t (id INTEGER); INSERT INTO l.t SELECT range FROM range(5);"
expect_eq "the lake is created" "0" "$RC"

# a writer adding columns and inserting (each ALTER starts a new inlined table), a flusher, a reader
{ echo "$LAKE"; for i in $(seq 1 30); do echo "ALTER TABLE l.t ADD COLUMN c$i INTEGER; INSERT INTO l.t (id) VALUES ($i);"; done; } |
	"$INLAKE" >/dev/null 2>writer.err &
writer=$!
{ echo "$LAKE"; for i in $(seq 1 30); do echo "CALL ducklake_flush_inlined_data('l');"; done; } | "$INLAKE" >/dev/null 2>flusher.err &
flusher=$!
reads=$({ echo "$LAKE"; for i in $(seq 1 600); do echo "SELECT count(*) FROM l.t;"; done; } | "$INLAKE" -list 2>&1)
wait $writer $flusher
expect_eq "no read failed while inlined tables were dropped" "0" "$(grep -ci error <<<"$reads" || true)"
expect_eq "no write or flush failed" "" "$(cat writer.err flusher.err)"

# a leftover of an ended process (an unregistered inlined data table) goes with the next commit that drops one
psql -q "$PG dbname=$DB" -c "CREATE TABLE public.ducklake_inlined_data_1_999 (x INTEGER)" >/dev/null
run -csv -noheader -c "$LAKE ALTER TABLE l.t ADD COLUMN last INTEGER; INSERT INTO l.t (id) VALUES (1000);
  CALL ducklake_flush_inlined_data('l');"
expect_eq "the last flush ran" "0" "$RC"
run -csv -noheader -c "$LAKE SELECT count(*), count(DISTINCT rowid), sum(id) FROM l.t;"
expect_eq "every row is there once" "36,36,1475" "$OUT"
leftovers=$(psql -Atq "$PG dbname=$DB" -c "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND
  tablename ~ '^ducklake_inlined_data_[0-9]+_[0-9]+$' AND tablename NOT IN
  (SELECT table_name FROM public.ducklake_inlined_data_tables)")
expect_eq "no unregistered inlined table is left" "0" "$leftovers"
run -csv -noheader -c "$LAKE INSERT INTO l.t (id) VALUES (1001); SELECT count(*) FROM l.t;"
expect_eq "the lake works on (its registry of inlined tables is there)" "37" "$OUT"

exit $FAILURES
