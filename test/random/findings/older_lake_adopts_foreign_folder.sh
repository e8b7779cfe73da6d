#!/usr/bin/env bash
# FINDING (found while writing the path workload, by hand; the harness has no older-writer mode): a lake whose
# recorded data_path is relative to the working directory (what DuckDB's ducklake extension and older writers record)
# and that names no file yet (its rows are inlined, or it is empty), attached from a folder where a folder of that
# name holds ANOTHER lake's files without a marker (a lake made by DuckDB's ducklake extension, or before markers):
# LakeCatalog::ResolveDataPath takes the first candidate that exists, CheckDataPathForFiles accepts it because
# HoldsLakeFiles is true for a lake that names no files, and writes this lake's marker there; then
# ducklake_delete_orphaned_files deletes every file of the other lake as an orphan. The other lake no longer reads.
# Expected: a folder that holds DuckLake files this lake does not name is not adopted (the same rule a new lake
# follows: "refuses a folder that holds ... DuckLake data files"); the sweep removes nothing.
# Run: bash this file [path/to/inlake]
set -u
INLAKE=${1:-build/inlake}
dir=$(mktemp -d) && cd "$dir" && mkdir -p A/cat B
# lake A, made in A/ with DATA_PATH 'data': rows inlined, no file yet
(cd A && "$INLAKE" -c "ATTACH 'ducklake:cat/lake.duckdb' AS l (DATA_PATH 'data', DATA_INLINING_ROW_LIMIT 100);
  CREATE TABLE l.t AS SELECT 42 AS i;" </dev/null)
# as an older writer records it: relative to the working directory, no marker (test/shell/data_path_locations.sh does
# the same)
"$INLAKE" -c "ATTACH 'A/cat/lake.duckdb' AS c; UPDATE c.ducklake_metadata SET value = 'data/' WHERE key = 'data_path';"
rm -f A/data/.inlake-lake
# lake B in B/data, without marker (as DuckDB's ducklake extension makes it)
(cd B && "$INLAKE" -c "ATTACH 'ducklake:other.duckdb' AS o (DATA_PATH 'data', DATA_INLINING_ROW_LIMIT 0);
  CREATE TABLE o.t AS SELECT range AS i FROM range(5);" </dev/null)
rm B/data/.inlake-lake
# lake A attached from B/: adopts B/data, and its sweep deletes lake B's file
(cd B && "$INLAKE" -csv -c "SET ducklake_orphaned_file_min_age = '0 seconds'; ATTACH 'ducklake:../A/cat/lake.duckdb' AS l;
  SELECT * FROM l.t; SELECT * FROM ducklake_delete_orphaned_files('l', cleanup_all => true);" </dev/null)
find B -type f                     # B/other.duckdb, B/data/.inlake-lake (lake A's marker); lake B's Parquet file gone
(cd B && "$INLAKE" -csv -c "ATTACH 'ducklake:other.duckdb' AS o; SELECT count(*) FROM o.t") # IO Error: Cannot open file

# The same from the working directory the lake was made in (found by inlake_paths_random_test --known-defects
# --seed 900 --backend duckdb): the candidate beside the catalog comes first, so a folder of that name beside the
# catalog wins over the lake's real (markerless) data path: the lake writes its marker and new files into w/w/data
# and its sweep deletes the file that was there.
cd "$dir" && rm -rf r4 && mkdir -p r4/w && cd r4
"$INLAKE" -c "ATTACH 'ducklake:w/lake.duckdb' AS l (DATA_PATH 'w/data', DATA_INLINING_ROW_LIMIT 0); CREATE TABLE l.t (i INTEGER);"
"$INLAKE" -c "ATTACH 'w/lake.duckdb' AS c; UPDATE c.ducklake_metadata SET value = 'w/data/' WHERE key = 'data_path';"
rm w/data/.inlake-lake
mkdir -p w/w/data/main/x && echo junk > w/w/data/main/x/ducklake-00000000-0000-7000-8000-000000000001.parquet
"$INLAKE" -csv -c "SET ducklake_orphaned_file_min_age = '0 seconds'; ATTACH 'ducklake:w/lake.duckdb' AS l (DATA_INLINING_ROW_LIMIT 0);
  INSERT INTO l.t VALUES (1); SELECT * FROM ducklake_delete_orphaned_files('l', cleanup_all => true);"
find . -type f | sort # w/w/data/.inlake-lake and the new file in w/w/data/main/t/; the file of w/w/data/main/x gone
