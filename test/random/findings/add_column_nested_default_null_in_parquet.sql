-- FINDING: ALTER TABLE ADD COLUMN with a constant DEFAULT of a nested type ([1, 2], {'x': 5}) reads NULL for the rows
-- already in Parquet files, while rows still inlined (and DuckDB's own table) read the default. The README's known limit
-- covers non-constant defaults only; a scalar constant (column d) works.
-- Run: rm -rf /tmp/r12 && mkdir /tmp/r12 && build/inlake < this file
ATTACH 'ducklake:/tmp/r12/lake.duckdb' AS l (DATA_PATH '/tmp/r12/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT);
INSERT INTO l.t SELECT i FROM range(20) r(i);
INSERT INTO l.t VALUES (100);
ALTER TABLE l.t ADD COLUMN a SMALLINT[] DEFAULT ([1::SMALLINT, 2::SMALLINT])::SMALLINT[];
ALTER TABLE l.t ADD COLUMN b INTEGER[] DEFAULT [1, 2];
ALTER TABLE l.t ADD COLUMN c STRUCT(x INTEGER) DEFAULT {'x': 5};
ALTER TABLE l.t ADD COLUMN d INTEGER DEFAULT '7'::INTEGER;
SELECT k, a, b, c, d FROM l.t WHERE k IN (0, 100) ORDER BY k;
