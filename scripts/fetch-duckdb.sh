#!/usr/bin/env bash
# Fetches DuckDB v1.4.4 (source headers + prebuilt libduckdb.so) from the npm
# registry into third_party/duckdb-1.4.4, verifying the pinned sha512 hashes.
# Reuses an existing unpacked copy. Usage: fetch-duckdb.sh DEST_DIR
set -euo pipefail
dest="${1:?usage: fetch-duckdb.sh DEST_DIR}"
root="$dest/duckdb-1.4.4"
if [ -f "$root/.complete" ]; then
  exit 0
fi
src_pkg="duckdb@1.4.4"
src_sha512="844249e61c9517454b8f776638ba6c5ab411d1bddde1892ab72826ea25178c72430e74aa83f5122b171be6abcdace84560f824b5ac94e9d5c2b603ea7269a9a2"
lib_pkg="@duckdb/node-bindings-linux-x64@1.4.4-r.4"
lib_sha512="8c14cbfd6bdfc312d3a056bfa551df4fa7a532d96d2469dcdf04aec590fd39f325b62b7d614755152dfbbc1150cd7313d59f0e5a3b528cc87eccf2b13b01cb1c"

command -v npm >/dev/null || { echo "fetch-duckdb: npm is required to fetch DuckDB" >&2; exit 1; }
work="$dest/.download"
rm -rf "$work" "$root"
mkdir -p "$work" "$root"
fetch() { # package expected-sha512 -> prints tarball path
  local pkg="$1" sha="$2" tgz
  tgz=$(cd "$work" && npm pack --silent "$pkg" | tail -n 1)
  local got
  got=$(sha512sum "$work/$tgz" | cut -d' ' -f1)
  if [ "$got" != "$sha" ]; then
    echo "fetch-duckdb: integrity check failed for $pkg (got $got)" >&2
    exit 1
  fi
  echo "$work/$tgz"
}
src_tgz=$(fetch "$src_pkg" "$src_sha512")
lib_tgz=$(fetch "$lib_pkg" "$lib_sha512")
mkdir -p "$work/src" "$work/lib"
tar xzf "$src_tgz" -C "$work/src"
tar xzf "$lib_tgz" -C "$work/lib"
mv "$work/src/package/src/duckdb" "$root/duckdb"
mkdir -p "$root/lib"
mv "$work/lib/package/libduckdb.so" "$root/lib/libduckdb.so"
rm -rf "$work"
touch "$root/.complete"
echo "fetch-duckdb: DuckDB 1.4.4 ready in $root"
