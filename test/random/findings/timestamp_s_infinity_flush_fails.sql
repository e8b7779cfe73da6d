-- FINDING: a TIMESTAMP_S column holding infinity or -infinity cannot be written to Parquet: the flush (and CHECKPOINT,
-- and any insert over the inlining limit) fails with "Conversion Error: Could not convert Timestamp(S) to
-- Timestamp(US)", so the table's inlined rows can never be flushed. TIMESTAMP_MS/_NS, TIMESTAMP, TIMESTAMPTZ and
-- DATE infinities flush fine. (DuckDB's own COPY ... TO 'x.parquet' of such a value fails the same way.)
-- Run: rm -rf /tmp/r8 && mkdir /tmp/r8 && build/inlake < this file
ATTACH 'ducklake:/tmp/r8/lake.duckdb' AS l (DATA_PATH '/tmp/r8/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT, ts TIMESTAMP_S);
INSERT INTO l.t VALUES (1, '-infinity'::TIMESTAMP_S), (2, 'infinity'::TIMESTAMP_S);
CALL ducklake_flush_inlined_data('l');
CHECKPOINT l;
INSERT INTO l.t SELECT i, 'infinity'::TIMESTAMP_S FROM range(3, 20) r(i);
SELECT k, ts FROM l.t ORDER BY k;
