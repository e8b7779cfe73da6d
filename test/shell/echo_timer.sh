#!/usr/bin/env bash
# -echo / .echo print each statement before its result; .timer on prints
# "Run Time (s): real X.XXX user X.XXXXXX sys X.XXXXXX" after each statement.
source "$(dirname "$0")/lib/helpers.bash" "$1"

run -echo -list -c "SELECT 1 AS a; SELECT 2 AS b"
expect_eq "-echo" "SELECT 1 AS a;
a
1
SELECT 2 AS b;
b
2" "$OUT"

run_input ".echo on
SELECT 'x' AS v;
.echo off
SELECT 'y' AS w;
" -csv
expect_eq ".echo on/off" "SELECT 'x' AS v;
v
x
w
y" "$OUT"

run_input ".timer on
SELECT 42 AS answer;
CREATE TABLE t(i INTEGER);
.timer off
SELECT 43 AS other;
" -list
TIMER_RE='^Run Time \(s\): real [0-9]+\.[0-9]{3} user [0-9]+\.[0-9]{6} sys [0-9]+\.[0-9]{6}$'
mapfile -t LINES <<<"$OUT"
expect_eq "timer output line count" 6 "${#LINES[@]}"
expect_eq "result before the timer line" "answer|42" "${LINES[0]}|${LINES[1]}"
if [[ "${LINES[2]}" =~ $TIMER_RE ]]; then echo "ok: timer line format"; else fail "timer line format: '${LINES[2]}'"; fi
if [[ "${LINES[3]}" =~ $TIMER_RE ]]; then echo "ok: timer after DDL"; else fail "timer after DDL: '${LINES[3]}'"; fi
expect_eq "no timer after .timer off" "other|43" "${LINES[4]}|${LINES[5]}"

finish
