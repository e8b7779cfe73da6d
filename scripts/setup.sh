#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need (when missing) and
# configures + builds the project into build/. Safe to run repeatedly: the
# DuckDB download and the build are both incremental.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(g++ cmake ninja-build pkg-config libedit-dev libgtest-dev ccache libsqlite3-dev sqlite3 libpq-dev libssl-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm fetches DuckDB; a Node.js installed outside Debian's packages counts too.
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
build_dir="${INLAKE_BUILD_DIR:-build}"
# ccache: paths relative to the checkout and no working-directory hash, so that a fresh clone in another
# folder (CI's) and a second build tree reuse what an earlier build on this machine compiled
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=true
# INLAKE_CMAKE_ARGS: extra configure options (scripts/sanitize.sh passes -DINLAKE_SANITIZE=ON)
# shellcheck disable=SC2086
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}" ${INLAKE_CMAKE_ARGS:-} >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
