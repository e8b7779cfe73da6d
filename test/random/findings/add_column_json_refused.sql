-- FINDING: ALTER TABLE ... ADD COLUMN of type JSON (or JSON[]) fails with "Not implemented Error: DuckLake does not
-- support the type "JSON"", although CREATE TABLE takes JSON columns (and DuckDB's own ALTER works).
-- Run: rm -rf /tmp/r29 && mkdir /tmp/r29 && build/inlake < this file
ATTACH 'ducklake:/tmp/r29/lake.duckdb' AS l (DATA_PATH '/tmp/r29/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT, j JSON);
ALTER TABLE l.t ADD COLUMN j2 JSON;
ALTER TABLE l.t ADD COLUMN l JSON[];
INSERT INTO l.t (k, j) VALUES (1, '{"a": 1}');
SELECT * FROM l.t;
