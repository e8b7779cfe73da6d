-- The inlake demo: the data-inlining feature description's examples, run on an
-- embedded DuckDB-file catalog (inlining.duckdb) with its data files in
-- inlining.duckdb.files/. Run by scripts/demo.sh in a fresh scratch folder.

-- Insertion inlining: three rows go into the catalog, no Parquet file.
ATTACH 'ducklake:inlining.duckdb' AS my_ducklake (DATA_INLINING_ROW_LIMIT 10);
USE my_ducklake;
CREATE TABLE tbl (col INTEGER);
INSERT INTO tbl VALUES (1), (2), (3);
SELECT count(*) FROM glob('inlining.duckdb.files/**');

-- More rows than the limit: one Parquet file.
INSERT INTO tbl FROM range(100);
SELECT count(*) FROM glob('inlining.duckdb.files/**');

-- A small MERGE INTO insert is inlined too.
MERGE INTO tbl AS target
USING (VALUES (100)) AS source(col)
    ON target.col = source.col
WHEN NOT MATCHED THEN INSERT (col) VALUES (source.col);
SELECT count(*) AS rows, sum(col) AS total FROM tbl;

-- Deletion inlining: two deleted rows of the Parquet file, no delete file.
DELETE FROM tbl WHERE col < 2;
SELECT count(*) FROM glob('inlining.duckdb.files/**/*.parquet') WHERE file LIKE '%-delete.parquet';
SELECT count(*) AS rows FROM tbl;

-- Where the rows live: the inlined table in the catalog, and the snapshots.
SELECT table_name, schema_version FROM __ducklake_metadata_my_ducklake.ducklake_inlined_data_tables;
SELECT snapshot_id, changes FROM ducklake_snapshots('my_ducklake');

-- Configuring the limit: persisted per table, listed with ducklake_options.
CREATE TABLE t (a INT);
CALL my_ducklake.set_option('data_inlining_row_limit', 10, table_name => 't');
CREATE TABLE events (event_id INTEGER) WITH (data_inlining_row_limit = 100);
FROM ducklake_options('my_ducklake');
SET ducklake_default_data_inlining_row_limit = 50;

-- Time travel over inlined rows.
CREATE TABLE t1 (a INTEGER);
INSERT INTO t1 VALUES (1), (2), (3), (4), (5), (6), (7), (8);
DELETE FROM t1 WHERE a = 2;
DELETE FROM t1 WHERE a = 5;
SELECT count(*) AS now FROM t1;
-- snapshot 9 inserted the eight rows; the deletes came after it
SELECT count(*) AS before_deletes FROM t1 AT (VERSION => 9);
