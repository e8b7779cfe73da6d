# Generates randomized_differential.test (python3 randomized_differential_gen.py partial) and
# randomized_differential_full_rows.test (python3 randomized_differential_gen.py full) next to this script.
# The generated tests are deterministic: every parameter is DuckDB's hash() of the loop variable and a label.
import sys
full = sys.argv[1] == 'full'
name = 'randomized_differential_full_rows' if full else 'randomized_differential'
ITER = 5
LAKE = "l.t"
DIFF = ("SELECT count(*) FROM ((SELECT * FROM l.t EXCEPT ALL SELECT * FROM nt) "
        "UNION ALL (SELECT * FROM nt EXCEPT ALL SELECT * FROM l.t))")

def upd(sets, prefix=''):
    # sets: dict of column -> expression; in full mode every column is assigned
    if full:
        for c in ('id', 'a', 's'):
            sets.setdefault(c, prefix + c)
    return ', '.join('%s = %s' % (c, e) for c, e in sets.items())

steps = []  # (key, description, [statements with {T} for the table], lake_only_block)

def both(key, desc, stmts):
    steps.append((key, desc, stmts))

# each op: list of SQL templates with {T} = table name and {S} = selection source (always nt: same pre-state)
both('is', 'small insert (1..10 rows, inlined)',
     ["INSERT INTO {T} SELECT ${i} * 100000 + 10000 + r, hash(r, ${i}, 'a') % 1000, 's' || (hash(r, ${i}, 's') % 50) FROM range(1 + hash(${i}, 'is') % 10) t(r)"])
both('il', 'large insert (11..410 rows, one Parquet file)',
     ["INSERT INTO {T} SELECT ${i} * 100000 + 20000 + r, hash(r, ${i}, 'a2') % 1000, CASE WHEN r % 13 = 0 THEN NULL ELSE 'L' || (r % 40) END FROM range(11 + hash(${i}, 'il') % 400) t(r)"])
both('ds', 'small delete of 1..10 rows picked anywhere',
     ["DELETE FROM {T} WHERE id IN (SELECT id FROM nt ORDER BY hash(id, ${i}, 'ds') LIMIT 1 + hash(${i}, 'dsk') % 10)"])
both('us', 'small update of 1..5 rows (non-key columns)',
     ["UPDATE {T} SET " + upd({'a': 'a + 1', 's': "coalesce(s, '') || 'u'"}) + " WHERE id IN (SELECT id FROM nt ORDER BY hash(id, ${i}, 'us') LIMIT 1 + hash(${i}, 'usk') % 5)"])
both('dr', 'range delete of 15..74 consecutive ids of one large insert (more than 10 rows of one file)',
     ["DELETE FROM {T} WHERE id >= (hash(${i}, 'drj') % (${i} + 1)) * 100000 + 20000 + hash(${i}, 'drl') % 300 AND id < (hash(${i}, 'drj') % (${i} + 1)) * 100000 + 20000 + hash(${i}, 'drl') % 300 + 15 + hash(${i}, 'drw') % 60"])
both('uk', 'update of the key column of 1..8 rows',
     ["UPDATE {T} SET " + upd({'id': 'id + 10000000000'}) + " WHERE id IN (SELECT id FROM nt ORDER BY hash(id, ${i}, 'uk') LIMIT 1 + hash(${i}, 'ukk') % 8)"])
both('ul', 'large update of about a seventh of all rows',
     ["UPDATE {T} SET " + upd({'a': '-a', 's': 'upper(s)'}) + " WHERE a % 7 = hash(${i}, 'ul') % 7"])
both('ur', 'update of non-key columns of 3..32 consecutive ids of one large insert (a range filter on an unassigned column)',
     ["UPDATE {T} SET " + upd({'s': "'r' || a", 'a': 'a + 7'}) + " WHERE id BETWEEN (hash(${i}, 'urj') % (${i} + 1)) * 100000 + 20000 + hash(${i}, 'url') % 300 AND (hash(${i}, 'urj') % (${i} + 1)) * 100000 + 20000 + hash(${i}, 'url') % 300 + 2 + hash(${i}, 'urw') % 30"])
both('dp', 'delete by predicate on a over every file and the inlined rows',
     ["DELETE FROM {T} WHERE a % 23 = hash(${i}, 'dp') % 23"])
