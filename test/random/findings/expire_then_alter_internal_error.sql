-- FINDING: when snapshot expiry removes every snapshot of a schema version under which a table's rows were (or later
-- are) inlined,
-- and the table's schema changes (ADD/RENAME/DROP COLUMN, before or after the expiry), reads of the table (now, or
-- time travel to an earlier snapshot that is still retained) fail with INTERNAL Error: Column with name "..." does
-- not exist (from the optimizer's statistics, RelationStatisticsHelper::GetDistinctCount), which invalidates the
-- database. Four repros (each part in its own fresh /tmp/r7 and shell run; uncomment parts 2 to 4 to run them).
-- Run: rm -rf /tmp/r7 && mkdir /tmp/r7 && build/inlake < this file
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
-- 3) Time travel to a retained snapshot, after expiring every snapshot of the schema version in between:
-- ATTACH 'ducklake:/tmp/r7/lake.duckdb' AS l (DATA_PATH '/tmp/r7/data/', DATA_INLINING_ROW_LIMIT 10);
-- CREATE TABLE l.t (k BIGINT, a INTEGER, b INTEGER);
-- INSERT INTO l.t VALUES (1, 10, 100);
-- ALTER TABLE l.t DROP COLUMN b;
-- INSERT INTO l.t VALUES (2, 20);
-- ALTER TABLE l.t ADD COLUMN c INTEGER;
-- SELECT * FROM l.t AT (VERSION => 2);
-- CALL ducklake_expire_snapshots('l', versions => [3, 4]);
-- SELECT * FROM l.t AT (VERSION => 2);
-- 4) Expire the snapshot of a DROP COLUMN, insert, time travel to before the drop:
-- ATTACH 'ducklake:/tmp/r7/lake.duckdb' AS l (DATA_PATH '/tmp/r7/data/', DATA_INLINING_ROW_LIMIT 10);
-- CREATE TABLE l.t (k BIGINT, a INTEGER, b INTEGER);
-- ALTER TABLE l.t DROP COLUMN b;
-- CREATE TABLE l.t2 (k BIGINT);
-- CALL ducklake_expire_snapshots('l', versions => [2]);
-- INSERT INTO l.t VALUES (1, 10);
-- SELECT * FROM l.t;
-- SELECT * FROM l.t AT (VERSION => 1);
