#!/usr/bin/env bash
# .shell / .system run a command line in the system shell, quotes and pipes as typed; a failing command is
# reported with its exit status; .cd changes the directory relative paths start from (issue 31).
source "$(dirname "$0")/lib/helpers.bash" "$1"

run -list -noheader -c ".shell echo 'two  spaces' | tr a-z A-Z" -c "SELECT 'after'"
expect_eq ".shell runs the line in a shell, its output in order with the results" "TWO  SPACES
after" "$OUT"
expect_rc ".shell exit status" 0

run -c ".system printf '%s\n' system-ran >ran.txt"
expect_eq ".system is the same command" "system-ran" "$(cat ran.txt)"

run -list -noheader -c ".shell exit 3" -c "SELECT 'goes on'"
expect_contains "a failing command's exit status is reported" "System command returns 3" "$ERR"
expect_eq "and the shell goes on" "goes on" "$OUT"

run -c ".shell"
expect_contains ".shell without a command prints its usage" "Usage: .shell CMD ARGS..." "$ERR"

mkdir -p sub/dir
run -list -noheader -c ".cd sub/dir" -c "COPY (SELECT 42 AS v) TO 'here.csv'" -c ".shell pwd"
expect_eq ".cd changes the directory of relative paths" "$WORK_DIR/sub/dir" "$OUT"
expect_eq "COPY wrote to the new directory" "v
42" "$(cat sub/dir/here.csv)"

run -c ".cd /nonexistent/folder"
expect_contains ".cd to a missing directory names it" 'cannot change to directory "/nonexistent/folder"' "$ERR"
expect_rc "a failed .cd fails" 1

finish
