#!/usr/bin/env bash
# ATTACH 'ducklake:NAME' with a bare NAME (letters, digits, _) names a ducklake secret, as in DuckLake: a name that is
# no secret (misspelt) is an error listing the ducklake secrets there are and saying how to name a file, and creates
# nothing (hostile review: it created a DuckDB-file lake of that name in the working directory). A catalog file of
# that name that exists is attached as before; plain paths still create lakes.
source "$(dirname "$0")/lib/helpers.bash" "$1"

run -c "ATTACH 'ducklake:nosecret' AS l;"
expect_rc "a bare name without any secret fails" 1
expect_contains "the error names the secret and says there is none" \
	"Secret \"nosecret\" was not found: 'ducklake:nosecret' names a secret of type ducklake (there is no secret of type ducklake)" "$ERR"
expect_contains "the error says how to name a file" "use 'ducklake:duckdb:nosecret' or a path such as './nosecret'" "$ERR"
expect_eq "nothing was created" "" "$(ls)"

SECRETS="CREATE SECRET lake_one (TYPE ducklake, METADATA_PATH 'one.duckdb', DATA_PATH 'one_files/');
  CREATE SECRET lake_two (TYPE ducklake, METADATA_PATH 'two.duckdb', DATA_PATH 'two_files/');"
run -c "$SECRETS ATTACH 'ducklake:lake_on' AS l;"
expect_rc "a misspelt secret name fails" 1
expect_contains "the error lists the secrets there are" \
	"the secrets of type ducklake are \"lake_one\", \"lake_two\"" "$ERR"
expect_eq "nothing was created" "" "$(ls)"
run -csv -noheader -c "$SECRETS ATTACH 'ducklake:lake_on' AS l; SELECT count(*) FROM duckdb_databases() WHERE database_name = 'l';"
expect_eq "the session goes on without the lake" "0" "$(tail -n1 <<<"$OUT")"

run -csv -noheader -c "$SECRETS ATTACH 'ducklake:lake_one' AS l; CREATE TABLE l.t AS SELECT 1 AS x; SELECT x FROM l.t;"
expect_eq "a secret's name attaches its lake" "1" "$(tail -n1 <<<"$OUT")"
expect_eq "at the secret's path" "yes" "$([[ -f one.duckdb ]] && echo yes)"

# a new lake by a plain path, and a DuckDB-file lake named like an identifier
mkdir dir
run -csv -noheader -c "ATTACH 'ducklake:lake.duckdb' AS a; ATTACH 'ducklake:dir/lake' AS b;
  ATTACH 'ducklake:duckdb:plain' AS c; ATTACH 'ducklake:./dotted' AS d;
  CREATE TABLE a.t AS SELECT 1 AS x; CREATE TABLE b.t AS SELECT 2 AS x; CREATE TABLE c.t AS SELECT 3 AS x;
  CREATE TABLE d.t AS SELECT 4 AS x;"
expect_rc "lakes are created by paths" 0
expect_eq "each catalog file is there" "yes yes yes yes" \
	"$(for f in lake.duckdb dir/lake plain dotted; do [[ -f $f ]] && echo -n yes; [[ $f != dotted ]] && echo -n ' '; done)"
# an existing catalog file named like an identifier is still attached by its bare name (lakes made so before)
run -csv -noheader -c "$SECRETS ATTACH 'ducklake:plain' AS c; SELECT x FROM c.t;"
expect_eq "an existing file of a bare name is its lake" "3" "$(tail -n1 <<<"$OUT")"

exit $FAILURES
