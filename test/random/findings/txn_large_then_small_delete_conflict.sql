-- FINDING: one transaction that first deletes many rows of a data file (a delete file) and then a few more rows of the
-- same file (inlined deletion) fails at COMMIT with a spurious conflict ("rows of a data file this transaction deletes
-- from were deleted ... by a concurrent transaction") although no other transaction exists; nothing is committed.
-- (The opposite order, few rows then many, commits. Possibly the same root cause as defect 9, which needs a flush.)
-- Run: rm -rf /tmp/r11 && mkdir /tmp/r11 && build/inlake < this file
ATTACH 'ducklake:/tmp/r11/lake.duckdb' AS l (DATA_PATH '/tmp/r11/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT, v INTEGER);
INSERT INTO l.t SELECT i, i FROM range(100) r(i);
BEGIN;
DELETE FROM l.t WHERE k >= 50;
DELETE FROM l.t WHERE k IN (1, 2, 3);
COMMIT;
SELECT count(*) FROM l.t;
