-- FINDING: UPDATE of a table with a MAP column crashes the process (SIGSEGV) in some of the runs of this script
-- (2 to 7 of 10 here), in inlake::NestedValueCounter (VisitListChild -> VisitStructChildren -> AddCounts reading a
-- validity mask out of bounds, src/write/nested_value_counter.cpp) called from LakeUpdate::Sink, even when the UPDATE does not
-- set the MAP column. The harness hit it with MAP(VARCHAR, INTEGER[]), MAP(VARCHAR, UTINYINT[]) and
-- MAP(VARCHAR, TIME WITH TIME ZONE)[][] columns (seeds 21, 109, 207, 232); the same workload with INTEGER[][] or
-- STRUCT(a INTEGER[])[] instead of the MAP does not crash.
-- Run several times: for i in $(seq 10); do rm -rf /tmp/r15 && mkdir /tmp/r15 && build/inlake < this file; echo rc=$?; done
ATTACH 'ducklake:/tmp/r15/lake.duckdb' AS l (DATA_PATH '/tmp/r15/data/', DATA_INLINING_ROW_LIMIT 10);
CREATE TABLE l.t (k BIGINT, m MAP(VARCHAR, INTEGER[]), v DOUBLE, f INTEGER);
INSERT INTO l.t (k, f) SELECT i, i % 5 FROM range(570) r(i);
UPDATE l.t SET m = MAP {'a': [1, 2, 3, 4]} WHERE k % 9 = 1;
UPDATE l.t SET v = v / 3 WHERE f = 0;
SELECT count(*), count(m) FROM l.t;
