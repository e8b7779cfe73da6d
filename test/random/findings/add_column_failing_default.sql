-- FINDING: ALTER TABLE ADD COLUMN with a DEFAULT that cannot be evaluated succeeds on a lake table with rows; every
-- later SELECT (and INSERT) of the table then fails with the conversion error. DuckDB evaluates the default for the
-- existing rows and rejects the ALTER (on the native table n, empty, the ALTER passes and the INSERT fails like the lake).
-- Paths are under /tmp/r1: rm -rf /tmp/r1 && mkdir -p /tmp/r1 first.
ATTACH 'ducklake:/tmp/r1/lake.duckdb' AS l (DATA_PATH '/tmp/r1/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT);
INSERT INTO l.t VALUES (1), (2);
ALTER TABLE l.t ADD COLUMN c TINYINT DEFAULT '330'::TINYINT;
SELECT * FROM l.t;
INSERT INTO l.t (k) VALUES (3);
SELECT * FROM l.t;
CREATE TABLE n (k BIGINT);
ALTER TABLE n ADD COLUMN c TINYINT DEFAULT '330'::TINYINT;
INSERT INTO n (k) VALUES (3);
