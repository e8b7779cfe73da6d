-- FINDING: a DOUBLE/FLOAT -NaN ('-nan'::DOUBLE) reads back as +NaN from a Parquet file the lake wrote, when the
-- column chunk also holds a +NaN and is dictionary-encoded: the flush of inlined rows (here: three versions of each
-- of the two rows, so six values) writes one dictionary entry for both NaNs. The harness saw it in a time travel
-- after a flush (inlake_random_test --seed 3018 --statements 100 --backend sqlite: `l.t1 AT (VERSION => 32)` had
-- nan where -nan was inserted); it happens on every catalog backend. The cause is DuckDB 1.4.4's own Parquet writer:
-- a plain COPY loses the sign the same way (second part; 6 rows are dictionary-encoded, 2 or 4 are not).
-- Run: rm -rf /tmp/rnan && mkdir /tmp/rnan && build/inlake < this file
ATTACH 'ducklake:/tmp/rnan/lake.duckdb' AS l (DATA_PATH '/tmp/rnan/data/', DATA_INLINING_ROW_LIMIT 6);
CREATE TABLE l.t (k BIGINT, d DOUBLE, c INTEGER);
INSERT INTO l.t VALUES (14, 'nan', 1), (16, '-nan', 2);
UPDATE l.t SET c = 3 WHERE k IN (14, 16);
UPDATE l.t SET c = 4 WHERE k IN (14, 16);
SELECT 'inlined', k, d::VARCHAR FROM l.t AT (VERSION => 2) ORDER BY k;   -- 14 nan, 16 -nan
CALL ducklake_flush_inlined_data('l');
SELECT 'flushed', k, d::VARCHAR FROM l.t AT (VERSION => 2) ORDER BY k;   -- 14 nan, 16 nan (expected -nan)
-- The same with DuckDB alone:
COPY (SELECT k, CASE WHEN k % 2 = 0 THEN 'nan'::DOUBLE ELSE '-nan'::DOUBLE END AS d FROM range(6) r(k)) TO '/tmp/rnan/plain.parquet';
SELECT 'plain', k, d::VARCHAR FROM '/tmp/rnan/plain.parquet' ORDER BY k;   -- all nan (expected -nan for odd k)
