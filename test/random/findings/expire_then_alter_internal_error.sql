-- FINDING: when snapshot expiry removes every snapshot of the schema version under which a table's rows were inlined,
-- and the table's schema changes (ADD/RENAME COLUMN, before or after the expiry), every read of the table fails with
-- INTERNAL Error: Column with name "..." does not exist (from the optimizer's statistics,
-- RelationStatisticsHelper::GetDistinctCount), which invalidates the database.
-- Two repros; run each in a fresh directory: rm -rf /tmp/r7 && mkdir /tmp/r7 && build/inlake < this file
-- (the first SELECT already fails and invalidates the database; run the second part alone, in a new /tmp/r7, to see it).
-- 1) ALTER after the expiry:
ATTACH 'ducklake:/tmp/r7/lake.duckdb' AS l (DATA_PATH '/tmp/r7/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT, a INTEGER);
INSERT INTO l.t VALUES (1, 1);
ALTER TABLE l.t ADD COLUMN x INTEGER;
CALL ducklake_expire_snapshots('l', versions => [1, 2]);
ALTER TABLE l.t RENAME COLUMN a TO b;
SELECT * FROM l.t;
-- 2) ALTER before the expiry (snapshot 1 is the only one of the schema version the rows were inlined under):
-- ATTACH 'ducklake:/tmp/r7/lake.duckdb' AS l (DATA_PATH '/tmp/r7/data/', DATA_INLINING_ROW_LIMIT 10);
-- CREATE TABLE l.t (k BIGINT, a INTEGER);
-- CREATE TABLE l.t2 (k BIGINT);
-- INSERT INTO l.t VALUES (1, 1);
-- ALTER TABLE l.t ADD COLUMN x INTEGER;
-- CALL ducklake_expire_snapshots('l', versions => [1]);
-- SELECT * FROM l.t;
