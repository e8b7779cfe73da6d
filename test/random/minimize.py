#!/usr/bin/env python3
"""Shrink a --verbose script of inlake_random_test to the statements a failure needs.

The script (one statement per line; '--' lines are comments) is replayed through the inlake shell
in a fresh directory; a candidate keeps the failure while the shell's output contains SIGNATURE
(a substring of the error, or of a query result the script ends with; CRASH: the shell dies by a signal). Delta debugging removes
chunks of statements, then single statements, until nothing more can go.

  test/random/minimize.py --shell build/inlake --signature 'does not exist' seed.sql > repro.sql

The lake of a script may be on any backend: a DuckDB or SQLite catalog moves to the fresh directory, a
PostgreSQL one (ducklake:postgres:<conninfo> dbname=<name>) to a fresh database on the same server, created with
psql before and dropped after each run.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

LAKE_PATH = re.compile(r"ducklake:[^']*/lake\.duckdb")
SQLITE_PATH = re.compile(r"ducklake:sqlite:[^']*/lake\.sqlite")
POSTGRES_LAKE = re.compile(r"ducklake:postgres:([^']*?) dbname=(\w+)")
DATA_PATH = re.compile(r"DATA_PATH '[^']*'")


HARNESS_LINES = ('inlake_random_test:', 'summary:', 'reproduce:', 'seed ')


def statements(path):
    """The statements of a --verbose log: up to its FAILED report, without comments and harness lines."""
    lines = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('FAILED '):
                break
            if line.strip() and not line.startswith('--') and not line.startswith(HARNESS_LINES):
                lines.append(line.rstrip('\n'))
    return lines


def with_dir(lines, directory, database='inlake_repro'):
    def moved(line):
        line = LAKE_PATH.sub('ducklake:%s/lake.duckdb' % directory, line)
        line = SQLITE_PATH.sub('ducklake:sqlite:%s/lake.sqlite' % directory, line)
        line = POSTGRES_LAKE.sub(lambda m: 'ducklake:postgres:%s dbname=%s' % (m.group(1), database), line)
        return DATA_PATH.sub("DATA_PATH '%s/data/'" % directory, line)
    return [moved(line) for line in lines]


def postgres_server(lines):
    """The conninfo of the PostgreSQL server the script's lake is on (None for a file catalog)."""
    for line in lines:
        match = POSTGRES_LAKE.search(line)
        if match:
            return match.group(1)
    return None


def postgres_admin(server, sql):
    subprocess.run(['psql', '-q', server + ' dbname=postgres', '-c', sql], capture_output=True, check=True)


def shows(output, signature, regex):
    if regex:
        return re.search(signature, output, re.MULTILINE) is not None
    return signature in output


REPEAT = 1


def fails_once(shell, lines, signature, regex):
    directory = tempfile.mkdtemp(prefix='inlake_minimize_')
    server = postgres_server(lines)
    database = 'inlake_minimize_%d' % os.getpid()
    if server:
        postgres_admin(server, 'DROP DATABASE IF EXISTS %s WITH (FORCE)' % database)
        postgres_admin(server, 'CREATE DATABASE %s' % database)
    try:
        script = '\n'.join(with_dir(lines, directory, database)) + '\n'
        try:
            run = subprocess.run([shell, '-list'], input=script.encode(), capture_output=True, timeout=120)
        except subprocess.TimeoutExpired:
            return False
        if signature == 'CRASH':
            return run.returncode < 0 or run.returncode >= 128
        return shows((run.stdout + run.stderr).decode(errors='replace'), signature, regex)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
        if server:
            postgres_admin(server, 'DROP DATABASE IF EXISTS %s WITH (FORCE)' % database)


def fails(shell, lines, signature, regex=False):
    return any(fails_once(shell, lines, signature, regex) for _ in range(REPEAT))


def minimize(shell, lines, signature, regex):
    chunks = 2
    while len(lines) >= 2:
        size = max(1, len(lines) // chunks)
        reduced = False
        for start in range(0, len(lines), size):
            candidate = lines[:start] + lines[start + size:]
            if candidate and fails(shell, candidate, signature, regex):
                lines = candidate
                chunks = max(chunks - 1, 2)
                reduced = True
                print('-- %d statements left' % len(lines), file=sys.stderr)
                break
        if not reduced:
            if size == 1:
                break
            chunks = min(len(lines), chunks * 2)
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--shell', default='build/inlake')
    parser.add_argument('--signature', required=True)
    parser.add_argument('--regex', action='store_true', help='SIGNATURE is a regular expression (multi-line mode)')
    parser.add_argument('--repeat', type=int, default=1, help='runs per candidate (flaky failures); any run counts')
    parser.add_argument('script')
    args = parser.parse_args()
    global REPEAT
    REPEAT = args.repeat
    lines = statements(args.script)
    if not fails(args.shell, lines, args.signature, args.regex):
        sys.exit('the full script does not show the signature')
    lines = minimize(args.shell, lines, args.signature, args.regex)
    print('\n'.join(with_dir(lines, '/tmp/inlake_repro')))


if __name__ == '__main__':
    main()
