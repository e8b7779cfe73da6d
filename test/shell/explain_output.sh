#!/usr/bin/env bash
# EXPLAIN and EXPLAIN ANALYZE print the plan as the DuckDB 1.4 CLI does (issue 31): the plan text as it is, under
# a "Physical Plan" title, not a two-column table with literal \n cut at the terminal's width; in any mode, on a
# lake's tables too, also at the prompt.
source "$(dirname "$0")/lib/helpers.bash" "$1"

run -c "EXPLAIN SELECT 42"
expect_eq "EXPLAIN SELECT 42 prints the plan tree" "
┌─────────────────────────────┐
│┌───────────────────────────┐│
││       Physical Plan       ││
│└───────────────────────────┘│
└─────────────────────────────┘
┌───────────────────────────┐
│         PROJECTION        │
│    ────────────────────   │
│             42            │
│                           │
│           ~1 row          │
└─────────────┬─────────────┘
┌─────────────┴─────────────┐
│         DUMMY_SCAN        │
└───────────────────────────┘" "$OUT"
expect_rc "EXPLAIN exit status" 0

run -csv -c "EXPLAIN SELECT 42"
expect_contains "csv mode prints the same plan" "││       Physical Plan       ││" "$OUT"
if [[ "$OUT" == *explain_key* || "$OUT" == *'\n'* ]]; then
	fail "EXPLAIN in csv mode printed the result table ($OUT)"
fi

run -c "EXPLAIN ANALYZE SELECT 42"
expect_contains "EXPLAIN ANALYZE prints the profile" "││    Query Profiling Information    ││" "$OUT"
expect_contains "with the operators" "│         PROJECTION        │" "$OUT"
if [[ "$OUT" == *explain_key* || "$OUT" == *analyzed_plan* || "$OUT" == *'\n'* ]]; then
	fail "EXPLAIN ANALYZE printed the result table ($OUT)"
fi

run -csv -c "PRAGMA explain_output = 'all'" -c "EXPLAIN SELECT 1"
expect_contains "explain_output = all titles the unoptimized plan" "││ Unoptimized Logical Plan  ││" "$OUT"
expect_contains "and the optimized one" "││  Optimized Logical Plan   ││" "$OUT"

# another FORMAT prints the plan alone, without the title box (hostile review: the box came before the JSON, which
# then did not parse), ending with a line break; the text format keeps its title
run -c "EXPLAIN (FORMAT json) SELECT 42" -c "SELECT 'after' AS a"
expect_eq "EXPLAIN (FORMAT json) starts with the JSON plan" "[" "$(head -n1 <<<"$OUT")"
if [[ "$OUT" == *"Physical Plan"* ]]; then
	fail "EXPLAIN (FORMAT json) printed a title box ($OUT)"
fi
expect_contains "the next statement's output starts on a line of its own" $'\n]\n┌' "$OUT"
run -c "EXPLAIN (FORMAT json) SELECT 42"
expect_eq "the JSON plan parses and names the projection" "PROJECTION" \
	"$(python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["name"])' <<<"$OUT" 2>&1)"
run -csv -c "EXPLAIN (ANALYZE, FORMAT json) SELECT 42"
expect_eq "EXPLAIN (ANALYZE, FORMAT json) prints the JSON profile alone" "{" "$(head -n1 <<<"$OUT")"
run -c "EXPLAIN (FORMAT graphviz) SELECT 42"
expect_contains "FORMAT graphviz prints the digraph" "digraph G {" "$OUT"
if [[ "$OUT" == *"Physical Plan"* ]]; then
	fail "EXPLAIN (FORMAT graphviz) printed a title box ($OUT)"
fi
run -c "EXPLAIN (FORMAT text) SELECT 42"
expect_contains "FORMAT text keeps the title" "││       Physical Plan       ││" "$OUT"

run -c "CREATE TABLE a (i INTEGER); CREATE TABLE b (i INTEGER); CREATE TABLE c (i INTEGER); CREATE TABLE d (i INTEGER)" \
	-c ".maxwidth 60" -c "EXPLAIN SELECT * FROM a JOIN b USING (i) JOIN c USING (i) JOIN d USING (i)"
scans=$(grep -o "SEQ_SCAN" <<<"$OUT" | wc -l)
expect_eq "a plan wider than .maxwidth is not cut: all four scans show" "4" "$scans"

run -list -noheader -c "ATTACH 'ducklake:lake.ducklake' AS lake; CREATE TABLE lake.items AS SELECT range AS id FROM range(10)" \
	-c "EXPLAIN SELECT sum(id) FROM lake.items" -c "SELECT 'after'"
expect_contains "EXPLAIN of a lake table prints its plan" "││       Physical Plan       ││" "$OUT"
expect_contains "the lake's scan is in it" "items" "$OUT"
expect_contains "and statements after it print as usual" "after" "$OUT"

PTY="$(dirname "$INLAKE")/pty_driver"
export HOME="$WORK_DIR"
printf "CREATE TABLE hidden_first_table (i INTEGER); CREATE TABLE hidden_second_table (i INTEGER);
CREATE VIEW joined AS SELECT * FROM hidden_first_table JOIN hidden_second_table USING (i);\n" >setup.sql
printf '%s\n' "expect D 
send .read setup.sql\\r
expect D 
send EXPLAIN SELECT * FROM joined;\\r
expect Physical Plan
expect hidden_second_table
reject explain_value
send .exit\\r
exit 0" >steps
set +e
"$PTY" steps "$INLAKE" >pty_out 2>&1
RC=$?
set -e
expect_rc "at the prompt EXPLAIN prints the whole plan, not a cut table ($(cat pty_out))" 0

finish
