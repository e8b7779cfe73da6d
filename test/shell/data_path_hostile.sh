#!/usr/bin/env bash
# The data-path defects a hostile review of issue 27's fixes found, each as it was reproduced (every check
# failed before its fix):
# 1. a file:// spelling of a local data path was taken for an object store (no marker, no refusal);
# 2. a lake naming no files adopted any folder (a user's file named like a lake file was deleted);
# 3. a copy of a catalog (a backup) found the original's data folder and its sweep deleted the original's files;
# 4. a lake could be made inside another one's data path through a symbolic link or under a lake without marker,
#    and the host lake then wrote into the nested lake's folder;
# 5. the recorded DATA_PATH repeated from another folder pointed the lake at that folder;
# 6. (damaged_paths.test: cleanup removing any path the catalog names)
# 7. a kill between the marker and the catalog left a marker that refused every later ATTACH;
# 8. a data path ending in a non-ASCII name could not be created; 9. a failed creation left folders behind;
# 10. the new-lake check followed symbolic links (a loop made it scan for 19 s);
# 11. a gone working directory gave "Could not get working directory!" without naming the lake or path.
source "$(dirname "$0")/lib/helpers.bash" "$1"

PRE="SET ducklake_default_data_inlining_row_limit = 0; SET ducklake_orphaned_file_min_age = '0 seconds';"
count_files() { find "$1" -name 'ducklake-*.parquet' | wc -l; }

# 1. file://
mkdir -p d1 && cd d1
run -c "$PRE ATTACH 'ducklake:a.duckdb' AS a (DATA_PATH 'shared/'); CREATE TABLE a.t AS SELECT range i FROM range(10);"
run -c "$PRE ATTACH 'ducklake:b.duckdb' AS b (DATA_PATH 'file://$PWD/shared/')"
expect_contains "1: a file:// path inside another lake is refused" "cannot hold a new lake" "$ERR"
run -csv -noheader -c "$PRE ATTACH 'ducklake:c.duckdb' AS c (DATA_PATH 'file://$PWD/own/'); CREATE TABLE c.x AS SELECT 1 i;
  SELECT count(*) FROM ducklake_delete_orphaned_files('c', cleanup_all => true); SELECT data_path FROM c.settings();"
expect_eq "1: a file:// path is a local path" "0
$PWD/own/" "$OUT"
run -csv -noheader -c "ATTACH 'ducklake:a.duckdb' AS a; SELECT count(*) FROM a.t"
expect_eq "1: the first lake reads" "10" "$OUT"
cd ..

# 2. a lake naming no files does not adopt a folder holding someone's lake-named file
mkdir -p d2/proj1 d2/proj2/data d2/elsewhere
(cd d2/proj2 && "$INLAKE" -c "COPY (SELECT 42 answer) TO 'data/ducklake-my-export.parquet'" </dev/null)
(cd d2/proj1 && "$INLAKE" -c "ATTACH 'ducklake:lake.duckdb' AS l (DATA_PATH 'data/'); CREATE TABLE l.t AS SELECT 1 i;" </dev/null)
mv d2/proj1/lake.duckdb d2/elsewhere/
cd d2/proj2
run -c "$PRE ATTACH 'ducklake:../elsewhere/lake.duckdb' AS l; FROM ducklake_delete_orphaned_files('l', cleanup_all => true)"
expect_contains "2: the sweep is refused" "does not exist" "$ERR"
cd ../..
expect_eq "2: the user's file is still there" "1" "$(count_files d2/proj2/data)"
# a lake of another writer (no marker) that names no files: the folder must hold no lake's files
mkdir -p d2b && cd d2b
run -c "ATTACH 'ducklake:lake.duckdb' AS l (DATA_PATH 'data/'); CREATE TABLE l.t (i INTEGER); INSERT INTO l.t VALUES (1)"
rm -rf data/.inlake-lake-*
echo "ATTACH 'lake.duckdb' AS c; UPDATE c.ducklake_metadata SET value = 'another writer' WHERE key = 'created_by';" | "$INLAKE" >/dev/null
"$INLAKE" -c "COPY (SELECT 42 answer) TO 'data/ducklake-user.parquet'" </dev/null
run -c "$PRE ATTACH 'ducklake:lake.duckdb' AS l; FROM ducklake_delete_orphaned_files('l', cleanup_all => true)"
expect_contains "2: a lake naming no files refuses a folder holding lake files" "is not the lake's" "$ERR"
expect_eq "2: that file is still there" "1" "$(count_files data)"
cd ..

