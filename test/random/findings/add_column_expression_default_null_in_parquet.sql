-- FINDING: ALTER TABLE ADD COLUMN with a DEFAULT that is a constant expression but not a plain literal ([1, 2],
-- {'x': 5}, unhex('D34731'), repeat('ab', 2)) reads NULL for the rows already in Parquet files, while the rows still
-- inlined (and DuckDB's own tables) read the default; only a plain literal (column e) works. The README's known limit
-- speaks of non-constant defaults; these are constant (foldable) expressions, and one table now mixes both answers.
-- Run: rm -rf /tmp/r12 && mkdir /tmp/r12 && build/inlake < this file
ATTACH 'ducklake:/tmp/r12/lake.duckdb' AS l (DATA_PATH '/tmp/r12/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT);
INSERT INTO l.t SELECT i FROM range(20) r(i);
INSERT INTO l.t VALUES (100);
ALTER TABLE l.t ADD COLUMN a INTEGER[] DEFAULT [1, 2];
ALTER TABLE l.t ADD COLUMN b STRUCT(x INTEGER) DEFAULT {'x': 5};
ALTER TABLE l.t ADD COLUMN c BLOB DEFAULT unhex('D34731');
ALTER TABLE l.t ADD COLUMN d VARCHAR DEFAULT repeat('ab', 2);
ALTER TABLE l.t ADD COLUMN e INTEGER DEFAULT '7'::INTEGER;
SELECT k, a, b, c, d, e FROM l.t WHERE k IN (0, 100) ORDER BY k;
