#!/usr/bin/env bash
# The catalog database's WAL stays small while a process commits many times (inlake checkpoints it once it passes
# 1 MB), and a process that ends normally leaves the catalog checkpointed, without a WAL to replay on the next
# ATTACH (the lake's internal connections must not keep the database instance alive past its close).
source "$(dirname "$0")/lib/helpers.bash" "$1"

{
	echo "ATTACH 'ducklake:lake.ducklake' AS lake (DATA_PATH 'files/');"
	echo "CREATE TABLE lake.t (id BIGINT, name VARCHAR);"
	for i in $(seq 1 2500); do
		echo "INSERT INTO lake.t VALUES ($i, 'n$i');"
	done
	echo "SELECT 'wal', CASE WHEN size < 1536 * 1024 THEN 'small' ELSE 'large: ' || size END FROM read_blob('lake.ducklake.wal');"
} > commits.sql
run -csv -noheader -f commits.sql
expect_eq "the WAL stays below 1.5 MB over 2,500 commits (~2 MB of WAL unless checkpointed) in one process" "wal,small" "$(grep '^wal' <<< "$OUT")"

if [[ -e lake.ducklake.wal ]]; then
	fail "a normal exit leaves a WAL of $(stat -c %s lake.ducklake.wal) bytes"
else
	echo "ok: a normal exit checkpoints the catalog database"
fi

run -csv -noheader -c "ATTACH 'ducklake:lake.ducklake' AS lake; SELECT count(*), sum(id) FROM lake.t;"
expect_eq "every commit is there after the restart" "2500,3126250" "$OUT"

exit $FAILURES
