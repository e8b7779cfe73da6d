//===----------------------------------------------------------------------===//
// One read for a small data file on object storage.
//
// DuckDB's Parquet reader reads a file's footer, then the column chunks the
// scan needs: two requests or more per file. A small file costs about one
// round trip to fetch whole, so a scan fetches each lake-written data file
// of at most kWholeFileReadLimit bytes whole, in one read, into DuckDB's
// external file cache just before its reader opens it; the reader's footer
// and column reads then come from that cache (and so do a later scan's).
//
// Only for files the catalog's facts describe (read/data_file_open_info.hpp:
// the size is known, so the read needs no request to learn it) on a URL data
// path (s3://..., any scheme://): a local file is read as DuckDB reads it. Not
// when the external file cache is off (enable_external_file_cache) or Parquet
// prefetching is (disable_parquet_prefetching): the bytes would be read for
// nothing. A range already cached costs no request.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/open_file_info.hpp"

namespace duckdb {
class ClientContext;
}

namespace inlake {

//! Files up to this size are read whole (about the bytes S3 delivers in one round trip's time)
constexpr duckdb::idx_t kWholeFileReadLimit = 1024 * 1024;

void PrefetchSmallFile(duckdb::ClientContext &context, const duckdb::OpenFileInfo &file);

} // namespace inlake
