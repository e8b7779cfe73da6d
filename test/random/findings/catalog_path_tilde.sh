#!/usr/bin/env bash
# FINDING (inlake_paths_random_test --known-defects, e.g. --seed 507 --backend duckdb): a catalog path spelled with
# ~ cannot be attached, neither a new lake nor an existing one, on the DuckDB and SQLite backends:
#   IO Error: Cannot attach DuckLake "l": the folder "~/../w/" of the catalog database does not exist
# CheckCatalogCanBeCreated (src/metadata/open_store.cpp) tests options.metadata_path's folder with DirectoryExists
# without FileSystem::ExpandPath, and the catalog file was first found missing the same way. Plain DuckDB attaches
# '~/../w/plain.duckdb' fine, and DATA_PATH '~/...' works (README "Data paths": ~ is your home folder).
# Nothing is lost: the attach fails before it touches anything.
# Run: bash this file [path/to/inlake]
set -u
INLAKE=${1:-build/inlake}
dir=$(mktemp -d) && cd "$dir" && mkdir home w
export HOME="$dir/home"
"$INLAKE" -c "ATTACH 'ducklake:w/lake.duckdb' AS l (DATA_PATH 'w/data'); CREATE TABLE l.t AS SELECT 1 AS i;"
"$INLAKE" -csv -c "ATTACH 'ducklake:~/../w/lake.duckdb' AS l; SELECT * FROM l.t"          # fails: folder "~/../w/"
"$INLAKE" -csv -c "ATTACH 'ducklake:~/new.duckdb' AS n (DATA_PATH 'n'); CREATE TABLE n.t (i INTEGER)" # fails: "~/"
"$INLAKE" -csv -c "ATTACH 'ducklake:sqlite:~/new.sqlite' AS n (DATA_PATH 'n2'); CREATE TABLE n.t (i INTEGER)" # fails
"$INLAKE" -csv -c "ATTACH '~/../w/plain.duckdb' AS p; CREATE TABLE p.t AS SELECT 1 AS i; SELECT * FROM p.t" # works
