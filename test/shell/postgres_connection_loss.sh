#!/usr/bin/env bash
# A PostgreSQL catalog's connection lost during a commit (issue 12): lost before COMMIT reached the server, the
# catalog transaction is rolled back, the client gets a clear error and the next statement reconnects; lost
# after COMMIT was sent, the outcome is asked of the server (the commit's transaction id), so the commit is
# neither lost nor applied twice. A server-side statement timeout during a commit rolls it back the same way.
source "$(dirname "$0")/lib/helpers.bash" "$1"
require_postgres
DB=$(pg_database lost)
LAKE="ATTACH 'ducklake:postgres:$PG dbname=$DB' AS l (DATA_PATH 'files/');"

run -csv -noheader -c "$LAKE CREATE TABLE l.t (i INTEGER); INSERT INTO l.t VALUES (1);"
expect_eq "the lake is created" "0" "$RC"

# lost before COMMIT: an error, nothing committed, and the same session goes on
INLAKE_PG_FAULT=drop_before_commit run -csv -noheader -c "$LAKE INSERT INTO l.t VALUES (2);"
expect_contains "a connection lost before COMMIT is an error saying so" "rolled back" "$ERR"
if grep -q "exception_type" <<<"$ERR"; then
	fail "... in words, not DuckDB's JSON of an exception: $ERR"
fi
INLAKE_PG_FAULT=drop_before_commit run -csv -noheader -c "$LAKE INSERT INTO l.t VALUES (2); SELECT count(*), sum(i) FROM l.t;"
expect_eq "the next statement reconnects and sees nothing of the failed commit" "1,1" "$OUT"

# lost after COMMIT: the commit stands, once (a small inlined insert is written by one statement whose snapshot id
# the server assigns: it is found again by the transaction's id)
INLAKE_PG_FAULT=drop_after_commit run -csv -noheader -c "$LAKE INSERT INTO l.t VALUES (3); SELECT count(*), sum(i) FROM l.t;
  SELECT id = (SELECT max(snapshot_id) FROM ducklake_snapshots('l')) FROM l.last_committed_snapshot();"
expect_eq "a commit whose answer was lost is found committed (no error)" "0" "$RC"
expect_eq "... applied once, and known as this session's last commit" "$(printf '2,4\ntrue')" "$OUT"
run -csv -noheader -c "$LAKE SELECT count(*) = max(snapshot_id) + 1 FROM ducklake_snapshots('l');"
expect_eq "snapshot ids stay gapless" "true" "$OUT"

# a server-side timeout during a commit: another session locks the snapshot table past the timeout
psql -q "$PG dbname=$DB" -c "BEGIN; LOCK TABLE public.ducklake_snapshot IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(3); COMMIT;" >/dev/null 2>&1 &
locker=$!
sleep 0.5
run -csv -noheader -c "ATTACH 'ducklake:postgres:$PG dbname=$DB options=''-c statement_timeout=500''' AS l; INSERT INTO l.t VALUES (4);"
expect_contains "a statement timeout during the commit is an error" "statement timeout" "$ERR"
wait $locker
run -csv -noheader -c "$LAKE INSERT INTO l.t VALUES (5); SELECT count(*), sum(i) FROM l.t;"
expect_eq "the timed-out commit left nothing; the next one works" "3,9" "$OUT"

exit $FAILURES
