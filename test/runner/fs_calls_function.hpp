//===----------------------------------------------------------------------===//
// inlake-sqllogictest: the SQL function that reports CountingFileSystem's
// counts (counting_file_system.hpp).
//
//   FROM inlake_test_fs_calls()  ->  (path VARCHAR, op VARCHAR, calls BIGINT)
//
// One row per counting:// path and operation called since the previous call
// of the function (reading the counts starts them again from zero), ordered
// by path and operation. Tests keep a reading in a table
// (CREATE TABLE memory.c AS FROM inlake_test_fs_calls()) to query it more
// than once.
//===----------------------------------------------------------------------===//
#pragma once

#include <memory>

namespace duckdb {
class DatabaseInstance;
}

namespace inlake_test {

class FileCallCounts;

void RegisterFileCallsFunction(duckdb::DatabaseInstance &db, std::shared_ptr<FileCallCounts> counts);

} // namespace inlake_test
