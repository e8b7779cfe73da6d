#!/usr/bin/env bash
# A lake written by DuckDB 1.4.4's ducklake extension (catalog format 0.3: test/fixtures/ducklake-0.3, copied
# from ../shared/fixtures). Without AUTOMATIC_MIGRATION the ATTACH fails with an error naming the lake's format,
# the format this build writes and the options, and leaves every byte of the catalog as it was. A process killed
# (SIGKILL) at several points in the middle of the migration leaves a lake that is still format 0.3 and reads
# as before; the migration then succeeds. (test/sql/migration/ducklake_0_3_fixture.test checks the migration's
# result snapshot by snapshot.)
FIXTURE="$(cd "$(dirname "$0")/../fixtures/ducklake-0.3" && pwd)"
source "$(dirname "$0")/lib/helpers.bash" "$1"

cp -r "$FIXTURE/data" "$WORK_DIR/data"
gunzip -c "$FIXTURE/lake.ducklake.gz" >"$WORK_DIR/lake.ducklake"
before=$(md5sum lake.ducklake)

for options in "" " (AUTOMATIC_MIGRATION false)" " (DATA_PATH 'data/')"; do
	run -c "ATTACH 'ducklake:lake.ducklake' AS l$options"
	expect_contains "ATTACH$options names the lake's format and this build's" \
		"is DuckLake format version 0.3, older than the format this build writes (1.0)" "$ERR"
	expect_contains "ATTACH$options names the options" "AUTOMATIC_MIGRATION true" "$ERR"
	expect_contains "ATTACH$options names READ_ONLY" "READ_ONLY to read it without changing it" "$ERR"
	expect_rc "ATTACH$options fails" 1
	expect_eq "ATTACH$options leaves the catalog file as it was" "$before" "$(md5sum lake.ducklake)"
done
if [[ -e lake.ducklake.wal ]]; then fail "a WAL file was left beside the catalog"; else echo "ok: no WAL left"; fi
expect_eq "and the data files as they were" "$(cd "$FIXTURE/data" && find . -type f | sort)" "$(cd data && find . -type f | sort)"

# with AUTOMATIC_MIGRATION, an ATTACH that fails for another reason fails before migrating: nothing changes
for case in "DATA_PATH 'other/'|is not the data path" "DUCKLAKE_VERSION '1.1'|DUCKLAKE_VERSION '1.1' was given" \
	"SNAPSHOT_VERSION 99|SNAPSHOT_VERSION 99 does not exist" "SNAPSHOT_TIME '1999-01-01'|no snapshot at or before"; do
	run -c "ATTACH 'ducklake:lake.ducklake' AS l (AUTOMATIC_MIGRATION true, ${case%%|*})"
	expect_contains "AUTOMATIC_MIGRATION with ${case%%|*} fails, saying why" "${case#*|}" "$ERR"
	expect_eq "and leaves the catalog file as it was" "$before" "$(md5sum lake.ducklake)"
done
# attached at a snapshot, an older lake is read as it is (as READ_ONLY)
run -csv -noheader -c "ATTACH 'ducklake:lake.ducklake' AS l (SNAPSHOT_VERSION 4); SELECT count(*) FROM l.events"
expect_eq "SNAPSHOT_VERSION reads the older lake at that snapshot" "982" "$OUT"
expect_eq "without changing the catalog file" "$before" "$(md5sum lake.ducklake)"

run -c "ATTACH 'ducklake:lake.ducklake' AS l (AUTOMATIC_MIGRATION 'perhaps')"
expect_contains "a non-boolean AUTOMATIC_MIGRATION is refused, naming it" "AUTOMATIC_MIGRATION" "$ERR"

# what the lake holds: every table at a few snapshots, as text
contents="SELECT count(*), sum(id), max(category) FROM l.events; SELECT count(*) FROM l.events AT (VERSION => 4);
SELECT count(*), sum(k), max(d) FROM l.s2.nested AT (VERSION => 13); SELECT count(*) FROM l.s2.nested;"
run -csv -c "ATTACH 'ducklake:lake.ducklake' AS l (READ_ONLY); $contents"
expect_rc "READ_ONLY reads the 0.3 lake" 0
expected_contents=$OUT
expect_eq "READ_ONLY leaves the catalog file as it was" "$before" "$(md5sum lake.ducklake)"

# killed in the middle of the migration (the hook raises SIGKILL after the Nth statement of the migration)
for at in 1 3 6 11 17 22; do
	set +e
	INLAKE_TEST_KILL_MIGRATION_AT=$at "$INLAKE" -c "ATTACH 'ducklake:lake.ducklake' AS l (AUTOMATIC_MIGRATION true)" \
		</dev/null >/dev/null 2>&1
	RC=$?
	set -e
	expect_rc "the migration killed after statement $at" 137
	run -csv -noheader -c "ATTACH 'lake.ducklake' AS raw (READ_ONLY); SELECT value FROM raw.ducklake_metadata WHERE key = 'version'"
	expect_eq "killed after statement $at: the catalog is still format 0.3" "0.3" "$OUT"
	run -csv -c "ATTACH 'ducklake:lake.ducklake' AS l (READ_ONLY); $contents"
	expect_eq "killed after statement $at: the lake reads as before" "$expected_contents" "$OUT"
done

run -csv -c "ATTACH 'ducklake:lake.ducklake' AS l (AUTOMATIC_MIGRATION true); $contents"
expect_rc "then the migration succeeds" 0
expect_eq "and the migrated lake reads as before" "$expected_contents" "$OUT"
run -csv -noheader -c "ATTACH 'lake.ducklake' AS raw (READ_ONLY); SELECT value FROM raw.ducklake_metadata WHERE key = 'version'"
expect_eq "the catalog is format 1.0 now" "1.0" "$OUT"

finish
