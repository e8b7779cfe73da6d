#!/usr/bin/env bash
# FINDING (inlake_paths_random_test --known-defects, e.g. --seed 2 --backend duckdb): a new lake whose DATA_PATH ends
# in a non-ASCII character cannot be created, and leaves a folder with a truncated name behind, outside any lake.
# DuckDB 1.4.4's FileSystem::CreateDirectoriesRecursive (which LakeCatalog::CreateDataPath calls) trims the path with
# StringUtil::RTrim(path, "/"), whose predicate `ch > 0 && ...` also trims every byte >= 0x80: 'dätä' becomes 'dät'
# (the last UTF-8 character dropped), 'ü' becomes '' (nothing made). Writing the marker then fails. Every backend.
# Expected: the folder 'dätä' holds the lake (the failed ATTACH removes what it made, but looks for 'dätä').
# Run: bash this file [path/to/inlake]
set -u
INLAKE=${1:-build/inlake}
dir=$(mktemp -d) && cd "$dir"
"$INLAKE" -c "ATTACH 'ducklake:lake.duckdb' AS l (DATA_PATH 'dätä'); CREATE TABLE l.t AS SELECT 1 AS i;"
# IO Error: Cannot open file "<dir>/dätä/.inlake-lake": No such file or directory
ls -A "$dir" # dät   (a stray folder 'dät' is left; no 'dätä', no catalog file)
"$INLAKE" -c "ATTACH 'ducklake:lake2.duckdb' AS l (DATA_PATH 'my data ü/'); CREATE TABLE l.t AS SELECT 1 AS i;"
ls -A "$dir" # 'my data ' appears (trailing space), the ATTACH failed the same way
