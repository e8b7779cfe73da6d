#!/usr/bin/env bash
# Builds the libFuzzer targets of test/fuzz (clang, -fsanitize=fuzzer,address,undefined) into build-fuzz/
# and runs each for a bounded time. Usage: scripts/fuzz.sh [SECONDS_PER_TARGET (default 60)] [TARGET...]
# Each target starts from its committed seed corpus (test/fuzz/corpus/TARGET) plus what earlier runs on this
# machine found (build-fuzz/corpus/TARGET), with its dictionary (test/fuzz/TARGET.dict). A crash, sanitizer
# report, internal DuckDB error, non-DuckDB exception, hang (-timeout) or memory blow-up (-rss_limit_mb) fails
# the script; the input is saved as build-fuzz/findings/TARGET-crash-... with the command to reproduce it.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
seconds="${1:-60}"
shift || true
scripts/install-packages.sh cmake ninja-build clang-14 libclang-rt-14-dev ccache
command -v npm >/dev/null 2>&1 || scripts/install-packages.sh npm # fetches DuckDB (third_party/)
build_dir="${INLAKE_FUZZ_BUILD_DIR:-build-fuzz}"
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true # as scripts/setup.sh: clones in other folders share the cache
CC=clang-14 CXX=clang++-14 cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DINLAKE_FUZZ=ON >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for source in test/fuzz/fuzz_*.cpp; do
    targets+=("$(basename "$source" .cpp)")
  done
fi
mkdir -p "$build_dir/findings"
failed=()
for target in "${targets[@]}"; do
  corpus="$root/$build_dir/corpus/$target"
  mkdir -p "$corpus"
  echo "fuzz: $target for ${seconds}s"
  log="$root/$build_dir/findings/$target.log"
  rm -f "$root/$build_dir/findings/$target"-* # the findings of an earlier run
  # new inputs go to the first corpus folder (build-fuzz/), the committed seeds are only read
  if "$build_dir/test/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -dict="test/fuzz/$target.dict" -artifact_prefix="$root/$build_dir/findings/$target-" \
    "$corpus" "test/fuzz/corpus/$target" >"$log" 2>&1; then
    grep -E "^(stat::number_of_executed_units|stat::new_units_added)" "$log" | sed 's/^/  /' || true
  else
    failed+=("$target")
    echo "fuzz: $target FAILED; the end of its log ($log):" >&2
    grep -v -E '^#[0-9]+' "$log" | tail -n 60 >&2
    for artifact in "$root/$build_dir/findings/$target"-*; do
      [ -f "$artifact" ] && [[ "$artifact" != *.log ]] &&
        echo "  reproduce: $build_dir/test/fuzz/$target $artifact" >&2
    done
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: ${#targets[@]} targets, ${seconds}s each, no finding"
