// A stock Node.js program (@duckdb/node-api 1.4.4, which loads its libduckdb.so privately) LOADs
// inlake.duckdb_extension with no environment tricks and runs the data-inlining examples in the forms DuckDB
// 1.4.4 parses outside the inlake shell, then flushes and time-travels.
// Usage: node node_client.mjs EXTENSION_PATH SCRATCH_DIR
import { DuckDBInstance } from '@duckdb/node-api';

const [extension, dir] = process.argv.slice(2);
let failures = 0;
const instance = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' });
const con = await instance.connect();

async function rows(sql) {
  const reader = await con.runAndReadAll(sql);
  return reader.getRowsJS();
}
async function expect(name, sql, expected) {
  const actual = JSON.stringify(await rows(sql), (k, v) => (typeof v === 'bigint' ? Number(v) : v));
  if (actual !== JSON.stringify(expected)) {
    console.log(`FAIL: ${name}\n  ${sql}\n  expected ${JSON.stringify(expected)}\n  got      ${actual}`);
    failures++;
  } else {
    console.log(`ok: ${name}`);
  }
}

await con.run(`LOAD '${extension}'`);
await con.run(`ATTACH 'ducklake:${dir}/inlining.duckdb' AS my_ducklake (DATA_INLINING_ROW_LIMIT 10)`);
await con.run('USE my_ducklake');
await con.run('CREATE TABLE tbl (col INTEGER)');
await con.run('INSERT INTO tbl VALUES (1), (2), (3)');
await expect('three rows are inlined: no Parquet file', `SELECT count(*) FROM glob('${dir}/inlining.duckdb.files/**')`, [[0]]);
await con.run('INSERT INTO tbl FROM range(100)');
await expect('a larger insert writes one Parquet file', `SELECT count(*) FROM glob('${dir}/inlining.duckdb.files/**')`, [[1]]);
await con.run(`MERGE INTO tbl AS target USING (VALUES (100)) AS source(col) ON target.col = source.col
               WHEN NOT MATCHED THEN INSERT (col) VALUES (source.col)`);
await con.run('DELETE FROM tbl WHERE col < 2');
await expect('a small delete writes no delete file',
  `SELECT count(*) FROM glob('${dir}/inlining.duckdb.files/**/*.parquet') WHERE file LIKE '%-delete.parquet'`, [[0]]);
await con.run('CREATE TABLE events (event_id INTEGER) WITH (data_inlining_row_limit = 100)');
await con.run("CALL my_ducklake.set_option('data_inlining_row_limit', 50, table_name => 'events')");
await con.run("CALL my_ducklake.reset_option('data_inlining_row_limit', table_name => 'events')");
await con.run('SET ducklake_default_data_inlining_row_limit = 50');
await expect('the lake holds the rows', 'SELECT count(*), sum(col) FROM tbl', [[101, 5054]]);
await con.run("CALL ducklake_flush_inlined_data('my_ducklake')");
await expect('after the flush the rows are the same', 'SELECT count(*), sum(col) FROM tbl', [[101, 5054]]);
await expect('time travel to the first insert', 'SELECT count(*), sum(col) FROM tbl AT (VERSION => 2)', [[3, 6]]);
// an encrypted lake: Node.js carries its own OpenSSL, the extension links the system's libcrypto
await con.run(`ATTACH 'ducklake:${dir}/enc.duckdb' AS enc (ENCRYPTED, DATA_INLINING_ROW_LIMIT 0)`);
await con.run('CREATE TABLE enc.t AS SELECT range AS i FROM range(1000)');
await con.run('DELETE FROM enc.t WHERE i < 10');
await expect('an encrypted lake reads its files', 'SELECT count(*), sum(i) FROM enc.t', [[990, 499455]]);
await expect('its data and delete files are encrypted',
  `SELECT count(*), count(*) FILTER (WHERE content[1:4] = 'PARE'::BLOB) FROM read_blob('${dir}/enc.duckdb.files/**/*.parquet')`,
  [[2, 2]]);
process.exit(failures === 0 ? 0 : 1);
