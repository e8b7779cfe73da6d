#!/usr/bin/env bash
# The migration of older catalogs (formats 0.3, 0.2 and 0.1) on the SQLite and PostgreSQL backends (the DuckDB
# file is covered by the real 0.3 lake in test/sql/migration). Each older catalog is made the way the spec's
# DDL of that version lays it out: a lake is written with inlake (inlined and Parquet inserts, a delete file, an
# inlined delete, ADD COLUMN with a default, a second schema, a flush that writes partial files, an UPDATE),
# then its catalog is taken back to the older version's tables and columns with the sqlite3 or psql tool. The
# older lake is refused without AUTOMATIC_MIGRATION; with it, every snapshot reads as it did before, the
# catalog has a new 1.0 catalog's tables and columns, and the lake takes writes and a flush.
source "$(dirname "$0")/lib/helpers.bash" "$1"

workload="
CREATE TABLE l.t (id INTEGER, s VARCHAR);
INSERT INTO l.t VALUES (1, 'a'), (2, 'b');
INSERT INTO l.t SELECT i, 'x' || i FROM range(100, 400) r(i);
DELETE FROM l.t WHERE id BETWEEN 150 AND 160;
DELETE FROM l.t WHERE id = 1;
ALTER TABLE l.t ADD COLUMN d DOUBLE DEFAULT 2.5;
INSERT INTO l.t VALUES (3, 'c', 1.0);
CREATE SCHEMA l.s2;
CREATE TABLE l.s2.u (k BIGINT, m MAP(VARCHAR, INTEGER), dt DATE, ts TIMESTAMP);
INSERT INTO l.s2.u VALUES (1, MAP {'a': 1}, DATE '2026-01-01', 'infinity'), (2, NULL, NULL, NULL);
CALL ducklake_flush_inlined_data('l');
INSERT INTO l.t VALUES (4, 'd', NULL);
UPDATE l.t SET s = 'B' WHERE id = 2;
"
snapshots=13 # the workload's last snapshot

# every table at every snapshot: row count and an md5 of the rows (a table missing at a snapshot: an error line)
contents_script() {
	for s in $(seq 1 $snapshots); do
		for table in t s2.u; do
			echo "SELECT '$s $table', count(*) || ',' || coalesce(md5(string_agg(x::VARCHAR, ';' ORDER BY x::VARCHAR)), '-') FROM (FROM l.$table AT (VERSION => $s)) x;"
		done
	done
}
contents_script >contents.sql

# the catalog's columns, table by table (through ducklake_catalog_table, which every backend has)
layout_script() {
	for table in ducklake_metadata ducklake_snapshot ducklake_snapshot_changes ducklake_schema ducklake_table \
		ducklake_view ducklake_tag ducklake_column_tag ducklake_data_file ducklake_file_column_stats \
		ducklake_delete_file ducklake_column ducklake_table_stats ducklake_table_column_stats \
		ducklake_partition_info ducklake_partition_column ducklake_file_partition_value \
		ducklake_files_scheduled_for_deletion ducklake_inlined_data_tables ducklake_column_mapping \
		ducklake_name_mapping ducklake_schema_versions ducklake_macro ducklake_macro_impl \
		ducklake_macro_parameters ducklake_sort_info ducklake_sort_expression; do
		echo "SELECT '$table', (SELECT string_agg(column_name, ',') FROM (DESCRIBE FROM ducklake_catalog_table('l', '$table')));"
	done
}
layout_script >layout.sql

# the SQL that takes a 1.0 catalog back to format 0.3, 0.2 or 0.1 (the same text for sqlite3 and psql)
downgrade_sql() {
	local version=$1
	cat <<-'SQL'
		ALTER TABLE ducklake_data_file ADD COLUMN partial_file_info TEXT;
		UPDATE ducklake_data_file SET partial_file_info = 'partial_max:' || CAST(partial_max AS TEXT) WHERE partial_max IS NOT NULL;
		ALTER TABLE ducklake_data_file DROP COLUMN partial_max;
		ALTER TABLE ducklake_delete_file DROP COLUMN partial_max;
		ALTER TABLE ducklake_column DROP COLUMN default_value_type;
		ALTER TABLE ducklake_column DROP COLUMN default_value_dialect;
		CREATE TABLE versions_without_tables AS SELECT DISTINCT begin_snapshot, schema_version FROM ducklake_schema_versions;
		DROP TABLE ducklake_schema_versions;
		ALTER TABLE versions_without_tables RENAME TO ducklake_schema_versions;
		DROP TABLE ducklake_sort_info;
		DROP TABLE ducklake_sort_expression;
		DROP TABLE ducklake_macro;
		DROP TABLE ducklake_macro_impl;
		DROP TABLE ducklake_macro_parameters;
	SQL
	if [[ $version != 0.3 ]]; then
		cat <<-'SQL'
			DROP TABLE ducklake_schema_versions;
			ALTER TABLE ducklake_snapshot_changes DROP COLUMN author;
			ALTER TABLE ducklake_snapshot_changes DROP COLUMN commit_message;
			ALTER TABLE ducklake_snapshot_changes DROP COLUMN commit_extra_info;
			ALTER TABLE ducklake_file_column_stats DROP COLUMN extra_stats;
			ALTER TABLE ducklake_table_column_stats DROP COLUMN extra_stats;
		SQL
	fi
	if [[ $version == 0.1 ]]; then
		# 0.1 has no schema and table paths: file paths are relative to the data path
		cat <<-'SQL'
			UPDATE ducklake_data_file SET path = (SELECT sc.path || tb.path FROM ducklake_table tb JOIN ducklake_schema sc ON sc.schema_id = tb.schema_id WHERE tb.table_id = ducklake_data_file.table_id ORDER BY tb.begin_snapshot DESC LIMIT 1) || path WHERE path_is_relative;
			UPDATE ducklake_delete_file SET path = (SELECT sc.path || tb.path FROM ducklake_table tb JOIN ducklake_schema sc ON sc.schema_id = tb.schema_id WHERE tb.table_id = ducklake_delete_file.table_id ORDER BY tb.begin_snapshot DESC LIMIT 1) || path WHERE path_is_relative;
			ALTER TABLE ducklake_schema DROP COLUMN path;
			ALTER TABLE ducklake_schema DROP COLUMN path_is_relative;
			ALTER TABLE ducklake_table DROP COLUMN path;
			ALTER TABLE ducklake_table DROP COLUMN path_is_relative;
			DELETE FROM ducklake_metadata WHERE scope IS NOT NULL;
			ALTER TABLE ducklake_metadata DROP COLUMN scope;
			ALTER TABLE ducklake_metadata DROP COLUMN scope_id;
			ALTER TABLE ducklake_data_file DROP COLUMN mapping_id;
			DROP TABLE ducklake_column_mapping;
			DROP TABLE ducklake_name_mapping;
			ALTER TABLE ducklake_file_column_stats RENAME TO ducklake_file_column_statistics;
		SQL
	fi
	echo "UPDATE ducklake_metadata SET value = '$version' WHERE key = 'version';"
}

