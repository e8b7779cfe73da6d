-- FINDING: INTERVAL values lose their sub-millisecond part once written to Parquet (flush, or an insert over the limit);
-- the inlined value showed 00:00:00.123456, after the flush the table and time travel to the same snapshot show 00:00:00.123.
-- Paths are under /tmp/r2: rm -rf /tmp/r2 && mkdir -p /tmp/r2 before running build/inlake < this file.
ATTACH 'ducklake:/tmp/r2/lake.duckdb' AS l (DATA_PATH '/tmp/r2/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT, iv INTERVAL);
INSERT INTO l.t VALUES (1, INTERVAL '1 day 00:00:00.123456');
SELECT * FROM l.t;
CALL ducklake_flush_inlined_data('l');
SELECT * FROM l.t;
SELECT * FROM l.t AT (VERSION => 2);
