#!/usr/bin/env bash
# Dot commands: .mode switching, .headers, .nullvalue, .help, .exit, unknown
# commands, and dot commands given with -c and -cmd.
source "$(dirname "$0")/lib/helpers.bash" "$1"

run_input ".mode csv
SELECT 1 AS a;
.mode list
SELECT 2 AS b;
.headers off
SELECT 3 AS c;
.mode json
SELECT 4 AS d;
.mode
.mode box
.headers on
SELECT 5 AS e;
"
expect_eq ".mode switching and .headers" 'a
1
b
2
3
[{"d":4}]
current output mode: json
┌───────┐
│   e   │
│ int32 │
├───────┤
│     5 │
└───────┘' "$OUT"
expect_rc ".mode switching exit status" 0

run_input ".mode markdown
SELECT 1 AS x;
.mode table
SELECT 2 AS y;
.mode line
SELECT 3 AS z;
"
expect_eq ".mode markdown/table/line" '| x |
|--:|
| 1 |
+---+
| y |
+---+
| 2 |
+---+
    z = 3' "$OUT"

run_input ".mode nonsense
SELECT 1;
"
expect_contains "bad .mode is an error" "Error: mode should be one of" "$ERR"
expect_rc "bad .mode exit status" 1

run_input ".nullvalue <null>
.mode csv
SELECT NULL AS n;
"
expect_eq ".nullvalue" 'n
<null>' "$OUT"

run -c ".help"
expect_contains ".help lists .tables" ".tables ?PATTERN?" "$OUT"
expect_contains ".help lists .timer" ".timer on|off" "$OUT"

run_input ".frobnicate
SELECT 1;
" -list
expect_contains "unknown dot command message" 'unknown command or invalid arguments:  "frobnicate"' "$ERR"
expect_eq "input continues after an unknown command" '1
1' "$OUT"
expect_rc "unknown dot command exit status" 1

run_input "SELECT 1 AS a;
.exit
SELECT 2 AS b;
" -list
expect_eq ".exit stops reading input" 'a
1' "$OUT"
expect_rc ".exit status" 0

run_input "SELECT 1 AS a;
.quit
SELECT 2 AS b;
" -list
expect_eq ".quit stops reading input" 'a
1' "$OUT"

run -cmd ".mode csv" -cmd "CREATE TABLE t AS SELECT 9 AS v" -c "SELECT v FROM t"
expect_eq "-cmd runs before -c" 'v
9' "$OUT"

run -list -c ".print hello world"
expect_eq "-c runs a dot command" "hello world" "$OUT"

finish