both('mg', 'MERGE: matched update, matched delete, not-matched insert',
     ["MERGE INTO {T} AS target USING (SELECT id + (CASE WHEN hash(id, ${i}, 'mgn') % 3 = 0 THEN 500 ELSE 0 END) AS id, a FROM nt ORDER BY hash(id, ${i}, 'mg') LIMIT 1 + hash(${i}, 'mgk') % 12) AS source ON target.id = source.id "
      "WHEN MATCHED AND source.a % 2 = 0 THEN DELETE "
      "WHEN MATCHED THEN UPDATE SET " + upd({'a': 'target.a + 1000'}, 'target.') + " "
      "WHEN NOT MATCHED THEN INSERT VALUES (source.id, source.a, 'merged')"])

out = []
w = out.append
w("# name: test/sql/delete/%s.test" % name)
if full:
    w("# description: randomized differential test (every UPDATE assigns every column): a fixed pseudo-random sequence of inserts, updates, deletes and merges, applied to a lake table and to a native table, compared after every step and at every earlier snapshot")
else:
    w("# description: randomized differential test: a fixed pseudo-random sequence of small and large inserts, updates (key and non-key columns), deletes and merges, in and out of transactions, applied to a lake table and to a native DuckDB table; compared after every step and, at the end, at every earlier snapshot")
w("# group: [delete]")
w("# The sequence is fixed: every parameter is derived from h(<loop variable>, <label>) (DuckDB's hash is deterministic), and rows")
w("# are picked by ordering the native table (same content as the lake table before the step) by such a hash.")
w("# Step <i>_<op> is recorded as the native table hist_<i>_<op> plus the lake snapshot id in table snaps.")
w("# This file is generated; regenerate rather than edit by hand (test/sql/delete/randomized_differential_gen.py).")
w("")
w("require ducklake")
w("")
w("statement ok")
w("ATTACH 'ducklake:__TEST_DIR__/rnd.duckdb' AS l (DATA_INLINING_ROW_LIMIT 10)")
w("")
w("statement ok")
w("CREATE TABLE l.t (id BIGINT, a INTEGER, s VARCHAR)")
w("")
w("statement ok")
w("CREATE TABLE nt (id BIGINT, a INTEGER, s VARCHAR)")
w("")
w("statement ok")
w("CREATE TABLE snaps (step VARCHAR, snapshot_id BIGINT)")
w("")

def check_and_record(key, rolled_back=False):
    w("query I")
    w(DIFF)
    w("----")
    w("0")
    w("")
    w("statement ok")
    w("CREATE TABLE hist_${i}_%s AS SELECT * FROM nt" % key)
    w("")
    w("statement ok")
    w("INSERT INTO snaps SELECT '${i}_%s', max(snapshot_id) FROM ducklake_catalog_table('l', 'ducklake_snapshot')" % key)
    w("")

keys = []
w("loop i 0 %d" % ITER)
w("")
for key, desc, stmts in steps:
    w("# step ${i}_%s: %s" % (key, desc))
    for s in stmts:
        w("statement ok")
        w(s.replace('{T}', LAKE))
        w("")
        w("statement ok")
        w(s.replace('{T}', 'nt'))
        w("")
    check_and_record(key)
    keys.append(key)

# transaction step: several statements in one transaction; predicates only on the row itself so the lake
# (seeing its own earlier statements) and the native table (applied afterwards in the same order) pick the same rows
txn = [
    "DELETE FROM {T} WHERE hash(id, ${i}, 'tx1') % 150 = 0",
    "UPDATE {T} SET " + upd({'a': 'a * 3', 's': "coalesce(s, '') || 'x'"}) + " WHERE hash(id, ${i}, 'tx2') % 120 = 0",
    "INSERT INTO {T} SELECT ${i} * 100000 + 30000 + r, r, 'tx' FROM range(1 + hash(${i}, 'tx3') % 30) t(r)",
    "UPDATE {T} SET " + upd({'id': 'id + 20000000000', 'a': 'a - 1'}) + " WHERE hash(id, ${i}, 'tx4') % 90 = 0",
    "UPDATE {T} SET " + upd({'s': "'twice'"}) + " WHERE hash(id, ${i}, 'tx4') % 90 = 0 OR id = ${i} * 100000 + 30000",
    "DELETE FROM {T} WHERE id >= ${i} * 100000 + 20000 + hash(${i}, 'tx5') % 200 AND id < ${i} * 100000 + 20000 + hash(${i}, 'tx5') % 200 + 40",
]
w("# step ${i}_tx: several statements in one explicit transaction (one snapshot)")
w("statement ok")
w("BEGIN")
w("")
for s in txn:
    w("statement ok")
    w(s.replace('{T}', LAKE))
    w("")
