# Shared helpers for the inlake shell tests (sourced, not a test itself).
# Usage in a test: source "$(dirname "$0")/lib/helpers.bash" "$1"
set -euo pipefail

BUILD_DIR=${1:?usage: test.sh BUILD_DIR}
INLAKE="$(cd "$BUILD_DIR" && pwd)/inlake"
if [[ ! -x "$INLAKE" ]]; then
	echo "FAIL: no inlake shell at $INLAKE"
	exit 1
fi
WORK_DIR=$(mktemp -d)
# pg_database runs in a subshell ($(...)), so the names it creates are kept in a file
cleanup_test() {
	local name
	if [[ -f "$WORK_DIR/.pg_databases" ]]; then
		while read -r name; do
			psql -q "$PG dbname=postgres" -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null 2>&1 || true
		done <"$WORK_DIR/.pg_databases"
	fi
	rm -rf "$WORK_DIR"
}
trap cleanup_test EXIT
cd "$WORK_DIR"
FAILURES=0

# run ARGS...: runs the shell with stdin from /dev/null; sets OUT, ERR, RC
run() {
	set +e
	OUT=$("$INLAKE" "$@" </dev/null 2>"$WORK_DIR/.stderr")
	RC=$?
	set -e
	ERR=$(cat "$WORK_DIR/.stderr")
}

# run_input INPUT ARGS...: like run, with INPUT on stdin
run_input() {
	local input=$1
	shift
	set +e
	OUT=$(printf '%s' "$input" | "$INLAKE" "$@" 2>"$WORK_DIR/.stderr")
	RC=$?
	set -e
	ERR=$(cat "$WORK_DIR/.stderr")
}

fail() {
	echo "FAIL: $1"
	FAILURES=$((FAILURES + 1))
}

# start_session: a long-lived shell (-csv -noheader) reading file descriptor 3 (close it with `exec 3>&-`), writing
# session.out; its pid in $session
start_session() {
	mkfifo session.in
	"$INLAKE" -csv -noheader < session.in > session.out 2>&1 &
	session=$!
	exec 3> session.in
}

# wait_for_session TAG: waits (up to 10 s) until the session has printed a line starting "TAG,"
wait_for_session() {
	local i
	for i in $(seq 1 100); do
		grep -q "^$1," session.out && return 0
		sleep 0.1
	done
	fail "the session did not print $1: $(cat session.out)"
}

# expect_eq NAME EXPECTED ACTUAL
expect_eq() {
	if [[ "$2" == "$3" ]]; then
		echo "ok: $1"
	else
		fail "$1"
		echo "--- expected:"
		printf '%s\n' "$2"
		echo "--- actual:"
		printf '%s\n' "$3"
		echo "---"
	fi
}

# expect_contains NAME NEEDLE HAYSTACK
expect_contains() {
	if [[ "$3" == *"$2"* ]]; then
		echo "ok: $1"
	else
		fail "$1"
		echo "--- expected to contain:"
		printf '%s\n' "$2"
		echo "--- actual:"
		printf '%s\n' "$3"
		echo "---"
	fi
}

# expect_rc NAME EXPECTED_STATUS (checks RC of the last run)
expect_rc() {
	if [[ "$RC" == "$2" ]]; then
		echo "ok: $1 (exit status $RC)"
	else
		fail "$1: expected exit status $2, got $RC (stderr: $ERR)"
	fi
}

finish() {
	if ((FAILURES > 0)); then
		echo "$FAILURES check(s) failed"
		exit 1
	fi
	echo "all checks passed"
}

# require_postgres: skips the test (exit 77) unless INLAKE_TEST_PG names a PostgreSQL test server; then
# pg_database NAME creates a fresh database NAME there (dropped when the test exits) and PG is the server's
# conninfo
require_postgres() {
	if [[ -z "${INLAKE_TEST_PG:-}" ]]; then
		echo "SKIPPED: no PostgreSQL test server (INLAKE_TEST_PG; scripts/test.sh starts one)"
		exit 77
	fi
	PG="$INLAKE_TEST_PG"
}
pg_database() {
	local name="$1_$$"
	psql -q "$PG dbname=postgres" -c "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name" >/dev/null 2>&1
	echo "$name" >>"$WORK_DIR/.pg_databases"
	echo "$name"
}
