-- FINDING: a filter on a LIST column (l IS DISTINCT FROM [5]) over a flushed file fails with "Invalid Error: Out of
-- buffer" when the file holds a row an UPDATE had rewritten (here setting the list to NULL) before the flush; the
-- same SELECT without the filter, or before the flush, works. UPDATE ... WHERE on the list fails the same way.
-- Run: rm -rf /tmp/r24 && mkdir /tmp/r24 && build/inlake < this file
ATTACH 'ducklake:/tmp/r24/lake.duckdb' AS l (DATA_PATH '/tmp/r24/data/', DATA_INLINING_ROW_LIMIT 20);
CREATE TABLE l.t (k BIGINT, l INTEGER[], s VARCHAR);
INSERT INTO l.t VALUES (1, [1], 'a');
INSERT INTO l.t (k, s) VALUES (2, 'b');
UPDATE l.t SET l = NULL WHERE k = 2;
SELECT * FROM l.t WHERE l IS DISTINCT FROM [5];
CALL ducklake_flush_inlined_data('l');
SELECT * FROM l.t;
SELECT * FROM l.t WHERE l IS DISTINCT FROM [5];
UPDATE l.t SET s = 'c' WHERE l IS DISTINCT FROM [5];