# 3. a copy of a catalog (a backup) in another folder
mkdir -p d3/bak && cd d3
run -c "$PRE ATTACH 'ducklake:lake.duckdb' AS l; CREATE TABLE l.t AS SELECT range i FROM range(10);"
cp lake.duckdb bak/lake.duckdb
run -c "$PRE ATTACH 'ducklake:lake.duckdb' AS l; INSERT INTO l.t SELECT range + 100 FROM range(10);"
run -c "$PRE ATTACH 'ducklake:bak/lake.duckdb' AS b; FROM ducklake_delete_orphaned_files('b', cleanup_all => true)"
expect_contains "3: the backup's sweep is refused (its data folder is beside it)" "does not exist" "$ERR"
run -c "$PRE ATTACH 'ducklake:bak/lake.duckdb' AS b; DROP TABLE b.t; FROM ducklake_expire_snapshots('b', older_than => now());
  FROM ducklake_cleanup_old_files('b', cleanup_all => true)"
expect_contains "3: the backup's cleanup is refused" "does not exist" "$ERR"
run -csv -noheader -c "ATTACH 'ducklake:lake.duckdb' AS l; SELECT count(*) FROM l.t"
expect_eq "3: the original reads" "20" "$OUT"
cd ..

# 4. nesting through a link, and under a lake without marker
mkdir -p d4 && cd d4
run -c "$PRE ATTACH 'ducklake:a.duckdb' AS a (DATA_PATH 'A/'); CREATE TABLE a.t AS SELECT range i FROM range(10);"
ln -s A/main link
run -c "$PRE ATTACH 'ducklake:b.duckdb' AS b (DATA_PATH 'link/t2/')"
expect_contains "4: a lake inside another's data path through a link is refused" "lies inside the data path" "$ERR"
rm -rf A/.inlake-lake-*
run -c "$PRE ATTACH 'ducklake:c.duckdb' AS c (DATA_PATH 'A/main/t2/'); CREATE TABLE c.x AS SELECT 7 i;"
expect_rc "4: under a lake without marker it cannot be seen" 0
run -c "$PRE ATTACH 'ducklake:a.duckdb' AS a; CREATE TABLE a.t2 AS SELECT range i FROM range(5);"
expect_contains "4: the host lake refuses to write into the nested lake's folder" "is the data path of another lake" "$ERR"
run -csv -noheader -c "$PRE ATTACH 'ducklake:c.duckdb' AS c; SELECT count(*) FROM ducklake_delete_orphaned_files('c', cleanup_all => true);
  SELECT i FROM c.x"
expect_eq "4: the nested lake's sweep finds nothing" "0
7" "$OUT"
run -csv -noheader -c "ATTACH 'ducklake:a.duckdb' AS a; SELECT count(*) FROM a.t"
expect_eq "4: the host lake reads" "10" "$OUT"
cd ..

# 5. the recorded DATA_PATH repeated from another folder
mkdir -p d5/p d5/q/data
(cd d5/p && "$INLAKE" -c "ATTACH 'ducklake:lake.duckdb' AS a (DATA_PATH 'data/'); CREATE TABLE a.t AS SELECT 1 i;" </dev/null)
cd d5/q
run -c "$PRE ATTACH 'ducklake:../p/lake.duckdb' AS a (DATA_PATH 'data/'); INSERT INTO a.t SELECT range FROM range(100);"
expect_contains "5: another folder's data/ is not the lake's" "is not the data path" "$ERR"
cd ../..
expect_eq "5: nothing was written there" "0" "$(count_files d5/q/data)"