w("statement ok")
w("COMMIT")
w("")
for s in txn:
    w("statement ok")
    w(s.replace('{T}', 'nt'))
    w("")
check_and_record('tx')
keys.append('tx')

w("# step ${i}_rb: a rolled back transaction changes nothing")
w("statement ok")
w("BEGIN")
w("")
w("statement ok")
w("DELETE FROM l.t WHERE hash(id, ${i}, 'rb') % 3 = 0")
w("")
w("statement ok")
w("UPDATE l.t SET " + upd({'a': '0'}) + " WHERE hash(id, ${i}, 'rb2') % 50 = 0")
w("")
w("statement ok")
w("ROLLBACK")
w("")
check_and_record('rb')
keys.append('rb')
w("endloop")
w("")

# sanity: the sequence really exercised every storage path
w("# the sequence exercised every path: Parquet files, inlined rows, inlined deletions and delete files")
w("query IIIII")
w("SELECT (SELECT count(*) FROM ducklake_catalog_table('l', 'ducklake_data_file')) > 10, "
  "(SELECT count(*) FROM ducklake_catalog_table('l', 'ducklake_delete_file')) > 5, "
  "(SELECT count(*) FROM ducklake_catalog_table('l', 'ducklake_inlined_delete_1')) > 5, "
  "(SELECT count(*) FROM ducklake_catalog_table('l', 'ducklake_inlined_data_1_1') WHERE end_snapshot IS NOT NULL) > 5, "
  "(SELECT count(*) FROM nt) > 200")
w("----")
w("true\ttrue\ttrue\ttrue\ttrue")
w("")
w("query I")
w("SELECT count(*) FROM snaps")
w("----")
w(str(ITER * len(keys)))
w("")
w("# at most one live delete file per data file")
w("query I")
w("SELECT count(*) FROM (SELECT data_file_id FROM ducklake_catalog_table('l', 'ducklake_delete_file') WHERE end_snapshot IS NULL GROUP BY data_file_id HAVING count(*) > 1)")
w("----")
w("0")
w("")
w("query I")
w("SELECT (SELECT record_count FROM ducklake_catalog_table('l', 'ducklake_table_stats') WHERE table_id = 1) = (SELECT count(*) FROM nt)")
w("----")
w("true")
w("")

def time_travel(label):
    w("# every earlier step, read back at its snapshot (%s)" % label)
    w("loop i 0 %d" % ITER)
    w("")
    w("foreach op %s" % ' '.join(keys))
    w("")
    w("statement ok")
    w("SET VARIABLE snap = (SELECT snapshot_id FROM snaps WHERE step = '${i}_${op}')")
    w("")
    w("query I")
    w("SELECT count(*) FROM ((SELECT * FROM l.t AT (VERSION => getvariable('snap')) EXCEPT ALL SELECT * FROM hist_${i}_${op}) "
      "UNION ALL (SELECT * FROM hist_${i}_${op} EXCEPT ALL SELECT * FROM l.t AT (VERSION => getvariable('snap'))))")
    w("----")
    w("0")
    w("")
    w("endloop")
    w("")
    w("endloop")
    w("")

time_travel('same attach')
w("statement ok")
w("DETACH l")
w("")
w("statement ok")
w("ATTACH 'ducklake:__TEST_DIR__/rnd.duckdb' AS l (DATA_INLINING_ROW_LIMIT 10)")
w("")
w("query I")
w(DIFF)
w("----")
w("0")
w("")
time_travel('after re-attach')
import re
text = '\n'.join(out) + '\n'
text = re.sub(r"hash\(([^()]*)\)", r"(hash(\1) % 1000003)::BIGINT", text)
import os
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '%s.test' % name), 'w').write(text)
