#!/usr/bin/env bash
# The startup file: ~/.inlakerc (SQL and dot commands) is read before other input, as the DuckDB CLI reads
# ~/.duckdbrc; -init FILE reads that file instead; output options on the command line win over its settings
# (issue 31).
source "$(dirname "$0")/lib/helpers.bash" "$1"
export HOME="$WORK_DIR"

cat >"$HOME/.inlakerc" <<'EOF'
.mode csv
CREATE TABLE from_rc AS SELECT 'rc ran' AS note;
EOF
run -c "SELECT note FROM from_rc"
expect_eq "~/.inlakerc runs first: its table and its .mode" "note
rc ran" "$OUT"
expect_rc "exit status with ~/.inlakerc" 0

run_input "SELECT note FROM from_rc;
"
expect_eq "also for statements from stdin" "note
rc ran" "$OUT"

run -list -c "SELECT note, 'x,y' AS other FROM from_rc"
expect_eq "a mode on the command line wins over the file's" "note|other
rc ran|x,y" "$OUT"

run -noheader -c "SELECT note FROM from_rc"
expect_eq "and so does -noheader" "rc ran" "$OUT"

cat >init.sql <<'EOF'
.mode list
CREATE TABLE from_init AS SELECT 'init ran' AS note;
EOF
run -init init.sql -noheader -c "SELECT note FROM from_init" -c "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'from_rc'"
expect_eq "-init FILE is read instead of ~/.inlakerc" "init ran
0" "$OUT"

run -init missing.sql -list -noheader -c "SELECT 1"
expect_contains "a missing -init file is an error naming it" 'Error: cannot open "missing.sql"' "$ERR"
expect_eq "the command still runs" "1" "$OUT"
expect_rc "and the exit status says something failed" 1

# a folder opens like a file and reads as nothing: an error too, not skipped without a word (hostile review)
mkdir -p init_folder
run -init init_folder -list -noheader -c "SELECT 2"
expect_contains "an -init folder is an error naming it" 'Error: cannot open "init_folder": it is a folder' "$ERR"
expect_eq "the command after it still runs" "2" "$OUT"
expect_rc "exit status after an -init folder" 1

run -list -noheader -c ".read init_folder" -c "SELECT 3"
expect_contains ".read of a folder is an error naming it" 'Error: cannot open "init_folder": it is a folder' "$ERR"

echo "SELEC broken;" >"$HOME/.inlakerc"
run -list -noheader -c "SELECT 'after the broken rc'"
expect_contains "an error in ~/.inlakerc is reported" "SELEC" "$ERR"
expect_eq "and the command still runs" "after the broken rc" "$OUT"

rm "$HOME/.inlakerc"
run -list -noheader -c "SELECT 'no rc'"
expect_eq "without ~/.inlakerc nothing is read" "no rc" "$OUT"
expect_eq "and nothing is reported" "" "$ERR"

finish
