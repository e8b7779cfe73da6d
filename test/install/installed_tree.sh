#!/usr/bin/env bash
# `cmake --install` gives a tree that runs without the checkout: installs the build into a temporary prefix,
# moves the tree elsewhere (so nothing can rely on where it was installed), and checks that
#  - the installed shell finds its DuckDB beside it (RUNPATH $ORIGIN/../lib), never the build tree's copy:
#    every shared object the running shell loads is asserted to come from outside the checkout and build tree;
#  - the shell runs the seed's core example (inline, read, flush, time travel) on a new lake;
#  - the installed extension loads into a plain DuckDB 1.4.4 program and attaches a lake;
#  - a Release build installs stripped binaries (no .debug_info section).
# Usage: installed_tree.sh BUILD_DIR SOURCE_DIR LOAD_EXTENSION_TEST BUILD_TYPE
set -euo pipefail
build_dir="$(cd "$1" && pwd)"; source_dir="$(cd "$2" && pwd)"; load_test="$3"; build_type="$4"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
mv "$work/prefix" "$work/moved"
tree="$work/moved"
for f in bin/inlake lib/libduckdb.so lib/inlake/inlake.duckdb_extension; do
  [ -f "$tree/$f" ] || fail "cmake --install did not install $f"
done
runpath="$(readelf -d "$tree/bin/inlake" | grep -E 'RUNPATH|RPATH' || true)"
[[ "$runpath" == *'[$ORIGIN/../lib]'* ]] || fail "installed shell's run path is not \$ORIGIN/../lib: $runpath"
ext_runpath="$(readelf -d "$tree/lib/inlake/inlake.duckdb_extension" | grep -E 'RUNPATH|RPATH' || true)"
[ -z "$ext_runpath" ] || fail "the installed extension has a run path: $ext_runpath"
resolved="$(ldd "$tree/bin/inlake" | awk '$1 == "libduckdb.so" { print $3 }')"
[ -n "$resolved" ] && [ "$(realpath "$resolved")" == "$tree/lib/libduckdb.so" ] \
  || fail "installed shell does not resolve libduckdb.so beside it: $(ldd "$tree/bin/inlake" | grep duckdb)"

cd "$work"
out="$(env -u LD_LIBRARY_PATH LD_DEBUG=files LD_DEBUG_OUTPUT="$work/ld" "$tree/bin/inlake" -csv -noheader -c "
ATTACH 'ducklake:lake.duckdb' AS lake (DATA_PATH 'files/');
CREATE TABLE lake.t (id INTEGER, name VARCHAR);
INSERT INTO lake.t VALUES (1, 'a'), (2, 'b');
SELECT count(*) FROM glob('files/**/*.parquet');
CALL ducklake_flush_inlined_data('lake');
SELECT count(*) FROM glob('files/**/*.parquet');
SELECT string_agg(name, '+' ORDER BY id) FROM lake.t AT (VERSION => 2);")"
expected=$'0\nmain,t,2\n1\na+b'
[ "$out" == "$expected" ] || fail "installed shell printed [$out], expected [$expected]"
loaded="$(grep -h 'calling init: ' "$work"/ld.* | sed -E 's/.*calling init: //' | xargs -r -n1 realpath | sort -u)"
grep -q "^$tree/lib/libduckdb.so$" <<<"$loaded" || fail "the shell did not load $tree/lib/libduckdb.so: $loaded"
if grep -E "^($source_dir|$build_dir)/" <<<"$loaded"; then fail "the installed shell loaded files from the checkout"; fi

ext_dir="$work/ext"; mkdir -p "$ext_dir"
"$load_test" "$tree/lib/inlake/inlake.duckdb_extension" "$ext_dir" >/dev/null || fail "the installed extension did not load"

if [ "$build_type" == "Release" ]; then
  for f in bin/inlake lib/inlake/inlake.duckdb_extension; do
    if readelf -S "$tree/$f" | grep -q '\.debug_info'; then fail "$f is not stripped"; fi
  done
fi
echo "installed tree OK: shell $(du -h "$tree/bin/inlake" | cut -f1), extension $(du -h "$tree/lib/inlake/inlake.duckdb_extension" | cut -f1)"
