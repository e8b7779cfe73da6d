#!/usr/bin/env bash
# Round trips of a small inlined commit to a PostgreSQL catalog (issue 12): an INSERT of a few rows into a table
# that already has inlined rows costs 3 round trips (the transaction's snapshot; BEGIN with the transaction id;
# the lake's lock, the one statement that writes the commit, and COMMIT), whatever else the lake holds. Counted
# from INLAKE_PG_TRACE, which prints a line per round trip.
source "$(dirname "$0")/lib/helpers.bash" "$1"
require_postgres
DB=$(pg_database trips)
LAKE="ATTACH 'ducklake:postgres:$PG dbname=$DB' AS l (DATA_PATH 'files/');"

run -c "$LAKE CREATE TABLE l.t (i INTEGER, s VARCHAR); INSERT INTO l.t VALUES (0, 'first');
        CREATE TABLE l.other (k BIGINT); INSERT INTO l.other SELECT range FROM range(5);"
expect_eq "the lake is created" "0" "$RC"

round_trips() {
	INLAKE_PG_TRACE=1 run -c "$LAKE $1"
	grep -c "inlake pg round trip" <<<"$ERR" || true
}
one=$(round_trips "INSERT INTO l.t VALUES (1, 'a');")
three=$(round_trips "INSERT INTO l.t VALUES (2, 'b'); INSERT INTO l.t VALUES (3, 'c'), (4, 'd'); INSERT INTO l.t VALUES (5, 'e');")
expect_eq "each small inlined insert costs 3 round trips" "3" "$(((three - one) / 2))"

run -csv -noheader -c "$LAKE SELECT count(*), sum(i) FROM l.t; SELECT count(*) = max(snapshot_id) + 1 FROM ducklake_snapshots('l');"
expect_eq "every insert arrived, snapshots gapless" "$(printf '6,15\ntrue')" "$OUT"

# The one statement's conflict check reads the change rows after the transaction's snapshot through the primary
# key: no commit scans all of ducklake_snapshot_changes (a scan of the lake's whole history, under the lock, grew
# every commit's time with the number of snapshots). The server counts a table's sequential scans; each
# process's counts arrive when its connection ends.
seq_scans() {
	sleep 0.5
	psql -qAt "$PG dbname=$DB" -c "SELECT pg_stat_clear_snapshot(); SELECT seq_scan FROM pg_stat_user_tables
	  WHERE relname = 'ducklake_snapshot_changes'" | tail -1
}
inserts=""
for i in $(seq 10 29); do inserts+="INSERT INTO l.t VALUES ($i, 'x');"; done
before=$(seq_scans)
run -c "$LAKE INSERT INTO l.t VALUES (7, 'g');"
after_one=$(seq_scans)
run -c "$LAKE $inserts"
after_many=$(seq_scans)
expect_eq "the inserts were committed" "0" "$RC"
expect_eq "20 more one-statement commits scan ducklake_snapshot_changes no more than one does" \
	"$((after_one - before))" "$((after_many - after_one))"
run -csv -noheader -c "$LAKE SELECT count(*) FROM l.t"
expect_eq "every insert arrived" "27" "$OUT"

# snapshot times grow with snapshot ids whatever a writer's clock says: a snapshot an hour ahead, then a one-statement
# commit (the server's time under the lock) and a general one (the client's time) both come after it
psql -q "$PG dbname=$DB" -c "UPDATE public.ducklake_snapshot SET snapshot_time = snapshot_time + INTERVAL '1 hour'
  WHERE snapshot_id = (SELECT max(snapshot_id) FROM public.ducklake_snapshot)" >/dev/null
run -csv -noheader -c "$LAKE INSERT INTO l.t VALUES (6, 'f'); CREATE TABLE l.after (x INTEGER);
  SELECT bool_and(snapshot_time > previous) FROM (SELECT snapshot_time,
    lag(snapshot_time) OVER (ORDER BY snapshot_id) AS previous FROM ducklake_snapshots('l')) WHERE previous IS NOT NULL;"
expect_eq "snapshot times never go back" "true" "$OUT"

exit $FAILURES
