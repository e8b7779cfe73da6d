#!/usr/bin/env bash
# A malformed postgresql:// URI (an IPv6 host without its closing bracket, an empty one, a bad or forbidden
# %-escape) as a PostgreSQL lake's path: libpq's error quotes the URI, or the bad component alone, and the password
# in it must not reach the user, whether the URI is the ATTACH path, a ducklake secret's METADATA_PATH or completed
# by METADATA_PARAMETERS. The errors still name the problem. (Needs no server; with INLAKE_TEST_PG a wrong password
# in a well-formed URI is tried too.)
source "$(dirname "$0")/lib/helpers.bash" "$1"
SECRET=inlake-secret-pw

no_password() { # NAME TEXT
	if [[ "$2" == *"$SECRET"* || "$2" == *"inlake-secret"* || "$2" == *"secret-pw"* ]]; then
		fail "$1 shows the password: $2"
	else
		echo "ok: $1 does not show the password"
	fi
}

# URI, what the error must say
cases=(
	"postgresql://inlake_pw:$SECRET@[::1/db|IPv6"
	"postgresql://inlake_pw:$SECRET@[::1|IPv6"
	"postgresql://inlake_pw:$SECRET@[]/db|IPv6"
	"postgresql://inlake_pw:inlake%zzsecret-pw@localhost/db|percent-encoded"
	"postgresql://inlake_pw:inlake-secret%zz-pw@localhost/db|percent-encoded"
	"postgresql://inlake_pw:inlake%00secret-pw@localhost/db|%00"
	"postgresql://inlake_pw:$SECRET@localhost/d%zzb|percent-encoded"
	"postgres://inlake_pw:$SECRET@localhost/db?nonsense=1|nonsense"
	"postgresql://inlake_pw:$SECRET@localhost/db?password=$SECRET&sslmode=bogus|sslmode"
	"postgresql://inlake_pw@localhost/db?password=$SECRET&port=x|port"
)
for entry in "${cases[@]}"; do
	uri=${entry%|*}
	says=${entry##*|}
	run -csv -noheader -c "ATTACH 'ducklake:postgres:$uri' AS l (DATA_PATH 'files/');"
	expect_contains "ATTACH of $says URI fails naming the problem" "$says" "$ERR"
	no_password "the error of ATTACH ($says)" "$OUT$ERR"
	run -csv -noheader -c "ATTACH 'ducklake:postgres:$uri' AS l (DATA_PATH 'files/', METADATA_PARAMETERS MAP {'connect_timeout': '1'});"
	expect_contains "ATTACH with METADATA_PARAMETERS of $says URI fails naming the problem" "$says" "$ERR"
	no_password "the error of ATTACH with METADATA_PARAMETERS ($says)" "$OUT$ERR"
	run -csv -noheader -c "CREATE SECRET s (TYPE ducklake, METADATA_PATH 'postgres:$uri', DATA_PATH 'files/'); ATTACH 'ducklake:s' AS l;"
	expect_contains "ATTACH of a secret with a $says URI fails naming the problem" "$says" "$ERR"
	no_password "the error of ATTACH of a secret ($says)" "$OUT$ERR"
done

if [[ -n "${INLAKE_TEST_PG:-}" ]]; then
	PG="$INLAKE_TEST_PG"
	socket=$(sed -n 's/.*host=\([^ ]*\).*/\1/p' <<< "$PG")
	DB=$(pg_database uri_creds)
	run -csv -noheader -c "ATTACH 'ducklake:postgres:postgresql://inlake_pw:not-$SECRET-x@/$DB?host=$socket' AS l (DATA_PATH 'files/');"
	expect_contains "a wrong password in a URI is an error saying so" "password authentication failed" "$ERR"
	no_password "the error of a wrong password in a URI" "$OUT$ERR"
	run -csv -noheader -c "ATTACH 'ducklake:postgres:postgresql://inlake_pw:$SECRET@/$DB?host=$socket' AS l (DATA_PATH 'files/'); CREATE TABLE l.t AS SELECT 1 AS i; SELECT i FROM l.t; SELECT path FROM duckdb_databases() WHERE database_name = 'l';"
	expect_eq "a lake through a well-formed URI with a password" "0" "$RC"
	expect_contains "it reads back" "1" "$OUT"
	no_password "duckdb_databases() of a lake attached through a URI" "$OUT$ERR"
fi

finish
