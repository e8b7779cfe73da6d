#!/usr/bin/env bash
# Where a lake's data path is, whatever folder it is attached from (issue 27, defects 1, 3 and 4):
# - a relative DATA_PATH is taken from the working directory at creation and recorded relative to the catalog
#   file's folder, so the lake reads and writes the same files when attached from another folder (before: it
#   read `data_files/...` there, failed, and an INSERT committed a file into the wrong folder);
# - a lake whose data path cannot be found (moved away) refuses writes before anything is written;
# - a lake recorded by an older writer with a path relative to the working directory still reads;
# - DATA_PATH '~/x/' is the home folder's x (before: a literal ./~ folder);
# - a SQLite catalog truncated to 0 bytes cannot become a new lake over the old data folder;
# - the orphan sweep leaves alone a lake nested inside the data path of a lake that has no marker, and files
#   outside the data path reached through a symbolic link.
source "$(dirname "$0")/lib/helpers.bash" "$1"

count_files() { find "$1" -name 'ducklake-*.parquet' | wc -l; }

# --- relative DATA_PATH, attached from elsewhere ------------------------------------------------------------
mkdir -p proj other
(cd proj && "$INLAKE" -c "ATTACH 'ducklake:lake.duckdb' AS l (DATA_PATH 'data_files', DATA_INLINING_ROW_LIMIT 0);
  CREATE TABLE l.t AS SELECT range AS i FROM range(10);" </dev/null)
expect_eq "files are in proj/data_files" "1" "$(count_files proj/data_files)"
cd other
run -csv -noheader -c "ATTACH 'ducklake:../proj/lake.duckdb' AS l (DATA_INLINING_ROW_LIMIT 0); SELECT count(*) FROM l.t;
  INSERT INTO l.t SELECT range FROM range(5); SELECT count(*) FROM l.t;"
expect_eq "read and write from another folder" "10
15" "$OUT"
cd ..
expect_eq "the new file went to proj/data_files" "2" "$(count_files proj/data_files)"
expect_eq "no folder in the working directory" "" "$(ls other)"
expect_eq "recorded relative to the catalog's folder" "data_files/" \
	"$(echo "ATTACH 'proj/lake.duckdb' AS c (READ_ONLY); SELECT value FROM c.ducklake_metadata WHERE key = 'data_path';" | "$INLAKE" -csv -noheader)"

# --- the whole folder moved: still one lake ---------------------------------------------------------------
mv proj moved
run -csv -noheader -c "ATTACH 'ducklake:moved/lake.duckdb' AS l; SELECT count(*) FROM l.t"
expect_eq "a moved lake folder reads" "15" "$OUT"

# --- data folder gone: writes refused before anything is written -----------------------------------------
mv moved/data_files moved/data_files_away
run -c "ATTACH 'ducklake:moved/lake.duckdb' AS l; INSERT INTO l.t SELECT range FROM range(50)"
expect_contains "a write to a missing data path is refused" "does not exist" "$ERR"
run -csv -noheader -c "ATTACH 'moved/lake.duckdb' AS c (READ_ONLY); SELECT count(*) FROM c.ducklake_data_file"
expect_eq "nothing was committed" "2" "$OUT"
mv moved/data_files_away moved/data_files

# --- an older lake recorded relative to the working directory -------------------------------------------
mkdir -p old/cat
(cd old && "$INLAKE" -c "ATTACH 'ducklake:cat/lake.duckdb' AS l (DATA_PATH 'files', DATA_INLINING_ROW_LIMIT 0);
  CREATE TABLE l.t AS SELECT 42 AS i;" </dev/null)
# what an older writer records: the path as given, meant from the working directory (old/files, not old/cat/files)
echo "ATTACH 'old/cat/lake.duckdb' AS c; UPDATE c.ducklake_metadata SET value = 'files/' WHERE key = 'data_path';
  UPDATE c.ducklake_metadata SET value = 'inlake 0.1.0' WHERE key = 'created_by';" |
	"$INLAKE" >/dev/null
rm -rf old/files/.inlake-lake-*
# the lake was made with DATA_PATH 'files' from old/: its files are in old/files
expect_eq "older layout: files in old/files" "1" "$(count_files old/files)"
cd old
run -csv -noheader -c "ATTACH 'ducklake:cat/lake.duckdb' AS l; SELECT i FROM l.t; INSERT INTO l.t VALUES (1);
  CALL ducklake_flush_inlined_data('l'); SELECT sum(i) FROM l.t"
expect_eq "an older lake reads and writes from its working directory" "42
main,t,1
43" "$OUT"
cd ..
expect_eq "its marker was written once its files were found" "1" "$(ls -A old/files | grep -c inlake-lake)"
cd /
run -c "ATTACH 'ducklake:$WORK_DIR/old/cat/lake.duckdb' AS l; INSERT INTO l.t SELECT range FROM range(30)"
expect_contains "from elsewhere an older lake's relative path is not found: refused" "Cannot write data files" "$ERR"
cd "$WORK_DIR"

# --- ~ in DATA_PATH ----------------------------------------------------------------------------------------
mkdir -p home
HOME="$WORK_DIR/home" "$INLAKE" -c "ATTACH 'ducklake:tilde.duckdb' AS l (DATA_PATH '~/tilde_data/', DATA_INLINING_ROW_LIMIT 0);
  CREATE TABLE l.t AS SELECT 1 AS i;" </dev/null >/dev/null 2>"$WORK_DIR/.tilde_err" || true
expect_eq "~ is the home folder" "1" "$(count_files home/tilde_data)"
if [[ -e "~" ]]; then fail "a literal ~ folder was made"; else echo "ok: no literal ~ folder"; fi

# --- a SQLite catalog truncated to 0 bytes ---------------------------------------------------------------
run -c "ATTACH 'ducklake:sqlite:sq.db' AS l (DATA_INLINING_ROW_LIMIT 0); CREATE TABLE l.t AS SELECT range AS i FROM range(3);"
expect_rc "a SQLite lake" 0
: >sq.db
run -c "ATTACH 'ducklake:sqlite:sq.db' AS l (DATA_INLINING_ROW_LIMIT 0)"
expect_contains "a truncated catalog cannot become a new lake over the old files" "cannot hold a new lake" "$ERR"
expect_eq "the old files are still there" "1" "$(count_files sq.db.files)"

# --- the sweep: a nested lake inside a lake without marker, and a symbolic link out ----------------------
run -c "ATTACH 'ducklake:outer.duckdb' AS o (DATA_PATH 'outer_data', DATA_INLINING_ROW_LIMIT 0); CREATE TABLE o.t AS SELECT 1 AS i;"
rm -rf outer_data/.inlake-lake-* # as a lake made by another writer has none
run -c "ATTACH 'ducklake:inner.duckdb' AS n (DATA_PATH 'outer_data/inner', DATA_INLINING_ROW_LIMIT 0); CREATE TABLE n.t AS SELECT 2 AS i;"
expect_rc "a lake inside a folder without marker" 0
mkdir -p outside && cp "$(find outer_data/inner -name 'ducklake-*.parquet' | head -1)" outside/ducklake-00000000-0000-7000-8000-00000000abcd.parquet
ln -s "$WORK_DIR/outside" outer_data/main/link
run -csv -noheader -c "SET ducklake_orphaned_file_min_age = '0 seconds'; ATTACH 'ducklake:outer.duckdb' AS o;
  SELECT count(*) FROM ducklake_delete_orphaned_files('o', cleanup_all => true); SELECT i FROM o.t"
expect_eq "the outer sweep finds no orphan" "0
1" "$OUT"
expect_eq "the inner lake's file survived" "1" "$(count_files outer_data/inner)"
expect_eq "the file behind the link survived" "1" "$(count_files outside)"
run -csv -noheader -c "ATTACH 'ducklake:inner.duckdb' AS n; SELECT i FROM n.t"
expect_eq "the inner lake reads" "2" "$OUT"

# --- PostgreSQL: a relative DATA_PATH is made absolute when the lake is created ---------------------------
if [[ -n "${INLAKE_TEST_PG:-}" ]]; then
	PG="$INLAKE_TEST_PG"
	db=$(pg_database inlake_paths)
	mkdir -p pgwork pgother
	(cd pgwork && "$INLAKE" -c "ATTACH 'ducklake:postgres:$PG dbname=$db' AS l (DATA_PATH 'pg_files', DATA_INLINING_ROW_LIMIT 0);
	  CREATE TABLE l.t AS SELECT range AS i FROM range(4);" </dev/null)
	expect_eq "PostgreSQL lake files in pgwork/pg_files" "1" "$(count_files pgwork/pg_files)"
	cd pgother
	run -csv -noheader -c "ATTACH 'ducklake:postgres:$PG dbname=$db' AS l (DATA_INLINING_ROW_LIMIT 0); SELECT count(*) FROM l.t;
	  INSERT INTO l.t SELECT range FROM range(3); SELECT count(*) FROM l.t;"
	expect_eq "PostgreSQL lake read and written from another folder" "4
7" "$OUT"
	cd ..
	expect_eq "its new file went to pgwork/pg_files" "2" "$(count_files pgwork/pg_files)"
	expect_eq "recorded absolute" "$WORK_DIR/pgwork/pg_files/" \
		"$(psql -qtA "$PG dbname=$db" -c "SELECT value FROM ducklake_metadata WHERE key = 'data_path'")"
	psql -q "$PG dbname=postgres" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
else
	echo "skipped: the PostgreSQL part (no INLAKE_TEST_PG)"
fi

finish
