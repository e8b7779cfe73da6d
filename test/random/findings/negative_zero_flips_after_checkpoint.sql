-- FINDING: inlined DOUBLE values 0.0 and -0.0 (also inside MAP and STRUCT values) turn into each other once the
-- catalog database is checkpointed (here by DETACH; the harness saw it after a restart): row 2 was inserted as 0.0
-- and reads -0.0 afterwards (in the harness's seed 139 a -0.0 read back as 0.0). The cause is DuckDB 1.4.4's own
-- storage: a native persistent table loses the sign the same way (second part), but a lake's inlined rows live in
-- that storage, so the lake returns other values than it was given (and than a flushed Parquet file would keep).
-- Run: rm -rf /tmp/r22 /tmp/n22.duckdb* && mkdir /tmp/r22 && build/inlake < this file
ATTACH 'ducklake:/tmp/r22/lake.duckdb' AS l (DATA_PATH '/tmp/r22/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT, d DOUBLE, m MAP(INTEGER, DOUBLE), s STRUCT(a MAP(BIGINT, DOUBLE)[]));
INSERT INTO l.t VALUES (1, '-0.0'::DOUBLE, MAP {1: '-0.0'::DOUBLE}, {'a': [MAP {538: '-0.0'::DOUBLE, -572: NULL}]}), (2, 0.0, MAP {1: 0.0}, {'a': [MAP {538: 0.0}]});
SELECT k, d::VARCHAR, m::VARCHAR, s::VARCHAR FROM l.t ORDER BY k;
DETACH l;
ATTACH 'ducklake:/tmp/r22/lake.duckdb' AS l (DATA_PATH '/tmp/r22/data/', DATA_INLINING_ROW_LIMIT 10);
SELECT k, d::VARCHAR, m::VARCHAR, s::VARCHAR FROM l.t ORDER BY k;
-- The same in a plain DuckDB database file:
ATTACH '/tmp/n22.duckdb' AS n;
CREATE TABLE n.t (k BIGINT, d DOUBLE);
INSERT INTO n.t VALUES (1, '-0.0'::DOUBLE), (2, 0.0);
DETACH n;
ATTACH '/tmp/n22.duckdb' AS n;
SELECT k, d::VARCHAR FROM n.t ORDER BY k;
