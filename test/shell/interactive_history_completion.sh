#!/usr/bin/env bash
# At the prompt (on a pseudo-terminal, test/shell/pty_driver.cpp), issue 31: each statement is appended to
# ~/.inlake_history as it runs, so a shell that is killed has still saved it, and the next one recalls it with
# Up (UTF-8 and backslashes intact); .help says where the history lives; Tab completes dot commands, .mode's
# modes and the file of .read; .prompt changes both prompts; ~/.inlakerc is read at the prompt, which says so.
source "$(dirname "$0")/lib/helpers.bash" "$1"
PTY="$(dirname "$INLAKE")/pty_driver"
export HOME="$WORK_DIR" # a history file of the test's own

# drive SCRIPT_TEXT ARGS...: runs the shell on a pseudo-terminal with the steps of SCRIPT_TEXT; sets RC and ERR.
# A script without an exit step ends with the shell killed (SIGKILL), not exiting cleanly.
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

drive "expect D 
send SELECT 'histmark' || 'é\\\\' AS first_entry;\\r
expect histmarké\\
send .help\\r
expect History: each statement typed at the prompt is appended to $HOME/.inlake_history as it runs
send SELECT 'found=' || count(*) AS f FROM read_text('$HOME/.inlake_history') WHERE contains(content, 'first' || '_entry');\\r
expect found=1"
expect_rc "the history file has a statement while the shell still runs; .help names the file ($ERR)" 0
expect_contains "the killed shell left its statements in the history file" "first_entry" "$(cat "$HOME/.inlake_history")"

drive "expect D 
send \\e[A\\e[A\\e[A\\r
expect histmarké\\
send .exit\\r
exit 0"
expect_rc "the next shell recalls it with Up, UTF-8 and backslash intact ($ERR)" 0
expect_eq "one history file header, entries appended after it" "1" "$(grep -c '_HiStOrY_V2_' "$HOME/.inlake_history")"

echo "SELECT 'read' || ' through tab' AS r;" >completion_target.sql
drive "expect D 
send .read completion_tar\\t
send \\r
expect read through tab
send .ti\\t
send on\\r
send SELECT 1;\\r
expect Run Time
send .mode mark\\t
send \\r
send SELECT 7 AS seven;\\r
expect | seven |
send .exit\\r
exit 0"
expect_rc "Tab completes a file name after .read, a dot command (.ti: .timer) and a mode (mark: markdown) ($ERR)" 0

cat >"$HOME/.inlakerc" <<'EOF'
.prompt 'lake> ' '....> '
EOF
drive "expect -- Loading resources from $HOME/.inlakerc
expect lake> 
send SELECT 40 +\\r
expect ....> 
send 2 AS answer;\\r
expect 42
expect lake> 
send .exit\\r
exit 0"
expect_rc "~/.inlakerc is read at the prompt, and its .prompt sets both prompts ($ERR)" 0
rm "$HOME/.inlakerc"

finish
