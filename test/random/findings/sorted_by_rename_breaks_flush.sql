-- FINDING: ALTER TABLE ... SET SORTED BY keeps the sort column's old name: after RENAME COLUMN (or DROP COLUMN) of that
-- column, every flush and CHECKPOINT of the table fails with "Binder Error: Referenced column "a" not found" (the
-- flush's COPY orders by the old name), so its inlined rows can no longer be flushed. (Inserts over the limit work.)
-- Run: rm -rf /tmp/r21 && mkdir /tmp/r21 && build/inlake < this file
ATTACH 'ducklake:/tmp/r21/lake.duckdb' AS l (DATA_PATH '/tmp/r21/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT, a INTEGER);
ALTER TABLE l.t SET SORTED BY (a DESC);
ALTER TABLE l.t RENAME COLUMN a TO b;
INSERT INTO l.t VALUES (1, 1), (2, 2);
CALL ducklake_flush_inlined_data('l');
INSERT INTO l.t SELECT i, i FROM range(3, 30) r(i);
ALTER TABLE l.t DROP COLUMN b;
INSERT INTO l.t VALUES (100);
CALL ducklake_flush_inlined_data('l');
SELECT count(*) FROM l.t;
