#!/usr/bin/env bash
# Where SQL comes from and how it is split: multi-statement stdin with a
# statement spanning lines, ';' inside strings, dollar quotes and comments;
# positional SQL; -f; .read; a script redirected to stdin.
source "$(dirname "$0")/lib/helpers.bash" "$1"

run_input "SELECT 1 AS a;
SELECT 'x;y' AS s,
       2 AS n
       ;
SELECT 'it''s; fine' AS q; SELECT \$\$dollar;quoted\$\$ AS d, \$t\$ ; \$t\$ AS e;
-- a comment; with a semicolon
SELECT /* ; */ 3 AS c -- trailing ; comment
;
SELECT 4 AS last_without_semicolon
" -csv
expect_eq "statement splitting" "a
1
s,n
x;y,2
q
\"it's; fine\"
d,e
dollar;quoted, ; 
c
3
last_without_semicolon
4" "$OUT"
expect_rc "statement splitting exit status" 0

run -list ":memory:" "SELECT 5 AS five"
expect_eq "positional SQL argument" "five
5" "$OUT"

run -list ":memory:" "SELECT 1 AS a; SELECT 2 AS b"
expect_eq "positional SQL with two statements" "a
1
b
2" "$OUT"

cat > script.sql <<'SQL'
CREATE TABLE items(id INTEGER, name VARCHAR);
INSERT INTO items VALUES
	(1, 'one;1'),
	(2, 'two');
SELECT count(*) AS n FROM items;
SQL

run -csv -f script.sql
expect_eq "-f script" "n
2" "$OUT"

set +e
OUT=$("$INLAKE" -csv < script.sql 2>"$WORK_DIR/.stderr")
RC=$?
set -e
expect_eq "script redirected to stdin" "n
2" "$OUT"
expect_rc "script on stdin exit status" 0

cat > nested.sql <<'SQL'
SELECT 'from nested' AS origin;
SQL
cat > outer.sql <<'SQL'
.mode csv
.read nested.sql
SELECT 'after read' AS origin;
SQL
run_input ".read outer.sql
"
expect_eq ".read (nested)" "origin
from nested
origin
after read" "$OUT"

run_input ".read does_not_exist.sql
"
expect_contains ".read of a missing file" 'cannot open "does_not_exist.sql"' "$ERR"
expect_rc ".read of a missing file exit status" 1

run -csv -init outer.sql -c "SELECT 'c' AS origin"
expect_eq "-init runs before -c" "origin
from nested
origin
after read
origin
c" "$OUT"

finish