# check_version BACKEND VERSION LAKE DOWNGRADE: DOWNGRADE is a command (split into words) that runs SQL from stdin
check_version() {
	local backend=$1 version=$2 lake=$3 downgrade=$4
	run -c "ATTACH '$lake' AS l (DATA_PATH 'files_${backend}_$version/', DATA_INLINING_ROW_LIMIT 10); $workload"
	expect_rc "$backend $version: the workload" 0
	run -csv -noheader -c "ATTACH '$lake' AS l; SELECT max(snapshot_id) FROM ducklake_snapshots('l')"
	expect_eq "$backend $version: the workload made $snapshots snapshots" "$snapshots" "$OUT"
	run_input "ATTACH '$lake' AS l;
.read contents.sql
" -csv -noheader
	local before=$OUT
	expect_contains "$backend $version: the contents read before the downgrade" "$snapshots s2.u," "$before"
	if ! downgrade_sql "$version" | $downgrade >downgrade.log 2>&1; then
		fail "$backend $version: the downgrade to $version failed: $(cat downgrade.log)"
		return
	fi
	run -c "ATTACH '$lake' AS l"
	expect_contains "$backend $version: refused without AUTOMATIC_MIGRATION" "is DuckLake format version $version, older" "$ERR"
	run -c "ATTACH '$lake' AS l (READ_ONLY)"
	expect_contains "$backend $version: READ_ONLY of an older catalog is refused here, saying why" \
		"reads without migrating only from a DuckDB-file catalog; attach it with AUTOMATIC_MIGRATION true" "$ERR"
	run_input "ATTACH '$lake' AS l (AUTOMATIC_MIGRATION true);
.read contents.sql
" -csv -noheader
	expect_eq "$backend $version: every snapshot reads as before the migration" "$before" "$OUT"
	run_input "ATTACH '$lake' AS l;
.read layout.sql
" -csv -noheader
	expect_eq "$backend $version: the catalog has a new 1.0 catalog's tables and columns" "$fresh_layout" "$OUT"
	run -csv -noheader -c "ATTACH '$lake' AS l; INSERT INTO l.t VALUES (5, 'e', 0.5); DELETE FROM l.t WHERE id = 2;
		SELECT sum(rows_flushed) FROM ducklake_flush_inlined_data('l'); SELECT count(*), sum(id) FROM l.t; SELECT count(*) FROM l.t AT (VERSION => 2);"
	expect_eq "$backend $version: the migrated lake takes writes and a flush" "$(printf '3\n292,73157\n2')" "$OUT"
}

run_input "ATTACH 'ducklake:sqlite:fresh.sqlite' AS l (DATA_PATH 'fresh_files/');
.read layout.sql
" -csv -noheader
fresh_layout=$OUT
expect_contains "a new 1.0 catalog's layout" "ducklake_sort_expression,\"sort_id,table_id," "$fresh_layout"
for version in 0.3 0.2 0.1; do
	check_version sqlite "$version" "ducklake:sqlite:lake_$version.sqlite" "sqlite3 -bail lake_$version.sqlite"
done

psql_on() { # DATABASE: runs the SQL on stdin there, stopping at the first error
	psql -q -v ON_ERROR_STOP=1 "$PG dbname=$1"
}
if [[ -n "${INLAKE_TEST_PG:-}" ]]; then
	PG=$INLAKE_TEST_PG
	for version in 0.3 0.2 0.1; do
		db=$(pg_database "migrate_${version/./_}")
		check_version postgres "$version" "ducklake:postgres:$PG dbname=$db" "psql_on $db"
		psql -q "$PG dbname=postgres" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
	done
else
	echo "SKIPPED (PostgreSQL part): no PostgreSQL test server (INLAKE_TEST_PG; scripts/test.sh starts one)"
fi

finish
