-- FINDING: after expiring the snapshots that created a table and inlined its rows, an ALTER (RENAME COLUMN or ADD
-- COLUMN) makes every read of the table fail with INTERNAL Error: Column with name "b" does not exist (raised from
-- the optimizer's statistics, RelationStatisticsHelper::GetDistinctCount); the database is invalidated.
-- Run: rm -rf /tmp/r7 && mkdir /tmp/r7 && build/inlake < this file
ATTACH 'ducklake:/tmp/r7/lake.duckdb' AS l (DATA_PATH '/tmp/r7/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT, a INTEGER);
INSERT INTO l.t VALUES (1, 1);
ALTER TABLE l.t ADD COLUMN x INTEGER;
CALL ducklake_expire_snapshots('l', versions => [1, 2]);
ALTER TABLE l.t RENAME COLUMN a TO b;
SELECT * FROM l.t;
