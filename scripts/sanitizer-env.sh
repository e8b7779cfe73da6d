# Sourced (not run): the sanitizer options of the ASan + UBSan build (build-sanitize/).
#   source scripts/sanitizer-env.sh [LOG_DIR]
#   build-sanitize/inlake-sqllogictest test/sql/insert/basic.test
# Every report stops the process (halt_on_error; the build also uses -fno-sanitize-recover=all) and is also
# written to LOG_DIR/asan.PID or LOG_DIR/ubsan.PID (default build-sanitize/sanitizer-logs), so that a report in
# a child process whose exit status a test ignores (a shell test's killed or expected-to-fail inlake process)
# is still seen: scripts/sanitize.sh fails when that folder holds any file.
#
# Suppressions: none. Each option below that differs from the default says why.
_inlake_san_logs="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-sanitize/sanitizer-logs}"
mkdir -p "$_inlake_san_logs"
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=0:detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1:log_path=$_inlake_san_logs/asan:log_exe_name=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:report_error_type=1:log_path=$_inlake_san_logs/ubsan:log_exe_name=1"
export LSAN_OPTIONS="report_objects=0"
unset _inlake_san_logs
