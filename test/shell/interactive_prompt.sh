#!/usr/bin/env bash
# The interactive prompt on a pseudo-terminal (test/shell/pty_driver.cpp), as a DuckDB CLI user knows it:
# Ctrl-C drops what was typed and shows a fresh prompt, also in the middle of a statement over several lines;
# Ctrl-C during a query interrupts it; a statement typed over several lines is one history entry that Up
# recalls whole; Tab completes keywords, lake table names and column names; the progress bar is on at the
# prompt and off for -c; Ctrl-D on an empty line exits (issue 13).
source "$(dirname "$0")/lib/helpers.bash" "$1"
PTY="$(dirname "$INLAKE")/pty_driver"
export HOME="$WORK_DIR" # a history file of the test's own

# drive SCRIPT_TEXT ARGS...: runs the shell on a pseudo-terminal with the steps of SCRIPT_TEXT; sets RC and ERR
drive() {
	local steps=$1
	shift
	printf '%s\n' "$steps" >"$WORK_DIR/steps"
	set +e
	"$PTY" "$WORK_DIR/steps" "$INLAKE" "$@" >"$WORK_DIR/.pty_out" 2>&1
	RC=$?
	set -e
	ERR=$(cat "$WORK_DIR/.pty_out")
}

drive 'expect D 
send SELECT 40 + 1\x03
expect D 
send SELECT 40 +\r
expect ·
send \x03
expect D 
send SELECT 2 AS total;\r
expect │ total │
reject 41
send SELECT 'after' || ' ctrl-c';\r
expect after ctrl-c
send \x04
exit 0'
expect_rc "Ctrl-C drops the typed line and a pending statement; Ctrl-D exits ($ERR)" 0

drive "expect D 
send SELECT count(*) FROM range(100000000000) a, range(10) b;\\r
sleep 1500
press \\x03
expect INTERRUPT
send SELECT 'still here';\\r
expect still here
send .exit\\r
exit 0"
expect_rc "Ctrl-C interrupts a running query and the prompt goes on ($ERR)" 0

drive 'expect D 
send SELECT 6\r
expect ·
send * 7 AS answer;\r
expect 42
send SELECT 1000 + 1 AS other;\r
expect 1001
send \e[A\e[A\r
expect 42
send .quit\r
exit 0'
expect_rc "a statement over two lines is one history entry, recalled whole by Up ($ERR)" 0
# libedit writes an entry with its spaces as \040
expect_contains "the history file keeps it as one entry" 'SELECT\0406\040*\0407\040AS\040answer;' "$(cat "$HOME/.inlake_history")"

drive "expect D 
send ATTACH 'ducklake:$WORK_DIR/complete.ducklake' AS lake;\\r
expect D 
send CREATE TABLE lake.measurements_by_station (station_temperature DOUBLE);\\r
expect D 
send INSERT INTO lake.measurements_by_station VALUES (21.5);\\r
expect D 
send sel\\t
send station_temp\\t
send FROM lake.measurements_by\\t
send ;\\r
expect station_temperature
expect 21.5
send SELECT * FROM ducklake_inlined_data_ta\\t;\\r
expect Table with name ducklake_inlined_data_ta does not exist
send .exit\\r
exit 0"
expect_rc "Tab completes a keyword, a lake column and a lake table, not the lake's catalog tables ($ERR)" 0

drive "expect D 
send SELECT 'hé→' AS x, length(x) AS len, hex(x) AS h;\\r
expect 68C3A9E28692
send SELECT 'cé\\x7f' || 'd' AS y, length(y) + 2000 AS n2;\\r
expect 2002
send .exit\\r
exit 0"
expect_rc "UTF-8 typed at the prompt arrives as typed; Backspace removes a whole character ($ERR)" 0

drive "expect D 
send SELECT 'line1\\r
send line2' AS s, length(s) + 1000 AS n;\\r
expect 1011
send SELECT 7 * 7 AS other;\\r
expect 49
send \\e[A\\e[A\\r
expect 1011
send .exit\\r
exit 0"
expect_rc "a line break inside a string stays in the history entry ($ERR)" 0

printf "SELECT count(*) FROM range(100000000000) a, range(10) b;\nSELECT 'after_the_slow_one' AS marker;\n" >slow.sql
drive "expect D 
send .read slow.sql\\r
sleep 1500
press \\x03
expect INTERRUPT
reject after_the_slow_one
send SELECT 'the prompt goes on' AS p;\\r
expect the prompt goes on
send .exit\\r
exit 0"
expect_rc "Ctrl-C during a .read script stops the script, not the prompt ($ERR)" 0

drive "expect D 
send SELECT 'progress bar ' || current_setting('enable_progress_bar');\\r
expect progress bar true
send .exit\\r
exit 0"
expect_rc "the progress bar is on at the prompt ($ERR)" 0
run -c "SELECT current_setting('enable_progress_bar') AS progress" -list -noheader
expect_eq "the progress bar is off for -c" "false" "$OUT"

finish
