#!/usr/bin/env bash
# FINDING (inlake_paths_random_test --known-defects, e.g. --seed 1 --backend duckdb): the data path moved away (or
# its disk unmounted) while the lake is attached, after the lake's once-per-ATTACH check of its data path: the next
# write makes the folder again (without the marker) and commits its file there. The lake then names files in two
# folders; moving the real folder back is no longer possible (`mv data.away data` moves it INTO the new data/), and
# the committed rows of the first file no longer read:
#   IO Error: Cannot open file ".../data/main/t/ducklake-....parquet": No such file or directory
# README "Data paths" says a lake "whose folder went missing, refuses to write files and says why, before anything is
# written"; that holds only when the folder went missing before the ATTACH (LakeCatalog::CheckDataPathForFiles runs
# once per attach, data_path_checked). Expected: a write whose data path folder is gone is refused (e.g. check that
# the folder exists before each file write, or never create the data path folder itself when writing a file).
# Run: bash this file [path/to/inlake]   (a fifo keeps one inlake session open while the folder moves)
set -u
INLAKE=${1:-build/inlake}
dir=$(mktemp -d) && cd "$dir" && mkfifo in
"$INLAKE" -csv < in & exec 3>in
echo "ATTACH 'ducklake:lake.duckdb' AS l (DATA_PATH 'data', DATA_INLINING_ROW_LIMIT 0);
CREATE TABLE l.t AS SELECT range AS i FROM range(10);" >&3
sleep 1; mv data data.away
echo "INSERT INTO l.t SELECT range FROM range(5);" >&3   # succeeds: makes data/main/t/ again
exec 3>&-; wait
find data data.away -type f | sort   # data/main/t/<new file>; data.away/.inlake-lake, data.away/main/t/<old file>
mv data.away data                    # moves the old folder into data/data.away
"$INLAKE" -csv -c "ATTACH 'ducklake:lake.duckdb' AS l; SELECT count(*) FROM l.t" # IO Error: Cannot open file ...
