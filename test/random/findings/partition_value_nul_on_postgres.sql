-- FINDING (random/partition, seed 2028 on PostgreSQL): an INSERT into a table partitioned by a VARCHAR identity key
-- FIXED 2026-12-06: refused at the INSERT (inlined or not) with an error naming the key and table; see README known limits.
-- whose value holds chr(0) fails to commit on a PostgreSQL catalog ("cannot store text holding a NUL character (chr(0))
-- in a catalog column": ducklake_file_partition_value.partition_value is text), while the same insert works on DuckDB
-- and SQLite catalogs and on unpartitioned tables (inlined rows with chr(0) are stored). Open: the value needs an
-- encoding PostgreSQL text can hold (or a clear refusal at SET PARTITIONED BY / INSERT naming the key).
-- Run: scripts/pg-cluster.sh start /tmp/pg-x > /tmp/pg-x.conninfo; createdb per the conninfo (nulpart), then
--      build/inlake < this file (edit the conninfo in ATTACH); expected: 1 row; got: the commit error above.
ATTACH 'ducklake:postgres:host=/tmp/pg-x port=5432 user=postgres dbname=nulpart' AS l (DATA_PATH '/tmp/nulpart_data/', DATA_INLINING_ROW_LIMIT 0);
CREATE TABLE l.t (k INTEGER, v VARCHAR);
ALTER TABLE l.t SET PARTITIONED BY (v);
INSERT INTO l.t VALUES (1, 'a' || chr(0) || 'b');
SELECT count(*) FROM l.t;
