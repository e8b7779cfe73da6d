-- FINDING: on rows stored in Parquet (an insert over the inlining limit, or flushed rows), the filter
-- `col IS NULL` on an INTERVAL or TIMETZ column matches no row: SELECT ... WHERE iv IS NULL returns 0 rows although
-- count(*) FILTER (WHERE iv IS NULL) counts 10, and DELETE ... WHERE iv IS NULL deletes nothing (the rows stay).
-- Other types (INTEGER, VARCHAR, BLOB, UUID, JSON, TIME, DATE, TIMESTAMP_NS, nested, ...) find their NULLs.
-- Run: rm -rf /tmp/r10 && mkdir /tmp/r10 && build/inlake < this file
ATTACH 'ducklake:/tmp/r10/lake.duckdb' AS l (DATA_PATH '/tmp/r10/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT, iv INTERVAL, tz TIMETZ);
INSERT INTO l.t SELECT i, CASE WHEN i % 2 = 0 THEN NULL ELSE INTERVAL '1 day' END, CASE WHEN i % 2 = 0 THEN NULL ELSE '12:00:00+00'::TIMETZ END FROM range(20) r(i);
SELECT count(*) AS where_iv_is_null FROM l.t WHERE iv IS NULL;
SELECT count(*) AS where_tz_is_null FROM l.t WHERE tz IS NULL;
SELECT count(*) FILTER (WHERE iv IS NULL) AS iv_nulls, count(*) FILTER (WHERE tz IS NULL) AS tz_nulls FROM l.t;
DELETE FROM l.t WHERE iv IS NULL;
SELECT count(*) AS rows_after_delete FROM l.t;
