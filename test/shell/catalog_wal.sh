#!/usr/bin/env bash
# The catalog database's WAL stays small while a process commits many times (inlake checkpoints it once it passes
# 256 KB), and a process that ends normally leaves the catalog checkpointed, without a WAL to replay on the next
# ATTACH (the lake's internal connections must not keep the database instance alive past its close).
source "$(dirname "$0")/lib/helpers.bash" "$1"

{
	echo "ATTACH 'ducklake:lake.ducklake' AS lake (DATA_PATH 'files/');"
	echo "CREATE TABLE lake.t (id BIGINT, name VARCHAR);"
	for i in $(seq 1 1500); do
		echo "INSERT INTO lake.t VALUES ($i, 'n$i');"
	done
	echo "SELECT 'wal', CASE WHEN size < 512 * 1024 THEN 'small' ELSE 'large: ' || size END FROM read_blob('lake.ducklake.wal');"
} > commits.sql
run -csv -noheader -f commits.sql
expect_eq "the WAL stays below 512 KB over 1,500 commits in one process" "wal,small" "$(grep '^wal' <<< "$OUT")"

if [[ -e lake.ducklake.wal ]]; then
	fail "a normal exit leaves a WAL of $(stat -c %s lake.ducklake.wal) bytes"
else
	echo "ok: a normal exit checkpoints the catalog database"
fi

run -csv -noheader -c "ATTACH 'ducklake:lake.ducklake' AS lake; SELECT count(*), sum(id) FROM lake.t;"
expect_eq "every commit is there after the restart" "1500,1125750" "$OUT"

exit $FAILURES
