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

-- The table options the shell accepts although DuckDB 1.4.4 cannot parse them.
CREATE TABLE initial_events WITH (data_inlining_row_limit = 100) AS
    SELECT 1 AS event_id;
ALTER TABLE events SET (data_inlining_row_limit = 50);
FROM ducklake_options('my_ducklake') WHERE scope_entry LIKE 'main.%events';
ALTER TABLE events RESET (data_inlining_row_limit);
FROM ducklake_options('my_ducklake') WHERE scope_entry LIKE 'main.%events';

-- ALTER TABLE within a transaction that also holds inlined rows.
BEGIN;
INSERT INTO events VALUES (1), (2);
ALTER TABLE events ADD COLUMN kind VARCHAR DEFAULT 'click';
INSERT INTO events VALUES (3, 'view');
ALTER TABLE events RENAME COLUMN kind TO event_kind;
COMMIT;
FROM events ORDER BY event_id;

-- Flushing inlined data (a lake of its own, data files in data/).
ATTACH 'ducklake:flush_demo.duckdb' AS flush_lake (DATA_PATH 'data/', DATA_INLINING_ROW_LIMIT 10);
USE flush_lake;
CREATE TABLE t1 (a INTEGER);
INSERT INTO t1 VALUES (1), (2), (3), (4), (5), (6), (7), (8);
DELETE FROM t1 WHERE a = 2;
DELETE FROM t1 WHERE a = 5;
-- Flush materializes data to Parquet and creates a deletion file with snapshot information
CALL ducklake_flush_inlined_data('flush_lake');
SELECT count(*) AS files FROM glob('data/**/*.parquet');
-- Returns all 8 original rows
SELECT * FROM t1 AT (VERSION => 2);
SELECT * FROM t1;

-- Sorted flush, auto_compact and CHECKPOINT.
CREATE TABLE sorted (x INTEGER);
ALTER TABLE sorted SET SORTED BY (x DESC);
INSERT INTO sorted VALUES (2), (9), (4);
CREATE TABLE keep_inlined (y INTEGER);
CALL flush_lake.set_option('auto_compact', false, table_name => 'keep_inlined');
INSERT INTO keep_inlined VALUES (1);
SELECT schema_name, table_name, rows_flushed FROM ducklake_flush_inlined_data('flush_lake');
SELECT x FROM read_parquet('data/main/sorted/*.parquet');
INSERT INTO sorted VALUES (1);
CHECKPOINT flush_lake;
SELECT table_name, file_count FROM ducklake_table_info('flush_lake') ORDER BY table_name;

-- Expiring snapshots removes the deleted inlined rows no retained snapshot can read.
CREATE TABLE short_lived (v INTEGER);
INSERT INTO short_lived VALUES (1), (2), (3);
DELETE FROM short_lived WHERE v < 3;
SELECT count(*) AS inlined_rows_before FROM __ducklake_metadata_flush_lake.ducklake_inlined_data_5_5;
SELECT count(*) AS expired FROM ducklake_expire_snapshots('flush_lake', older_than => now());
SELECT count(*) AS inlined_rows_after FROM __ducklake_metadata_flush_lake.ducklake_inlined_data_5_5;
SELECT * FROM short_lived;
