#!/usr/bin/env bash
# A lake written by DuckDB 1.4.4's ducklake extension (catalog format 0.3: test/fixtures/ducklake-0.3, copied
# from ../shared/fixtures): inlake cannot migrate it yet, so ATTACH fails with an error naming the lake's
# format, the formats this build reads and the AUTOMATIC_MIGRATION option, and leaves every byte of the
# catalog as it was, with and without that option and READ_ONLY (issue 15, first bullet only).
FIXTURE="$(cd "$(dirname "$0")/../fixtures/ducklake-0.3" && pwd)"
source "$(dirname "$0")/lib/helpers.bash" "$1"

cp -r "$FIXTURE/data" "$WORK_DIR/data"
gunzip -c "$FIXTURE/lake.ducklake.gz" >"$WORK_DIR/lake.ducklake"
before=$(md5sum lake.ducklake)

for options in "" " (AUTOMATIC_MIGRATION true)" " (READ_ONLY)" " (DATA_PATH 'data/')"; do
	run -c "ATTACH 'ducklake:lake.ducklake' AS l$options"
	expect_contains "ATTACH$options names the lake's format and this build's" \
		"is DuckLake format version 0.3, older than the formats this build reads and writes (1.0, the default for new lakes, and 1.1)" "$ERR"
	expect_contains "ATTACH$options names the option" "AUTOMATIC_MIGRATION true" "$ERR"
	expect_rc "ATTACH$options fails" 1
	expect_eq "ATTACH$options leaves the catalog file as it was" "$before" "$(md5sum lake.ducklake)"
done
if [[ -e lake.ducklake.wal ]]; then fail "a WAL file was left beside the catalog"; else echo "ok: no WAL left"; fi
expect_eq "and the data files as they were" "$(cd "$FIXTURE/data" && find . -type f | sort)" "$(cd data && find . -type f | sort)"

run -c "ATTACH 'ducklake:lake.ducklake' AS l (AUTOMATIC_MIGRATION 'perhaps')"
expect_contains "a non-boolean AUTOMATIC_MIGRATION is refused, naming it" "AUTOMATIC_MIGRATION" "$ERR"

finish
