#!/usr/bin/env bash
# Output of -c in every mode, compared with the exact text the DuckDB CLI prints
# when stdout is not a terminal; -header/-noheader; NULL rendering.
source "$(dirname "$0")/lib/helpers.bash" "$1"

run -c "SELECT 42 AS x"
expect_eq "duckbox (default mode)" "┌───────┐
│   x   │
│ int32 │
├───────┤
│    42 │
└───────┘" "$OUT"
expect_rc "duckbox exit status" 0

run -box -c "SELECT count(*) FROM range(0)"
expect_eq "-box count_star" "┌──────────────┐
│ count_star() │
│    int64     │
├──────────────┤
│            0 │
└──────────────┘" "$OUT"

run -c "SELECT NULL::INTEGER AS n, 'a' AS s"
expect_eq "duckbox prints NULL" "┌───────┬─────────┐
│   n   │    s    │
│ int32 │ varchar │
├───────┼─────────┤
│  NULL │ a       │
└───────┴─────────┘" "$OUT"

QUERY="SELECT 1 AS a, 'x,y' AS b, NULL AS c UNION ALL SELECT 2, 'q\"z', 3.5 ORDER BY a"

run -csv -c "$QUERY"
expect_eq "csv with header, quoting, NULL empty" 'a,b,c
1,"x,y",
2,"q""z",3.5' "$OUT"

run -csv -noheader -c "$QUERY"
expect_eq "csv -noheader" '1,"x,y",
2,"q""z",3.5' "$OUT"

run -list -c "$QUERY"
expect_eq "list" 'a|b|c
1|x,y|
2|q"z|3.5' "$OUT"

run -list -noheader -c "$QUERY"
expect_eq "list -noheader" '1|x,y|
2|q"z|3.5' "$OUT"

run -list -header -c "SELECT 7 AS seven"
expect_eq "list -header" 'seven
7' "$OUT"

run -json -c "$QUERY"
expect_eq "json" '[{"a":1,"b":"x,y","c":null},
{"a":2,"b":"q\"z","c":"3.5"}]' "$OUT"

run -json -c "SELECT [1,2] AS l, {'k': 'v'} AS st, true AS b, 1.5::DOUBLE AS d"
expect_eq "json nested and typed values" '[{"l":[1,2],"st":{"k":"v"},"b":true,"d":1.5}]' "$OUT"

run -line -c "SELECT 1 AS a, 'v' AS longer_column UNION ALL SELECT 2, NULL ORDER BY a"
expect_eq "line" '            a = 1
longer_column = v

            a = 2
longer_column = ' "$OUT"

run -markdown -c "$QUERY"
expect_eq "markdown" '| a |  b  |  c  |
|--:|-----|----:|
| 1 | x,y |     |
| 2 | q"z | 3.5 |' "$OUT"

run -table -c "$QUERY"
expect_eq "table" '+---+-----+-----+
| a |  b  |  c  |
+---+-----+-----+
| 1 | x,y |     |
| 2 | q"z | 3.5 |
+---+-----+-----+' "$OUT"

run -c "CREATE TABLE t(i INTEGER); INSERT INTO t VALUES (1), (2)"
expect_eq "DDL and INSERT print nothing" "" "$OUT"

run -c "SELECT * FROM range(100)"
expect_contains "duckbox hides rows past 40" "│  100 rows  │
│ (40 shown) │" "$OUT"

finish