# 7. a lake whose marker is missing and that names no files gets it at its first file write
mkdir -p d7 && cd d7
run -c "ATTACH 'ducklake:sqlite:lake.sqlite' AS l"
rm -rf lake.sqlite.files/.inlake-lake-*
run -csv -noheader -c "$PRE ATTACH 'ducklake:sqlite:lake.sqlite' AS l; CREATE TABLE l.t AS SELECT 1 i; SELECT i FROM l.t"
expect_eq "7: a lake without marker and files writes" "1" "$OUT"
expect_eq "7: and has its marker again" "1" "$(ls -A lake.sqlite.files | grep -c inlake-lake)"
cd ..

# 8. a non-ASCII last name; 9. nothing left by a failed creation
mkdir -p d8 && cd d8
run -csv -noheader -c "$PRE ATTACH 'ducklake:u.duckdb' AS l (DATA_PATH 'aé/'); CREATE TABLE l.t AS SELECT 5 i; SELECT i FROM l.t"
expect_eq "8: a data path named aé" "5" "$OUT"
expect_eq "8: its file is in aé" "1" "$(count_files aé)"
long=$(printf 'x%.0s' $(seq 300))
run -c "ATTACH 'ducklake:v.duckdb' AS v (DATA_PATH 'made/$long/')"
expect_contains "9: a name too long" "cannot be created" "$ERR"
if [[ -e made ]]; then fail "9: a failed creation left the folder made"; else echo "ok: 9: nothing left behind"; fi
cd ..

# 10. links in a new lake's folder are not followed
mkdir -p d10/x && cd d10 && ln -s . x/loop && ln -s .. x/up
run -c "ATTACH 'ducklake:l.duckdb' AS l (DATA_PATH 'x/'); CREATE TABLE l.t AS SELECT 1 i;"
expect_rc "10: a folder holding link loops is accepted" 0
cd ..

# 11. a gone working directory
mkdir -p d11/gone && cd d11/gone && rmdir "$WORK_DIR/d11/gone"
run -c "ATTACH 'ducklake:$WORK_DIR/d11/l.duckdb' AS l (DATA_PATH 'rel/')"
expect_contains "11: a relative DATA_PATH without a working directory says so" "the working directory no longer exists" "$ERR"
run -csv -noheader -c "ATTACH 'ducklake:$WORK_DIR/d11/l2.duckdb' AS l; CREATE TABLE l.t (i INTEGER); INSERT INTO l.t VALUES (3); SELECT i FROM l.t"
expect_eq "11: without DATA_PATH it does not need one" "3" "$OUT"
cd "$WORK_DIR"

# 12 (found by the randomized path workload): the data path moved away while the lake is attached: the next file
# write is refused (it made the folder again and committed its file there)
mkdir -p d12 && cd d12 && mkfifo in
"$INLAKE" -csv < in > session.out 2>&1 & session=$!
exec 3>in
echo "ATTACH 'ducklake:lake.duckdb' AS l (DATA_PATH 'data', DATA_INLINING_ROW_LIMIT 0);
CREATE TABLE l.t AS SELECT range AS i FROM range(10);
SELECT 'created';" >&3
for i in $(seq 100); do grep -q created session.out && break; sleep 0.1; done
mv data data.away
echo "INSERT INTO l.t SELECT range FROM range(5);" >&3
exec 3>&-; wait $session || true
expect_contains "12: a write after the data path moved away is refused" "does not exist" "$(cat session.out)"
if [[ -e data ]]; then fail "12: the data path was made again"; else echo "ok: 12: the data path was not made again"; fi
mv data.away data
run -csv -noheader -c "ATTACH 'ducklake:lake.duckdb' AS l; SELECT count(*) FROM l.t"
expect_eq "12: moved back, the lake reads" "10" "$OUT"
cd ..

# 13 (found by the randomized path workload): a catalog under ~ (SQLite does not expand it)
mkdir -p home13
HOME="$WORK_DIR/home13" "$INLAKE" -csv -noheader -c "ATTACH 'ducklake:sqlite:~/lake.sqlite' AS l; CREATE TABLE l.t (i INTEGER);
  INSERT INTO l.t VALUES (13); SELECT i FROM l.t" </dev/null >home13.out 2>&1 || true
expect_eq "13: a SQLite catalog under ~" "13" "$(cat home13.out)"
expect_eq "13: it is in the home folder" "1" "$(ls home13 | grep -c '^lake.sqlite$')"

finish
