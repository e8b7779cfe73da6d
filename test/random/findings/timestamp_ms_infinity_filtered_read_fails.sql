-- FINDING: once a TIMESTAMP_MS infinity or -infinity is in a Parquet file, every query that reads that column with a
-- filter on the table fails with "Conversion Error: Could not convert Timestamp(MS) to Timestamp(US)" (an unfiltered
-- SELECT works). UPDATE ... FROM / DELETE ... WHERE over such a table fail the same way. TIMESTAMP_NS, TIMESTAMP,
-- TIMESTAMPTZ and DATE infinities are read fine.
-- Run: rm -rf /tmp/r17 && mkdir /tmp/r17 && build/inlake < this file
ATTACH 'ducklake:/tmp/r17/lake.duckdb' AS l (DATA_PATH '/tmp/r17/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT, ts TIMESTAMP_MS, v INTEGER);
INSERT INTO l.t VALUES (1, '2001-09-14 04:52:33'::TIMESTAMP_MS, NULL), (2, 'infinity'::TIMESTAMP_MS, 1), (3, NULL, 2);
CALL ducklake_flush_inlined_data('l');
SELECT ts FROM l.t ORDER BY k;
SELECT ts FROM l.t WHERE v IS NULL;
SELECT ts FROM l.t WHERE k = 2;
